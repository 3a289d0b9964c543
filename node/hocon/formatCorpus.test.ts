import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { applyEdits, scan, TokenKind, type FormatOptions } from '../../shared/hocon/index';
import { formatChecked } from '../../shared/language/formatChecked';
import { describeWithShared, sharedPath } from '../testSupport/sharedData';
import { fileIncludeHost } from './fileIncludeHost';

/**
 * The formatter over every file of the HOCON corpus (../shared/conformance/hocon) and neuro-san's reference
 * toolboxes and networks, in three styles (the file's own, and two chosen): each file it can parse is formatted (none refused because a reading would
 * change: formatChecked compares the value in the specification's reading and neuro-san's before and after), a
 * second pass changes nothing, and every comment is still there, in order.
 */
const STYLES: Record<string, FormatOptions> = {
  "the file's own": {},
  'equals, no commas, tabs': { separator: '=', commas: 'omit', indent: 'tab' },
  'colons, commas, 4 spaces, line ends trimmed': { separator: ':', commas: 'add', indent: 4, trimTrailingWhitespace: true, finalNewline: true },
};

function filesUnder(folder: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(folder).sort()) {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) out.push(...filesUnder(full));
    else if (/\.(conf|hocon|json)$/.test(name)) out.push(full);
  }
  return out;
}

function comments(text: string): string[] {
  return scan(text)
    .filter((t) => t.kind === TokenKind.Comment)
    .map((t) => t.text.trimEnd());
}

function formatAll(files: string[], cwd: (file: string) => string) {
  const problems: string[] = [];
  let formatted = 0;
  let unparsable = 0;
  for (const [style, options] of Object.entries(STYLES)) {
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const result = formatChecked(text, options, { file, host: fileIncludeHost, cwd: cwd(file), env: { HOCON_EVAL_VAR: 'from-env' } });
      if (!result.ok) {
        if (result.message.startsWith('Cannot format:')) {
          expect(result.line, `${file}: a refusal names its line`).toBeGreaterThan(0);
          unparsable++;
        } else problems.push(`${style}: ${file}: ${result.message}`);
        continue;
      }
      formatted++;
      const output = applyEdits(text, result.edits);
      if (JSON.stringify(comments(output)) !== JSON.stringify(comments(text))) problems.push(`${style}: ${file}: comments differ`);
    }
  }
  return { problems, formatted, unparsable };
}

describeWithShared('conformance/hocon', 'format over the HOCON corpus', (dir) => {
  it('keeps every value in both readings, every comment, and is idempotent', () => {
    const cases = path.join(dir, 'cases');
    const files = filesUnder(cases);
    expect(files.length).toBeGreaterThan(600);
    const { problems, formatted, unparsable } = formatAll(files, () => cases);
    expect(problems).toEqual([]);
    // Most of the corpus parses; the files that do not are its error cases.
    expect(formatted).toBeGreaterThan(unparsable * 3);
  });
});

describeWithShared('reference/neuro-san', "format over neuro-san's reference toolboxes and networks", (dir) => {
  it('keeps every value in both readings, every comment, and is idempotent', () => {
    const files = filesUnder(dir);
    expect(files.length).toBeGreaterThan(10);
    const { problems, unparsable } = formatAll(files, (file) => path.dirname(file));
    expect(problems).toEqual([]);
    expect(unparsable).toBe(0);
    expect(sharedPath('reference/neuro-san')).toBeDefined();
  });
});
