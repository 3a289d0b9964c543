import path from 'node:path';
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { describeWithShared, sharedPath } from '../testSupport/sharedData';
import { resolveAsNeuroSan } from '../cli/commands/resolve';
import { ParsedIncludes, resolveHocon, SourceText } from '../../shared/hocon/index';
import { dumpValue } from '../../shared/hocon/dumpValue';
import { NeuroSanEntryCache, readAsNeuroSan, resolveFileAsNeuroSan, toHocon } from '../../shared/neurosan/index';
import { parsedTreeOf } from '../../shared/neurosan/reading';
import { sameValue as sameAsSpec } from '../../shared/neurosan/treeValues';
import { fileIncludeHost } from '../hocon/fileIncludeHost';
import { neuroSanFileHost } from './neuroSanFiles';

/**
 * `resolve --as neuro-san` against what neuro-san's real loader made of each file of the HOCON corpus
 * (../shared/conformance/neuro-san/hocon-expected.jsonl): the same value after a JSON round trip, or a failure where
 * neuro-san failed. The corpus was run with each `.conf` file under a `.hocon` name (neuro-san refuses other
 * names), so the file-name check is off here; `HOCON_EVAL_VAR=from-env` was set, as the corpus README says.
 */
const KNOWN_DEVIATIONS: Record<string, string> = {};

interface Expected {
  file: string;
  cwd: string;
  ok: boolean;
  json?: unknown;
  error?: { type: string; message: string; cause: string };
  env_dependent?: boolean;
}

/** Python prints an object's address in a few concatenations (`<... NoneValue object at 0x7fd3...>`): not a fact. */
function maskAddresses(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value).replace(/ at 0x[0-9a-f]+>/g, ' at 0x…>'));
}

function sameValue(actual: unknown, expected: unknown): boolean {
  if (expected === '<machine-specific>') return typeof actual === 'string';
  if (Array.isArray(expected)) return Array.isArray(actual) && actual.length === expected.length && expected.every((e, i) => sameValue(actual[i], e));
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return false;
    const keys = Object.keys(expected);
    const actualKeys = Object.keys(actual);
    return keys.length === actualKeys.length && keys.every((k, i) => actualKeys[i] === k && sameValue((actual as Record<string, unknown>)[k], (expected as Record<string, unknown>)[k]));
  }
  return actual === expected;
}

/**
 * An `env_dependent` row read environment variables (`key_SHELL: ${?SHELL}`) on the machine that made the data. Give
 * the reader that machine's values where they were recorded, and some value where they were masked as
 * machine-specific, so the row does not depend on what this machine's environment happens to hold (CI has no SHELL).
 */
function recordedEnvironment(json: unknown): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries((json ?? {}) as Record<string, unknown>)) {
    const name = /^key_(.+)$/.exec(key)?.[1];
    if (name === undefined || typeof value !== 'string') continue;
    env[name] = value === '<machine-specific>' ? (process.env[name] ?? `recorded-${name}`) : value;
  }
  return env;
}

describeWithShared('conformance/neuro-san', "neuro-san's reading against neuro-san's real loader", (dir) => {
  const casesDir = sharedPath('conformance/hocon/cases')!;
  const rows = readFileSync(path.join(dir, 'hocon-expected.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Expected);
  const env = { ...process.env, HOCON_EVAL_VAR: 'from-env' };
  const outcomes = rows.map((row) => {
    const rowEnv = row.env_dependent ? { ...env, ...recordedEnvironment(row.json) } : env;
    const outcome = resolveAsNeuroSan(row.file, { cwd: path.join(casesDir, row.cwd), base: casesDir, env: rowEnv, indent: 0, checkFileName: false });
    let passed: boolean;
    let detail: string;
    if (row.ok) {
      passed = outcome.ok && sameValue(maskAddresses(JSON.parse(outcome.json)), maskAddresses(row.json));
      detail = `expected ${JSON.stringify(row.json)}, got ${outcome.ok ? outcome.json : outcome.message}`;
    } else {
      // The same Python exception, wrapped in the restorer's words or not as neuro-san does.
      const wrapped = row.error!.message.startsWith('There was an error loading');
      passed = !outcome.ok && outcome.type === row.error!.type && outcome.message.startsWith('There was an error loading') === wrapped;
      detail = `expected neuro-san's failure (${row.error!.type}: ${row.error!.cause}), got ${outcome.ok ? outcome.json : outcome.message}`;
    }
    return { row, passed, detail };
  });

  it('reads every file as neuro-san does, except the documented deviations', () => {
    const unexpected = outcomes.filter((o) => !o.passed && !(o.row.file in KNOWN_DEVIATIONS)).map((o) => `${o.row.file}: ${o.detail}`);
    const fixed = outcomes.filter((o) => o.passed && o.row.file in KNOWN_DEVIATIONS).map((o) => o.row.file);
    expect(unexpected).toEqual([]);
    expect(fixed, 'listed as deviations but now passing: remove them from KNOWN_DEVIATIONS').toEqual([]);
  });

  it('agrees on at least 99% of the files and on every neurosan/ file', () => {
    expect(rows.length).toBe(683);
    const passed = outcomes.filter((o) => o.passed).length;
    expect(passed / rows.length).toBeGreaterThanOrEqual(0.99);
    const neurosan = outcomes.filter((o) => o.row.file.startsWith('neurosan/'));
    expect(neurosan.length).toBe(238);
    expect(neurosan.filter((o) => !o.passed).map((o) => o.row.file)).toEqual([]);
  });

  it('gives the same answers reusing the spec reading and earlier entries as reading each file whole', () => {
    const cache = new NeuroSanEntryCache();
    const differ: string[] = [];
    for (const row of rows) {
      const file = path.join(casesDir, row.file);
      const text = readFileSync(file, 'utf8');
      const options = { file, cwd: path.join(casesDir, row.cwd), host: neuroSanFileHost, env, checkFileName: false };
      const whole = readAsNeuroSan(text, options);
      const fast = readAsNeuroSan(text, { ...options, spec: resolveHocon(text, { fileName: file }), entryCache: cache });
      const say = (r: typeof whole) => JSON.stringify(r.ok ? r.value : [r.failure.type, r.failure.cause]);
      if (say(whole) !== say(fast)) differ.push(`${row.file}: ${say(fast)} instead of ${say(whole)}`);
    }
    expect(differ).toEqual([]);
    // The path is taken: hundreds of entries were read alone.
    expect(cache.entriesRead).toBeGreaterThan(200);
  });

  it('gives the same readings, positions included, reusing what earlier readings parsed of the files they include', () => {
    const parsedIncludes = new ParsedIncludes();
    const reusing = { ...neuroSanFileHost, parsedIncludes };
    const reading = (r: ReturnType<typeof readAsNeuroSan>) =>
      JSON.stringify({
        result: r.ok ? [r.jsonText(), [...r.origins]] : r.failure,
        includes: r.includes,
        dependsOnCwd: r.dependsOnCwd,
        sources: [...r.sources.keys()],
      });
    const differ: string[] = [];
    // Twice: the second time every include is the kept one. With and without positions (two kept parses).
    for (const row of [...rows, ...rows]) {
      const file = path.join(casesDir, row.file);
      const text = readFileSync(file, 'utf8');
      for (const keepPositions of [true, false]) {
        const options = { file, cwd: path.join(casesDir, row.cwd), env, checkFileName: false, keepPositions };
        const alone = readAsNeuroSan(text, { ...options, host: neuroSanFileHost });
        const reused = readAsNeuroSan(text, { ...options, host: reusing });
        if (reading(alone) !== reading(reused)) differ.push(`${row.file}: ${reading(reused).slice(0, 300)} instead of ${reading(alone).slice(0, 300)}`);
      }
    }
    expect(differ).toEqual([]);
    // The path is taken.
    expect(parsedIncludes.reused).toBeGreaterThan(100);
  });

  it('makes the same values from the parsed tree as from the JSON and its origins, the spec standing where they agree', () => {
    const differ: string[] = [];
    let compared = 0;
    for (const row of rows) {
      const file = path.join(casesDir, row.file);
      const text = readFileSync(file, 'utf8');
      const reading = readAsNeuroSan(text, { file, cwd: path.join(casesDir, row.cwd), host: neuroSanFileHost, env, checkFileName: false, keepPositions: true });
      if (!reading.ok) continue;
      const tree = parsedTreeOf(reading)!.tree;
      const spec = resolveHocon(text, { fileName: file }).value;
      const own = new SourceText(file, text);
      const sources = new Map([...reading.sources, [file, own]]);
      for (const with_ of [undefined, spec]) {
        const fromTree = toHocon(tree, sources, own, with_);
        const fromJson = toHocon(reading.exact, sources, own, with_, reading.origins);
        if (JSON.stringify(dumpValue(fromTree)) !== JSON.stringify(dumpValue(fromJson)) || (fromTree === with_) !== (fromJson === with_)) differ.push(`${row.file}${with_ ? ' (with the spec)' : ''}`);
      }
      if (sameAsSpec(tree, spec) !== sameAsSpec(reading.exact, spec)) differ.push(`${row.file} (compared)`);
      if (sameAsSpec(tree, spec)) compared++;
    }
    expect(differ).toEqual([]);
    // Both ways are taken: files read the same (the spec's value stands) and files that differ.
    expect(compared).toBeGreaterThan(100);
    expect(compared).toBeLessThan(rows.length - 100);
  });

  it('gives the same values, every position included, from the entries converted at earlier keystrokes', () => {
    const cache = new NeuroSanEntryCache();
    const differ: string[] = [];
    let shared = 0;
    let readWhole = 0;
    // Twice: the second time every entry is found in the cache, at another place in another text.
    for (const row of [...rows, ...rows]) {
      const file = path.join(casesDir, row.file);
      const text = readFileSync(file, 'utf8');
      const options = { host: fileIncludeHost, cwd: path.join(casesDir, row.cwd), env };
      const spec = resolveHocon(text, { fileName: file });
      const given = cache.valuesGiven;
      const fast = resolveFileAsNeuroSan(file, { ...options, spec, entryCache: cache });
      // A file its entries cannot give (an include, a substitution...) is read whole and placed by the spec's
      // reading, as validate FILE reads it (asResolvedDocument.ts): a list's elements at their own places.
      const byEntries = cache.valuesGiven > given;
      if (!byEntries) readWhole++;
      const expected = resolveFileAsNeuroSan(file, byEntries ? options : { ...options, sameAs: spec });
      if (JSON.stringify(dumpValue(expected.value)) !== JSON.stringify(dumpValue(fast.value))) differ.push(row.file);
      if (fast.ok && fast.value.fields.size > 0 && fast.value.fields.valueAt(0) === spec.value.fields.valueAt(0)) shared++;
    }
    expect(differ).toEqual([]);
    // Both paths are taken: many entries are the spec's own values, and files are read whole.
    expect(shared).toBeGreaterThan(100);
    expect(readWhole).toBeGreaterThan(0);
    expect(readWhole).toBeLessThan(rows.length * 2);
  });
});
