import { applyEdits, formatHocon, resolveHocon, toJsonText, type FormatOptions, type FormatRange, type IncludeHost, type TextEdit } from '../hocon/index';
import { readAsNeuroSan, type PyhoconIncludeHost } from '../neurosan/index';

/**
 * Formatting that proves itself: the edits `formatHocon` makes are kept only when the formatted text reads as the
 * same value as the original in both readings — the HOCON specification's (shared/hocon) and neuro-san's
 * (shared/neurosan, pyhocon's rules) — and formatting it again changes nothing. A text either reading cannot read
 * is compared by how it fails. The formatter is built not to change a value; this is the guard that no rule of it
 * can silently do so, and the reason named when it refuses.
 */
export interface FormatCheckOptions {
  /** The file's path (absolute for includes to be found). */
  file: string;
  /** Reads included files, for both readings; without it, includes are missing in both (equally). */
  host?: IncludeHost & PyhoconIncludeHost;
  /** neuro-san's working directory (a top-level include is read from there). */
  cwd?: string;
  env?: Record<string, string | undefined>;
}

export type CheckedFormat =
  | { ok: true; edits: TextEdit[]; text: string }
  | { ok: false; message: string; line?: number; column?: number };

export function formatChecked(text: string, format: FormatOptions, check: FormatCheckOptions, range?: FormatRange): CheckedFormat {
  const options = { ...format, json: format.json ?? /\.json$/i.test(check.file) };
  const result = formatHocon(text, options, range, check.file);
  if (!result.ok) return result;
  if (result.edits.length === 0) return { ok: true, edits: [], text };
  const formatted = applyEdits(text, result.edits);
  const before = readings(text, check);
  const after = readings(formatted, check);
  if (before.spec !== after.spec) return refused("the HOCON specification's");
  if (before.neuroSan !== after.neuroSan) return refused("neuro-san's");
  const again = formatHocon(formatted, options, undefined, check.file);
  if (!again.ok || again.edits.length > 0) return { ok: false, message: 'Formatting was left undone: formatting its result again would change it (a bug in the formatter).' };
  return { ok: true, edits: result.edits, text: formatted };
}

function refused(reading: string): CheckedFormat {
  return { ok: false, message: `Formatting was left undone: it would change a value in ${reading} reading (a bug in the formatter).` };
}

/** Each reading as one comparable string: the value's JSON text, or how it failed (positions left out). */
function readings(text: string, check: FormatCheckOptions): { spec: string; neuroSan: string } {
  const spec = resolveHocon(text, { fileName: check.file, ...(check.host ? { host: check.host } : {}), ...(check.cwd ? { cwd: check.cwd } : {}), env: check.env ?? {} });
  const errors = spec.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message);
  const specText = `${toJsonText(spec.value, { reader: 'python' })}\n${errors.join('\n')}`;
  const neuro = readAsNeuroSan(text, { file: check.file, checkFileName: false, ...(check.host ? { host: check.host } : {}), ...(check.cwd ? { cwd: check.cwd } : {}), env: check.env ?? {} });
  const neuroText = neuro.ok ? neuro.jsonText() : `failed: ${neuro.failure.type}`;
  return { spec: specText, neuroSan: neuroText };
}
