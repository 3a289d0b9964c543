"""
Per-call capture of what a tool writes: sys.stdout, sys.stderr and logging records, each kept separately and cut at a
byte limit so one noisy tool cannot flood the editor.

The proxies are installed once, for the worker's whole life, because libraries keep references to sys.stderr (e.g. a
logging.StreamHandler made by basicConfig during one call); a per-call swap would leave them writing to a dead buffer.
Everything is also copied to the worker's real stderr (fd 2), so if a call kills the process, the editor still has
the last words in its stderr tail.
"""
import codecs
import io
import logging
import os

TRUNCATION_MARKER = "\n…[output truncated: {omitted} more bytes]"


class LimitedBuffer:
    """Collects text up to max_bytes (UTF-8); counts what it drops."""

    def __init__(self, max_bytes):
        self.max_bytes = max_bytes
        self.parts = []
        self.size = 0
        self.omitted = 0

    def add(self, text):
        if not text:
            return
        data = text.encode("utf-8", "replace")
        room = self.max_bytes - self.size
        if room <= 0:
            self.omitted += len(data)
            return
        if len(data) > room:
            self.parts.append(data[:room].decode("utf-8", "ignore"))
            self.size = self.max_bytes
            self.omitted += len(data) - room
            return
        self.parts.append(text)
        self.size += len(data)

    def text(self):
        joined = "".join(self.parts)
        if self.omitted:
            joined += TRUNCATION_MARKER.format(omitted=self.omitted)
        return joined


def cut_text(text, max_bytes):
    """The text itself when it fits in max_bytes of UTF-8, else its head plus the truncation marker."""
    buffer = LimitedBuffer(max_bytes)
    buffer.add(text)
    return buffer.text()


class BinaryView(io.BufferedIOBase):
    """`sys.stdout.buffer` of a CaptureStream: bytes written to it are read as UTF-8 and captured as text."""

    def __init__(self, text_stream):
        super().__init__()
        self._text = text_stream
        # A character split across two writes is decoded once whole.
        self._decoder = codecs.getincrementaldecoder("utf-8")("replace")

    def writable(self):
        return True

    def isatty(self):
        return False

    def fileno(self):
        return self._text.fileno()

    def write(self, data):
        data = bytes(data)
        self._text.write(self._decoder.decode(data))
        return len(data)

    def flush(self):
        pass


class CaptureStream(io.TextIOBase):
    """Stands in for sys.stdout or sys.stderr: captures into the current call's buffer and copies to fd 2."""

    def __init__(self, fd, name):
        super().__init__()
        self._fd = fd
        self._name = name
        self.buffer_for_call = None
        self._binary = BinaryView(self)

    @property
    def name(self):
        return self._name

    @property
    def buffer(self):
        # Tools that write bytes (`sys.stdout.buffer.write`, as with a real console) expect it.
        return self._binary

    @property
    def encoding(self):
        return "utf-8"

    def writable(self):
        return True

    def isatty(self):
        return False

    def fileno(self):
        # Code that writes to the descriptor directly bypasses the capture, but still cannot reach the protocol
        # channel: fd 1 was pointed at fd 2 at start-up.
        return self._fd

    def write(self, text):
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        if self.buffer_for_call is not None:
            self.buffer_for_call.add(text)
        try:
            os.write(2, text.encode("utf-8", "replace"))
        except OSError:
            pass
        return len(text)

    def flush(self):
        pass


class LogCapture(logging.Handler):
    """A root-logger handler that keeps the current call's records as formatted lines."""

    def __init__(self):
        super().__init__(level=logging.NOTSET)
        self.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
        self.buffer_for_call = None

    def emit(self, record):
        if self.buffer_for_call is None:
            return
        try:
            self.buffer_for_call.add(self.format(record) + "\n")
        except Exception:  # a broken record must not fail the call
            self.handleError(record)


class FdCapture:
    """Catches what reaches file descriptor 1 directly (C extensions, os.write, subprocesses) during a call.

    Between calls fd 1 is a copy of fd 2; during a call it points at an anonymous temporary file, read back at the end.
    """

    def __init__(self):
        import tempfile

        self._file = tempfile.TemporaryFile()
        self._resting = os.dup(1)

    def begin(self):
        fd = self._file.fileno()
        os.ftruncate(fd, 0)
        os.lseek(fd, 0, os.SEEK_SET)
        os.dup2(fd, 1)

    def end(self, max_bytes):
        os.dup2(self._resting, 1)
        fd = self._file.fileno()
        size = os.lseek(fd, 0, os.SEEK_END)
        if size == 0:
            return b"", 0
        os.lseek(fd, 0, os.SEEK_SET)
        data = os.read(fd, min(size, max_bytes))
        return data, size


class CallCapture:
    """Installs the proxies once; begin() and end() bracket one call."""

    def __init__(self):
        self.stdout = CaptureStream(1, "<stdout>")
        self.stderr = CaptureStream(2, "<stderr>")
        self.logs = LogCapture()
        self.fd_stdout = FdCapture()
        self.max_bytes = 0

    def install(self):
        import sys

        sys.stdout = self.stdout
        sys.stderr = self.stderr
        root = logging.getLogger()
        root.addHandler(self.logs)
        # Python's default root level (WARNING) would hide the INFO messages tools log about their work.
        if root.level == logging.WARNING:
            root.setLevel(logging.INFO)

    def begin(self, max_bytes):
        self.max_bytes = max_bytes
        self.stdout.buffer_for_call = LimitedBuffer(max_bytes)
        self.stderr.buffer_for_call = LimitedBuffer(max_bytes)
        self.logs.buffer_for_call = LimitedBuffer(max_bytes)
        self.fd_stdout.begin()

    def end(self):
        """Returns (stdout, stderr, logging) of the call and stops capturing."""
        raw, raw_size = self.fd_stdout.end(self.max_bytes)
        out = self.stdout.buffer_for_call
        if out is not None and raw:
            out.add(raw.decode("utf-8", "replace"))
            out.omitted += raw_size - len(raw)
        err = self.stderr.buffer_for_call
        logs = self.logs.buffer_for_call
        self.stdout.buffer_for_call = None
        self.stderr.buffer_for_call = None
        self.logs.buffer_for_call = None
        return (
            out.text() if out else "",
            err.text() if err else "",
            logs.text() if logs else "",
        )
