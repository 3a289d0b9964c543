import path from 'node:path';
import { readTextFileSync } from '../../files/textFiles';
import { compareDiagnostics, diagnosticsJson, formatDiagnosticLine, plainDiagnostics, type ToolboxDiagnostic } from '../../../shared/toolbox/index';
import { parseCommandLine, UsageError, type CliCommand } from '../command';
import { checkWithNeuroSan, neuroSanCheckDiagnostics } from '../../workspace/neuroSanCheck';
import { diagnosticsOf, loadFileFromDisk, toolboxOf, type DiskReader } from '../../workspace/toolboxOnDisk';
import { reviewLoaded } from '../../review/reviewToolbox';
import { toSarif } from './sarifReport';
import { diskReading, readingOptions, readingUsage } from './readingCliSupport';
import type { ToolEntry } from '../../../shared/toolbox/index';
import { neuroSanCheckLines } from '../../../shared/toolbox/index';
import type { CliIo } from '../command';
import { errorMessage } from '../../../shared/errorMessage';
import { isDirectoryArgument } from '../../project/projectArgument';
import { validateProject } from './validateProject';
import { MCP_OPTION_HELP } from './mcpCliSupport';
import { listProjectFiles, projectsUnder } from '../../project/projectOnDisk';
import { projectRootOf } from '../../project/projectSettingsOnDisk';
import { UrlIncludeStore, urlIncludesOfFiles } from '../../project/urlIncludes';
import { defaultStateDir } from '../../state/userState';
import { NeuroSanPythons, neuroSanSummaryLine, neuroSanVersionOptions, neuroSanVersionUsage, versionLookupOf } from './neuroSanVersionCliSupport';
import type { ProjectNeuroSan } from '../../../shared/neurosan/versions/index';

export const validateCommand: CliCommand = {
  name: 'validate',
  usage: [
    'Usage: toolbox-editor validate FILE... [--format text|json|json-report|sarif] [--no-default] [--as neuro-san|spec]',
    '                                [--cwd DIR] [--neuro-san-version V] [--fetch-includes]',
    '                                [--with-neuro-san [--python P] [--pythonpath DIR]... [--agent-tool-path PATH]]',
    '       toolbox-editor validate DIR [--format text|json|sarif] [--no-default] [--neuro-san-version V] [--fetch-includes] [--mcp]',
    '',
    'Prints one line per problem: FILE:LINE:COLUMN SEVERITY RULE MESSAGE, then the neuro-san version checked for',
    '("checked for neuro-san 0.5.55 (pin: ...)"). SEVERITY is error, warning or hint (style advice, such as a',
    'description too short; .toolbox-editor.json sets each such rule off, hint or warning). Exits 1 when any error',
    'was found, else 0: warnings and hints never fail it.',
    'A toolbox FILE is layered over the default toolbox; an agent network FILE is checked with the toolbox it uses',
    '(its toolbox_info_file key, else $AGENT_TOOLBOX_INFO_FILE).',
    'A DIR is a neuro-san project: every .hocon file under it is checked by its kind (toolbox, agent network,',
    'manifest, fragment, LLM config, MCP servers info, test case), each problem once, with the toolbox neuro-san',
    'would use ($AGENT_TOOLBOX_INFO_FILE, else DIR/.env, else neuro_san_studio/toolbox/toolbox_info.hocon or',
    'toolbox/toolbox_info.hocon); a summary by kind ends the output. A project\'s root is the folder neuro-san runs',
    'in: the nearest holding registries/, or a project around it whose .env, CI workflow, Makefile or Dockerfile names',
    'a manifest there; the manifests those start it with are in use too ("also run with"), AGENT_MANIFEST_FILE a list',
    'from neuro-san 0.6.23. With --json: {root, settings, files, diagnostics, summary, mcp, manifestsInUse, runs}.',
    'The MCP servers the networks name are checked as written (a URL neuro-san does not',
    'read as MCP, the MCP info file); with --mcp each is asked for its tools: a filter naming a tool the server does',
    'not list, and a server that does not answer, are warnings.',
    '',
    'Options:',
    '  --format F    text (default); json: an array of diagnostics {severity, rule, message, file, line, column,',
    '                tool?, fix?, endLine, endColumn} (docs/cli.md, "Machine-readable reports"); json-report:',
    '                {neuroSan: [{files, version, from, how}], diagnostics: [...]}; sarif: a SARIF 2.1.0 log for',
    "                code-scanning services (pull-request annotations), the version in the run's properties (with DIR",
    '                too: every project check; the summary goes to stderr)',
    '  --json        the same as --format json',
    '  --no-default  do not layer over the default toolbox',
    '  --fetch-includes',
    '                fetch what the files include by http(s) URL (neuro-san fetches it when it loads them), and',
    '                read it; kept in the state folder. Without it, each such include is said once, not fetched',
    MCP_OPTION_HELP,
    '  --with-neuro-san',
    "                also load each toolbox FILE with the installed neuro-san's own code (in the Python of the",
    "                project's run settings, .toolbox-editor.json, as call, test and check use them; --cwd is where",
    "                neuro-san runs; the version it has installed is the version checked for): its",
    '                version, its load error or each tool\'s error, and every value it reads differently from the',
    "                editor (the editor's bug); one line says so when that Python has no neuro_san, and one",
    '                line and exit 2 when it has one it cannot import (a missing dependency, an old Python)',
    "  --python P    with --with-neuro-san: the interpreter or virtualenv folder (default: the project's, else python3)",
    "  --pythonpath DIR  with --with-neuro-san: put DIR in front of the project's PYTHONPATH (repeatable)",
    "  --agent-tool-path PATH  with --with-neuro-san: AGENT_TOOL_PATH (default: the project's, else inherited)",
    ...neuroSanVersionUsage,
    ...readingUsage('neuro-san'),
  ].join('\n'),
  async run(args, io) {
    const parsed = parseCommandLine(args, {
      ...readingOptions,
      json: { type: 'boolean' },
      format: { type: 'string' },
      'no-default': { type: 'boolean' },
      'with-neuro-san': { type: 'boolean' },
      mcp: { type: 'boolean' },
      python: { type: 'string' },
      pythonpath: { type: 'string', multiple: true },
      'agent-tool-path': { type: 'string' },
      'fetch-includes': { type: 'boolean' },
      ...neuroSanVersionOptions,
    });
    if (parsed.positionals.length === 0) throw new UsageError('give at least one FILE');
    const format = parsed.values.format ?? (parsed.values.json ? 'json' : 'text');
    if (format !== 'text' && format !== 'json' && format !== 'json-report' && format !== 'sarif') throw new UsageError(`--format takes text, json, json-report or sarif, not '${format}'`);
    if (parsed.values.json && format !== 'json') throw new UsageError('--json is --format json: give one of them');
    const isDir = parsed.positionals.length === 1 && isDirectoryArgument(parsed.positionals[0]!, io.cwd);
    // Includes by URL: fetched first (when asked), then read from what was kept; the reading never fetches.
    const urls = parsed.values['fetch-includes'] ? await fetchIncludes(parsed.positionals, isDir, io) : undefined;
    // The Pythons --with-neuro-san starts (each file's run settings'): each says which neuro-san it has, read from its
    // metadata with nothing imported, and that is the version its files are checked for.
    const pythons = parsed.values['with-neuro-san'] ? new NeuroSanPythons(parsed.values, io) : undefined;
    try {
      if (isDir) {
        if (format === 'json-report') throw new UsageError(`--format ${format} takes FILEs: give the project's files rather than its DIR`);
        const dir = parsed.positionals[0]!;
        // A toolbox at the folder's top stands for the folder: its run settings are the folder's, else its project's.
        const versionLookup = versionLookupOf(parsed.values, await pythons?.installed(path.join(dir, 'toolbox_info.hocon')));
        return await validateProject(dir, { json: format === 'json', sarif: format === 'sarif', noDefault: parsed.values['no-default'] ?? false, versionLookup, ...(urls ? { readUrl: urls } : {}), mcp: parsed.values.mcp ?? false }, io);
      }
      const versions: { file: string; neuroSan: ProjectNeuroSan }[] = [];
      const all: ToolboxDiagnostic[] = [];
      const seen = new Set<string>();
      const checkLines: string[] = [];
      // The files of one project are read once for all of them (their project's other files, its toolbox).
      const readers = new Map<string, DiskReader>();
      // neuro-san is there but cannot be imported: a problem of the environment, not of the files (exit 2).
      let environmentProblem = false;
      // A project's settings file not read (a `.env` that is a FIFO): said once on stderr, as validate DIR says it.
      const warned = new Set<string>();
      for (const file of parsed.positionals) {
        const versionLookup = versionLookupOf(parsed.values, await pythons?.installed(file));
        const options = { ...diskReading(file, parsed.values, io), env: io.env, noDefault: parsed.values['no-default'] ?? false, versionLookup, readers, ...(urls ? { readUrl: urls, urlsFetched: true } : {}) };
        const loaded = loadFileFromDisk(file, options);
        for (const warning of loaded.warnings.filter((w) => !warned.has(w))) {
          warned.add(warning);
          io.stderr(`${warning}\n`);
        }
        versions.push({ file, neuroSan: loaded.neuroSan });
        const found = [...diagnosticsOf(loaded), ...(await reviewLoaded(loaded, file, io.cwd))];
        if (pythons) {
          const checked = await neuroSanFindings(file, toolboxOf(loaded).tools, loaded.kind === 'toolbox', pythons, io);
          found.push(...checked.diagnostics);
          checkLines.push(...checked.lines);
          environmentProblem ||= checked.environment;
        }
        found.sort(compareDiagnostics);
        for (const d of found) {
          // Two networks sharing one toolbox would report its problems twice.
          // The same file may be named relatively (given) and absolutely (a network's toolbox, found from the cwd).
          const key = `${path.resolve(io.cwd, d.file)}:${d.range.start.offset}:${d.rule}:${d.message}`;
          if (!seen.has(key)) {
            seen.add(key);
            all.push(d);
          }
        }
      }
      report(all, versions, checkLines, format, io);
      if (environmentProblem) return 2;
      return all.some((d) => d.severity === 'error') ? 1 : 0;
    } finally {
      await pythons?.dispose();
    }
  },
};

/** What `validate FILE...` prints, in the format asked for. */
function report(all: readonly ToolboxDiagnostic[], versions: readonly { file: string; neuroSan: ProjectNeuroSan }[], checkLines: readonly string[], format: string, io: CliIo): void {
  const checkedFor = byVersion(versions);
  if (format === 'sarif') {
    io.stdout(`${JSON.stringify(toSarif(all, io.cwd, { neuroSan: checkedFor }), null, 2)}\n`);
    for (const line of checkLines) io.stderr(`${line}\n`);
  } else if (format === 'json') {
    io.stdout(diagnosticsJson(all));
    for (const line of checkLines) io.stderr(`${line}\n`);
  } else if (format === 'json-report') {
    io.stdout(`${JSON.stringify({ neuroSan: checkedFor, diagnostics: plainDiagnostics(all) }, null, 2)}\n`);
    for (const line of checkLines) io.stderr(`${line}\n`);
  } else {
    for (const d of all) io.stdout(`${formatDiagnosticLine(d)}\n`);
    for (const line of checkLines) io.stdout(`${line}\n`);
    // The summary, last, as validate DIR ends with its own (a line scripts tell from problems: no file:line:column).
    for (const group of checkedFor) io.stdout(`${checkedFor.length > 1 ? `${group.files.join(', ')}: ` : ''}${neuroSanSummaryLine(group)}\n`);
  }
}

/**
 * `--fetch-includes`: what the given files (and the projects they lie in) include by URL, fetched and kept in the
 * state folder; each URL that could not be fetched is said on stderr. The reading's `readUrl`.
 */
async function fetchIncludes(positionals: readonly string[], isDir: boolean, io: CliIo): Promise<(url: string) => string | undefined> {
  const files = new Set<string>();
  for (const given of positionals) {
    const absolute = path.resolve(io.cwd, given);
    const roots = isDir ? projectsUnder(absolute).groups.map((g) => ({ root: g.root, files: g.files })) : [];
    const root = isDir ? undefined : projectRootOf(absolute);
    if (root !== undefined) roots.push({ root, files: listProjectFiles(root) });
    for (const group of roots) for (const f of group.files) files.add(path.join(group.root, f));
    if (!isDir) files.add(absolute);
  }
  const store = new UrlIncludeStore(defaultStateDir(io.env));
  for (const fetched of await store.fetchAll(urlIncludesOfFiles(files))) {
    if (fetched.problem !== null) io.stderr(`could not fetch ${fetched.url}: ${fetched.problem}\n`);
  }
  return store.read;
}

/** The files checked, grouped by the neuro-san version each was checked for (one group in the usual case). */
function byVersion(versions: readonly { file: string; neuroSan: ProjectNeuroSan }[]): (ProjectNeuroSan & { files: string[] })[] {
  const groups = new Map<string, ProjectNeuroSan & { files: string[] }>();
  for (const { file, neuroSan } of versions) {
    const key = `${neuroSan.version}\0${neuroSan.from}\0${neuroSan.how}`;
    const group = groups.get(key);
    if (group) group.files.push(file);
    else groups.set(key, { files: [file], ...neuroSan });
  }
  return [...groups.values()];
}

/** `--with-neuro-san` for one file, in the Python of its run settings: the findings as diagnostics, and the lines that say what was checked. */
async function neuroSanFindings(
  file: string,
  tools: readonly ToolEntry[],
  isToolbox: boolean,
  pythons: NeuroSanPythons,
  io: CliIo,
): Promise<{ diagnostics: ToolboxDiagnostic[]; lines: string[]; environment: boolean }> {
  if (!isToolbox) return { diagnostics: [], lines: [`${file}: the check with neuro-san takes a toolbox file; give the network's toolbox file.`], environment: false };
  const absolute = path.resolve(io.cwd, file);
  const { runner, context } = pythons.for(file);
  const python = context.settings.python.value;
  // neuro-san runs where the project's tools run; it is given the file as AGENT_TOOLBOX_INFO_FILE would name it from there.
  const cwd = context.settings.workingDirectory.value;
  try {
    const given = path.relative(cwd, absolute) || absolute;
    const result = await checkWithNeuroSan(runner, given, { cwd, env: context.runner.env ?? io.env });
    let text = '';
    try {
      text = readTextFileSync(absolute).text;
    } catch {
      // The file could not be read: its problem is already among the diagnostics.
    }
    return {
      diagnostics: neuroSanCheckDiagnostics(result, file, text, tools),
      lines: neuroSanCheckLines(result.check, file, python, result.differences),
      environment: result.check.installed && result.check.importError !== undefined,
    };
  } catch (error) {
    return { diagnostics: [], lines: [`${file}: the check with neuro-san could not run: ${errorMessage(error)}`], environment: false };
  }
}
