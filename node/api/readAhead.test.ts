import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { ToolboxAnalysis } from '../../shared/api/index';
import { DocumentAnalysis } from './documentAnalysis';
import { createApiService } from './handlers';

const dir = mkdtempSync(path.join(os.tmpdir(), 'tbe-read-ahead-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('a file a window opens', () => {
  it('is read for its analysis once the file.read answer has left, and the analysis then asked for reuses it', async () => {
    const file = path.join(dir, 'toolbox_info.hocon');
    const text = 'search { class = "tools.search.Search", description = "Searches the web for a query." }\n';
    writeFileSync(file, text);
    const api = createApiService({ mode: 'browser', cwd: dir, initialFile: null, stateDir: path.join(dir, '.state'), env: {}, emit: () => undefined });
    const load = vi.spyOn(DocumentAnalysis.prototype, 'load');
    try {
      // Read by another surface (a comparison, no text named): nothing is read ahead.
      await api.handlers['file.read']({ path: file });
      await nextTurn();
      expect(load).not.toHaveBeenCalled();

      const content = await api.handlers['file.read']({ path: file, textId: 'window-1' });
      // The answer came before any reading of the file for its analysis.
      expect(load).not.toHaveBeenCalled();
      await nextTurn();
      expect(load).toHaveBeenCalledTimes(1);
      expect(load.mock.calls[0]![0]).toMatchObject({ path: content.path, text });

      const analysis = await api.handlers['toolbox.analyze']({ path: content.path, text, detail: null });
      expect('changeOf' in analysis).toBe(false);
      expect((analysis as ToolboxAnalysis).tools.map((t) => t.name)).toContain('search');
      expect(load).toHaveBeenCalledTimes(2);
      // The same load: the file was not read again.
      expect(load.mock.results[1]!.value.loaded).toBe(load.mock.results[0]!.value.loaded);
    } finally {
      load.mockRestore();
      await api.dispose();
    }
  });
});
