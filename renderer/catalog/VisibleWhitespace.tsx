/**
 * Text exactly as rendered, with its leading and trailing whitespace drawn as symbols (· space, → tab, ↵ newline)
 * so a stray newline at either end of a catalog — which the LLM sees — cannot hide. The one exception to "exactly":
 * the editor's placeholder for a value not known yet reads `<unknown…>`, not the template's JSON escape of it.
 */
import { splitPlaceholders } from '../../shared/catalog/unknownPlaceholder';

const SYMBOL: Record<string, string> = { ' ': '·', '\t': '→', '\n': '↵\n', '\r': '␍' };

/**
 * Characters per text node. A catalog of thousands of tools is one line of a megabyte, wrapped anywhere; the browser
 * lays a long text node out again whole whenever the pane's layout changes, and in pieces of this size the same text
 * (the same DOM text, wrapped the same) took a quarter of the time (2.0 s to 0.5 s at 5,000 tools).
 */
const PIECE = 4096;

/** `text` as text nodes of at most PIECE characters, never cut between the two halves of a surrogate pair. */
export function textPieces(text: string): string[] {
  if (text.length <= PIECE) return [text];
  const pieces: string[] = [];
  for (let at = 0; at < text.length; ) {
    let end = Math.min(at + PIECE, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end++;
    pieces.push(text.slice(at, end));
    at = end;
  }
  return pieces;
}

function visible(ws: string): string {
  return [...ws].map((c) => SYMBOL[c] ?? c).join('');
}

export function VisibleWhitespace({ text, label }: { text: string; label: string }) {
  const lead = /^\s*/.exec(text)![0];
  const rest = text.slice(lead.length);
  const trail = /\s*$/.exec(rest)![0];
  const body = rest.slice(0, rest.length - trail.length);
  return (
    <pre className="catalog-text" aria-label={label} data-length={text.length}>
      {lead && (
        <span className="ws" title="leading whitespace" data-testid="leading-whitespace">
          {visible(lead)}
        </span>
      )}
      {splitPlaceholders(body).map((part, i) =>
        part.placeholder ? (
          <span key={i} className="unknown-value" title="Not what the LLM reads: known once the Test run pane loads the tool's class">
            {part.text}
          </span>
        ) : (
          textPieces(part.text)
        ),
      )}
      {trail && (
        <span className="ws" title="trailing whitespace" data-testid="trailing-whitespace">
          {visible(trail)}
        </span>
      )}
    </pre>
  );
}
