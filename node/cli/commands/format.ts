import type { FormatOptions } from '../../../shared/hocon/index';
import { formatChecked } from '../../../shared/language/formatChecked';
import { fileIncludeHost } from '../../hocon/fileIncludeHost';
import { editorConfigOptions } from '../../language/editorConfigOnDisk';
import { neuroSanWorkingDirectory } from '../../neurosan/neuroSanFiles';
import { writeTextFile } from '../../files/textFiles';
import { checkWriteBounds } from '../../files/folderBounds';
import { projectWriteRoot } from '../../project/projectFiles';
import { errorMessage } from '../../../shared/errorMessage';
import { parseCommandLine, UsageError, type CliCommand, type CliIo } from '../command';
import { readTextFile } from './hoconCliSupport';

export const formatCommand: CliCommand = {
  name: 'format',
  usage: [
    'Usage: toolbox-editor format FILE... [--check | --write] [--indent N|tab] [--separator =|:|preserve]',
    '                              [--commas preserve|omit|add]',
    '',
    'Indents by nesting, writes one separator style, removes blanks at line ends, and adds or removes the commas',
    'that end lines. Nothing inside a string or a comment changes, and a result is kept only when the file reads',
    "as the same value as before in the HOCON specification's reading and in neuro-san's (pyhocon's). A file",
    'that does not parse is not formatted: its first error is printed with its position.',
    'Without --check or --write, prints the formatted text of one FILE.',
    '',
    'Options (each overrides the .editorconfig of the file\'s folder or above: indent_style, indent_size,',
    'insert_final_newline, hocon_separator, hocon_commas):',
    '  --check       print the files that would change and exit 1 if any would (for CI); write nothing',
    '  --write       replace each file that changes with its formatted text (atomically), only inside its project',
  '                (the folder upward holding registries/, else its folder) once symbolic links are resolved',
    '  --indent N    spaces per level, or tab (default 2)',
    '  --separator S = or : between a key and its value, or preserve (default) to keep each as written',
    '  --commas C    commas that end lines: preserve (default), omit, or add',
  ].join('\n'),
  async run(args, io) {
    const parsed = parseCommandLine(args, {
      check: { type: 'boolean', default: false },
      write: { type: 'boolean', default: false },
      indent: { type: 'string' },
      separator: { type: 'string' },
      commas: { type: 'string' },
    });
    const files = parsed.positionals;
    if (files.length === 0) throw new UsageError('give at least one FILE');
    const { check, write } = parsed.values;
    if (check && write) throw new UsageError('give --check or --write, not both');
    if (!check && !write && files.length > 1) throw new UsageError('several FILEs need --check or --write (the formatted text is printed for one FILE only)');
    const chosen = optionsFromFlags(parsed.values);
    let failed = false;
    let changed = 0;
    for (const file of files) {
      const outcome = await formatOne(file, chosen, io);
      if (outcome === 'failed') {
        failed = true;
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
          continue;
        }
        io.stdout(`${file}: formatted\n`);
      } else if (!check && !write) io.stdout(outcome.text);
    }
    if (check && changed === 0 && !failed) io.stderr(`${files.length === 1 ? 'The file is' : `All ${files.length} files are`} formatted.\n`);
    return failed ? 2 : check && changed > 0 ? 1 : 0;
  },
};

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

function optionsFromFlags(values: { indent?: string; separator?: string; commas?: string }): FormatOptions {
  const options: FormatOptions = {};
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
