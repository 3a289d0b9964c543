import { toJson, type HoconObject, type HoconValue, type Origin } from '../hocon/index';
import { catalogSourcesFromTools } from '../catalog/fromToolbox';
import { ENTRY_JSON, DEFAULT_SIMILARITY_THRESHOLD, LlmSchemaError, llmInputSchema, type JsonValue, type LoadedClassInfo, type LoadedToolbox, type ToolEntry } from '../toolbox/index';
import { newestFacts, type NeuroSanFacts } from '../neurosan/versions/index';
import { ToolIndex, type SimilarPair } from '../review/similarity';
import type { CountTokens } from '../tokenCount';
import { classifyToolReference, externalSafeName } from './toolReferences';
import type { NetworkAgent, NetworkAgents } from './agents';

/**
 * What one agent's LLM is offered, as neuro-san builds it (langchain_run_context.py `create_resources` →
 * base_tool_factory.py `create_base_tool`, per name of the agent's `tools`, calling_activation.py):
 *
 * - an agent of the network (looked up first): a toolbox agent is built from its toolbox entry (a shared coded tool:
 *   the entry's description and parameters; a LangChain tool: its class's, named after the agent; a toolkit: each
 *   of its tools as `<agent>_<tool>`); any other agent from its `function`, none when it has no `function`;
 * - an MCP server (an object, or a string starting `https://mcp` or ending `/mcp`, `/mcp/`): the tools the server
 *   lists when the agent starts: never asked here;
 * - an external agent (`/path`, `http://host:port/path`): the `function` of the served network's front man, named
 *   `__path` with `/` as `__` (ExternalAgentParsing.get_safe_agent_name);
 * - anything else: nothing (create_external_tool returns None).
 *
 * Every function is named after the agent that lists it (`function_json["name"] = name`); its parameters are what
 * neuro-san's converter makes of `parameters` (llmInputSchema).
 */
export type OfferSource = 'agent' | 'toolbox' | 'coded' | 'network' | 'mcp';

export interface Offer {
  /** The name the LLM calls it by; for an MCP server or a toolkit whose tools are not known, the server or agent. */
  name: string;
  from: OfferSource;
  /** null: known only to Python (a LangChain class) or a server (MCP, a network this project does not have). */
  description: string | null;
  /** The JSON Schema of its arguments as the LLM gets it; null when not known (as for `description`). */
  parameters: { [key: string]: JsonValue } | null;
  /** The entry of the agent's `tools` it comes from, as written. */
  listedAs: string;
  /** Why a value is not known, or why neuro-san fails to build it (its words). */
  note?: string;
  at: Origin;
}

/** An entry of the agent's `tools` that gives its LLM nothing, and why. */
export interface NotOffered {
  listedAs: string;
  why: string;
  at: Origin;
}

export interface AgentOffers {
  agent: string;
  offered: Offer[];
  notOffered: NotOffered[];
  /**
   * Tokens of the offered functions as an OpenAI request's `tools` (JSON); what is not known counts as nothing, so
   * with `partial` it is less than the LLM gets. Undefined without a counter.
   */
  tokens?: { count: number; estimated: boolean; partial: boolean };
  /** Pairs of its offers an LLM could take one for the other (shared/review/similarity.ts), most similar first. */
  confusable: SimilarPair[];
}

export interface OfferContext {
  /** The toolbox the network uses (ProjectReader.network(file).toolbox). */
  toolbox?: LoadedToolbox;
  /** What the worker learnt of LangChain classes (a description, a schema, a toolkit's tools), by toolbox key. */
  classInfo?: ReadonlyMap<string, LoadedClassInfo>;
  /** The network served under an agent name (`math/calculator`), when the project has it. */
  servedNetwork?: (name: string) => NetworkAgents | undefined;
  facts?: NeuroSanFacts;
  count?: CountTokens;
  similarityThreshold?: number;
}

/** What `agentName`'s LLM is offered; undefined when the network has no agent of that name. */
export function agentOffers(network: NetworkAgents, agentName: string, context: OfferContext = {}): AgentOffers | undefined {
  const agent = network.agents.find((a) => a.name === agentName);
  if (agent === undefined) return undefined;
  const facts = context.facts ?? newestFacts();
  const byName = new Map(network.agents.map((a) => [a.name, a]));
  const offered: Offer[] = [];
  const notOffered: NotOffered[] = [];
  // A coded tool or a toolbox tool has no LLM: its `tools` are never offered to anything.
  const entries = agent.kind === 'llm' ? toolsOf(agent.spec) : [];
  for (const entry of entries) {
    const listedAs = entry.kind === 'string' ? entry.value : entry.kind === 'object' ? stringOf(entry.fields.value('url')) ?? '(MCP server)' : JSON.stringify(toJson(entry, ENTRY_JSON));
    const kind = entry.kind === 'string' && byName.has(entry.value) ? 'agent' : classifyToolReference(entry);
    if (kind === 'agent') {
      const callee = byName.get(listedAs)!;
      const made = offersOfAgent(callee, entry, context, facts);
      if ('why' in made) notOffered.push({ listedAs, why: made.why, at: entry });
      else offered.push(...made.offers);
    } else if (kind === 'mcp') {
      offered.push({ name: listedAs, from: 'mcp', description: null, parameters: null, listedAs, note: 'listed by the server, on request: the tools it lists when the agent starts (never asked here)', at: entry });
    } else if (kind === 'network') {
      offered.push(networkOffer(listedAs, entry, context, facts));
    } else {
      notOffered.push({ listedAs, why: entry.kind === 'string' ? 'no agent of this network has that name, and it is no /network or URL: neuro-san offers nothing for it' : 'neither a name nor an MCP server', at: entry });
    }
  }
  const result: AgentOffers = { agent: agent.name, offered, notOffered, confusable: confusablePairs(offered, context.similarityThreshold ?? DEFAULT_SIMILARITY_THRESHOLD) };
  if (context.count) result.tokens = tokensOf(offered, context.count);
  return result;
}

function toolsOf(spec: HoconObject): HoconValue[] {
  const tools = spec.fields.value('tools');
  return tools?.kind === 'array' ? tools.elements : [];
}

/** create_internal_tool: a toolbox agent from its entry, any other agent from its `function`. */
function offersOfAgent(callee: NetworkAgent, at: Origin, context: OfferContext, facts: NeuroSanFacts): { offers: Offer[] } | { why: string } {
  if (callee.kind === 'toolbox') return toolboxOffers(callee, at, context, facts);
  const fn = callee.spec.fields.value('function');
  if (fn === undefined || fn.kind === 'null') return { why: `'${callee.name}' has no "function": neuro-san makes no tool of it` };
  if (fn.kind !== 'object') return { why: `the "function" of '${callee.name}' is no object` };
  const from = callee.kind === 'coded' ? 'coded' : 'agent';
  return { offers: [functionOffer(callee.name, from, toJson(fn, ENTRY_JSON) as { [key: string]: JsonValue }, callee.name, at, facts)] };
}

/** LangChainOpenAIFunctionTool.from_function_json: named by the caller's reference, parameters converted. */
function functionOffer(name: string, from: OfferSource, fn: { [key: string]: JsonValue }, listedAs: string, at: Origin, facts: NeuroSanFacts): Offer {
  const description = typeof fn.description === 'string' ? fn.description : null;
  const problem = functionProblem(name, fn);
  try {
    const parameters = llmInputSchema(fn.parameters ?? undefined, facts);
    return { name, from, description, parameters, listedAs, ...(problem ? { note: problem } : {}), at };
  } catch (error) {
    if (!(error instanceof LlmSchemaError)) throw error;
    return { name, from, description, parameters: null, listedAs, note: `neuro-san cannot make its parameters: ${error.message}`, at };
  }
}

/** LangChainOpenAIFunctionTool.verify_function_json: what makes neuro-san refuse to build the tool (its words). */
function functionProblem(name: string, fn: { [key: string]: JsonValue }): string | undefined {
  let message: string | undefined;
  if (fn.description === undefined || fn.description === null) message = `Function for ${name} has no description.`;
  const parameters = fn.parameters;
  if (parameters !== undefined && parameters !== null && typeof parameters === 'object' && !Array.isArray(parameters) && Object.keys(parameters).length > 0) {
    const properties = parameters.properties;
    if (parameters.type === undefined || parameters.type === null) message = `Function for ${name} needs to have a parameters.type set to 'object'.`;
    if (properties === undefined || properties === null) message = `Function for ${name} needs to have a properties dictionary as part of its parameters.`;
    else if (typeof properties !== 'object' || Array.isArray(properties) || Object.keys(properties).length === 0) message = `Function for ${name} needs to have at least one argument dictionary in its properties.`;
  }
  return message === undefined ? undefined : `neuro-san refuses to build it: ${message}`;
}

/** create_toolbox_tool: a shared coded tool's entry as its function; a LangChain tool or toolkit from its class. */
function toolboxOffers(callee: NetworkAgent, at: Origin, context: OfferContext, facts: NeuroSanFacts): { offers: Offer[] } | { why: string } {
  const key = callee.target ?? '';
  const tool = context.toolbox?.tools.find((t) => t.name === key);
  if (context.toolbox === undefined) return { offers: [unknownToolboxOffer(callee, at, 'the toolbox was not read')] };
  if (tool === undefined) return { why: `the toolbox has no tool '${key}': neuro-san fails to create '${callee.name}' ("Failed to create Agent/tool") and offers nothing` };
  if (tool.kind === 'coded') return { offers: [functionOffer(callee.name, 'toolbox', codedFunction(tool), callee.name, at, facts)] };
  const info = context.classInfo?.get(key);
  if (tool.kind === 'toolkit' || info?.isToolkit) {
    const names = info?.toolkitTools;
    if (names === undefined) return { offers: [unknownToolboxOffer(callee, at, `a toolkit (${tool.className ?? 'no class'}): each of its tools as '${callee.name}_<tool>', known once its class is loaded`)] };
    return { offers: names.map((n) => ({ name: `${callee.name}_${n}`, from: 'toolbox' as const, description: null, parameters: null, listedAs: callee.name, note: `a tool of the toolkit ${tool.className ?? ''}`.trim(), at })) };
  }
  // The catalog's mapping says what is known of a LangChain tool (its class's description once loaded).
  const source = catalogSourcesFromTools([tool], context.classInfo)[0]!;
  const description = typeof source.description === 'string' ? source.description : null;
  const parameters = info?.argsSchema !== undefined && isObject(info.argsSchema) ? info.argsSchema : null;
  return {
    offers: [
      {
        name: callee.name,
        from: 'toolbox',
        description,
        parameters,
        listedAs: callee.name,
        ...(description === null || parameters === null ? { note: `defined by the LangChain class ${tool.className ?? '(no class)'}: known once the class is loaded` } : {}),
        at,
      },
    ],
  };
}

function unknownToolboxOffer(callee: NetworkAgent, at: Origin, note: string): Offer {
  return { name: callee.name, from: 'toolbox', description: null, parameters: null, listedAs: callee.name, note, at };
}

/** A shared coded tool's entry as the function neuro-san makes of it (description and parameters are what count). */
function codedFunction(tool: ToolEntry): { [key: string]: JsonValue } {
  return { description: tool.description ?? null, ...(tool.parameters !== undefined ? { parameters: tool.parameters } : {}) };
}

/** An external agent: the served network's front man's `function` (AsyncDirectAgentSession.function). */
function networkOffer(listedAs: string, at: Origin, context: OfferContext, facts: NeuroSanFacts): Offer {
  const { safeName, agentName } = externalSafeName(listedAs);
  const served = context.servedNetwork?.(agentName);
  const unknown = (note: string): Offer => ({ name: safeName, from: 'network', description: null, parameters: null, listedAs, note, at });
  if (served === undefined) return unknown(`the function of the network served as '${agentName}': unknown (this project does not have it)`);
  const front = served.agents.find((a) => a.frontMan);
  if (front === undefined) return unknown(`the network served as '${agentName}' has no front man: neuro-san finds it unreachable and offers nothing`);
  const fn = front.spec.fields.value('function');
  if (fn?.kind !== 'object') return unknown(`the front man '${front.name}' of '${agentName}' has no "function": neuro-san cannot call it and offers nothing`);
  return functionOffer(safeName, 'network', toJson(fn, ENTRY_JSON) as { [key: string]: JsonValue }, listedAs, at, facts);
}

function confusablePairs(offers: readonly Offer[], threshold: number): SimilarPair[] {
  // Only what the LLM reads: offers whose description is known, each name once.
  const seen = new Set<string>();
  const texts = offers
    .filter((o) => o.description !== null && !seen.has(o.name) && seen.add(o.name))
    .map((o) => ({ name: o.name, description: o.description!, parameters: Object.keys(isObject(o.parameters?.properties) ? o.parameters!.properties : {}) }));
  if (texts.length < 2) return [];
  return new ToolIndex(texts).closestPairs(threshold, 20, { warnOnly: true });
}

/** The functions as an OpenAI request's `tools` carries them. */
function tokensOf(offers: readonly Offer[], count: CountTokens): { count: number; estimated: boolean; partial: boolean } {
  const tools = offers
    .filter((o) => o.from !== 'mcp')
    .map((o) => ({ type: 'function', function: { name: o.name, description: o.description ?? '', parameters: o.parameters ?? { type: 'object', properties: {} } } }));
  const counted = tools.length === 0 ? { tokens: 0, estimated: false } : count(JSON.stringify(tools));
  return { count: counted.tokens, estimated: counted.estimated, partial: offers.some((o) => o.description === null || o.parameters === null) };
}

function isObject(value: JsonValue | undefined): value is { [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringOf(value: HoconValue | undefined): string | undefined {
  return value?.kind === 'string' ? value.value : undefined;
}
