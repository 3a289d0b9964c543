"""
Judging a LangChain entry's constructor `args` against its class without constructing it: the names and types the
constructor (or neuro-san's preferred `from…api_wrapper` classmethod) accepts, from `inspect.signature` and pydantic's
fields (v1 `__fields__` or v2 `model_fields`), and the environment variables its fields read by default.

Each finding is a dict {severity, rule, message, at}; `at` is the path of keys inside the toolbox entry the finding
belongs to (e.g. ["args", "api_wrapper", "args", "k"]), which the editor turns into a position. What cannot be decided
without running the class is a warning, never an error.
"""
import collections.abc
import inspect
import os
import re
import types
import typing

from tbe_worker.build import _accepted_names, _api_wrapper_factory
from tbe_worker.env_reads import env_reads

_CREDENTIAL = re.compile(r"(KEY|TOKEN|SECRET|PASSWORD)$")
_BOOL_WORDS = {"0", "off", "f", "false", "n", "no", "1", "on", "t", "true", "y", "yes"}
_INT_TEXT = re.compile(r"^\s*[+-]?\d+\s*$")
_FLOAT_TEXT = re.compile(r"^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$|^\s*[+-]?(inf|infinity|nan)\s*$", re.I)


def finding(severity, rule, message, at):
    return {"severity": severity, "rule": rule, "message": message, "at": list(at)}


class Param:
    """One argument the constructor takes: by name and aliases, whether required, its annotation."""

    def __init__(self, name, required, annotation, aliases=(), pydantic=False, default=None):
        self.name = name
        self.required = required
        self.annotation = annotation
        self.names = {name, *aliases}
        self.pydantic = pydantic
        self.default = default


def model_fields(cls):
    """pydantic's fields of cls (v2 model_fields, else v1 __fields__), {} for a plain class."""
    fields = getattr(cls, "model_fields", None)
    if isinstance(fields, dict):
        return fields
    # v1 only: in v2 __fields__ is a deprecated alias of model_fields, read above.
    fields = inspect.getattr_static(cls, "__fields__", None)
    return fields if isinstance(fields, dict) else {}


def _field_required(field):
    is_required = getattr(field, "is_required", None)
    if callable(is_required):
        return bool(is_required())
    return getattr(field, "required", False) is True


def _field_aliases(field):
    aliases = []
    for attribute in ("alias", "validation_alias"):
        value = getattr(field, attribute, None)
        if isinstance(value, str):
            aliases.append(value)
        for choice in getattr(value, "choices", None) or ():
            if isinstance(choice, str):
                aliases.append(choice)
    return aliases


def _field_annotation(field):
    annotation = getattr(field, "annotation", None)
    if annotation is None:
        annotation = getattr(field, "outer_type_", None)
    return annotation


def parameters(cls, target):
    """{name: Param} the call accepts, and whether it also takes anything (**kwargs without fields to name them)."""
    params = {}
    fields = model_fields(cls)
    for name, field in fields.items():
        params[name] = Param(name, _field_required(field), _field_annotation(field), _field_aliases(field), pydantic=True)
    takes_any = False
    try:
        signature = inspect.signature(target)
    except (TypeError, ValueError):
        signature = None
    if signature is not None:
        for parameter in signature.parameters.values():
            if parameter.kind is inspect.Parameter.VAR_KEYWORD:
                takes_any = not fields
            elif parameter.kind in (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY):
                known = next((p for p in params.values() if parameter.name in p.names), None)
                if known is not None:
                    continue
                required = parameter.default is inspect.Parameter.empty
                annotation = parameter.annotation
                params[parameter.name] = Param(parameter.name, required, annotation, default=parameter.default)
    return params, takes_any or signature is None


def _has_before_validator(cls):
    """A validator that runs before the fields are checked may fill a missing one (LangChain reads keys there)."""
    decorators = getattr(cls, "__pydantic_decorators__", None)
    for validator in getattr(decorators, "model_validators", {}).values() if decorators is not None else ():
        if getattr(getattr(validator, "info", None), "mode", None) in ("before", "wrap"):
            return True
    return bool(getattr(cls, "__pre_root_validators__", None))


def label(cls):
    return f"{cls.__module__}.{cls.__qualname__}"


def check_construction(cls, args, at, findings, check_nested):
    """Adds the findings about constructing cls with args; `check_nested(value, at)` checks a nested {class, args}
    and returns its class (or None)."""
    factory = _api_wrapper_factory(cls)
    target = factory if factory is not None else cls
    params, takes_any = parameters(cls, target)
    by_name = {}
    for param in params.values():
        for name in param.names:
            by_name.setdefault(name, param)
    accepted = _accepted_names(cls, target)
    shown = getattr(target, "__qualname__", cls.__name__)
    for key, value in args.items():
        nested_cls = check_nested(value, at + ["args", key]) if _is_nested(value) else None
        param = by_name.get(key)
        if param is None:
            if hasattr(cls, key):
                continue
            if accepted is None or "*" in (accepted or ()) or takes_any:
                findings.append(
                    finding(
                        "warning",
                        "constructor-arg-unverified",
                        f"'{key}' is not a named argument of {shown}, which takes **kwargs: only running it tells whether it is accepted.",
                        at + ["args", key],
                    )
                )
                continue
            findings.append(
                finding(
                    "error",
                    "constructor-unknown-arg",
                    f"Arguments ['{key}'] for '{shown}' do not match any attributes of the class or any arguments of the method.",
                    at + ["args", key],
                )
            )
            continue
        problem = _type_problem(value, param, nested_cls)
        if problem:
            findings.append(
                finding(
                    "error" if param.pydantic else "warning",
                    "constructor-arg-type",
                    f"'{key}' of {shown} expects {problem}"
                    + ("" if param.pydantic else " (its annotation says so; Python does not enforce it)"),
                    at + ["args", key],
                )
            )
    reads = env_reads(cls, model_fields(cls))
    read_fields = {r.field for r in reads if r.field}
    given = set(args)
    before = _has_before_validator(cls)
    for param in params.values():
        if not param.required or param.names & given or param.name in read_fields or param.names & read_fields:
            continue
        if before:
            findings.append(
                finding(
                    "warning",
                    "constructor-missing-arg",
                    f"{shown} requires '{param.name}', which args does not give; a validator of the class may fill it: only running it tells.",
                    at + ["args"] if args else at + ["class"],
                )
            )
        else:
            findings.append(
                finding(
                    "error",
                    "constructor-missing-arg",
                    f"{shown} requires '{param.name}', which args does not give.",
                    at + ["args"] if args else at + ["class"],
                )
            )
    _check_env(cls, reads, by_name, given, at, findings)
    _check_default_objects(cls, params, given, at, findings)


def _check_default_objects(cls, params, given, at, findings):
    """A field left out whose default is an object its class builds without args (LangChain's
    `api_wrapper: TavilySearchAPIWrapper = Field(default_factory=TavilySearchAPIWrapper)`): the keys that object's
    class reads from the environment are needed all the same."""
    fields = model_fields(cls)
    for name, field in fields.items():
        factory = getattr(field, "default_factory", None)
        if not isinstance(factory, type) or params[name].names & given:
            continue
        for read in env_reads(factory, model_fields(factory)):
            if read.field is None or read.optional or os.environ.get(read.name):
                continue
            findings.append(
                finding(
                    "error",
                    "env-var-unset",
                    f"'{name}' of {label(cls)} defaults to a {factory.__qualname__} built without args, whose "
                    f"'{read.field}' is read from the environment variable {read.name} by default ({read.where}), "
                    f"which is not set for this interpreter: set it, or give args.{name}.",
                    at + ["args"] if given else at + ["class"],
                )
            )


def _check_env(cls, reads, by_name, given, at, findings):
    named = {r.name for r in reads if r.field}
    for read in reads:
        if read.field is None and (read.name in named or not _CREDENTIAL.search(read.name)):
            continue
        field_names = by_name[read.field].names if read.field in by_name else {read.field}
        if read.field and field_names & given:
            continue
        if os.environ.get(read.name):
            continue
        where = at + ["args", read.field] if read.field in given else (at + ["args"] if given else at + ["class"])
        if read.field is None:
            findings.append(
                finding(
                    "warning",
                    "env-var-unset",
                    f"{label(cls)} reads the environment variable {read.name} ({read.where}), which is not set for this interpreter.",
                    where,
                )
            )
        elif read.optional:
            continue
        else:
            findings.append(
                finding(
                    "error",
                    "env-var-unset",
                    f"'{read.field}' of {label(cls)} is read from the environment variable {read.name} by default "
                    f"({read.where}), which is not set for this interpreter: set it, or give args.{read.field}.",
                    where,
                )
            )


def _is_nested(value):
    return isinstance(value, dict) and isinstance(value.get("class"), str)


_UNION_TYPES = (typing.Union,) + ((types.UnionType,) if hasattr(types, "UnionType") else ())


def _type_problem(value, param, nested_cls):
    """What the annotation expects, when the value clearly does not fit it; None when it fits or cannot be told."""
    annotation = param.annotation
    if value is None and param.default is None and not param.pydantic:
        return None
    fits = _fits(nested_cls if nested_cls is not None else value, annotation, nested_cls is not None)
    if fits is False:
        shown = _shown(annotation)
        if nested_cls is not None:
            return f"{shown}, but the nested class builds a {nested_cls.__qualname__}"
        return f"{shown}, got {_json_kind(value)}"
    return None


def _json_kind(value):
    if value is None:
        return "null"
    if isinstance(value, bool):
        return f"the boolean {str(value).lower()}"
    if isinstance(value, (int, float)):
        return f"the number {value!r}"
    if isinstance(value, str):
        return f"the string {value!r}" if len(value) <= 40 else "a string"
    if isinstance(value, list):
        return "a list"
    return "an object"


def _shown(annotation):
    if isinstance(annotation, type):
        return annotation.__name__
    return str(annotation).replace("typing.", "")


def _fits(value, annotation, is_class):
    """True, False, or None when it cannot be told."""
    if annotation in (inspect.Parameter.empty, typing.Any, object, None):
        return None if annotation is None else True
    origin = typing.get_origin(annotation)
    if origin in _UNION_TYPES:
        results = [_fits(value, member, is_class) for member in typing.get_args(annotation)]
        if True in results:
            return True
        return None if None in results else False
    if origin is typing.Annotated:
        return _fits(value, typing.get_args(annotation)[0], is_class)
    if is_class:
        target = origin or annotation
        if isinstance(target, type):
            try:
                return issubclass(value, target)
            except TypeError:
                return None
        return None
    if origin is typing.Literal:
        return value in typing.get_args(annotation)
    if origin is not None:
        if origin in (list, tuple, set, frozenset, collections.abc.Sequence, collections.abc.Iterable):
            return isinstance(value, list)
        if origin in (dict, collections.abc.Mapping, collections.abc.MutableMapping):
            return isinstance(value, dict)
        return None
    if annotation is type(None):
        return value is None
    # pydantic's lax mode turns some strings (and 0/1) into these; for a plain class nothing is converted at all.
    if annotation is bool:
        if isinstance(value, bool) or value in (0, 1):
            return True
        return isinstance(value, str) and value.strip().lower() in _BOOL_WORDS
    if annotation is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return True
        if isinstance(value, float):
            return value.is_integer()
        return isinstance(value, str) and _INT_TEXT.match(value) is not None
    if annotation is float:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return True
        return isinstance(value, str) and _FLOAT_TEXT.match(value) is not None
    if annotation is str or getattr(annotation, "__name__", "") == "SecretStr":
        return isinstance(value, str)
    if annotation in (list, tuple, set):
        return isinstance(value, list)
    if annotation is dict:
        return isinstance(value, dict)
    return None
