"""Helpers for the pages made at build time: writing them, and turning plain text into Markdown safely.

The site's extensions write Markdown into build folders (``docs/lessons/``, ``docs/_generated/``) before Sphinx
reads its sources; pages show them with MyST's ``{include}``. A file is only rewritten when its text changes,
so Sphinx rereads only what changed.
"""

from __future__ import annotations

import re
from pathlib import Path

from tools import lessons

#: The build folder of generated fragments, relative to the docs folder (not committed).
GENERATED = "_generated"

#: A file of the repository on GitHub: this prefix, then its path (the repository is the lesson index's).
GITHUB = f"https://github.com/{lessons.REPOSITORY}/blob/HEAD/"
#: A Markdown link; group 1 is its target.
MARKDOWN_LINK = re.compile(r"\]\(([^)\s]+)\)")
CODE_SPAN = re.compile(r"(``.+?``|`[^`]+`)")
ROLE = re.compile(r":(\w+):`")


def write_if_changed(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


def prune(folder: Path, keep: set[str]) -> None:
    """Delete the files of ``folder`` not named in ``keep`` (left over from a page no longer made)."""
    for path in folder.iterdir():
        if path.is_file() and path.name not in keep:
            path.unlink()


def markdown_text(text: str) -> str:
    """reST-flavoured prose (a comment or docstring line) as Markdown for a table cell: ``code`` stays code,
    ``:role:`target``` becomes MyST's ``{role}`target```, and characters Markdown would read as markup
    (``*`` in ``2**15``, ``|`` in ``|S|``, ``<``, ``[``) are written as themselves. Fit for a table cell."""
    pieces = CODE_SPAN.split(ROLE.sub(r"{\1}`", text))
    out = []
    for piece in pieces:
        if CODE_SPAN.fullmatch(piece):
            out.append(piece.replace("|", "\\|"))  # a table cell ends at | even in code
        else:
            out.append(re.sub(r"([*|<\[\]_\\])", r"\\\1", piece))
    return "".join(out)
