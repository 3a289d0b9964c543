/**
 * The language service (shared/language) across the project, for the app's editor: go to definition, find references
 * and rename where they reach other files (as the language server answers them), and the formatting options a file
 * takes (as `toolbox-editor format` reads them). Each request carries the open document's unsaved text.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { FormatOptions } from '../hocon/index';
import { DocumentTextFields } from './documentText';
import { ProjectEditT } from './projectApi';
import { TextEditT, type Assert, type SameShape } from './textEdits';

const Path = Type.String({ minLength: 1, maxLength: 4096 });

/** A position in the document `path` (absolute): its text comes with the request. */
export const LanguagePositionT = Type.Object({ path: Path, ...DocumentTextFields, offset: Type.Integer({ minimum: 0 }) });

const LineColumnT = Type.Object({ line: Type.Integer({ minimum: 1 }), column: Type.Integer({ minimum: 1 }) });

/** A span of a file: offsets in its text (UTF-16 units) and the same as 1-based lines and columns. */
export const LanguageLocationT = Type.Object({
  /** Absolute. */
  path: Type.String(),
  start: Type.Integer({ minimum: 0 }),
  end: Type.Integer({ minimum: 0 }),
  from: LineColumnT,
  to: LineColumnT,
});
export type LanguageLocation = Static<typeof LanguageLocationT>;

/**
 * Places, with the text of each other file one is in (absolute path → text), for the editor's peek at them (up to
 * 32 MB of text in all: a file past that has none, and its preview is empty).
 */
export const LanguageLocationsT = Type.Object({
  locations: Type.Array(LanguageLocationT),
  texts: Type.Record(Type.String(), Type.String()),
});

export const RenameTargetT = Type.Union([
  /** The name's span and text; `tool`: the name is a tool of the project, renamed across it. */
  Type.Object({ start: Type.Integer({ minimum: 0 }), end: Type.Integer({ minimum: 0 }), placeholder: Type.String(), tool: Type.Optional(Type.String()) }),
  Type.Object({ problem: Type.String() }),
]);

export const LanguageRenameT = Type.Union([
  /** A key of this document and the `${...}` that read it: edits of the unsaved text, made in the editor. */
  Type.Object({ scope: Type.Literal('file'), edits: Type.Array(TextEditT) }),
  /** A tool across the project: edits of the files on disk, applied with `project.applyEdits` (all or none, undone as one). */
  Type.Object({
    scope: Type.Literal('project'),
    root: Type.String(),
    edits: Type.Array(ProjectEditT),
    renamedTool: Type.Object({ toolbox: Type.String(), tool: Type.String(), newName: Type.String() }),
  }),
  Type.Object({ problem: Type.String() }),
]);

/** The formatting a file takes (shared/hocon's FormatOptions): what `toolbox-editor format FILE` uses without flags. */
export const FormatOptionsT = Type.Object({
  indent: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 16 }), Type.Literal('tab')])),
  separator: Type.Optional(Type.Union([Type.Literal('='), Type.Literal(':'), Type.Literal('preserve')])),
  commas: Type.Optional(Type.Union([Type.Literal('preserve'), Type.Literal('omit'), Type.Literal('add')])),
  finalNewline: Type.Optional(Type.Boolean()),
  trimTrailingWhitespace: Type.Optional(Type.Boolean()),
  json: Type.Optional(Type.Boolean()),
});
type _FormatOptionsShape = Assert<SameShape<Static<typeof FormatOptionsT>, FormatOptions>>;

export const languageMethods = {
  /** Where the name at the offset is defined: in this document or another file of its project. */
  'language.definition': { request: LanguagePositionT, response: LanguageLocationsT },
  /** Every place that names what the offset names: a tool's entry and the agents across the project that use it. */
  'language.references': { request: Type.Object({ ...LanguagePositionT.properties, includeDeclaration: Type.Boolean() }), response: LanguageLocationsT },
  /** What a rename at the offset would rename, or why nothing can be. */
  'language.renameTarget': { request: LanguagePositionT, response: RenameTargetT },
  /** The edits that rename what the offset names (nothing is written). */
  'language.rename': { request: Type.Object({ ...LanguagePositionT.properties, newName: Type.String({ minLength: 1 }) }), response: LanguageRenameT },
  /**
   * The formatting options of a file: its `.editorconfig` (that folder's and those above), as the CLI's `format`;
   * what it leaves unset the formatter takes from the text itself.
   */
  'language.formatOptions': { request: Type.Object({ path: Path }), response: FormatOptionsT },
} as const;
