"""The API reference, driven by each public package's ``__all__``: a name added there is documented, a name
renamed is documented under its new name, with nothing to edit here.

``.. gamelib-api:: gamelib.plots`` writes, for that package: its docstring, a summary table of its public
names (autosummary) and every name's own docstring with its example (autodoc; classes with their public
methods). A name some earlier package of :data:`PACKAGES` already exports (``gamelib.play.remoteness`` is
``gamelib.remoteness``) is not documented twice: it is listed with a link to where it is.

With ``:no-index:``, the package's docstring is shown but its links lead elsewhere: for a package that another
page already documents with ``automodule`` (two link targets for one module are a warning).
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil

from docutils import nodes
from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.pycode import ModuleAnalyzer
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles

#: The public packages, in the order of the reference: a name is documented under the first that exports it.
PACKAGES = ["gamelib", "gamelib.plots", "gamelib.widgets", "gamelib.play", "gamelib.exercises", "gamelib.homework"]


def public_names(package: str) -> list[str]:
    module = importlib.import_module(package)
    names = getattr(module, "__all__", None)
    if names is None:
        raise ValueError(f"{package} has no __all__: the reference lists the names __all__ gives")
    return list(names)


def home(package: str, name: str) -> str:
    """The package whose page documents ``package.name``: the first of PACKAGES that exports the same object."""
    obj = getattr(importlib.import_module(package), name)
    if not (inspect.isclass(obj) or inspect.isroutine(obj)):
        return package  # data (constants, registries) is documented where it is exported
    for earlier in PACKAGES[:PACKAGES.index(package)]:
        module = importlib.import_module(earlier)
        if name in public_names(earlier) and getattr(module, name) is obj:
            return earlier
    return package


def attribute_comment(package: str, name: str, obj: object) -> list[str]:
    """The ``#:`` comment over ``name`` in the module inside ``package`` that assigns it (data has no docstring
    of its own: autodoc would show its type's). Empty when ``package`` itself assigns it: autodoc shows that
    comment already (``gamelib.homework.HOMEWORK``)."""
    module = importlib.import_module(package)
    if ModuleAnalyzer.for_module(package).find_attr_docs().get(("", name)):
        return []
    found = []
    if hasattr(module, "__path__"):
        found += [info.name for info in pkgutil.walk_packages(module.__path__, f"{package}.")]
    for candidate in found:
        if getattr(importlib.import_module(candidate), name, None) is not obj:
            continue
        comment = ModuleAnalyzer.for_module(candidate).find_attr_docs().get(("", name))
        if comment:
            return [line for line in comment if line]
    return []


def directive_for(obj: object) -> str:
    if inspect.isclass(obj):
        return "autoclass"
    if inspect.isroutine(obj):
        return "autofunction"
    return "autodata"


class GamelibApi(SphinxDirective):
    """``.. gamelib-api:: PACKAGE``: the package's reference page body (see the module docstring)."""

    required_arguments = 1
    option_spec = {"no-index": directives.flag}

    def run(self) -> list[nodes.Node]:
        package = self.arguments[0]
        module = importlib.import_module(package)
        here: list[str] = []
        elsewhere: list[str] = []
        for name in public_names(package):
            (here if home(package, name) == package else elsewhere).append(name)
        lines = [f".. automodule:: {package}", *(["   :no-index:"] if "no-index" in self.options else []), "",
                 f".. currentmodule:: {package}", "",
                 ".. autosummary::", "   :nosignatures:", ""]
        lines += [f"   {name}" for name in here]
        lines.append("")
        if elsewhere:
            links = ", ".join(f":py:obj:`{name} <{home(package, name)}.{name}>`" for name in elsewhere)
            lines += [f"Also importable from ``{package}``, and documented where they first appear: {links}.", ""]
        for name in here:
            obj = getattr(module, name)
            kind = directive_for(obj)
            lines.append(f".. {kind}:: {name}")
            if kind == "autoclass":
                lines += ["   :members:", "   :show-inheritance:"]
            if kind == "autodata":
                if len(repr(obj)) > 60:
                    lines.append("   :no-value:")
                lines += ["", *(f"   {line}" for line in attribute_comment(package, name, obj))]
            lines.append("")
        content = StringList(lines, source=f"<gamelib-api {package}>")
        container = nodes.container()
        nested_parse_with_titles(self.state, content, container)
        return container.children


def skip_member(app: Sphinx, what: str, name: str, obj: object, skip: bool, options: dict) -> bool | None:
    """Leave out what a class only inherits from another library (matplotlib makes a ``set`` method for every
    Figure subclass) and NamedTuple fields, which the class docstring's Attributes describe."""
    if (getattr(obj, "__doc__", None) or "").startswith("Alias for field number"):
        return True
    module = getattr(obj, "__module__", None) or ""
    if what == "class" and callable(obj) and module and not module.startswith("gamelib"):
        return True
    return None


def setup(app: Sphinx) -> dict:
    app.add_directive("gamelib-api", GamelibApi)
    app.connect("autodoc-skip-member", skip_member)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
