/**
 * A key's definitions in words, the same in the form (under a field) and in the CLI (`set` and `unset` refusing to
 * guess): what each definition does now, and which one wins.
 */
import type { FieldSource, FieldSourceDefinition } from './fieldSources';

/** What a definition does now, in words: "environment override: TAVILY_MAX_RESULTS unset, keeps 5". */
export function definitionRole(d: FieldSourceDefinition, index: number, source: FieldSource): string {
  const winner = source.definitions[source.winner];
  const reference = d.references[0];
  if (d.kind === 'substitution' && reference?.from === 'environment') {
    if (reference.set) {
      const value = reference.hidden ? 'is set (value not shown: a credential)' : `= ${reference.value}`;
      return `${reference.optional ? 'environment override' : 'from the environment'}: ${reference.name} ${value}${reference.dotEnv ? " (in the project's .env)" : ''}`;
    }
    if (!reference.optional) return `from the environment: ${reference.name} is unset (neuro-san cannot load the file)`;
    if (winner !== undefined && source.winner < index) {
      return `environment override: ${reference.name} unset, keeps ${winner.where === 'default' ? "the default toolbox's " : ''}${winner.text}`;
    }
    // HOCON skips an optional substitution that finds nothing: with no other definition, the key is absent.
    return `environment override: ${reference.name} unset now, and nothing else sets the key: it is absent (neuro-san gets no value)`;
  }
  if (d.kind === 'substitution' && reference) return `copies ${reference.name}`;
  if (d.kind === 'expression') {
    return `built from ${d.references.map((r) => (r.from === 'environment' ? `${r.name} (${r.set ? (r.hidden ? 'set' : `= ${r.value}`) : 'unset'})` : r.name)).join(', ')}`;
  }
  if (d.kind === 'append') return 'appends to it';
  if (d.where === 'default') return "the default toolbox's value: an edit writes it in this file";
  return d.where === 'include' ? 'written in the included file' : 'written here';
}

/** "wins" / "overridden" / "" for a definition, where the key has several. */
export function definitionStanding(index: number, source: FieldSource): 'wins' | 'overridden' | '' {
  if (index === source.winner && source.definitions.length > 1) return 'wins';
  return index < source.winner ? 'overridden' : '';
}

/**
 * The definitions as numbered lines (`1. toolbox.hocon:6  5  written here — overridden`), `placeOf` saying where
 * each is: for the CLI.
 */
export function definitionLines(source: FieldSource, placeOf: (d: FieldSourceDefinition) => string): string[] {
  return source.definitions.map((d, i) => {
    const standing = definitionStanding(i, source);
    return `  ${i + 1}. ${placeOf(d)}  ${d.text}  ${definitionRole(d, i, source)}${standing ? ` — ${standing}` : ''}`;
  });
}
