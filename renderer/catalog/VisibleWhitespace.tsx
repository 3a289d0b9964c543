/**
 * Text exactly as rendered, with its leading and trailing whitespace drawn as symbols (· space, → tab, ↵ newline)
 * so a stray newline at either end of a catalog — which the LLM sees — cannot hide. The one exception to "exactly":
 * the editor's placeholder for a value not known yet reads `<unknown…>`, not the template's JSON escape of it.
 */
import { useState } from 'react';
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

/**
 * A text longer than this shows its first SHOWN_HEAD and last SHOWN_TAIL characters until asked for all: laying out
 * a megabyte of wrapped text (a 5,000-tool catalog) took over a second of the renderer's thread each time it was
 * rendered, and a render landing while a file opened held its tool list back that long. Copy still copies it all.
 */
export const SHOWN_HEAD = 60_000;
export const SHOWN_TAIL = 2_000;

/** The parts of `body` shown: all of it, or its head and tail with how many characters between are not shown. */
export function shownParts(body: string, all: boolean): { head: string; omitted: number; tail: string } {
  if (all || body.length <= SHOWN_HEAD + SHOWN_TAIL) return { head: body, omitted: 0, tail: '' };
  let headEnd = SHOWN_HEAD;
  let tailStart = body.length - SHOWN_TAIL;
  // Never between the two halves of a surrogate pair.
  if (isHighSurrogate(body.charCodeAt(headEnd - 1))) headEnd++;
  if (isHighSurrogate(body.charCodeAt(tailStart - 1))) tailStart--;
  return { head: body.slice(0, headEnd), omitted: tailStart - headEnd, tail: body.slice(tailStart) };
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

function Body({ text }: { text: string }) {
  return (
    <>
      {splitPlaceholders(text).map((part, i) =>
        part.placeholder ? (
          <span key={i} className="unknown-value" title="Not what the LLM reads: known once the Test run pane loads the tool's class">
            {part.text}
          </span>
        ) : (
          textPieces(part.text)
        ),
      )}
    </>
  );
}

export function VisibleWhitespace({ text, label }: { text: string; label: string }) {
  const [all, setAll] = useState(false);
  const lead = /^\s*/.exec(text)![0];
  const rest = text.slice(lead.length);
  const trail = /\s*$/.exec(rest)![0];
  const body = rest.slice(0, rest.length - trail.length);
  const { head, omitted, tail } = shownParts(body, all);
  return (
    <pre className="catalog-text" aria-label={label} data-length={text.length}>
      {lead && (
        <span className="ws" title="leading whitespace" data-testid="leading-whitespace">
          {visible(lead)}
        </span>
      )}
      <Body text={head} />
      {omitted > 0 && (
        <span className="omitted">
          {' '}
          … {omitted.toLocaleString('en-US')} characters not shown …{' '}
          <button className="link" onClick={() => setAll(true)}>
            Show all
          </button>{' '}
        </span>
      )}
      {tail && <Body text={tail} />}
      {trail && (
        <span className="ws" title="trailing whitespace" data-testid="trailing-whitespace">
          {visible(trail)}
        </span>
      )}
    </pre>
  );
}
