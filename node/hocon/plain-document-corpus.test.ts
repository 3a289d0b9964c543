import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dumpValue } from '../../shared/hocon/dump-value';
import { readPlainDocument } from '../../shared/hocon/plain-document';
import { resolveGeneral } from '../../shared/hocon/resolve';
import { SourceText } from '../../shared/hocon/text-position';
import { findCorpusDir } from './conformance-corpus';

const corpusDir = findCorpusDir();
const describeCorpus = corpusDir === undefined ? describe.skip : describe;

describeCorpus('plain-document fast path on the conformance corpus', () => {
  it('gives up or reads every file exactly as the general path does', () => {
    const files: string[] = [];
    const walk = (folder: string): void => {
      for (const name of readdirSync(folder)) {
        const full = path.join(folder, name);
        if (statSync(full).isDirectory()) walk(full);
        else if (!full.endsWith('.json') && !full.endsWith('.properties')) files.push(full);
      }
    };
    walk(path.join(corpusDir as string, 'cases'));
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
});
