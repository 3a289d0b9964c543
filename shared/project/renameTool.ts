import { renameKey, type FileTextEdit, type TextEdit } from '../hocon/index';
import type { ProjectAnalysis } from './analyzeProject';
import { caseFileFor, renameToolInCaseFile } from '../run/index';

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** One replacement in a project file, with the line it is on before and after (for the preview). */
export interface PlannedEdit extends FileTextEdit {
  line: number;
  before: string;
  after: string;
}

export type RenamePlan = { ok: true; edits: PlannedEdit[] } | { ok: false; problem: string };

/**
 * Renaming a tool of the project's toolbox: its key in the toolbox (every definition, quoting kept), every network
 * agent's `"toolbox": "<tool>"` that uses it, and the toolbox's saved test cases of it (`<toolbox>.tests.json`). Only the names change: each edit replaces one name.
 * `read` gives a project file's text (relative to the root).
 */
export function planToolRename(analysis: Pick<ProjectAnalysis, 'toolbox' | 'tools'>, tool: string, newName: string, read: (file: string) => string | undefined): RenamePlan {
  const toolboxPath = analysis.toolbox?.path;
  const entry = analysis.tools.find((t) => t.name === tool);
  if (!toolboxPath || !entry) return { ok: false, problem: `The project's toolbox has no tool '${tool}'.` };
  if (entry.origin === 'default' || entry.file !== toolboxPath) return { ok: false, problem: `'${tool}' is defined in ${entry.origin === 'default' ? 'the default toolbox' : entry.file}, not in the project's toolbox: it cannot be renamed here.` };
  if (!IDENTIFIER.test(newName)) return { ok: false, problem: `'${newName}' is not a plain identifier (letters, digits and _, not starting with a digit): networks could not refer to it.` };
  if (newName === tool) return { ok: false, problem: 'The new name is the same as the old one.' };
  if (analysis.tools.some((t) => t.name === newName)) return { ok: false, problem: `The toolbox already has a tool '${newName}'.` };
  const toolboxText = read(toolboxPath);
  if (toolboxText === undefined) return { ok: false, problem: `Cannot read ${toolboxPath}.` };
  const edits: PlannedEdit[] = renameKey(toolboxText, [tool], newName).map((e) => planned(toolboxPath, toolboxText, e));
  for (const user of entry.users) {
    const text = read(user.file);
    if (text === undefined) return { ok: false, problem: `Cannot read ${user.file}.` };
    const written = text.slice(user.offset, user.offset + user.length);
    // The reference is the name alone, quoted or not; anything else (a substitution) is not ours to rewrite.
    const quoted = written.startsWith('"') ? JSON.stringify(newName) : written.startsWith("'") ? `'${newName}'` : newName;
    const unquoted = written.replace(/^(["'])(.*)\1$/, '$2');
    if (unquoted !== tool) return { ok: false, problem: `${user.file}:${user.line}: the reference to '${tool}' is written as ${written}, which a rename cannot rewrite.` };
    edits.push(planned(user.file, text, { offset: user.offset, length: user.length, newText: quoted }));
  }
  // The toolbox's saved test cases name the tool too: they go with it.
  const casesPath = caseFileFor(toolboxPath);
  const casesText = read(casesPath);
  if (casesText !== undefined) edits.push(...renameToolInCaseFile(casesText, tool, newName).map((e) => planned(casesPath, casesText, e)));
  return { ok: true, edits };
}

function planned(file: string, text: string, { offset, length, newText }: TextEdit): PlannedEdit {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const lineEndAt = text.indexOf('\n', offset + length);
  const lineEnd = lineEndAt === -1 ? text.length : lineEndAt;
  const before = text.slice(lineStart, lineEnd);
  const after = text.slice(lineStart, offset) + newText + text.slice(offset + length, lineEnd);
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return { file, offset, length, newText, line, before: before.trim(), after: after.trim() };
}
