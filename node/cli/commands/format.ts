import path from 'node:path';
import type { FormatOptions } from '../../../shared/hocon/index';
import { plural } from '../../../shared/plural';
import { formatChecked } from '../../../shared/language/formatChecked';
import { fileIncludeHost } from '../../hocon/fileIncludeHost';
import { editorConfigOptions } from '../../language/editorConfigOnDisk';
import { neuroSanWorkingDirectory } from '../../neurosan/neuroSanFiles';
import { writeTextFile } from '../../files/textFiles';
import { checkWriteBounds } from '../../files/folderBounds';
import { projectWriteRoot } from '../../project/projectFiles';
import { listProjectFiles, PROJECT_WALK_LIMITS } from '../../project/projectOnDisk';
import { isDirectory } from '../../project/projectSettingsOnDisk';
import { errorMessage } from '../../../shared/errorMessage';
import { parseCommandLine, UsageError, type CliCommand, type CliIo } from '../command';
import { readTextFile } from './hoconCliSupport';

export const formatCommand: CliCommand = {
  name: 'format',
  usage: [
    'Usage: toolbox-editor format FILE|DIR... [--check | --write] [--indent N|tab] [--separator =|:|preserve]',
    '                              [--commas preserve|omit|add] [--trim-trailing-whitespace] [--final-newline]',
    '',
    "Formats HOCON in the file's own style: indents by nesting with the indentation the file already uses (its",
    'size or tabs, learnt as VS Code learns it), writes the blanks around separators and after commas as most of',
    'the file does, and leaves what the author lines up by hand as it is. Nothing inside a string or a comment',
    "changes, and a result is kept only when the file reads as the same value as before in the HOCON specification's",
    "reading and in neuro-san's (pyhocon's). A file that does not parse is not formatted: its first error is printed",
    'with its position. A DIR (. for the current folder) stands for its .hocon files, found as validate DIR finds',
    'them (node_modules, .git, virtual environments and other dot folders skipped).',
    'Without --check or --write, prints the formatted text of one FILE.',
    '',
    "Options (each overrides the .editorconfig of the file's folder or above: indent_style, indent_size,",
    'trim_trailing_whitespace, insert_final_newline, hocon_separator, hocon_commas; what neither sets comes from',
    'the file itself):',
    '  --check       print the files that would change and exit 1 if any would (for CI); write nothing',
    '  --write       replace each file that changes with its formatted text (atomically, read back), only inside its',
    '                project (the folder upward holding registries/, else its folder) once symbolic links are resolved',
    "  --indent N    spaces per level, or tab (default: the file's own, else 2)",
    '  --separator S = or : between a key and its value, or preserve (default) to keep each as written',
    '  --commas C    commas that end lines: preserve (default), omit, or add',
    '  --trim-trailing-whitespace  remove blanks at line ends (default: left as they are)',
    '  --final-newline             end each file with exactly one line break (default: the end stays as it is)',
  ].join('\n'),
  async run(args, io) {
    const parsed = parseCommandLine(args, {
      check: { type: 'boolean', default: false },
      write: { type: 'boolean', default: false },
      indent: { type: 'string' },
      separator: { type: 'string' },
      commas: { type: 'string' },
      'trim-trailing-whitespace': { type: 'boolean', default: false },
      'final-newline': { type: 'boolean', default: false },
    });
    const { check, write } = parsed.values;
    if (parsed.positionals.length === 0) throw new UsageError('give at least one FILE or DIR (. for the current folder)');
    if (check && write) throw new UsageError('give --check or --write, not both');
    const chosen = optionsFromFlags(parsed.values);
    const listed = filesToFormat(parsed.positionals, io);
    if (!check && !write && (listed.files.length > 1 || listed.folders > 0)) {
      throw new UsageError('a DIR or several FILEs need --check or --write (the formatted text is printed for one FILE only)');
    }
    let failed = listed.failed;
    let changed = 0;
    let unformatted = 0;
    for (const file of listed.files) {
      const outcome = await formatOne(file, chosen, io);
      if (outcome === 'failed') {
        failed = true;
        unformatted++;
        continue;
      }
      if (outcome.changed) changed++;
      if (check && outcome.changed) io.stdout(`${file}: would be reformatted\n`);
      else if (write && outcome.changed) {
        try {
          // Only inside the file's project, links resolved: a committed link must not take the write elsewhere.
          await checkWriteBounds(outcome.absolute, { ...projectWriteRoot(outcome.absolute), finalLink: 'follow', what: 'a formatted file' });
          await writeTextFile(outcome.absolute, outcome.text, { expectedMtimeMs: outcome.mtimeMs });
        } catch (error) {
          io.stderr(`${file}: ${errorMessage(error)}\n`);
          failed = true;
          unformatted++;
          changed--;
          continue;
        }
        io.stdout(`${file}: formatted\n`);
      } else if (!check && !write) io.stdout(outcome.text);
    }
    if (check || write) io.stderr(summary(listed.files.length, changed, unformatted, check));
    return failed ? 2 : check && changed > 0 ? 1 : 0;
  },
};

/** The last line: how many files changed (or would), and how many could not be formatted (each said why above). */
function summary(total: number, changed: number, unformatted: number, check: boolean): string {
  if (total === 0) return 'No HOCON file to format.\n';
  if (changed === 0 && unformatted === 0) return total === 1 ? 'The file is formatted.\n' : `All ${total} files are formatted.\n`;
  const reformatted = `${changed} of ${plural(total, 'file')} ${check ? 'would be' : changed === 1 ? 'was' : 'were'} reformatted`;
  return unformatted === 0 ? `${reformatted}.\n` : `${reformatted}; ${unformatted} could not be ${check ? 'checked' : 'formatted'}.\n`;
}

/**
 * The files the arguments name, as given: a FILE as it is, a DIR as its .hocon files (listProjectFiles, the walk of
 * `validate DIR`), shown relative to the current folder.
 */
function filesToFormat(args: readonly string[], io: CliIo): { files: string[]; folders: number; failed: boolean } {
  const files: string[] = [];
  let folders = 0;
  let failed = false;
  for (const arg of args) {
    const absolute = path.resolve(io.cwd, arg);
    if (!isDirectory(absolute)) {
      files.push(arg);
      continue;
    }
    folders++;
    const found = listProjectFiles(absolute);
    if (found.truncated) {
      io.stderr(`${arg}: more than ${PROJECT_WALK_LIMITS.files} HOCON files or ${PROJECT_WALK_LIMITS.entries} entries: only the first are formatted.\n`);
      failed = true;
    }
    for (const relative of found) files.push(path.relative(io.cwd, path.join(absolute, relative)) || relative);
  }
  return { files, folders, failed };
}

type Outcome = { changed: boolean; text: string; absolute: string; mtimeMs: number } | 'failed';

async function formatOne(file: string, chosen: FormatOptions, io: CliIo): Promise<Outcome> {
  let read;
  try {
    read = await readTextFile(file, io);
  } catch (error) {
    io.stderr(`${file}: ${(error as Error).message}\n`);
    return 'failed';
  }
  if (!/\.(hocon|conf|json)$/i.test(read.absolute)) {
    io.stderr(`${file}: not a HOCON file (.hocon, .conf or .json); left as it is\n`);
    return 'failed';
  }
  const options = { ...editorConfigOptions(read.absolute), ...chosen };
  const result = formatChecked(read.text, options, {
    file: read.absolute,
    host: fileIncludeHost,
    cwd: neuroSanWorkingDirectory(read.absolute, undefined, io.cwd),
    env: io.env,
  });
  if (!result.ok) {
    const where = result.line !== undefined ? `:${result.line}:${result.column ?? 1}` : '';
    io.stderr(`${file}${where}: ${result.message}\n`);
    return 'failed';
  }
  return { changed: result.edits.length > 0, text: result.text, absolute: read.absolute, mtimeMs: read.mtimeMs };
}

function optionsFromFlags(values: { indent?: string; separator?: string; commas?: string; 'trim-trailing-whitespace': boolean; 'final-newline': boolean }): FormatOptions {
  const options: FormatOptions = {};
  if (values['trim-trailing-whitespace']) options.trimTrailingWhitespace = true;
  if (values['final-newline']) options.finalNewline = true;
  if (values.indent !== undefined) {
    if (values.indent === 'tab') options.indent = 'tab';
    else if (/^\d+$/.test(values.indent) && Number(values.indent) <= 16) options.indent = Number(values.indent);
    else throw new UsageError(`--indent takes a number of spaces (0-16) or tab, not '${values.indent}'`);
  }
  if (values.separator !== undefined) {
    if (values.separator !== '=' && values.separator !== ':' && values.separator !== 'preserve') throw new UsageError(`--separator takes =, : or preserve, not '${values.separator}'`);
    options.separator = values.separator;
  }
  if (values.commas !== undefined) {
    if (values.commas !== 'preserve' && values.commas !== 'omit' && values.commas !== 'add') throw new UsageError(`--commas takes preserve, omit or add, not '${values.commas}'`);
    options.commas = values.commas;
  }
  return options;
}
