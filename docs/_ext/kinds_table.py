"""The kinds of picture a game may name, read from their registry: the list in the guide's "Adding a game".

Every kind is registered once, with ``@figure_kind`` (:mod:`gamelib.plots.positions`); this reads the registry
(``FIGURES``, after ``gamelib.plots`` has imported every module of the package), and every game of the kit
(the game classes ``gamelib`` exports, not the base classes), and writes ``docs/_generated/kinds.md``: one row per
kind with the module that draws it, what its drawing shows (the first sentence of its docstring), how the play
panel presents it and the games that name it. A kind registered by a new module appears with no other change.
"""

from __future__ import annotations

import inspect
from pathlib import Path

from sphinx.application import Sphinx

from docs._ext.fragments import GENERATED, markdown_text, write_if_changed

#: How the play panel presents each kind's positions, in the guide's words.
PLAY_WORDS = {"a button per move": "the picture and a button per move",
              "squares to choose": "a board, squares chosen by click or arrow keys",
              "a row of buttons per heap": "a row of chips per heap, with its buttons"}


def first_sentence(text: str | None) -> str:
    """The first sentence of a docstring, on one line (up to its first full stop followed by a space)."""
    words = " ".join((text or "").split())
    end = words.find(". ")
    return words if end < 0 else words[: end + 1]


def kinds() -> list[dict[str, str]]:
    """One entry per kind of picture registered, with the games of the kit that name it (and, last, "moves":
    the games with no picture of their own)."""
    import gamelib
    import gamelib.plots
    from gamelib.games.base import Game
    from gamelib.plots.positions import FIGURES, NO_PICTURE

    games: dict[str, list[str]] = {}
    for name in gamelib.__all__:
        value = getattr(gamelib, name)
        if inspect.isclass(value) and issubclass(value, Game) and value.moves is not Game.moves:  # not a base class
            games.setdefault(value.figure_kind, []).append(name)
    rows = []
    for kind, view in sorted(FIGURES.items()):
        draw = view.draw
        rows.append({"kind": kind, "module": draw.__module__ if draw else "", "shows": first_sentence(draw.__doc__),
                     "play": PLAY_WORDS.get(view.play, view.play), "games": ", ".join(sorted(games.get(kind, [])))})
    rows.append({"kind": NO_PICTURE.kind, "module": "", "shows": "No picture of its own.",
                 "play": "the position in words and a button per move",
                 "games": ", ".join(sorted(games.get(NO_PICTURE.kind, [])))})
    return rows


def kinds_markdown(rows: list[dict[str, str]]) -> str:
    out = ["| `figure_kind` | Drawn by | What it shows | In the play panel | Games of the kit |",
           "|---|---|---|---|---|"]
    for row in rows:
        module = f"`{row['module'].replace('.', '/')}.py`" if row["module"] else "—"
        out.append(f"| `\"{row['kind']}\"` | {module} | {markdown_text(row['shows'])} | {row['play']} | "
                   f"{markdown_text(row['games']) or '—'} |")
    return "\n".join(out) + "\n"


def write_table(app: Sphinx) -> None:
    write_if_changed(Path(app.srcdir) / GENERATED / "kinds.md", kinds_markdown(kinds()))


def setup(app: Sphinx) -> dict:
    app.connect("builder-inited", write_table)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
