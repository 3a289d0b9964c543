/**
 * How loud each review check is: the levels a project sets per rule in `.toolbox-editor.json` (reviewSettings.ts).
 * The review checks are advice on what the LLM reads (descriptionReview.ts) and on style (entryReview.ts); neuro-san's
 * own checks are not set here: what neuro-san refuses or reads otherwise is said as it is.
 */
export const RULE_LEVELS = ['off', 'hint', 'warning'] as const;
export type RuleLevel = (typeof RULE_LEVELS)[number];

/** Each review check's level, by rule id: every check has one (defaultReviewSettings). */
export type RuleLevels = Readonly<Record<string, RuleLevel>>;

/** The severity a check reports at; undefined when it is off (or has no level: nothing is reported unasked). */
export function severityAt(levels: RuleLevels, rule: string): 'hint' | 'warning' | undefined {
  const level = levels[rule];
  return level === 'hint' || level === 'warning' ? level : undefined;
}
