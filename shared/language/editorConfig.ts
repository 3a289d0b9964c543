import type { FormatOptions } from '../hocon/index';

/**
 * The formatting a project chose in its `.editorconfig` files (https://editorconfig.org): `indent_style`,
 * `indent_size`, `insert_final_newline`, `trim_trailing_whitespace`, and two keys of ours, `hocon_separator` (`=`,
 * `:` or `preserve`) and `hocon_commas` (`preserve`, `omit` or `add`). What they leave unset the formatter takes
 * from the file itself. Pure: the caller reads the files. Written here rather than taken
 * from the `editorconfig` package, which brings a WebAssembly INI parser and a command-line parser for what is a
 * short INI reading and a glob.
 */
export interface EditorConfigFile {
  /** The folder it lies in, '/'-separated, absolute. */
  folder: string;
  text: string;
}

/**
 * The options for `file` (absolute, '/'-separated) from the `.editorconfig` files of its folder and those above,
 * nearest first (reading stops after one with `root = true`, as the caller may too). Nearer files win; within a file,
 * later sections win.
 */
export function editorConfigFor(file: string, files: readonly EditorConfigFile[]): FormatOptions {
  const properties: Record<string, string> = {};
  // Farthest first, so nearer files override.
  const chain: EditorConfigFile[] = [];
  for (const config of files) {
    chain.push(config);
    if (/^\s*root\s*=\s*true\s*$/im.test(preamble(config.text))) break;
  }
  for (const config of chain.reverse()) {
    const relative = file.startsWith(`${config.folder.replace(/\/$/, '')}/`) ? file.slice(config.folder.replace(/\/$/, '').length + 1) : undefined;
    if (relative === undefined) continue;
    let applies = false;
    for (const raw of config.text.split(/\r?\n/)) {
      const line = raw.trim();
      if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
      const section = /^\[(.*)\]$/.exec(line);
      if (section) {
        applies = globMatches(section[1]!, relative);
        continue;
      }
      const pair = /^([^=:]+?)\s*[=:]\s*(.*)$/.exec(line);
      if (applies && pair) properties[pair[1]!.toLowerCase()] = pair[2]!.trim();
    }
  }
  return optionsFrom(properties);
}

function preamble(text: string): string {
  const at = text.search(/^\s*\[/m);
  return at < 0 ? text : text.slice(0, at);
}

function optionsFrom(p: Record<string, string>): FormatOptions {
  const options: FormatOptions = {};
  const style = p.indent_style?.toLowerCase();
  const size = p.indent_size?.toLowerCase();
  if (style === 'tab') options.indent = 'tab';
  else if (size && /^\d+$/.test(size) && Number(size) <= 16) options.indent = Number(size);
  else if (style === 'space' && p.tab_width && /^\d+$/.test(p.tab_width)) options.indent = Number(p.tab_width);
  const finalNewline = p.insert_final_newline?.toLowerCase();
  if (finalNewline === 'true' || finalNewline === 'false') options.finalNewline = finalNewline === 'true';
  const trim = p.trim_trailing_whitespace?.toLowerCase();
  if (trim === 'true' || trim === 'false') options.trimTrailingWhitespace = trim === 'true';
  const separator = p.hocon_separator;
  if (separator === '=' || separator === ':' || separator === 'preserve') options.separator = separator;
  const commas = p.hocon_commas?.toLowerCase();
  if (commas === 'preserve' || commas === 'omit' || commas === 'add') options.commas = commas;
  return options;
}

/**
 * EditorConfig's globs: `*` (not `/`), `**`, `?`, `[...]`, `{a,b}`, `{1..3}` left out. A glob without `/` matches
 * the file name in any folder.
 */
export function globMatches(glob: string, relative: string): boolean {
  const pattern = glob.includes('/') ? glob.replace(/^\//, '') : `**/${glob}`;
  let regex = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '*') {
      if (pattern[i + 1] === '*') {
        const slash = pattern[i + 2] === '/';
        regex += slash ? '(?:.*/)?' : '.*';
        i += slash ? 2 : 1;
      } else regex += '[^/]*';
    } else if (c === '?') regex += '[^/]';
    else if (c === '{') {
      const close = pattern.indexOf('}', i);
      if (close < 0) regex += '\\{';
      else {
        regex += `(?:${pattern.slice(i + 1, close).split(',').map(escape).join('|')})`;
        i = close;
      }
    } else if (c === '[') {
      const close = pattern.indexOf(']', i);
      if (close < 0) regex += '\\[';
      else {
        regex += `[${pattern.slice(i + 1, close).replace(/^!/, '^').replace(/\\/g, '\\\\')}]`;
        i = close;
      }
    } else regex += escape(c);
  }
  return new RegExp(`^${regex}$`).test(relative);
}

function escape(text: string): string {
  return text.replace(/[.+^$()|\\*?[\]{}]/g, '\\$&');
}
