"""
Finding a coded tool's class exactly as one neuro-san version does (AbstractClassActivation, ActivationFactory), so a
class neuro-san would not find fails here too, in its words, with one line on what would make it found.

The version's way is one of these (shared/neurosan/versions/facts.ts, `codedClassLookup`, says which release has which):

  network          `<AGENT_TOOL_PATH>.<network>.<module>` only (before 0.5.21)
  network-parent   then one package up: `<AGENT_TOOL_PATH>.<module>` (0.5.21, commit 96eda9e2)
  network-levels   then every level of a hierarchical network name up to AGENT_TOOL_PATH (PRs #572, #589)
  qualified-first  a direct import of the fully qualified `module.Class` first, then the levels (PR #786); skipped
                   when AGENT_TOOL_PATH_ONLY is true, from the release that reads it (0.6.94, PR #1251)

Each package is tried as leaf-common's Resolver does: `importlib.import_module(f"{package}.{module}")`, any failure to
import swallowed, then `getattr(module, class_name)`. AGENT_TOOL_PATH becomes a package path as
ActivationFactory._determine_agent_tool_path makes it: a value with a path separator is matched, as a string prefix,
against the PYTHONPATH *environment variable's* entries (not sys.path), and the network's name is appended.
"""
import importlib
import importlib.util
import os
import sys
import textwrap
import traceback

from tbe_worker.import_failure import headline, import_failure

LOOKUPS = ("network", "network-parent", "network-levels", "qualified-first")


class NeuroSanNotFound(Exception):
    """neuro-san's ValueError text, plus what the editor found out (the hint line, an import traceback); `failure`: a
    module the tool's module imports is missing (import_failure.py)."""

    def __init__(self, message, failure=None):
        super().__init__(message)
        self.failure = failure


def _truthy(value):
    # leaf-common ConfigUtil.get_bool on a string (config_util.py, 444b5bd): "true"/"yes", any case, trimmed.
    return isinstance(value, str) and value.strip().lower() in ("true", "yes")


def this_agent_tool_path(env, network, cwd=None):
    """(the package neuro-san looks in first, AGENT_TOOL_PATH's package): ValueError as neuro-san raises it."""
    agent_tool_path = env.get("AGENT_TOOL_PATH")
    if agent_tool_path is None:
        # neuro-san's default is its own coded_tools folder (FileOfClass / TOP_LEVEL_DIR): as a package path.
        agent_tool_path = "neuro_san.coded_tools"
    if agent_tool_path.find(os.sep) >= 0:
        base = cwd or os.getcwd()
        resolved_tool_path = os.path.realpath(os.path.join(base, agent_tool_path))
        best_path = ""
        pythonpath = env.get("PYTHONPATH")
        if pythonpath is None:
            best_path = agent_tool_path
        else:
            for one_path in pythonpath.split(os.pathsep):
                resolved_path = os.path.realpath(os.path.join(base, one_path))
                if resolved_tool_path.startswith(resolved_path) and len(resolved_path) > len(best_path):
                    best_path = resolved_path
        if len(best_path) == 0:
            raise ValueError(f"No reasonable agent tool path found in PYTHONPATH for {agent_tool_path}")
        path_split = resolved_tool_path.split(best_path)
        if len(path_split) < 2:
            # Not an f-string in neuro-san: the braces are printed as they are.
            raise ValueError(
                "\nCannot find tool path for {agent_tool_path} in PYTHONPATH.\n"
                "Check to be sure your value for PYTHONPATH includes where you expect where your coded tools live.\n"
            )
        agent_tool_path = path_split[1].replace(os.sep, ".")
        while agent_tool_path.startswith("."):
            agent_tool_path = agent_tool_path[1:]
    root = agent_tool_path
    if not network:
        return agent_tool_path, root
    # A network name holds `/` only since hierarchical networks (commit e441f5d5, 2025-09-30), which replaced each
    # with "." in the package path from the start (commit 4c3d66c5 only moved that before the `endswith` check);
    # before them a name was its file's stem. So the package path never holds a `/`, whatever the lookup.
    network_path = network.replace("/", ".")
    if not agent_tool_path.endswith(network_path):
        agent_tool_path = f"{agent_tool_path}.{network_path}"
    return agent_tool_path, root


def packages_tried(this_path, network, lookup):
    """The packages neuro-san hands its Resolver, in order."""
    if lookup == "network":
        return [this_path]
    if lookup == "network-parent":
        return [this_path, this_path.rsplit(".", 1)[0]]
    parts = this_path.split(".")
    levels = len(network.split("/")) if network else 0
    return [this_path] + [".".join(parts[:-i]) for i in range(1, levels + 1)]


class _Attempts:
    """What each import did: the first failure of a module that exists is the author's real problem."""

    def __init__(self):
        self.tried = []
        self.failure = None
        # That failure's classification, when a module it imports is missing (import_failure.py).
        self.import_failure = None

    def load(self, module_name, class_name):
        self.tried.append(module_name)
        try:
            module = importlib.import_module(module_name)
        except Exception as error:  # noqa: BLE001 - the Resolver swallows every import failure
            missing = isinstance(error, ModuleNotFoundError) and error.name is not None and (
                module_name == error.name or module_name.startswith(error.name + ".")
            )
            if not missing and self.failure is None:
                self.failure = f"Module {module_name} exists but failed to import:\n" + traceback.format_exc()
                self.import_failure = import_failure(error, module_name)
            return None
        cls = getattr(module, class_name, None)
        return (cls, module) if cls is not None else None


def _find(class_name, module_name, this_path, network, lookup, tool_path_only, attempts):
    if lookup == "qualified-first" and not tool_path_only:
        found = attempts.load(module_name, class_name)
        if found:
            return found
    for package in packages_tried(this_path, network, lookup):
        found = attempts.load(f"{package}.{module_name}", class_name)
        if found:
            return found
    return None


def _message(class_name, module_name, this_path, network, agent_name, lookup, tool_path_only):
    """The ValueError neuro-san raises, in the wording of the release whose lookup this is."""
    network = network or ""
    if lookup == "network" or lookup == "network-parent":
        shown_path = ".".join(this_path.split(".")[:-1]) if network else this_path
        shown_network = this_path.split(".")[-1] if network else ""
    else:
        parts = this_path.split(".")
        levels = len(network.split("/")) if network else 0
        shown_path = ".".join(parts[:-levels]) if levels else this_path
        shown_network = network
    head = (
        f'Could not find class "{class_name}"\nin module "{module_name}"\nunder AGENT_TOOL_PATH "{shown_path}"\n'
        f'for the agent called "{agent_name}"\nin the agent network "{shown_network}".\n'
    )
    # a) to d): the same in every release; the rest of the checklist grew (96eda9e2, then 7ad51356 on 2025-10-29).
    checks = (
        "    a)  Does your AGENT_TOOL_PATH point to the correct directory?\n"
        "    b)  Does your CodedTool actually live in a module appropriately\n"
        "        named for your agent network?\n"
        f'    c)  Does the module in the "class" designation for the agent {agent_name}\n'
        "        match what is in the filesystem?\n"
        "    d)  Does the specified class name match what is actually implemented in the file?\n"
    )
    if lookup == "network":
        return head + (
            "\nCheck these things:\n1.  Is there a typo in your AGENT_TOOL_PATH?\n"
            "2.  CodedTools for the agent network are expected to be found in a module\n"
            "    under the path: <AGENT_TOOL_PATH>/<agent_network>/<coded_tool_name>.py\n"
        ) + checks
    body = (
        "\nCheck these things:\n1.  Is there a typo in your AGENT_TOOL_PATH?\n"
        "2.  Expected to find a specific CodedTool for the given agent network in:\n"
        "    <AGENT_TOOL_PATH>/<agent_network>/<coded_tool_name>.py\n"
        "    Global CodedTools (shared across networks) should be located at:\n"
        "    <AGENT_TOOL_PATH>/<coded_tool_name>.py\n"
        + checks
        + "    e)  If an agent network contains both specific and global CodedTools,\n"
        "        the global module must not have the same name as the agent network.\n"
    )
    if lookup == "network-parent":
        # Raised from a nested try, its triple-quoted text indented with the code (0.5.21 to PR #572).
        return textwrap.indent(head + body, "    ")
    body += "3. Is AGENT_TOOL_PATH findable from what is set for your PYTHONPATH?\n"
    if tool_path_only:
        body += (
            "\nNote: AGENT_TOOL_PATH_ONLY is enabled, so fully-qualified class references are\n"
            "not resolved at all — even ones that point inside AGENT_TOOL_PATH. Reference the\n"
            'class as "<module>.<ClassName>" relative to AGENT_TOOL_PATH, not by its full\n'
            "package path: resolution searches the agent network's own directory first and\n"
            "then walks up to the shared AGENT_TOOL_PATH root, so the agent network name does\n"
            "not belong in the reference.\n"
        )
    return head + body


def _package_folder(package):
    """The folder of an importable package path, or None."""
    if not package:
        return None
    try:
        spec = importlib.util.find_spec(package)
    except (ImportError, ValueError):
        return None
    locations = list(spec.submodule_search_locations or []) if spec else []
    return locations[0] if locations else None


def _module_relative_to(module_file, folder):
    if not module_file or not folder:
        return None
    rel = os.path.relpath(os.path.realpath(module_file), os.path.realpath(folder))
    if rel.startswith(os.pardir) or os.path.isabs(rel):
        return None
    stem = rel[: -len("/__init__.py")] if rel.endswith(os.sep + "__init__.py") else os.path.splitext(rel)[0]
    return stem.replace(os.sep, ".")


def _shown(path):
    """A path as the user knows it: relative to the working directory (the project's) when it is under it."""
    rel = os.path.relpath(path, os.getcwd())
    return path if rel.startswith(os.pardir) or os.path.isabs(rel) else rel


def would_find_hint(class_path, class_name, module, version_words, tool_path_only, root_package, packages=()):
    """One line: that the version would not find the class, where the editor found it, and what would make it found.

    `packages`: where the first lookup looked for the module (AGENT_TOOL_PATH.network, then the levels it walks up).
    """
    module_file = getattr(module, "__file__", None)
    where = f"in {_shown(module_file)}" if module_file else f"as {module.__name__}"
    root_folder = _package_folder(root_package)
    relative = _module_relative_to(module_file, root_folder)
    if relative and f"{relative}.{class_name}" == class_path:
        # Written relative to AGENT_TOOL_PATH already, but this version does not look there for this network (before
        # PR #589 a network in a folder looks one package up only, coded_tools/basic for basic/x): where it looks.
        depth = len(root_package.split("."))
        folders = [
            _shown(os.path.join(root_folder, *package.split(".")[depth:]))
            for package in packages
            if package == root_package or package.startswith(root_package + ".")
        ]
        moved = relative.split(".")[0] + "/" if "." in relative else os.path.basename(module_file)
        if folders:
            fix = f"for this network it looks for the module only under {' and '.join(folders)}; move {moved} there"
        else:
            fix = f"it does not look under {_shown(root_folder)} for this network"
    elif relative:
        fix = f"write the class as '{relative}.{class_name}', relative to AGENT_TOOL_PATH ({_shown(root_folder)})"
    else:
        base = os.path.basename(module_file or module.__name__.replace(".", "/") + ".py")
        target = _shown(root_folder) if root_folder else f"the AGENT_TOOL_PATH folder ({root_package or 'unset'})"
        fix = (
            f"move {base} to {target} and write the class as '{os.path.splitext(base)[0]}.{class_name}'"
            + ("" if tool_path_only else ", or set AGENT_TOOL_PATH to the folder holding it")
        )
    if tool_path_only:
        fix += ", or set AGENT_TOOL_PATH_ONLY to false"
    return f"{version_words} would not find {class_path} (the editor's runner finds it {where}): {fix}."


def find_as_neuro_san(class_path, lookups, env, network, agent_name, version_words, fallback, cwd=None):
    """Returns (class, module) as the version finds them, else raises NeuroSanNotFound.

    `lookups`: the version's way, then (where the release is not known exactly) the other side's; found by either, it
    runs. `fallback()` is the editor's own, more lenient lookup: it says whether the class is there at all.
    """
    class_name = class_path.split(".")[-1]
    module_name = class_path[: -len(class_name)].rstrip(".")
    first_message = None
    root_package = None
    first_packages = ()
    first_tool_path_only = False
    attempts = _Attempts()
    registry_name = network
    for lookup_spec in lookups:
        # Before hierarchical networks (PR #413) a network was called by its file's stem.
        network = registry_name.rsplit("/", 1)[-1] if registry_name and lookup_spec.get("networkNames") == "stem" else registry_name
        lookup = lookup_spec.get("lookup")
        if lookup not in LOOKUPS:
            lookup = "qualified-first"
        tool_path_only = bool(lookup_spec.get("toolPathOnly")) and _truthy(env.get("AGENT_TOOL_PATH_ONLY"))
        try:
            this_path, root = this_agent_tool_path(env, network, cwd)
        except ValueError as error:
            if first_message is None:
                first_message = str(error)
            continue
        found = _find(class_name, module_name, this_path, network, lookup, tool_path_only, attempts)
        if found:
            return found
        if first_message is None:
            first_message = _message(class_name, module_name, this_path, network, agent_name, lookup, tool_path_only)
            root_package = root
            first_packages = packages_tried(this_path, network, lookup)
            first_tool_path_only = tool_path_only
    message = first_message.strip("\n")
    try:
        _, module = fallback()
    except Exception as error:  # noqa: BLE001 - the editor does not find it either: neuro-san's words stand
        # A package the module imports is missing: that comes first, where every surface shows it.
        failure = attempts.import_failure or getattr(error, "failure", None)
        if failure:
            message = headline(failure, class_path) + "\n\n" + message
        if attempts.failure:
            message += "\n\n" + attempts.failure
        raise NeuroSanNotFound(message, failure) from error
    # Found by the editor alone: what would make neuro-san find it comes first, where every surface shows it.
    if root_package is None:
        hint = (
            f"{version_words} would not find {class_path} (the editor's runner finds it as {module.__name__}): "
            "it fails on AGENT_TOOL_PATH first; make AGENT_TOOL_PATH a folder under a PYTHONPATH entry, or a package path."
        )
    else:
        hint = would_find_hint(class_path, class_name, module, version_words, first_tool_path_only, root_package, first_packages)
    message = hint + "\n\n" + message
    if attempts.failure:
        message += "\n\n" + attempts.failure
    raise NeuroSanNotFound(message)
