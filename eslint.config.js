// Lint rules, most importantly the import boundaries between runtimes (as VS Code keeps them):
//   shared/   pure code for both sides: no Node built-ins, no electron, nothing from node/, electron/ or renderer/
//   renderer/ browser code: no Node built-ins, no electron, nothing from node/ or electron/
//   node/     Node code shared by the Electron main process and the CLI/browser server: no electron, no renderer/
//   electron/ the Electron main process and preload: no renderer/
// and the surfaces: a folder listed in `surfaces` is imported from outside through its index.ts only (tests may
// reach inside); and inside renderer/, no import cycle between folders (scripts/eslint/folderImportCycles.mjs).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { builtinModules } from 'node:module';
import folderImportCycles from './scripts/eslint/folderImportCycles.mjs';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];
const restrict = (message, names, groups) => ({
  'no-restricted-imports': ['error', { paths: names.map((name) => ({ name, message })), patterns: groups }],
});
const folder = (name, message) => ({ group: [`**/${name}/*`, `**/${name}`], message });

// Folders of shared/ that declare their surface in index.ts. From shared/, a sibling folder is reached by `../`;
// from node/, renderer/ and electron/ through `shared/`. (Inside the folder, files import each other by `./`.)
const surfaces = ['hocon', 'api', 'toolbox', 'run'];
const surfaceRule = (reach) => ({
  '@typescript-eslint/no-restricted-imports': [
    'error',
    {
      patterns: surfaces.map((name) => ({
        regex: `${reach}${name}/(?!index$)`,
        message: `Import shared/${name}/ through its index.ts: what is not exported there is not its surface.`,
      })),
    },
  ],
});

export default tseslint.config(
  { ignores: ['dist/**', 'editors/vscode/dist/**', 'editors/vscode/resources/**', 'release/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'bench/out/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['shared/**/*.ts'],
    ignores: ['shared/**/*.test.ts'],
    rules: restrict('shared/ is pure code: inject file access and other services from the caller.', [...nodeBuiltins, 'electron'], [
      folder('electron', 'shared/ must not import electron/.'),
      folder('renderer', 'shared/ must not import renderer/.'),
      folder('node', 'shared/ must not import node/.'),
    ]),
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: restrict('renderer/ runs in a sandboxed page: go through the API in shared/api.', [...nodeBuiltins, 'electron'], [
      folder('electron', 'renderer/ must not import electron/.'),
      folder('node', 'renderer/ must not import node/.'),
    ]),
  },
  {
    files: ['node/**/*.ts'],
    rules: restrict('node/ is shared by the CLI and Electron: keep electron in electron/.', ['electron'], [
      folder('electron', 'node/ must not import electron/.'),
      folder('renderer', 'node/ must not import renderer/.'),
    ]),
  },
  {
    files: ['electron/**/*.ts'],
    rules: restrict('unused', [], [folder('renderer', 'electron/ must not import renderer/: use the API.')]),
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    ignores: ['renderer/**/*.test.ts'],
    plugins: { local: folderImportCycles },
    rules: { 'local/folder-import-cycles': ['error', { root: 'renderer' }] },
  },
  { files: ['shared/**/*.ts'], ignores: ['**/*.test.ts'], rules: surfaceRule('^(\\.\\./)+') },
  { files: ['node/**/*.ts', 'renderer/**/*.{ts,tsx}', 'electron/**/*.ts'], ignores: ['**/*.test.ts'], rules: surfaceRule('/shared/') },
);
