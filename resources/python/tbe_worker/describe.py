"""What loading a class reveals, for the editor's catalog and forms."""
import inspect

from tbe_worker.invoke import tool_name, toolkit_tools


def args_schema(tool):
    """A LangChain tool's argument schema as JSON Schema, whichever way the tool exposes it; None if it does not."""
    schema = getattr(tool, "args_schema", None)
    try:
        if isinstance(schema, dict):
            return schema
        if schema is not None and hasattr(schema, "model_json_schema"):
            return schema.model_json_schema()
        if schema is not None and callable(getattr(schema, "schema", None)):
            return schema.schema()
        properties = getattr(tool, "args", None)
        if isinstance(properties, dict):
            return {"type": "object", "properties": properties}
    except Exception:  # noqa: BLE001 - a schema that cannot be produced is simply not shown
        return None
    return None


def _text(value):
    return value if isinstance(value, str) else None


def describe_tool(tool, full_name):
    return {
        "name": full_name,
        "toolName": tool_name(tool),
        "description": _text(getattr(tool, "description", None)),
        "argsSchema": args_schema(tool),
    }


def describe_coded(cls):
    defines_async = "async_invoke" in vars(cls) or any(
        "async_invoke" in vars(base) for base in cls.__mro__[1:] if base.__name__ != "CodedTool" and base is not object
    )
    return {
        "kind": "coded",
        "className": f"{cls.__module__}.{cls.__qualname__}",
        "module": cls.__module__,
        "file": inspect.getsourcefile(cls) if _has_source(cls) else None,
        "doc": inspect.getdoc(cls),
        "asyncInvoke": defines_async,
    }


def _has_source(cls):
    try:
        return inspect.getsourcefile(cls) is not None
    except TypeError:
        return False


def describe_langchain(name, instance):
    tools = toolkit_tools(instance)
    if tools is None:
        info = describe_tool(instance, name)
        info["kind"] = "langchain"
        info["className"] = f"{type(instance).__module__}.{type(instance).__qualname__}"
        return info
    return {
        "kind": "toolkit",
        "name": name,
        "className": f"{type(instance).__module__}.{type(instance).__qualname__}",
        "tools": [describe_tool(tool, f"{name}_{tool_name(tool)}") for tool in tools],
    }
