import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseCommandLine, UsageError, type CliCommand } from '../command';
import { baselineSide, compareToolboxes } from '../../review/compareToolbox';
import { isRevision } from '../../review/gitRevision';
import { formatDiffMarkdown, formatDiffText } from '../../review/diffFormats';

export const diffCommand: CliCommand = {
  name: 'diff',
  usage: [
    'Usage: toolbox-editor diff FILE [--against REV | OTHER_FILE] [--format text|json|markdown] [--no-default]',
    '',
    'Compares FILE (as it is on disk) with FILE at a git revision (a commit, branch or tag; default HEAD) or with',
    'OTHER_FILE: tools added, removed, renamed (same class and parameters), and changed field by field, each marked',
    'breaking or not for an agent that uses the tool, then the catalog text diff with its token change (o200k_base).',
    'Breaking: a tool removed or renamed, a parameter removed, a new required parameter or one that became required,',
    'a changed type, enum values removed. Exit 1 when something breaking changed, 2 when the comparison cannot be',
    'made (not a repository, no such revision or file), else 0 (for a CI job).',
    "Included files are read as they are now on both sides (only FILE's own text is taken from the revision).",
    '',
    'Options:',
    '  --against REV   the git revision to compare with (default HEAD)',
    '  --format F      text (default), json ({"breaking", "before", "after", "changes": [...], "catalog"}) or',
    '                  markdown (for a pull-request comment)',
    '  --no-default    do not layer over the default toolbox',
  ].join('\n'),
  async run(args, io) {
    const parsed = parseCommandLine(args, { against: { type: 'string' }, format: { type: 'string' }, 'no-default': { type: 'boolean' } });
    const [file, other, ...rest] = parsed.positionals;
    if (file === undefined || rest.length > 0) throw new UsageError('give FILE, and at most one OTHER_FILE');
    if (other !== undefined && parsed.values.against !== undefined) throw new UsageError('give --against REV or OTHER_FILE, not both');
    const format = parsed.values.format ?? 'text';
    if (format !== 'text' && format !== 'json' && format !== 'markdown') throw new UsageError(`--format takes text, json or markdown, not '${format}'`);
    const absolute = path.resolve(io.cwd, file);
    let report;
    try {
      const before = await baselineSide(absolute, other !== undefined ? { file: other } : { revision: parsed.values.against ?? 'HEAD' }, io.cwd);
      report = await compareToolboxes(before, { file: absolute, label: path.relative(io.cwd, absolute) || file }, { cwd: io.cwd, env: io.env, noDefault: parsed.values['no-default'] ?? false });
    } catch (error) {
      // `diff FILE HEAD~3`: the second positional is a file, so a revision there is "No file at": name the flag instead.
      if (other !== undefined && !existsSync(path.resolve(io.cwd, other)) && (await isRevision(path.dirname(absolute), other))) {
        io.stderr(`toolbox-editor diff: '${other}' is a git revision, not a file: to compare with it, run toolbox-editor diff ${file} --against ${other}\n`);
        return 2;
      }
      // Not 1: a CI job must tell "breaking" from "could not compare".
      io.stderr(`toolbox-editor diff: ${(error as Error).message}\n`);
      return 2;
    }
    io.stdout(format === 'json' ? `${JSON.stringify(report, null, 2)}\n` : format === 'markdown' ? formatDiffMarkdown(report) : formatDiffText(report));
    return report.breaking ? 1 : 0;
  },
};
