"""
Finding a tool's class: LangChain classes as neuro-san does; coded tools leniently.

A request that names the project's neuro-san version (a call, describe, preflight or locate: Worker.coded_class) finds
a coded tool's class only as that version does (neurosan_lookup.py) and uses this lookup to say where the editor found
it. A request without a version finds a coded tool's class leniently, as the newest neuro-san would without
AGENT_TOOL_PATH_ONLY:

Coded tools (`module.Class`): first a direct import of the fully-qualified module; then
`<AGENT_TOOL_PATH>.<network path>.<module>`, dropping one network package at a time up to the AGENT_TOOL_PATH root.
AGENT_TOOL_PATH may be a module path (`neuro_san.coded_tools`, the default) or a filesystem path, which is turned
into a module path relative to the longest matching sys.path entry.

LangChain tools (`package.module.Class`): a direct import only.
"""
import importlib
import os
import sys
import traceback

from tbe_worker.import_failure import headline, import_failure

DEFAULT_AGENT_TOOL_PATH = "neuro_san/coded_tools"


class ClassNotFound(Exception):
    """Carries neuro-san's wording plus what was tried and the most telling traceback; when a module it imports is
    missing (import_failure.py), that line first, where every surface shows it."""

    def __init__(self, class_path, tried, details, failure=None):
        message = f"{headline(failure, class_path)}\n\n" if failure else ""
        message += f"Class {class_path} not found in PYTHONPATH"
        if tried:
            message += "\nTried modules: " + ", ".join(tried)
        if details:
            message += "\n\n" + details
        super().__init__(message)
        self.class_path = class_path
        self.failure = failure


def agent_tool_module_path(agent_tool_path, search_path=None):
    """AGENT_TOOL_PATH as a dotted module path."""
    value = (agent_tool_path or DEFAULT_AGENT_TOOL_PATH).strip()
    if "/" not in value and os.sep not in value:
        return value.strip(".")
    candidate = os.path.abspath(value)
    best = None
    for entry in search_path if search_path is not None else sys.path:
        root = os.path.abspath(entry or os.curdir)
        if candidate == root or candidate.startswith(root.rstrip(os.sep) + os.sep):
            if best is None or len(root) > len(best):
                best = root
    relative = os.path.relpath(candidate, best) if best else value
    parts = [p for p in relative.replace(os.sep, "/").split("/") if p and p != "."]
    return ".".join(parts)


def coded_module_candidates(module_name, agent_tool_path, network_path):
    """The modules to try for a coded tool, in neuro-san's order."""
    candidates = [module_name]
    root = agent_tool_module_path(agent_tool_path)
    network = [p for p in (network_path or "").replace("\\", "/").split("/") if p]
    for depth in range(len(network), -1, -1):
        prefix = ".".join([p for p in [root] + network[:depth] if p])
        candidate = f"{prefix}.{module_name}" if prefix else module_name
        if candidate not in candidates:
            candidates.append(candidate)
    return candidates


def _is_missing(error, module_name):
    """True when the import failed because `module_name` (or a package above it) does not exist."""
    if not isinstance(error, ModuleNotFoundError) or error.name is None:
        return False
    return module_name == error.name or module_name.startswith(error.name + ".")


def find_class(class_path, candidates):
    """Imports the first candidate module that exists and returns (class, module).

    A module that exists but fails to import (syntax error, a missing dependency of its own) stops the search: that
    traceback is what the author needs to see.
    """
    _, _, class_name = class_path.rpartition(".")
    tried = []
    without_class = []
    for module_name in candidates:
        tried.append(module_name)
        imported_before = module_name in sys.modules
        try:
            module = importlib.import_module(module_name)
            cls = getattr(module, class_name, None)
            if cls is None and imported_before:
                # Imported for another class before this one was written: the file may have gained it since.
                importlib.invalidate_caches()
                module = importlib.reload(module)
                cls = getattr(module, class_name, None)
        except Exception as error:  # noqa: BLE001 - any import failure is reported, never raised
            if _is_missing(error, module_name):
                continue
            raise ClassNotFound(class_path, tried, traceback.format_exc(), import_failure(error, module_name)) from error
        if cls is not None:
            return cls, module
        without_class.append(module_name)
    if without_class:
        details = f"Module {', '.join(without_class)} has no attribute '{class_name}'."
    else:
        details = "None of those modules exists (check PYTHONPATH and AGENT_TOOL_PATH)."
    raise ClassNotFound(class_path, tried, details)


def split_class_path(class_path):
    module_name, dot, class_name = (class_path or "").rpartition(".")
    if not dot or not module_name or not class_name:
        raise ValueError(f"Value in 'class' must be of the form '<module_name>.<ClassName>', got {class_path!r}")
    return module_name, class_name
