import type { HoconValue } from './values';

/**
 * Everything a caller can see of a value tree as plain data, in order (Map order included): for tests that two
 * ways of reading a file give the same values.
 */
export function dumpValue(value: HoconValue): unknown {
  const origin = [value.source.name, value.start, value.end];
  switch (value.kind) {
    case 'object':
      return [
        'object',
        origin,
        [...value.fields].map(([key, field]) => [
          key,
          field.key,
          field.viaSubstitution,
          field.viaInclude,
          field.definitions.map((d) => [d.source.name, d.keyStart, d.keyEnd, d.valueStart, d.valueEnd, d.viaInclude]),
          dumpValue(field.value),
        ]),
      ];
    case 'array':
      return ['array', origin, value.elements.map(dumpValue)];
    case 'string':
      return ['string', origin, value.value, value.style];
    case 'number':
      return ['number', origin, value.value, value.text, value.numberKind];
    case 'boolean':
      return ['boolean', origin, value.value];
    case 'null':
      return ['null', origin];
  }
}
