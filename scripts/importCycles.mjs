// The runtime import cycles of the app's code (shared/, node/, electron/, renderer/; tests left out): groups of files
// that import each other in a ring, type-only imports not counted (they load nothing). Issue #34 asked for none, kept
// so by a test (node/importCycles.test.ts); run it to see the files of any:
//   node scripts/importCycles.mjs
// A cycle makes load order matter (a module may see another half-initialised) and ties layers that should stack.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const TOP = ['shared', 'node', 'electron', 'renderer'];

function sourceFiles(root) {
  const files = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules' || name === 'dist') continue;
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts')) files.push(full);
    }
  };
  for (const top of TOP) walk(path.join(root, top));
  return files;
}

/** Whether an import declaration brings types only. */
function typeOnly(clause) {
  if (!clause) return false; // `import './x'` runs the module
  if (clause.isTypeOnly) return true;
  const named = clause.namedBindings;
  return !clause.name && named !== undefined && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly);
}

/** Whether an export declaration re-exports types only (`export type {...}`, or every name marked `type`). */
function exportsTypesOnly(statement) {
  if (statement.isTypeOnly) return true;
  const clause = statement.exportClause;
  return clause !== undefined && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly);
}

/**
 * Each file's runtime imports of other files of the app: static imports and re-exports. A dynamic `import()` is left
 * out on purpose: it loads when called, after every module has loaded, so it cannot see one half-initialised.
 */
export function importGraph(root) {
  const files = sourceFiles(root);
  const known = new Set(files);
  const resolve = (from, name) => {
    if (!name.startsWith('.')) return undefined;
    const base = path.resolve(path.dirname(from), name.replace(/\.js$/, ''));
    return [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find((c) => known.has(c));
  };
  const graph = new Map();
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
    const targets = new Set();
    for (const statement of source.statements) {
      let name;
      if (ts.isImportDeclaration(statement) && !typeOnly(statement.importClause)) name = statement.moduleSpecifier.text;
      else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !exportsTypesOnly(statement)) name = statement.moduleSpecifier.text;
      const target = name === undefined ? undefined : resolve(file, name);
      if (target !== undefined) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The strongly connected groups of more than one file (Tarjan), each sorted, paths relative to root. */
export function importCycles(root) {
  const graph = importGraph(root);
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const group = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      group.push(path.relative(root, w).split(path.sep).join('/'));
    } while (w !== v);
    if (group.length > 1 || graph.get(v).has(v)) groups.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return { files: graph.size, groups };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { files, groups } = importCycles(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'));
  console.log(`${files} files, ${groups.length} import cycle${groups.length === 1 ? '' : 's'}`);
  for (const group of groups) console.log(`  a ring through: ${group.join(', ')}`);
  process.exit(groups.length === 0 ? 0 : 1);
}
