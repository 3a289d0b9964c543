import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { dumpValue } from '../../shared/hocon/dumpValue';
import { readPlainDocument } from '../../shared/hocon/plainDocument';
import { resolveGeneral, resolveInOnePass } from '../../shared/hocon/resolve';
import { SourceText } from '../../shared/hocon/textPosition';
import { corpusOptions } from './conformanceCorpus';
import { describeWithShared } from '../testSupport/sharedData';


/** Every HOCON file of the corpus (not .json or .properties), full paths. */
function corpusHoconFiles(corpusDir: string): string[] {
  const files: string[] = [];
  const walk = (folder: string): void => {
    for (const name of readdirSync(folder)) {
      const full = path.join(folder, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (!full.endsWith('.json') && !full.endsWith('.properties')) files.push(full);
    }
  };
  walk(path.join(corpusDir, 'cases'));
  return files;
}

describeWithShared('conformance/hocon', 'plain-document fast path on the conformance corpus', (corpusDir) => {
  it('gives up or reads every file exactly as the general path does', () => {
    const files = corpusHoconFiles(corpusDir);
    let taken = 0;
    const mismatches: string[] = [];
    for (const file of files) {
      const source = new SourceText(file, readFileSync(file, 'utf8'));
      const plain = readPlainDocument(source);
      if (plain === undefined) continue;
      taken++;
      const general = resolveGeneral(source, 'hocon', {});
      const same = general.diagnostics.length === 0 && JSON.stringify(dumpValue(plain)) === JSON.stringify(dumpValue(general.value));
      if (!same) mismatches.push(file);
    }
    expect(mismatches).toEqual([]);
    expect(taken).toBeGreaterThan(100);
  });

  it('one pass with entries handed over: gives up or reads every file (includes and all) as the general path does', () => {
    const casesDir = path.join(corpusDir, 'cases');
    let taken = 0;
    const mismatches: string[] = [];
    for (const file of corpusHoconFiles(corpusDir)) {
      const options = corpusOptions(corpusDir, path.relative(casesDir, file).split(path.sep).join('/'));
      const source = new SourceText(options.fileName, readFileSync(file, 'utf8'));
      const one = resolveInOnePass(source, options);
      if (one === undefined) continue;
      taken++;
      const general = resolveGeneral(source, 'hocon', options);
      // Files with a syntax problem included: one inside a top-level entry is read again as the parser reads it.
      const same =
        JSON.stringify(dumpValue(one.value)) === JSON.stringify(dumpValue(general.value)) &&
        JSON.stringify(one.diagnostics) === JSON.stringify(general.diagnostics) &&
        one.ok === general.ok &&
        one.sources.map((s) => s.name).join('\n') === general.sources.map((s) => s.name).join('\n');
      if (!same) mismatches.push(file);
    }
    expect(mismatches).toEqual([]);
    expect(taken).toBeGreaterThan(400);
  });
});
