/**
 * Preflight of a toolbox: for every entry the user wrote, the worker is asked (without calling any tool) whether its
 * class imports as a run would find it, whether a LangChain class accepts the entry's args, which environment
 * variables it reads by default and whether they are set, and for a coded tool whether it has invoke/async_invoke and
 * which args keys its code reads. Findings become diagnostics on the entries, plus a summary.
 *
 * Importing a module runs its code, so this is only ever an explicit action: one entry at a time, each with a
 * timeout (a hang kills the worker; the next entry gets a fresh one), and the whole with a time limit.
 */
import { performance } from 'node:perf_hooks';
import type { LoadedToolbox } from '../../shared/toolbox/index';
import { toRunnableSpec, type ToolEntry } from '../../shared/toolbox/index';
import { diagnosticAt, type ToolboxDiagnostic } from '../../shared/toolbox/index';
import { formatSeconds } from '../python/runResult';
import type { PreflightFinding } from '../python/preflightProtocol';
import type { ToolRunner } from '../python/toolRunner';
import { toWorkerSpec, workerClassLookup } from '../python/workerProtocol';
import type { NeuroSanFacts } from '../../shared/neurosan/versions/index';
import { originOfPath } from './entryPath';
import { plural } from '../../shared/plural';

export const DEFAULT_TOOL_TIMEOUT_MS = 10_000;
export const DEFAULT_TIME_LIMIT_MS = 60_000;

export interface PreflightOptions {
  /** How long one entry may take (importing its module included). */
  toolTimeoutMs?: number;
  /** How long the whole preflight may take; entries not reached are reported as not checked. */
  timeLimitMs?: number;
  /** The agent network's path, for the AGENT_TOOL_PATH walk-up of coded tools. */
  agentNetwork?: string;
  /** The project's neuro-san: a coded tool's class is checked only where that version finds it, as a run is. */
  neuroSan?: NeuroSanFacts;
  /** Names the entry being checked, for `runner.cancel`; `${callId}:${tool}`. */
  callId?: string;
  /** Checked before each entry: true stops the preflight (the rest are reported as not checked). */
  cancelled?: () => boolean;
  /** Told the call id of each entry's request as it is sent (to cancel the one going on). */
  onEntry?: (callId: string) => void;
}

export interface MissingPackage {
  name: string;
  tools: string[];
}

export interface PreflightSummary {
  /** Entries checked or meant to be (the user's own; the default toolbox's are neuro-san's). */
  tools: number;
  ready: number;
  withProblems: number;
  /** Each package that is not installed once, with the entries that need it. */
  missingPackages: MissingPackage[];
  /** Entries not checked (time limit, cancel, the interpreter missing). */
  notChecked: string[];
  durationMs: number;
  /** Why nothing could be checked (the interpreter cannot be started). */
  error?: string;
}

/** A finding about one entry, located by a path of keys inside it (so it can be placed again after edits). */
export interface ToolFinding extends PreflightFinding {
  tool: string;
}

export interface PreflightReport {
  findings: ToolFinding[];
  /** The findings placed in the entries they are about. */
  diagnostics: ToolboxDiagnostic[];
  summary: PreflightSummary;
  /** Where each class that imported is defined. */
  locations: Record<string, { file: string; line: number }>;
}

/** The entries a preflight checks: the user's own and overrides (the default toolbox's are neuro-san's). */
export function preflightEntries(toolbox: LoadedToolbox): ToolEntry[] {
  return toolbox.tools.filter((t) => t.origin !== 'default');
}

export async function preflightToolbox(toolbox: LoadedToolbox, runner: ToolRunner, options: PreflightOptions = {}): Promise<PreflightReport> {
  const started = performance.now();
  const toolTimeoutMs = options.toolTimeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS;
  const timeLimitMs = options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
  const entries = preflightEntries(toolbox);
  const findings: ToolFinding[] = [];
  const add = (tool: string, rule: string, message: string, at: string[] = ['class']) =>
    findings.push({ tool, severity: 'error', rule, message, at });
  const missing = new Map<string, string[]>();
  const notChecked: string[] = [];
  const locations: PreflightReport['locations'] = {};
  let error: string | undefined;

  for (const entry of entries) {
    const left = timeLimitMs - (performance.now() - started);
    if (error !== undefined || left <= 0 || options.cancelled?.()) {
      notChecked.push(entry.name);
      continue;
    }
    const spec = toRunnableSpec(entry);
    if (!spec) {
      // Validation says why (no class, not a string); nothing to import.
      add(entry.name, 'preflight-not-checked', `Tool '${entry.name}' has no usable 'class' to check.`, []);
      continue;
    }
    const timeoutMs = Math.max(1, Math.min(toolTimeoutMs, left));
    const callId = `${options.callId ?? 'preflight'}:${entry.name}`;
    options.onEntry?.(callId);
    const exchange = await runner.send(
      { op: 'preflight', spec: toWorkerSpec(spec), ...workerClassLookup(options) },
      { timeoutMs, callId },
    );
    if ('failure' in exchange) {
      const { errorKind, content } = exchange.failure;
      if (errorKind === 'interpreter') {
        error = content;
        notChecked.push(entry.name);
        continue;
      }
      if (errorKind === 'cancelled') {
        notChecked.push(entry.name);
        continue;
      }
      const message =
        errorKind === 'timeout'
          ? `Checking '${entry.name}' did not finish within ${formatSeconds(timeoutMs)} s (importing its module hangs?); the preflight stopped it.`
          : `Checking '${entry.name}' failed: ${content.split('\n')[0]}`;
      add(entry.name, 'preflight-failed', message);
      continue;
    }
    const reply = exchange.reply;
    if (!reply.ok || !('findings' in reply)) {
      const message = reply.ok ? 'unexpected reply' : reply.error;
      add(entry.name, 'preflight-failed', `Checking '${entry.name}' failed: ${message}`);
      continue;
    }
    for (const f of reply.findings) findings.push({ ...f, tool: entry.name });
    for (const name of reply.missingPackages) missing.set(name, [...(missing.get(name) ?? []), entry.name]);
    if (reply.file && reply.line) locations[entry.name] = { file: reply.file, line: reply.line };
  }

  const withProblems = new Set(findings.map((f) => f.tool));
  const checked = entries.length - notChecked.length;
  return {
    findings,
    diagnostics: locateFindings(entries, findings),
    locations,
    summary: {
      tools: entries.length,
      ready: checked - withProblems.size,
      withProblems: withProblems.size,
      missingPackages: [...missing].map(([name, tools]) => ({ name, tools })),
      notChecked,
      durationMs: performance.now() - started,
      ...(error !== undefined ? { error } : {}),
    },
  };
}

/**
 * The findings as diagnostics in the entries they are about, in the 'environment' group (they say what the Python
 * environment lacks, not what the file gets wrong); findings about entries that are gone are dropped.
 */
export function locateFindings(entries: readonly ToolEntry[], findings: readonly ToolFinding[]): ToolboxDiagnostic[] {
  const byName = new Map(entries.map((e) => [e.name, e]));
  const diagnostics: ToolboxDiagnostic[] = [];
  for (const f of findings) {
    const entry = byName.get(f.tool);
    if (entry) diagnostics.push({ ...diagnosticAt(originOfPath(entry, f.at), f.severity, f.rule, f.message, { tool: f.tool }), group: 'environment' });
  }
  return diagnostics;
}

/** "N tools ready, M with problems" plus the missing packages, each named once, and what was not checked. */
export function summaryLines(summary: PreflightSummary, python: string, timeLimitMs = DEFAULT_TIME_LIMIT_MS): string[] {
  if (summary.error !== undefined) return [`Nothing was checked: ${summary.error}`];
  const lines = [`${plural(summary.ready, 'tool')} ready, ${summary.withProblems} with problems (${formatSeconds(summary.durationMs)} s).`];
  if (summary.missingPackages.length > 0) {
    const parts = summary.missingPackages.map((p) => `${p.name} (${plural(p.tools.length, 'tool')})`);
    lines.push(`Missing packages (not installed for ${python}): ${parts.join(', ')}.`);
  }
  if (summary.notChecked.length > 0) {
    lines.push(`Not checked (the ${formatSeconds(timeLimitMs)} s time limit ran out or the check was stopped): ${summary.notChecked.join(', ')}.`);
  }
  return lines;
}

