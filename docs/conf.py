"""Sphinx configuration of the reference site: the guide, each game's rules, the API from the
docstrings (autodoc, napoleon) and the gallery of published examples. Built offline with warnings
as errors by `python -m icewidgets docs site/`."""

from __future__ import annotations

import importlib
import inspect
import sys
from pathlib import Path
from typing import Any, TypeVar

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import icewidgets  # noqa: E402

project = "icewidgets"
author = "the icewidgets developers"
copyright = "icewidgets developers"
release = version = icewidgets.__version__

extensions = ["myst_parser", "sphinx.ext.autodoc", "sphinx.ext.napoleon"]
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
exclude_patterns = ["_build", "*.png"]
root_doc = "index"

# The docstrings write code as Markdown does, in single backquotes.
default_role = "code"
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_typehints_format = "short"
autodoc_default_options: dict[str, object] = {}
napoleon_google_docstring = True
napoleon_numpy_docstring = False

myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence"]

html_theme = "alabaster"
html_title = f"icewidgets {release}"
html_theme_options = {"page_width": "1120px", "sidebar_width": "230px"}

nitpicky = True
# Names from outside the package: the build is offline (no intersphinx), so the standard library's
# and the optional libraries' types are shown by name, unlinked.
nitpick_ignore_regex = [
    ("py:class", r"(collections\.abc|concurrent\.futures|os|pathlib|random|typing)\..*"),
    ("py:class", r"(pd|pandas|matplotlib|t|traitlets)\..*"),  # pandas and traitlets as their modules import them
    ("py:class", r"Executor|Figure|Axes"),  # names imported only for type checking
    # the package's type aliases and type variables: a signature naming the recursive JSON
    # (core/json_types.py), or a name imported for type hints alone (core/position.py's Game), is not
    # evaluated, so its hints stay the names written
    ("py:class", r"JSON|JSONObject|AnyGame|GameLookup|OptionValue|Names|S|M"),
    ("py:class", r"icewidgets\.agents\.mcts\.Tuned"),  # the dict MCTS.tuned gives, its keys told there
]

# -- references to the public names -----------------------------------------------------------------
# The API pages document each public object once, under the public name it is imported by
# (`icewidgets.Game`, `icewidgets.agents.MCTS`). Type hints name it by the module it is defined in
# (`icewidgets.core.game.Game`): such a reference is sent to the public name of the same object.

PUBLIC_MODULES = ("icewidgets.agents", "icewidgets.analysis", "icewidgets.kit", "icewidgets")
PUBLIC_NAMES: dict[int, str] = {}  # filled in by setup


def public_names() -> dict[int, str]:
    """The documented name of each public class and function, by its id: the agents' and the
    analysis' own under their package, the rest under `icewidgets`."""
    names: dict[int, str] = {}
    for module_name in PUBLIC_MODULES:
        module = importlib.import_module(module_name)
        for name in module.__all__:
            obj = getattr(module, name)
            if not (inspect.isclass(obj) or inspect.isfunction(obj)):
                continue
            home = next((m for m in PUBLIC_MODULES if obj.__module__.startswith(m)), "icewidgets")
            names[id(obj)] = f"{home}.{name}"
    return names


def resolve(target: str) -> Any:
    """The object a dotted name names, or None."""
    parts = target.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: Any = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        try:
            for part in parts[cut:]:
                obj = getattr(obj, part)
        except AttributeError:
            return None
        return obj
    return None


def public_target(target: str, names: dict[int, str]) -> str | None:
    """The documented name of what a dotted name names: an object's public name, or a member of it."""
    obj = resolve(target)
    if obj is not None and id(obj) in names:
        return names[id(obj)]
    owner, _, member = target.rpartition(".")
    if owner and member:
        found = public_target(owner, names)
        if found is not None and inspect.isclass(resolve(found)):
            return f"{found}.{member}"
    return None


def on_missing_reference(app: Any, env: Any, node: Any, contnode: Any) -> Any:
    if node.get("refdomain") != "py":
        return None
    target = node["reftarget"]
    if isinstance(resolve(target), TypeVar):
        return contnode  # a type variable has no page: its name is shown as it is
    domain = env.get_domain("py")
    if "." in target:
        new = public_target(target, PUBLIC_NAMES)
    else:  # a name a string annotation left unqualified: the one documented object of that name
        found = [name for name in domain.objects if name.rpartition(".")[2] == target]
        new = found[0] if len(found) == 1 else None
    if new is None or new == target:
        return None
    return domain.resolve_xref(env, node["refdoc"], app.builder, node["reftype"], new, node, contnode)


def shared_names() -> set[str]:
    """Names that two public modules give to different objects (`icewidgets.Game`, the engine
    protocol, and `icewidgets.kit.Game`, the kit's base)."""
    seen: dict[str, set[int]] = {}
    for module_name in PUBLIC_MODULES:
        module = importlib.import_module(module_name)
        for name in module.__all__:
            seen.setdefault(name, set()).add(id(getattr(module, name)))
    return {name for name, objects in seen.items() if len(objects) > 1}


def qualify_shared_names(app: Any, doctree: Any) -> None:
    """A shared name left unqualified (by a string annotation) means the object of the module it
    is written in, else the package's own."""
    from sphinx import addnodes

    shared = shared_names()
    for node in doctree.findall(addnodes.pending_xref):
        target = node.get("reftarget", "")
        if node.get("refdomain") != "py" or target not in shared:
            continue
        module = node.get("py:module") or ""
        home = next((m for m in PUBLIC_MODULES if module.startswith(m) and target in importlib.import_module(m).__all__),
                    "icewidgets")
        node["reftarget"] = f"{home}.{target}"


# -- the docstrings' code examples ----------------------------------------------------------------
# The docstrings write an example as a block indented under a paragraph, as Markdown does; it is
# shown as code (a paragraph ending in `::` in reStructuredText).


def code_blocks(app: Any, what: str, name: str, obj: Any, options: Any, lines: list[str]) -> None:
    for i in range(len(lines) - 2, 0, -1):
        if lines[i] or not lines[i + 1].startswith("    ") or lines[i - 1].startswith(" "):
            continue
        before = lines[i - 1].rstrip()
        if before and not before.endswith("::") and not before.lstrip().startswith(("- ", "* ", "..")):
            lines[i - 1] = before + (":" if before.endswith(":") else " ::")


# -- links to the Markdown files the pages include ----------------------------------------------------
# A file from outside docs/ is on the site as the page that includes it: a link to it goes there.

INCLUDED = {"README": "guide", "ARCHITECTURE": "architecture", "icewidgets/games/icefortress/cards/README": "cards"}


def link_included_files(app: Any, doctree: Any) -> None:
    from sphinx import addnodes

    for node in doctree.findall(addnodes.pending_xref):
        if node.get("reftype") != "myst":
            continue
        target = node["reftarget"].removesuffix(".md")
        # a page's link is read from docs/; a link of an included file, from the repository's root
        for path in ((Path(app.srcdir) / target).resolve(), (ROOT / target).resolve()):
            name = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else None
            if name in INCLUDED:
                node["refdomain"], node["reftarget"] = "doc", INCLUDED[name]
                node["reftargetid"] = node.get("reftargetid")  # the resolver of a link to a page reads it
                break


# -- signatures ----------------------------------------------------------------------------------------


def signature(app: Any, what: str, name: str, obj: Any, options: Any, sig: str | None, ret: str | None) -> Any:
    """A widget class is made by its own `__init__` (its library's `__new__` takes anything), and a
    dataclass field's default made by a factory reads `...` (`<factory>` is no Python)."""
    from sphinx.util.inspect import signature as signature_of
    from sphinx.util.inspect import stringify_signature

    new = sig
    if what == "class" and sig is not None and sig.startswith("(*args") and "__init__" in vars(obj):
        made = signature_of(obj.__init__, bound_method=True, type_aliases=app.config.autodoc_type_aliases)
        new = stringify_signature(made, show_return_annotation=False, unqualified_typehints=True)
    if new is not None:
        new = new.replace("<factory>", "...")
    return None if new == sig else (new, ret)


def setup(app: Any) -> None:
    PUBLIC_NAMES.update(public_names())
    app.connect("missing-reference", on_missing_reference)
    app.connect("autodoc-process-docstring", code_blocks)
    app.connect("doctree-read", link_included_files)
    app.connect("doctree-read", qualify_shared_names)
    app.connect("autodoc-process-signature", signature)
