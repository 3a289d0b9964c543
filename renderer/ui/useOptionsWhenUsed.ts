import { useState } from 'react';
import { flushSync } from 'react-dom';

/** From this many options on, a select makes them only when it is used. */
export const LAZY_OPTIONS_FROM = 300;

/**
 * For a <select> that can hold thousands of options (a 5,000-tool toolbox's tools, and the Problems filter's): making
 * and styling them took ~250 ms of the renderer's thread while such a file opened, and React compared them again at
 * every analysis. A closed select shows only its chosen option, so it holds only that one until it is used: the
 * others are made when it takes the focus (Tab, a screen reader) or a press (made at once, before the browser opens
 * its list), and dropped when it loses the focus. A select of fewer than LAZY_OPTIONS_FROM options keeps them all.
 */
export function useOptionsWhenUsed(count: number): { all: boolean; events: { onFocus(): void; onPointerDown(): void; onBlur(): void } } {
  const [used, setUsed] = useState(false);
  return {
    all: used || count < LAZY_OPTIONS_FROM,
    events: {
      onFocus: () => setUsed(true),
      onPointerDown: () => flushSync(() => setUsed(true)),
      onBlur: () => setUsed(false),
    },
  };
}
