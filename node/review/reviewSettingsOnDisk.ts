/**
 * The review settings that apply to a toolbox file, from its `.toolbox-editor.json` (shared/toolbox/reviewSettings.ts
 * reads the text). Apart from the review itself so that what only needs the settings (the neuro-san version a
 * project runs: node/neurosan/projectVersion.ts) does not import what reads toolboxes (issue #34's import cycles).
 */
import { statSync, type Stats } from 'node:fs';
import { errorMessage } from '../../shared/errorMessage';
import { readReviewSettings, type ReviewSettings } from '../../shared/toolbox/index';
import { readRegularFileSync } from '../files/regularFile';
import { settingsFileFor } from '../run/settingsFile';

/** A settings file is a few hundred bytes; anything past this is not one (and a FIFO or device is never read). */
const SETTINGS_MAX_BYTES = 1024 * 1024;

/**
 * The last settings read per file, with the stat they were read at. The live analysis asks on every keystroke: a
 * stat is cheap, a read and a parse per keystroke are not, so the file is read again only when it changed.
 */
const settingsCache = new Map<string, { stamp: string; settings: ReviewSettings }>();

/**
 * Reads the settings file of `toolboxFile` (absolute): the one `.toolbox-editor.json` that applies to it, beside it else
 * at its project's root (settingsFileFor); the defaults when there is none.
 */
/** The stamp of a settings file that does not exist. */
const MISSING = 'missing';

export function reviewSettingsFor(toolboxFile: string): { file: string; settings: ReviewSettings } {
  const file = settingsFileFor(toolboxFile).path;
  let info: Stats;
  try {
    info = statSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      // The defaults, the same object while there is no file: a review kept for them stays good (reviewToolbox.ts).
      const missing = settingsCache.get(file);
      if (missing?.stamp === MISSING) return { file, settings: missing.settings };
      const settings = readReviewSettings(undefined);
      settingsCache.set(file, { stamp: MISSING, settings });
      return { file, settings };
    }
    settingsCache.delete(file);
    return { file, settings: unreadable(error) };
  }
  const stamp = `${info.ino}:${info.size}:${info.mtimeMs}:${info.ctimeMs}`;
  const cached = settingsCache.get(file);
  if (cached?.stamp === stamp) return { file, settings: cached.settings };
  let settings: ReviewSettings;
  try {
    settings = readReviewSettings(new TextDecoder().decode(readRegularFileSync(file, SETTINGS_MAX_BYTES).bytes));
  } catch (error) {
    settings = unreadable(error);
  }
  settingsCache.set(file, { stamp, settings });
  return { file, settings };
}

function unreadable(error: unknown): ReviewSettings {
  return { ...readReviewSettings(undefined), problems: [`cannot be read: ${errorMessage(error)}`] };
}
