/**
 * The project's settings file, `.toolbox-editor.json` (its `run` section: docs/testing.md, "Run settings"): where it is for a
 * toolbox, and what it says. Read as a small regular file; nothing here runs project code. The run settings
 * (runSettingsOnDisk.ts) and neuro-san's working directory (node/neurosan/neuroSanFiles.ts) both start here.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { errorMessage } from '../../shared/errorMessage';
import { readJsonText, describeJsonSyntaxError } from '../../shared/hocon/index';
import { REVIEW_SETTINGS_FILE } from '../../shared/toolbox/index';
import { readRunSection, type RunSettingsSection } from '../../shared/run/index';
import { readRegularFileSync } from '../files/regularFile';
import { projectRootOf } from '../project/projectSettingsOnDisk';

/** The run settings live in the same file as the description checks' settings. */
export const SETTINGS_FILE = REVIEW_SETTINGS_FILE;

/** A settings file is a few hundred bytes; anything past this is not one (and a FIFO or device is never read). */
const SETTINGS_MAX_BYTES = 1024 * 1024;

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

function exists(file: string): boolean {
  try {
    statSync(file);
    return true;
  } catch {
    return false;
  }
}

/** The settings file's whole JSON value and its `run` section; what is wrong, in words (the rest still applies). */
export function readSettingsFile(file: string): { exists: boolean; value: Record<string, unknown> | undefined; section: RunSettingsSection; problems: string[] } {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(readRegularFileSync(file, SETTINGS_MAX_BYTES).bytes);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || !exists(file)) return { exists: false, value: undefined, section: {}, problems: [] };
    return { exists: true, value: undefined, section: {}, problems: [`cannot be read: ${errorMessage(error)}`] };
  }
  const read = readJsonText(text);
  if (!read.ok) return { exists: true, value: undefined, section: {}, problems: [`not JSON: ${describeJsonSyntaxError(read.error)}`] };
  if (read.value === null || typeof read.value !== 'object' || Array.isArray(read.value)) return { exists: true, value: undefined, section: {}, problems: ['must be a JSON object'] };
  const value = read.value as Record<string, unknown>;
  const { section, problems } = readRunSection(value.run);
  return { exists: true, value, section, problems };
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
