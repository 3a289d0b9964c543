import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { DiagnosticDto, ToolboxAnalysis } from '../../shared/api/index';
import type { AnalysisState, AnalysisStoreHook } from './analysisStore';
import type { DocumentState, DocumentStoreHook } from './documentStore';
import { unreadTextError } from './unreadText';

/**
 * The analysis as every pane may show it: of the file open now, or why there is none. The store keeps the previous
 * file's analysis until the new one's first answer (so typing never blanks a pane): this is the one test that keeps
 * the tool list, form, test run, problems and status bar from showing it as this file's.
 */
export type OpenAnalysis =
  | { kind: 'none' } // no file open
  | { kind: 'checking' } // the file was opened or reloaded and its first analysis has not come yet
  | { kind: 'failed'; why: string } // it could not be analysed
  | {
      kind: 'ready';
      /** The analysis of the text as it is: its problems. */
      analysis: ToolboxAnalysis;
      /**
       * Whose tools, selection and network the panes show: `analysis`, or while neuro-san cannot read the text (a
       * syntax error half typed) the last analysis of this load whose text it could — a keystroke never empties the
       * tool list, and nothing is said to break from a text that does not parse.
       */
      tools: ToolboxAnalysis;
      /** Why the text cannot be read (its first error: unreadText.ts), or null. */
      unread: DiagnosticDto | null;
    };

type Held = Pick<AnalysisState, 'analysis' | 'analyzedLoad' | 'error'> & Partial<Pick<AnalysisState, 'lastRead'>>;
type Open = Pick<DocumentState, 'status' | 'loadGeneration'>;

const NONE: OpenAnalysis = { kind: 'none' };
const CHECKING: OpenAnalysis = { kind: 'checking' };

/**
 * Of the open file as loaded means made for its load generation (perhaps from text typed since, which the next answer
 * brings within milliseconds): another generation is another file, or this one before it was reloaded.
 */
export function openAnalysis(held: Held, document: Open): OpenAnalysis {
  if (document.status !== 'ready') return NONE;
  if (held.analysis !== null && held.analyzedLoad === document.loadGeneration) {
    const unread = unreadTextError(held.analysis);
    return { kind: 'ready', analysis: held.analysis, tools: (unread && held.lastRead) || held.analysis, unread };
  }
  return held.error !== null ? { kind: 'failed', why: held.error } : CHECKING;
}

/** The open file's analysis, or null while there is none to show (no file, checking, failed). */
export const analysisOf = (open: OpenAnalysis): ToolboxAnalysis | null => (open.kind === 'ready' ? open.analysis : null);

/** The analysis whose tools, selection and network to show (the last that read while the text does not), or null. */
export const toolsOf = (open: OpenAnalysis): ToolboxAnalysis | null => (open.kind === 'ready' ? open.tools : null);

interface Stores {
  useAnalysis: AnalysisStoreHook;
  useDocument: DocumentStoreHook;
}

/** For commands and actions: the open file's analysis now, or null. */
export const currentAnalysis = ({ useAnalysis, useDocument }: Stores): ToolboxAnalysis | null =>
  analysisOf(openAnalysis(useAnalysis.getState(), useDocument.getState()));

/** For panes: re-renders when the analysis, its error, or the open file's load generation changes (not per keystroke). */
export function useOpenAnalysis({ useAnalysis, useDocument }: Stores): OpenAnalysis {
  const { analysis, analyzedLoad, error, lastRead } = useAnalysis(useShallow((s) => ({ analysis: s.analysis, analyzedLoad: s.analyzedLoad, error: s.error, lastRead: s.lastRead })));
  const { status, loadGeneration } = useDocument(useShallow((s) => ({ status: s.status, loadGeneration: s.loadGeneration })));
  return useMemo(() => openAnalysis({ analysis, analyzedLoad, error, lastRead }, { status, loadGeneration }), [analysis, analyzedLoad, error, lastRead, status, loadGeneration]);
}
