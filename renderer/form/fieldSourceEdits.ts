/**
 * Which definition a form edit changes, for a field whose value is not simply written once (see
 * shared/toolbox/fieldSources.ts). A field whose winning definition is a plain value of this file is edited there:
 * an unset `${?VAR}` after it, or an earlier value it overrides, stays as it is. A field whose value comes from a
 * substitution or another file is not edited until the user chooses how (`SourceChoice`); nothing is removed
 * unless they choose to replace both.
 */
import {
  EditRefusedError,
  keyDefinitions,
  removeDefinition,
  resolveHocon,
  setDefinition,
  setDefinitionChecked,
  setValue,
  setValueChecked,
  toJson,
  type KeyDefinition,
  type TextEdit,
} from '../../shared/hocon';
import type { FieldSourceDto } from '../../shared/api/index';

/**
 * 'override': write the value in place of the winning substitution (the environment, or the key it copies, no longer
 * applies); 'base': change the value the override overrides (what applies once it is unset); 'both': one definition
 * with the value, the others removed; 'here': set it in this file, over an included file's definition.
 */
export type SourceChoice = 'override' | 'base' | 'both' | 'here';

type Definition = FieldSourceDto['definitions'][number];

/** Where a field's edits go: straight to the definition that wins, or only once the user has chosen. */
export type EditTarget = { direct: true } | { direct: false; choices: SourceChoice[] };

const isPlainHere = (d: Definition | undefined) => d !== undefined && d.where === 'here' && (d.kind === 'value' || d.kind === 'object');

/** The plain value of this file the winner overrides (the last before it), or -1. */
export function baseOf(source: FieldSourceDto): number {
  for (let i = source.winner - 1; i >= 0; i--) if (isPlainHere(source.definitions[i])) return i;
  return -1;
}

export function editTarget(source: FieldSourceDto | undefined): EditTarget {
  if (source === undefined) return { direct: true };
  const winner = source.definitions[source.winner];
  if (winner === undefined) return { direct: false, choices: ['override'] };
  if (winner.where === 'default' || isPlainHere(winner)) return { direct: true };
  if (winner.where === 'include') return { direct: false, choices: ['here'] };
  const choices: SourceChoice[] = ['override'];
  if (baseOf(source) >= 0) choices.push('base');
  if (source.definitions.filter((d) => d.where === 'here').length > 1) choices.push('both');
  return { direct: false, choices };
}

/** The environment as far as the analysis told it (a hidden value stands in as a placeholder): for checking edits. */
export function knownEnvironment(source: FieldSourceDto | undefined): Record<string, string> {
  const env: Record<string, string> = {};
  for (const d of source?.definitions ?? []) {
    for (const r of d.references) if (r.from === 'environment' && r.set) env[r.name] = r.value ?? '(hidden)';
  }
  return env;
}

/**
 * The edits that set `keys` (the tool's name first) to `valueText` in `text` as `choice` says (undefined: a direct
 * edit). `checked`: resolve before and after and refuse an edit that does not do exactly that (see checkedEdits.ts).
 * Throws EditRefusedError with the reason.
 *
 * The definitions are those of `text` now (the analysis may lag behind a burst of typing); `source`, from the
 * analysis, says what the environment holds (a variable it has not heard of counts as unset: the override stays).
 */
export function sourceEdits(
  text: string,
  keys: string[],
  valueText: string,
  source: FieldSourceDto | undefined,
  choice: SourceChoice | undefined,
  checked: boolean,
): TextEdit[] {
  const env = knownEnvironment(source);
  const insert = () => (checked ? setValueChecked(text, keys, valueText, { resolve: { env } }) : setValue(text, keys, valueText));
  if (choice === 'here' || (source === undefined && !text.includes('${'))) return insert();
  const inText = keyDefinitions(text, keys);
  if (inText.length === 0) return insert();
  const setsNothing = (d: KeyDefinition) => d.kind === 'substitution' && d.references[0]?.optional === true && env[d.references[0].path.join('.')] === undefined && !inFile(source, d);
  let winner = inText.length - 1;
  while (winner >= 0 && setsNothing(inText[winner]!)) winner--;
  const plain = (d: KeyDefinition | undefined) => d !== undefined && (d.kind === 'value' || d.kind === 'object');
  let base = winner - 1;
  while (base >= 0 && !plain(inText[base])) base--;
  let index = winner;
  let wins = true;
  let remove: number[] = [];
  if (choice === 'base' && base >= 0) {
    index = base;
    wins = false;
  } else if (choice === 'both') {
    index = base >= 0 ? base : Math.max(winner, 0);
    remove = inText.map((_, i) => i).filter((i) => i !== index);
  } else if (choice === undefined && !plain(inText[winner])) {
    const shown = inText.map((d) => text.slice(d.valueStart, d.valueEnd)).join(', then ');
    throw new EditRefusedError(`Not changed: '${keys.slice(1).join('.')}' is set by ${shown}; choose in the form which to change (the override, the base or both), or edit it in the HOCON tab.`);
  }
  if (index < 0) index = inText.length - 1;
  if (checked) return setDefinitionChecked(text, keys, valueText, { index, remove, wins }, { resolve: { env } });
  return [...setDefinition(text, keys, index, valueText), ...remove.flatMap((i) => removeDefinition(text, keys, i))];
}

/** Whether the analysis found a substitution's path as a key of the file (so it is set whatever the environment). */
function inFile(source: FieldSourceDto | undefined, d: KeyDefinition): boolean {
  const name = d.references[0]?.path.join('.');
  return source?.definitions.some((s) => s.references.some((r) => r.name === name && r.from === 'file')) ?? false;
}

/** What the field shows while editing the base: that definition's own value (the key has the override's). */
export function baseValue(source: FieldSourceDto): { value: unknown } | undefined {
  const base = source.definitions[baseOf(source)];
  // The analysis shortens long values: those the field cannot show as the base's.
  if (base === undefined || base.text.endsWith('…')) return undefined;
  const read = resolveHocon(`x = ${base.text}`);
  return read.ok ? { value: (toJson(read.value) as { x: unknown }).x } : undefined;
}
