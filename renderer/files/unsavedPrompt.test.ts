import { beforeEach, describe, expect, it } from 'vitest';
import { createUiStore } from '../state/uiStore';
import { askAboutUnsaved } from './unsavedPrompt';

describe('the unsaved-work question is one dialog of the UI store', () => {
  let useUiStore = createUiStore();
  beforeEach(() => {
    useUiStore = createUiStore();
  });

  it('shows the file, and resolves with the answer given in the dialog', async () => {
    const asked = askAboutUnsaved(useUiStore, 'tb.hocon');
    const dialog = useUiStore.getState().dialog;
    expect(dialog).toMatchObject({ kind: 'unsaved', file: 'tb.hocon' });
    if (dialog?.kind === 'unsaved') dialog.answer('discard');
    expect(await asked).toBe('discard');
  });

  it('another dialog taking its place, or closing it, answers "cancel": nobody waits for ever', async () => {
    const replaced = askAboutUnsaved(useUiStore, 'a.hocon');
    useUiStore.getState().openDialog({ kind: 'preferences' });
    expect(await replaced).toBe('cancel');
    expect(useUiStore.getState().dialog).toEqual({ kind: 'preferences' });

    const closed = askAboutUnsaved(useUiStore, 'b.hocon');
    useUiStore.getState().closeDialog();
    expect(await closed).toBe('cancel');
  });
});
