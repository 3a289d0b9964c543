/**
 * A process and everything below it, found through /proc's parent links (Linux), so the editor can kill a worker's
 * whole tree: a tool's child that left the worker's process group (`setsid()`, a daemon's double fork) is still a
 * descendant, because the worker makes itself a child subreaper (resources/python/tbe_worker/children.py). It must be
 * found before the worker dies: after that the orphans go to init and nothing ties them to the worker any more.
 *
 * macOS has no /proc (and no subreaper): there the group kill in pythonWorker.ts is all there is. Windows uses the
 * worker's job object instead (tbe_worker/windows_job.py).
 */
import { readdirSync, readFileSync } from 'node:fs';

export interface ProcessStat {
  /** One letter: R, S, D, T, Z (zombie), ... */
  state: string;
  ppid: number;
}

/** Each round stops what the previous ones found; the bound keeps a fork bomb from holding the editor. */
const MAX_STOP_ROUNDS = 64;

/** The state and parent from the text of /proc/PID/stat; the command (in parentheses) may hold spaces and ")". */
export function parseStat(text: string): ProcessStat | undefined {
  const fields = text.slice(text.lastIndexOf(')') + 1).trim().split(/\s+/);
  const ppid = Number(fields[1]);
  if (fields.length < 2 || !fields[0] || !Number.isInteger(ppid)) return undefined;
  return { state: fields[0], ppid };
}

/** Every process's state and parent, from /proc; undefined where there is no /proc (macOS, Windows). */
export function readProcessTable(procDir = '/proc'): Map<number, ProcessStat> | undefined {
  let entries: string[];
  try {
    entries = readdirSync(procDir);
  } catch {
    return undefined;
  }
  const table = new Map<number, ProcessStat>();
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = parseStat(readFileSync(`${procDir}/${entry}/stat`, 'latin1'));
      if (stat) table.set(Number(entry), stat);
    } catch {
      // gone meanwhile
    }
  }
  return table;
}

/** The pids below `root` in `table`, following parent links. */
export function descendantsOf(table: ReadonlyMap<number, ProcessStat>, root: number): number[] {
  const children = new Map<number, number[]>();
  for (const [pid, { ppid }] of table) {
    const siblings = children.get(ppid);
    if (siblings) siblings.push(pid);
    else children.set(ppid, [pid]);
  }
  const found: number[] = [];
  const frontier = [root];
  for (let pid = frontier.pop(); pid !== undefined; pid = frontier.pop()) {
    const below = children.get(pid) ?? [];
    found.push(...below);
    frontier.push(...below);
  }
  return found;
}

/**
 * Stops `root` and every live process below it with SIGSTOP, round after round until no new one shows up (a stopped
 * process can no longer fork, so none slips away while the tree is walked). Returns the stopped pids, root first; an
 * empty list where there is no /proc. The caller kills them (SIGKILL ends stopped processes too).
 */
export function stopProcessTree(root: number): number[] {
  if (process.platform !== 'linux' || !signal(root, 'SIGSTOP')) return [];
  const stopped = new Set([root]);
  for (let round = 0; round < MAX_STOP_ROUNDS; round++) {
    const table = readProcessTable();
    if (!table) break;
    const fresh = descendantsOf(table, root).filter((pid) => !stopped.has(pid) && table.get(pid)?.state !== 'Z');
    if (fresh.length === 0) break;
    for (const pid of fresh) if (signal(pid, 'SIGSTOP')) stopped.add(pid);
  }
  return [...stopped];
}

/** Kills `root` and every process below it (see stopProcessTree); false when `root` could not be signalled. */
export function killProcessTree(root: number): boolean {
  const tree = stopProcessTree(root);
  for (const pid of tree) signal(pid, 'SIGKILL');
  return tree.length > 0;
}

function signal(pid: number, name: NodeJS.Signals): boolean {
  try {
    process.kill(pid, name);
    return true;
  } catch {
    return false; // ESRCH: gone meanwhile
  }
}
