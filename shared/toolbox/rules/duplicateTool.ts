import { diagnosticAt } from '../toolboxDiagnostic';
import { keyOrigin, type EntryRule } from './ruleContext';

/**
 * A tool key written twice (in one file, or in a file and one it includes) is legal HOCON, but rarely meant: two
 * objects merge (the later fields win, the others stay), anything else is replaced by the later definition.
 */
export const duplicateToolRule: EntryRule = ({ entry, report }) => {
  if (entry.field.definitionCount < 2) return;
  const definitions = entry.field.definitions;
  const lines = definitions.map((d) => d.source.positionAt(d.keyStart).line);
  // Definitions in different files (one from an include) are named with their file: "inc.hocon:2 and tb.hocon:3".
  const oneFile = definitions.every((d) => d.source.name === definitions[0]!.source.name);
  const where = oneFile ? `lines ${lines.join(', ')}` : inWords(definitions.map((d, i) => `${d.source.name}:${lines[i]!}`));
  const allObjects = definitions.every((d) => d.source.text.charCodeAt(d.valueStart) === 123 /* { */);
  report(
    diagnosticAt(
      keyOrigin(entry.field),
      'warning',
      'duplicate-tool',
      `Tool '${entry.name}' is defined ${definitions.length} times (${where}). ${
        allObjects
          ? 'HOCON merges the definitions: fields of a later one win, the other fields are kept.'
          : 'The last definition replaces the earlier ones.'
      }`,
      { tool: entry.name },
    ),
  );
};

/** `a`, `a and b`, `a, b and c`. */
function inWords(items: readonly string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]!}`;
}
