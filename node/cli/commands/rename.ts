/**
 * `toolbox-editor rename FILE|DIR OLD NEW [--write]`: what the app's project rename does, on the command line. The
 * tool's key in the toolbox, every network agent of the project that uses it, its saved test cases
 * (`<toolbox>.tests.json`) and its runs in the test-run history move to the new name. Without --write it only shows
 * the edits; with it, every file is read and checked before the first is written (all or nothing).
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { keyOrigin } from '../../../shared/toolbox/index';
import { planToolRename, type PlannedEdit } from '../../../shared/project/renameTool';
import { HistoryStore } from '../../history/historyStore';
import { ProjectService } from '../../project/projectService';
import { findProjectRoot, projectRootOf } from '../../project/projectSettingsOnDisk';
import { projectHost } from '../../project/projectOnDisk';
import { stateDirsOf } from '../../state/userState';
import { loadFileFromDisk, toolboxOf } from '../../workspace/toolboxOnDisk';
import { ApiError } from '../../../shared/api/index';
import { parseCommandLine, UsageError, type CliCommand, type CliIo } from '../command';
import { reportUnreadFiles } from './toolboxCliSupport';

export const renameCommand: CliCommand = {
  name: 'rename',
  usage: [
    'Usage: toolbox-editor rename FILE|DIR OLD NEW [--write] [--state-dir DIR]',
    '',
    "Renames the tool OLD to NEW as the app's project rename does: its key in the toolbox (every definition, quoting",
    "kept), each network agent's \"toolbox\": \"OLD\" in the project, the saved test cases of it beside the toolbox",
    '(<toolbox>.tests.json), and its runs in the test-run history. DIR (or a FILE in it) is a neuro-san project (a folder',
    "holding registries/): its toolbox is the one renamed in. A FILE outside a project: that toolbox and its cases.",
    'Prints each edit; nothing is written without --write, and then all files or none (each is read and checked',
    'before the first is written). Exits 1 when the rename cannot be made (the reason says why).',
    '',
    'Options:',
    '  --write                 apply the edits',
    "  --state-dir DIR         the state folder whose test-run history moves along (default: $TOOLBOX_EDITOR_STATE_DIR,",
    "                          else the desktop app's and browser mode's, each that exists: ~/.config/toolbox-editor on",
    "                          Linux; ~/Library/Application Support/toolbox-editor and ~/.config/toolbox-editor on macOS;",
    "                          %APPDATA%\\toolbox-editor and ~/.config/toolbox-editor on Windows)",
  ].join('\n'),
  async run(args, io) {
    const { values, positionals } = parseCommandLine(args, { write: { type: 'boolean' }, 'state-dir': { type: 'string' } });
    if (positionals.length !== 3) throw new UsageError('give a toolbox FILE (or a project DIR), the tool OLD and its NEW name');
    const [given, tool, newName] = positionals as [string, string, string];
    const target = path.resolve(io.cwd, given);
    const planned = await planFor(target, tool, newName, io);
    if ('problem' in planned) {
      io.stderr(`toolbox-editor rename: ${planned.problem}\n`);
      return 1;
    }
    const { root, toolbox, edits } = planned;
    for (const e of edits) io.stdout(`${e.file}:${e.line}: ${e.before}\n${' '.repeat(e.file.length + String(e.line).length + 2)}${e.after}\n`);
    const files = new Set(edits.map((e) => e.file)).size;
    const counted = `${edits.length} edit${edits.length === 1 ? '' : 's'} in ${files} file${files === 1 ? '' : 's'}`;
    if (!values.write) {
      io.stdout(`${counted}; nothing written (run again with --write to apply)\n`);
      return 0;
    }
    try {
      await new ProjectService(io.cwd, io.env).applyEdits(root, edits);
    } catch (error) {
      io.stderr(`toolbox-editor rename: nothing was renamed: ${(error as Error).message}\n`);
      return 1;
    }
    // The runs move in every state folder that keeps them: the desktop app's and browser mode's differ off Linux.
    const stateDirs = values['state-dir'] !== undefined ? [path.resolve(io.cwd, values['state-dir'])] : stateDirsOf(io.env);
    for (const stateDir of stateDirs) await new HistoryStore(stateDir).rename(toolbox, tool, newName);
    io.stdout(`renamed '${tool}' to '${newName}': ${counted}; its runs in ${stateDirs.map((d) => `${d}'s`).join(' and ')} history moved too\n`);
    return 0;
  },
};

type Plan = { root: string; toolbox: string; edits: PlannedEdit[] } | { problem: string };

async function planFor(target: string, tool: string, newName: string, io: CliIo): Promise<Plan> {
  let isDirectory: boolean;
  try {
    isDirectory = statSync(target).isDirectory();
  } catch {
    return { problem: `${target} does not exist` };
  }
  const projectRoot = isDirectory ? findProjectRoot(target) : projectRootOf(target);
  const service = new ProjectService(io.cwd, io.env);
  if (projectRoot !== undefined) {
    const project = await service.open(projectRoot);
    const toolboxPath = project.toolbox ? path.resolve(project.root, project.toolbox.path) : undefined;
    if (isDirectory || toolboxPath === target) {
      if (!toolboxPath) return { problem: `the project at ${project.root} has no toolbox file` };
      try {
        return { root: project.root, toolbox: toolboxPath, edits: (await service.renamePreview(project.root, tool, newName)).edits };
      } catch (error) {
        return { problem: error instanceof ApiError ? error.message : String(error) };
      }
    }
  }
  if (isDirectory) return { problem: `${target} is not a neuro-san project (no folder upward holds registries/): give its toolbox file` };
  // A toolbox file of its own: its key, and its cases.
  const root = path.dirname(target);
  const loaded = loadFileFromDisk(target, { cwd: root, env: io.env, reading: 'neuro-san', projectRoot: null });
  if (loaded.kind !== 'toolbox') return { problem: `${target} is an agent network: give its toolbox file, or the project folder` };
  if (reportUnreadFiles(toolboxOf(loaded).diagnostics, io) > 0) return { problem: `${target} cannot be read whole (above): nothing to rename in` };
  const tools = toolboxOf(loaded).tools.map((t) => ({ name: t.name, origin: t.origin, file: path.relative(root, keyOrigin(t.field).source.name), line: 1, errors: 0, users: [] }));
  const host = projectHost(root);
  const plan = planToolRename({ toolbox: { path: path.basename(target), from: 'project setting' }, tools }, tool, newName, (file) => {
    const text = host.readFile(file);
    return typeof text === 'string' ? text : undefined;
  });
  return plan.ok ? { root, toolbox: target, edits: plan.edits } : { problem: plan.problem };
}
