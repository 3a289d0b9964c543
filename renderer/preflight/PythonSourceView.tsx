import type * as Monaco from 'monaco-editor';
import { useEffect, useRef } from 'react';
import { monaco } from '../editor/monacoSetup';
import type { Workspace } from '../workspace';

/** The open class's Python source, read-only, scrolled to and marking the class's line. */
export function PythonSourceView({ stores, theme, visible }: { stores: Workspace; theme: 'light' | 'dark'; visible: boolean }) {
  const source = stores.useEntryPython((s) => s.source);
  const host = useRef<HTMLDivElement>(null);
  const editorRef = useRef<Monaco.editor.IStandaloneCodeEditor | null>(null);

  useEffect(() => {
    if (!source || !host.current) return;
    const model = monaco.editor.createModel(source.text, 'python');
    const editor = monaco.editor.create(host.current, {
      model,
      readOnly: true,
      domReadOnly: true,
      automaticLayout: true,
      minimap: { enabled: false },
      fontSize: 13,
      scrollBeyondLastLine: false,
      theme: theme === 'dark' ? 'vs-dark' : 'vs',
    });
    editorRef.current = editor;
    editor.setSelection(new monaco.Range(source.line, 1, source.line, model.getLineMaxColumn(source.line)));
    editor.revealLineInCenter(source.line);
    return () => {
      editorRef.current = null;
      editor.dispose();
      model.dispose();
    };
    // The theme is Monaco's global one, which the HOCON editor follows: a new source is what makes a new editor.
  }, [source]);

  useEffect(() => {
    if (visible && source) editorRef.current?.revealLineInCenter(source.line);
  }, [visible, source]);

  if (!source) return <p className="placeholder">No class open.</p>;
  return (
    <div className="python-source">
      <div className="python-source-header">
        <span title={source.file}>
          {source.file}:{source.line} (read-only)
        </span>
        <button type="button" onClick={() => stores.useEntryPython.getState().closeSource()}>
          Close
        </button>
      </div>
      <div ref={host} className="text-editor" data-testid="python-source" />
    </div>
  );
}
