/** The template's syntax tree. Every node keeps the offset it starts at, for positioned diagnostics. */
import type { PyValue } from '../pyvalue/types';

export type Expr =
  | { kind: 'const'; offset: number; value: PyValue }
  | { kind: 'name'; offset: number; name: string }
  | { kind: 'list' | 'tuple'; offset: number; items: Expr[] }
  | { kind: 'dict'; offset: number; pairs: [Expr, Expr][] }
  | { kind: 'getattr'; offset: number; node: Expr; attr: string }
  | { kind: 'getitem'; offset: number; node: Expr; arg: Expr }
  | { kind: 'slice'; offset: number; start?: Expr; stop?: Expr; step?: Expr }
  | ({ kind: 'call'; offset: number; node: Expr } & CallArgs)
  | ({ kind: 'filter'; offset: number; node: Expr | undefined; name: string } & CallArgs)
  | ({ kind: 'test'; offset: number; node: Expr; name: string; negated: boolean } & CallArgs)
  | { kind: 'unary'; offset: number; op: 'not' | '-' | '+'; node: Expr }
  | { kind: 'binary'; offset: number; op: BinaryOp; left: Expr; right: Expr }
  | { kind: 'compare'; offset: number; first: Expr; ops: { op: CompareOp; offset: number; expr: Expr }[] }
  | { kind: 'cond'; offset: number; test: Expr; then: Expr; otherwise?: Expr };

export type BinaryOp = '+' | '-' | '*' | '/' | '//' | '%' | '**' | '~' | 'and' | 'or';
export type CompareOp = 'eq' | 'ne' | 'lt' | 'lteq' | 'gt' | 'gteq' | 'in' | 'notin';

export interface CallArgs {
  args: Expr[];
  kwargs: [string, Expr][];
  dynArgs?: Expr;
  dynKwargs?: Expr;
}

/** An assignment target: a name, `ns.attr`, or a tuple of targets (`for k, v in ...`). */
export type Target =
  | { kind: 'name'; offset: number; name: string }
  | { kind: 'nsref'; offset: number; name: string; attr: string }
  | { kind: 'tuple'; offset: number; items: Target[] };

export interface MacroArg {
  name: string;
  default?: Expr;
}

export type Stmt =
  | { kind: 'text'; offset: number; text: string }
  | { kind: 'output'; offset: number; expr: Expr }
  | { kind: 'if'; offset: number; test: Expr; body: Stmt[]; otherwise: Stmt[] }
  | {
      kind: 'for';
      offset: number;
      target: Target;
      iter: Expr;
      body: Stmt[];
      otherwise: Stmt[];
      test?: Expr;
      recursive: boolean;
    }
  | { kind: 'set'; offset: number; target: Target; expr: Expr }
  | { kind: 'setblock'; offset: number; target: Target; body: Stmt[]; filter?: Expr }
  | { kind: 'filterblock'; offset: number; body: Stmt[]; filter: Expr }
  | { kind: 'with'; offset: number; targets: Target[]; values: Expr[]; body: Stmt[] }
  | { kind: 'macro'; offset: number; name: string; args: MacroArg[]; body: Stmt[] }
  | ({ kind: 'callblock'; offset: number; call: Expr & { kind: 'call' }; args: MacroArg[]; body: Stmt[] })
  | { kind: 'block'; offset: number; name: string; body: Stmt[] }
  | { kind: 'include'; offset: number; template: Expr; ignoreMissing: boolean; withContext: boolean };
