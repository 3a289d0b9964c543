/**
 * The project's review settings: `.toolbox-editor.json` beside the toolbox file, else at its project's root
 * (node/run/settingsFile.ts `settingsFileFor`; docs/testing.md, "The settings file").
 *
 *   { "rules": { "description-too-short": "off", "tools-similar": "warning" },
 *     "descriptionTokenBudget": 250, "tokenizer": "o200k_base", "similarityThreshold": 0.5,
 *     "neuroSanVersion": "0.5.55" }
 *
 * `neuroSanVersion` says which neuro-san the project runs, over its interpreter and its pin (shared/neurosan/versions); it is
 * read from the file at the project's root (a file outside any project: beside it).
 *
 * Each review check (the description checks and the entry's style checks) is "off", "hint" or "warning"; most are
 * hints by default (issue #33: style advice never reads as a problem unless the project asks). Mistakes in the file
 * are reported as diagnostics of rule `review-settings` in that file, and the rest of it still applies.
 */
import { readJsonText, describeJsonSyntaxError } from '../hocon/index';
import { DEFAULT_DESCRIPTION_TOKEN_BUDGET, DESCRIPTION_RULE_DEFAULTS, DESCRIPTION_RULE_IDS } from './rules/descriptionReview';
import { ENTRY_REVIEW_RULE_DEFAULTS, ENTRY_REVIEW_RULE_IDS } from './rules/entryReview';
import { RULE_LEVELS, type RuleLevel } from './rules/ruleLevels';
import { parseVersion } from '../neurosan/versions/index';

export const REVIEW_SETTINGS_FILE = '.toolbox-editor.json';

/** The checks `rules` sets, and the level of each unless it does. */
export const REVIEW_RULE_IDS = [...DESCRIPTION_RULE_IDS, ...ENTRY_REVIEW_RULE_IDS] as const;
export type ReviewRuleId = (typeof REVIEW_RULE_IDS)[number];
export const REVIEW_RULE_DEFAULTS: Readonly<Record<ReviewRuleId, RuleLevel>> = { ...DESCRIPTION_RULE_DEFAULTS, ...ENTRY_REVIEW_RULE_DEFAULTS };
export const DEFAULT_SIMILARITY_THRESHOLD = 0.5;

export interface ReviewSettings {
  /** Each review check's level: the defaults, with the file's `rules` over them. */
  rules: Record<ReviewRuleId, RuleLevel>;
  descriptionTokenBudget: number;
  tokenizer: 'o200k_base' | 'cl100k_base';
  similarityThreshold: number;
  /** The neuro-san version the project runs, as the user set it (a valid version number). */
  neuroSanVersion?: string;
  /** What is wrong with the file, in words (positions are not kept: the file is a few lines). */
  problems: string[];
}

export function defaultReviewSettings(): ReviewSettings {
  return {
    rules: { ...REVIEW_RULE_DEFAULTS },
    descriptionTokenBudget: DEFAULT_DESCRIPTION_TOKEN_BUDGET,
    tokenizer: 'o200k_base',
    similarityThreshold: DEFAULT_SIMILARITY_THRESHOLD,
    problems: [],
  };
}

const LEVEL_WORDS = '"off", "hint" or "warning"';
const isReviewRule = (rule: string): rule is ReviewRuleId => (REVIEW_RULE_IDS as readonly string[]).includes(rule);
const isRuleLevel = (level: unknown): level is RuleLevel => (RULE_LEVELS as readonly unknown[]).includes(level);

// `run`: the project's run settings, read by shared/run/runSettings.ts.
const KNOWN_KEYS = new Set(['rules', 'descriptionTokenBudget', 'tokenizer', 'similarityThreshold', 'neuroSanVersion', 'run']);

/** Reads the settings file's text (undefined: no file, the defaults). */
export function readReviewSettings(text: string | undefined): ReviewSettings {
  const settings = defaultReviewSettings();
  if (text === undefined) return settings;
  const read = readJsonText(text);
  if (!read.ok) {
    settings.problems.push(`not JSON: ${describeJsonSyntaxError(read.error)}`);
    return settings;
  }
  const value = read.value;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    settings.problems.push('must be a JSON object');
    return settings;
  }
  for (const key of Object.keys(value)) if (!KNOWN_KEYS.has(key)) settings.problems.push(`unknown key '${key}' (known: ${[...KNOWN_KEYS].join(', ')})`);
  const rules = value.rules;
  if (rules !== undefined) {
    if (rules === null || typeof rules !== 'object' || Array.isArray(rules)) settings.problems.push(`'rules' must be an object of rule id → ${LEVEL_WORDS}`);
    else {
      for (const [rule, level] of Object.entries(rules)) {
        if (!isReviewRule(rule)) settings.problems.push(`unknown rule '${rule}' (known: ${REVIEW_RULE_IDS.join(', ')})`);
        else if (isRuleLevel(level)) settings.rules[rule] = level;
        else settings.problems.push(`rule '${rule}' takes ${LEVEL_WORDS}, not ${JSON.stringify(level)}`);
      }
    }
  }
  const budget = value.descriptionTokenBudget;
  if (budget !== undefined) {
    if (typeof budget === 'number' && Number.isInteger(budget) && budget > 0) settings.descriptionTokenBudget = budget;
    else settings.problems.push("'descriptionTokenBudget' must be a positive whole number of tokens");
  }
  const tokenizer = value.tokenizer;
  if (tokenizer !== undefined) {
    if (tokenizer === 'o200k_base' || tokenizer === 'cl100k_base') settings.tokenizer = tokenizer;
    else settings.problems.push("'tokenizer' must be \"o200k_base\" or \"cl100k_base\"");
  }
  const neuroSan = value.neuroSanVersion;
  if (neuroSan !== undefined) {
    if (typeof neuroSan === 'string' && parseVersion(neuroSan)) settings.neuroSanVersion = neuroSan.trim();
    else settings.problems.push("'neuroSanVersion' must be a neuro-san version such as \"0.5.55\"");
  }
  const threshold = value.similarityThreshold;
  if (threshold !== undefined) {
    if (typeof threshold === 'number' && threshold > 0 && threshold <= 1) settings.similarityThreshold = threshold;
    else settings.problems.push("'similarityThreshold' must be a number in (0, 1]");
  }
  return settings;
}
