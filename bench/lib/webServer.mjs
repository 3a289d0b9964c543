// `toolbox-editor web` for the browser benchmarks: the CLI server of a built app, on a free port.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { root } from './benchEnv.mjs';

/**
 * The CLI server of the app in `app` (ours by default) started in `dir` with `files`, its state in the folder `state`
 * under `dir`: its URL and how to stop it.
 */
export function startWebServer(dir, files = [], { app = root, state = '.state' } = {}) {
  const child = spawn(process.execPath, [path.join(app, 'dist', 'cli', 'toolbox-editor.cjs'), 'web', ...files, '--port', '0'], {
    cwd: dir,
    env: { ...process.env, TOOLBOX_EDITOR_STATE_DIR: path.join(dir, state) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
      const m = /Toolbox Editor: (http:\/\/\S+)/.exec(out);
      if (m) resolve({ url: m[1], stop: () => child.kill('SIGTERM') });
    });
    child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
}
