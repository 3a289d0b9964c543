import { ApiError } from '../../shared/api/index';
import { applyTextChange, type DocumentTextPayload } from '../../shared/api/index';

/**
 * The texts clients named (`textId`), the last few, so a request can carry an edit of one instead of the whole text
 * (see shared/api/documentText.ts).
 */
export class DocumentTexts {
  private readonly texts = new Map<string, string>();

  constructor(private readonly capacity = 8) {}

  /** The request's text: whole, or its edit applied to the named base; remembered under its `textId`. */
  resolve(request: DocumentTextPayload): string {
    let text: string;
    if (request.text !== undefined) {
      if (request.edit) throw new ApiError('invalid_request', 'Send the text or an edit of it, not both.');
      text = request.text;
    } else if (request.edit) {
      const base = this.texts.get(request.edit.base);
      if (base === undefined) throw new ApiError('unknown_text', `The text '${request.edit.base}' is not known here (any more): send the whole text.`);
      const applied = applyTextChange(base, request.edit);
      if (applied === undefined) throw new ApiError('invalid_request', `The edit does not fit in the text '${request.edit.base}'.`);
      text = applied;
    } else {
      throw new ApiError('invalid_request', 'The request has neither a text nor an edit of one.');
    }
    if (request.textId !== undefined) {
      this.texts.delete(request.textId);
      this.texts.set(request.textId, text);
      // Maps iterate in insertion order: the first key is the least recently named text.
      while (this.texts.size > this.capacity) this.texts.delete(this.texts.keys().next().value as string);
    }
    return text;
  }
}

/** The request with its text resolved, and the text fields gone. */
export function withText<R extends DocumentTextPayload>(texts: DocumentTexts, request: R): Omit<R, 'text' | 'edit' | 'textId'> & { text: string } {
  const { text: _text, edit: _edit, textId: _textId, ...rest } = request;
  return { ...rest, text: texts.resolve(request) };
}
