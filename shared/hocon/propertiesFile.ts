/**
 * Java `.properties` files, as Lightbend reads them: `a.b.c = value` lines become nested objects of strings.
 * Supports `=`, `:` or white space as separator, `#`/`!` comments, backslash line continuation and escapes.
 */
import type { SourceText } from './textPosition';
import { FieldMap } from './fieldMap';
import { HoconField, ObjectValue, StringValue, type HoconObject, type HoconString } from './values';

export function parseProperties(source: SourceText): HoconObject {
  const text = source.text;
  const root: HoconObject = new ObjectValue(new FieldMap(), source, 0, text.length);
  let pos = 0;
  while (pos < text.length) {
    // One logical line (joined over backslash continuations).
    const lineStart = pos;
    let logical = '';
    for (;;) {
      let end = text.indexOf('\n', pos);
      if (end < 0) end = text.length;
      let line = text.slice(pos, end);
      if (line.endsWith('\r')) line = line.slice(0, -1);
      pos = end + 1;
      const trimmed = logical === '' ? line.replace(/^\s+/, '') : line.replace(/^\s+/, '');
      let backslashes = 0;
      while (backslashes < trimmed.length && trimmed[trimmed.length - 1 - backslashes] === '\\') backslashes++;
      if (backslashes % 2 === 1 && pos <= text.length) {
        logical += trimmed.slice(0, -1);
        continue;
      }
      logical += trimmed;
      break;
    }
    const lineEnd = Math.min(pos - 1, text.length);
    if (logical === '' || logical.startsWith('#') || logical.startsWith('!')) continue;
    const { key, value } = splitProperty(logical);
    const path = key.split('.');
    let object = root;
    for (let i = 0; i < path.length - 1; i++) {
      const name = path[i] as string;
      const existing = object.fields.get(name);
      if (existing !== undefined && existing.value.kind === 'object') {
        object = existing.value;
        continue;
      }
      const child: HoconObject = new ObjectValue(new FieldMap(), source, lineStart, lineEnd);
      object.fields.set(name, field(name, child, source, lineStart, lineEnd));
      object = child;
    }
    const last = path[path.length - 1] as string;
    // A key that is also a parent (`a=1` and `a.b=2`) stays an object, as in Lightbend.
    if (object.fields.value(last)?.kind === 'object') continue;
    const string: HoconString = new StringValue(value, 'quoted', source, lineStart, lineEnd);
    object.fields.set(last, field(last, string, source, lineStart, lineEnd));
  }
  return root;
}

function field(key: string, value: HoconObject | HoconString, source: SourceText, start: number, end: number): HoconField {
  return HoconField.of(key, value, { source, keyStart: start, keyEnd: end, valueStart: start, valueEnd: end, viaInclude: true }, true, false);
}

function splitProperty(line: string): { key: string; value: string } {
  let i = 0;
  let key = '';
  while (i < line.length) {
    const c = line[i] as string;
    if (c === '\\' && i + 1 < line.length) {
      key += unescape(line[i + 1] as string);
      i += 2;
      continue;
    }
    if (c === '=' || c === ':' || c === ' ' || c === '\t' || c === '\f') break;
    key += c;
    i++;
  }
  while (i < line.length && /[ \t\f]/.test(line[i] as string)) i++;
  if (i < line.length && (line[i] === '=' || line[i] === ':')) i++;
  while (i < line.length && /[ \t\f]/.test(line[i] as string)) i++;
  let value = '';
  while (i < line.length) {
    const c = line[i] as string;
    if (c === '\\' && i + 1 < line.length) {
      if (line[i + 1] === 'u' && /^[0-9a-fA-F]{4}$/.test(line.slice(i + 2, i + 6))) {
        value += String.fromCharCode(parseInt(line.slice(i + 2, i + 6), 16));
        i += 6;
        continue;
      }
      value += unescape(line[i + 1] as string);
      i += 2;
      continue;
    }
    value += c;
    i++;
  }
  return { key, value };
}

function unescape(c: string): string {
  return c === 'n' ? '\n' : c === 't' ? '\t' : c === 'r' ? '\r' : c === 'f' ? '\f' : c;
}
