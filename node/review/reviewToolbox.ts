import path from 'node:path';
import { REVIEW_SETTINGS_FILE, type ReviewSettings } from '../../shared/toolbox/index';
import { DescriptionReviewCache, reviewDescriptions, reviewEntries, severityAt, type DescriptionReviewOptions, type OfferedTo } from '../../shared/toolbox/index';
import { TermCache } from '../../shared/review/similarity';
import type { LoadedToolbox, ToolboxDiagnostic } from '../../shared/toolbox/index';
import type { ProjectReader } from '../../shared/project/projectReader';
import { loadTokenizer, type CountTokens } from '../tokens/tokenizers';
import { similarToolDiagnostics } from './similarTools';
import { reviewSettingsFor } from './reviewSettingsOnDisk';

// The project's settings file, read once per change: its own module (reviewSettingsOnDisk.ts).
export { reviewSettingsFor } from './reviewSettingsOnDisk';
import { toolboxOf, type LoadedFile } from '../workspace/toolboxOnDisk';
import { projectRootOf } from '../project/projectSettingsOnDisk';
import { NetworkOffersCache, toolboxOffers, type ToolboxOffers } from '../../shared/project/toolboxOffers';

/**
 * What the checks keep between keystrokes in one file (the app's live analysis): each entry's findings and each
 * tool's words, by their text, so a keystroke re-checks only the entry it touched — every check on every tool, in a
 * 5,000-tool file too (bench/keystroke-checks.bench.mjs).
 */
export class ReviewCaches {
  readonly descriptions = new DescriptionReviewCache();
  readonly terms = new TermCache();
  readonly offers = new NetworkOffersCache();
}



/**
 * The description checks of a loaded toolbox or network (its toolbox's user tools), with the project's settings.
 * Relative paths (as the user wrote them) are resolved against `cwd`.
 * Asynchronous because a description that may be over the token budget needs the tokenizer, loaded on first use.
 */
export async function reviewLoaded(loaded: LoadedFile, file: string, cwd: string, options: { caches?: ReviewCaches } = {}): Promise<ToolboxDiagnostic[]> {
  // The checks belong to the toolbox file: a network names its toolbox's problems once, there (and a file of
  // another kind, a manifest or an LLM config, has no tools).
  if (loaded.kind !== 'toolbox' || loaded.fileKind) return [];
  const toolbox = toolboxOf(loaded);
  const settings = reviewSettingsFor(path.resolve(cwd, toolbox.files.userFile ?? file));
  const kept = keptReviews.get(loaded);
  if (kept !== undefined && kept.file === file && kept.cwd === cwd && kept.settings === settings.settings) return [...(await kept.review)];
  const review = reviewToolbox(toolbox, file, cwd, settings, { ...options, ...(loaded.offers ? { offers: loaded.offers } : {}) });
  keptReviews.set(loaded, { file, cwd, settings: settings.settings, review });
  review.catch(() => {
    if (keptReviews.get(loaded)?.review === review) keptReviews.delete(loaded);
  });
  return [...(await review)];
}

/**
 * The review of a load, while the load is kept (documentAnalysis.ts keeps a load 2 s): a window opening a file asks
 * for the analysis of the text the API thread read ahead (handlers.ts), and the review is 40% of that answer's work
 * on a 5,000-tool file. Made again when the settings file changed (a new settings object) or for another file name.
 */
const keptReviews = new WeakMap<LoadedFile, { file: string; cwd: string; settings: ReviewSettings; review: Promise<ToolboxDiagnostic[]> }>();

/**
 * The description checks of every toolbox a project reads as one (each file of the toolbox kind, and the toolbox
 * in use when it lies outside the project): what `validate FILE` and the app add to each toolbox's problems, for
 * `validate DIR` and the language server. Paths are the reader's, relative to `root` (absolute).
 */
export async function reviewProject(reader: ProjectReader, root: string): Promise<ToolboxDiagnostic[]> {
  const toolboxes = reader.files.filter((file) => reader.kind(file).kind === 'toolbox');
  const inUse = reader.settingPath('AGENT_TOOLBOX_INFO_FILE');
  if (inUse !== undefined && !reader.isProjectFile(inUse)) toolboxes.push(inUse);
  const out: ToolboxDiagnostic[] = [];
  for (const file of toolboxes) out.push(...(await reviewToolbox(reader.toolbox(file), file, root, undefined, { offers: () => toolboxOffers(reader.offersOf(file), reader.toolbox(file)) })));
  return out;
}

/**
 * The review checks (the description checks, the entries' style) of one toolbox file's own tools, with the settings
 * beside it. `offers`: which agents of the
 * project are offered which tools together (tools-similar), when the file lies in a project.
 */
async function reviewToolbox(
  toolbox: LoadedToolbox,
  file: string,
  cwd: string,
  { file: settingsFile, settings }: { file: string; settings: ReviewSettings } = reviewSettingsFor(path.resolve(cwd, toolbox.files.userFile ?? file)),
  options: { caches?: ReviewCaches; offers?: () => ToolboxOffers | undefined } = {},
): Promise<ToolboxDiagnostic[]> {
  const out: ToolboxDiagnostic[] = [...settings.problems, ...unusedVersionSetting(settingsFile, settings)].map((problem) => ({
    severity: 'warning',
    rule: 'review-settings',
    message: `${REVIEW_SETTINGS_FILE}: ${problem}`,
    file: settingsFile,
    line: 1,
    column: 1,
    range: { start: { offset: 0, line: 1, column: 1 }, end: { offset: 0, line: 1, column: 1 } },
  }));
  const levels = settings.rules;
  const over = toolbox.tools.some((t) => t.origin !== 'default' && Buffer.byteLength(t.description ?? '') > settings.descriptionTokenBudget);
  const { options: descriptionOptions, together } = await descriptionOptionsOf(settings, over, options.offers);
  out.push(...reviewDescriptions(toolbox.tools, descriptionOptions, options.caches?.descriptions));
  const similar = severityAt(levels, 'tools-similar');
  if (similar !== undefined) out.push(...similarToolDiagnostics(toolbox.tools, settings.similarityThreshold, options.caches?.terms, together, similar));
  out.push(...reviewEntries(toolbox.tools, levels));
  return out;
}

/**
 * The description checks' options with `settings`: the tokenizer when a description is `over` the budget in bytes
 * (counting needs it; none under it can be over in tokens), and which agents are offered which tools together, read
 * once, when a duplicate or a similar pair first asks (`together`, for tools-similar too).
 */
export async function descriptionOptionsOf(
  settings: ReviewSettings,
  over: boolean,
  offers: (() => ToolboxOffers | undefined) | undefined,
): Promise<{ options: DescriptionReviewOptions; together: () => ((a: string, b: string) => readonly OfferedTo[]) | undefined }> {
  const budget = settings.descriptionTokenBudget;
  const counted = over && severityAt(settings.rules, 'description-over-budget') !== undefined;
  const countTokens: CountTokens = counted ? await loadTokenizer(settings.tokenizer) : () => ({ tokens: 0, estimated: false });
  let offered: ToolboxOffers | undefined | null = null;
  const together = () => (offered === null ? (offered = offers?.()) : offered)?.together;
  return { options: { levels: settings.rules, tokenBudget: budget, countTokens, tokenizer: settings.tokenizer, together }, together };
}

/**
 * A `neuroSanVersion` in a settings file below the project's root is not used: every file of a project is checked for
 * the project's one version, set at its root (node/neurosan/projectVersion.ts). Said, rather than ignored silently.
 */
function unusedVersionSetting(settingsFile: string, settings: ReviewSettings): string[] {
  if (settings.neuroSanVersion === undefined) return [];
  const root = projectRootOf(settingsFile);
  if (root === undefined || path.dirname(settingsFile) === root) return [];
  return [`neuroSanVersion is not used here: a project runs one neuro-san version, set in ${path.join(root, REVIEW_SETTINGS_FILE)}`];
}
