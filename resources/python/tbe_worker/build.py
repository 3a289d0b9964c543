"""
Turning a tool spec into something callable: the coded tool's class, or the LangChain tool/toolkit instance.

Duck-typed on purpose: nothing here imports LangChain or neuro-san, so the mechanism works (and is tested) with plain
classes that have the same shape.
"""
import inspect
import json
import os
import re
import sys
import importlib

from tbe_worker.neurosan_lookup import find_as_neuro_san
from tbe_worker.resolve import coded_module_candidates, find_class, split_class_path

_API_WRAPPER_FACTORY = re.compile(r"^from_.*api_wrapper$")


class ToolCreationError(Exception):
    """A failure while constructing a tool, worded like neuro-san's."""


class _LoadedClass:
    """A class plus the stamp of its module's file, so an edited tool module is reloaded before the next call."""

    def __init__(self, cls, module):
        self.cls = cls
        self.module = module
        self.stamp = _module_stamp(module)

    def is_stale(self):
        return _module_stamp(self.module) != self.stamp


def _module_stamp(module):
    path = getattr(module, "__file__", None)
    if not path:
        return None
    try:
        return os.stat(path).st_mtime_ns
    except OSError:
        return None


class ToolFactory:
    """Caches classes (per class path and network) and LangChain instances (per class path and args)."""

    def __init__(self):
        self._classes = {}
        self._instances = {}

    def load_class(self, class_path, coded, agent_tool_path=None, network_path=None, neuro_san=None):
        """`neuro_san` (a call's): find a coded tool's class as that version does (neurosan_lookup.py), not leniently."""
        key = (class_path, coded, agent_tool_path, network_path, json.dumps(neuro_san, sort_keys=True) if neuro_san else None)
        loaded = self._classes.get(key)
        if loaded is not None and loaded.is_stale():
            self._reload(loaded.module)
            self._classes.pop(key, None)
            self._instances.clear()
            loaded = None
        if loaded is None:
            module_name, _ = split_class_path(class_path)
            candidates = (
                coded_module_candidates(module_name, agent_tool_path, network_path) if coded else [module_name]
            )
            if coded and neuro_san:
                cls, module = find_as_neuro_san(
                    class_path,
                    neuro_san.get("lookups") or [],
                    os.environ,
                    network_path,
                    neuro_san.get("agentName") or "",
                    neuro_san.get("version") or "this neuro-san",
                    lambda: find_class(class_path, candidates),
                )
            else:
                cls, module = find_class(class_path, candidates)
            loaded = _LoadedClass(cls, module)
            self._classes[key] = loaded
        return loaded.cls

    @staticmethod
    def _reload(module):
        importlib.invalidate_caches()
        if sys.modules.get(module.__name__) is module:
            importlib.reload(module)

    def langchain_instance(self, name, class_path, args):
        """The (cached) instance for a LangChain entry: a tool, or a toolkit (it has get_tools())."""
        key = json.dumps([class_path, args], sort_keys=True, default=repr)
        # A reload of the class invalidates cached instances (load_class clears them), so check freshness first.
        self.load_class(class_path, coded=False)
        instance = self._instances.get(key)
        if instance is None:
            instance = self.build(name, class_path, args or {})
            self._instances[key] = instance
        return instance

    def build(self, name, class_path, args):
        """Constructs class_path with args, building nested {class, args} values first."""
        try:
            cls = self.load_class(class_path, coded=False)
            built_args = {key: self._build_value(name, value) for key, value in (args or {}).items()}
            factory = _api_wrapper_factory(cls)
            target = factory if factory is not None else cls
            _check_arguments(cls, target, built_args)
            return target(**built_args)
        except ToolCreationError:
            raise
        except Exception as error:  # noqa: BLE001
            raise ToolCreationError(f"Failed to create Agent/tool '{name}': {error}") from error

    def _build_value(self, name, value):
        if isinstance(value, dict) and isinstance(value.get("class"), str):
            return self.build(name, value["class"], value.get("args") or {})
        return value


def _api_wrapper_factory(cls):
    """A classmethod named `from…api_wrapper`, which neuro-san prefers to the constructor."""
    for attribute in dir(cls):
        if not _API_WRAPPER_FACTORY.match(attribute):
            continue
        if isinstance(inspect.getattr_static(cls, attribute, None), classmethod):
            return getattr(cls, attribute)
    return None


def _accepted_names(cls, target):
    """The argument names the class or method accepts, or None when it takes anything (**kwargs)."""
    names = set()
    fields = getattr(cls, "model_fields", None) or getattr(cls, "__fields__", None)
    if isinstance(fields, dict):
        for field_name, field in fields.items():
            names.add(field_name)
            alias = getattr(field, "alias", None)
            if isinstance(alias, str):
                names.add(alias)
    try:
        signature = inspect.signature(target)
    except (TypeError, ValueError):
        return None
    for parameter in signature.parameters.values():
        if parameter.kind is inspect.Parameter.VAR_KEYWORD:
            return None if not names else names | {"*"}
        if parameter.kind in (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY):
            names.add(parameter.name)
    return names


def _check_arguments(cls, target, args):
    accepted = _accepted_names(cls, target)
    if accepted is None or "*" in accepted:
        return
    unknown = sorted(key for key in args if key not in accepted and not hasattr(cls, key))
    if unknown:
        label = getattr(target, "__qualname__", getattr(cls, "__name__", str(cls)))
        raise ValueError(
            f"Arguments {unknown} for '{label}' do not match any attributes of the class or any arguments of the method."
        )
