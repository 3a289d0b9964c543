/** `toolbox-editor scaffold FILE TOOL`: writes a coded tool's Python module from its entry (node/scaffold/). */
import path from 'node:path';
import { ToolRunner } from '../../python';
import { defaultScaffoldRoot, scaffoldTool, ScaffoldError } from '../../scaffold/scaffoldTool';
import { loadToolSpecs } from '../../toolbox';
import { parseCommandLine, UsageError, type CliCommand } from '../command';
import { PYTHON_OPTION_HELP, PYTHON_OPTION_SPECS, pythonSettings } from './pythonCliSupport';

export const scaffoldCommand: CliCommand = {
  name: 'scaffold',
  summary: "write a coded tool's Python module from its entry (class name, description, parameters); never overwrites",
  usage: [
    'Usage: toolbox-editor scaffold FILE TOOL [--root DIR] [--python P] [--pythonpath DIR]...',
    '',
    "Writes the module TOOL's class names (module.Class -> DIR/module.py, pkg.module.Class -> DIR/pkg/module.py",
    "with pkg/__init__.py) holding a subclass of neuro-san's CodedTool (a plain class and a comment when the",
    'interpreter cannot import neuro-san), its description as docstring, and invoke/async_invoke that read each',
    'declared parameter and answer "Not implemented: ...". It runs at once with `toolbox-editor call`.',
    'An existing file is never overwritten (exit 1).',
    '',
    'Options:',
    '  --root DIR              the folder the module path starts from (default: AGENT_TOOL_PATH when it is a',
    '                          folder, else the first --pythonpath, else the folder of FILE)',
    ...PYTHON_OPTION_HELP,
  ].join('\n'),
  async run(args, io) {
    const parsed = parseCommandLine(args, { ...PYTHON_OPTION_SPECS, root: { type: 'string' } });
    if (parsed.positionals.length !== 2) throw new UsageError('give a toolbox FILE and a TOOL name');
    const [file, tool] = parsed.positionals as [string, string];
    const settings = pythonSettings(parsed.values);
    const specs = await loadToolSpecs(path.resolve(io.cwd, file), { cwd: io.cwd, env: io.env, withDefaults: settings.withDefaults });
    const spec = specs.specs.find((s) => s.name === tool);
    if (!spec) {
      const problem = specs.problems.find((p) => p.tool === tool);
      io.stderr(`toolbox-editor scaffold: ${problem ? problem.message : `no tool '${tool}' in ${file}`}\n`);
      return 1;
    }
    const agentToolPath = settings.agentToolPath ?? io.env.AGENT_TOOL_PATH;
    const root =
      parsed.values.root !== undefined
        ? path.resolve(io.cwd, parsed.values.root)
        : defaultScaffoldRoot({ ...(agentToolPath !== undefined ? { agentToolPath } : {}), pythonPath: settings.pythonPath, toolboxFile: file, cwd: io.cwd });
    const runner = new ToolRunner({
      env: io.env,
      cwd: io.cwd,
      pythonPath: settings.pythonPath,
      ...(settings.python !== undefined ? { python: settings.python } : {}),
    });
    try {
      const result = await scaffoldTool(spec, { root, runner, cwd: io.cwd, ...(settings.python !== undefined ? { python: settings.python } : {}) });
      for (const created of result.created) io.stdout(`wrote ${created}\n`);
      if (!result.codedToolBase) io.stdout(`neuro-san is not importable here: ${spec.className} is a plain class for now (see the comment above it).\n`);
      const onPath = settings.pythonPath.some((p) => path.resolve(io.cwd, p) === root);
      io.stdout(`Run it: toolbox-editor call ${file} ${tool}${onPath ? '' : ` --pythonpath ${root}`}\n`);
      return 0;
    } catch (error) {
      if (error instanceof ScaffoldError) {
        io.stderr(`toolbox-editor scaffold: ${error.message}\n`);
        return 1;
      }
      throw error;
    } finally {
      await runner.dispose();
    }
  },
};
