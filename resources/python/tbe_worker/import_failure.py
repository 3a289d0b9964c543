"""
Why a tool's module did not import, when the reason is a module it imports that this Python cannot find: the one
classification every request that loads a class gives (a call, a class load for a listing, a preflight), so the app's
run result, `call`, `test` and its JUnit report, the MCP server and `check` all lead with the same line.

neuro-san's own wording of a class it cannot find ("Could not find class …", "Class … not found in PYTHONPATH") asks
about AGENT_TOOL_PATH typos; when the module is there and a package it imports is not installed, that line is what the
author needs first, with the file whose import failed.
"""
import importlib.util
import os
import sys


def _package_installed(name):
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


def _shown(path):
    """A path as the user knows it: relative to the working directory (the project's) when it is under it."""
    rel = os.path.relpath(path, os.getcwd())
    return path if rel.startswith(os.pardir) or os.path.isabs(rel) else rel


def _importing_frame(error):
    """(file, line) of the import statement that failed: the last frame of the traceback in a real file."""
    found = None
    tb = error.__traceback__
    while tb is not None:
        file = tb.tb_frame.f_code.co_filename
        if os.path.isfile(file) and not file.startswith(os.path.dirname(importlib.__file__)):
            found = (file, tb.tb_lineno)
        tb = tb.tb_next
    return found


def import_failure(error, module_name):
    """The classification of `error`, raised importing `module_name`, or None when it is not a module it imports that is
    missing (the module itself absent, a syntax error, an error of its own code)."""
    if not isinstance(error, ModuleNotFoundError) or not error.name:
        return None
    missing = error.name
    if module_name == missing or module_name.startswith(missing + "."):
        return None  # the module looked for is not there: no import of its failed
    top = missing.split(".")[0]
    frame = _importing_frame(error)
    return {
        "module": module_name,
        "missing": missing,
        "package": top,
        "installed": _package_installed(top),
        "file": _shown(frame[0]) if frame else None,
        "line": frame[1] if frame else None,
    }


def headline(failure, class_path):
    """The line every surface shows first: the class, the file whose import failed, and what is missing where."""
    where = f"{failure['file']}, line {failure['line']}," if failure["file"] else f"its module {failure['module']}"
    if failure["installed"]:
        what = f"'{failure['missing']}', which the installed package '{failure['package']}' does not have"
    else:
        what = f"'{failure['missing']}', which is not installed for {sys.executable}"
    return f"Class {class_path} cannot be loaded: {where} imports {what}."
