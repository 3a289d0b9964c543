"""
Ends what a call left running: a tool's process tree dies with its call.

The editor starts the worker as the leader of its own process group (a new session), so every process a tool starts
(`subprocess.Popen`, `os.system`, and their children) is in the worker's group unless it moves itself out. A child
can move out (`setsid()`, `setpgrp()`, a daemon's double fork), so on Linux the worker also makes itself a child
subreaper at start: an orphan then reparents to the worker instead of init, and stays a descendant. After each call the
worker kills every descendant (found by walking /proc's parent links) and every other member of its group, so no child
outlives the call, and none keeps holding the worker's stderr pipe, which would make the editor wait for it. Killing
the worker (timeout, cancel, restart) kills the tree and the group from the editor's side (node/python/processTree.ts).

macOS has no /proc and no subreaper: there only the group is killed (found with `ps`). On Windows a job object does the
same work (windows_job.py). When the worker is not a group leader (started by hand) it leaves its group alone: that
group would be its caller's; its own descendants are still killed.
"""
import ctypes
import os
import signal
import subprocess
import sys

from tbe_worker import windows_job

# <linux/prctl.h>
PR_SET_CHILD_SUBREAPER = 36

# Each round stops the descendants found so far; a process can fork only until it is stopped, so a few rounds find
# them all. The bound keeps a fork bomb from holding the worker for ever (what is left is killed in the next round).
MAX_STOP_ROUNDS = 64
MAX_KILL_ROUNDS = 4

_subreaper = False  # set once the worker is a child subreaper: every descendant is then below one of its children


def contain_call_children():
    """Called once at start: keeps whatever a tool starts findable (subreaper on Linux, a job object on Windows)."""
    global _subreaper
    if sys.platform == "win32":
        windows_job.start()
        return
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), os.strerror(ctypes.get_errno()))
        _subreaper = True
    except (OSError, AttributeError) as error:
        # Not fatal: the group kill still ends every child that stayed in the worker's group.
        print(f"[toolbox-editor] cannot become a child subreaper ({error}); "
              "a tool's child that leaves the process group may outlive its call", file=sys.__stderr__, flush=True)


def end_call_children():
    """Kills every descendant of the worker and every other process of its own group, and reaps its children."""
    if sys.platform == "win32":
        windows_job.end_other_processes()
        return
    if os.name != "posix" or (_subreaper and not _has_children()):
        return
    me = os.getpid()
    try:
        leader = os.getpgrp() == me
    except OSError:
        leader = False
    for _ in range(MAX_KILL_ROUNDS):
        table = _process_table()
        if table is None:
            # No /proc (macOS): only the group can be found.
            if leader:
                _kill_and_reap(set(_group_members_from_ps(me)) - {me})
            return
        doomed = _stop_descendants(me, table)
        if leader:
            # Members that are no descendants: orphans that went to init (no subreaper). A zombie has nothing to kill.
            doomed.update(pid for pid, (state, _, group) in table.items() if group == me and pid != me and state != "Z")
        zombies = {pid for pid, (state, parent, _) in table.items() if parent == me and state == "Z"}
        if not doomed and not zombies:
            return
        _kill_and_reap(doomed, zombies)


def _has_children():
    """False only when /proc tells the worker has no child, not even a zombie (reading it is far cheaper than a scan
    of every process, which the common call that starts nothing then skips)."""
    try:
        for task in os.listdir("/proc/self/task"):
            with open(f"/proc/self/task/{task}/children", "rb") as children:
                if children.read().strip():
                    return True
    except OSError:
        return True  # a kernel without CONFIG_PROC_CHILDREN: scan
    return False


def _process_table():
    """{pid: (state, ppid, pgrp)} for every process, from /proc (Linux); None where there is no /proc."""
    if not os.path.isdir("/proc/self"):
        return None
    table = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as stat:
                fields = parse_stat(stat.read())
        except OSError:
            continue
        if fields is not None:
            table[int(entry)] = fields
    return table


def parse_stat(text):
    """(state, ppid, pgrp) from the text of /proc/PID/stat; the command (in parentheses) may hold anything."""
    # After the last ")" closing the command: state, ppid, pgrp, ...
    fields = text.rsplit(b")", 1)[-1].split()
    if len(fields) < 3:
        return None
    try:
        return fields[0].decode("ascii", "replace"), int(fields[1]), int(fields[2])
    except ValueError:
        return None


def descendants(table, root):
    """The pids below `root` in `table` ({pid: (state, ppid, pgrp)}), following parent links."""
    children = {}
    for pid, (_, parent, _) in table.items():
        children.setdefault(parent, []).append(pid)
    found, frontier = [], [root]
    while frontier:
        below = children.get(frontier.pop(), [])
        found.extend(below)
        frontier.extend(below)
    return found


def _stop_descendants(root, table):
    """Stops every live descendant of `root` with SIGSTOP, so none forks away while the tree is walked; their pids."""
    stopped = set()
    for _ in range(MAX_STOP_ROUNDS):
        fresh = [pid for pid in descendants(table, root) if pid not in stopped and table[pid][0] != "Z"]
        if not fresh:
            break
        for pid in fresh:
            try:
                os.kill(pid, signal.SIGSTOP)
                stopped.add(pid)
            except OSError:
                pass  # gone meanwhile
        table = _process_table()
    return stopped


def _kill_and_reap(pids, zombies=()):
    """SIGKILLs `pids` and reaps those (and the `zombies`) that are the worker's children."""
    waiting = set(zombies)
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
            waiting.add(pid)  # only what surely dies: waiting for a process we may not signal could block for ever
        except OSError:
            pass
    # A killed child's own children reparent to the worker (the subreaper) once it is reaped: wait in rounds until a
    # round reaps nothing. Processes that are not (or no longer) the worker's children are reaped elsewhere.
    while waiting:
        reaped = set()
        for pid in waiting:
            try:
                os.waitpid(pid, 0)
                reaped.add(pid)
            except ChildProcessError:
                pass
            except OSError:
                reaped.add(pid)
        if not reaped:
            return
        waiting -= reaped


def _group_members_from_ps(group):
    """The pids in process group `group`, from `ps` (for systems without /proc)."""
    try:
        listing = subprocess.run(
            ["ps", "-A", "-o", "pid=,pgid="], capture_output=True, text=True, timeout=5, check=False
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    members = []
    for line in listing.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[1] == str(group):
            members.append(int(parts[0]))
    return members
