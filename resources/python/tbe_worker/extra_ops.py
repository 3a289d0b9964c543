"""
The worker's requests beyond call/describe/info (see node/python/preflightProtocol.ts for their shapes):

  {"id", "op": "preflight", "spec", "agentNetwork"?, "neuroSan"?}  -> {"ok", "findings", "missingPackages", "file", "line"}
  {"id", "op": "locate", "spec", "agentNetwork"?, "neuroSan"?}     -> {"ok", "file", "line"} or {"ok": false, "error"}
  {"id", "op": "can_import", "module"}                             -> {"ok", "importable", "file"}

None of them calls a tool or constructs a class; preflight and locate import the tool's module, as a run would: a
coded tool's class is found as a call finds it (Worker.coded_class, with the request's agentNetwork and neuroSan).
"""
import importlib
import json
import os

from tbe_worker.neurosan_lookup import NeuroSanNotFound
from tbe_worker.preflight import Preflight, class_location, import_problem
from tbe_worker.resolve import ClassNotFound


def _loader(worker, request):
    def load(class_path, coded):
        if coded:
            return worker.coded_class({**request["spec"], "className": class_path}, request)
        return worker.factory.load_class(class_path, coded=False)

    return load


def _captured(worker, work):
    """Runs work() with what the imported code prints kept out of the protocol (and dropped)."""
    worker.capture.begin(64 * 1024)
    try:
        return work()
    finally:
        worker.capture.end()


def preflight(worker, request):
    spec = request["spec"]

    def work():
        check = Preflight(_loader(worker, request))
        if spec.get("kind") == "coded":
            check.check_coded(spec["className"], spec.get("parameters"))
        else:
            text = spec.get("argsJson")
            check.check_langchain(spec["className"], json.loads(text) if isinstance(text, str) else {})
        file, line = check.location
        return {"ok": True, "findings": check.findings, "missingPackages": check.missing_packages, "file": file, "line": line}

    return _captured(worker, work)


def locate(worker, request):
    spec = request["spec"]

    def work():
        coded = spec.get("kind") == "coded"
        try:
            cls = _loader(worker, request)(spec["className"], coded)
        except (ClassNotFound, ValueError, NeuroSanNotFound) as error:
            return {"ok": False, "error": import_problem(error, spec["className"])[0], "errorKind": "load"}
        file, line = class_location(cls)
        if file is None:
            return {"ok": False, "error": f"{spec['className']} has no Python source to show (built-in or compiled).", "errorKind": "load"}
        return {"ok": True, "file": os.path.abspath(file), "line": line}

    return _captured(worker, work)


def can_import(worker, request):
    def work():
        try:
            module = importlib.import_module(request["module"])
            file = getattr(module, "__file__", None)
            return {"ok": True, "importable": True, "file": os.path.abspath(file) if file else None}
        except Exception:  # noqa: BLE001 - any failure means "not importable here"
            return {"ok": True, "importable": False, "file": None}

    return _captured(worker, work)


OPS = {"preflight": preflight, "locate": locate, "can_import": can_import}
