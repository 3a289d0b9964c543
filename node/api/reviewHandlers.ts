import path from 'node:path';
import { ApiError } from '../../shared/api/index';
import type { ApiHandlers } from './handlers';
import { countCatalogTokens } from '../../shared/catalog/catalogTokens';
import { renderCatalog } from '../../shared/catalog/renderCatalog';
import { ToolIndex } from '../../shared/review/similarity';
import { loadTokenizer } from '../tokens/tokenizers';
import { baselineSide, compareToolboxes } from '../review/compareToolbox';
import { repositoryOf, revisionsOf } from '../review/gitRevision';
import { reviewSettingsFor } from '../review/reviewToolbox';
import { toolTexts } from '../review/similarTools';
import { toolboxOf } from '../workspace/toolboxOnDisk';
import { withText, type DocumentTexts } from './documentTexts';
import type { CatalogService } from './catalogService';
import type { DocumentAnalysis } from './documentAnalysis';

type ReviewMethods = 'catalog.tokens' | 'catalog.similarity' | 'toolbox.diff' | 'git.revisions';

/** The review methods: token counts, similar tools and the matching box, the diff against a revision. */
export function createReviewHandlers(texts: DocumentTexts, catalog: CatalogService, analysis: DocumentAnalysis, cwd: string, env: Record<string, string | undefined>): Pick<ApiHandlers, ReviewMethods> {
  return {
    'catalog.tokens': async ({ tokenizer, ...doc }) => {
      const { request } = await catalog.catalogRequest(withText(texts, doc));
      return countCatalogTokens(request, renderCatalog(request).text, tokenizer, await loadTokenizer(tokenizer));
    },
    'catalog.similarity': async ({ query, ...doc }) => {
      const { file, loaded } = analysis.load(withText(texts, doc));
      const { settings } = reviewSettingsFor(file);
      const index = new ToolIndex(toolTexts(toolboxOf(loaded).tools));
      return { threshold: settings.similarityThreshold, pairs: index.closestPairs(settings.similarityThreshold), matches: query?.trim() ? index.match(query).slice(0, 20) : [] };
    },
    'toolbox.diff': async ({ against, ...doc }) => {
      const current = withText(texts, doc);
      if (current.path === null) throw new ApiError('unsupported', 'Save the file first: an untitled document has no revisions to compare with.');
      const file = path.resolve(cwd, current.path);
      try {
        const before = await baselineSide(file, against, cwd);
        return await compareToolboxes(before, { file, text: current.text, label: `${path.basename(file)} (editor)` }, { cwd, env, noDefault: doc.noDefault ?? false });
      } catch (error) {
        // A file that cannot be read says why in its own code (a FIFO is `io`); git's refusals are `not_found`.
        throw error instanceof ApiError ? error : new ApiError('not_found', (error as Error).message);
      }
    },
    'git.revisions': async ({ path: p }) => {
      const file = path.resolve(cwd, p);
      if ((await repositoryOf(file)) === null) return { inRepository: false, revisions: [] };
      return { inRepository: true, revisions: await revisionsOf(file) };
    },
  };
}
