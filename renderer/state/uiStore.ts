import { create } from 'zustand';
import type { AppInfo } from '../../shared/api/contract';

export type PathPrompt = { purpose: 'open' } | { purpose: 'saveAs'; suggested: string };

interface UiState {
  info: AppInfo | null;
  /** Browser mode has no native dialogs: the app asks for a path in its own dialog. */
  pathPrompt: PathPrompt | null;
  theme: 'light' | 'dark';
  setInfo(info: AppInfo): void;
  setPathPrompt(prompt: PathPrompt | null): void;
  setTheme(theme: 'light' | 'dark'): void;
}

const systemTheme = (): 'light' | 'dark' =>
  window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';

export const useUiStore = create<UiState>()((set) => ({
  info: null,
  pathPrompt: null,
  theme: systemTheme(),
  setInfo: (info) => set({ info }),
  setPathPrompt: (pathPrompt) => set({ pathPrompt }),
  setTheme: (theme) => set({ theme }),
}));
