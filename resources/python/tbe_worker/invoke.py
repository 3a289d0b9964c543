"""Calling one tool, the way neuro-san calls it."""
import inspect


async def call_coded(loop, cls, args, sly_data):
    """Constructs the coded tool with no arguments, awaits async_invoke and falls back to invoke in an executor.

    neuro-san's CodedTool.async_invoke raises NotImplementedError by default; that is the signal to run the
    synchronous invoke on a worker thread.
    """
    instance = cls()
    async_invoke = getattr(instance, "async_invoke", None)
    if callable(async_invoke):
        try:
            return await _settle(async_invoke(args, sly_data))
        except NotImplementedError:
            pass
    invoke = getattr(instance, "invoke", None)
    if not callable(invoke):
        raise TypeError(f"{cls.__name__} has neither async_invoke nor invoke")
    return await _settle(await loop.run_in_executor(None, invoke, args, sly_data))


class _ProgressReporter:
    """Stands in for neuro-san's progress reporter: a test run has no client to report progress to."""

    async def async_report_progress(self, *_args, **_kwargs):
        return None

    def report_progress(self, *_args, **_kwargs):
        return None


def with_neuro_san_extras(args, name):
    """neuro-san adds origin, origin_str and progress_reporter to a coded tool's args; tools may read them.

    The LLM's own arguments win if they use the same names (they never should).
    """
    extras = {
        "origin": [{"tool": name, "instantiation_index": 1}],
        "origin_str": name,
        "progress_reporter": _ProgressReporter(),
    }
    return {**extras, **args}


async def call_langchain(loop, tool, tool_input):
    """A LangChain tool is called with .invoke(input); on a worker thread, as it may block."""
    invoke = getattr(tool, "invoke", None)
    if not callable(invoke):
        raise TypeError(f"{type(tool).__name__} has no invoke method")
    return await _settle(await loop.run_in_executor(None, invoke, tool_input))


async def _settle(value):
    return await value if inspect.isawaitable(value) else value


def toolkit_tools(instance):
    """The tools of a toolkit (an instance with get_tools()), or None for a plain tool."""
    get_tools = getattr(instance, "get_tools", None)
    if not callable(get_tools):
        return None
    return list(get_tools())


def tool_name(tool):
    name = getattr(tool, "name", None)
    return name if isinstance(name, str) else type(tool).__name__
