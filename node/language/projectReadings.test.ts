import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectReadings } from './projectReadings';

describe('the project-reading thread', () => {
  it('answers an error when the thread fails, and starts a new one for the next reading', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tbe-reading-thread-'));
    const entry = path.join(dir, 'project-reading-thread.cjs');
    // A thread that dies at the first reading (as one whose heap a hostile project exhausted), once.
    writeFileSync(
      entry,
      `const { parentPort } = require('node:worker_threads');
       const fs = require('node:fs');
       const mark = ${JSON.stringify(path.join(dir, 'died'))};
       parentPort.on('message', (m) => {
         if (!fs.existsSync(mark)) { fs.writeFileSync(mark, ''); throw new Error('out of memory, say'); }
         parentPort.postMessage({ type: 'read', id: m.id, result: { analysis: { files: [] }, truncated: false } });
       });`,
    );
    const readings = projectReadings(entry);
    try {
      const request = { root: dir, overlays: [] as [string, string][], env: {} };
      await expect(readings.read(request)).rejects.toThrow(/the project reader failed: out of memory, say/);
      await expect(readings.read(request)).resolves.toMatchObject({ truncated: false });
    } finally {
      await readings.dispose();
    }
  });
});
