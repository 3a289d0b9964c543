/**
 * neuro-san reads a `.json` file with Python's `json` module, not with pyhocon (its restorers choose the format by
 * the file's extension): no comments, no trailing commas, no includes or substitutions; `\u00e9` is decoded. Its
 * failure is Python's JSONDecodeError, in Python's words (`Expecting ',' delimiter: line 1 column 11 (char 10)`).
 */
import { scanJson, SourceText, type JsonValue } from '../hocon/index';
import { readJson } from '../pyvalue/jsonRead';
import { writeJson, type ExactJson, type NeuroSanReading, type ReadingOrigin } from './reading';

/** neuro-san takes a file as JSON when its name ends in `.json` (exactly: `str.endswith`). */
export function isJsonFileName(file: string): boolean {
  return file.endsWith('.json');
}

/** What neuro-san reads from a `.json` file's text. `purpose`: how neuro-san names the file (`toolbox_info`). */
export function readJsonAsNeuroSan(text: string, file: string, cwd: string, purpose = 'toolbox_info'): NeuroSanReading {
  const sources = new Map([[file, new SourceText(file, text)]]);
  const common = { includes: [], dependsOnCwd: false, cwd, sources };
  const read = readJson(text);
  if (!read.ok) {
    const { error } = read;
    // Python counts the column from 1 and the character from 0 (`char` is the offset).
    const cause = `${error.message}: line ${error.line} column ${error.column} (char ${error.offset})`;
    return {
      ok: false,
      failure: {
        type: 'JSONDecodeError',
        message: `There was an error parsing ${purpose} file "${file}".`,
        cause,
        span: { file, start: error.offset, end: Math.min(text.length, error.offset + 1) },
        line: error.line,
        column: error.column,
      },
      ...common,
    };
  }
  const exact = read.value as ExactJson;
  let origins: Map<string, ReadingOrigin> | undefined;
  const originsOf = () => {
    if (origins === undefined) {
      origins = new Map();
      const found = origins;
      scanJson(text, (path, start, end) => found.set(path.map((p) => `/${String(p).replace(/~/g, '~0').replace(/\//g, '~1')}`).join(''), { value: { file, start, end } }), { python: true });
    }
    return origins;
  };
  return {
    ok: true,
    value: plainJson(exact),
    exact,
    get origins() {
      return originsOf();
    },
    jsonText: (indent = 0) => writeJson(exact, indent, 0),
    ...common,
  };
}

function plainJson(value: ExactJson): JsonValue {
  if (typeof value === 'bigint') return Number(value);
  if (Array.isArray(value)) return value.map(plainJson);
  if (value instanceof Map) {
    const out: { [key: string]: JsonValue } = {};
    for (const [k, v] of value) Object.defineProperty(out, k, { value: plainJson(v), enumerable: true, writable: true, configurable: true });
    return out;
  }
  return value;
}
