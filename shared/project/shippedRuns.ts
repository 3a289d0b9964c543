/**
 * Where a project runs neuro-san, and with which manifests, read from what it ships (issue #33): its CI workflows,
 * its Makefile and its Dockerfiles. A run counts when it sets AGENT_MANIFEST_FILE: that says which networks it serves;
 * a step that sets only AGENT_TOOL_PATH (unit tests) serves none. Only what can be read reliably is read, each for a
 * reason said where it is read; a value or a folder that cannot be known names nothing (a false "neuro-san runs
 * this manifest" would judge files in a context they never meet).
 *
 * Not read: shell scripts (a script runs in whatever folder it is started from, which it does not say), `run.py` and
 * other Python (neuro-san-studio's defaults there are its layout, which the conventional places already give), docker
 * compose files, and a project's `.env` (read as its settings: settings.ts).
 */
import { readWorkflowYaml, type YamlMap, type YamlNode } from './workflowYaml';
import { shellRuns, type SetValue, type ShellRun } from './shellRuns';

/** The variables a run sets that decide what neuro-san reads. */
export const RUN_VARIABLES = ['AGENT_MANIFEST_FILE', 'AGENT_TOOLBOX_INFO_FILE', 'AGENT_TOOL_PATH'] as const;
export type RunVariable = (typeof RUN_VARIABLES)[number];

/** A folder or file of a container image and the project's copied there (a Dockerfile's COPY). */
export interface Mount {
  /** Absolute, in the image. */
  container: string;
  /** Relative to the build context, '/'-separated ('.' for the context itself). */
  project: string;
}

export interface ShippedRun {
  /** The file that says it (as the caller named it) and the line that sets AGENT_MANIFEST_FILE. */
  file: string;
  line: number;
  /**
   * The folder neuro-san runs in: relative to the file's base ('/'-separated; a workflow's is the repository's top, a
   * Makefile's its own folder), absolute in the image for a Dockerfile, or undefined when it cannot be known.
   */
  cwd: string | undefined;
  /** What it sets of RUN_VARIABLES, as written (AGENT_MANIFEST_FILE always). */
  env: Partial<Record<RunVariable, string>>;
  /** A Dockerfile's: where the project's files are in the image. */
  mounts?: Mount[];
}

/** A run in the project's terms (read from disk: node/project/shippedRunsOnDisk.ts). */
export interface ProjectRun {
  /** `file:line`, the file relative to the project root ('/'-separated). */
  source: string;
  /** The folder neuro-san runs in, relative to the project root ('.'; `../x` above it), or undefined when not known. */
  cwd: string | undefined;
  /** What it sets of RUN_VARIABLES, as written. */
  env: Partial<Record<RunVariable, string>>;
  /** A Dockerfile's: where the project's files are in the image (its absolute paths are read through these). */
  mounts?: Mount[];
}

const TRIGGER = 'AGENT_MANIFEST_FILE';

/**
 * A GitHub Actions workflow: each step with a shell `run`, in the environment its workflow, job and step `env`
 * blocks give it and what its script exports, from its `working-directory` (the step's, else the job's or the
 * workflow's `defaults.run`), relative to the repository's top where the checkout puts it. An `env` value with an
 * expression (`${{ ... }}`) cannot be known here. A step in another shell (`pwsh`, `python`) is not read.
 */
export function workflowRuns(text: string, file: string): ShippedRun[] {
  const workflow = readWorkflowYaml(text);
  const out: ShippedRun[] = [];
  const workflowEnv = yamlEnv(workflow.entries.get('env')?.value);
  const workflowDir = defaultDirectory(workflow);
  const jobs = workflow.entries.get('jobs')?.value;
  for (const { value: job } of jobs?.kind === 'map' ? jobs.entries.values() : []) {
    if (job.kind !== 'map') continue;
    const jobEnv = yamlEnv(job.entries.get('env')?.value);
    const jobDir = defaultDirectory(job) ?? workflowDir;
    const jobShell = scalarText(mapOf(mapOf(job.entries.get('defaults')?.value)?.entries.get('run')?.value)?.entries.get('shell')?.value);
    const steps = job.entries.get('steps')?.value;
    for (const step of steps?.kind === 'list' ? steps.items : []) {
      if (step.kind !== 'map') continue;
      const run = step.entries.get('run')?.value;
      if (run?.kind !== 'scalar' || run.text === undefined) continue;
      const shell = scalarText(step.entries.get('shell')?.value) ?? jobShell;
      if (shell !== undefined && !/^(bash|sh)\b/.test(shell)) continue;
      const stepDir = step.entries.has('working-directory') ? directoryOf(step.entries.get('working-directory')!.value) : jobDir;
      const env = new Map([...workflowEnv, ...jobEnv, ...yamlEnv(step.entries.get('env')?.value)]);
      const lines = run.text.split('\n').map((t, i) => ({ text: t, line: run.line + i }));
      out.push(...runsOf(shellRuns(lines, { env, cwd: stepDir === null ? undefined : (stepDir ?? '.') }, TRIGGER), file));
    }
  }
  return unique(out);
}

/**
 * A Makefile: each recipe line (its own shell, as make runs it; the whole recipe with `.ONESHELL:`) from the Makefile's
 * folder, where make runs it, with what the Makefile exports (`export NAME = value`). A make expansion (`$(X)`) cannot
 * be known here; `$$` is the shell's `$`.
 */
export function makefileRuns(text: string, file: string): ShippedRun[] {
  const lines = logicalLines(text);
  const oneShell = lines.some((l) => /^\.ONESHELL\s*:/.test(l.text));
  const exported = new Map<string, SetValue>();
  const variables = new Map<string, SetValue>();
  const out: ShippedRun[] = [];
  let recipe: { text: string; line: number }[] = [];
  const flush = () => {
    if (recipe.length > 0) out.push(...runsOf(shellRuns(recipe, { env: new Map(exported), cwd: '.' }, TRIGGER), file));
    recipe = [];
  };
  for (const { text, line } of lines) {
    if (text.startsWith('\t')) {
      // Make gives `$$` to the shell as `$`; any other `$` is make's own expansion, so a `$` left is not literal.
      const command = { text: text.slice(1).replace(/^[@+-]+/, '').replace(/\$\$/g, '$'), line };
      if (oneShell) recipe.push(command);
      else {
        recipe = [command];
        flush();
      }
      continue;
    }
    flush();
    const assignment = /^(export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*(?::{1,3}=|\?=|\+=|=)\s*(.*)$/.exec(text);
    if (assignment) {
      const raw = assignment[3]!.replace(/\s+#.*$/, '').trim();
      const set: SetValue = { value: raw.includes('$') ? undefined : raw, line };
      variables.set(assignment[2]!, set);
      if (assignment[1] !== undefined) exported.set(assignment[2]!, set);
      continue;
    }
    const exportOnly = /^export\s+([A-Za-z_][A-Za-z0-9_ \t]*)$/.exec(text);
    if (exportOnly) for (const name of exportOnly[1]!.trim().split(/\s+/)) exported.set(name, variables.get(name) ?? { value: '', line });
  }
  flush();
  return unique(out);
}

/**
 * A Dockerfile: the image's last stage (what `docker build` makes without `--target`), its ENV (with ARG and ENV
 * values put in for `$NAME`/`${NAME}`) and WORKDIR, and where its COPY lines put the project's files. The build
 * context is taken to be the project's root (neuro-san-studio's deploy/build.sh builds from there): when a COPY
 * source is not there, the context is elsewhere and nothing of the file is read. `kindOf` says what a path relative
 * to the project root is.
 */
export function dockerfileRuns(text: string, file: string, kindOf: (projectPath: string) => 'file' | 'folder' | undefined): ShippedRun[] {
  let stage = newStage();
  for (const { text: instruction, line } of logicalLines(text)) {
    const match = /^\s*([A-Za-z]+)\s+(.*)$/.exec(instruction);
    if (!match || instruction.trimStart().startsWith('#')) continue;
    const keyword = match[1]!.toUpperCase();
    const rest = match[2]!.trim();
    if (keyword === 'FROM') stage = newStage();
    else if (keyword === 'ARG') {
      const arg = /^([A-Za-z_][A-Za-z0-9_]*)(?:=(.*))?$/.exec(rest);
      if (arg) stage.vars.set(arg[1]!, arg[2] === undefined ? undefined : substitute(unquote(arg[2]), stage.vars));
    } else if (keyword === 'ENV') {
      for (const [name, value] of envPairs(rest)) {
        const known = value === undefined ? undefined : substitute(value, stage.vars);
        stage.vars.set(name, known);
        stage.env.set(name, { value: known, line });
      }
    } else if (keyword === 'WORKDIR') {
      const folder = substitute(unquote(rest), stage.vars);
      stage.workdir = folder === undefined || stage.workdir === undefined ? undefined : joinAbsolute(stage.workdir, folder);
    } else if (keyword === 'COPY' || keyword === 'ADD') {
      const words = copyWords(rest);
      if (words === undefined || words.some((w) => w.startsWith('--from'))) continue;
      const paths = words.filter((w) => !w.startsWith('--')).map((w) => substitute(w, stage.vars));
      if (paths.length < 2 || paths.some((p) => p === undefined)) continue;
      const dest = paths.pop()!;
      stage.copies.push({ sources: paths as string[], dest: stage.workdir === undefined ? dest : joinAbsolute(stage.workdir, dest), destIsFolder: dest.endsWith('/') || paths.length > 1 });
    }
  }
  const manifest = stage.env.get(TRIGGER);
  if (manifest?.value === undefined) return [];
  const mounts = mountsOf(stage.copies, kindOf);
  if (mounts === undefined) return [];
  const env: Partial<Record<RunVariable, string>> = {};
  for (const name of RUN_VARIABLES) {
    const value = stage.env.get(name)?.value;
    if (value !== undefined && value !== '') env[name] = value;
  }
  return [{ file, line: manifest.line, cwd: stage.workdir, env, mounts }];
}

interface Stage {
  vars: Map<string, string | undefined>;
  env: Map<string, SetValue>;
  workdir: string | undefined;
  copies: { sources: string[]; dest: string; destIsFolder: boolean }[];
}

function newStage(): Stage {
  return { vars: new Map(), env: new Map(), workdir: '/', copies: [] };
}

/**
 * Where each COPY puts the project's files; undefined when a source is not in the project (the build context is not
 * its root). A folder copied to `<dir>/<its own path>` (COPY ./registries /app/registries) also says where the root
 * is (/app): the folder neuro-san runs in is usually that one, and what it names is found through it.
 */
function mountsOf(copies: Stage['copies'], kindOf: (p: string) => 'file' | 'folder' | undefined): Mount[] | undefined {
  const mounts: Mount[] = [];
  for (const copy of copies) {
    for (const written of copy.sources) {
      if (/[*?[\]]/.test(written)) continue; // a pattern: which files it copies is not read
      const source = normalizeRelative(written);
      if (source === undefined) return undefined;
      const kind = kindOf(source);
      if (kind === undefined) return undefined;
      const dest = trimSlash(copy.dest);
      const container = kind === 'file' && copy.destIsFolder ? `${dest}/${source.split('/').pop()}` : dest;
      mounts.push({ container, project: source });
      if (kind === 'folder' && source !== '.' && container.endsWith(`/${source}`)) mounts.push({ container: container.slice(0, -source.length - 1) || '/', project: '.' });
    }
  }
  const roots = new Set(mounts.filter((m) => m.project === '.').map((m) => m.container));
  // Two places for the root: which one a path means is not known, so none is kept.
  return roots.size > 1 ? mounts.filter((m) => m.project !== '.') : dedupeMounts(mounts);
}

function dedupeMounts(mounts: Mount[]): Mount[] {
  const seen = new Set<string>();
  return mounts.filter((m) => {
    const key = `${m.container}\0${m.project}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A container path (absolute) as a path of the project, through the mounts; undefined when none holds it. */
export function projectPathOf(containerPath: string, mounts: readonly Mount[]): string | undefined {
  const path = trimSlash(normalizeAbsolute(containerPath));
  let best: Mount | undefined;
  for (const m of mounts) {
    if ((path === m.container || path.startsWith(m.container === '/' ? '/' : `${m.container}/`)) && (best === undefined || m.container.length > best.container.length)) best = m;
  }
  if (best === undefined) return undefined;
  const rest = path.slice(best.container.length).replace(/^\//, '');
  if (rest === '') return best.project;
  return best.project === '.' ? rest : `${best.project}/${rest}`;
}

/** `ENV a=1 b="x y"` or the old `ENV a some value`: names and values (undefined: not read). */
function envPairs(rest: string): [string, string | undefined][] {
  const legacy = /^([A-Za-z_][A-Za-z0-9_]*)\s+(.*)$/.exec(rest);
  if (legacy && !/^[A-Za-z_][A-Za-z0-9_]*=/.test(rest)) return [[legacy[1]!, legacy[2]!.trim()]];
  const out: [string, string | undefined][] = [];
  const pair = /([A-Za-z_][A-Za-z0-9_]*)=("(?:[^"\\]|\\.)*"|'[^']*'|(?:[^\s"'\\]|\\.)*)/gy;
  let at = 0;
  while (at < rest.length) {
    while (rest[at] === ' ' || rest[at] === '\t') at++;
    if (at >= rest.length) break;
    pair.lastIndex = at;
    const m = pair.exec(rest);
    if (!m) return out; // not understood: what came before stands, the rest is not read
    out.push([m[1]!, unquote(m[2]!)]);
    at = pair.lastIndex;
  }
  return out;
}

/** `"x"` → x (escapes undone), `'x'` → x, else as written with `\` escapes undone. */
function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) return value.slice(1, -1).replace(/\\(.)/g, '$1');
  if (value.length >= 2 && value.startsWith("'") && value.endsWith("'")) return value.slice(1, -1);
  return value.replace(/\\(.)/g, '$1');
}

/** `$NAME`, `${NAME}`, `${NAME:-word}`, `${NAME:+word}` put in; undefined when one names what is not known. */
function substitute(value: string, vars: ReadonlyMap<string, string | undefined>): string | undefined {
  let unknown = false;
  const out = value.replace(/\$(?:\{([A-Za-z_][A-Za-z0-9_]*)(?::([-+])([^}]*))?\}|([A-Za-z_][A-Za-z0-9_]*))/g, (_, braced: string | undefined, op: string | undefined, word: string | undefined, bare: string | undefined) => {
    const name = braced ?? bare!;
    const set = vars.get(name);
    if (op === '-') return set !== undefined && set !== '' ? set : word!;
    if (op === '+') return set !== undefined && set !== '' ? word! : '';
    if (set === undefined) unknown = true;
    return set ?? '';
  });
  return unknown || out.includes('$') ? undefined : out;
}

/** COPY's words: the JSON form `["a", "b"]` or words split at spaces. */
function copyWords(rest: string): string[] | undefined {
  if (rest.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(rest);
      return Array.isArray(parsed) && parsed.every((w) => typeof w === 'string') ? (parsed as string[]) : undefined;
    } catch {
      return undefined;
    }
  }
  return rest.split(/\s+/).filter((w) => w !== '');
}

/** Lines joined at a trailing `\` (the first line's number kept), comments and blank lines dropped. */
function logicalLines(text: string): { text: string; line: number }[] {
  const raw = text.replace(/\r\n?/g, '\n').split('\n');
  const out: { text: string; line: number }[] = [];
  for (let i = 0; i < raw.length; i++) {
    const line = i + 1;
    // Parts joined once at the end: a file of a million continued lines must not be copied at each one.
    const parts = [raw[i]!];
    while (parts[parts.length - 1]!.endsWith('\\') && i + 1 < raw.length) {
      parts[parts.length - 1] = parts[parts.length - 1]!.slice(0, -1);
      parts.push(raw[++i]!.replace(/^\s+/, ''));
    }
    const joined = parts.join(' ');
    if (joined.trim() === '' || /^\s*#/.test(joined)) continue;
    out.push({ text: joined, line });
  }
  return out;
}

/** A workflow or job's `defaults.run.working-directory`: a folder, null (not knowable), or undefined (none set). */
function defaultDirectory(node: YamlMap): string | null | undefined {
  const run = mapOf(mapOf(node.entries.get('defaults')?.value)?.entries.get('run')?.value);
  return run?.entries.has('working-directory') ? directoryOf(run.entries.get('working-directory')!.value) : undefined;
}

/** A `working-directory` value: relative to the repository's top; null when it holds an expression or is absolute. */
function directoryOf(node: YamlNode | undefined): string | null {
  const text = scalarText(node);
  if (text === undefined || text.includes('${{') || text.includes('$')) return null;
  const folder = normalizeRelative(text);
  return folder ?? null;
}

/** An `env` block: each variable set (undefined: an expression, known only when the workflow runs). */
function yamlEnv(node: YamlNode | undefined): Map<string, SetValue> {
  const env = new Map<string, SetValue>();
  if (node?.kind !== 'map') return env;
  for (const [name, { value, line }] of node.entries) {
    const text = value.kind === 'scalar' ? value.text : undefined;
    env.set(name, { value: text === undefined || text.includes('${{') ? undefined : text, line });
  }
  return env;
}

function mapOf(node: YamlNode | undefined): YamlMap | undefined {
  return node?.kind === 'map' ? node : undefined;
}

function scalarText(node: YamlNode | undefined): string | undefined {
  return node?.kind === 'scalar' ? node.text : undefined;
}

/** Shell runs as shipped runs: those whose AGENT_MANIFEST_FILE is known, with what else they set. */
function runsOf(runs: readonly ShellRun[], file: string): ShippedRun[] {
  const out: ShippedRun[] = [];
  for (const run of runs) {
    const manifest = run.env.get(TRIGGER);
    if (manifest?.value === undefined || manifest.value === '') continue;
    const env: Partial<Record<RunVariable, string>> = {};
    for (const name of RUN_VARIABLES) {
      const value = run.env.get(name)?.value;
      if (value !== undefined && value !== '') env[name] = value;
    }
    out.push({ file, line: manifest.line, cwd: run.cwd, env });
  }
  return out;
}

/** One run per place and settings (a step that starts three commands with the same manifest is one run). */
function unique(runs: readonly ShippedRun[]): ShippedRun[] {
  const seen = new Set<string>();
  return runs.filter((run) => {
    const key = JSON.stringify([run.line, run.cwd, run.env]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** `./a/b/` → `a/b`; `.` and `./` → `.`; undefined for an absolute path or one that climbs out (`..`). */
function normalizeRelative(p: string): string | undefined {
  if (p.startsWith('/') || /^[A-Za-z]:/.test(p) || p.startsWith('~')) return undefined;
  const parts: string[] = [];
  for (const part of p.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return undefined;
      parts.pop();
    } else parts.push(part);
  }
  return parts.length === 0 ? '.' : parts.join('/');
}

function normalizeAbsolute(p: string): string {
  const parts: string[] = [];
  for (const part of p.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return `/${parts.join('/')}`;
}

function joinAbsolute(base: string, p: string): string {
  return normalizeAbsolute(p.startsWith('/') ? p : `${base}/${p}`);
}

function trimSlash(p: string): string {
  return p.length > 1 ? p.replace(/\/+$/, '') : p;
}
