import path from 'node:path';
// Types only from the protocol's library: this module runs on the reading thread, also the app's (its bundle stays
// without the library).
import type { Diagnostic, DiagnosticSeverity } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { ToolboxDiagnostic } from '../../shared/toolbox/index';

/**
 * What the language server publishes of a project's reading, at every reading: its diagnostics by file, as LSP
 * diagnostics. A toolbox of 10,000 entries has tens of thousands of diagnostics, nearly all in one file: each step is
 * one pass over them (a file's list grown by copying it per diagnostic took the server 90 s for 50,000, answering
 * nothing meanwhile). They are made on the reading thread (publishedFiles) and cross to the server's main thread as a
 * few arrays, which it turns into LSP's objects (lspDiagnosticsOf) as it sends them.
 */
export interface PublishedFile {
  /** Absolute path. */
  file: string;
  /** Per diagnostic, 4 numbers: its start's line and character, its end's (LSP's: from 0, in UTF-16 units). */
  positions: Int32Array;
  /** Per diagnostic: LSP's DiagnosticSeverity. */
  severities: Uint8Array;
  /** Per diagnostic: its rule, as an index into `rules`. */
  ruleOf: Uint32Array;
  rules: string[];
  /** Per diagnostic: its message, with its quick fix named. */
  messages: string[];
}

/**
 * LSP's DiagnosticSeverity of ours (its Error, Warning, Hint; Information for any other). A hint is style advice:
 * editors show it faintly (VS Code: dots under the start, not in the Problems count).
 */
const SEVERITIES: Partial<Record<string, DiagnosticSeverity>> = { error: 1, warning: 2, hint: 4 };
const INFORMATION: DiagnosticSeverity = 3;

/** The diagnostics by the absolute path of their file, each file's in their order; each file name resolved once. */
export function groupByFile(diagnostics: readonly ToolboxDiagnostic[], absolute: (file: string) => string): Map<string, ToolboxDiagnostic[]> {
  const byFile = new Map<string, ToolboxDiagnostic[]>();
  const byName = new Map<string, ToolboxDiagnostic[]>();
  for (const d of diagnostics) {
    let list = byName.get(d.file);
    if (list === undefined) {
      const file = absolute(d.file);
      list = byFile.get(file);
      if (list === undefined) byFile.set(file, (list = []));
      byName.set(d.file, list);
    }
    list.push(d);
  }
  return byFile;
}

/**
 * A project's diagnostics as published: by file (named relative to `root`, or absolute), each placed in the file's
 * text (`textOf`: what the reading read; none, placed in an empty text) by its line offsets, found by halving.
 */
export function publishedFiles(diagnostics: readonly ToolboxDiagnostic[], root: string, textOf: (absolute: string) => string | undefined): PublishedFile[] {
  const out: PublishedFile[] = [];
  for (const [file, found] of groupByFile(diagnostics, (name) => path.resolve(root, name))) {
    const doc = TextDocument.create('file:///', 'hocon', 0, textOf(file) ?? '');
    const positions = new Int32Array(found.length * 4);
    const severities = new Uint8Array(found.length);
    const ruleOf = new Uint32Array(found.length);
    const rules: string[] = [];
    const ruleIndex = new Map<string, number>();
    const messages: string[] = [];
    found.forEach((d, i) => {
      const start = doc.positionAt(d.range.start.offset);
      const end = doc.positionAt(Math.max(d.range.end.offset, d.range.start.offset));
      positions[i * 4] = start.line;
      positions[i * 4 + 1] = start.character;
      positions[i * 4 + 2] = end.line;
      positions[i * 4 + 3] = end.character;
      severities[i] = SEVERITIES[d.severity] ?? INFORMATION;
      let rule = ruleIndex.get(d.rule);
      if (rule === undefined) ruleIndex.set(d.rule, (rule = rules.push(d.rule) - 1));
      ruleOf[i] = rule;
      messages.push(d.fix ? `${d.message} (quick fix: ${d.fix.title})` : d.message);
    });
    out.push({ file, positions, severities, ruleOf, rules, messages });
  }
  return out;
}

/** A published file's diagnostics as LSP's objects. */
export function lspDiagnosticsOf(published: PublishedFile): Diagnostic[] {
  const { positions: p, severities, ruleOf, rules, messages } = published;
  const out: Diagnostic[] = new Array(messages.length);
  for (let i = 0; i < messages.length; i++) {
    const at = i * 4;
    out[i] = {
      range: { start: { line: p[at]!, character: p[at + 1]! }, end: { line: p[at + 2]!, character: p[at + 3]! } },
      severity: severities[i] as DiagnosticSeverity,
      code: rules[ruleOf[i]!]!,
      source: 'toolbox',
      message: messages[i]!,
    };
  }
  return out;
}
