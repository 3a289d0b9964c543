import { useEffect, useRef } from 'react';

/**
 * Brings the element into view, its top first, each time `shown` changes to something (an action's result, a view
 * chosen): the answer to what the user just did is never left below the fold of a small pane. Nothing happens on the
 * first render, or when `shown` becomes null, undefined or false.
 */
export function useRevealWhenShown<T extends HTMLElement>(shown: unknown) {
  const ref = useRef<T>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (shown === null || shown === undefined || shown === false) return;
    ref.current?.scrollIntoView({ block: 'start', behavior: 'auto' });
  }, [shown]);
  return ref;
}
