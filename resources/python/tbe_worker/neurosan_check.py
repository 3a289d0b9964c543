"""
Loads a toolbox file with the installed neuro-san's own code, as an agent would: its ToolboxInfoRestorer reads the
file, its ToolboxFactory lays it over neuro-san's default toolbox, and each tool is built as an agent builds it
(create_tool_from_toolbox; a coded tool's description and parameters offered as an LLM function). The editor compares
what neuro-san read with its own reading: any difference is the editor's bug.

Request: {"op": "neurosan", "file", "cwd"}. Reply: {"installed": false, "reason"} when there is no neuro_san;
{"installed": true, "version", "importError": {"type", "message"}, "tools": []} when it is there but it, or the
modules that load a toolbox, fail to import (a missing dependency, a Python too old): the environment's problem, not
the file's; else {"installed": true, "version", "user" | "loadError", "tools": [{"name", "errors": [...]}]}.
"""
import importlib
import json
import os

RESTORER = "neuro_san.internals.run_context.langchain.toolbox.toolbox_info_restorer"
FACTORY = "neuro_san.internals.run_context.langchain.toolbox.toolbox_factory"
FUNCTION_TOOL = "neuro_san.internals.run_context.langchain.core.langchain_openai_function_tool"


def check(file, cwd):
    try:
        neuro_san = importlib.import_module("neuro_san")
    except ModuleNotFoundError as error:
        if error.name == "neuro_san":
            return {"installed": False, "reason": f"{type(error).__name__}: {error}"}
        return _import_failed(None, error)
    except Exception as error:  # noqa: BLE001 - a dependency or this Python: neuro-san is there but unusable
        return _import_failed(None, error)
    try:
        restorer_class = getattr(importlib.import_module(RESTORER), "ToolboxInfoRestorer")
        factory_class = getattr(importlib.import_module(FACTORY), "ToolboxFactory")
    except Exception as error:  # noqa: BLE001
        return _import_failed(neuro_san, error)
    reply = {"installed": True, "version": _version(neuro_san), "tools": []}
    previous = os.getcwd()
    try:
        # neuro-san looks up a top-level include in the directory it runs in.
        os.chdir(cwd)
        try:
            restorer = restorer_class()
            factory = factory_class({"toolbox_info_file": file})
            # What neuro-san holds for the user's file alone (after its JSON round trip), for the comparison.
            reply["user"] = _plain(restorer.restore(file_reference=file))
            factory.load()
        except Exception as error:  # noqa: BLE001 - whatever neuro-san raises is what it would report
            reply["loadError"] = _error(error)
            reply.pop("user", None)
            return reply
        function_tool = _function_tool()
        for name in list(factory.toolbox_infos.keys()):
            reply["tools"].append({"name": name, "errors": _tool_errors(factory, function_tool, name)})
        return reply
    finally:
        os.chdir(previous)


def _tool_errors(factory, function_tool, name):
    errors = []
    try:
        built = factory.create_tool_from_toolbox(name)
    except Exception as error:  # noqa: BLE001
        return [dict(_error(error), stage="create_tool_from_toolbox")]
    if isinstance(built, dict) and "description" in built and function_tool is not None:
        spec = {"name": name, "description": built.get("description")}
        if "parameters" in built:
            spec["parameters"] = built.get("parameters")
        try:
            function_tool.from_function_json(spec, None)
        except Exception as error:  # noqa: BLE001
            errors.append(dict(_error(error), stage="function_spec"))
    return errors


def _function_tool():
    try:
        return getattr(importlib.import_module(FUNCTION_TOOL), "LangChainOpenAIFunctionTool")
    except Exception:  # noqa: BLE001 - an older or newer neuro-san: the function checks are skipped
        return None


def _import_failed(module, error):
    """neuro-san is installed (or half installed) but cannot be used from this interpreter."""
    return {"installed": True, "version": _version(module), "importError": _error(error), "tools": []}


def _version(module):
    own = getattr(module, "__version__", None) if module is not None else None
    if own:
        return str(own)
    try:
        from importlib.metadata import version

        return version("neuro-san")
    except Exception:  # noqa: BLE001 - not installed as a distribution (a source tree)
        return "unknown"


def _error(error):
    message = str(error).strip()
    cause = error.__cause__ or error.__context__
    return {
        "type": type(error).__name__,
        "message": message,
        "cause": (str(cause).strip().split("\n")[0] if cause is not None else message.split("\n")[0]),
    }


def _plain(value):
    """The value as JSON holds it (neuro-san's restorer round-trips it already; a fake may not)."""
    return json.loads(json.dumps(value))
