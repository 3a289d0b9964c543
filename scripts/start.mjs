// `npm start [-- FILE]`: the desktop app where the Electron binary is installed, browser mode where it is not.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { electronBinary } from './electron-binary.mjs';

const args = process.argv.slice(2);
let electron = electronBinary();

// Electron fetches its binary from GitHub on first use. Try once (quietly) unless told not to.
if (!electron.path && !process.env.ELECTRON_SKIP_BINARY_DOWNLOAD && electron.reason.includes('not downloaded')) {
  const install = spawnSync(process.execPath, [path.join('node_modules', 'electron', 'install.js')], { stdio: 'pipe', timeout: 180_000 });
  electron = electronBinary();
  if (!electron.path && install.status !== 0) electron.reason = 'its binary could not be downloaded from GitHub';
}

const child = electron.path
  ? spawn(electron.path, ['.', ...args], { stdio: 'inherit' })
  : (console.log(`Electron is not available here (${electron.reason}); starting browser mode instead.`),
    spawn(process.execPath, ['dist/cli/toolbox-editor.cjs', 'web', ...args], { stdio: 'inherit' }));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
