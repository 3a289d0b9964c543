import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { readRegularFileSync } from '../files/regularFile';
import { keptBriefly } from './keptBriefly';
import { dockerfileRuns, makefileRuns, projectPathOf, workflowRuns, type ProjectRun, type ShippedRun } from '../../shared/project/shippedRuns';
import { slashed } from '../files/slashedPaths';

/*
 * The runs a project ships (shared/project/shippedRuns.ts: where it starts neuro-san, with which manifests), read from
 * its files on disk and put in the project's terms. Only the files where those are written are read, each as a
 * bounded regular file: the repository's CI workflows, the project's Makefile and its Dockerfiles.
 */

/** A workflow, Makefile or Dockerfile is a few kilobytes: past this it is not one, and is not read. */
const FILE_MAX_BYTES = 1024 * 1024;
/** How many workflow files are read (a repository has a handful). */
const WORKFLOWS_MAX = 64;
/** How long a project's runs are reused (the app asks at every keystroke, through the project's root). */
const REUSE_MS = 2000;
const cache = keptBriefly<ProjectRun[]>(REUSE_MS, 16);

/** The runs the project at `root` (absolute) ships, read again at most every REUSE_MS. */
export function shippedRunsOf(root: string): ProjectRun[] {
  return cache.get(root, () => readRuns(root));
}

function readRuns(root: string): ProjectRun[] {
  const out: ProjectRun[] = [];
  const inProject = (absolute: string) => slashed(path.relative(root, absolute)) || '.';
  // GitHub runs a workflow's steps in the checkout: the repository's top, where .github/ is (the project may lie below).
  const top = gitTopOf(root) ?? root;
  const workflows = path.join(top, '.github', 'workflows');
  for (const name of listFiles(workflows).filter((n) => /\.ya?ml$/.test(n)).slice(0, WORKFLOWS_MAX)) {
    const file = path.join(workflows, name);
    const text = readText(file);
    if (text === undefined) continue;
    for (const run of workflowRuns(text, inProject(file))) out.push(fromBase(run, top, inProject));
  }
  // make picks GNUmakefile, then makefile, then Makefile, and runs its recipes in the folder it is started in: the
  // Makefile's own, as `make target` is typed there.
  const makefile = ['GNUmakefile', 'makefile', 'Makefile'].map((n) => path.join(root, n)).find(isFile);
  const makeText = makefile === undefined ? undefined : readText(makefile);
  if (makefile !== undefined && makeText !== undefined) for (const run of makefileRuns(makeText, inProject(makefile))) out.push(fromBase(run, root, inProject));
  // Dockerfiles where neuro-san-studio keeps them, built from the project root (shippedRuns.ts dockerfileRuns).
  for (const folder of [root, path.join(root, 'deploy')]) {
    for (const name of listFiles(folder).filter((n) => /^Dockerfile/.test(n))) {
      const file = path.join(folder, name);
      const text = readText(file);
      if (text === undefined) continue;
      const kindOf = (p: string) => kindAt(path.join(root, p));
      for (const run of dockerfileRuns(text, inProject(file), kindOf)) {
        // The image's folders are the project's through its COPY lines: WORKDIR is known when one put it there.
        const mounts = run.mounts ?? [];
        out.push({ source: `${run.file}:${run.line}`, cwd: run.cwd === undefined ? undefined : projectPathOf(run.cwd, mounts), env: run.env, mounts });
      }
    }
  }
  return out;
}

/** A workflow's or Makefile's run: its folder made relative to the project root. */
function fromBase(run: ShippedRun, base: string, inProject: (absolute: string) => string): ProjectRun {
  return { source: `${run.file}:${run.line}`, cwd: run.cwd === undefined ? undefined : inProject(path.resolve(base, run.cwd)), env: run.env };
}

/** The top of the git repository `folder` lies in (the nearest folder upward holding `.git`), else undefined. */
function gitTopOf(folder: string): string | undefined {
  for (let dir = path.resolve(folder); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, '.git'))) return dir;
    if (path.dirname(dir) === dir) return undefined;
  }
}

function readText(file: string): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(readRegularFileSync(file, FILE_MAX_BYTES).bytes);
  } catch {
    return undefined;
  }
}

function listFiles(folder: string): string[] {
  try {
    return readdirSync(folder, { withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => e.name)
      .sort();
  } catch {
    return [];
  }
}

function isFile(file: string): boolean {
  return kindAt(file) === 'file';
}

function kindAt(file: string): 'file' | 'folder' | undefined {
  try {
    const info = statSync(file);
    return info.isDirectory() ? 'folder' : info.isFile() ? 'file' : undefined;
  } catch {
    return undefined;
  }
}
