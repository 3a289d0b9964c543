import { joinPath } from '../hocon/index';
import type { ProjectReader } from '../project/projectReader';
import type { CountTokens } from '../tokenCount';
import { readNetworkAgents, type NetworkAgents } from './agents';
import { agentOffers, type AgentOffers } from './offers';

/**
 * A network file of a project as every surface reads its agents (the CLI, the API, the language server): the file
 * as neuro-san reads it (the reader's document), the release the project runs, its toolbox, and the networks the
 * project serves under a name, for its `/name` tools.
 */
export function projectNetworkAgents(reader: ProjectReader, file: string): NetworkAgents {
  const document = reader.document(file);
  return readNetworkAgents(document.value, reader.options.neuroSan);
}

/**
 * The network the project serves as `name` (`math/calculator`): a manifest's served entry of that name, else
 * `registries/<name>.hocon` (what neuro-san's registry serves when no manifest lists it is not decided here: a file
 * there is taken as what the name means); undefined when the project has none that parses.
 */
export function servedNetworkFile(reader: ProjectReader, name: string): string | undefined {
  for (const file of reader.files) {
    if (reader.kind(file).kind !== 'manifest') continue;
    for (const entry of reader.manifest(file).entries) {
      if (!entry.served || entry.network === undefined) continue;
      if (entry.written.replace(/\.(hocon|json)$/, '') === name) return joinPath(reader.options.root, entry.network);
    }
  }
  for (const candidate of [`registries/${name}.hocon`, `registries/${name}.json`]) {
    const path = joinPath(reader.options.root, candidate);
    if (reader.isProjectFile(path)) return path;
  }
  return undefined;
}

export interface ProjectOfferOptions {
  count?: CountTokens;
  similarityThreshold?: number;
}

/** What `agent` of the network `file` is offered; undefined when the network has no such agent. */
export function projectAgentOffers(reader: ProjectReader, file: string, agent: string, options: ProjectOfferOptions = {}): AgentOffers | undefined {
  const network = projectNetworkAgents(reader, file);
  const toolbox = reader.network(file).toolbox;
  // What a test run learnt of the toolbox's LangChain classes (the app keeps it; the CLI has none).
  const classInfo = toolbox.files.userFile !== undefined ? reader.options.classInfoFor?.(toolbox.files.userFile) : undefined;
  return agentOffers(network, agent, {
    toolbox,
    ...(classInfo ? { classInfo } : {}),
    ...(reader.options.neuroSan ? { facts: reader.options.neuroSan } : {}),
    servedNetwork: (name) => {
      const served = servedNetworkFile(reader, name);
      return served !== undefined && reader.document(served).ok ? projectNetworkAgents(reader, served) : undefined;
    },
    ...options,
  });
}
