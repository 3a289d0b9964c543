"""
Windows: a tool's process tree dies with its call through a Job Object (Windows has no process groups to kill).

At start the worker puts itself in a new job that kills every process in it when its last handle closes
(JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE). Processes a tool starts inherit the job, and only the worker holds the handle, so
when the editor kills the worker (timeout, cancel, restart) Windows closes the handle and ends the whole tree. After
each call the worker terminates every other process in its job itself.

Every step may fail (an old Windows without nested jobs, a worker already in a job that forbids it): the worker then
works as before, killing only itself, and says so in one line on stderr. Only parse_pid_list runs off Windows (tested
on Linux by node/python/windowsJob.test.ts).
"""
import ctypes
import functools
import os
import struct
import sys

JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE = 0x2000
JOB_OBJECT_BASIC_PROCESS_ID_LIST = 3  # JOBOBJECTINFOCLASS values
JOB_OBJECT_EXTENDED_LIMIT_INFORMATION = 9
PROCESS_TERMINATE = 0x0001
ERROR_MORE_DATA = 234

# JOBOBJECT_BASIC_PROCESS_ID_LIST: two DWORDs (NumberOfAssignedProcesses, NumberOfProcessIdsInList), then the ids as
# ULONG_PTR from offset 8 (already aligned for 8-byte pointers). Windows runs little-endian on every CPU it supports.
PID_LIST_HEADER = struct.Struct("<II")


def parse_pid_list(raw, pointer_size):
    """(processes in the job, the pids listed) from a JOBOBJECT_BASIC_PROCESS_ID_LIST as bytes."""
    assigned, listed = PID_LIST_HEADER.unpack_from(raw, 0)
    room = (len(raw) - PID_LIST_HEADER.size) // pointer_size
    count = min(listed, room)
    code = "Q" if pointer_size == 8 else "I"
    return assigned, list(struct.unpack_from(f"<{count}{code}", raw, PID_LIST_HEADER.size))


class _IoCounters(ctypes.Structure):
    _fields_ = [(name, ctypes.c_uint64) for name in (
        "ReadOperationCount", "WriteOperationCount", "OtherOperationCount",
        "ReadTransferCount", "WriteTransferCount", "OtherTransferCount")]


class _BasicLimits(ctypes.Structure):
    _fields_ = [
        ("PerProcessUserTimeLimit", ctypes.c_int64),
        ("PerJobUserTimeLimit", ctypes.c_int64),
        ("LimitFlags", ctypes.c_uint32),
        ("MinimumWorkingSetSize", ctypes.c_size_t),
        ("MaximumWorkingSetSize", ctypes.c_size_t),
        ("ActiveProcessLimit", ctypes.c_uint32),
        ("Affinity", ctypes.c_size_t),
        ("PriorityClass", ctypes.c_uint32),
        ("SchedulingClass", ctypes.c_uint32),
    ]


class _ExtendedLimits(ctypes.Structure):
    _fields_ = [
        ("BasicLimitInformation", _BasicLimits),
        ("IoInfo", _IoCounters),
        ("ProcessMemoryLimit", ctypes.c_size_t),
        ("JobMemoryLimit", ctypes.c_size_t),
        ("PeakProcessMemoryUsed", ctypes.c_size_t),
        ("PeakJobMemoryUsed", ctypes.c_size_t),
    ]


_job = None  # the job's handle, kept open for the worker's whole life: its closing is what kills the tree


def start():
    """Puts the worker in a new kill-on-close job; on failure leaves things as they were and says so."""
    global _job
    try:
        kernel32 = _kernel32()
        job = kernel32.CreateJobObjectW(None, None)
        if not job:
            raise ctypes.WinError(ctypes.get_last_error())
        limits = _ExtendedLimits()
        limits.BasicLimitInformation.LimitFlags = JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE
        if not kernel32.SetInformationJobObject(
            job, JOB_OBJECT_EXTENDED_LIMIT_INFORMATION, ctypes.byref(limits), ctypes.sizeof(limits)
        ):
            raise ctypes.WinError(ctypes.get_last_error())
        if not kernel32.AssignProcessToJobObject(job, kernel32.GetCurrentProcess()):
            raise ctypes.WinError(ctypes.get_last_error())
        _job = job
    except Exception as error:  # noqa: BLE001 - the worker must run without a job too
        _warn(f"cannot put the worker in a job object ({error}); a tool's child processes may outlive its call")


def end_other_processes():
    """Terminates every process of the worker's job but the worker itself (what the last call left running)."""
    if _job is None:
        return
    try:
        kernel32 = _kernel32()
        me = os.getpid()
        for pid in _job_pids(kernel32):
            if pid == me:
                continue
            process = kernel32.OpenProcess(PROCESS_TERMINATE, False, pid)
            if process:  # else gone meanwhile
                kernel32.TerminateProcess(process, 1)
                kernel32.CloseHandle(process)
    except Exception as error:  # noqa: BLE001
        _warn(f"cannot end the processes the call left running ({error})")


def _job_pids(kernel32):
    pointer_size = ctypes.sizeof(ctypes.c_size_t)
    room = 64
    for _ in range(8):
        size = PID_LIST_HEADER.size + room * pointer_size
        buffer = ctypes.create_string_buffer(size)
        ok = kernel32.QueryInformationJobObject(_job, JOB_OBJECT_BASIC_PROCESS_ID_LIST, buffer, size, None)
        if not ok and ctypes.get_last_error() != ERROR_MORE_DATA:
            raise ctypes.WinError(ctypes.get_last_error())
        assigned, pids = parse_pid_list(buffer.raw, pointer_size)
        if ok and len(pids) >= assigned:
            return pids
        room = max(room * 2, assigned + 16)  # the job grew (or the buffer was short): ask again with more room
    return pids  # a job that keeps growing: end what was listed; the next call ends the rest


@functools.cache
def _kernel32():
    kernel32 = ctypes.WinDLL("kernel32", use_last_error=True)
    handle, bool_ = ctypes.c_void_p, ctypes.c_int
    for name, argtypes, restype in (
        ("CreateJobObjectW", [ctypes.c_void_p, ctypes.c_wchar_p], handle),
        ("SetInformationJobObject", [handle, ctypes.c_int, ctypes.c_void_p, ctypes.c_uint32], bool_),
        ("AssignProcessToJobObject", [handle, handle], bool_),
        ("GetCurrentProcess", [], handle),
        ("QueryInformationJobObject", [handle, ctypes.c_int, ctypes.c_void_p, ctypes.c_uint32, ctypes.c_void_p], bool_),
        ("OpenProcess", [ctypes.c_uint32, bool_, ctypes.c_uint32], handle),
        ("TerminateProcess", [handle, ctypes.c_uint], bool_),
        ("CloseHandle", [handle], bool_),
    ):
        function = getattr(kernel32, name)
        function.argtypes, function.restype = argtypes, restype
    return kernel32


def _warn(message):
    print(f"[toolbox-editor] {message}", file=sys.__stderr__, flush=True)
