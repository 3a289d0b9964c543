import type { AgentKind, CallKind } from '../../shared/network/agents';

/** What the network view and the agent form call each kind of agent. */
export const AGENT_KIND_LABEL: Record<AgentKind, string> = { llm: 'LLM agent', coded: 'coded tool', toolbox: 'toolbox tool' };

/** What an entry of an agent's `tools` names. */
export const CALL_KIND_LABEL: Record<CallKind, string> = { agent: 'agent', network: 'network', mcp: 'MCP server', unknown: 'not an agent here' };

/** The same, short, for the tree's badges (its rows are narrow; the row's accessible name says it whole). */
export const SHORT_KIND_LABEL: Record<AgentKind | Exclude<CallKind, 'agent'>, string> = { llm: 'LLM', coded: 'coded', toolbox: 'toolbox', network: 'network', mcp: 'MCP', unknown: 'unknown' };
