/** `display_as`: how clients show a tool. neuro-san accepts exactly these four values. */
export const DISPLAY_AS_VALUES = ['coded_tool', 'external_agent', 'langchain_tool', 'llm_agent'] as const;
export type DisplayAs = (typeof DISPLAY_AS_VALUES)[number];

/** neuro-san's rule when an entry sets none: `coded_tool` if the entry has a description, else `langchain_tool`. */
export function inferDisplayAs(hasDescription: boolean): DisplayAs {
  return hasDescription ? 'coded_tool' : 'langchain_tool';
}
