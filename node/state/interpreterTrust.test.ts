import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ResolvedRunSettings } from '../../shared/run/index';
import { InterpreterTrust } from './interpreterTrust';

const settings = (value: string, from: ResolvedRunSettings['python']['from'], file = '/p/.toolbox-editor.json') => ({
  python: { value, from },
  file: { path: file, exists: true, problems: [] },
});

describe("trusting a project's interpreter (issue #32)", () => {
  it('asks once per project file and value, keeps the answer in the state folder, and asks again for a new value', async () => {
    const state = mkdtempSync(path.join(os.tmpdir(), 'tbe-trust-'));
    const trust = new InterpreterTrust(state);
    const evil = settings('/p/evil.sh', 'project file');
    expect(trust.untrusted(evil)).toBe('/p/evil.sh');
    expect(() => trust.require(evil)).toThrow(/chooses \/p\/evil\.sh as the Python/);
    await trust.trust(evil);
    expect(trust.untrusted(evil)).toBeUndefined();
    // Another session reads the same answer; the project's folder holds nothing of it.
    expect(new InterpreterTrust(state).untrusted(evil)).toBeUndefined();
    expect(existsSync(path.join(state, 'trusted-interpreters.json'))).toBe(true);
    // A commit that changes the value, or another project naming the same value, is asked about again.
    expect(trust.untrusted(settings('/p/other.sh', 'project file'))).toBe('/p/other.sh');
    expect(trust.untrusted(settings('/p/evil.sh', 'project file', '/q/.toolbox-editor.json'))).toBe('/p/evil.sh');
  });

  it('needs no trust for python3, the user\'s preference or the command line', () => {
    const trust = new InterpreterTrust(mkdtempSync(path.join(os.tmpdir(), 'tbe-trust-')));
    expect(trust.untrusted(settings('python3', 'project file'))).toBeUndefined();
    expect(trust.untrusted(settings('/opt/py/bin/python', 'preference'))).toBeUndefined();
    expect(trust.untrusted(settings('/opt/py/bin/python', 'command line'))).toBeUndefined();
    expect(trust.untrusted(settings('python3', 'default'))).toBeUndefined();
  });
});
