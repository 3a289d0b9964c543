/**
 * Values that cannot be known until the whole configuration is read: substitutions, concatenations that contain
 * them, and merges whose layers are not known to be objects yet. They exist only between building and resolving;
 * a resolved document contains none of them.
 */
import type { Origin, HoconValue } from './values';

export const enum ResolveState {
  Unresolved = 0,
  Resolving = 1,
  Done = 2,
  Failed = 3,
}

interface Lazy extends Origin {
  state: ResolveState;
  /** The result once Done (UNDEFINED when an optional substitution found nothing). */
  result: HoconValue | Undefined | undefined;
}

export interface SubstitutionExpr extends Lazy {
  kind: 'substitution';
  /** Absolute path (already prefixed with the include location for substitutions in included files). */
  path: string[];
  /** The path as written, for messages and environment variables. */
  writtenPath: string[];
  optional: boolean;
  /**
   * The value (or a part of the concatenation that is the value) of a field whose path `path` starts with, as in
   * `a = ${a} x`, `a += x` or `foo = ${foo.a}`: it sees what that path was before this definition (HOCON's
   * self-reference), not the final value.
   */
  selfReference: boolean;
}

export interface ConcatExpr extends Lazy {
  kind: 'concat';
  /** Parts in order; white space between parts is a HoconString flagged in `whitespace`. */
  parts: Expr[];
  /** Indexes of `parts` that are white space between values (ignored next to objects and arrays). */
  whitespace: Set<number>;
}

/** Definitions of one key where a later layer may be an object to merge into an earlier one. Oldest first. */
export interface MergeExpr extends Lazy {
  kind: 'merge';
  layers: Expr[];
  /** While resolving: the layer being resolved; a substitution that meets this merge then sees the layers below. */
  active: number;
}

/** An optional self-reference with no earlier value: vanishes from concatenations, leaves a key unset. */
export interface Undefined {
  kind: 'undefined';
}
export const UNDEFINED: Undefined = { kind: 'undefined' };

export type UnresolvedExpr = SubstitutionExpr | ConcatExpr | MergeExpr;
export type Expr = HoconValue | UnresolvedExpr | Undefined;

export function isUnresolved(expr: Expr): expr is UnresolvedExpr | Undefined {
  const kind = expr.kind;
  return kind === 'substitution' || kind === 'concat' || kind === 'merge' || kind === 'undefined';
}
