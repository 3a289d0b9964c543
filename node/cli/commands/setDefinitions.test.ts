import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliIn, workspace as makeWorkspace } from '../../testSupport/cliRun';

// Issue 24: `set` and `unset` on a key set more than once follow the form's rules: the definition that wins is
// changed; a substitution that wins (or an included file's value) is never replaced, nor an override removed,
// without a flag that says so.
const TEXT = [
  '{',
  '  "tavily": {',
  '    "class": "langchain_tavily.tavily_search.TavilySearch",',
  '    "args": {',
  '      "max_results": 5',
  '      "max_results": ${?TAVILY_MAX_RESULTS}  # env override',
  '      "topic": ${?TOPIC}',
  '    }',
  '  }',
  '}',
  '',
].join('\n');
const OVERRIDE_LINE = '      "max_results": ${?TAVILY_MAX_RESULTS}  # env override\n';
const PATH = 'tavily.args.max_results';
const SET = { TAVILY_MAX_RESULTS: '3' };

const workspace = (files: Record<string, string> = { 'toolbox.hocon': TEXT }) => makeWorkspace(files, 'set-definitions-');
const onDisk = (dir: string, name = 'toolbox.hocon') => readFileSync(path.join(dir, name), 'utf8');

describe('set with several definitions', () => {
  it('with the override unset, changes the value that wins and keeps the ${?VAR} line', async () => {
    const dir = workspace();
    expect(await runCliIn(dir, ['set', 'toolbox.hocon', PATH, '10', '--write'])).toMatchObject({ code: 0 });
    expect(onDisk(dir)).toBe(TEXT.replace('"max_results": 5', '"max_results": 10'));
  });

  it('with the override set, changes nothing and lists each definition, what it does and which wins, and the flags', async () => {
    const dir = workspace();
    const refused = await runCliIn(dir, ['set', 'toolbox.hocon', PATH, '10', '--write'], SET);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`the definition of '${PATH}' that wins is \${?TAVILY_MAX_RESULTS}`);
    expect(refused.stderr).toContain('  1. toolbox.hocon:5  5  written here — overridden\n');
    expect(refused.stderr).toContain('  2. toolbox.hocon:6  ${?TAVILY_MAX_RESULTS}  environment override: TAVILY_MAX_RESULTS = 3 — wins\n');
    for (const flag of ['--override', '--base', '--replace-all', '--definition N']) expect(refused.stderr).toContain(`  ${flag} `);
    expect(refused.stderr).not.toContain('--here');
    expect(onDisk(dir)).toBe(TEXT);
  });

  it('each flag changes only what it says', async () => {
    const dir = workspace();
    const edited = async (...flags: string[]) => {
      const result = await runCliIn(dir, ['set', 'toolbox.hocon', PATH, '10', ...flags], SET);
      expect(result.code, result.stderr).toBe(0);
      return result.stdout;
    };
    expect(await edited('--base')).toBe(TEXT.replace('"max_results": 5', '"max_results": 10'));
    expect(await edited('--definition', '1')).toBe(TEXT.replace('"max_results": 5', '"max_results": 10'));
    expect(await edited('--override')).toBe(TEXT.replace('${?TAVILY_MAX_RESULTS}', '10'));
    expect(await edited('--definition', '2')).toBe(TEXT.replace('${?TAVILY_MAX_RESULTS}', '10'));
    expect(await edited('--replace-all')).toBe(TEXT.replace('"max_results": 5', '"max_results": 10').replace(OVERRIDE_LINE, ''));
    expect(onDisk(dir)).toBe(TEXT);
  });

  it('a key set only by an unset ${?VAR} is not replaced without --override', async () => {
    const dir = workspace();
    const refused = await runCliIn(dir, ['set', 'toolbox.hocon', 'tavily.args.topic', '"news"']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("'tavily.args.topic' is set only by a substitution that finds nothing now");
    expect(refused.stderr).toContain('  1. toolbox.hocon:7  ${?TOPIC}  environment override: TOPIC unset now, and nothing else sets the key: it is absent');
    const replaced = await runCliIn(dir, ['set', 'toolbox.hocon', 'tavily.args.topic', '"news"', '--override']);
    expect(replaced.stdout).toBe(TEXT.replace('${?TOPIC}', '"news"'));
  });

  it('a flag that does not apply, or two flags, are refused with what does', async () => {
    const dir = workspace();
    const base = await runCliIn(dir, ['set', 'toolbox.hocon', 'tavily.args.topic', '"news"', '--base']);
    expect(base.code).toBe(1);
    expect(base.stderr).toContain("--base does not apply to 'tavily.args.topic'");
    expect((await runCliIn(dir, ['set', 'toolbox.hocon', PATH, '1', '--base', '--override'])).code).toBe(2);
    const number = await runCliIn(dir, ['set', 'toolbox.hocon', PATH, '1', '--definition', '3']);
    expect(number.code).toBe(2);
    expect(number.stderr).toContain('--definition takes the number of a definition as listed: 1 to 2, not 3');
  });

  it('a value that wins from an included file is set here only with --here', async () => {
    const dir = workspace({ 'a.conf': 'include "b.conf"\ny = 1\n', 'b.conf': 'x = 1\n' });
    const refused = await runCliIn(dir, ['set', 'a.conf', 'x', '2']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("the definition of 'x' that wins is in b.conf, which this file includes");
    expect(refused.stderr).toContain('  1. b.conf:1 (included)  1  written in the included file\n');
    expect((await runCliIn(dir, ['set', 'a.conf', 'x', '2', '--here'])).stdout).toBe('include "b.conf"\ny = 1\nx = 2\n');
    const there = await runCliIn(dir, ['set', 'a.conf', 'x', '2', '--definition', '1']);
    expect(there.stderr).toContain('definition 1 of \'x\' is in ');
  });

  it('a key written once is set as before, substitution-free text or not', async () => {
    const dir = workspace();
    expect((await runCliIn(dir, ['set', 'toolbox.hocon', 'tavily.class', '"a.b.C"'])).stdout).toBe(TEXT.replace('"langchain_tavily.tavily_search.TavilySearch"', '"a.b.C"'));
    expect((await runCliIn(dir, ['set', 'toolbox.hocon', 'tavily.args.extra', '1'])).code).toBe(0);
  });
});

describe('unset with several definitions', () => {
  it('does not remove an override with the value it overrides unless told: --all, or one --definition', async () => {
    const dir = workspace();
    const refused = await runCliIn(dir, ['unset', 'toolbox.hocon', PATH, '--write']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('removing every definition would remove the override too');
    expect(refused.stderr).toContain('  2. toolbox.hocon:6  ${?TAVILY_MAX_RESULTS}  environment override: TAVILY_MAX_RESULTS unset, keeps 5\n');
    expect(onDisk(dir)).toBe(TEXT);
    expect((await runCliIn(dir, ['unset', 'toolbox.hocon', PATH, '--definition', '1'])).stdout).toBe(TEXT.replace('      "max_results": 5\n', ''));
    expect((await runCliIn(dir, ['unset', 'toolbox.hocon', PATH, '--all'])).stdout).toBe(TEXT.replace('      "max_results": 5\n', '').replace(OVERRIDE_LINE, ''));
  });

  it('a key with one definition, or plain values only, is removed as before', async () => {
    const dir = workspace({ 'toolbox.hocon': TEXT, 'plain.hocon': 'a {\n  n = 1\n  n = 2\n}\n' });
    expect((await runCliIn(dir, ['unset', 'toolbox.hocon', 'tavily.args.topic'])).stdout).toBe(TEXT.replace('      "topic": ${?TOPIC}\n', ''));
    expect((await runCliIn(dir, ['unset', 'plain.hocon', 'a.n'])).stdout).toBe('a {\n}\n');
  });
});
