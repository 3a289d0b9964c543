import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder holding package.json: the repository in development, the app's folder when packaged. */
function findAppRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(path.join(dir, 'package.json')) && existsSync(path.join(dir, 'resources'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Toolbox Editor: cannot find its own installation folder (package.json).');
    dir = parent;
  }
}

let cachedRoot: string | undefined;
export function appRoot(): string {
  cachedRoot ??= findAppRoot();
  return cachedRoot;
}

/** Files shipped with the app: the default toolbox, templates, the Python runner. */
export function resourcesDir(): string {
  return path.join(appRoot(), 'resources');
}

/** The built renderer that browser mode serves and Electron loads. */
export function rendererDir(): string {
  return path.join(appRoot(), 'dist', 'renderer');
}
