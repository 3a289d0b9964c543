/**
 * The project's settings file, `.toolbox-editor.json` (its `run` section: docs/testing.md, "Run settings"): where it is for a
 * toolbox, and what it says. Read as a small regular file; nothing here runs project code. The run settings
 * (runSettingsOnDisk.ts) and neuro-san's working directory (node/neurosan/neuroSanFiles.ts) both start here.
 */
import path from 'node:path';
import { REVIEW_SETTINGS_FILE } from '../../shared/toolbox/index';
import { projectRootOf } from '../project/projectSettingsOnDisk';
import { fileExists as exists, readSettingsFile } from './settingsFileText';

export { readSettingsFile } from './settingsFileText';

/** The run settings live in the same file as the description checks' settings. */
export const SETTINGS_FILE = REVIEW_SETTINGS_FILE;

/**
 * The one rule for which `.toolbox-editor.json` applies to a file (docs/testing.md, "The settings file"): the one beside it, else
 * the one at the root of the neuro-san project it lies in (the folder upward holding `registries/`). The file found
 * applies whole (its checks, its run section, its neuroSanVersion); two are never merged. When neither exists, `path`
 * is where one is written: the project's root, else beside the file. The description checks (reviewSettingsFor), the
 * run settings (runSettingsOnDisk.ts), neuro-san's working directory (node/neurosan/neuroSanFiles.ts) and the
 * project's neuro-san version (node/neurosan/projectVersion.ts, asked for the project's root) all find it here.
 */
export function settingsFileFor(toolboxFile: string): { path: string; exists: boolean } {
  const beside = path.join(path.dirname(toolboxFile), SETTINGS_FILE);
  if (exists(beside)) return { path: beside, exists: true };
  const root = projectRootOf(toolboxFile);
  if (root !== undefined) {
    const atRoot = path.join(root, SETTINGS_FILE);
    return { path: atRoot, exists: exists(atRoot) };
  }
  return { path: beside, exists: false };
}

/**
 * `run.workingDirectory` of the toolbox's settings file, absolute, when it sets one: the folder the project's tools run
 * in, and so where neuro-san (run there) finds a top-level include.
 */
export function settingsWorkingDirectory(toolboxFile: string): { path: string; file: string } | undefined {
  const located = settingsFileFor(toolboxFile);
  if (!located.exists) return undefined;
  const set = readSettingsFile(located.path).section.workingDirectory;
  return set === undefined ? undefined : { path: path.resolve(path.dirname(located.path), set), file: located.path };
}
