import { diagnosticAt } from '../toolboxDiagnostic';
import { keyOrigin, type EntryRule } from './ruleContext';

/**
 * A tool key written twice in one file is legal HOCON, but rarely meant: two objects merge (the later fields win,
 * the others stay), anything else is replaced by the later definition.
 */
export const duplicateToolRule: EntryRule = ({ entry, report }) => {
  if (entry.field.definitionCount < 2) return;
  const definitions = entry.field.definitions;
  const lines = definitions.map((d) => d.source.positionAt(d.keyStart).line);
  const allObjects = definitions.every((d) => d.source.text.charCodeAt(d.valueStart) === 123 /* { */);
  report(
    diagnosticAt(
      keyOrigin(entry.field),
      'warning',
      'duplicate-tool',
      `Tool '${entry.name}' is defined ${definitions.length} times (lines ${lines.join(', ')}). ${
        allObjects
          ? 'HOCON merges the definitions: fields of a later one win, the other fields are kept.'
          : 'The last definition replaces the earlier ones.'
      }`,
      { tool: entry.name },
    ),
  );
};
