/**
 * The concrete syntax tree. Nodes hold offsets (`start` inclusive, `end` exclusive) into the source text; the
 * white space, comments and punctuation between them are the tokens of the text (see `scan`), so nothing is lost:
 * `printSyntax` gives the input back byte for byte. Line/column come from `SourceText.positionAt` on demand.
 */
import type { Diagnostic } from './diagnostics';
import type { SourceText } from './textPosition';

export interface Span {
  start: number;
  end: number;
}

/** One element of a path expression (a key or a substitution's path). */
export interface PathSegment extends Span {
  /** The key as the config sees it: quotes removed, escapes decoded. */
  name: string;
  /** Whether any part of this segment was written in quotes. */
  quoted: boolean;
}

export interface KeyNode extends Span {
  kind: 'key';
  /** `a.b."c.d"` gives three segments; at least one unless the key is malformed. */
  segments: PathSegment[];
}

export type Separator = ':' | '=' | '+=' | '';

export interface FieldNode extends Span {
  kind: 'field';
  key: KeyNode;
  /** '' when the value is an object written right after the key (`a { ... }`). */
  separator: Separator;
  /** Offset of the separator, or -1. */
  separatorStart: number;
  value: ValueNode;
  /** Offset of the comma that follows this entry, or -1 (entries may be separated by newlines alone). */
  comma: number;
}

export interface IncludeNode extends Span {
  kind: 'include';
  /** The included name, decoded. */
  target: string;
  /** `include "x"` is 'heuristic'; the others name their function. */
  mode: 'heuristic' | 'file' | 'url' | 'classpath';
  required: boolean;
  /** The quoted name's span. */
  targetSpan: Span;
  comma: number;
}

export type EntryNode = FieldNode | IncludeNode;

export interface ObjectNode extends Span {
  kind: 'object';
  /** False for a root object written without braces. */
  braced: boolean;
  entries: EntryNode[];
}

export interface ArrayNode extends Span {
  kind: 'array';
  elements: ValueNode[];
  /** For each element, the offset of the comma after it, or -1. */
  commas: number[];
}

export interface StringNode extends Span {
  kind: 'string';
  style: 'quoted' | 'unquoted' | 'triple';
}

export interface NumberNode extends Span {
  kind: 'number';
  /** Spelled with '.', 'e' or 'E'. */
  isFloat: boolean;
}

export interface BooleanNode extends Span {
  kind: 'boolean';
  value: boolean;
}

export interface NullNode extends Span {
  kind: 'null';
}

export interface SubstitutionNode extends Span {
  kind: 'substitution';
  /** `${?x}` */
  optional: boolean;
  path: PathSegment[];
}

/** Simple values written next to each other on one line: `foo bar`, `${a} [1]`, `${base} { x = 1 }`. */
export interface ConcatenationNode extends Span {
  kind: 'concatenation';
  /** At least two parts. The white space between parts is the source text between them. */
  parts: ValueNode[];
}

/** Where the parser found no valid value; a diagnostic has been reported for it. */
export interface ErrorNode extends Span {
  kind: 'error';
}

export type ValueNode =
  | ObjectNode
  | ArrayNode
  | StringNode
  | NumberNode
  | BooleanNode
  | NullNode
  | SubstitutionNode
  | ConcatenationNode
  | ErrorNode;

export type SyntaxNode = ValueNode | FieldNode | IncludeNode | KeyNode;

export interface SyntaxDocument {
  source: SourceText;
  /** An object (braced or not), or an array for a file whose root is `[...]` (the resolver refuses that). */
  root: ObjectNode | ArrayNode;
  diagnostics: Diagnostic[];
}
