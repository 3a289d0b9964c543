import { diffWords } from 'diff';
import type { ToolboxDiffDto, ToolChangeDto } from '../../shared/api/index';
import { plural } from '../../shared/plural';

const SIGN: Record<ToolChangeDto['kind'], string> = { added: '+', removed: '-', renamed: '→', changed: '~' };

function tokenLine(d: ToolboxDiffDto): string {
  const { tokensBefore: a, tokensAfter: b, tokenizer, tokensEstimated } = d.catalog;
  const delta = b - a;
  const about = tokensEstimated ? 'about ' : '';
  return `Catalog: ${about}${a} → ${b} tokens (${delta >= 0 ? '+' : ''}${delta}, ${tokenizer}; ${tokensEstimated ? 'estimated: too long to count exactly in time; ' : ''}other providers' tokenizers differ)`;
}

/** A description's change as words removed [-like this-] and added {+like this+}, as `git diff --word-diff` shows. */
export function wordDiff(before: string, after: string): string {
  return diffWords(before, after)
    .map((part) => (part.added ? `{+${part.value}+}` : part.removed ? `[-${part.value}-]` : part.value))
    .join('');
}

function detailLines(change: ToolChangeDto, indent: string, mark: (breaking: boolean) => string): string[] {
  const lines: string[] = [];
  for (const d of change.details) {
    if (change.kind === 'renamed' && d.field === 'name') continue;
    if (change.kind === 'removed') continue;
    if (d.wordDiff !== undefined) {
      lines.push(`${indent}${d.field} changed${mark(d.breaking)}: ${d.wordDiff.replace(/\s*\n\s*/g, ' ')}`);
    } else {
      lines.push(`${indent}${d.field}: ${d.change}${mark(d.breaking)}`);
    }
  }
  return lines;
}

function title(change: ToolChangeDto): string {
  if (change.kind === 'renamed') return `${change.from} renamed to ${change.tool}`;
  return `${change.tool} ${change.kind}`;
}

/** For a terminal: one line per tool change, its details indented, then the catalog's token change and diff. */
export function formatDiffText(d: ToolboxDiffDto): string {
  const breaking = d.changes.filter((c) => c.breaking).length;
  const out = [`Comparing ${d.after} with ${d.before}`];
  if (d.changes.length === 0) out.push('No change to the tools.');
  else out.push(breaking > 0 ? `BREAKING: ${breaking} of ${d.changes.length} tool changes could break an agent that uses them` : `${plural(d.changes.length, 'tool change')}, none breaking`);
  for (const c of d.changes) {
    out.push(`${SIGN[c.kind]} ${title(c)}${c.breaking ? ' [breaking]' : ''}`);
    out.push(...detailLines(c, '    ', (b) => (b ? ' [breaking]' : '')));
  }
  out.push(tokenLine(d));
  return `${out.join('\n')}\n${d.catalog.diff}`;
}

/** For a pull-request comment: a verdict, a table of the changes, the catalog diff folded away. */
export function formatDiffMarkdown(d: ToolboxDiffDto): string {
  const escape = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const out = [`### Toolbox changes: \`${d.after}\` against \`${d.before}\``, ''];
  out.push(d.breaking ? '**Breaking**: an agent that uses these tools may fail.' : d.changes.length === 0 ? 'No change to the tools.' : 'No breaking change.');
  if (d.changes.length > 0) {
    out.push('', '| Tool | Change | Breaking |', '| --- | --- | --- |');
    for (const c of d.changes) {
      const details = detailLines(c, '', (b) => (b ? ' **(breaking)**' : ''));
      const what = [c.kind === 'renamed' ? `renamed from \`${c.from}\`` : c.kind, ...details].map(escape).join('<br>');
      out.push(`| \`${c.tool}\` | ${what} | ${c.breaking ? 'yes' : 'no'} |`);
    }
  }
  out.push('', tokenLine(d));
  if (d.catalog.diff) out.push('', '<details><summary>Catalog diff</summary>', '', '```diff', d.catalog.diff.trimEnd(), '```', '', '</details>');
  return `${out.join('\n')}\n`;
}
