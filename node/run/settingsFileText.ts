/**
 * What a `.toolbox-editor.json` says (settingsFile.ts finds which one applies), read as a small regular file: its
 * JSON value, its `run` section, and what is wrong with it in words. Apart from settingsFile.ts so that a project's
 * place (projectPlacement.ts, which settingsFile.ts asks) can read one too.
 */
import { errorMessage } from '../../shared/errorMessage';
import { readJsonText, describeJsonSyntaxError } from '../../shared/hocon/index';
import { readRunSection, type RunSettingsSection } from '../../shared/run/index';
import { readRegularFileSync } from '../files/regularFile';
import { statSync } from 'node:fs';

/** A settings file is a few hundred bytes; anything past this is not one (and a FIFO or device is never read). */
const SETTINGS_MAX_BYTES = 1024 * 1024;

/** The settings file's whole JSON value and its `run` section; what is wrong, in words (the rest still applies). */
export function readSettingsFile(file: string): { exists: boolean; value: Record<string, unknown> | undefined; section: RunSettingsSection; problems: string[] } {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(readRegularFileSync(file, SETTINGS_MAX_BYTES).bytes);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || !fileExists(file)) return { exists: false, value: undefined, section: {}, problems: [] };
    return { exists: true, value: undefined, section: {}, problems: [`cannot be read: ${errorMessage(error)}`] };
  }
  const read = readJsonText(text);
  if (!read.ok) return { exists: true, value: undefined, section: {}, problems: [`not JSON: ${describeJsonSyntaxError(read.error)}`] };
  if (read.value === null || typeof read.value !== 'object' || Array.isArray(read.value)) return { exists: true, value: undefined, section: {}, problems: ['must be a JSON object'] };
  const value = read.value as Record<string, unknown>;
  const { section, problems } = readRunSection(value.run);
  return { exists: true, value, section, problems };
}

/** Whether anything is at `file` (a file, a folder, a FIFO). */
export function fileExists(file: string): boolean {
  try {
    statSync(file);
    return true;
  } catch {
    return false;
  }
}
