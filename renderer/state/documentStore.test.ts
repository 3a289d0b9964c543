import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTextChannel } from '../api/textSender';
import { fakeApi } from '../testSupport/fakeStores';
import { createDocumentStore } from './documentStore';
import { ARRIVING_EDITS_WAIT_MS, createPendingEdits } from './pendingEdits';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

async function opened() {
  const { api, callsOf } = fakeApi();
  const edits = createPendingEdits();
  const useDocument = createDocumentStore(api, createTextChannel(), edits);
  const open = useDocument.getState().open('/work/toolbox_info.hocon');
  callsOf('file.read')[0]!.resolve({ path: '/work/toolbox_info.hocon', text: 'fetch {}\n', mtimeMs: 1, sha256: 'a' });
  await open;
  return { useDocument, edits, callsOf };
}

describe('saving the document', () => {
  it('waits for an edit the user already asked for (a rename confirmed a moment ago) and saves the text it brings', async () => {
    const { useDocument, edits, callsOf } = await opened();
    let arrive!: () => void;
    edits.track(new Promise<void>((resolve) => (arrive = resolve)));
    const saved = useDocument.getState().save();
    await vi.advanceTimersByTimeAsync(0);
    expect(callsOf('file.write')).toEqual([]);

    useDocument.getState().setText('fetch_fast {}\n');
    arrive();
    await vi.advanceTimersByTimeAsync(0);
    expect(callsOf('file.write')[0]!.request).toMatchObject({ text: 'fetch_fast {}\n' });
    callsOf('file.write')[0]!.resolve({ path: '/work/toolbox_info.hocon', mtimeMs: 2, sha256: 'b' });
    expect(await saved).toBe(true);
    expect(useDocument.getState().savedText).toBe('fetch_fast {}\n');
  });

  it('saves what it has when an edit under way never comes, after a bounded wait', async () => {
    const { useDocument, edits, callsOf } = await opened();
    edits.track(new Promise<void>(() => undefined));
    void useDocument.getState().save();
    await vi.advanceTimersByTimeAsync(ARRIVING_EDITS_WAIT_MS - 1);
    expect(callsOf('file.write')).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(callsOf('file.write')[0]!.request).toMatchObject({ text: 'fetch {}\n' });
  });

  it('with nothing under way, writes at once', async () => {
    const { useDocument, callsOf } = await opened();
    void useDocument.getState().save();
    await vi.advanceTimersByTimeAsync(0);
    expect(callsOf('file.write')).toHaveLength(1);
  });
});

describe('a change on disk to the open file', () => {
  it('is taken in by a buffer with no unsaved edit', async () => {
    const { useDocument, callsOf } = await opened();
    useDocument.getState().changedOnDisk({ path: '/work/toolbox_info.hocon', mtimeMs: 2, deleted: false });
    await vi.advanceTimersByTimeAsync(0);
    callsOf('file.read')[1]!.resolve({ path: '/work/toolbox_info.hocon', text: 'theirs {}\n', mtimeMs: 2, sha256: 'b' });
    await vi.advanceTimersByTimeAsync(0);
    expect(useDocument.getState()).toMatchObject({ text: 'theirs {}\n', savedText: 'theirs {}\n', notice: null });
  });

  it('never replaces what was typed while the file was being read: the change is said instead', async () => {
    const { useDocument, callsOf } = await opened();
    useDocument.getState().changedOnDisk({ path: '/work/toolbox_info.hocon', mtimeMs: 2, deleted: false });
    await vi.advanceTimersByTimeAsync(0);
    useDocument.getState().setText('mine {}\n');
    callsOf('file.read')[1]!.resolve({ path: '/work/toolbox_info.hocon', text: 'theirs {}\n', mtimeMs: 2, sha256: 'b' });
    await vi.advanceTimersByTimeAsync(0);
    expect(useDocument.getState().text).toBe('mine {}\n');
    expect(useDocument.getState().notice).toEqual({ kind: 'external-change', message: 'toolbox_info.hocon was changed on disk by another program.' });
  });
});
