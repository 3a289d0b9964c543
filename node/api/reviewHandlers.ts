import type { ApiHandlers } from './handlers';
import { countCatalogTokens } from '../../shared/catalog/catalogTokens';
import { renderCatalog } from '../../shared/catalog/render-catalog';
import { loadTokenizer } from '../tokens/tokenizers';
import { withText, type DocumentTexts } from './documentTexts';
import type { ToolboxService } from './toolboxService';

type ReviewMethods = 'catalog.tokens';

/** The review methods: token counts, similar tools and the matching box, the diff against a revision. */
export function createReviewHandlers(texts: DocumentTexts, toolbox: ToolboxService): Pick<ApiHandlers, ReviewMethods> {
  return {
    'catalog.tokens': async ({ tokenizer, ...doc }) => {
      const { request } = await toolbox.catalogRequest(withText(texts, doc));
      return countCatalogTokens(request, renderCatalog(request).text, tokenizer, await loadTokenizer(tokenizer));
    },
  };
}
