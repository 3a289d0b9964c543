"""
Toolbox Editor's Python worker: runs the coded and LangChain tools of one toolbox for the editor.

Started by node/python/pythonWorker.ts as `python3 toolbox_worker.py`. It speaks length-prefixed JSON frames over the
stdin/stdout it was started with (see tbe_worker/framing.py) and stays alive between calls. Standard library only:
the tools' own dependencies come from the interpreter the user chose, not from us.
"""
import os
import sys


def _take_protocol_channel():
    """Keeps private copies of fds 0 and 1 for the protocol and points the real ones somewhere harmless.

    A tool that prints (even from C code or a subprocess) or reads stdin must never touch the frames, so fd 1 becomes
    a copy of fd 2 (its output then ends up in the worker's stderr, which the editor keeps as a crash tail) and fd 0
    becomes /dev/null.
    """
    proto_in = os.dup(0)
    proto_out = os.dup(1)
    os.dup2(2, 1)
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    os.close(devnull)
    return proto_in, proto_out


def main():
    proto_in, proto_out = _take_protocol_channel()
    from tbe_worker.server import serve

    serve(proto_in, proto_out)


if __name__ == "__main__":
    main()
    sys.exit(0)
