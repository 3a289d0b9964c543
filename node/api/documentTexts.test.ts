import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiResult } from '../../shared/api/contract';
import type { ToolboxAnalysis } from '../../shared/api/toolboxApi';
import { createDispatcher } from './dispatcher';
import { DocumentTexts } from './documentTexts';
import type { ApiService } from './handlers';
import { browserModeService } from '../testSupport/apiCalls';

describe('texts sent as edits of earlier ones', () => {
  it('applies an edit to the named base and remembers the result under its own name', () => {
    const texts = new DocumentTexts();
    expect(texts.resolve({ text: 'a = 1', textId: 't1' })).toBe('a = 1');
    expect(texts.resolve({ edit: { base: 't1', offset: 4, length: 1, newText: '22' }, textId: 't2' })).toBe('a = 22');
    expect(texts.resolve({ edit: { base: 't2', offset: 0, length: 0, newText: '# x\n' } })).toBe('# x\na = 22');
    // The base is still there: two streams may edit the same one.
    expect(texts.resolve({ edit: { base: 't1', offset: 0, length: 0, newText: '' } })).toBe('a = 1');
  });

  it('forgets the least recently named texts beyond its capacity, and says so', () => {
    const texts = new DocumentTexts(2);
    texts.resolve({ text: 'one', textId: 'a' });
    texts.resolve({ text: 'two', textId: 'b' });
    texts.resolve({ text: 'three', textId: 'c' });
    expect(() => texts.resolve({ edit: { base: 'a', offset: 0, length: 0, newText: '' } })).toThrow(expect.objectContaining({ code: 'unknown_text' }));
    expect(texts.resolve({ edit: { base: 'b', offset: 3, length: 0, newText: '!' } })).toBe('two!');
  });

  it('refuses both a text and an edit, neither, and an edit that does not fit', () => {
    const texts = new DocumentTexts();
    texts.resolve({ text: 'abc', textId: 'a' });
    expect(() => texts.resolve({ text: 'x', edit: { base: 'a', offset: 0, length: 0, newText: '' } })).toThrow(expect.objectContaining({ code: 'invalid_request' }));
    expect(() => texts.resolve({})).toThrow(expect.objectContaining({ code: 'invalid_request' }));
    expect(() => texts.resolve({ edit: { base: 'a', offset: 2, length: 5, newText: '' } })).toThrow(expect.objectContaining({ code: 'invalid_request' }));
  });
});

describe('toolbox.analyze and catalog.render with edits', () => {
  let service: ApiService | undefined;
  afterEach(() => service?.dispose());

  it('analyse (and snapshot) the edited text, and answer unknown_text for an unknown base', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'toolbox-editor-texts-'));
    service = browserModeService(dir);
    const dispatch = createDispatcher(service.handlers);
    const text = 'a { class = "m.A", description = "Does A" }';
    const first = (await dispatch('toolbox.analyze', { path: null, text, textId: 'w-1', noDefault: true })) as ApiResult<ToolboxAnalysis>;
    expect(first.ok && first.value.tools.map((t) => t.name)).toEqual(['a']);
    const renamed = (await dispatch('toolbox.analyze', { path: null, edit: { base: 'w-1', offset: 0, length: 1, newText: 'b' }, textId: 'w-2', noDefault: true })) as ApiResult<ToolboxAnalysis>;
    expect(renamed.ok && renamed.value.tools.map((t) => t.name)).toEqual(['b']);
    const catalog = (await dispatch('catalog.render', { path: null, edit: { base: 'w-2', offset: 0, length: 0, newText: '' }, keyOrder: 'insertion', vars: {}, noDefault: true })) as ApiResult<{ text: string }>;
    expect(catalog.ok && catalog.value.text).toContain('"name": "b"');
    // A file read under a name is a base too: the first analysis of an opened file sends no text.
    writeFileSync(path.join(dir, 'tb.hocon'), 'c { class = "m.C", description = "Does C" }');
    await dispatch('file.read', { path: path.join(dir, 'tb.hocon'), textId: 'read-1' });
    const opened = (await dispatch('toolbox.analyze', { path: path.join(dir, 'tb.hocon'), edit: { base: 'read-1', offset: 0, length: 0, newText: '' }, noDefault: true })) as ApiResult<ToolboxAnalysis>;
    expect(opened.ok && opened.value.tools.map((t) => t.name)).toEqual(['c']);
    // A recovery snapshot is an edit too, and what is kept is the edited text.
    await dispatch('recovery.save', { path: null, edit: { base: 'w-2', offset: 0, length: 0, newText: '# unsaved\n' } });
    expect(await dispatch('recovery.get', { path: null })).toMatchObject({ ok: true, value: { text: `# unsaved\nb${text.slice(1)}` } });
    const unknown = await dispatch('toolbox.analyze', { path: null, edit: { base: 'nope', offset: 0, length: 0, newText: '' }, noDefault: true });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'unknown_text' } });
  });
});
