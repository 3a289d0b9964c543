/** `toolbox-editor scaffold FILE TOOL`: writes a coded tool's Python module from its entry (node/scaffold/). */
import path from 'node:path';
import { pythonSearchOf } from '../../python/pythonFiles';
import { defaultScaffoldRoot, scaffoldTool, ScaffoldError } from '../../scaffold/scaffoldTool';
import { parseCommandLine, UsageError, type CliCommand } from '../command';
import { readForRun, RUN_OPTION_HELP, RUN_OPTION_SPECS } from './runCliSupport';
import { recordToolRoot } from '../../run/runSettingsWrite';
import { errorMessage } from '../../../shared/errorMessage';

export const scaffoldCommand: CliCommand = {
  name: 'scaffold',
  usage: [
    'Usage: toolbox-editor scaffold FILE TOOL [--root DIR] [--python P] [--pythonpath DIR]...',
    '',
    "Writes the module TOOL's class names (module.Class -> DIR/module.py, pkg.module.Class -> DIR/pkg/module.py",
    "with pkg/__init__.py) holding a subclass of neuro-san's CodedTool (a plain class and a comment when the",
    'interpreter cannot import neuro-san), its description as docstring, and invoke/async_invoke that read each',
    'declared parameter and answer "Not implemented: ...". It runs at once with `toolbox-editor call`.',
    'An existing file is never overwritten (exit 1). The root is recorded in the project\'s run settings (toolRoot, and',
    'pythonPath when runs would not look there), so `call` and `test` find the class from anywhere.',
    '',
    'Options:',
    "  --root DIR              the folder the module path starts from (default: the run settings' toolRoot, else",
    "                          AGENT_TOOL_PATH's folder (a module path such as coded_tools: the PYTHONPATH folder",
    '                          holding it), else the first PYTHONPATH folder of the project)',
    ...RUN_OPTION_HELP,
  ].join('\n'),
  async run(args, io) {
    const parsed = parseCommandLine(args, { ...RUN_OPTION_SPECS, root: { type: 'string' } });
    if (parsed.positionals.length !== 2) throw new UsageError('give a toolbox FILE and a TOOL name');
    const [file, tool] = parsed.positionals as [string, string];
    const { specs, context } = readForRun(file, io, parsed.values);
    const spec = specs.specs.find((s) => s.name === tool);
    if (!spec) {
      const problem = specs.problems.find((p) => p.tool === tool);
      io.stderr(`toolbox-editor scaffold: ${problem ? problem.message : `no tool '${tool}' in ${file}`}\n`);
      return 1;
    }
    const root = parsed.values.root !== undefined ? path.resolve(io.cwd, parsed.values.root) : defaultScaffoldRoot(context.settings, path.resolve(io.cwd, file));
    try {
      // No Python runs: whether the module exists and neuro-san is installed are read from the runs' search path.
      const result = await scaffoldTool(spec, { root, toolboxFile: path.resolve(io.cwd, file), search: pythonSearchOf(context.runner), cwd: io.cwd, python: context.settings.python.value, rootGiven: parsed.values.root !== undefined });
      for (const created of result.created) io.stdout(`wrote ${created}\n`);
      if (!result.codedToolBase) io.stdout(`neuro-san is not importable here: ${spec.className} is a plain class for now (see the comment above it).\n`);
      // The root goes into the project's run settings, as the app's "Create Python class" does: runs find it.
      try {
        const { addedToPythonPath } = await recordToolRoot(context.settings, root);
        io.stdout(`recorded ${root} in ${context.settings.file.path}${addedToPythonPath ? ' (toolRoot and pythonPath)' : ' (toolRoot)'}\n`);
      } catch (error) {
        io.stderr(`toolbox-editor scaffold: ${root} was not recorded in ${context.settings.file.path}: ${errorMessage(error)}\n`);
      }
      io.stdout(`Run it: toolbox-editor call ${file} ${tool}\n`);
      return 0;
    } catch (error) {
      if (error instanceof ScaffoldError) {
        io.stderr(`toolbox-editor scaffold: ${error.message}\n`);
        return 1;
      }
      throw error;
    }
  },
};
