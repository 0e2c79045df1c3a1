"""Read gamelib's docstrings as they are written: plain reStructuredText with NumPy-style section headings.

gamelib's docstrings head their sections the NumPy way (``Parameters`` over a line of dashes) but mostly
describe a parameter on its own line as ``name : what it is`` -- a sentence, not a type -- followed by prose
and doctests after a blank line. napoleon and numpydoc both read the sentence as a type and the prose after
the section as more parameters, so this small reader is used instead (``autodoc-process-docstring``):

* a section heading becomes a rubric (a docstring may not hold real section titles);
* in ``Parameters``, ``Attributes`` and ``Other Parameters``, each ``name : text`` line becomes a
  definition list item: the text is the definition, with its indented continuation lines -- unless the
  continuation starts with a capital letter, as in NumPy style (``max_heap : int`` then ``The largest...``),
  where the text after the colon is a type and shown as the term's classifier;
* the section ends at the first blank line, as it does in gamelib's docstrings;
* ``|`` outside literals and doctests is written as a character, so ``|S|`` is not a substitution;
* a constant shows no docstring rather than its type's (``str``'s, ``dict``'s).
"""

from __future__ import annotations

import inspect
import re

from sphinx.application import Sphinx

DEFINITION_SECTIONS = {"Parameters", "Attributes", "Other Parameters", "Keyword Arguments"}
HEADING_RULE = re.compile(r"-{3,}\s*")
ENTRY = re.compile(r"(?P<names>[A-Za-z_*][\w*]*(?:, *[A-Za-z_*][\w*]*)*)(?: : (?P<text>.*))?")
LITERAL = re.compile(r"(``.+?``)")


def term(names: str) -> str:
    return ", ".join(f"``{name.strip()}``" for name in names.split(","))


def definitions(entries: list[str]) -> list[str]:
    """reST definition list lines for one section's entries (the lines up to the first blank line)."""
    out: list[str] = []
    i = 0
    while i < len(entries):
        head = ENTRY.fullmatch(entries[i])
        if head is None:  # not an entry after all: keep the line as it is
            out.append(entries[i])
            i += 1
            continue
        continuation = []
        i += 1
        while i < len(entries) and entries[i][:1].isspace():
            continuation.append(entries[i].strip())
            i += 1
        text = head["text"] or ""
        if continuation and continuation[0][:1].isupper() and text:  # NumPy style: a type, then the description
            out.append(f"{term(head['names'])} : {text}")
            out += [f"    {line}" for line in continuation]
        else:
            out.append(term(head["names"]))
            out += [f"    {line}" for line in [text, *continuation] if line]
            if not text and not continuation:
                out.append("    \\ ")  # a definition list item needs a definition
    return out


def escape_bars(line: str) -> str:
    """``|`` as a plain character outside inline literals."""
    parts = LITERAL.split(line)
    return "".join(part if part.startswith("``") else part.replace("|", "\\|") for part in parts)


def rewrite(lines: list[str]) -> list[str]:
    """The docstring ``lines`` (already dedented by autodoc) as plain reST; see the module docstring."""
    out: list[str] = []
    i = 0
    in_doctest = in_literal = False
    literal_indent = 0
    while i < len(lines):
        line = lines[i]
        if i + 1 < len(lines) and line.strip() and not line[:1].isspace() and HEADING_RULE.fullmatch(lines[i + 1]):
            out += [f".. rubric:: {line.strip()}", ""]
            i += 2
            while i < len(lines) and not lines[i].strip():
                i += 1
            if line.strip() in DEFINITION_SECTIONS:
                end = i
                while end < len(lines) and lines[end].strip():
                    end += 1
                out += definitions(lines[i:end])
                i = end
            continue
        stripped = line.strip()
        indent = len(line) - len(line.lstrip())
        if not stripped:
            in_doctest = False
        elif stripped.startswith(">>>"):
            in_doctest = True
        if in_literal and stripped and indent <= literal_indent:
            in_literal = False
        out.append(line if in_doctest or in_literal else escape_bars(line))
        if stripped.endswith("::"):
            in_literal, literal_indent = True, indent
        i += 1
    return out


def process(app: Sphinx, what: str, name: str, obj: object, options: dict, lines: list[str]) -> None:
    if what in ("data", "attribute") and "\n".join(lines).strip() == inspect.cleandoc(type(obj).__doc__ or ""):
        lines[:] = []  # a constant has no docstring: autodoc found its type's (str's, dict's)
        return
    lines[:] = rewrite(lines)


def setup(app: Sphinx) -> dict:
    app.connect("autodoc-process-docstring", process)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
