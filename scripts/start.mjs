// `npm start [-- FILE]`: the desktop app where the Electron binary is installed, browser mode where it is not.
import { spawn } from 'node:child_process';
import { electronBinary } from './electron-binary.mjs';

const args = process.argv.slice(2);
const electron = electronBinary();
const child = electron.path
  ? spawn(electron.path, ['.', ...args], { stdio: 'inherit' })
  : (console.log(`Electron is not available here (${electron.reason}); starting browser mode instead.`),
    spawn(process.execPath, ['dist/cli/toolbox-editor.cjs', 'web', ...args], { stdio: 'inherit' }));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
