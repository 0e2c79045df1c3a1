"""The limits table of the reference, made from ``gamelib/limits.py`` itself: every limit once, in one place.

``gamelib/limits.py`` holds every size limit as a module-level constant, grouped under ``# --- Group``
comments, each described by a ``#:`` comment above it (Sphinx's attribute comment) or a comment at the end
of its line. This reads those (without running anything but the import that gives the values) and writes
``docs/_generated/limits.md``: one table per group, with the name, the value as written and computed, and
the description. A constant without a comment is listed with "—".

Every row has an anchor ``limit-NAME``, and a cross-reference to a limit (``:data:`MAX_TABLE```, or
``:data:`~gamelib.limits.MAX_TABLE```, as docstrings write them) goes to its row.
"""

from __future__ import annotations

import ast
import importlib
import io
import re
import tokenize
from dataclasses import dataclass
from pathlib import Path

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.nodes import make_refnode

from docs._ext.fragments import GENERATED, markdown_text, write_if_changed

MODULE = "gamelib.limits"
GROUP = re.compile(r"#\s*-{2,}\s*(.+?)\s*$")


@dataclass
class Limit:
    name: str
    group: str
    expression: str
    value: object
    description: str


def comments(source: str) -> dict[int, tuple[str, bool]]:
    """{line number: (comment text without '#', whether code comes before it on its line)}."""
    found = {}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            before = token.line[: token.start[1]].strip()
            found[token.start[0]] = (token.string, bool(before))
    return found


def read_limits(module_name: str = MODULE) -> list[Limit]:
    module = importlib.import_module(module_name)
    source = Path(str(module.__file__)).read_text(encoding="utf-8")
    notes = comments(source)
    groups = sorted((line, found[1]) for line, (text, inline) in notes.items()
                    if not inline and (found := GROUP.match(text)))
    limits = []
    for statement in ast.parse(source).body:
        target: ast.expr
        if isinstance(statement, ast.AnnAssign) and statement.value is not None:
            target, value = statement.target, statement.value
        elif isinstance(statement, ast.Assign) and len(statement.targets) == 1:
            target, value = statement.targets[0], statement.value
        else:
            continue
        if isinstance(target, ast.Name):
            pairs = [(target.id, value)]
        elif isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple) and len(target.elts) == len(value.elts):
            pairs = [(t.id, v) for t, v in zip(target.elts, value.elts, strict=True) if isinstance(t, ast.Name)]
        else:
            continue
        above: list[str] = []
        line = statement.lineno - 1
        while line in notes and not notes[line][1] and notes[line][0].startswith("#:"):
            above.insert(0, notes[line][0][2:].strip())
            line -= 1
        trailing = notes.get(statement.end_lineno or statement.lineno)
        if above:
            description = " ".join(above)
        elif trailing and trailing[1]:
            description = trailing[0].lstrip("#:").strip()
        else:
            description = ""
        group = next((title for at, title in reversed(groups) if at < statement.lineno), "")
        for name, node in pairs:
            if name.isupper():
                limits.append(Limit(name, group, ast.get_source_segment(source, node) or "", getattr(module, name),
                                    description))
    return limits


def shown_value(limit: Limit) -> str:
    """The value as written, and computed when that says more (``10**8`` = 100,000,000)."""
    value, expression = limit.value, limit.expression
    if isinstance(value, bool) or not isinstance(value, int | float):
        return f"``{expression}``"
    plain = f"{value:,}" if isinstance(value, int) else f"{value:g}"
    if expression.replace("_", "") == str(value):
        return plain
    if isinstance(value, int) and len(str(value)) > 15:
        return f"``{expression}``"
    return f"``{expression}`` = {plain}"


def limits_markdown(limits: list[Limit]) -> str:
    out = []
    group = None
    for limit in limits:
        if limit.group != group:
            group = limit.group
            out += ["", f"## {markdown_text(group or 'Other limits')}", "",
                    "| Limit | Value | What it limits |", "|---|---|---|"]
        description = markdown_text(limit.description) if limit.description else "—"
        out.append(f'| <span id="limit-{limit.name}"></span>`{limit.name}` | {shown_value(limit)} | {description} |')
    return "\n".join(out).strip() + "\n"


def write_table(app: Sphinx) -> None:
    write_if_changed(Path(app.srcdir) / GENERATED / "limits.md", limits_markdown(read_limits()))


def resolve(app: Sphinx, env, node: nodes.Element, contnode: nodes.Element):
    """A Python cross-reference to a limit that no autodoc entry answered: link to its row of the table."""
    if node.get("refdomain") != "py":
        return None
    name = node.get("reftarget", "").rsplit(".", 1)[-1]
    if not name.isupper() or not hasattr(importlib.import_module(MODULE), name):
        return None
    return make_refnode(app.builder, node["refdoc"], app.config.limits_page, f"limit-{name}", contnode,
                        f"{MODULE}.{name}")


def setup(app: Sphinx) -> dict:
    app.add_config_value("limits_page", "reference/limits", "env")
    app.connect("builder-inited", write_table)
    app.connect("missing-reference", resolve)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
