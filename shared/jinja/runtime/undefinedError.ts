/** Jinja2's UndefinedError and the messages it builds ("'x' is undefined", "'dict object' has no attribute 'y'"). */
import { TemplateError } from '../errors';
import { Markup, PyObject, Undefined, isTuple, type PyValue } from '../../pyvalue/types';
import { pyRepr } from '../../pyvalue/repr';

export function undefinedError(u: Undefined): TemplateError {
  return new TemplateError('undefined', u.hint);
}

/** jinja2.utils.object_type_repr: 'dict object', 'None', 'markupsafe.Markup object'... */
export function objectTypeRepr(value: PyValue): string {
  if (value === null) return 'None';
  switch (typeof value) {
    case 'boolean':
      return 'bool object';
    case 'bigint':
      return 'int object';
    case 'number':
      return 'float object';
    case 'string':
      return 'str object';
  }
  if (Array.isArray(value)) return isTuple(value) ? 'tuple object' : 'list object';
  if (value instanceof Map) return 'dict object';
  if (value instanceof Markup) return 'markupsafe.Markup object';
  if (value instanceof Undefined) return 'jinja2.runtime.Undefined object';
  return `${(value as PyObject).typeName} object`;
}

export function missingAttribute(obj: PyValue, name: string): Undefined {
  return new Undefined(`'${objectTypeRepr(obj)}' has no attribute '${name}'`);
}

export function missingElement(obj: PyValue, key: PyValue): Undefined {
  if (typeof key === 'string') return missingAttribute(obj, key);
  return new Undefined(`'${objectTypeRepr(obj)}' has no element ${pyRepr(key)}`);
}

export function undefinedName(name: string): Undefined {
  return new Undefined(`'${name}' is undefined`);
}
