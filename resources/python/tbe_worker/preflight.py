"""
Preflight of one toolbox entry, without calling the tool: does its class import (as a run would find it), does a
LangChain class (and each nested {class, args}) accept the entry's args, which environment variables it reads by
default and whether they are set, does a coded class have invoke/async_invoke, and which args keys its code reads.

Importing a module runs its top-level code: the editor asks for this only as an explicit action, with a time limit.
Nothing here constructs a class or calls a method.
"""
import importlib.util
import inspect
import os

from tbe_worker.code_reads import NEURO_SAN_EXTRAS, code_reads
from tbe_worker.constructor_check import check_construction, finding, label
from tbe_worker.import_failure import headline
from tbe_worker.neurosan_lookup import NeuroSanNotFound
from tbe_worker.resolve import ClassNotFound, split_class_path


def is_coded_tool_base(klass):
    """neuro-san's CodedTool (or a stand-in of that name): its invoke and async_invoke only raise NotImplementedError."""
    return klass.__name__ == "CodedTool"


def class_location(cls):
    """(file, line) of the class's source, or (None, None) when it has none (built-in, compiled)."""
    try:
        file = inspect.getsourcefile(cls)
        _, line = inspect.getsourcelines(cls)
        return file, line
    except (OSError, TypeError):
        return None, None


def _top_package_missing(module_name):
    top = module_name.split(".")[0]
    try:
        return top if importlib.util.find_spec(top) is None else None
    except (ImportError, ValueError):
        return None


def import_problem(error, class_path):
    """(message, missing package or None) for a class that could not be loaded."""
    failure = getattr(error, "failure", None)
    if failure:
        # A module the tool's module imports is missing: the line a run of the tool leads with too.
        return headline(failure, class_path), None if failure["installed"] else failure["package"]
    if isinstance(error, NeuroSanNotFound):
        if isinstance(error.__cause__, (ClassNotFound, ValueError)):
            # The editor's own lookup did not find it either: what that lookup learnt says more (a missing package).
            return import_problem(error.__cause__, class_path)
        # Importable, but not where the project's neuro-san looks: the line saying what would make it found.
        return str(error).split("\n", 1)[0], None
    if isinstance(error, ValueError):
        return str(error), None
    module_name, class_name = split_class_path(class_path)
    cause = error.__cause__
    if cause is not None:
        where = _last_frame(cause)
        return f"Class {class_path} cannot be imported: {type(cause).__name__}: {cause}{where}", None
    missing = _top_package_missing(module_name)
    if missing:
        return f"Class {class_path} not found: the package '{missing}' is not installed.", missing
    details = str(error).split("\n\n", 1)
    tried = details[0].split("\n", 1)[1].replace("Tried modules: ", "") if "\n" in details[0] else ""
    reason = details[1].rstrip(".") if len(details) > 1 else "not found"
    return f"Class {class_path} not found in PYTHONPATH: {reason} (tried modules: {tried}).", None


def _last_frame(error):
    tb = error.__traceback__
    last = None
    while tb is not None:
        last = tb
        tb = tb.tb_next
    if last is None:
        return ""
    return f" ({last.tb_frame.f_code.co_filename}, line {last.tb_lineno})"


class Preflight:
    """The checks of one entry; `load_class(class_path, coded)` finds classes as a run would."""

    def __init__(self, load_class):
        self.load_class = load_class
        self.findings = []
        self.missing_packages = []
        # A coded tool's top-level module found nowhere: perhaps the user's own, not written yet or off the path.
        self.modules_not_found = []
        self.location = (None, None)

    def load(self, class_path, coded, at):
        try:
            return self.load_class(class_path, coded)
        except (ClassNotFound, ValueError, NeuroSanNotFound) as error:
            message, missing = import_problem(error, class_path)
            if coded and missing is not None and message.endswith(f"the package '{missing}' is not installed."):
                # A coded tool's module may be the user's own, not written yet rather than not installed: not a
                # package to install, so not in the summary's missing packages either.
                message = message[: -len(" is not installed.")] + " is neither installed nor on the path."
                if missing not in self.modules_not_found:
                    self.modules_not_found.append(missing)
                missing = None
            if missing and missing not in self.missing_packages:
                self.missing_packages.append(missing)
            if coded and "None of those modules exists" in message:
                message += " If it is yours and not written yet, Create Python class (toolbox-editor scaffold) writes it from this entry."
            self.findings.append(finding("error", "class-import", message, at + ["class"]))
            return None

    def check_langchain(self, class_path, args, at=()):
        at = list(at)
        cls = self.load(class_path, False, at)
        if cls is None:
            return None
        if not at:
            self.location = class_location(cls)
        check_construction(cls, args if isinstance(args, dict) else {}, at, self.findings, self._check_nested)
        return cls

    def _check_nested(self, value, at):
        return self.check_langchain(value["class"], value.get("args") or {}, at)

    def check_coded(self, class_path, parameters):
        cls = self.load(class_path, True, [])
        if cls is None:
            return None
        self.location = class_location(cls)
        name = cls.__qualname__
        defined = [m for m in ("async_invoke", "invoke") if _defined_outside_base(cls, m)]
        if not defined:
            self.findings.append(
                finding(
                    "error",
                    "coded-no-invoke",
                    f"{label(cls)} defines neither invoke nor async_invoke: neuro-san would call CodedTool's, which raise NotImplementedError.",
                    ["class"],
                )
            )
        required = _required_init_params(cls)
        if required:
            self.findings.append(
                finding(
                    "error",
                    "coded-constructor-args",
                    f"neuro-san constructs coded tools with no arguments, but {name}() requires {', '.join(required)}.",
                    ["class"],
                )
            )
        if defined:
            self._check_reads(cls, parameters)
        return cls

    def _check_reads(self, cls, parameters):
        reads = code_reads(cls, is_coded_tool_base)
        if reads is None:
            return
        properties = (parameters or {}).get("properties") if isinstance(parameters, dict) else None
        declared = list(properties) if isinstance(properties, dict) else []
        methods = " and ".join(reads.methods)
        for key, (method, file, line) in reads.reads.items():
            if key in declared or key in NEURO_SAN_EXTRAS:
                continue
            self.findings.append(
                finding(
                    "warning",
                    "code-reads-undeclared",
                    f"{method} reads args['{key}'] ({os.path.basename(file or '?')}, line {line}), which parameters does not declare "
                    "(best effort: read from the source, not run).",
                    ["parameters", "properties"] if declared else ["parameters"],
                )
            )
        if reads.whole:
            return
        for key in declared:
            if key not in reads.reads:
                self.findings.append(
                    finding(
                        "warning",
                        "code-ignores-declared",
                        f"parameters declares '{key}', which {methods} never read (best effort: read from the source, not run).",
                        ["parameters", "properties", key],
                    )
                )


def _defined_outside_base(cls, method):
    for klass in inspect.getmro(cls):
        if klass is object or is_coded_tool_base(klass):
            continue
        if method in vars(klass):
            return True
    return False


def _required_init_params(cls):
    init = None
    for klass in inspect.getmro(cls):
        if "__init__" in vars(klass):
            init = vars(klass)["__init__"]
            break
    if init is None or init is object.__init__:
        return []
    try:
        signature = inspect.signature(init)
    except (TypeError, ValueError):
        return []
    params = list(signature.parameters.values())[1:]
    return [
        p.name
        for p in params
        if p.default is inspect.Parameter.empty
        and p.kind in (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
    ]
