"""
The worker's request loop: one request at a time, each answered with one frame carrying the same id.

Requests (see node/python/workerProtocol.ts for the exact shapes):
  {"id", "op": "call", "spec", "run", "agentNetwork"?, "neuroSan"?, "maxOutputBytes"}
     neuroSan: {"version", "lookups"}, the project's neuro-san: a coded tool's class is found only as it finds it
     (neurosan_lookup.py); every request that opens a coded class takes it (Worker.coded_class)
     run: the run request as the editor's pane, a saved case or the CLI made it (shared/run/runRequest.ts):
     {"target": {"kind": "toolbox", "tool", "toolkitTool"?}, "argsJson", "slyData"?, "timeoutSeconds"?, ...}
  {"id", "op": "describe", "spec", "agentNetwork"?, "neuroSan"?}
  {"id", "op": "info"}
  {"id", "op": "preflight", ...}: see extra_ops.py
  {"id", "op": "neurosan", "file", "cwd"}   (neurosan_check.py: the file loaded by the installed neuro-san)
A spec's constructor args come as JSON text ("argsJson"): JSON written by the editor to keep big integers exact and
1.0 a float, which json.loads turns into the int and float pyhocon would give neuro-san. A call's arguments come as
JSON text too (run.argsJson), as the user wrote them: neuro-san's tools get the LLM's arguments from json.loads, so 1.0
is a float and 12345678901234567890 an exact int.
"""
import asyncio
import faulthandler
import json
import os
import sys
import time
import traceback

from tbe_worker.build import ToolCreationError, ToolFactory
from tbe_worker.capture import CallCapture
from tbe_worker.children import contain_call_children, end_call_children
from tbe_worker.describe import describe_coded, describe_langchain
from tbe_worker.extra_ops import OPS as EXTRA_OPS
from tbe_worker.framing import read_frame, write_frame
from tbe_worker import neurosan_check
from tbe_worker.invoke import call_coded, call_langchain, tool_name, toolkit_tools, with_neuro_san_extras
from tbe_worker.neurosan_lookup import NeuroSanNotFound
from tbe_worker.resolve import ClassNotFound
from tbe_worker.results import error_message, jsonable, render_content, tool_traceback

DEFAULT_MAX_OUTPUT_BYTES = 1024 * 1024


class ToolLookupError(Exception):
    """The request names something the spec does not hold (e.g. an unknown tool of a toolkit)."""


class ToolInputError(Exception):
    """Python's json cannot read the call's input (the editor checked it is JSON; Python has limits of its own)."""


def _installed_neuro_san():
    """The installed neuro-san's version from its distribution's metadata (no neuro-san code is imported), or None."""
    try:
        from importlib.metadata import PackageNotFoundError, version

        try:
            return version("neuro-san")
        except PackageNotFoundError:
            return None
    except Exception:  # noqa: BLE001 - a broken metadata entry says nothing about the version
        return None


class Worker:
    def __init__(self):
        self.capture = CallCapture()
        self.factory = ToolFactory()
        self.loop = asyncio.new_event_loop()
        asyncio.set_event_loop(self.loop)

    def handle(self, request):
        op = request.get("op")
        if op == "call":
            return self.call(request)
        if op == "describe":
            return self.describe(request)
        if op == "info":
            return self.info()
        if op in EXTRA_OPS:
            return EXTRA_OPS[op](self, request)
        if op == "neurosan":
            return self.neurosan(request)
        return {"ok": False, "error": f"unknown op {op!r}", "errorKind": "protocol"}

    def info(self):
        return {
            "ok": True,
            "python": sys.version,
            "executable": sys.executable,
            "pid": os.getpid(),
            "cwd": os.getcwd(),
            "sysPath": list(sys.path),
            "agentToolPath": os.environ.get("AGENT_TOOL_PATH"),
            "neuroSanVersion": _installed_neuro_san(),
        }

    def neurosan(self, request):
        self.capture.begin(DEFAULT_MAX_OUTPUT_BYTES)
        try:
            reply = {"ok": True, "check": neurosan_check.check(request["file"], request["cwd"])}
        finally:
            stdout, stderr, logs = self.capture.end()
        reply.update(stdout=stdout, stderr=stderr, logging=logs)
        return reply

    def coded_class(self, spec, request):
        """A coded tool's class, found as a call finds it: every request that opens one (call, describe,
        preflight) comes here, so each finds the class the project's neuro-san version would (`neuroSan`), or none."""
        neuro_san = request.get("neuroSan")
        return self.factory.load_class(
            spec["className"],
            coded=True,
            agent_tool_path=os.environ.get("AGENT_TOOL_PATH"),
            network_path=request.get("agentNetwork"),
            neuro_san={**neuro_san, "agentName": spec["name"]} if neuro_san else None,
        )

    async def _run(self, request, sly_data):
        spec = request["spec"]
        tool_input = _call_input(request)
        if spec.get("kind") == "coded":
            try:
                cls = self.coded_class(spec, request)
            except NeuroSanNotFound as error:
                # neuro-san's own ValueError, raised when the tool is called: no "Failed to create" around it.
                raise ToolCreationError(str(error)) from None
            except (ClassNotFound, ValueError) as error:
                raise ToolCreationError(f"Failed to create Agent/tool '{spec['name']}': {error}") from error
            args = with_neuro_san_extras(tool_input if isinstance(tool_input, dict) else {}, spec["name"])
            return await call_coded(self.loop, cls, args, sly_data)
        try:
            instance = self.factory.langchain_instance(spec["name"], spec["className"], _constructor_args(spec))
        except ClassNotFound as error:
            # The class is not there: the tool could not be made (never the tool's own error).
            raise ToolCreationError(f"Failed to create Agent/tool '{spec['name']}': {error}") from error
        tools = toolkit_tools(instance)
        wanted = _run(request).get("target", {}).get("toolkitTool")
        if tools is None:
            if wanted is not None:
                raise ToolLookupError(f"'{spec['name']}' is not a toolkit: it has no tool '{wanted}'")
            return await call_langchain(self.loop, instance, tool_input)
        for tool in tools:
            if tool_name(tool) == wanted:
                return await call_langchain(self.loop, tool, tool_input)
        names = ", ".join(f"{spec['name']}_{tool_name(t)}" for t in tools)
        if wanted is None:
            raise ToolLookupError(f"'{spec['name']}' is a toolkit; call one of its tools: {names}")
        raise ToolLookupError(f"toolkit '{spec['name']}' has no tool '{wanted}' (it has: {names})")

    def call(self, request):
        max_bytes = int(request.get("maxOutputBytes") or DEFAULT_MAX_OUTPUT_BYTES)
        sly_data = _run(request).get("slyData")
        if not isinstance(sly_data, dict):
            sly_data = {}
        reply = {"ok": True, "isError": False}
        started = time.perf_counter()
        self.capture.begin(max_bytes)
        try:
            value = self.loop.run_until_complete(self._run(request, sly_data))
            reply["content"], reply["contentType"] = render_content(value, max_bytes)
        except ToolInputError as error:
            reply.update(isError=True, content=str(error), contentType="text", errorKind="validation")
        except (ToolCreationError, ToolLookupError) as error:
            # The message already holds what matters (neuro-san's wording, the import traceback if any).
            reply.update(isError=True, content=str(error), contentType="text", errorKind="load")
            cause_trace = _cause_traceback(error)
            if cause_trace:
                reply["traceback"] = cause_trace
        except BaseException as error:  # noqa: BLE001 - SystemExit from a tool must not end the worker
            if isinstance(error, KeyboardInterrupt):
                raise
            reply.update(isError=True, content=error_message(error), contentType="text", errorKind="tool")
            reply["traceback"] = tool_traceback(error)
        finally:
            end_call_children()
            stdout, stderr, logs = self.capture.end()
        reply["pythonMs"] = (time.perf_counter() - started) * 1000.0
        reply.update(stdout=stdout, stderr=stderr, logging=logs, slyData=jsonable(sly_data, max_bytes))
        return reply

    def describe(self, request):
        spec = request["spec"]
        self.capture.begin(DEFAULT_MAX_OUTPUT_BYTES)
        try:
            if spec.get("kind") == "coded":
                description = describe_coded(self.coded_class(spec, request))
            else:
                instance = self.factory.langchain_instance(spec["name"], spec["className"], _constructor_args(spec))
                description = describe_langchain(spec["name"], instance)
            reply = {"ok": True, "description": description}
        except NeuroSanNotFound as error:
            # What a call of the tool says (neuro-san's words, what would make it find the class), nothing around it.
            reply = {"ok": False, "error": str(error), "errorKind": "load"}
        except BaseException as error:  # noqa: BLE001
            if isinstance(error, KeyboardInterrupt):
                raise
            if isinstance(error, (ClassNotFound, ToolCreationError)):
                reply = {"ok": False, "error": str(error), "errorKind": "load"}
                cause_trace = _cause_traceback(error)
                if cause_trace:
                    reply["traceback"] = cause_trace
            else:
                reply = {"ok": False, "error": error_message(error), "errorKind": "load"}
                reply["traceback"] = traceback.format_exc()
        finally:
            end_call_children()
            stdout, stderr, logs = self.capture.end()
        reply.update(stdout=stdout, stderr=stderr, logging=logs)
        return reply


def _constructor_args(spec):
    text = spec.get("argsJson")
    return json.loads(text) if isinstance(text, str) else {}


def _run(request):
    run = request.get("run")
    return run if isinstance(run, dict) else {}


def _call_input(request):
    try:
        return json.loads(_run(request)["argsJson"])
    except (ValueError, RecursionError) as error:  # e.g. an int of more than sys.get_int_max_str_digits() digits
        raise ToolInputError(f"Python's json cannot read the arguments: {error}") from None


def _cause_traceback(error):
    """The traceback of what made a tool fail to load, unless the message already says it all."""
    cause = error.__cause__
    while isinstance(cause, ToolCreationError) and cause.__cause__ is not None:
        cause = cause.__cause__
    if cause is None or isinstance(cause, (ClassNotFound, ToolCreationError)):
        return None
    return "".join(traceback.format_exception(cause))


def serve(proto_in, proto_out):
    contain_call_children()
    worker = Worker()
    worker.capture.install()
    # A segfault in a tool's native code prints the Python stack to the real stderr, which the editor reports.
    faulthandler.enable(file=sys.__stderr__)
    while True:
        request = read_frame(proto_in)
        if request is None:
            return
        try:
            reply = worker.handle(request)
        except Exception as error:  # noqa: BLE001 - a malformed request gets an answer, not a dead worker
            reply = {"ok": False, "error": error_message(error), "errorKind": "protocol"}
        reply["id"] = request.get("id")
        write_frame(proto_out, reply)
