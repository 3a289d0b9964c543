// A lint rule: no import cycles between the folders of renderer/ (the folder of a file directly in renderer/ is the
// root, '.'). Each arrow between two folders must point one way only, so the folders form layers: ui/ and api/ at the
// bottom, state/ above them, the features above, App.tsx and the window's workspace (the composition root) on top.
//
// Why a local rule rather than eslint-plugin-import-x's no-cycle: no-cycle works file by file, and a folder cycle is
// usually made of files that never import each other in a ring (form/A -> tools/B, tools/C -> form/D); it also
// resolves every module of the program for every file it lints. This rule reads renderer/ once per run (again only
// for files whose modification time changed), at folder granularity, with the real TypeScript parser.
//
// One kind of arrow is not counted: a type-only import of the composition root's contract, renderer/workspace.ts
// (`import type { Workspace } from '../workspace'`). The root hands that one object to every region; the type carries
// no code, and a folder below the features cannot declare it (it names every feature's store).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import tseslint from 'typescript-eslint';

/** The folder of `file` under `root`: its first path segment, or '.' for a file directly in root. */
export function folderOf(root, file) {
  const relative = path.relative(root, file);
  const parts = relative.split(path.sep);
  return parts.length === 1 ? '.' : parts[0];
}

/** Whether an import/export declaration brings types only (nothing is loaded at run time). */
function typeOnly(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  const specifiers = node.specifiers ?? [];
  return specifiers.length > 0 && specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type');
}

/** The relative module names a program imports or re-exports, each with whether it is type-only, and its node. */
export function importsOf(program) {
  const found = [];
  const visit = (node) => {
    if (!node || typeof node.type !== 'string') return;
    if ((node.type === 'ImportDeclaration' || node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration') && node.source) {
      found.push({ name: node.source.value, typeOnly: typeOnly(node), node });
    } else if (node.type === 'ImportExpression' && node.source.type === 'Literal') {
      found.push({ name: node.source.value, typeOnly: false, node });
    }
    for (const key of Object.keys(node)) {
      if (key === 'parent') continue;
      const child = node[key];
      if (Array.isArray(child)) child.forEach(visit);
      else if (child && typeof child === 'object' && typeof child.type === 'string') visit(child);
    }
  };
  visit(program);
  return found;
}

/** The file a relative import names, without its extension (how the rule compares it with workspace.ts). */
const target = (file, name) => path.resolve(path.dirname(file), name).replace(/\.(tsx?|mjs|js)$/, '');

/** Whether this import is an arrow between folders: relative, inside root, and not the root contract's type. */
export function arrowOf(root, file, name, isTypeOnly) {
  if (!name.startsWith('.')) return null;
  const to = target(file, name);
  if (!to.startsWith(`${root}${path.sep}`)) return null;
  if (isTypeOnly && to === path.join(root, 'workspace')) return null;
  const from = folderOf(root, file);
  const toFolder = folderOf(root, to);
  return from === toFolder ? null : { from, to: toFolder };
}

/** Folder → folder → the files making that arrow. */
export function addArrow(graph, from, to, file) {
  if (!graph.has(from)) graph.set(from, new Map());
  const arrows = graph.get(from);
  if (!arrows.has(to)) arrows.set(to, []);
  arrows.get(to).push(file);
}

/** A path of folders from `from` to `to` along the graph's arrows (inclusive), or null. */
export function pathBetween(graph, from, to, skipFile) {
  const previous = new Map([[from, null]]);
  const queue = [from];
  while (queue.length) {
    const at = queue.shift();
    if (at === to) {
      const route = [];
      for (let step = to; step !== null; step = previous.get(step)) route.unshift(step);
      return route;
    }
    for (const [next, files] of graph.get(at) ?? []) {
      if (previous.has(next) || files.every((f) => f === skipFile)) continue;
      previous.set(next, at);
      queue.push(next);
    }
  }
  return null;
}

const parse = (code) => tseslint.parser.parseForESLint(code, { jsx: true, range: false, loc: false, comment: false, tokens: false }).ast;

/** The folder graph of every source file under root (tests and declarations left out), kept while files are unchanged. */
const caches = new Map();
function graphOf(root) {
  const cache = caches.get(root) ?? { files: new Map() };
  caches.set(root, cache);
  const seen = new Set();
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name)) {
        seen.add(file);
        const mtime = statSync(file).mtimeMs;
        if (cache.files.get(file)?.mtime === mtime) continue;
        let arrows = [];
        try {
          arrows = importsOf(parse(readFileSync(file, 'utf8')))
            .map((i) => arrowOf(root, file, i.name, i.typeOnly))
            .filter(Boolean);
        } catch {
          // a file that does not parse is reported by the parser's own lint; it adds no arrow here
        }
        cache.files.set(file, { mtime, arrows });
      }
    }
  };
  walk(root);
  for (const file of cache.files.keys()) if (!seen.has(file)) cache.files.delete(file);
  const graph = new Map();
  for (const [file, { arrows }] of cache.files) for (const a of arrows) addArrow(graph, a.from, a.to, file);
  return graph;
}

export const folderImportCycles = {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycles between the folders of a source tree (renderer/).' },
    schema: [{ type: 'object', properties: { root: { type: 'string' } }, required: ['root'], additionalProperties: false }],
    messages: {
      cycle: "'{{from}}/' imports '{{to}}/', which imports back: {{route}}. Folders form layers: move what both need to a folder below them (ui/, state/), or what uses both to one above.",
    },
  },
  create(context) {
    const root = path.resolve(context.cwd ?? process.cwd(), context.options[0].root);
    const file = context.filename;
    if (!file.startsWith(`${root}${path.sep}`) || /\.(test|d)\.tsx?$/.test(file)) return {};
    return {
      Program(program) {
        const graph = graphOf(root);
        for (const { name, typeOnly: isTypeOnly, node } of importsOf(program)) {
          const arrow = arrowOf(root, file, name, isTypeOnly);
          if (!arrow) continue;
          // What this file imports now (the editor's text) replaces what it imported on disk.
          const back = pathBetween(graph, arrow.to, arrow.from, file);
          if (back) context.report({ node, messageId: 'cycle', data: { from: arrow.from, to: arrow.to, route: [arrow.from, ...back].map((f) => `${f}/`).join(' → ') } });
        }
      },
    };
  },
};

export default { rules: { 'folder-import-cycles': folderImportCycles } };
