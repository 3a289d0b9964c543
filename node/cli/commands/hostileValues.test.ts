import { describe, expect, it } from 'vitest';
import { runCliIn, workspace } from '../../testSupport/cliRun';

/** `validate` of a toolbox whose `class` is `value`, in a tool with and one without a description. */
async function validateClass(value: string) {
  const dir = workspace({ 'tb.hocon': `my_tool {\n  class = ${value}\n  description = "d"\n}\nother { class = ${value} }\n` });
  return runCliIn(dir, ['validate', 'tb.hocon'], { HOME: '/home/x' });
}

describe('values of the wrong type are diagnostics, never internal errors', () => {
  it.each(['${constructor}', '${toString}', '${__proto__}', '${hasOwnProperty}'])('%s does not find a JavaScript built-in', async (ref) => {
    const r = await validateClass(ref);
    expect(r.code).toBe(1);
    expect(r.stdout + r.stderr).not.toMatch(/native code|is not a function|internal/i);
    expect(r.stdout + r.stderr).toContain(`tb.hocon:2:11 error`);
    expect(r.stdout + r.stderr).toContain(`Could not resolve substitution to a value: ${ref}`);
  });

  it.each(['5', '{}', '[1]', 'true', 'null'])('class = %s is a positioned diagnostic', async (value) => {
    const r = await validateClass(value);
    expect(r.code).toBe(1);
    expect(r.stdout + r.stderr).not.toMatch(/is not a function|internal/i);
    expect(r.stdout + r.stderr).toMatch(/tb\.hocon:2:\d+ error/);
  });
});
