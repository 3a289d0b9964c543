import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { IncludeHost } from '../../shared/hocon/index';
import { resolveFile } from '../../shared/hocon/index';
import { resolveFileAsNeuroSan } from '../../shared/neurosan/index';
import { toJson } from '../../shared/hocon/index';
import { isAgentNetwork, loadAgentNetwork } from '../../shared/toolbox/agentNetwork';
import { loadToolbox } from '../../shared/toolbox/loadToolbox';
import { includeReadingWarnings } from '../../shared/toolbox/includeReadingDifferences';
import { includeWorkingDirectoryWarnings } from '../../shared/toolbox/includeWorkingDirectory';
import { READING_RULE, readingDifferenceWarnings } from '../../shared/toolbox/readingDifferences';
import { memoryHost } from '../../shared/toolbox/testHost';
import type { ToolboxDiagnostic } from '../../shared/toolbox/toolboxDiagnostic';
import { describeWithShared } from '../testSupport/sharedData';

// The warnings where neuro-san's reading of a toolbox entry (or a network's toolbox agent) differs from what the text
// seems to say, and their quick fixes: after every fix, the two readings are equal.

function applyFixes(text: string, file: string, diagnostics: readonly ToolboxDiagnostic[]): string {
  const edits = diagnostics.flatMap((d) => d.fix?.edits ?? []).filter((e) => e.file === file);
  let out = text;
  for (const e of edits.sort((a, b) => b.offset - a.offset)) out = out.slice(0, e.offset) + e.newText + out.slice(e.offset + e.length);
  return out;
}

function warnings(host: IncludeHost, file: string, cwd: string, env: Record<string, string> = {}): ToolboxDiagnostic[] {
  const ns = resolveFileAsNeuroSan(file, { host, cwd, env });
  const options = { host, baseDir: cwd, env, reading: 'neuro-san' as const, neuroSanCwd: cwd };
  const all = isAgentNetwork(ns.value) ? loadAgentNetwork(file, { ...options, resolvedNetwork: ns }).diagnostics : loadToolbox({ ...options, userFile: file, resolvedUserFile: ns }).diagnostics;
  return all.filter((d) => d.rule === READING_RULE && d.file === file);
}

/** The values compared: each entry of a toolbox, each toolbox agent of a network, both ways. */
function comparedValues(host: IncludeHost, file: string, cwd: string, env: Record<string, string> = {}) {
  const ns = toJson(resolveFileAsNeuroSan(file, { host, cwd, env }).value) as Record<string, unknown>;
  const spec = toJson(resolveFile(file, { host, baseDir: cwd, env }).value) as Record<string, unknown>;
  if (!isAgentNetwork(resolveFile(file, { host, baseDir: cwd, env }).value)) return { ns, spec };
  const agents = (root: Record<string, unknown>) => ((root.tools as Array<Record<string, unknown>> | undefined) ?? []).filter((a) => a && typeof a === 'object' && 'toolbox' in a);
  return { ns: agents(ns), spec: agents(spec) };
}

/** The files on disk (paths relative to `base`), with the fixed texts of `overlay` (absolute path → text) in their place. */
function fixedDisk(base: string, overlay: ReadonlyMap<string, string>): IncludeHost {
  return {
    readFile(p) {
      const absolute = path.resolve(base, p);
      const fixed = overlay.get(absolute);
      if (fixed !== undefined) return fixed;
      try {
        return readFileSync(absolute, 'utf8');
      } catch {
        return undefined;
      }
    },
  };
}

describe('a warning where the two readings of an entry differ, with a fix both read the same', () => {
  const text = [
    'x = "X"',
    't { class = "m.C", description = """Looks up""" ${x}, parameters { type = object, properties { a { type = string, description = "tab\there" } } } }',
    'u { class = "a.b.C", args { w = True, ratio = .5 } }',
    'v { class = "m.C", description = """a\tb""" }',
    '',
  ].join('\n');

  it('says what neuro-san gets against what the text seems to say, at the place', () => {
    const found = warnings(memoryHost({ 'tb.hocon': text }), 'tb.hocon', '.');
    expect(found.map((d) => [d.tool, d.line, d.column, d.message, d.fix?.title])).toEqual([
      ['t', 2, 34, 'neuro-san drops the space before ${x}: the LLM reads "Looks upX", not "Looks up X".', 'Move the space inside the quotes'],
      ['t', 2, 129, 'neuro-san turns each tab into spaces: the LLM reads "tab    here", not "tab\\there".', 'Write the tab as \\t'],
      ['u', 3, 33, 'neuro-san reads true here, where the text seems to say "True".', 'Quote the value'],
      ['u', 3, 47, 'neuro-san reads 0.5 here, where the text seems to say ".5".', 'Quote the value'],
      // pyparsing expands a tab to the next multiple of 8 columns of the file's line.
      ['v', 4, 34, 'neuro-san turns each tab into spaces: the LLM reads "a   b", not "a\\tb".', 'Write it as a quoted string, with \\t for the tab'],
    ]);
  });

  it('after the fixes both readings are equal', () => {
    const fixed = applyFixes(text, 'tb.hocon', warnings(memoryHost({ 'tb.hocon': text }), 'tb.hocon', '.'));
    const host = memoryHost({ 'tb.hocon': fixed });
    expect(warnings(host, 'tb.hocon', '.')).toEqual([]);
    const { ns, spec } = comparedValues(host, 'tb.hocon', '.');
    expect(ns).toEqual(spec);
  });

  it("a network's toolbox agent: its args as neuro-san gets them, with the fix", () => {
    const network = '{ "tools": [ { "name": "front", "instructions": "hi", "tools": ["search"] },\n  { "name": "search", "toolbox": "get_current_date_time", "args": { "strict": True } } ] }\n';
    const found = warnings(memoryHost({ 'net.hocon': network }), 'net.hocon', '.');
    expect(found.map((d) => [d.tool, d.line, d.message, d.fix?.title])).toEqual([
      ['search', 2, 'neuro-san reads true here, where the text seems to say "True".', 'Quote the value'],
    ]);
    const host = memoryHost({ 'net.hocon': applyFixes(network, 'net.hocon', found) });
    const { ns, spec } = comparedValues(host, 'net.hocon', '.');
    expect(ns).toEqual(spec);
  });

  it('each other kind of difference: its words, its fix, and after the fixes both readings are equal', () => {
    const files: Record<string, string> = {
      'tb.hocon': [
        'w { class = "a.b.C", args { n = 1.',
        '  s = "caf\\u00e9 \\/ ok", t = a\tb, l = [1], l += 2, none = null, z = ${w.args.none} } }',
        '"r.s" { class = "a.b.C" }',
        'ref = ${"r.s"}',
        'x = 1, x = ${x}, x = 2',
        'i { class = "a.b.C", args { include "more" } }',
        'j { class = "a.b.C", args { include "inner.conf" } }',
        'k { class = "a.b.C", args { include "same" } }',
        'a = top',
        'v.class = "a.b.C"',
        'v.args.n = 5 ',
      ].join('\n'),
      'more.conf': 'y = 1\n',
      'inner.conf': 'a = inner\nb = ${a}\n',
      // pyhocon reads it as HOCON, which gives the same here.
      'same.properties': 'p=v\n',
      'sub/tb.hocon': 'include "common.hocon"\n',
      'sub/common.hocon': 'c { class = "a.b.C" }\n',
    };
    const all = (host: IncludeHost, file: string) =>
      loadToolbox({ host, baseDir: '.', env: {}, reading: 'neuro-san', neuroSanCwd: '.', userFile: file }).diagnostics.filter((d) => d.rule === READING_RULE || d.fix !== undefined);
    const found = [...all(memoryHost(files), 'tb.hocon'), ...all(memoryHost(files), 'sub/tb.hocon')];
    expect(found.map((d) => [d.tool ?? null, d.file, d.line, d.column, d.message, d.fix?.title ?? null])).toEqual([
      ['j', 'inner.conf', 2, 5, 'neuro-san reads "top" here, where the text seems to say "inner".', 'Write the value itself, not the substitution'],
      ['w', 'tb.hocon', 1, 33, 'neuro-san reads "1." here, where the text seems to say 1..', 'Write it as 1.0'],
      ['w', 'tb.hocon', 2, 7, 'neuro-san keeps \\u00e9 \\/ as written: neuro-san gets "caf\\\\u00e9 \\\\/ ok", not "café / ok".', 'Write the characters themselves'],
      ['w', 'tb.hocon', 2, 30, 'neuro-san turns each tab into spaces: neuro-san gets "a  b", not "a\\tb".', 'Write the tab as \\t'],
      ['w', 'tb.hocon', 2, 44, 'neuro-san does not append with +=: it gets 2, not a list of 2.', 'Write the whole list with ='],
      ['w', 'tb.hocon', 2, 69, 'neuro-san leaves the key z out, because its substitution is null: it gets no z at all, where the text seems to say null.', 'Write it as null'],
      ['r.s', 'tb.hocon', 3, 1, 'neuro-san keeps the quotes of this key: the name is "r.s" with its quote characters, not r.s, so an agent network naming r.s does not find it.', 'Write the key as r_s'],
      ['x', 'tb.hocon', 5, 18, 'neuro-san keeps an earlier setting of x, because one of them is a substitution: it gets 1, not 2.', 'Remove the earlier settings of x'],
      ['i', 'tb.hocon', 6, 29, 'neuro-san reads only a file named exactly "more", so it skips this include, where the text seems to read more.conf.', 'Include "more.conf"'],
      ['k', 'tb.hocon', 8, 29, 'neuro-san reads only a file named exactly "same", so it skips this include, where the text seems to read same.properties.', 'Include "same.properties"'],
      ['v', 'tb.hocon', 11, 12, 'neuro-san reads a number with a blank after it as a string: neuro-san gets "5", not 5.', 'Remove the blank after the number'],
      [
        null,
        'sub/tb.hocon',
        1,
        1,
        'neuro-san looks for "common.hocon" in the folder it runs in (the current folder), not next to this file: there is no common.hocon, so neuro-san skips the include. Started from another folder, it reads another file or none; use a path that does not depend on it, or run neuro-san from here.',
        'Include "sub/common.hocon"',
      ],
    ]);
    // The quoted key's substitution is renamed with it.
    expect(found.find((d) => d.tool === 'r.s')!.fix!.edits.map((e) => [e.offset, e.newText])).toEqual([
      [files['tb.hocon']!.indexOf('"r.s"'), 'r_s'],
      [files['tb.hocon']!.indexOf('${"r.s"}') + 2, 'r_s'],
    ]);
    const fixed = { ...files };
    for (const name of Object.keys(files)) fixed[name] = applyFixes(files[name]!, name, found);
    for (const file of ['tb.hocon', 'sub/tb.hocon']) {
      const host = memoryHost(fixed);
      expect(all(host, file).filter((d) => d.rule === READING_RULE)).toEqual([]);
      const { ns, spec } = comparedValues(host, file, '.');
      expect(ns).toEqual(spec);
    }
  });

  it('an unquoted URL: the text seems to end it at the comment, neuro-san reads it whole; quoted, both read the URL', () => {
    const text = 'u { class = "a.b.C", args { base_url = http://example.org/api }\n}\n';
    const found = warnings(memoryHost({ 'tb.hocon': text }), 'tb.hocon', '.');
    expect(found.map((d) => [d.tool, d.line, d.column, d.message, d.fix?.title])).toEqual([
      ['u', 1, 40, 'neuro-san reads "http://example.org/api" here, where the text seems to say "http": // starts a comment.', 'Quote the value'],
    ]);
    const host = memoryHost({ 'tb.hocon': applyFixes(text, 'tb.hocon', found) });
    expect(resolveFile('tb.hocon', { host, baseDir: '.' }).ok).toBe(true);
    const { ns, spec } = comparedValues(host, 'tb.hocon', '.');
    expect(ns).toEqual(spec);
  });

  it('where no way of writing reads the same both ways, the warning says so and offers no fix', () => {
    const text = 'e { class = "a.b.C", args { l = [${?NOT_SET_HERE}], b = "x\\by" } }\nf { class = "a.b.C", args { include "props" } }\n';
    const host = memoryHost({ 'tb.hocon': text, 'props.properties': 'k=true\n', 'same.properties': 'k=v\n' });
    expect(warnings(host, 'tb.hocon', '.').map((d) => [d.tool, d.line, d.column, d.message, d.fix])).toEqual([
      [
        'e',
        1,
        33,
        'neuro-san puts null in the list where ${?NOT_SET_HERE} is not set, where the text seems to leave the element out: neuro-san gets a list of 1, not a list of 0. No way of writing the list reads the same both ways while the variable may be unset: set it, or remove the element.',
        undefined,
      ],
      ['e', 1, 57, 'neuro-san keeps \\b as written: neuro-san gets "x\\\\by", not "x\\by". \\b: no way of writing it reads the same both ways; leave it out.', undefined],
      [
        'f',
        2,
        29,
        'neuro-san reads only a file named exactly "props", so it skips this include, where the text seems to read props.properties. pyhocon reads props.properties as HOCON, which gives other values: no way of including it reads the same both ways.',
        undefined,
      ],
    ]);
  });

  it('a byte-order mark: neuro-san cannot load the file, and the fix drops the mark', () => {
    const host = memoryHost({ 'tb.hocon': '\ufeffa { class = "a.b.C" }\n' });
    const [error] = loadToolbox({ host, userFile: 'tb.hocon', reading: 'neuro-san', neuroSanCwd: '.' }).diagnostics;
    expect(error).toMatchObject({ severity: 'error', line: 1, column: 1, fix: { title: 'Remove the byte-order mark' } });
    const fixed = applyFixes('\ufeffa { class = "a.b.C" }\n', 'tb.hocon', [error!]);
    expect(loadToolbox({ host: memoryHost({ 'tb.hocon': fixed }), userFile: 'tb.hocon', reading: 'neuro-san', neuroSanCwd: '.' }).diagnostics).toEqual([]);
  });
});

describeWithShared('conformance', 'the corpus: every value read differently is warned about, and the fixes make the readings equal', (dir) => {
  const cases = path.join(dir, 'hocon', 'cases');
  const records = readFileSync(path.join(dir, 'neuro-san', 'hocon-expected.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as { file: string; cwd: string; ok: boolean; spec_agrees: boolean; env_dependent?: Record<string, string> })
    .filter((r) => r.ok && !r.spec_agrees);
  const diskHost = (overlay: ReadonlyMap<string, string> = new Map()) => fixedDisk(cases, overlay);
  // The corpus' toolbox files and toolbox agents read the same both ways; its networks' agents and configs do not.
  // Each file is taken as a toolbox here (every top-level key an entry), so that every fix is tried on real text.
  // A difference that comes from an included file is said, and fixed, in that file.
  const bothWays = (host: IncludeHost, file: string, cwd: string, env: Record<string, string>) => {
    const ns = resolveFileAsNeuroSan(file, { host, cwd, env });
    const spec = resolveFile(file, { host, baseDir: cwd, env });
    const includes = 'reading' in ns ? [...includeWorkingDirectoryWarnings(ns.reading, ns.sources, host), ...includeReadingWarnings(ns.reading, ns.sources, host)] : [];
    return { ns, spec, warnings: ns.ok && spec.ok ? [...includes, ...readingDifferenceWarnings(ns.value, spec.value, 'toolbox', () => true, true)] : includes };
  };
  const readEqually = (read: ReturnType<typeof bothWays>) => read.ns.ok && read.spec.ok && JSON.stringify(toJson(read.ns.value)) === JSON.stringify(toJson(read.spec.value));
  let equalAfterFixes = 0;
  let compared = 0;
  const notFixed: string[] = [];
  // The files whose difference no way of writing reads the same both ways: each has a warning without a fix that
  // says so, and they alone stay different.
  const unset = 'an unset ${?VAR} in a list: null in neuro-san\'s reading, the element left out in the text\'s';
  const noFormBothRead: Record<string, string> = {
    'lb-snippets/lb-parse-valid__156.conf': unset,
    'lb-snippets/lb-subst__258.conf': unset,
    'lightbend/env-variables.conf': unset,
    'own/subst__optional.conf': unset,
    'neurosan/neuro-san-studio/registries/agent_network_designer.hocon': unset,
    'own/strings__escapes.conf': '\\b and \\f, which pyhocon keeps as written, beside \\r, which it decodes',
  };

  for (const record of records) {
    it(record.file, () => {
      const cwd = path.resolve(cases, record.cwd);
      const file = path.resolve(cases, record.file);
      const env = record.env_dependent ?? {};
      const before = bothWays(diskHost(), file, cwd, env);
      if (!before.ns.ok || !before.spec.ok) return;
      if (readEqually(before)) return;
      compared++;
      // Every fix, in whichever file of the include graph it is.
      const overlay = new Map<string, string>();
      for (const name of new Set(before.warnings.map((d) => d.file))) overlay.set(name, applyFixes(readFileSync(name, 'utf8'), name, before.warnings));
      const after = bothWays(diskHost(overlay), file, cwd, env);
      if (readEqually(after)) equalAfterFixes++;
      else notFixed.push(record.file);
      if (record.file in noFormBothRead) {
        expect(before.warnings.some((d) => d.fix === undefined && /no way of/i.test(d.message)), before.warnings.map((d) => d.message).join('\n')).toBe(true);
      } else {
        expect(after.warnings.map((d) => d.message).filter((m) => !m.includes('in the folder it runs in'))).toEqual([]);
      }
    });
  }

  it('the fixes make both readings equal in the files read differently', () => {
    expect(compared).toBeGreaterThan(100);
    expect(notFixed.sort()).toEqual(Object.keys(noFormBothRead).sort());
    expect(equalAfterFixes).toBe(compared - notFixed.length);
  });
});

describeWithShared('conformance/neuro-san/toolboxes', 'whole toolbox files: every entry read differently is warned about, and the fixes make it read the same', (dir) => {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(hocon|json)$/.test(f))
    .sort();
  const disk = (overlay: ReadonlyMap<string, string>) => fixedDisk(dir, overlay);
  /** Each entry both ways (a key neuro-san reads with its quotes is the entry of that name without them). */
  const entries = (host: IncludeHost, file: string, cwd: string) => {
    const ns = resolveFileAsNeuroSan(file, { host, cwd, env: {} });
    const spec = resolveFile(file, { host, baseDir: cwd, env: {} });
    // The text's own reading may hold an error (a raw tab in a quoted string, `//` starting a comment): its value
    // is compared where it has one, as the editor does.
    if (!ns.ok) return undefined;
    const theirs = toJson(ns.value) as Record<string, unknown>;
    const written = toJson(spec.value) as Record<string, unknown>;
    const names = new Set([...Object.keys(written), ...Object.keys(theirs).map((k) => k.replace(/^"(.*)"$/s, '$1'))]);
    const differing = [...names].filter((name) => !(name in theirs) || JSON.stringify(theirs[name]) !== JSON.stringify(written[name]));
    return { differing, specOk: spec.ok };
  };
  let withDifferences = 0;

  for (const relative of files) {
    it(relative, () => {
      const file = path.join(dir, relative);
      const cwd = path.dirname(file);
      const before = entries(disk(new Map()), file, cwd);
      // A file neuro-san (or the text) cannot read has no entries to compare: its error is tested with the CLI.
      if (before === undefined || before.differing.length === 0) return;
      withDifferences++;
      const diagnostics = loadToolbox({ host: disk(new Map()), baseDir: cwd, env: {}, reading: 'neuro-san', neuroSanCwd: cwd, userFile: file }).diagnostics;
      const said = diagnostics.filter((d) => d.rule === READING_RULE);
      for (const name of before.differing) expect(said.map((d) => d.tool), name).toContain(name);
      const overlay = new Map<string, string>();
      for (const name of new Set(said.map((d) => d.file))) overlay.set(name, applyFixes(readFileSync(name, 'utf8'), name, said));
      expect(entries(disk(overlay), file, cwd)).toEqual({ differing: [], specOk: true });
    });
  }

  it('has toolboxes read differently to fix', () => {
    expect(withDifferences).toBeGreaterThanOrEqual(3);
  });
});
