import { create } from 'zustand';

export type UnsavedChoice = 'save' | 'discard' | 'cancel';

interface UnsavedPromptState {
  /** The question on screen: which file, and who waits for the answer. */
  asking: { file: string; answer(choice: UnsavedChoice): void } | null;
}

/** The app's own "Save changes?" dialog (window.confirm offers only OK/Cancel, and blocks the page). */
export const useUnsavedPrompt = create<UnsavedPromptState>()(() => ({ asking: null }));

/** Asks what to do with unsaved changes to `file`; resolves with the user's choice. */
export function askAboutUnsaved(file: string): Promise<UnsavedChoice> {
  useUnsavedPrompt.getState().asking?.answer('cancel'); // a question already on screen is withdrawn
  return new Promise((resolve) => {
    useUnsavedPrompt.setState({
      asking: {
        file,
        answer: (choice) => {
          useUnsavedPrompt.setState({ asking: null });
          resolve(choice);
        },
      },
    });
  });
}
