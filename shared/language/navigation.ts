import { formatKeySegment, getField, normalizePath, parseHocon, resolveHocon, type FileTextEdit, type ObjectNode, type PathSegment, type ResolveOptions, type SyntaxDocument } from '../hocon/index';
import type { ProjectAnalysis, ProjectTool } from '../project/analyzeProject';
import { locateNetwork } from '../project/manifest';
import { planToolRename, type PlannedEdit } from '../project/renameTool';
import { fieldsWithPath, substitutionsOf, syntaxAt, type SyntaxAt } from './syntaxAt';
import { includeAt, includeFileToOpen, type IncludeFacts } from './includeHover';

/**
 * Go to definition, find references and rename, over one file's text and, where the file lies in a neuro-san
 * project, the project's analysis (shared/project/analyzeProject.ts): an include → the file it reads; `${x}` → where
 * x is set; a network's `"toolbox": "name"` → the tool's entry in the toolbox; a manifest's entry → the network;
 * a tool's references are the agents that use it; a rename changes a tool across the project or a key with the
 * `${...}` that name it. Pure: files are read through the world.
 */
export interface LanguageWorld {
  /** A file's text (unsaved editor text first), by the name the analysis uses (relative to the root, or absolute). */
  read(file: string): string | undefined;
  /** How the specification's reading of `file` finds its includes and environment. */
  resolveOptions(file: string): ResolveOptions;
  /** The project's analysis (its diagnostics are not used here), when the file lies in a project. */
  analysis?: Omit<ProjectAnalysis, 'diagnostics'>;
  /** Where each include of `file` resolved, for the hover on it (includeHover.ts). */
  includesOf?(file: string): IncludeFacts | undefined;
}

/** A place in a file: offsets into its text. */
export interface Location {
  file: string;
  start: number;
  end: number;
}

/** What the name at a position is, for the three features. */
type Target =
  | { kind: 'tool'; tool: ProjectTool; start: number; end: number }
  | { kind: 'key'; path: string[]; start: number; end: number; segment: PathSegment }
  | { kind: 'substitution'; path: string[]; start: number; end: number; segment: PathSegment }
  | { kind: 'include'; statementStart: number }
  | { kind: 'manifest-entry'; key: string };

interface Parsed {
  text: string;
  document: SyntaxDocument;
  at: SyntaxAt;
}

function parse(world: LanguageWorld, file: string, offset: number): Parsed | undefined {
  const text = world.read(file);
  if (text === undefined) return undefined;
  const document = parseHocon(text, file);
  return { text, document, at: syntaxAt(document, offset) };
}

function targetAt(world: LanguageWorld, file: string, offset: number, parsed: Parsed): Target | undefined {
  const { at } = parsed;
  const analysis = world.analysis;
  const here = normalizePath(file);
  if (analysis) {
    // A network agent's "toolbox": "name" (the analysis knows each such place).
    for (const tool of analysis.tools) {
      const user = tool.users.find((u) => normalizePath(u.file) === here && u.offset <= offset && offset <= u.offset + u.length);
      if (user) return { kind: 'tool', tool, start: user.offset, end: user.offset + user.length };
    }
    const top = at.fields.length === 1 && at.onKey ? at.fields[0]! : undefined;
    if (top && top.field.key.segments.length === 1) {
      const name = top.field.key.segments[0]!.name;
      const tool = analysis.tools.find((t) => t.name === name && normalizePath(t.file) === here);
      if (tool) return { kind: 'tool', tool, start: top.field.key.start, end: top.field.key.end };
      const kind = analysis.files.find((f) => f.path === here)?.kind;
      if (kind === 'manifest') return { kind: 'manifest-entry', key: name };
    }
  }
  if (at.include) return { kind: 'include', statementStart: at.include.start };
  if (at.substitution) {
    const segments = at.substitution.path;
    const segment = segments.find((s) => s.start <= offset && offset <= s.end) ?? segments[segments.length - 1];
    if (!segment) return undefined;
    const path = segments.slice(0, segments.indexOf(segment) + 1).map((s) => s.name);
    return { kind: 'substitution', path, start: segment.start, end: segment.end, segment };
  }
  const innermost = at.fields[at.fields.length - 1];
  if (at.onKey && innermost?.path) {
    const segments = innermost.field.key.segments;
    const segment = segments.find((s) => s.start <= offset && offset <= s.end) ?? segments[segments.length - 1];
    if (!segment) return undefined;
    const prefixLength = innermost.path.length - segments.length;
    const path = innermost.path.slice(0, prefixLength + segments.indexOf(segment) + 1);
    return { kind: 'key', path, start: segment.start, end: segment.end, segment };
  }
  return undefined;
}

/** Where the name at `offset` is defined. */
export function definition(world: LanguageWorld, file: string, offset: number): Location[] {
  const parsed = parse(world, file, offset);
  if (!parsed) return [];
  const target = targetAt(world, file, offset, parsed);
  if (!target) return [];
  switch (target.kind) {
    case 'tool':
      return toolDefinition(world, target.tool);
    case 'manifest-entry': {
      const analysis = world.analysis!;
      const known = new Set(analysis.files.map((f) => f.path));
      const network = locateNetwork(target.key, normalizePath(file), { fileProblem: (p) => (known.has(p) ? { exists: true, isNetwork: true, parses: true } : undefined) });
      return network ? [{ file: network, start: 0, end: 0 }] : [];
    }
    case 'include': {
      // The file neuro-san reads there (its user's agents get that one), as the include's hover names it and its
      // link opens it; the specification's where the world cannot say neuro-san's, or neuro-san finds none.
      const include = includeAt(world.includesOf?.(file)?.includes, target.statementStart);
      if (include) {
        const open = includeFileToOpen(include);
        return open === undefined ? [] : [{ file: open, start: 0, end: 0 }];
      }
      const resolved = resolveHocon(parsed.text, { ...world.resolveOptions(file), fileName: file });
      const lookup = resolved.includes?.find((i) => i.start === target.statementStart && normalizePath(i.file) === normalizePath(file));
      return (lookup?.read ?? []).map((read) => ({ file: read, start: 0, end: 0 }));
    }
    case 'substitution':
    case 'key':
      return keyDefinitions(world, file, parsed, target.path);
  }
}

/** Every place `path` is set: in this text, and (by the specification's reading) in the files it includes. */
function keyDefinitions(world: LanguageWorld, file: string, parsed: Parsed, path: string[]): Location[] {
  const resolved = resolveHocon(parsed.text, { ...world.resolveOptions(file), fileName: file });
  const field = getField(resolved.value, path);
  const out: Location[] = (field?.definitions ?? []).map((d) => ({ file: d.source.name, start: d.keyStart, end: d.keyEnd }));
  if (out.length > 0) return out;
  // Not in the resolved value (a key set to an unresolvable value, a key in a list): as written in this text.
  return fieldsWithPath(parsed.document, path).map((f) => ({ file, start: f.key.start, end: f.key.end }));
}

/** A tool's entry: its key in the toolbox file that defines it (the last definition wins, all are listed). */
export function toolDefinition(world: LanguageWorld, tool: ProjectTool): Location[] {
  const text = world.read(tool.file);
  if (text === undefined) return [{ file: tool.file, start: 0, end: 0 }];
  const fields = fieldsWithPath(parseHocon(text, tool.file), [tool.name]);
  return fields.length > 0 ? fields.map((f) => ({ file: tool.file, start: f.key.start, end: f.key.end })) : [{ file: tool.file, start: 0, end: 0 }];
}

/** Every place that names what `offset` names: a tool's entry and the agents that use it; a key and its `${...}`. */
export function references(world: LanguageWorld, file: string, offset: number, includeDeclaration = true): Location[] {
  const parsed = parse(world, file, offset);
  if (!parsed) return [];
  const target = targetAt(world, file, offset, parsed);
  if (!target) return [];
  if (target.kind === 'tool') {
    const uses = target.tool.users.map((u) => ({ file: u.file, start: u.offset, end: u.offset + u.length }));
    return [...(includeDeclaration ? toolDefinition(world, target.tool) : []), ...uses];
  }
  if (target.kind === 'key' || target.kind === 'substitution') {
    return keyEdits(parsed, target.path, target.path[target.path.length - 1]!)
      .filter((e) => includeDeclaration || e.substitution)
      .map((e) => ({ file, start: e.segment.start, end: e.segment.end }));
  }
  return [];
}

/** What a rename at `offset` would rename: the name's span and its current text, or why nothing can be. */
export function renameTarget(world: LanguageWorld, file: string, offset: number): { start: number; end: number; placeholder: string; tool?: string } | { problem: string } {
  const parsed = parse(world, file, offset);
  const target = parsed ? targetAt(world, file, offset, parsed) : undefined;
  if (!parsed || !target) return { problem: 'Put the cursor on a tool, a key or a ${...} to rename it.' };
  if (target.kind === 'tool') return { start: target.start, end: target.end, placeholder: target.tool.name, tool: target.tool.name };
  if (target.kind === 'key' || target.kind === 'substitution') {
    if (target.kind === 'substitution' && !keyEdits(parsed, target.path, '').some((e) => !e.substitution)) {
      return { problem: `No key of this file is named ${target.path.join('.')}: it is read from the environment or an included file.` };
    }
    return { start: target.segment.start, end: target.segment.end, placeholder: target.segment.name };
  }
  return { problem: 'Only a tool, a key or a ${...} can be renamed.' };
}

/**
 * A key's rename: edits of this file. A tool's: edits across the project (the toolbox, the networks, its saved cases),
 * each with its line before and after (planToolRename), named by the tool.
 */
export type RenameResult = { ok: true; edits: FileTextEdit[]; tool?: undefined } | { ok: true; edits: PlannedEdit[]; tool: string } | { ok: false; problem: string };

/** The edits that rename what `offset` names to `newName`: a tool across the project, or a key of this file. */
export function rename(world: LanguageWorld, file: string, offset: number, newName: string): RenameResult {
  const parsed = parse(world, file, offset);
  const target = parsed ? targetAt(world, file, offset, parsed) : undefined;
  if (!parsed || !target) return { ok: false, problem: 'Put the cursor on a tool, a key or a ${...} to rename it.' };
  if (target.kind === 'tool') {
    const plan = planToolRename(world.analysis!, target.tool.name, newName, (f) => world.read(f));
    return plan.ok ? { ok: true, edits: plan.edits, tool: target.tool.name } : { ok: false, problem: plan.problem };
  }
  if (target.kind === 'key' || target.kind === 'substitution') {
    if (newName === '' || /[\n\r]/.test(newName)) return { ok: false, problem: 'A key needs a name on one line.' };
    const edits = keyEdits(parsed, target.path, newName);
    if (!edits.some((e) => !e.substitution)) return { ok: false, problem: `No key of this file is named ${target.path.join('.')}.` };
    return { ok: true, edits: edits.map((e) => ({ file, offset: e.segment.start, length: e.segment.end - e.segment.start, newText: e.newText })) };
  }
  return { ok: false, problem: 'Only a tool, a key or a ${...} can be renamed.' };
}

interface SegmentEdit {
  segment: PathSegment;
  newText: string;
  substitution: boolean;
}

/**
 * Renaming the last key of `path` in one text: that segment of every key that sets it or something under it
 * (`a.b = 1`, `a { b { c = 1 } }`) and of every `${...}` that reads it or something under it.
 */
function keyEdits(parsed: Parsed, path: string[], newName: string): SegmentEdit[] {
  const index = path.length - 1;
  const out: SegmentEdit[] = [];
  const written = (segment: PathSegment) => formatKeySegment(newName, segment.quoted);
  const stack: { object: ObjectNode; prefix: string[] }[] = [];
  if (parsed.document.root.kind === 'object') stack.push({ object: parsed.document.root, prefix: [] });
  while (stack.length > 0) {
    const { object, prefix } = stack.pop()!;
    for (const entry of object.entries) {
      if (entry.kind !== 'field') continue;
      const segments = entry.key.segments;
      const full = [...prefix, ...segments.map((s) => s.name)];
      const shared = Math.min(full.length, path.length);
      if (!full.slice(0, shared).every((k, i) => k === path[i])) continue;
      if (full.length >= path.length) {
        const segment = segments[index - prefix.length];
        if (segment) out.push({ segment, newText: written(segment), substitution: false });
        continue;
      }
      const value = entry.value;
      const objects = value.kind === 'object' ? [value] : value.kind === 'concatenation' ? value.parts.filter((p): p is ObjectNode => p.kind === 'object') : [];
      for (const o of objects) stack.push({ object: o, prefix: full });
    }
  }
  for (const substitution of substitutionsOf(parsed.document)) {
    const names = substitution.path.map((s) => s.name);
    if (names.length < path.length || !path.every((k, i) => k === names[i])) continue;
    const segment = substitution.path[index]!;
    out.push({ segment, newText: written(segment), substitution: true });
  }
  return out.sort((a, b) => a.segment.start - b.segment.start);
}
