import type { HoconField, HoconObject, HoconValue } from '../hocon/index';
import { diagnosticAt, keyOrigin } from '../toolbox/index';
import { pythonType, type Agent, type Finding, type MayChange } from './networkFindings';

/**
 * ProviderToolsNetworkValidator (planned for ManifestNetworkValidator by neuro-san's issue #1349; facts.ts:
 * providerToolsValidation, in no release yet), rule network-provider-tools, in its words:
 *
 * - `llm_config.provider_tools` absent, null or a list of dicts;
 * - a near-miss spelling (`builtin_tools`...) that the runtime ignores;
 * - a `provider_tools` (or near miss) inside a `fallbacks` entry, which the runtime ignores;
 * - a Gemini agent binding a built-in with other `tools`, or more than one built-in.
 *
 * The network's `llm_config` is copied into every agent (DefaultsConfigFilter), so its mistakes are reported once,
 * labelled "network", and an agent's own value only where it differs. neuro-san resolves each model's class through
 * llm_info to find the Gemini ones; here only a model whose `class` says "gemini" is one (no llm_info is read), and the
 * rules that need every model's class (one provider across fallbacks, the shapes of each provider's entries) are
 * left out.
 */
export function providerToolsFindings(root: HoconObject, agents: Map<string, Agent>, changes: MayChange): Finding[] {
  const out: Finding[] = [];
  const networkConfig = root.fields.value('llm_config');
  const inherited = networkConfig?.kind === 'object' ? networkConfig : undefined;
  if (inherited) out.push(...configFindings(NETWORK, inherited, undefined, changes));
  let inheritedCount = false;
  for (const agent of agents.values()) {
    const own = agent.spec.fields.value('llm_config');
    if (own !== undefined && own.kind !== 'object') continue; // what commondefs may make a dict is not read
    if (own) out.push(...configFindings(agent.name, own, inherited, changes));
    const merged = (key: string) => own?.fields.get(key) ?? inherited?.fields.get(key);
    const list = merged(KEY);
    if (list?.value.kind !== 'array' || list.value.elements.length === 0 || !isLlmAgent(agent.spec) || !resolvesToGemini(merged)) continue;
    out.push(...mixingFindings(agent));
    if (list.value.elements.length > 1) {
      if (own?.fields.get(KEY) === undefined || (inherited && sameValue(list.value, inherited.fields.value(KEY)))) inheritedCount = true;
      else out.push(countFinding(agent.name, list.value));
    }
  }
  const networkList = inherited?.fields.value(KEY);
  if (inheritedCount && networkList) out.unshift(countFinding(NETWORK, networkList));
  return out;
}

const KEY = 'provider_tools';
const NETWORK = 'network';
const NEAR_MISS_KEYS = ['provider_tool', 'builtin_tool', 'builtin_tools', 'built_in_tools', 'server_tool', 'server_tools'];

/** The class-independent checks of one llm_config; a key whose value is the network's was reported as the network's. */
function configFindings(label: string, config: HoconObject, inherited: HoconObject | undefined, changes: MayChange): Finding[] {
  const out: Finding[] = [];
  const isInherited = (key: string) => inherited?.fields.has(key) === true && sameValue(config.fields.value(key), inherited.fields.value(key));
  const list = config.fields.value(KEY);
  if (list !== undefined && list.kind !== 'null' && !isInherited(KEY) && !changes(list)) {
    if (list.kind !== 'array') {
      out.push(finding(`shape ${label}`, list, `${label} 'llm_config.provider_tools' must be a list, got ${pythonType(list)}.`));
    } else {
      list.elements.forEach((entry, i) => {
        if (entry.kind !== 'object' && !changes(entry)) {
          out.push(finding(`entry ${label} ${i}`, entry, `${label} 'llm_config.provider_tools[${i}]' must be a dict, got ${pythonType(entry)}.`));
        }
      });
    }
  }
  for (const key of NEAR_MISS_KEYS) {
    const field = config.fields.get(key);
    if (field !== undefined && !isInherited(key)) out.push(finding(`near ${label} ${key}`, keyOrigin(field), nearMiss(label, key)));
  }
  if (!isInherited('fallbacks')) out.push(...fallbackFindings(label, config.fields.value('fallbacks'), ''));
  return out;
}

function nearMiss(label: string, keyPath: string): string {
  return `${label} 'llm_config.${keyPath}' is not a recognized key; did you mean 'provider_tools'?`;
}

/** A provider_tools (or a near miss) inside a fallbacks entry, peer groups (a list in the list) included. */
function fallbackFindings(label: string, fallbacks: HoconValue | undefined, prefix: string): Finding[] {
  if (fallbacks?.kind !== 'array') return [];
  const out: Finding[] = [];
  fallbacks.elements.forEach((entry, i) => {
    const at = `${prefix}${i}`;
    if (entry.kind === 'array') out.push(...fallbackFindings(label, entry, `${at}.`));
    if (entry.kind !== 'object') return;
    const misplaced = entry.fields.get(KEY);
    if (misplaced !== undefined) {
      out.push(
        finding(
          `fallback ${label} ${at}`,
          keyOrigin(misplaced),
          `${label} 'llm_config.fallbacks[${at}].provider_tools' is ignored at runtime; declare provider_tools at the top level of llm_config so it applies to every fallback.`,
        ),
      );
    }
    for (const key of NEAR_MISS_KEYS) {
      const field = entry.fields.get(key);
      if (field !== undefined) out.push(finding(`fallback-near ${label} ${at} ${key}`, keyOrigin(field), nearMiss(label, `fallbacks[${at}].${key}`)));
    }
  });
  return out;
}

/** ActivationFactory's order: a toolbox tool and a coded tool (`function` and `class`) build no model. */
function isLlmAgent(spec: HoconObject): boolean {
  const toolbox = spec.fields.value('toolbox');
  if (toolbox !== undefined && toolbox.kind !== 'null') return false;
  const has = (key: string) => {
    const v = spec.fields.value(key);
    return v !== undefined && v.kind !== 'null';
  };
  return !has('function') || !has('class');
}

/** Whether a model the merged llm_config builds says its class is "gemini" (the fallbacks' models where there are any). */
function resolvesToGemini(merged: (key: string) => HoconField | undefined): boolean {
  const fallbacks = merged('fallbacks')?.value;
  const models: HoconObject[] = [];
  const flatten = (list: HoconValue): void => {
    if (list.kind !== 'array') return;
    for (const entry of list.elements) {
      if (entry.kind === 'array') flatten(entry);
      else if (entry.kind === 'object') models.push(entry);
    }
  };
  if (fallbacks?.kind === 'array' && fallbacks.elements.length > 0) {
    flatten(fallbacks);
    return models.some((m) => isGemini(m.fields.value('class')));
  }
  return isGemini(merged('class')?.value);
}

function isGemini(value: HoconValue | undefined): boolean {
  return value?.kind === 'string' && value.value.toLowerCase() === 'gemini';
}

function mixingFindings(agent: Agent): Finding[] {
  const tools = agent.spec.fields.value('tools');
  if (tools?.kind !== 'array' || tools.elements.length === 0) return [];
  const labels = tools.elements.map((t) => {
    if (t.kind === 'string') return t.value;
    const url = t.kind === 'object' ? t.fields.value('url') : undefined;
    return url?.kind === 'string' ? url.value : pythonType(t);
  });
  return [
    finding(
      `gemini-mixing ${agent.name}`,
      tools,
      `${agent.name} declares Gemini provider_tools together with other tools (${labels.join(', ')}); Gemini rejects built-in tools mixed with function tools and mis-converts the other tools' schemas, so move the built-in to an agent with no other tools.`,
    ),
  ];
}

function countFinding(label: string, list: HoconValue): Finding {
  const count = list.kind === 'array' ? list.elements.length : 0;
  return finding(`gemini-count ${label}`, list, `${label} declares ${count} Gemini provider_tools; Gemini supports one built-in entry per agent in this release.`);
}

function finding(key: string, at: Parameters<typeof diagnosticAt>[0], message: string): Finding {
  return { key: `provider-tools ${key}`, make: () => diagnosticAt(at, 'error', 'network-provider-tools', message) };
}

/** Python's `==` of two values as neuro-san reads them (a dict's keys in any order). */
function sameValue(a: HoconValue | undefined, b: HoconValue | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a.kind !== b.kind) return (a.kind === 'number' || a.kind === 'boolean') && (b.kind === 'number' || b.kind === 'boolean') && Number(a.value) === Number(b.value);
  switch (a.kind) {
    case 'array':
      return b.kind === 'array' && a.elements.length === b.elements.length && a.elements.every((e, i) => sameValue(e, b.elements[i]));
    case 'object':
      return b.kind === 'object' && a.fields.size === b.fields.size && [...a.fields].every(([k, f]) => sameValue(f.value, b.fields.value(k)));
    case 'null':
      return true;
    default:
      return a.value === (b as typeof a).value;
  }
}
