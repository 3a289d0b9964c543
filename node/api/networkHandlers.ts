import { ApiError } from '../../shared/api/index';
import { agentOffersJson } from '../../shared/network/offersJson';
import { loadTokenizer } from '../tokens/tokenizers';
import { reviewSettingsFor } from '../review/reviewToolbox';
import { withText, type DocumentTexts } from './documentTexts';
import type { ApiHandlers } from './handlers';
import type { DocumentAnalysis } from './documentAnalysis';

/** The agent-network methods (issue #36): what one agent's LLM is offered. */
export function createNetworkHandlers(texts: DocumentTexts, analysis: DocumentAnalysis): Pick<ApiHandlers, 'network.agentOffers'> {
  return {
    'network.agentOffers': async ({ agent, tokenizer, ...doc }) => {
      const { file, loaded } = analysis.load(withText(texts, doc));
      if (loaded.kind !== 'network') throw new ApiError('unsupported', `${file} is no agent network: its "tools" is not a list of agents.`);
      const { settings } = reviewSettingsFor(file);
      const name = tokenizer ?? settings.tokenizer;
      const offers = loaded.agentOffers(agent, { count: await loadTokenizer(name), similarityThreshold: settings.similarityThreshold });
      if (offers === undefined) {
        const names = loaded.agents().agents.map((a) => `'${a.name}'`);
        throw new ApiError('not_found', `The network has no agent '${agent}'${names.length > 0 ? `: its agents are ${names.join(', ')}` : ''}.`);
      }
      return agentOffersJson(offers, name);
    },
  };
}
