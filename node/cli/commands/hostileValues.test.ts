import { describe, expect, it } from 'vitest';
import { runCliIn, workspace } from '../../testSupport/cliRun';

/** `validate` of a toolbox whose `class` is `value`, in a tool with and one without a description. */
async function validateClass(value: string, reading: string[] = []) {
  const dir = workspace({ 'tb.hocon': `my_tool {\n  class = ${value}\n  description = "d"\n}\nother { class = ${value} }\n` });
  return runCliIn(dir, ['validate', 'tb.hocon', ...reading], { HOME: '/home/x' });
}

describe('values of the wrong type are diagnostics, never internal errors', () => {
  // In each reading's words: neuro-san's (the default) says what pyhocon raises for a key it does not find.
  const readings = [
    { as: 'neuro-san', args: [], words: (ref: string) => `Cannot resolve variable ${ref} (line: 2, col: 11)` },
    { as: 'spec', args: ['--as', 'spec'], words: (ref: string) => `Could not resolve substitution to a value: ${ref}` },
  ];
  describe.each(readings)('in the $as reading', ({ args, words }) => {
    it.each(['${constructor}', '${toString}', '${__proto__}', '${hasOwnProperty}'])('%s does not find a JavaScript built-in', async (ref) => {
      const r = await validateClass(ref, args);
      expect(r.code).toBe(1);
      expect(r.stdout + r.stderr).not.toMatch(/native code|is not a function|internal|not JSON serializable|^toolbox-editor validate:/im);
      expect(r.stdout + r.stderr).toContain(`tb.hocon:2:11 error`);
      expect(r.stdout + r.stderr).toContain(words(ref));
    });
  });

  it.each(['5', '{}', '[1]', 'true', 'null'])('class = %s is a positioned diagnostic', async (value) => {
    const r = await validateClass(value);
    expect(r.code).toBe(1);
    expect(r.stdout + r.stderr).not.toMatch(/is not a function|internal/i);
    expect(r.stdout + r.stderr).toMatch(/tb\.hocon:2:\d+ error/);
  });
});
