import type { HoconArray, HoconObject, HoconString, HoconValue, Origin } from '../hocon/index';
import type { NeuroSanFactValues, NeuroSanFacts } from '../neurosan/versions/index';
import { diagnosticAt, replaceValueFix, type ToolboxDiagnostic } from '../toolbox/index';
import { commondefsChanges, pythonString, pythonType, type Agent, type Finding, type MayChange } from './networkFindings';
import { parameterFindings } from './networkParameters';
import { providerToolsFindings } from './networkProviderTools';

/**
 * What neuro-san's server checks of each agent network it serves (ManifestNetworkValidator, from PR #460): a network
 * with any of these errors is skipped ("manifest registry ... has validation errors. Skipping."), so each is an
 * error here, in neuro-san's words (neuro_san/internals/validation/network/):
 *
 * - network-instructions-empty: KeywordNetworkValidator, `instructions` equal to "" (from 0.6.57, also blank).
 * - network-instructions-shape: KeywordNetworkValidator (0.6.54), `instructions` not a str.
 * - network-function-shape, network-description-empty: KeywordNetworkValidator (PR #862), `function` not a dict,
 *   `function.description` not a str or "" (from 0.6.57, also blank).
 * - network-tools-shape: KeywordNetworkValidator (0.6.54), `tools` not a list of str/dict; ToolsShapeValidator (PR
 *   #993) the same, and `args.tools` not a dict/list.
 * - network-parameters-*: the parameter validators of PR #984 (networkParameters.ts).
 * - network-provider-tools: ProviderToolsNetworkValidator, in no release yet (networkProviderTools.ts).
 * - network-front-man: UnreachableNodesNetworkValidator, no front man or several.
 * - network-unreachable-agent: the same, agents the front man cannot reach through `tools` (and, from PR #636, a
 *   coded tool's `args.tools`).
 * - network-agent-name: ToolNameNetworkValidator, a name outside ^[a-zA-Z0-9_-]+$.
 * - network-path-tool: UrlNetworkValidator, a `/` tool that is no network the manifest serves.
 *
 * Each is gated by the release that has it (facts.ts): inside a window where the release is not known exactly, a
 * finding is reported only when the versions on both sides make it (a false report costs more than a missing one).
 * What neuro-san does not run on the server (its CyclesNetworkValidator, the dormant ToolboxNetworkValidator) is not
 * reported, nor its EmptyDictNetworkValidator (no composite of neuro-san's runs it); MissingNodesNetworkValidator's
 * finding is agentReferences.ts's `undefined-agent`. Where neuro-san's validators would crash or read nonsense (a non-object agent, a name that is no string),
 * nothing is said of the structure.
 */
export interface NetworkValidatorOptions {
  facts: NeuroSanFacts;
  /**
   * Whether `name` (without its leading '/') is a network neuro-san serves from this project; undefined where the
   * project has no manifest to say (a file alone): `/` tools are then not judged.
   */
  knownNetwork?: (name: string) => boolean;
}

/** The regex neuro-san's ToolNameNetworkValidator holds every agent name to (LangChain's tool-name pattern). */
export const TOOL_NAME_PATTERN = '^[a-zA-Z0-9_-]+$';
const TOOL_NAME = /^[a-zA-Z0-9_-]+$/;

export function checkNetworkValidators(root: HoconObject, options: NetworkValidatorOptions): ToolboxDiagnostic[] {
  const { sure, maybe } = options.facts;
  if (!sure.manifestNetworkValidation || !maybe.manifestNetworkValidation) return [];
  const list = root.fields.value('tools');
  if (list?.kind !== 'array' || list.elements.length === 0) return [];
  changes = commondefsChanges(root);
  const agents = agentsOf(list);
  if (agents === undefined) return [];
  const sides = sameChecks(sure, maybe) ? [sure] : [sure, maybe];
  const found = sides.map((side) => findings({ root, agents, list, side, options }));
  // Reported only when every side makes it; in the sure side's words.
  const keys = found.slice(1).map((f) => new Set(f.map((x) => x.key)));
  return found[0]!.filter((f) => keys.every((k) => k.has(f.key))).map((f) => f.make());
}

/** Of the network being checked: a value the server's filters may change (commondefs), which is not judged. */
let changes: MayChange = () => false;

function sameChecks(a: NeuroSanFactValues, b: NeuroSanFactValues): boolean {
  return (
    a.argsToolsReachable === b.argsToolsReachable &&
    a.keywordTypeChecks === b.keywordTypeChecks &&
    a.toolsShapeValidation === b.toolsShapeValidation &&
    a.parametersValidation === b.parametersValidation &&
    a.providerToolsValidation === b.providerToolsValidation &&
    a.functionDescriptionValidation === b.functionDescriptionValidation &&
    a.keywordBlankStrings === b.keywordBlankStrings &&
    a.pathToolWords === b.pathToolWords
  );
}

/**
 * The name -> spec dictionary neuro-san builds (a later agent of the same name replaces an earlier one); undefined
 * where its validators would raise instead of reporting (an agent that is no dict, a name that is no string).
 */
function agentsOf(list: HoconArray): Map<string, Agent> | undefined {
  const agents = new Map<string, Agent>();
  for (const spec of list.elements) {
    if (spec.kind !== 'object') return undefined;
    const name = spec.fields.value('name');
    if (name?.kind !== 'string' || changes(name)) return undefined;
    const tools = spec.fields.value('tools');
    const args = spec.fields.value('args');
    const argsTools = args?.kind === 'object' ? args.fields.value('tools') : undefined;
    const entries = [tools, argsTools, ...(tools?.kind === 'array' ? tools.elements : []), ...(argsTools?.kind === 'array' ? argsTools.elements : []), ...(argsTools?.kind === 'object' ? [...argsTools.fields].map(([, f]) => f.value) : [])];
    if (entries.some(changes) || changes(args)) return undefined;
    agents.set(name.value, { name: name.value, nameAt: name, spec });
  }
  return agents;
}

/** The network and one side of a release window. */
interface Check {
  root: HoconObject;
  agents: Map<string, Agent>;
  list: HoconArray;
  side: NeuroSanFactValues;
  options: NetworkValidatorOptions;
}

function findings({ root, agents, list, side: facts, options }: Check): Finding[] {
  const out: Finding[] = [];
  const shapes = facts.keywordTypeChecks || facts.toolsShapeValidation ? shapeFindings(agents, facts) : [];
  out.push(...shapes);
  out.push(...keywordFindings(agents, facts));
  // Before ToolsShapeValidator, a malformed `tools` or `args.tools` made the structure checks read nonsense or raise;
  // after it, they read such a value as empty. Either way nothing is said of the structure then but the shape.
  const structure = structureOf(agents, facts);
  if (shapes.length === 0 && structure !== undefined) out.push(...frontManFindings(agents, list, structure, facts));
  out.push(...nameFindings(agents));
  if (structure !== undefined && options.knownNetwork) out.push(...pathToolFindings(agents, facts, options.knownNetwork));
  if (facts.parametersValidation) out.push(...parameterFindings(agents, facts, options.facts, changes));
  if (facts.providerToolsValidation) out.push(...providerToolsFindings(root, agents, changes));
  return out;
}

function keywordFindings(agents: Map<string, Agent>, facts: NeuroSanFactValues): Finding[] {
  const out: Finding[] = [];
  for (const agent of agents.values()) {
    const instructions = agent.spec.fields.value('instructions');
    if (instructions?.kind === 'string' && empty(instructions.value, facts) && !changes(instructions)) {
      out.push({
        key: `instructions-empty ${agent.name}`,
        make: () => diagnosticAt(instructions, 'error', 'network-instructions-empty', `${agent.name} 'instructions' cannot be empty.`),
      });
    } else if (facts.keywordTypeChecks && instructions !== undefined && instructions.kind !== 'string' && instructions.kind !== 'null') {
      out.push({
        key: `instructions-shape ${agent.name}`,
        make: () => diagnosticAt(instructions, 'error', 'network-instructions-shape', `${agent.name} 'instructions' must be a str, got ${pythonType(instructions)}.`),
      });
    }
    if (!facts.functionDescriptionValidation) continue;
    const fn = agent.spec.fields.value('function');
    if (fn === undefined || fn.kind === 'null' || changes(fn)) continue;
    if (fn.kind !== 'object') {
      out.push({
        key: `function-shape ${agent.name}`,
        make: () => diagnosticAt(fn, 'error', 'network-function-shape', `${agent.name} 'function' must be a dict, got ${pythonType(fn)}.`),
      });
      continue;
    }
    const description = fn.fields.value('description');
    if (description === undefined || description.kind === 'null' || changes(description)) continue;
    if (description.kind !== 'string') {
      out.push({
        key: `description-shape ${agent.name}`,
        make: () => diagnosticAt(description, 'error', 'network-description-empty', `${agent.name} 'function.description' must be a str, got ${pythonType(description)}.`),
      });
    } else if (empty(description.value, facts)) {
      // PR #862 refused "" only; from 0.6.57 also a blank one (inside the window, "" alone: both sides refuse it).
      out.push({
        key: `description-empty ${agent.name}`,
        make: () => diagnosticAt(description, 'error', 'network-description-empty', `${agent.name} 'function.description' cannot be empty.`),
      });
    }
  }
  return out;
}

/**
 * Python's `str.isspace()` characters, which `.strip()` removes: not JavaScript's `trim()` set (that one also
 * removes U+FEFF, and keeps U+001C to U+001F).
 */
const PYTHON_BLANK = new Set([
  ...[0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x85, 0xa0, 0x1680],
  ...Array.from({ length: 11 }, (_, i) => 0x2000 + i),
  ...[0x2028, 0x2029, 0x202f, 0x205f, 0x3000],
].map((c) => String.fromCharCode(c)));

/** Whether KeywordNetworkValidator of these facts calls the string empty: "" always, blank ones from 0.6.57. */
function empty(text: string, facts: NeuroSanFactValues): boolean {
  if (text === '') return true;
  if (!facts.keywordBlankStrings) return false;
  // Stops at the first character that is not blank (instructions run to pages: no copy of them is made).
  for (const c of text) if (!PYTHON_BLANK.has(c)) return false;
  return true;
}

/** KeywordNetworkValidator's "tools" (0.6.54), then ToolsShapeValidator (PR #993), which adds `args.tools`. */
function shapeFindings(agents: Map<string, Agent>, facts: NeuroSanFactValues): Finding[] {
  const out: Finding[] = [];
  for (const agent of agents.values()) {
    const tools = agent.spec.fields.value('tools');
    if (tools !== undefined && tools.kind !== 'null' && tools.kind !== 'array') {
      const fix = tools.kind === 'string' ? replaceValueFix('Make "tools" a list', tools, `[${JSON.stringify(tools.value)}]`) : undefined;
      out.push({
        key: `tools-shape ${agent.name}`,
        make: () => diagnosticAt(tools, 'error', 'network-tools-shape', `${agent.name} 'tools' must be a list, got ${pythonType(tools)}.`, fix ? { fix } : undefined),
      });
    } else if (tools?.kind === 'array') {
      tools.elements.forEach((tool, i) => {
        if (tool.kind === 'string' || tool.kind === 'object') return;
        out.push({
          key: `tools-element ${agent.name} ${i}`,
          make: () => diagnosticAt(tool, 'error', 'network-tools-shape', `${agent.name} 'tools[${i}]' must be a str or dict, got ${pythonType(tool)}.`),
        });
      });
    }
    const args = agent.spec.fields.value('args');
    if (!facts.toolsShapeValidation || args?.kind !== 'object' || !args.fields.has('tools')) continue;
    const argsTools = args.fields.value('tools')!;
    if (argsTools.kind !== 'object' && argsTools.kind !== 'array') {
      out.push({
        key: `args-tools-shape ${agent.name}`,
        make: () => diagnosticAt(argsTools, 'error', 'network-tools-shape', `${agent.name} 'args.tools' must be a dict or list, got ${pythonType(argsTools)}.`),
      });
    }
  }
  return out;
}

/** Each agent's down-chains as the version's UnreachableNodesNetworkValidator reads them; undefined where it would raise or read nonsense. */
interface Structure {
  /** `tools` (and, where the version reads them, `args.tools`): the string entries, dicts left out. */
  down: Map<string, string[]>;
  /** What counts for finding the front man (before PR #993, `tools` alone). */
  frontDown: Map<string, { any: boolean; names: string[] }>;
}

function structureOf(agents: Map<string, Agent>, facts: NeuroSanFactValues): Structure | undefined {
  const down = new Map<string, string[]>();
  const frontDown = new Map<string, { any: boolean; names: string[] }>();
  for (const agent of agents.values()) {
    const tools = agent.spec.fields.value('tools');
    if (tools !== undefined && tools.kind !== 'null' && tools.kind !== 'array') return undefined;
    const listed = tools?.kind === 'array' ? tools.elements : [];
    if (listed.some((t) => t.kind !== 'string' && t.kind !== 'object')) return undefined;
    const names = listed.filter((t): t is HoconString => t.kind === 'string').map((t) => t.value);
    let coded: HoconValue[] = [];
    const args = agent.spec.fields.value('args');
    const argsTools = args?.kind === 'object' ? args.fields.value('tools') : undefined;
    if (facts.argsToolsReachable || facts.toolsShapeValidation) {
      if (argsTools?.kind === 'object') coded = [...argsTools.fields].map(([, f]) => f.value);
      else if (argsTools?.kind === 'array') {
        // A list is read from PR #993; before it, `.values()` on a list raised.
        if (!facts.toolsShapeValidation) return undefined;
        coded = argsTools.elements;
      } else if (argsTools !== undefined && argsTools.kind !== 'null') return undefined;
      else if (argsTools?.kind === 'null' && !facts.toolsShapeValidation) return undefined;
    }
    if (coded.some((t) => t.kind !== 'string' && t.kind !== 'object')) return undefined;
    const codedNames = coded.filter((t): t is HoconString => t.kind === 'string').map((t) => t.value);
    const reach = facts.argsToolsReachable || facts.toolsShapeValidation ? [...names, ...codedNames] : names;
    down.set(agent.name, reach);
    frontDown.set(
      agent.name,
      facts.toolsShapeValidation ? { any: listed.length + coded.length > 0, names: [...names, ...codedNames] } : { any: listed.length > 0, names },
    );
  }
  return { down, frontDown };
}

function isUrlOrPath(tool: string): boolean {
  return tool.startsWith('/') || tool.startsWith('http://') || tool.startsWith('https://');
}

/** Python's `sorted()` of names, printed as a list of str: `['a', 'b']`. */
function pythonList(names: Iterable<string>): string {
  return `[${[...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).map((n) => pythonString(n)).join(', ')}]`;
}


function frontManFindings(agents: Map<string, Agent>, list: HoconArray, structure: Structure, facts: NeuroSanFactValues): Finding[] {
  const called = new Set<string>();
  const callers = new Set<string>();
  for (const [name, { any, names }] of structure.frontDown) {
    if (!any) continue;
    callers.add(name);
    for (const n of names) called.add(n);
  }
  const front = new Set([...callers].filter((n) => !called.has(n)));
  if (front.size === 0 && agents.size === 1) front.add([...agents.keys()][0]!);
  const words = facts.toolsShapeValidation ? 'front man agent' : 'top agent';
  const where = list as Origin;
  if (front.size === 0) {
    return [
      {
        key: 'no-front-man',
        make: () =>
          diagnosticAt(where, 'error', 'network-front-man', `No ${words} found in network. (Every agent that calls others is called by one: neuro-san finds no front man to start from.)`),
      },
    ];
  }
  if (front.size > 1) {
    const first = [...agents.values()].find((a) => front.has(a.name))!;
    return [
      {
        key: `front-men ${[...front].sort().join(',')}`,
        make: () =>
          diagnosticAt(first.nameAt, 'error', 'network-front-man', `Multiple ${words}s found: ${pythonList(front)}. Expected exactly one. (Each calls others and is called by none.)`),
      },
    ];
  }
  const top = [...front][0]!;
  const reachable = new Set<string>();
  const visit = (name: string): void => {
    if (reachable.has(name) || !agents.has(name)) return;
    reachable.add(name);
    for (const child of structure.down.get(name) ?? []) if (!isUrlOrPath(child)) visit(child);
  };
  visit(top);
  const unreachable = [...agents.keys()].filter((n) => !reachable.has(n));
  if (unreachable.length === 0) return [];
  const message = `Unreachable agents found: ${pythonList(unreachable)}`;
  const how = facts.argsToolsReachable ? '"tools" or a coded tool\'s "args.tools"' : '"tools"';
  return unreachable.map((name) => ({
    key: `unreachable ${name}`,
    make: () => diagnosticAt(agents.get(name)!.nameAt, 'error', 'network-unreachable-agent', `${message} ('${name}': no agent the front man '${top}' reaches names it in ${how}.)`),
  }));
}

function nameFindings(agents: Map<string, Agent>): Finding[] {
  const out: Finding[] = [];
  for (const agent of agents.values()) {
    if (TOOL_NAME.test(agent.name)) continue;
    out.push({
      key: `name ${agent.name}`,
      make: () => diagnosticAt(agent.nameAt, 'error', 'network-agent-name', `${agent.name} must match the regex '${TOOL_NAME_PATTERN}'`),
    });
  }
  return out;
}

/**
 * UrlNetworkValidator: a `tools` entry starting with '/' must be a network the manifest serves, unless it ends with
 * "mcp" or "mcp/" (an MCP endpoint). http(s) URLs pass from PR #519 and are not checked here at all (before it, only
 * those ending in "mcp" passed: not reported, the checks of every version are left to agree). The server passes the
 * names its manifest serves; here any network the project (or the folder validated) serves passes.
 */
function pathToolFindings(agents: Map<string, Agent>, facts: NeuroSanFactValues, knownNetwork: (name: string) => boolean): Finding[] {
  const out: Finding[] = [];
  for (const agent of agents.values()) {
    const tools = agent.spec.fields.value('tools');
    if (tools?.kind !== 'array') continue;
    for (const tool of tools.elements) {
      if (tool.kind !== 'string' || !tool.value.startsWith('/')) continue;
      const t = tool.value;
      if (t.endsWith('mcp') || t.endsWith('mcp/') || knownNetwork(t.slice(1))) continue;
      const message =
        facts.pathToolWords === 'unrecognized'
          ? `Agent '${agent.name}' references an unrecognized URL or path tool '${t}'. Expected an external agent or network name starting with '/' (e.g. '/bank_ops'), an MCP server, an http(s):// URL, or an MCP endpoint.`
          : `Agent '${agent.name}' has invalid URL or path in tools. Invalid tool: '${t}'.`;
      out.push({
        key: `path-tool ${agent.name} ${t}`,
        make: () => diagnosticAt(tool, 'error', 'network-path-tool', `${message} (No manifest of the project serves '${t.slice(1)}'.)`),
      });
    }
  }
  return out;
}
