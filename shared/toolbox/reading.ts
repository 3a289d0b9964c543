/**
 * Whose reading of a file: neuro-san's (pyhocon's rules and its JSON round trip: what the LLM gets) or the HOCON
 * specification's. The one list both the domain code and the API contract (`ReadingT`) are built from.
 */
export const READINGS = ['neuro-san', 'spec'] as const;
export type Reading = (typeof READINGS)[number];
