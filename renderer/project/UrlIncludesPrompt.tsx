import { useState } from 'react';
import type { Workspace } from '../workspace';
import { analysisOf, useOpenAnalysis } from '../state/openAnalysis';
import { errorMessage } from '../../shared/errorMessage';

/** The rule of an include by http(s) URL that was not fetched (shared/project/includeProblems.ts). */
const RULE = 'include-url';

/**
 * neuro-san fetches what a file includes by URL when it loads it; the editor fetches it only when the user allows it
 * for the project (remembered; kept in the state folder). One line above the problems, while such an include was not
 * fetched.
 */
export function UrlIncludesPrompt({ stores }: { stores: Workspace }) {
  const path = stores.useDocument((s) => s.path);
  const unfetched = analysisOf(useOpenAnalysis(stores))?.diagnostics.filter((d) => d.rule === RULE && d.message.includes('not fetched here')).length ?? 0;
  const [state, setState] = useState<{ busy: boolean; said: string | null }>({ busy: false, said: null });
  if (path === null || (unfetched === 0 && state.said === null)) return null;

  const fetchThem = async () => {
    setState({ busy: true, said: null });
    try {
      const answer = await stores.api.invoke('project.fetchIncludes', { path });
      const failed = answer.fetched.filter((f) => f.problem !== null);
      setState({ busy: false, said: failed.length === 0 ? null : failed.map((f) => `${f.url}: ${f.problem}`).join('\n') });
      stores.useAnalysis.getState().refresh();
    } catch (error) {
      setState({ busy: false, said: errorMessage(error) });
    }
  };

  return (
    <div className="url-includes-prompt" role="status">
      {unfetched > 0 && (
        <>
          <span>This file includes {unfetched === 1 ? 'a file' : `${unfetched} files`} by URL, which neuro-san fetches when it loads it.</span>{' '}
          <button type="button" disabled={state.busy} onClick={() => void fetchThem()} title="Fetch them now and from now on for this project (kept in the state folder)">
            {state.busy ? 'Fetching…' : 'Fetch for this project'}
          </button>
        </>
      )}
      {state.said !== null && <pre className="url-includes-failed">{state.said}</pre>}
    </div>
  );
}
