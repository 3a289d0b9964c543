"""
The worker's wire format: every message is a 4-byte big-endian unsigned length followed by that many bytes of UTF-8
JSON. node/python/framing.ts is the other end.
"""
import json
import os
import struct

_HEADER = struct.Struct(">I")


def _read_exactly(fd, size):
    chunks = []
    remaining = size
    while remaining > 0:
        chunk = os.read(fd, remaining)
        if not chunk:
            return None
        chunks.append(chunk)
        remaining -= len(chunk)
    return b"".join(chunks)


def read_frame(fd):
    """Returns the next message as a dict, or None when the editor closed the channel."""
    header = _read_exactly(fd, _HEADER.size)
    if header is None:
        return None
    (length,) = _HEADER.unpack(header)
    body = _read_exactly(fd, length)
    if body is None:
        return None
    return json.loads(body.decode("utf-8"))


def write_frame(fd, message):
    # ASCII-only JSON: lone surrogates a tool may return travel as \uXXXX escapes instead of invalid UTF-8.
    body = json.dumps(message, ensure_ascii=True, default=repr).encode("ascii")
    data = _HEADER.pack(len(body)) + body
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]
