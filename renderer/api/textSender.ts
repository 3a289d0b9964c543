import { ApiError } from '../../shared/api/contract';
import { textChangeBetween, type DocumentTextPayload } from '../../shared/api/documentText';

/** Below this size a text is always sent whole (an edit saves nothing worth the bookkeeping). */
const WHOLE_TEXT_BELOW = 16_384;

let senders = 0;

/**
 * Sends one stream of a document's texts (the analysis's, the catalog's) as edits of the last text the main side
 * acknowledged, so a keystroke in a big file sends a few bytes, not the file (see shared/api/documentText.ts). When
 * the main side no longer holds that text, the whole text is sent again.
 */
export function createTextSender() {
  const prefix = `${Math.random().toString(36).slice(2, 10)}-${++senders}`;
  let counter = 0;
  let acknowledged: { id: string; text: string } | null = null;

  const payload = (text: string, whole: boolean): DocumentTextPayload => {
    const textId = `${prefix}-${++counter}`;
    const base = acknowledged;
    if (whole || !base || text.length < WHOLE_TEXT_BELOW) return { text, textId };
    return { edit: { base: base.id, ...textChangeBetween(base.text, text) }, textId };
  };

  return {
    /** Calls `invoke` with the text's fields; on success the text becomes the base of the next edit. */
    async send<T>(text: string, invoke: (fields: DocumentTextPayload) => Promise<T>): Promise<T> {
      let fields = payload(text, false);
      let result: T;
      try {
        result = await invoke(fields);
      } catch (error) {
        if (!(fields.edit && error instanceof ApiError && error.code === 'unknown_text')) throw error;
        acknowledged = null;
        fields = payload(text, true);
        result = await invoke(fields);
      }
      acknowledged = { id: fields.textId as string, text };
      return result;
    },
  };
}
