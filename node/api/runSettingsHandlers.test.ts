import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunSettingsView } from '../../shared/api/index';
import { apiCaller, browserModeService } from '../testSupport/apiCalls';
import { workspace } from '../testSupport/cliRun';

const dir = workspace({ 'tb.hocon': 't { class = "m.T", description = "d" }\n' }, 'tbe-run-settings-api-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the run settings methods', () => {
  it('show each setting with its source, write the ones in use for a saved toolbox, and never beside anything else', async () => {
    const service = browserModeService(dir, { env: { PYTHONPATH: '/site' } });
    try {
      const call = apiCaller(service);
      await call('prefs.set', { python: '/machine/python' });
      const before = await call<RunSettingsView>('run.settings', { path: 'tb.hocon' });
      expect(before.settings.file).toEqual({ path: path.join(dir, '.toolbox-editor.json'), exists: false, problems: [] });
      expect(before.settings.python).toEqual({ value: '/machine/python', from: 'preference' });
      expect(before.commandLineOptions).toEqual(['--python', '/machine/python', '--pythonpath', '/site']);

      const after = await call<RunSettingsView>('run.writeSettings', { path: 'tb.hocon' });
      expect(after.settings.file.exists).toBe(true);
      expect(after.settings.pythonPath[0]).toEqual({ value: dir, from: 'project file' });
      // This machine's interpreter is not the project's: it is not written.
      expect(JSON.parse(readFileSync(path.join(dir, '.toolbox-editor.json'), 'utf8'))).toEqual({ run: { pythonPath: ['.'], workingDirectory: '.', timeoutSeconds: 30 } });

      await expect(call('run.writeSettings', { path: '/dev/null' })).rejects.toThrow('not_found: Save the toolbox first');
      expect(existsSync('/dev/.toolbox-editor.json')).toBe(false);
    } finally {
      service.dispose();
    }
  });
});
