/**
 * What a shell script (a workflow step's `run`, a Makefile recipe line) starts neuro-san with, read without running
 * it: the variables it exports (`export NAME=value`, `NAME=value command`, `env NAME=value command`) and the folder it
 * has `cd`'d into. Only literal words are read: a value holding an expansion (`$X`, `$(...)`, a backquote) is set to
 * something that cannot be known here, and so is the folder after `cd $X`. A manifest named through one is no manifest
 * the editor can name; a false "this is the manifest" costs more than a missing one.
 *
 * Not read: `source`/`.` of another file, `echo NAME=value >> $GITHUB_ENV` (a later step's environment), functions,
 * loops and conditions (each command is read once, in order, as if it ran).
 */

/** A variable's value as set, with the line that set it; `value` undefined: set, but to what cannot be read. */
export interface SetValue {
  value: string | undefined;
  line: number;
}

/** What a script starts a command with. */
export interface ShellState {
  /** Exported variables, by name. */
  env: Map<string, SetValue>;
  /** The folder it runs in, '/'-separated, relative to where the script starts ('.'); undefined: not known. */
  cwd: string | undefined;
}

/** A command the script starts with `trigger` in its environment. */
export interface ShellRun {
  env: Map<string, SetValue>;
  cwd: string | undefined;
  /** The line of the command. */
  line: number;
}

/** Commands that start nothing (a builtin, a print): they are no run even with the variables set. */
const NOT_A_RUN = new Set(['echo', 'printf', 'export', 'cd', 'pushd', 'popd', 'true', 'false', 'set', 'unset', 'source', '.', 'test', '[', '[[', 'exit', 'return', 'shift', 'local', 'readonly', 'declare', 'pwd', 'ls', 'cat', 'mkdir', 'rm', 'cp', 'mv', 'chmod', 'touch']);

/** Words that begin a compound command: the command proper comes after them. */
const KEYWORDS = new Set(['then', 'do', 'else', 'elif', 'if', 'while', 'until', '{', '!', 'time']);

/**
 * Reads `lines` (1-based line numbers) from `start`, and gives every command that runs with `trigger` (a name) in its
 * environment, with the state it runs in. `start` is not changed.
 */
export function shellRuns(lines: readonly { text: string; line: number }[], start: ShellState, trigger: string): ShellRun[] {
  const state: ShellState = { env: new Map(start.env), cwd: start.cwd };
  const shellVariables = new Map<string, SetValue>();
  const runs: ShellRun[] = [];
  for (const command of commandsOf(lines)) {
    let words = command.words;
    while (words.length > 0 && words[0]!.literal && KEYWORDS.has(words[0]!.text)) words = words.slice(1);
    if (words.length === 0) continue;
    // `NAME=value command`: for that command only (`env NAME=value command` alike); alone, a shell variable.
    const prefix = new Map<string, SetValue>();
    let at = 0;
    const assignments = () => {
      for (let a = assignmentOf(words[at]); a !== undefined; a = assignmentOf(words[at])) {
        prefix.set(a.name, { value: a.value, line: command.line });
        at++;
      }
    };
    assignments();
    if (at < words.length && words[at]!.literal && words[at]!.text === 'env') {
      at++;
      while (at < words.length && words[at]!.text.startsWith('-')) at++;
      assignments();
    }
    if (at === words.length) {
      for (const [name, set] of prefix) {
        if (state.env.has(name)) state.env.set(name, set);
        else shellVariables.set(name, set);
      }
      continue;
    }
    const name = words[at]!.literal ? words[at]!.text : undefined;
    const args = words.slice(at + 1);
    if (name === 'export') {
      for (const arg of args) {
        const a = assignmentOf(arg);
        if (a !== undefined) state.env.set(a.name, { value: a.value, line: command.line });
        else if (arg.literal && /^[A-Za-z_][A-Za-z0-9_]*$/.test(arg.text)) {
          state.env.set(arg.text, shellVariables.get(arg.text) ?? { value: '', line: command.line });
        }
      }
      continue;
    }
    if (name === 'unset') {
      for (const arg of args) if (arg.literal) state.env.delete(arg.text);
      continue;
    }
    if (name === 'cd' || name === 'pushd') {
      const target = args.find((a) => !a.text.startsWith('-') || !a.literal);
      state.cwd = target === undefined || !target.literal || state.cwd === undefined ? undefined : changeFolder(state.cwd, target.text);
      continue;
    }
    if (name === 'popd') {
      state.cwd = undefined;
      continue;
    }
    if (name !== undefined && NOT_A_RUN.has(name)) continue;
    const env = new Map([...state.env, ...prefix]);
    if (env.has(trigger)) runs.push({ env, cwd: state.cwd, line: command.line });
  }
  return runs;
}

/** `cd` from `cwd` (relative, '/'-separated) to `target`: relative stays relative; an absolute folder is not known. */
function changeFolder(cwd: string, target: string): string | undefined {
  if (target.startsWith('/') || target.startsWith('~') || /^[A-Za-z]:/.test(target)) return undefined;
  const parts = cwd === '.' ? [] : cwd.split('/');
  for (const part of target.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0 || parts[parts.length - 1] === '..') parts.push('..');
      else parts.pop();
    } else parts.push(part);
  }
  return parts.length === 0 ? '.' : parts.join('/');
}

interface Word {
  text: string;
  /** Without expansion: what is written is what the shell gives. */
  literal: boolean;
}

function assignmentOf(word: RawWord | undefined): { name: string; value: string | undefined } | undefined {
  if (word === undefined) return undefined;
  const match = /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(word.raw);
  if (!match) return undefined;
  return { name: match[1]!, value: word.literal ? word.text.slice(match[0].length) : undefined };
}

/** A word with its text as written too (an assignment's name is found in what is written). */
interface RawWord extends Word {
  raw: string;
}

/** The script's simple commands, in order: lines joined at a trailing `\`, split at `&&`, `||`, `;`, `|`, `&`. */
function commandsOf(lines: readonly { text: string; line: number }[]): { words: RawWord[]; line: number }[] {
  const out: { words: RawWord[]; line: number }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.line;
    // Parts joined once at the end: a script of a million continued lines must not be copied at each one.
    const parts = [lines[i]!.text];
    while (/(^|[^\\])\\$/.test(parts[parts.length - 1]!) && i + 1 < lines.length) {
      parts[parts.length - 1] = parts[parts.length - 1]!.slice(0, -1);
      parts.push(lines[++i]!.text);
    }
    const text = parts.join(' ');
    let words: RawWord[] = [];
    for (const token of tokens(text)) {
      if (token === SEPARATOR) {
        out.push({ words, line });
        words = [];
      } else words.push(token);
    }
    out.push({ words, line });
  }
  return out.filter((c) => c.words.length > 0);
}

const SEPARATOR = Symbol('separator');

/** The words of one line: quotes removed, each marked literal or not; operators as SEPARATOR; a comment ends it. */
function tokens(text: string): (RawWord | typeof SEPARATOR)[] {
  const out: (RawWord | typeof SEPARATOR)[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === ' ' || c === '\t' || c === '(' || c === ')') {
      i++;
      continue;
    }
    if (c === '#') break;
    if (c === ';' || c === '&' || c === '|') {
      out.push(SEPARATOR);
      i += text[i + 1] === c ? 2 : 1;
      continue;
    }
    let value = '';
    let literal = true;
    const begin = i;
    while (i < text.length && !/[\s;&|()]/.test(text[i]!)) {
      const d = text[i]!;
      if (d === "'") {
        const end = text.indexOf("'", i + 1);
        const stop = end < 0 ? text.length : end;
        value += text.slice(i + 1, stop);
        i = stop + 1;
      } else if (d === '"') {
        let j = i + 1;
        for (; j < text.length && text[j] !== '"'; j++) {
          if (text[j] === '\\' && j + 1 < text.length) {
            value += text[++j];
            continue;
          }
          if (text[j] === '$' || text[j] === '`') literal = false;
          value += text[j];
        }
        i = j + 1;
      } else if (d === '\\' && i + 1 < text.length) {
        value += text[i + 1];
        i += 2;
      } else {
        if (d === '$' || d === '`' || d === '*' || d === '?' || (d === '~' && i === begin)) literal = false;
        value += d;
        i++;
      }
    }
    out.push({ text: value, literal, raw: text.slice(begin, i) });
  }
  return out;
}
