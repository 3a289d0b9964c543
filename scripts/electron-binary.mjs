// Finds the Electron binary without triggering electron's download-on-require (which needs GitHub).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** @returns {{ path: string, reason?: undefined } | { path: null, reason: string }} */
export function electronBinary() {
  if (process.env.ELECTRON_OVERRIDE_DIST_PATH) {
    const p = path.join(process.env.ELECTRON_OVERRIDE_DIST_PATH, 'electron');
    if (existsSync(p)) return { path: p };
  }
  const pkg = path.join(root, 'node_modules', 'electron');
  if (!existsSync(pkg)) return { path: null, reason: 'the electron package is not installed' };
  const pathFile = path.join(pkg, 'path.txt');
  if (!existsSync(pathFile)) {
    return { path: null, reason: 'the Electron binary was not downloaded; run `npx install-electron` where GitHub is reachable' };
  }
  const binary = path.join(pkg, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? { path: binary } : { path: null, reason: `${binary} is missing` };
}
