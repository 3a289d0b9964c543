import { copyFileSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { commands } from './cli/commands/index';
import { runCliIn } from './testSupport/cliRun';

/**
 * Every command the docs show is one the CLI accepts: each `toolbox-editor …` (or `node dist/cli/toolbox-editor.cjs
 * …`, `npm run web -- …`) command line of a code block, each command a JSON or Lua configuration starts, each
 * `COMMAND --flag` written inline and each row of the command table in docs/cli.md names a command that exists and
 * only flags that command knows. The command lines of code blocks that only read files are also run, in-process,
 * against fixtures/project (or a copy of it for a user's paths such as `toolbox/toolbox_info.hocon`): they must read
 * their files and end as a check does (0 or 1), never as a usage error. The first five minutes of the README print
 * what the README says they print.
 */
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DOCS = ['README.md', ...readdirSync(path.join(repo, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** The commands that only read files and finish quickly: their documented command lines are run. */
const READ_ONLY = new Set(['validate', 'tools', 'catalog', 'similar', 'resolve', 'print', 'call', 'format']);
/** The code blocks whose lines are shell command lines (a CI job's `run:` lines too); `text` is a drawing. */
const SHELL = new Set(['', 'sh', 'bash', 'shell', 'console', 'yaml', 'yml']);
/** The MCP Inspector's own options, which follow the server's command on its command line. */
const INSPECTOR_OPTIONS_WITH_VALUE = new Set(['--method', '--tool-name', '--tool-arg', '--transport', '--header']);

export interface DocCommand {
  /** The page and line it is on, for the failure message. */
  where: string;
  /** The arguments after `toolbox-editor`. */
  args: string[];
  /** Whether it is a whole command line of a code block (run when it only reads), or only a reference to check. */
  runnable: boolean;
}

interface CodeBlock {
  language: string;
  text: string;
  line: number;
}

/** The fenced and indented code blocks of a Markdown text, each with the line it starts on. */
export function codeBlocks(markdown: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const fence = /^( *)```(\w*)\s*$/.exec(lines[i]!);
    if (fence) {
      const end = lines.findIndex((l, j) => j > i && l.trim() === '```');
      blocks.push({ language: fence[2]!, text: lines.slice(i + 1, end).map((l) => l.slice(fence[1]!.length)).join('\n'), line: i + 2 });
      i = end;
    } else if (/^ {4,}\S/.test(lines[i]!) && (i === 0 || lines[i - 1]!.trim() === '')) {
      const start = i;
      while (i + 1 < lines.length && (/^ {4,}\S/.test(lines[i + 1]!) || (lines[i + 1]!.trim() === '' && /^ {4,}\S/.test(lines[i + 2] ?? '')))) i++;
      blocks.push({ language: '', text: lines.slice(start, i + 1).map((l) => l.trim()).join('\n'), line: start + 1 });
    }
  }
  return blocks;
}

/** A shell line's words, as a POSIX shell splits them (quotes, backslashes); operators and comments end a command. */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === "'" || c === '"') {
      const end = line.indexOf(c, i + 1);
      word = (word ?? '') + line.slice(i + 1, end === -1 ? undefined : end);
      i = end === -1 ? line.length : end;
    } else if (c === '\\') {
      word = (word ?? '') + (line[++i] ?? '');
    } else if (/\s/.test(c)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (c === '#' && word === undefined) {
      break;
    } else if ('|&;<>'.includes(c) && word === undefined) {
      words.push('|');
    } else {
      word = (word ?? '') + c;
    }
  }
  if (word !== undefined) words.push(word);
  return words;
}

/** The toolbox-editor command lines of one shell line: the arguments after the program, up to an operator. */
function commandsOfShellLine(line: string): string[][] {
  const words = shellWords(line);
  const found: string[][] = [];
  for (let i = 0; i < words.length; i++) {
    let start: number | undefined;
    if (words[i] === 'toolbox-editor') start = i + 1;
    else if (words[i] === 'node' && words[i + 1]?.endsWith('toolbox-editor.cjs')) start = i + 2;
    else if (words.slice(i, i + 4).join(' ') === 'npm run web --') start = i + 4;
    if (start === undefined) continue;
    const end = words.indexOf('|', start);
    let args = words.slice(start, end === -1 ? undefined : end);
    if (words[i] === 'npm') args = ['web', ...args];
    // `toolbox-editor set: Not changed…` is what the program printed, not a command line.
    if (args[0]?.endsWith(':')) continue;
    if (words.slice(0, i).some((w) => w.startsWith('@modelcontextprotocol/inspector'))) {
      args = args.filter((a, k) => !INSPECTOR_OPTIONS_WITH_VALUE.has(a) && !INSPECTOR_OPTIONS_WITH_VALUE.has(args[k - 1]!));
    }
    found.push(args);
    i = end === -1 ? words.length : end;
  }
  return found;
}

/** Every command the docs show: command lines of code blocks, configurations' commands, inline references. */
export function documentedCommands(page: string, markdown: string): DocCommand[] {
  const found: DocCommand[] = [];
  for (const block of codeBlocks(markdown)) {
    const where = `${page}:${block.line}`; // a configuration: where its block starts
    if (block.language === 'json') {
      const walk = (value: unknown): void => {
        if (Array.isArray(value)) return value.forEach(walk);
        if (typeof value !== 'object' || value === null) return;
        const { command, args } = value as { command?: unknown; args?: unknown };
        if (Array.isArray(args) && args.every((a) => typeof a === 'string')) {
          if (command === 'toolbox-editor') found.push({ where, args: args as string[], runnable: false });
          if (command === 'node' && String(args[0]).endsWith('toolbox-editor.cjs')) found.push({ where, args: (args as string[]).slice(1), runnable: false });
        }
        Object.values(value).forEach(walk);
      };
      walk(JSON.parse(block.text));
    } else if (block.language === 'lua') {
      for (const table of block.text.matchAll(/cmd\s*=\s*\{([^}]*)\}/g)) {
        const words = [...table[1]!.matchAll(/'([^']*)'|"([^"]*)"/g)].map((m) => m[1] ?? m[2]!);
        if (words[0] === 'toolbox-editor') found.push({ where, args: words.slice(1), runnable: false });
      }
    } else if (SHELL.has(block.language)) {
      // A line ending in a backslash goes on on the next; the command is reported at its first line.
      const lines = block.text.split('\n');
      for (let i = 0; i < lines.length; i++) {
        const first = i;
        let line = lines[i]!;
        while (line.endsWith('\\') && i + 1 < lines.length) line = `${line.slice(0, -1)} ${lines[++i]!.trim()}`;
        for (const args of commandsOfShellLine(line)) found.push({ where: `${page}:${block.line + first}`, args, runnable: true });
      }
    }
  }
  // Inline: `toolbox-editor COMMAND …`, or `COMMAND --flag …` for a command of the CLI (flags only: it is prose).
  const names = new Set(commands.map((c) => c.name));
  const prose = markdown.replace(/^( *)```[\s\S]*?^\1```/gm, '');
  for (const span of prose.matchAll(/`([^`\n]+)`/g)) {
    const words = span[1]!.replace(/^(?:toolbox-editor|node dist\/cli\/toolbox-editor\.cjs) /, '').split(/\s+/);
    if (!names.has(words[0]!) || !words.some((w) => w.startsWith('--'))) continue;
    const line = markdown.slice(0, span.index).split('\n').length;
    found.push({ where: `${page}:${line}`, args: [words[0]!, ...(span[1]!.match(/--[a-z][a-z-]*/g) ?? [])], runnable: false });
  }
  return found;
}

/** The flags a command line uses (`--name`, without a value written `--name=value`). */
const flagsOf = (args: string[]) => args.filter((a) => /^--[a-z]/.test(a)).map((a) => a.replace(/=.*$/, ''));

/** The usage text of each command, which names every flag it takes. */
const usage = new Map<string, string>();
beforeAll(async () => {
  for (const entry of commands) usage.set(entry.name, (await entry.load()).usage);
});
/** The flags of `flags` the command's usage does not name. */
const unknownFlags = (command: string, flags: string[]) =>
  flags.filter((flag) => !new RegExp(`(?:^|[^\\w-])${flag}(?![\\w-])`).test(usage.get(command)!));

const documented = DOCS.flatMap((page) => documentedCommands(page, readFileSync(path.join(repo, page), 'utf8')));

describe('every command the docs show', () => {
  it('names a command of the CLI and only flags that command knows', () => {
    // Fewer than this means the extraction broke, not that the docs have no commands.
    expect(documented.filter((c) => c.runnable).length).toBeGreaterThan(10);
    expect(documented.length).toBeGreaterThan(50);
    const wrong = documented
      .map((c) => ({ ...c, command: c.args[0] ?? '(none)' }))
      .filter((c) => !usage.has(c.command) || unknownFlags(c.command, flagsOf(c.args)).length > 0)
      .map((c) => `${c.where}: toolbox-editor ${c.args.join(' ')}${usage.has(c.command) ? ` (unknown: ${unknownFlags(c.command, flagsOf(c.args)).join(', ')})` : ' (no such command)'}`);
    expect(wrong).toEqual([]);
  });

  describe('that only reads files, run against fixtures/project', () => {
    let sandbox = '';
    beforeAll(() => {
      // A user's project as the docs name its files: the fixture project, its toolbox also at the top.
      sandbox = mkdtempSync(path.join(tmpdir(), 'tbe-docs-'));
      cpSync(path.join(repo, 'fixtures/project'), sandbox, { recursive: true });
      copyFileSync(path.join(sandbox, 'toolbox/toolbox_info.hocon'), path.join(sandbox, 'toolbox_info.hocon'));
    });
    // Each distinct command line once; a placeholder (FILE, path/to/…) cannot run.
    const reads = (c: DocCommand) => READ_ONLY.has(c.args[0]!) && !c.args.includes('--write') && !c.args.some((a) => /^[A-Z]+$|path\/to\/|…/.test(a));
    const runs = [...new Map(documented.filter((c) => c.runnable && reads(c)).map((c) => [c.args.join('\0'), c])).values()];

    it('has such command lines', () => {
      expect(runs.length).toBeGreaterThanOrEqual(6);
    });

    it.each(runs.map((c) => [`${c.where}: ${c.args.join(' ')}`, c] as const))('%s', async (_, c) => {
      const cwd = c.args.some((a) => a.startsWith('fixtures/')) ? repo : sandbox;
      // The files it names are there (a missing one is a problem some commands report, exit 1, and some not).
      const files = c.args.filter((a) => a === '.' || a.startsWith('fixtures/') || /\.(?:hocon|json|conf)$/.test(a));
      expect(files.filter((f) => !existsSync(path.resolve(cwd, f))), `files missing from ${cwd}`).toEqual([]);
      const state = mkdtempSync(path.join(tmpdir(), 'tbe-docs-state-'));
      const result = await runCliIn(cwd, c.args, { TOOLBOX_EDITOR_STATE_DIR: state, TOOLBOX_EDITOR_NO_CODE_CACHE: '1', PATH: process.env.PATH });
      expect(result.stderr).not.toMatch(/Usage:/);
      expect(`${result.stdout}${result.stderr}`).not.toMatch(/File not found|No file at|ENOENT|No such file|does not exist|cannot be read/i);
      expect([0, 1]).toContain(result.code);
    });
  });

  it("of the README's first five minutes prints what the README says", async () => {
    const readme = readFileSync(path.join(repo, 'README.md'), 'utf8');
    const steps = documentedCommands('README.md', readme).filter((c) => c.runnable && (c.args[0] === 'validate' || c.args[0] === 'call'));
    expect(steps.map((c) => c.args[0])).toEqual(['validate', 'call']);
    const state = mkdtempSync(path.join(tmpdir(), 'tbe-docs-state-'));
    const env = { TOOLBOX_EDITOR_STATE_DIR: state, PATH: process.env.PATH };
    const validated = await runCliIn(repo, steps[0]!.args, env);
    expect(validated.stdout).toContain("Unrecognized type 'str' for field 'body'");
    expect(readme).toContain("`Unrecognized type 'str' for field 'body'`");
    const called = await runCliIn(repo, steps[1]!.args, env);
    expect(called.stdout.trim()).toBe('Sunny in Paris');
    expect(readme).toContain('answers `Sunny in Paris`');
  });
});

describe('the command table of docs/cli.md', () => {
  const cli = readFileSync(path.join(repo, 'docs/cli.md'), 'utf8');
  const table = /^## Commands\n([\s\S]*?)^#/m.exec(cli)?.[1] ?? '';
  /** Each row's synopses: the code spans of its first cell (`set …` / `unset …` share one). */
  const synopses = table
    .split('\n')
    .filter((row) => /^\| `/.test(row))
    .flatMap((row) => [...row.replace(/\\\|/g, '¦').split('|')[1]!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!));

  it('lists every command of the CLI', () => {
    const listed = new Set(synopses.map((s) => s.split(' ')[0]));
    expect(commands.map((c) => c.name).filter((name) => !listed.has(name))).toEqual([]);
  });

  it('gives each command only flags it knows', () => {
    expect(synopses.length).toBeGreaterThanOrEqual(commands.length);
    const wrong = synopses
      .map((s) => ({ s, command: s.split(' ')[0]!, flags: s.match(/--[a-z][a-z-]*/g) ?? [] }))
      .filter(({ command, flags }) => !usage.has(command) || unknownFlags(command, flags).length > 0)
      .map(({ s }) => s);
    expect(wrong).toEqual([]);
  });
});

describe('the extraction itself', () => {
  it('finds command lines in code blocks, configurations and prose, and leaves out output and comments', () => {
    const sample = [
      'Run `validate --json` or `toolbox-editor test FILE --junit R.xml`; not `npm run dist --x`.',
      '',
      '    toolbox-editor validate a.hocon --format sarif > out.sarif   # a comment: toolbox-editor nothing',
      '    npx @modelcontextprotocol/inspector --cli toolbox-editor mcp t.hocon \\',
      '        --method tools/call --tool-name greet',
      '    toolbox-editor set: Not changed',
      '',
      '```json',
      '{ "servers": { "a": { "command": "node", "args": ["/x/dist/cli/toolbox-editor.cjs", "mcp", "t.hocon"] } } }',
      '```',
      '```lua',
      "-- the toolbox-editor language server",
      "vim.lsp.start_client({ cmd = { 'toolbox-editor', 'lsp', '--stdio' } })",
      '```',
      '```yaml',
      "      - run: node dist/cli/toolbox-editor.cjs test 'my toolbox.hocon' --only \"a b\"",
      '```',
    ].join('\n');
    expect(documentedCommands('x.md', sample).map((c) => [c.where, c.runnable, ...c.args])).toEqual([
      ['x.md:3', true, 'validate', 'a.hocon', '--format', 'sarif'],
      ['x.md:4', true, 'mcp', 't.hocon'],
      ['x.md:9', false, 'mcp', 't.hocon'],
      ['x.md:12', false, 'lsp', '--stdio'],
      ['x.md:16', true, 'test', 'my toolbox.hocon', '--only', 'a b'],
      ['x.md:1', false, 'validate', '--json'],
      ['x.md:1', false, 'test', '--junit'],
    ]);
  });
});
