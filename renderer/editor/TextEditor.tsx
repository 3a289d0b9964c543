import type * as Monaco from 'monaco-editor/editor/editor.api';
import { useEffect, useRef, useState } from 'react';
import type { Workspace } from '../workspace';
import { attachModelContext, markersFor } from './languageFeatures';
import { monaco } from './monacoSetup';
import { isDirty } from '../state/documentStore';
import { EditorNoticeBar } from './EditorNoticeBar';
import type { EditorNotice } from './projectNavigation';
import type { CodeMetrics } from './outlineRoom';

export interface TextEditorProps {
  stores: Workspace;
  theme: 'light' | 'dark';
  /** False while the Form tab shows: the editor stays mounted (its view state survives) but hidden. */
  visible: boolean;
  /** The width of a character and of the gutter, when the editor is made and when they change (outlineRoom.ts). */
  onCodeMetrics?(metrics: CodeMetrics): void;
}

/**
 * The file as HOCON text in Monaco, on the window's shared model (see documentModel.ts). Diagnostics become markers
 * when the analysis matches the text; quick fixes, completions, hovers and folding come from languageFeatures.ts.
 */
export function TextEditor({ stores, theme, visible, onCodeMetrics }: TextEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const editorRef = useRef<Monaco.editor.IStandaloneCodeEditor | null>(null);
  /** A range to show once the editor is visible (asked for while the Form tab showed). */
  const pendingReveal = useRef<Monaco.Range | null>(null);
  const [notice, setNotice] = useState<EditorNotice | null>(null);
  const { documentModel, useAnalysis, useDocument } = stores;
  const reportMetrics = useRef(onCodeMetrics);
  reportMetrics.current = onCodeMetrics;
  const visibleNow = useRef(visible);
  visibleNow.current = visible;
  /** Gives the editor its model back if it let go of it while hidden (below); set by the editor's effect. */
  const attach = useRef(() => undefined as void);

  useEffect(() => {
    const model = documentModel.model;
    const editor = monaco.editor.create(host.current as HTMLDivElement, {
      model,
      automaticLayout: true,
      minimap: { enabled: false },
      fontSize: 13,
      scrollBeyondLastLine: false,
      renderWhitespace: 'selection',
      tabSize: 4,
      insertSpaces: true,
      detectIndentation: true,
      // Never rewrite what the user did not type.
      formatOnPaste: false,
      formatOnType: false,
      trimAutoWhitespace: false,
      folding: true,
      showFoldingControls: 'always',
      'semanticHighlighting.enabled': false,
      lightbulb: { enabled: monaco.editor.ShowLightbulbIconMode.OnCode },
    });
    editorRef.current = editor;
    // Hidden (the Form tab shows), the editor lets go of the model while a file replaces its text, and takes it back
    // when it shows: laying out the view of a 5,000-tool text takes ~300 ms of this thread, which opening a file paid
    // before its tool list showed. The new text opens at its start either way (stopLoads below).
    let detached = false;
    const stopBeforeReplace = documentModel.onBeforeReplace(() => {
      if (visibleNow.current || detached) return;
      editor.setModel(null);
      detached = true;
    });
    attach.current = () => {
      if (!detached) return;
      detached = false;
      editor.setModel(model);
    };
    // The gutter (line numbers, folding) grows with the number of lines' digits: measured again on each layout.
    const measure = () => {
      const layout = editor.getLayoutInfo();
      const charWidth = editor.getOption(monaco.editor.EditorOption.fontInfo).typicalHalfwidthCharacterWidth;
      if (charWidth > 0) reportMetrics.current?.({ charWidth, gutterPx: layout.contentLeft + layout.verticalScrollbarWidth });
    };
    measure();
    const measuring = editor.onDidLayoutChange(measure);
    const isCurrent = () => useAnalysis.getState().analyzedText === useDocument.getState().text;
    const detach = attachModelContext(model, {
      analysis: () => useAnalysis.getState().analysis,
      isCurrent,
      whenCurrent: () =>
        new Promise((resolve) => {
          if (isCurrent()) return resolve(useAnalysis.getState().analysis);
          const stop = useAnalysis.subscribe(() => {
            if (!isCurrent()) return;
            stop();
            resolve(useAnalysis.getState().analysis);
          });
        }),
      openClass: (tool) => void stores.useEntryPython.getState().openSource(tool),
      // As File > Open does: unsaved changes are asked about first.
      openFile: (file) => void stores.files.open(file),
      notify: setNotice,
      // A save waits for a rename confirmed a moment ago (its edits come with the service's answer).
      arriving: (work) => stores.edits.track(work),
      // Go to definition, references and rename across the project (projectNavigation.ts).
      project: {
        api: stores.api,
        path: () => useDocument.getState().path,
        dirty: () => isDirty(useDocument.getState()),
        openAt: async (file, from, to) => {
          if (useDocument.getState().path !== file && !(await stores.openInEditor(file))) return false;
          documentModel.reveal(model.getOffsetAt(from), model.getOffsetAt(to));
          return true;
        },
        // The open file and the project view (its tools' users) read again.
        reload: async () => {
          await useDocument.getState().reload();
          await stores.useProject.getState().refresh();
        },
      },
    });
    // A warning says why a command did nothing to the text as it was: the next edit makes it old.
    const staleWarning = model.onDidChangeContent(() => setNotice((n) => (n?.kind === 'warning' ? null : n)));

    // Markers only from an analysis of exactly this text: offsets from an older text would point at wrong places.
    const updateMarkers = () => {
      const { analysis } = useAnalysis.getState();
      if (!analysis) monaco.editor.setModelMarkers(model, 'toolbox', []);
      else if (isCurrent()) monaco.editor.setModelMarkers(model, 'toolbox', markersFor(monaco, model, analysis));
    };
    updateMarkers();
    const unsubscribe = useAnalysis.subscribe((s, p) => s.analysis !== p.analysis && updateMarkers());
    // Another file opens at its start, not where the previous one was scrolled to.
    const stopLoads = useDocument.subscribe((s, p) => {
      if (s.loadGeneration === p.loadGeneration) return;
      pendingReveal.current = null;
      editor.setScrollPosition({ scrollLeft: 0, scrollTop: 0 }, monaco.editor.ScrollType.Immediate);
    });
    const stopReveal = documentModel.onReveal((start, end) => {
      const from = model.getPositionAt(start);
      const to = model.getPositionAt(end);
      const range = new monaco.Range(from.lineNumber, from.column, to.lineNumber, to.column);
      if (detached) {
        // Hidden and without its model (above): revealed when it shows.
        pendingReveal.current = range;
        return;
      }
      // The HOCON tab may have been shown a moment ago: measure first, or the editor scrolls for a 0-px-wide view.
      editor.layout();
      editor.setSelection(range);
      if ((host.current?.offsetWidth ?? 0) === 0) {
        // Hidden (the Form tab shows: a tool chosen in the list): nothing to measure a scroll against, which once
        // left the text scrolled sideways by its indentation when the tab was shown. Revealed when it shows.
        pendingReveal.current = range;
        return;
      }
      // The line in the middle (never under the sticky headers at the top), scrolled so its start shows: to the
      // left edge when the start column fits, else just enough to show it.
      editor.revealLineInCenter(from.lineNumber, monaco.editor.ScrollType.Immediate);
      const left = editor.getOffsetForColumn(from.lineNumber, from.column);
      const width = editor.getLayoutInfo().contentWidth;
      editor.setScrollLeft(left < width * 0.6 ? 0 : left - width * 0.3, monaco.editor.ScrollType.Immediate);
      editor.focus();
    });
    // Format Document in the palette and the Edit menu, not only on Monaco's key: the HOCON tab shows first, so the
    // result and any "Not formatted: ..." notice are seen.
    const unregister = stores.commands.register([
      // Shown and focused: the tab, once shown, focuses the editor (below); shown already, it is focused here.
      {
        id: 'view.hocon',
        title: 'Show the HOCON text',
        category: 'View',
        enabled: () => useDocument.getState().status === 'ready',
        run: () => (stores.useView.getState().tab === 'hocon' ? editor.focus() : stores.useView.getState().setTab('hocon')),
      },
      {
        id: 'edit.format',
        title: 'Format the document',
        category: 'Edit',
        // Monaco's own key for it (Ctrl+Shift+I on Linux), shown: the editor handles it.
        shortcuts: [/Linux/.test(navigator.platform) ? 'Mod+Shift+I' : 'Shift+Alt+F'],
        keyScope: 'focus',
        enabled: () => useDocument.getState().status === 'ready',
        run: () => {
          stores.useView.getState().setTab('hocon');
          attach.current();
          return editor.getAction('editor.action.formatDocument')?.run();
        },
      },
    ]);
    return () => {
      unregister();
      stopBeforeReplace();
      measuring.dispose();
      staleWarning.dispose();
      unsubscribe();
      stopLoads();
      stopReveal();
      detach();
      editor.dispose();
    };
  }, [documentModel, useAnalysis, useDocument, stores.useEntryPython, stores.api, stores.commands, stores.useView, stores.edits]);

  useEffect(() => monaco.editor.setTheme(theme === 'dark' ? 'vs-dark' : 'vs'), [theme]);
  useEffect(() => {
    const editor = editorRef.current;
    if (!visible || !editor) return;
    attach.current();
    const range = pendingReveal.current;
    pendingReveal.current = null;
    if (range) documentModel.reveal(editor.getModel()!.getOffsetAt(range.getStartPosition()), editor.getModel()!.getOffsetAt(range.getEndPosition()));
    else editor.focus();
  }, [visible, documentModel]);

  return (
    <div style={{ flex: 1, display: 'flex', flexDirection: 'column', minWidth: 0, minHeight: 0 }}>
      {notice && <EditorNoticeBar notice={notice} onClose={() => setNotice(null)} />}
      <div ref={host} className="text-editor" data-testid="hocon-editor" />
    </div>
  );
}
