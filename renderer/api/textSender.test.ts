import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/contract';
import { applyTextChange, type DocumentTextPayload } from '../../shared/api/documentText';
import { createTextChannel } from './textSender';

/** The main side's part (node/api/documentTexts.ts), as far as the sender can tell. */
class DocumentTexts {
  private readonly texts = new Map<string, string>();
  resolve(fields: DocumentTextPayload): string {
    const text = fields.text ?? (fields.edit && applyTextChange(this.texts.get(fields.edit.base) ?? '', fields.edit));
    if (fields.edit && !this.texts.has(fields.edit.base)) throw new ApiError('unknown_text', 'gone');
    if (text === undefined) throw new ApiError('invalid_request', 'no text');
    if (fields.textId) this.texts.set(fields.textId, text);
    return text;
  }
}

describe('the text sender', () => {
  const big = '# head\n' + 'x = 1\n'.repeat(5000);

  it('sends a big text whole once, then edits of what the main side acknowledged', async () => {
    const server = new DocumentTexts();
    const sent: DocumentTextPayload[] = [];
    const invoke = async (fields: DocumentTextPayload) => {
      sent.push(fields);
      return server.resolve(fields);
    };
    const sender = createTextChannel().createSender();
    expect(await sender.send(big, invoke)).toBe(big);
    const edited = big.replace('# head', '# headx');
    expect(await sender.send(edited, invoke)).toBe(edited);
    expect(sent[0]!.text).toBe(big);
    expect(sent[1]).toMatchObject({ edit: { base: sent[0]!.textId, offset: 6, length: 0, newText: 'x' } });
    expect(sent[1]!.text).toBeUndefined();
  });

  it('sends small texts whole, and the whole text again when the main side lost the base', async () => {
    let server = new DocumentTexts();
    const sent: DocumentTextPayload[] = [];
    const invoke = async (fields: DocumentTextPayload) => {
      sent.push(fields);
      return server.resolve(fields);
    };
    const sender = createTextChannel().createSender();
    await sender.send('a = 1', invoke);
    await sender.send('a = 2', invoke);
    expect(sent.map((f) => f.text)).toEqual(['a = 1', 'a = 2']);
    await sender.send(big, invoke);
    server = new DocumentTexts(); // the main side restarted
    const edited = `${big}y = 2\n`;
    expect(await sender.send(edited, invoke)).toBe(edited);
    expect(sent.slice(-2).map((f) => (f.edit ? 'edit' : 'whole'))).toEqual(['edit', 'whole']);
  });
});
