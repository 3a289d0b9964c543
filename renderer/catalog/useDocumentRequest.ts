import { useEffect, useRef, useState } from 'react';
import type { DocumentTextPayload } from '../../shared/api/index';
import { latestWins } from '../state/latestWins';
import type { Workspace } from '../workspace';
import { errorMessage } from '../../shared/errorMessage';

/**
 * Asks the main side something about the editor's current text whenever `key` changes (a new catalog render, a new
 * query): the text goes as an edit of the one last sent (textSender.ts), and an answer to an older question is
 * dropped (latestWins). `run` gets the text fields to put in its request.
 */
export function useDocumentRequest<T>(stores: Workspace, key: unknown, run: (fields: DocumentTextPayload & { path: string | null }) => Promise<T>) {
  const [state, setState] = useState<{ value: T | null; error: string | null; busy: boolean }>({ value: null, error: null, busy: false });
  const sender = useRef(stores.texts.createSender());
  const latest = useRef(latestWins());
  const runRef = useRef(run);
  runRef.current = run;
  useEffect(() => {
    const isLatest = latest.current.start();
    const { text, path } = stores.useDocument.getState();
    setState((s) => ({ ...s, busy: true }));
    sender.current.send(text, (fields) => runRef.current({ ...fields, path })).then(
      (value) => {
        if (isLatest()) setState({ value, error: null, busy: false });
      },
      (error: unknown) => {
        if (isLatest()) setState({ value: null, error: errorMessage(error), busy: false });
      },
    );
  }, [stores, key]);
  return state;
}
