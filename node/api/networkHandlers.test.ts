import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentOffersDto } from '../../shared/api/index';
import type { ApiService } from './handlers';
import { apiCaller, browserModeService } from '../testSupport/apiCalls';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const project = path.join(repo, 'fixtures/agents');
const crew = path.join(project, 'registries/crew.hocon');
let service: ApiService | undefined;
afterEach(() => service?.dispose());

describe('network.agentOffers', () => {
  it("answers what an agent's LLM is offered for the unsaved text, as the CLI does", async () => {
    service = browserModeService(project, { env: {} });
    const text = readFileSync(crew, 'utf8').replace('"Counts the songs of an album"', '"Counts the tracks of a record"');
    const offers = await apiCaller(service)<AgentOffersDto>('network.agentOffers', { path: crew, text, agent: 'lead' });
    expect(offers.offered.find((o) => o.name === 'tally')?.description).toBe('Counts the tracks of a record');
    expect(offers.offered.map((o) => o.from)).toEqual(['agent', 'toolbox', 'toolbox', 'coded', 'network', 'mcp']);
    expect(offers.tokens.tokenizer).toBe('o200k_base');
    expect(offers.offered[0]!.at).toEqual({ file: crew, line: 11, column: 23 });
  });

  it('an unknown agent is not_found, naming the agents; a toolbox is unsupported', async () => {
    service = browserModeService(project, { env: {} });
    const call = apiCaller(service);
    await expect(call('network.agentOffers', { path: crew, text: readFileSync(crew, 'utf8'), agent: 'zed' })).rejects.toThrow(/^not_found: The network has no agent 'zed': its agents are 'lead', 'historian'/);
    const toolbox = path.join(project, 'toolbox/toolbox_info.hocon');
    await expect(call('network.agentOffers', { path: toolbox, text: readFileSync(toolbox, 'utf8'), agent: 'x' })).rejects.toThrow(/^unsupported: .* is no agent network/);
  });
});
