"""How a tool's return value and sly_data travel back to the editor."""
import asyncio
import concurrent.futures
import json
import os
import traceback

from tbe_worker.capture import cut_text

# Frames from these folders are the worker's machinery, not the tool: left out of the tracebacks shown to authors.
_INTERNAL_DIRS = tuple(
    os.path.dirname(os.path.abspath(path)) + os.sep
    for path in (__file__, asyncio.__file__, concurrent.futures.__file__)
)


def render_content(value, max_bytes):
    """Returns (content, content_type).

    A string is passed through as is (what the LLM would read); another JSON-serializable value becomes JSON text;
    anything else becomes its repr.
    """
    if isinstance(value, str):
        return cut_text(value, max_bytes), "text"
    try:
        text = json.dumps(value, ensure_ascii=False, allow_nan=False)
        content_type = "json"
    except (TypeError, ValueError, RecursionError):
        text = _safe_repr(value)
        content_type = "repr"
    return cut_text(text, max_bytes), content_type


def jsonable(value, max_bytes=None):
    """sly_data as plain JSON: values that are not serializable are replaced by their repr.

    With max_bytes, the biggest top-level values are replaced by a note saying how big they were until the whole
    fits: a tool that leaves megabytes in sly_data must not flood the editor (as stdout and content are cut too).
    """
    try:
        plain = json.loads(json.dumps(value, default=_safe_repr, allow_nan=False))
    except (TypeError, ValueError, RecursionError):
        plain = {"__repr__": _safe_repr(value)}
    if max_bytes is None or not isinstance(plain, dict):
        return plain
    sizes = {key: len(json.dumps(item, ensure_ascii=False).encode("utf-8")) for key, item in plain.items()}
    total = sum(sizes.values())
    for key in sorted(sizes, key=sizes.get, reverse=True):
        if total <= max_bytes:
            break
        note = f"<{sizes[key]} bytes of JSON, not shown: sly_data is cut at {max_bytes} bytes>"
        plain[key] = note
        total -= sizes[key] - len(note)
    return plain


def _safe_repr(value):
    try:
        return repr(value)
    except Exception as error:  # noqa: BLE001 - a broken __repr__ must not break the reply
        return f"<unrepresentable {type(value).__name__}: {error}>"


def error_message(error):
    """One line naming the exception, e.g. 'ValueError: bad input'."""
    text = str(error)
    name = type(error).__name__
    return f"{name}: {text}" if text else name


def tool_traceback(error):
    """The traceback of an exception a tool raised, without the worker's and asyncio's own frames."""
    summary = traceback.TracebackException.from_exception(error)
    frames = [frame for frame in summary.stack if not os.path.abspath(frame.filename).startswith(_INTERNAL_DIRS)]
    summary.stack = traceback.StackSummary.from_list(frames)
    return "".join(summary.format())
