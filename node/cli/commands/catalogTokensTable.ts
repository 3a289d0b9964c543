import type { CatalogTokens } from '../../../shared/catalog/catalogTokens';
import { TOKENIZER_MODELS, type TokenizerName } from '../../tokens/tokenizers';

/** `catalog --tokens` as a table a person reads: the total, the template's share, then each tool heaviest first. */
export function formatTokenTable(counts: CatalogTokens): string {
  const width = Math.max(8, ...counts.tools.map((t) => t.name.length));
  const digits = String(counts.total).length;
  const row = (label: string, tokens: number) => `${label.padEnd(width)}  ${String(tokens).padStart(digits)}\n`;
  const share = (tokens: number) => (counts.total === 0 ? '' : ` (${((tokens / counts.total) * 100).toFixed(1)}%)`);
  const models = TOKENIZER_MODELS[counts.tokenizer as TokenizerName] ?? '';
  let out = `Tokens (${counts.tokenizer}${models ? `: ${models}` : ''}; other providers' tokenizers differ, an estimate)\n`;
  if (counts.estimated) out += 'Estimated: too long to count exactly in time (a very long run of characters is counted in pieces)\n';
  out += row('total', counts.total);
  out += row('template', counts.overhead).replace(/\n$/, `${share(counts.overhead)}\n`);
  for (const t of counts.tools) out += row(t.name, t.tokens).replace(/\n$/, `${share(t.tokens)}${t.unknown ? ' + unknown until its class is loaded' : ''}\n`);
  return out;
}
