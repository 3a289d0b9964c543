import Editor from '@monaco-editor/react';
import type * as Monaco from 'monaco-editor';
import { useEffect, useRef } from 'react';
import { HOCON_LANGUAGE_ID } from './hoconLanguage';
import './monacoSetup';

export interface TextEditorProps {
  /** Changes whenever the document is replaced from outside (open, reload, new): the editor resets to `text`. */
  generation: number;
  text: string;
  theme: 'light' | 'dark';
  onChange(text: string): void;
}

/** The file as HOCON text, in Monaco. Edits flow out through onChange; the store owns the text. */
export function TextEditor({ generation, text, theme, onChange }: TextEditorProps) {
  const editorRef = useRef<Monaco.editor.IStandaloneCodeEditor | null>(null);
  const latestText = useRef(text);
  latestText.current = text;

  // A new generation means new content from outside: replace the model's text (one undo stop, no reformatting).
  useEffect(() => {
    const editor = editorRef.current;
    if (editor && editor.getValue() !== latestText.current) editor.setValue(latestText.current);
  }, [generation]);

  return (
    <Editor
      language={HOCON_LANGUAGE_ID}
      theme={theme === 'dark' ? 'vs-dark' : 'vs'}
      defaultValue={text}
      onChange={(value) => onChange(value ?? '')}
      onMount={(editor) => {
        editorRef.current = editor;
        editor.focus();
      }}
      options={{
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
      }}
      loading={<div className="placeholder">Loading the editor…</div>}
    />
  );
}
