import { useCallback, useState } from 'react';

export interface PaneSizes {
  tools: number;
  side: number;
  problems: number;
}

const KEY = 'toolbox-editor.layout';
const DEFAULTS: PaneSizes = { tools: 260, side: 340, problems: 150 };
const LIMITS: Record<keyof PaneSizes, [number, number]> = { tools: [160, 700], side: [200, 900], problems: [60, 600] };

/** Restores saved sizes, ignoring anything malformed or out of bounds (a layout must never hide a pane). */
export function readPaneSizes(stored: string | null): PaneSizes {
  const sizes = { ...DEFAULTS };
  try {
    const parsed = JSON.parse(stored ?? '{}') as Partial<Record<keyof PaneSizes, unknown>>;
    for (const key of Object.keys(LIMITS) as (keyof PaneSizes)[]) {
      const value = parsed[key];
      if (typeof value === 'number' && Number.isFinite(value)) sizes[key] = clampSize(key, value);
    }
  } catch {
    // keep the defaults
  }
  return sizes;
}

export function clampSize(key: keyof PaneSizes, value: number): number {
  const [min, max] = LIMITS[key];
  return Math.round(Math.max(min, Math.min(max, value)));
}

/** Pane sizes, remembered in this browser profile (localStorage) across sessions. */
export function usePaneSizes() {
  const [sizes, setSizes] = useState(() => readPaneSizes(localStorage.getItem(KEY)));
  const resize = useCallback((key: keyof PaneSizes, value: number) => {
    setSizes((previous) => {
      const next = { ...previous, [key]: clampSize(key, value) };
      localStorage.setItem(KEY, JSON.stringify(next));
      return next;
    });
  }, []);
  return { sizes, resize };
}
