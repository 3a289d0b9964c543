import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createTwoFilesPatch } from 'diff';
import type { ToolboxDiffDto } from '../../shared/api/index';
import { catalogSourcesFromTools } from '../../shared/catalog/fromToolbox';
import { findJson } from '../../shared/catalog/findJson';
import { renderCatalog } from '../../shared/catalog/renderCatalog';
import { diffToolboxes, type ToolSnapshot } from '../../shared/review/toolboxDiff';
import type { ToolEntry } from '../../shared/toolbox/index';
import { readTextFile } from '../files/textFiles';
import { resourcesDir } from '../paths';
import { DEFAULT_TOKENIZER, loadTokenizer } from '../tokens/tokenizers';
import { loadFileFromDisk, toolboxOf } from '../workspace/toolboxOnDisk';
import { wordDiff } from './diffFormats';
import { fileAtRevision } from './gitRevision';

export interface CompareSide {
  /** The toolbox file (absolute): includes and the network's toolbox are found from here. */
  file: string;
  /** Its text (a revision's, the editor's); read from `file` when absent. */
  text?: string;
  /** How the side is named in the report. */
  label: string;
}

export interface CompareOptions {
  cwd: string;
  env: Record<string, string | undefined>;
  noDefault?: boolean;
}

function snapshot(tool: ToolEntry): ToolSnapshot {
  return {
    name: tool.name,
    className: tool.className ?? null,
    description: tool.description ?? null,
    parameters: tool.parameters ?? null,
    args: tool.args ?? null,
    displayAs: tool.displayAs.value,
  };
}

/** The catalog as lines a person can compare: its JSON pretty-printed (the default template writes one long line). */
function comparable(text: string): string {
  const json = findJson(text);
  return `${json ? `${text.slice(0, json.start)}\n${JSON.stringify(json.value, null, 2)}` : text}\n`;
}

/**
 * The semantic diff of `after` against `before`: the tool changes, and the catalog each renders (the app's default
 * template, sorted keys) as a unified diff with its token counts. Includes are read from the disk as they are now.
 */
export async function compareToolboxes(before: CompareSide, after: CompareSide, options: CompareOptions): Promise<ToolboxDiffDto> {
  const template = readFileSync(path.join(resourcesDir(), 'toolbox_catalog.jinja2'), 'utf8');
  const count = await loadTokenizer(DEFAULT_TOKENIZER);
  // A side without text is read first, as every file is (a regular file, strict UTF-8, the size cap): a missing file,
  // a FIFO or a device is an error here, not an empty toolbox whose every tool the other side "added".
  const [beforeText, afterText] = await Promise.all([before, after].map(async (side) => side.text ?? (await readTextFile(side.file)).text));
  const load = (side: CompareSide, text: string) => {
    const overlays = new Map([[side.file, text]]);
    const toolbox = toolboxOf(loadFileFromDisk(side.file, { cwd: options.cwd, env: options.env, noDefault: options.noDefault ?? false, overlays }));
    const catalog = renderCatalog({ template, tools: catalogSourcesFromTools(toolbox.tools) }).text;
    return { tools: toolbox.tools.map(snapshot), catalog };
  };
  const a = load(before, beforeText!);
  const b = load(after, afterText!);
  const changes = diffToolboxes(a.tools, b.tools);
  for (const change of changes) {
    for (const d of change.details) if (typeof d.before === 'string' && typeof d.after === 'string') d.wordDiff = wordDiff(d.before, d.after);
  }
  const tokensBefore = count(a.catalog);
  const tokensAfter = count(b.catalog);
  const diff = a.catalog === b.catalog ? '' : createTwoFilesPatch(`catalog (${before.label})`, `catalog (${after.label})`, comparable(a.catalog), comparable(b.catalog), undefined, undefined, { context: 3 });
  return {
    breaking: changes.some((c) => c.breaking),
    before: before.label,
    after: after.label,
    changes,
    catalog: { tokenizer: DEFAULT_TOKENIZER, tokensBefore: tokensBefore.tokens, tokensAfter: tokensAfter.tokens, tokensEstimated: tokensBefore.estimated || tokensAfter.estimated, diff },
  };
}

/** The side to compare with: `file` at a git revision, or another file. */
export async function baselineSide(file: string, against: { revision: string } | { file: string }, cwd: string): Promise<CompareSide> {
  if ('revision' in against) {
    return { file, text: await fileAtRevision(file, against.revision), label: `${against.revision}:${path.relative(cwd, file) || path.basename(file)}` };
  }
  const other = path.resolve(cwd, against.file);
  return { file: other, label: path.relative(cwd, other) || other };
}
