"""
Which `args` keys a coded tool's invoke/async_invoke read, from their source with `ast` (best effort: nothing runs).

Reads are `args.get("x")`, `args["x"]`, `args.pop("x")`, `args.setdefault("x", ...)` and `"x" in args`. A call
`self.other(args, ...)` (or through `run_in_executor(None, self.invoke, args, ...)`) is followed into that method of
the class. When the code hands `args` on whole anywhere else (to a function, `**args`, a loop, `.items()`), which keys
it reads cannot be known: `whole` says so, and then no key is said to be unread.
"""
import ast
import inspect
import textwrap

# neuro-san adds these to every coded tool's args: reading them is not reading an undeclared parameter.
NEURO_SAN_EXTRAS = frozenset({"origin", "origin_str", "progress_reporter"})
_ENTRY_METHODS = ("async_invoke", "invoke")
_READING_METHODS = frozenset({"get", "pop", "setdefault"})


class CodeReads:
    def __init__(self):
        self.reads = {}  # key -> (method, file, line) of its first read
        self.whole = False
        self.whole_at = None  # (method, file, line) where args is handed on whole
        self.methods = []  # the entry methods read, e.g. ["invoke"]

    def as_json(self):
        return {
            "reads": [{"key": k, "method": m, "file": f, "line": n} for k, (m, f, n) in self.reads.items()],
            "whole": self.whole,
            "wholeAt": None if self.whole_at is None else {"method": self.whole_at[0], "file": self.whole_at[1], "line": self.whole_at[2]},
            "methods": self.methods,
        }


def _methods_of(cls, is_base):
    """name -> (FunctionDef, file, first line of the class) for the methods of cls and of its own bases."""
    methods = {}
    for klass in reversed(inspect.getmro(cls)):
        if klass is object or is_base(klass):
            continue
        try:
            lines, start = inspect.getsourcelines(klass)
            file = inspect.getsourcefile(klass)
        except (OSError, TypeError):
            continue
        try:
            tree = ast.parse(textwrap.dedent("".join(lines)))
        except SyntaxError:
            continue
        body = tree.body[0].body if tree.body and isinstance(tree.body[0], ast.ClassDef) else []
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                methods[node.name] = (node, file, start)
    return methods


def code_reads(cls, is_base):
    """The keys the entry methods read; None when their source cannot be read (built-in, compiled, deleted)."""
    methods = _methods_of(cls, is_base)
    entries = [name for name in _ENTRY_METHODS if name in methods]
    if not entries:
        return None
    result = CodeReads()
    result.methods = entries
    seen = set()
    for name in entries:
        _read_method(methods, name, 0, result, seen)
    return result


def _param_name(node, index):
    params = [a.arg for a in node.args.posonlyargs + node.args.args]
    if params and params[0] in ("self", "cls"):
        params = params[1:]
    return params[index] if index < len(params) else None


def _parents(tree):
    parents = {}
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            parents[child] = node
    return parents


def _literal(node):
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _self_method(node):
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self":
        return node.attr
    return None


def _read_method(methods, name, index, result, seen):
    if (name, index) in seen or name not in methods:
        return
    seen.add((name, index))
    node, file, start = methods[name]
    param = _param_name(node, index)
    if param is None:
        return
    parents = _parents(node)

    def where(n):
        return (name, file, start + n.lineno - 1)

    def read(key, n):
        if key not in result.reads:
            result.reads[key] = where(n)

    def whole(n):
        if not result.whole:
            result.whole = True
            result.whole_at = where(n)

    for use in ast.walk(node):
        if not (isinstance(use, ast.Name) and use.id == param and isinstance(use.ctx, ast.Load)):
            continue
        parent = parents.get(use)
        if isinstance(parent, ast.Subscript) and parent.value is use:
            key = _literal(parent.slice)
            if key is None:
                whole(use)
            elif isinstance(parent.ctx, ast.Load):
                read(key, use)
            continue
        if isinstance(parent, ast.Attribute) and parent.value is use:
            call = parents.get(parent)
            if parent.attr in _READING_METHODS and isinstance(call, ast.Call) and call.func is parent and call.args:
                key = _literal(call.args[0])
                if key is None:
                    whole(use)
                else:
                    read(key, use)
            elif parent.attr in ("__setitem__", "update"):
                continue
            else:
                whole(use)
            continue
        if isinstance(parent, ast.Compare) and use in parent.comparators and parent.left is not use:
            key = _literal(parent.left)
            if key is not None and all(isinstance(op, (ast.In, ast.NotIn)) for op in parent.ops):
                read(key, use)
            else:
                whole(use)
            continue
        if isinstance(parent, ast.Call) and use in parent.args:
            position = parent.args.index(use)
            target = _self_method(parent.func)
            if target is not None:
                _follow(methods, target, position, result, seen, lambda: whole(use))
                continue
            # run_in_executor(None, self.invoke, args, sly_data), asyncio.to_thread(self.invoke, args, ...)
            for i, arg in enumerate(parent.args[:position]):
                target = _self_method(arg)
                if target is not None:
                    _follow(methods, target, position - i - 1, result, seen, lambda: whole(use))
                    break
            else:
                whole(use)
            continue
        whole(use)


def _follow(methods, target, index, result, seen, otherwise):
    if target in methods:
        _read_method(methods, target, index, result, seen)
    else:
        otherwise()
