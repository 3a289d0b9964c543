"""
Which environment variables a LangChain-style class reads by default, found without constructing it:

- a field whose default factory closes over a variable name, as LangChain's `secret_from_env("OPENAI_API_KEY")` and
  `from_env(...)` do (the name is read from the closure, the factory is never called);
- its source (and that of its own bases), read with `ast`: `get_from_dict_or_env(values, "field", "ENV")`,
  `get_from_env("field", "ENV")`, `Field(default_factory=secret_from_env("ENV"))` assigned to a field, and plain
  `os.environ[...]`, `os.environ.get(...)`, `os.getenv(...)`.

Only names are ever reported, and whether they are set: never a value.
"""
import ast
import functools
import inspect
import re
import textwrap

_ENV_NAME = re.compile(r"^[A-Z][A-Z0-9_]*_[A-Z0-9_]+$")
_DICT_OR_ENV = {"get_from_dict_or_env": 1, "get_from_env": 0}
_FROM_ENV = {"secret_from_env", "from_env"}


class EnvRead:
    """One default read: `field` (None when the source reads it for no particular field) from `name`."""

    def __init__(self, name, field=None, optional=False, where=None):
        self.name = name
        self.field = field
        self.optional = optional
        self.where = where

    def key(self):
        return (self.name, self.field)


def env_reads(cls, fields):
    """Every EnvRead of cls; `fields` is {name: FieldInfo-like} (possibly empty)."""
    found = {}
    for field_name, field in fields.items():
        for name, optional in _factory_env_names(getattr(field, "default_factory", None)):
            found.setdefault((name, field_name), EnvRead(name, field_name, optional, "its default factory"))
    for read in _source_env_reads(cls):
        found.setdefault(read.key(), read)
    return list(found.values())


def _factory_env_names(factory):
    """Variable names a default factory closes over (LangChain's secret_from_env / from_env), with whether it has a
    default of its own (then an unset variable is not an error)."""
    if factory is None:
        return []
    if isinstance(factory, functools.partial):
        values = list(factory.args) + list(factory.keywords.values())
        has_default = "default" in factory.keywords
        return [(v, has_default) for v in _names_in(values)]
    closure = getattr(factory, "__closure__", None) or ()
    names = []
    has_default = False
    code = getattr(factory, "__code__", None)
    free = code.co_freevars if code is not None else ()
    for var, cell in zip(free, closure):
        try:
            value = cell.cell_contents
        except ValueError:  # an empty cell
            continue
        if var == "default":
            # LangChain marks "no default" with a private sentinel class; None is a real default ("no key").
            has_default = value is None or isinstance(value, (str, int, float, bool))
            continue
        if var != "error_message":
            names.extend(_names_in([value]))
    return [(n, has_default) for n in names]


def _names_in(values):
    names = []
    for value in values:
        if isinstance(value, str) and _ENV_NAME.match(value):
            names.append(value)
        elif isinstance(value, (list, tuple)):
            names.extend(v for v in value if isinstance(v, str) and _ENV_NAME.match(v))
    return names


def _own_classes(cls):
    """cls and the bases that are neither builtins nor pydantic's or typing's own (whose source says nothing)."""
    for klass in inspect.getmro(cls):
        module = getattr(klass, "__module__", "") or ""
        if klass is object or module == "builtins" or module.split(".")[0] in ("pydantic", "typing", "abc"):
            continue
        yield klass


def _source_env_reads(cls):
    reads = []
    for klass in _own_classes(cls):
        tree = _class_tree(klass)
        if tree is None:
            continue
        reads.extend(_reads_in_tree(tree))
    return reads


def _class_tree(klass):
    try:
        source = inspect.getsource(klass)
    except (OSError, TypeError):
        return None
    try:
        return ast.parse(textwrap.dedent(source))
    except SyntaxError:
        return None


def _literal(node):
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _call_name(node):
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def _is_os_environ(node):
    return isinstance(node, ast.Attribute) and node.attr == "environ"


def _reads_in_tree(tree):
    reads = []
    field_of_call = {}
    # `api_key: SecretStr = Field(default_factory=secret_from_env("X"))`: the call belongs to the assigned field.
    for node in ast.walk(tree):
        if isinstance(node, (ast.AnnAssign, ast.Assign)) and node.value is not None:
            targets = [node.target] if isinstance(node, ast.AnnAssign) else node.targets
            names = [t.id for t in targets if isinstance(t, ast.Name)]
            if names:
                for inner in ast.walk(node.value):
                    if isinstance(inner, ast.Call):
                        field_of_call[id(inner)] = names[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = _call_name(node)
            if name in _DICT_OR_ENV:
                first = _DICT_OR_ENV[name]
                args = node.args
                if len(args) > first + 1:
                    field, env = _literal(args[first]), _literal(args[first + 1])
                    if env and _ENV_NAME.match(env):
                        optional = len(args) > first + 2 or any(k.arg == "default" for k in node.keywords)
                        reads.append(EnvRead(env, field, optional, f"{name}() in its source"))
            elif name in _FROM_ENV and node.args:
                optional = any(k.arg == "default" for k in node.keywords)
                for env in _names_in([_literal(node.args[0])]):
                    reads.append(EnvRead(env, field_of_call.get(id(node)), optional, f"{name}() in its source"))
            elif name == "getenv" and node.args or (name == "get" and isinstance(node.func, ast.Attribute) and _is_os_environ(node.func.value)):
                env = _literal(node.args[0]) if node.args else None
                if env and _ENV_NAME.match(env):
                    reads.append(EnvRead(env, None, len(node.args) > 1, "its source"))
        elif isinstance(node, ast.Subscript) and _is_os_environ(node.value):
            env = _literal(node.slice)
            if env and _ENV_NAME.match(env):
                reads.append(EnvRead(env, None, False, "its source"))
    return reads
