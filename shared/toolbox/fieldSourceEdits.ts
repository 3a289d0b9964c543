/**
 * Which definition an edit of a key changes, for a key whose value is not simply written once (see fieldSources.ts).
 * The form's fields and the CLI's `set` and `unset` follow these rules. A key whose winning definition is a plain
 * value of this file is edited there: an unset `${?VAR}` after it, or an earlier value it overrides, stays as it is.
 * A key whose value comes from a substitution or another file (or that only an unset `${?VAR}` sets) is not edited
 * until the user chooses how (`SourceChoice`); nothing is removed unless they choose to replace or remove them all.
 */
import {
  EditRefusedError,
  keyDefinitions,
  removeDefinition,
  removeDefinitionChecked,
  removeKey,
  removeKeyChecked,
  resolveHocon,
  setDefinition,
  setDefinitionChecked,
  setValue,
  setValueChecked,
  toJson,
  type KeyDefinition,
  type ResolveOptions,
  type TextEdit,
} from '../hocon/index';
import type { FieldSource, FieldSourceDefinition } from './fieldSources';

/** A key's definitions as the analysis (or `keySourceOf`) lists them. */
type SourceOfKey = FieldSource;
type Definition = FieldSourceDefinition;

/**
 * 'override': write the value in place of the winning substitution (the environment, or the key it copies, no longer
 * applies); 'base': change the value the override overrides (what applies once it is unset); 'both': one definition
 * with the value, the others removed; 'here': set it in this file, over an included file's definition.
 */
export type SourceChoice = 'override' | 'base' | 'both' | 'here';

/** Where a key's edits go: straight to the definition that wins, or only once the user has chosen. */
export type EditTarget = { direct: true } | { direct: false; choices: SourceChoice[] };

const isPlain = (d: Pick<Definition, 'kind'> | undefined) => d !== undefined && (d.kind === 'value' || d.kind === 'object');
const isPlainHere = (d: Definition | undefined) => d !== undefined && d.where === 'here' && isPlain(d);

/** The plain value of this file the winner overrides (the last before it), or -1. */
export function baseOf(source: SourceOfKey): number {
  for (let i = source.winner - 1; i >= 0; i--) if (isPlainHere(source.definitions[i])) return i;
  return -1;
}

export function editTarget(source: SourceOfKey | undefined): EditTarget {
  if (source === undefined) return { direct: true };
  const winner = source.definitions[source.winner];
  // An override of this file after the winner that finds nothing now (its variable unset) applies once it is set.
  const overrideAfter = source.definitions.some((d, i) => i > source.winner && d.where === 'here' && !isPlain(d));
  if (isPlainHere(winner) || (winner?.where === 'default' && !overrideAfter)) return { direct: true };
  if (winner?.where === 'include') return { direct: false, choices: ['here'] };
  const choices: SourceChoice[] = ['override'];
  if (baseOf(source) >= 0) choices.push('base');
  if (source.definitions.filter((d) => d.where === 'here').length > 1) choices.push('both');
  return { direct: false, choices };
}

/**
 * Whether removing the key needs the user's choice: it has several definitions in this file and one of them is a
 * substitution, an expression or an append (an override the user may mean to keep).
 */
export function removalNeedsChoice(source: SourceOfKey | undefined): boolean {
  const here = source?.definitions.filter((d) => d.where === 'here') ?? [];
  return here.length > 1 && here.some((d) => !isPlain(d));
}

/** The environment as far as the analysis told it (a hidden value stands in as a placeholder): for checking edits. */
export function knownEnvironment(source: SourceOfKey | undefined): Record<string, string> {
  const env: Record<string, string> = {};
  for (const d of source?.definitions ?? []) {
    for (const r of d.references) if (r.from === 'environment' && r.set) env[r.name] = r.value ?? '(hidden)';
  }
  return env;
}

export interface SourceEditOptions {
  /** Resolve before and after and refuse an edit that does not do exactly that (see shared/hocon/checkedEdits.ts). */
  checked: boolean;
  /** How the text is resolved for the check; its environment defaults to what the analysis said (`knownEnvironment`). */
  resolve?: ResolveOptions;
}

/** The user's pick: one of the choices `editTarget` offers, or one definition by its place in `source.definitions`. */
export type EditChoice = SourceChoice | { definition: number } | undefined;

const describe = (keys: readonly string[]) => `'${keys.join('.')}'`;

/** The definition of the text that `source.definitions[n]` is (by offset), or a refusal saying why there is none. */
function textIndexOf(inText: readonly KeyDefinition[], source: SourceOfKey | undefined, n: number, keys: readonly string[]): number {
  const chosen = source?.definitions[n];
  if (chosen === undefined) throw new EditRefusedError(`Not changed: ${describe(keys)} has no definition ${n + 1} (it has ${source?.definitions.length ?? 0}).`);
  if (chosen.where !== 'here') {
    throw new EditRefusedError(`Not changed: definition ${n + 1} of ${describe(keys)} is ${chosen.where === 'default' ? "the default toolbox's" : `in ${chosen.file}, an included file`}: edit it there.`);
  }
  const index = inText.findIndex((d) => d.valueStart === chosen.range.start.offset);
  if (index < 0) throw new EditRefusedError(`Not changed: definition ${n + 1} of ${describe(keys)} is not where the analysis saw it (the text changed): try again.`);
  return index;
}

/**
 * The edits that set `keys` to `valueText` in `text` as `choice` says (undefined: a direct edit). Throws
 * EditRefusedError with the reason.
 *
 * The definitions are those of `text` now (the form's analysis may lag behind a burst of typing); `source` says what
 * the environment holds (a variable it has not heard of counts as unset: the override stays).
 */
export function sourceEdits(text: string, keys: string[], valueText: string, source: SourceOfKey | undefined, choice: EditChoice, options: SourceEditOptions): TextEdit[] {
  const env = options.resolve?.env ?? knownEnvironment(source);
  const resolve: ResolveOptions = { ...options.resolve, env };
  const insert = () => (options.checked ? setValueChecked(text, keys, valueText, { resolve }) : setValue(text, keys, valueText));
  if (choice === 'here' || (source === undefined && choice === undefined && !text.includes('${'))) return insert();
  const inText = keyDefinitions(text, keys);
  const setDefinitionAt = (index: number, wins: boolean, remove: number[] = []) =>
    options.checked
      ? setDefinitionChecked(text, keys, valueText, { index, remove, wins }, { resolve })
      : [...setDefinition(text, keys, index, valueText), ...remove.flatMap((i) => removeDefinition(text, keys, i))];
  if (typeof choice === 'object') {
    // A definition after the winner sets nothing now (an unset override): with a value, it is the one that wins.
    return setDefinitionAt(textIndexOf(inText, source, choice.definition, keys), choice.definition >= (source?.winner ?? -1));
  }
  if (inText.length === 0) return insert();
  const setsNothing = (d: KeyDefinition) => d.kind === 'substitution' && d.references[0]?.optional === true && env[d.references[0].path.join('.')] === undefined && !inFile(source, d);
  let winner = inText.length - 1;
  while (winner >= 0 && setsNothing(inText[winner]!)) winner--;
  let base = winner - 1;
  while (base >= 0 && !isPlain(inText[base])) base--;
  if (choice === 'base' && base >= 0) return setDefinitionAt(base, false);
  if (choice === 'both') {
    const index = base >= 0 ? base : Math.max(winner, 0);
    return setDefinitionAt(
      index,
      true,
      inText.map((_, i) => i).filter((i) => i !== index),
    );
  }
  if (choice === undefined && !isPlain(inText[winner])) {
    const shown = inText.map((d) => text.slice(d.valueStart, d.valueEnd)).join(', then ');
    throw new EditRefusedError(`Not changed: ${describe(keys.slice(1))} is set by ${shown}; choose which to change (the override, the base or both), or edit it in the text.`);
  }
  return setDefinitionAt(winner < 0 ? inText.length - 1 : winner, true);
}

/**
 * The edits that remove `keys` from `text`: every definition (the default, and `'all'`), or one (`{ definition }`).
 * A key with an override among several definitions is removed whole only when the user chose it: refused otherwise.
 */
export function sourceRemovals(text: string, keys: string[], source: SourceOfKey | undefined, choice: 'all' | { definition: number } | undefined, options: SourceEditOptions): TextEdit[] {
  const resolve: ResolveOptions = { ...options.resolve, env: options.resolve?.env ?? knownEnvironment(source) };
  if (typeof choice === 'object') {
    const index = textIndexOf(keyDefinitions(text, keys), source, choice.definition, keys);
    return options.checked ? removeDefinitionChecked(text, keys, index, { resolve }) : removeDefinition(text, keys, index);
  }
  if (choice === undefined && removalNeedsChoice(source)) {
    const shown = keyDefinitions(text, keys)
      .map((d) => text.slice(d.valueStart, d.valueEnd))
      .join(', then ');
    throw new EditRefusedError(`Not changed: ${describe(keys)} is set by ${shown}; removing it would remove the override too: choose to remove every definition, or edit it in the text.`);
  }
  return options.checked ? removeKeyChecked(text, keys, { resolve }) : removeKey(text, keys);
}

/** Whether the analysis found a substitution's path as a key of the file (so it is set whatever the environment). */
function inFile(source: SourceOfKey | undefined, d: KeyDefinition): boolean {
  const name = d.references[0]?.path.join('.');
  return source?.definitions.some((s) => s.references.some((r) => r.name === name && r.from === 'file')) ?? false;
}

/** What the form's field shows while editing the base: that definition's own value (the key has the override's). */
export function baseValue(source: SourceOfKey): { value: unknown } | undefined {
  const base = source.definitions[baseOf(source)];
  // The analysis shortens long values: those the field cannot show as the base's.
  if (base === undefined || base.text.endsWith('…')) return undefined;
  const read = resolveHocon(`x = ${base.text}`);
  return read.ok ? { value: (toJson(read.value) as { x: unknown }).x } : undefined;
}
