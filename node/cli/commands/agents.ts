import path from 'node:path';
import { formatDiagnosticLine } from '../../../shared/toolbox/index';
import type { NetworkAgents } from '../../../shared/network/agents';
import { agentOffersJson, placeOf } from '../../../shared/network/offersJson';
import type { AgentOffersDto } from '../../../shared/api/index';
import { parseCommandLine, UsageError, type CliCommand, type CliIo } from '../command';
import { loadFileFromDisk } from '../../workspace/toolboxOnDisk';
import { reviewSettingsFor } from '../../review/reviewToolbox';
import { isTokenizerName, loadTokenizer, TOKENIZER_NAMES } from '../../tokens/tokenizers';
import { diskReading } from './readingCliSupport';
import { neuroSanVersionOptions, neuroSanVersionUsage, versionLookupOf } from './neuroSanVersionCliSupport';

export const agentsCommand: CliCommand = {
  name: 'agents',
  usage: [
    'Usage: toolbox-editor agents FILE [--json] [--no-default] [--cwd DIR] [--neuro-san-version V]',
    '       toolbox-editor agents FILE --agent NAME [--json] [--tokenizer NAME] [--no-default] [--cwd DIR]',
    '',
    "Lists an agent network's agents as neuro-san's AgentNetwork reads them (commondefs applied, in file order), the",
    "front man marked (the release's rule: the first agent from neuro-san 0.5.55), each with its kind (llm, coded,",
    'toolbox) and the tools it lists. FILE is read in its project, as `validate FILE` reads it (its toolbox, manifest',
    'and .env).',
    "With --agent, what that agent's LLM is offered, as neuro-san builds it: each function's name, where it comes",
    'from (agent, toolbox, coded, network, mcp), description and parameters (as its converter makes them), the',
    'entries that give it nothing, the tokens of the functions, and the pairs its LLM could confuse. What only',
    'Python or a server knows (a LangChain class, an MCP server\'s tools) is said so, never guessed.',
    'Exit 1 when FILE cannot be read, is no network, has no such agent, or neuro-san refuses the network (no front',
    'man, a name twice); each said with its file:line:column.',
    '',
    'Options:',
    '  --json            {agents: [{name, kind, frontMan, target, tools, file, line}], frontMan, problems}; with',
    '                    --agent: {agent, offered: [{name, from, description, parameters, listedAs, note, at}],',
    '                    notOffered, tokens: {count, estimated, partial, tokenizer}, confusable}',
    '  --agent NAME      what that agent\'s LLM is offered',
    `  --tokenizer NAME  ${TOKENIZER_NAMES.join(' or ')} (default: the project's "tokenizer" setting, else o200k_base)`,
    '  --no-default      do not layer the toolbox over the default toolbox',
    '  --cwd DIR         the working directory neuro-san runs in (default: the nearest folder upward holding',
    '                    registries/)',
    ...neuroSanVersionUsage,
  ].join('\n'),
  async run(args, io) {
    const parsed = parseCommandLine(args, {
      json: { type: 'boolean' },
      agent: { type: 'string' },
      tokenizer: { type: 'string' },
      'no-default': { type: 'boolean' },
      cwd: { type: 'string' },
      ...neuroSanVersionOptions,
    });
    if (parsed.positionals.length !== 1) throw new UsageError('give exactly one network FILE');
    const file = parsed.positionals[0]!;
    const tokenizer = parsed.values.tokenizer;
    if (tokenizer !== undefined && !isTokenizerName(tokenizer)) throw new UsageError(`--tokenizer takes ${TOKENIZER_NAMES.join(' or ')}, not '${tokenizer}'`);
    if (tokenizer !== undefined && parsed.values.agent === undefined) throw new UsageError('--tokenizer needs --agent NAME (it counts what the agent is offered)');
    const loaded = loadFileFromDisk(file, {
      ...diskReading(file, { cwd: parsed.values.cwd }, io),
      env: io.env,
      noDefault: parsed.values['no-default'] ?? false,
      versionLookup: versionLookupOf(parsed.values),
    });
    // neuro-san reads nothing of a file it cannot parse: say where, and list nothing.
    const toolboxFiles = loaded.kind === 'network' ? [loaded.network.toolbox.files.userFile, loaded.network.toolbox.files.defaultFile] : [];
    const unread = loaded.diagnostics.filter((d) => d.severity === 'error' && d.rule === 'hocon' && !toolboxFiles.some((t) => t !== undefined && samePath(t, d.file, io)));
    if (unread.length > 0) {
      for (const d of unread) io.stderr(`${formatDiagnosticLine(d)}\n`);
      io.stderr(`${file}: neuro-san cannot read this file, so it has no agents to list.\n`);
      return 1;
    }
    if (loaded.kind !== 'network') {
      io.stderr(`${file}:1:1: not an agent network: neuro-san reads a network's agents from a top-level "tools" list, and this file has none${loaded.fileKind ? ` (it reads as a ${loaded.fileKind.kind}: ${loaded.fileKind.reason})` : ' (it reads as a toolbox)'}.\n`);
      return 1;
    }
    const network = loaded.agents();
    const agent = parsed.values.agent;
    if (agent === undefined) return listAgents(network, parsed.values.json ?? false, io);
    const { settings } = reviewSettingsFor(loaded.network.file);
    const name = tokenizer ?? settings.tokenizer;
    const offers = loaded.agentOffers(agent, { count: await loadTokenizer(name), similarityThreshold: settings.similarityThreshold });
    if (offers === undefined) {
      const place = loaded.network.file;
      const names = network.agents.map((a) => a.name);
      io.stderr(`${place}:1:1: no agent '${agent}' in this network${names.length > 0 ? `; its agents are ${names.join(', ')}` : ' (it has no agents)'}.\n`);
      return 1;
    }
    const json = agentOffersJson(offers, name);
    if (parsed.values.json) io.stdout(`${JSON.stringify(json, null, 2)}\n`);
    else printOffers(json, io);
    return 0;
  },
};

/** A toolbox that fails to parse is the toolbox's problem (validate says it): the network's agents are still listed. */
function samePath(a: string, b: string, io: CliIo): boolean {
  return path.resolve(io.cwd, a) === path.resolve(io.cwd, b);
}

function listAgents(network: NetworkAgents, json: boolean, io: CliIo): number {
  const rows = network.agents.map((a) => {
    const place = placeOf(a.at);
    return { name: a.name, kind: a.kind, frontMan: a.frontMan, target: a.target ?? null, tools: a.calls.map((c) => c.name), file: place.file, line: place.line };
  });
  const problems = network.problems.map((p) => ({ message: p.message, ...placeOf(p.at) }));
  if (json) {
    io.stdout(`${JSON.stringify({ agents: rows, frontMan: network.frontMan ?? null, problems }, null, 2)}\n`);
  } else {
    const width = Math.max(0, ...rows.map((r) => r.name.length));
    for (const r of rows) {
      const what = r.kind === 'llm' ? 'llm' : `${r.kind} ${r.target ?? ''}`.trim();
      const tools = r.tools.length > 0 ? `  tools: ${r.tools.join(', ')}` : '';
      io.stdout(`${r.frontMan ? '*' : ' '} ${r.name.padEnd(width)}  ${what}${tools}  (${r.file}:${r.line})\n`);
    }
    if (network.frontMan !== undefined) io.stdout(`* front man\n`);
  }
  for (const p of problems) io.stderr(`${p.file}:${p.line}:${p.column} error ${p.message}\n`);
  return problems.length > 0 ? 1 : 0;
}

function printOffers(offers: AgentOffersDto, io: CliIo): void {
  io.stdout(`Offered to the LLM of '${offers.agent}':\n`);
  if (offers.offered.length === 0) io.stdout('  nothing\n');
  const width = Math.max(0, ...offers.offered.map((o) => o.name.length));
  for (const o of offers.offered) {
    const description = o.description === null ? '(unknown)' : oneLine(o.description);
    const parameters = o.parameters === null ? '' : ` (${Object.keys((o.parameters.properties as Record<string, unknown> | undefined) ?? {}).join(', ')})`;
    io.stdout(`  ${o.name.padEnd(width)}  ${o.from.padEnd(7)}  ${description}${parameters}\n`);
    if (o.note !== undefined) io.stdout(`  ${' '.repeat(width)}           ${o.note}\n`);
  }
  for (const n of offers.notOffered) io.stdout(`Not offered: ${n.listedAs} (${n.at.file}:${n.at.line}): ${n.why}\n`);
  const { tokens } = offers;
  io.stdout(`Tokens: ${tokens.count}${tokens.estimated ? ' (estimated)' : ''} (${tokens.tokenizer}, the functions as a request's tools${tokens.partial ? '; what is unknown counts as nothing' : ''})\n`);
  for (const p of offers.confusable) io.stdout(`Could be confused: ${p.a} and ${p.b} (similarity ${p.score.toFixed(2)}; shared words: ${p.shared.slice(0, 6).join(', ')})\n`);
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 100 ? `${line.slice(0, 99)}…` : line;
}
