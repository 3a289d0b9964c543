import path from 'node:path';
import { ToolIndex } from '../../../shared/review/similarity';
import { parseCommandLine, UsageError, type CliCommand } from '../command';
import { reviewSettingsFor } from '../../review/reviewToolbox';
import { toolTexts } from '../../review/similarTools';
import { loadFileFromDisk, toolboxOf } from '../../workspace/toolboxOnDisk';

export const similarCommand: CliCommand = {
  name: 'similar',
  usage: [
    'Usage: toolbox-editor similar FILE [--query TEXT] [--top N] [--json] [--no-default]',
    '',
    "Lists the most similar pairs of FILE's effective tools by the words of their name, description and parameter",
    'names (TF-IDF cosine, 0 to 1), with the words they share; pairs at or above similarityThreshold (0.5, or as set',
    'in .toolbox-editor.json beside FILE) are marked "!". With --query, ranks the tools against that request instead,',
    'with the words that matched. Lexical retrieval: it shows which tools compete for the same words, not what an LLM',
    'would choose.',
    '',
    'Options:',
    '  --query TEXT   a user request to rank the tools against',
    '  --top N        how many pairs or tools to print (default 10)',
    '  --json         {"threshold", "pairs": [{"a", "b", "score", "shared", "warn"}], "matches": [{"name", "score", "matched"}]}',
    '  --no-default   do not layer over the default toolbox',
  ].join('\n'),
  async run(args, io) {
    const parsed = parseCommandLine(args, { query: { type: 'string' }, top: { type: 'string' }, json: { type: 'boolean' }, 'no-default': { type: 'boolean' } });
    if (parsed.positionals.length !== 1) throw new UsageError('give exactly one FILE');
    const top = Number(parsed.values.top ?? '10');
    if (!Number.isInteger(top) || top < 1) throw new UsageError(`--top takes a whole number of at least 1, not '${parsed.values.top}'`);
    const file = parsed.positionals[0]!;
    const toolbox = toolboxOf(loadFileFromDisk(file, { cwd: io.cwd, env: io.env, noDefault: parsed.values['no-default'] ?? false }));
    const { settings } = reviewSettingsFor(path.resolve(io.cwd, toolbox.files.userFile ?? file));
    const index = new ToolIndex(toolTexts(toolbox.tools));
    const query = parsed.values.query;
    const pairs = query === undefined ? index.closestPairs(settings.similarityThreshold, top) : [];
    const matches = query === undefined ? [] : index.match(query).slice(0, top);
    if (parsed.values.json) {
      io.stdout(`${JSON.stringify({ threshold: settings.similarityThreshold, pairs, matches }, null, 2)}\n`);
      return 0;
    }
    if (query !== undefined) {
      io.stdout(`Tools ranked against "${query}" by the words they share (lexical, not an LLM's choice):\n`);
      if (matches.length === 0) io.stdout('  no tool shares a word with it\n');
      matches.forEach((m, i) => io.stdout(`${String(i + 1).padStart(3)}. ${m.name}  ${m.score.toFixed(2)}  (${m.matched.join(', ')})\n`));
    } else {
      io.stdout(`Most similar tools (TF-IDF cosine; ! at or above ${settings.similarityThreshold}):\n`);
      for (const p of pairs) io.stdout(`${p.warn ? '!' : ' '} ${p.score.toFixed(2)}  ${p.a} / ${p.b}  (${p.shared.slice(0, 8).join(', ')})\n`);
    }
    return 0;
  },
};
