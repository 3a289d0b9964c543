"""
The worker's request beyond call/describe/info (see node/python/preflightProtocol.ts for its shape):

  {"id", "op": "preflight", "spec", "agentNetwork"?, "neuroSan"?}  -> {"ok", "findings", "missingPackages", "modulesNotFound", "file", "line"}

It calls no tool and constructs no class, but imports the tool's module, as a run would (it is one: "Check all tools",
`check`): a coded tool's class is found as a call finds it (Worker.coded_class, with the request's agentNetwork and
neuroSan). Where a class's source is and whether a module exists are read from files in Node (node/python/classSource.ts).
"""
import json

from tbe_worker.preflight import Preflight


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
        return {"ok": True, "findings": check.findings, "missingPackages": check.missing_packages, "modulesNotFound": check.modules_not_found, "file": file, "line": line}

    return _captured(worker, work)


OPS = {"preflight": preflight}
