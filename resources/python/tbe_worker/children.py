"""
Ends what a call left running: a tool's process tree dies with its call.

The editor starts the worker as the leader of its own process group (a new session), so every process a tool starts
(`subprocess.Popen`, `os.system`, and their children) is in the worker's group unless it moves itself out. After each
call the worker kills every other member of its group, so no child outlives the call, and none keeps holding the
worker's stderr pipe, which would make the editor wait for it. Killing the worker (timeout, cancel, restart) kills the
whole group from the editor's side.

When the worker is not a group leader (started by hand, or on Windows) it leaves processes alone: its group would
then be its caller's.
"""
import os
import signal
import subprocess


def end_call_children():
    """Kills every other process of the worker's own process group and reaps those that were its children."""
    if os.name != "posix":
        return
    me = os.getpid()
    try:
        if os.getpgrp() != me:
            return
    except OSError:
        return
    killed = []
    for pid in _group_members(me):
        if pid == me:
            continue
        try:
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)
        except OSError:
            pass
    for pid in killed:
        try:
            os.waitpid(pid, 0)
        except (ChildProcessError, OSError):
            pass  # a grandchild: its own parent (also killed) or init reaps it


def _group_members(group):
    """The pids in process group `group`: from /proc where there is one (Linux), else from `ps`."""
    if os.path.isdir("/proc/self"):
        members = []
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                with open(f"/proc/{entry}/stat", "rb") as stat:
                    fields = stat.read().rsplit(b")", 1)[1].split()
            except OSError:
                continue
            # After the command: state, ppid, pgrp. A zombie has nothing left to kill.
            if len(fields) > 2 and fields[0] != b"Z" and int(fields[2]) == group:
                members.append(int(entry))
        return members
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
