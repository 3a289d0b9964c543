/**
 * The model names neuro-san's own llm_info file defines, release by release: what an agent's `llm_config.model_name`
 * may name without a project llm_info file of its own (issue #36).
 *
 * Source: neuro_san/internals/run_context/langchain/llms/default_llm_info.hocon (until 2025-06-03 one folder up,
 * run_context/langchain/default_llm_info.hocon; before 2025-03-08, 0.4.7 and earlier, the models were a Python table
 * and are not read here). A model name is a top-level key other than "classes" and "default_config", which
 * DefaultLlmFactory reads otherwise; it looks a model up by `llm_infos.get(model_name)`, aliases (entries of only
 * "use_model_name") included, unless its target has no entry. A commented-out entry is not one.
 *
 * Extracted by scripts/extract-model-names.py: the file at every release tag of cognizant-ai-lab/neuro-san (tags to
 * 0.5.55), then every later commit touching it in a fork's snapshot of main (to 2026-02-20). A later change is placed as
 * facts.ts places one: `earliest`, the release after the last one neuro-san-studio's requirements.txt pinned before the
 * merge; `version`, the first release pinned after it. Changes after 2026-02-20 (to 0.7.4) are not known here.
 */
import type { NeuroSanFacts } from './facts';
import { compareVersions, version as v } from './version';

/** Where a change of the file is placed: a release tag it was read at, or a window of releases. */
interface Placed {
  /** The first release that certainly has it. */
  version: string;
  /** The first release that may have it, where that is not known exactly. */
  earliest?: string;
  /** The tag it was read at, or the commit (fork snapshot) and its date. */
  source: string;
}

interface ModelNameChange {
  added?: Placed;
  removed?: Placed;
  names: readonly string[];
}

const STUDIO = 'neuro-san-studio requirements.txt';

/** Ordered by release. A name with no `removed` row is in every release from its `added` one. */
export const MODEL_NAME_CHANGES: readonly ModelNameChange[] = [
  {
    added: { version: '0.4.8', source: 'tag 0.4.8, the first with default_llm_info.hocon (commit 0cbfb463, 2025-03-08)' },
    names: [
      'o1', 'o1-2024-12-17',
      'gpt-4o', 'gpt-4o-2024-05-13', 'gpt-4o-2024-08-06', 'gpt-4o-2024-11-20', 'gpt-4o-mini-2024-07-18',
      'gpt-4-turbo', 'gpt-4-turbo-2024-04-09', 'gpt-4-turbo-preview', 'gpt-4-0125-preview', 'gpt-4', 'gpt-4-0613', 'gpt-4-0314',
      'gpt-3.5-turbo', 'gpt-3.5-turbo-16k', 'gpt-3.5-turbo-0125', 'gpt-3.5-turbo-1106', 'gpt-3.5-turbo-instruct',
      'azure-gpt-3.5-turbo', 'azure-gpt-4', 'azure-gpt-4o-mini', 'azure-gpt-4o', 'azure-o1', 'azure-o3-mini',
      'claude-3-haiku', 'claude-3-haiku-20240307', 'claude-3-opus', 'claude-3-opus-20240229', 'claude-3-5-haiku',
      'claude-3-5-haiku-20241022', 'claude-3-7-sonnet', 'claude-3-7-sonnet-20250219',
      'llama2', 'llama3', 'llama3:70b', 'llama3.1', 'llava', 'mistral', 'mistral-nemo', 'mixtral', 'qwen2.5:14b', 'deepseek-r1:14b',
      'llama3.3', 'nvidia-llama-3.1-405b-instruct', 'nvidia-llama-3.3-70b-instruct', 'nvidia-deepseek-r1',
    ],
  },
  // An alias (an entry of only "use_model_name") whose target has no entry fails in DefaultLlmFactory: gpt-4o-mini
  // named gpt-4o-2024-07-18 until 0.5.8. o3-mini named o3-mini-2025-01-31 until 0.5.11, then the entry
  // "o3-mini-2025-01-31-17", a misspelt key (commit cdbf7d17, 2025-06-04) whose name OpenAI refuses: neither it nor
  // o3-mini is suggested before 0.5.32.
  { added: { version: '0.5.8', source: 'tag 0.5.8: the alias names gpt-4o-mini-2024-07-18' }, names: ['gpt-4o-mini'] },
  { added: { version: '0.5.32', source: 'tag 0.5.32: the key spelt right' }, names: ['o3-mini', 'o3-mini-2025-01-31'] },
  { added: { version: '0.5.38', source: 'tag 0.5.38' }, names: ['gemini-2.0-flash', 'gemini-2.0-flash-lite'] },
  {
    added: { version: '0.5.38', source: 'tag 0.5.38' },
    removed: { version: '0.6.11', earliest: '0.6.6', source: `commit 874631ac (2025-11-05), retired models; ${STUDIO} pinned 0.6.5 on 2025-10-31 and 0.6.11 on 2025-11-18` },
    names: ['gemini-1.5-flash', 'gemini-1.5-flash-8b', 'gemini-1.5-pro'],
  },
  { added: { version: '0.5.39', source: 'tag 0.5.39' }, names: ['gpt-4.1', 'gpt-4.1-2025-04-14', 'azure-gpt-4.1'] },
  { added: { version: '0.5.43', source: 'tag 0.5.43' }, names: ['claude-sonnet-4-0', 'claude-sonnet-4-20250514', 'claude-opus-4-0', 'claude-opus-4-20250514', 'qwen3:8b'] },
  {
    added: { version: '0.5.48', source: 'tag 0.5.48' },
    removed: { version: '0.5.49', source: 'tag 0.5.49: renamed bedrock-us-*' },
    names: ['bedrock-claude-opus-4', 'bedrock-claude-sonnet-4', 'bedrock-claude-3-7-sonnet'],
  },
  {
    added: { version: '0.5.48', source: 'tag 0.5.48' },
    names: ['us.anthropic.claude-opus-4-20250514-v1:0', 'us.anthropic.claude-sonnet-4-20250514-v1:0', 'us.anthropic.claude-3-7-sonnet-20250219-v1:0'],
  },
  { added: { version: '0.5.49', source: 'tag 0.5.49' }, names: ['gemini-2.5-pro', 'gemini-2.5-flash', 'bedrock-us-claude-opus-4', 'bedrock-us-claude-sonnet-4', 'bedrock-us-claude-3-7-sonnet'] },
  { added: { version: '0.5.52', source: 'tag 0.5.52' }, names: ['gpt-5', 'gpt-5-2025-08-07', 'gpt-5-mini', 'gpt-5-mini-2025-08-07', 'claude-opus-4-1', 'claude-opus-4-1-20250805'] },
  {
    added: { version: '0.6.5', earliest: '0.5.69', source: `commit ac23a9c8 (2025-10-22); ${STUDIO} pinned 0.5.68 on 2025-10-14 and 0.6.5 on 2025-10-31` },
    names: ['claude-haiku-4-5', 'claude-haiku-4-5-20251001', 'claude-sonnet-4-5', 'claude-sonnet-4-5-20250929'],
  },
  {
    added: { version: '0.4.8', source: 'tag 0.4.8' },
    removed: { version: '0.6.11', earliest: '0.6.6', source: `commit 874631ac (2025-11-05), retired models; ${STUDIO} pinned 0.6.5 on 2025-10-31 and 0.6.11 on 2025-11-18` },
    names: ['o1-preview', 'o1-preview-2024-09-12', 'claude-3-5-sonnet', 'claude-3-5-sonnet-20241022'],
  },
  {
    added: { version: '0.6.13', earliest: '0.6.12', source: `commit 2c25182b (2025-11-19); ${STUDIO} pinned 0.6.11 on 2025-11-18 and 0.6.13 on 2025-11-21` },
    names: ['gpt-5.1', 'gpt-5.1-2025-11-13'],
  },
  {
    added: { version: '0.6.21', earliest: '0.6.14', source: `commits e79a6a95 (2025-12-01) and 8b5497a4 (2025-12-12); ${STUDIO} pinned 0.6.13 on 2025-11-21 and 0.6.21 on 2025-12-18` },
    names: ['claude-opus-4-5', 'claude-opus-4-5-20251101', 'gpt-5.2', 'gpt-5.2-2025-12-11', 'gemini-3-pro', 'gemini-3-pro-preview'],
  },
  {
    added: { version: '0.6.23', earliest: '0.6.22', source: `commit 6ac04cb4 (2026-01-06); ${STUDIO} pinned 0.6.21 on 2025-12-18 and 0.6.23 on 2026-01-09` },
    names: ['gemini-3-flash', 'gemini-3-flash-preview'],
  },
  {
    added: { version: '0.6.31', earliest: '0.6.27', source: `commit 208d344f (2026-02-05); ${STUDIO} pinned 0.6.26 on 2026-01-23 and 0.6.31 on 2026-02-12` },
    names: ['claude-opus-4-6'],
  },
];

const FIRST_WITH_FILE = '0.4.8';

function atOrAfter(version: NeuroSanFacts['version'], release: string): boolean {
  return compareVersions(version, v(release)) >= 0;
}

/**
 * The model names the release surely has: added in a release at or before it, and not removed in any release that
 * may be at or before it (a name only some releases of a window know is left out). Empty before 0.4.8, whose models
 * were a Python table.
 */
export function modelNamesFor(facts: NeuroSanFacts): readonly string[] {
  const version = facts.version;
  if (!atOrAfter(version, FIRST_WITH_FILE)) return [];
  const names: string[] = [];
  for (const change of MODEL_NAME_CHANGES) {
    if (change.added && !atOrAfter(version, change.added.version)) continue;
    if (change.removed && atOrAfter(version, change.removed.earliest ?? change.removed.version)) continue;
    names.push(...change.names);
  }
  return names;
}

