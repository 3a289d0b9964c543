import { ApiError } from '../../shared/api/index';
import { textChangeBetween, type DocumentTextPayload } from '../../shared/api/index';

/** Below this size a text is always sent whole (an edit saves nothing worth the bookkeeping). */
const WHOLE_TEXT_BELOW = 16_384;

export interface TextSender {
  /** Calls `invoke` with the text's fields; on success the text becomes the base of the next edit. */
  send<T>(text: string, invoke: (fields: DocumentTextPayload) => Promise<T>): Promise<T>;
}

/**
 * The texts one window sends to the main side, and the one it acknowledged last: the window's workspace owns one
 * (workspace.ts) and hands it to whoever sends a text (the file read, the analysis, the catalog, recovery, a
 * comparison), so a keystroke in a big file sends a few bytes, not the file (see shared/api/documentText.ts).
 */
export interface TextChannel {
  /** A new name for a text this window sends or has the main side keep (file.read's textId). */
  nameText(): string;
  /** The main side now holds `text` under `id`: every sender may send edits of it. */
  acknowledge(id: string, text: string): void;
  /**
   * One stream of a document's texts, sent as edits of a text the main side acknowledged (the same text sent by
   * another stream or read from the file, else this stream's last). When the main side no longer holds that
   * text, the whole text is sent again.
   */
  createSender(): TextSender;
}

export function createTextChannel(): TextChannel {
  /** This window's prefix for the names of the texts it sends (unique across windows and restarts). */
  const windowPrefix = Math.random().toString(36).slice(2, 10);
  let texts = 0;
  /** The text the main side acknowledged last, whoever sent it (a file read, the analysis, the catalog). */
  let lastAcknowledged: { id: string; text: string } | null = null;
  const nameText = () => `${windowPrefix}-${++texts}`;
  const acknowledge = (id: string, text: string) => {
    lastAcknowledged = { id, text };
  };

  const createSender = (): TextSender => {
    let acknowledged: { id: string; text: string } | null = null;
    const payload = (text: string, whole: boolean): DocumentTextPayload => {
      const textId = nameText();
      // The text itself when another stream (or the file read) has just sent it, else this stream's last.
      const base = lastAcknowledged?.text === text ? lastAcknowledged : (acknowledged ?? lastAcknowledged);
      if (whole || !base || text.length < WHOLE_TEXT_BELOW) return { text, textId };
      return { edit: { base: base.id, ...textChangeBetween(base.text, text) }, textId };
    };
    return {
      async send<T>(text: string, invoke: (fields: DocumentTextPayload) => Promise<T>): Promise<T> {
        let fields = payload(text, false);
        let result: T;
        try {
          result = await invoke(fields);
        } catch (error) {
          if (!(fields.edit && error instanceof ApiError && error.code === 'unknown_text')) throw error;
          acknowledged = null;
          lastAcknowledged = null;
          fields = payload(text, true);
          result = await invoke(fields);
        }
        acknowledged = { id: fields.textId as string, text };
        acknowledge(acknowledged.id, text);
        return result;
      },
    };
  };
  return { nameText, acknowledge, createSender };
}
