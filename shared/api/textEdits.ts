/**
 * The contract's schemas of a text edit, built from one definition: shared/hocon's TextEdit `{ offset, length,
 * newText }`, which each use extends (`file` for a fix or a rename, `base` for a document's change). The checks below
 * stop the build when a schema and shared/hocon's type stop being one shape.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { FileTextEdit, TextEdit } from '../hocon/index';

/** `length` UTF-16 units at `offset` replaced by `newText`. */
export const TextEditT = Type.Object({ offset: Type.Integer({ minimum: 0 }), length: Type.Integer({ minimum: 0 }), newText: Type.String() });

/** A TextEdit of one file (a quick fix's file, a project file relative to the root). */
export const FileTextEditT = Type.Object({ file: Type.String(), ...TextEditT.properties });

/** `true` when A and B are the same shape; a type `Assert<SameShape<A, B>>` compiles only then. */
export type SameShape<A, B> = [A, B] extends [B, A] ? true : false;
export type Assert<T extends true> = T;

type _TextEditShape = Assert<SameShape<Static<typeof TextEditT>, TextEdit>>;
type _FileTextEditShape = Assert<SameShape<Static<typeof FileTextEditT>, FileTextEdit>>;
