// Every vector in ../shared/conformance/catalog: each template × each case × both key-order policies, byte-identical
// to what Python Jinja2 3.1.6 rendered.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeWithShared } from '../../node/testSupport/sharedData';
import { JinjaEnvironment, type KeyOrder } from '../jinja/environment';
import { readJson } from '../pyvalue/jsonRead';
import type { PyValue } from '../pyvalue/types';

function loadCases(root: string): Map<string, PyValue> {
  const result = readJson(readFileSync(path.join(root, 'cases.json'), 'utf8'));
  if (!result.ok) throw new Error(result.error.message);
  return result.value as Map<string, PyValue>;
}

/** Python wrote the files with errors="surrogatepass": lone surrogates are 3-byte sequences UTF-8 decoders reject. */
function readExpected(file: string): string {
  return readFileSync(file, 'latin1');
}

/** Our text encoded the same way Python wrote it (surrogatepass keeps lone surrogates as 3 bytes). */
function surrogatepassBytes(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) out += text[i];
    else if (c < 0x800) out += String.fromCharCode(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c >= 0xd800 && c < 0xdc00 && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      const cp = text.codePointAt(i)!;
      i++;
      out += String.fromCharCode(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
    } else out += String.fromCharCode(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return out;
}

describeWithShared('conformance/catalog', 'catalog vectors', (root) => {
  const cases = loadCases(root);
  const templates = readdirSync(path.join(root, 'templates')).filter((f) => f.endsWith('.jinja2'));

  describe.each([
    ['default', 'sorted'],
    ['nosort', 'insertion'],
  ] as const)('policy %s', (folder, keyOrder: KeyOrder) => {
    const env = new JinjaEnvironment({ keyOrder });
    it.each(templates)('%s renders every case byte-identically', (templateFile) => {
      const template = readFileSync(path.join(root, 'templates', templateFile), 'utf8');
      const expectedDir = path.join(root, 'expected', folder, templateFile.replace(/\.jinja2$/, ''));
      let checked = 0;
      for (const [caseName, tools] of cases) {
        const result = env.render(template, { tools });
        expect(result.diagnostics).toEqual([]);
        const expected = readExpected(path.join(expectedDir, `${String(caseName)}.txt`));
        expect(surrogatepassBytes(result.text), `${templateFile} / ${String(caseName)}`).toBe(expected);
        checked++;
      }
      expect(checked).toBe(cases.size);
    });
  });
});
