"""The lesson index: the one list that the README table, the lesson list page and every notebook's navigation
come from.

``python -m tools.lessons`` rewrites the README lesson table, the lesson list page ``notebooks/README.md`` and
the navigation cells of every lesson, without running them (``make notebooks`` also rewrites the navigation).
``tests/test_lessons.py`` fails when any of them has drifted from this list.

The lesson list page lives in notebooks/ because that folder is JupyterLab's root (``make lab``, Binder): a
link from a lesson can only reach files inside it. It is Markdown, not a notebook, so opening it starts no
kernel, and JupyterLab shows a Markdown file reached through a link rendered (in its Markdown Preview).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
README = ROOT / "README.md"
#: The lesson list inside JupyterLab's root; every lesson's "All lessons" link opens it.
LESSON_LIST = NOTEBOOKS / "README.md"
#: Where the repository is published (owner/name on GitHub); the Binder links are made from it.
REPOSITORY = "gamelib-kit/gamelib"
BINDER = f"https://mybinder.org/v2/gh/{REPOSITORY}/HEAD?urlpath=lab/tree/notebooks/"


#: Notebooks that are not lessons (no number, no navigation) but are executed and checked like them.
NOTES = [NOTEBOOKS / "notes-on-the-sources.ipynb"]


class Lesson(NamedTuple):
    slug: str
    title: str
    summary: str

    @property
    def filename(self) -> str:
        return f"{self.slug}.ipynb"

    @property
    def path(self) -> Path:
        return NOTEBOOKS / self.filename


LESSONS = [
    Lesson("01-playing-subtraction-games", "Playing subtraction games",
           "Play first; P- and N-positions; the game graph; the labelling algorithm; PTFN; "
           "S = {1, 2, 3}, S = {1, 3, 4} and the digit game."),
    Lesson("02-grundy-values", "Grundy values and the Grundy scale",
           "mex and what a Grundy value means; Grundy values of S(1,2,3), S(2,3), S(2,5,7); the Grundy scale; "
           "P exactly when g = 0."),
    Lesson("03-periodicity", "Periodicity",
           "Every subtraction game repeats: the window proof, minimal periods, preperiods, g(10**18) at once."),
    Lesson("04-nim", "Nim and the nim-sum",
           "Two heaps and the copycat rule; three heaps; binary and the nim-sum; play Nim; why it works."),
    Lesson("05-sums-of-games", "Sums of games",
           "Games side by side; what P and N tell; the Sprague–Grundy theorem and how to win a sum; Poker Nim; "
           "two-heap PTFN; Kayles and the Guy–Smith theorem."),
    Lesson("06-misere-play", "Misère play",
           "Last move loses: misère Nim, misère subtraction games and their periods; the genus and tame games."),
    Lesson("07-more-games", "More impartial games",
           "Wythoff's game and the golden ratio, with Beatty's theorem; the rook game, Chomp and strategy "
           "stealing, projects."),
    Lesson("08-coins-and-trees", "Coins and trees",
           "Coin-turning games: a row is a sum of single coins; Turning Turtles is Nim, Mock Turtles and the odious "
           "numbers, the Ruler game. Green Hackenbush: bamboo stalks, the colon and fusion principles."),
    Lesson("09-nim-in-disguise-and-graphs", "Nim in disguise and games on graphs",
           "Staircase Nim, Moore's Nim and Lasker's Nim with their proofs; the Sprague–Grundy function of a directed "
           "graph; Node Kayles, and Dawson's chess as Node Kayles on a path."),
    Lesson("10-misere-quotients", "Misère quotients",
           "Where the genus stops; sums no third sum tells apart, and the monoid they form; Kayles, the row of 5 and "
           "Plambeck–Siegel's R8; reading outcomes off a Cayley table; tame and wild; what is open."),
]


def nav_markdown(index: int, where: str) -> str:
    """The navigation cell of lesson ``index`` (0-based): ``where`` is 'top' or 'bottom'."""
    lesson = LESSONS[index]
    links = []
    if index > 0:
        before = LESSONS[index - 1]
        links.append(f"← [{before.title}]({before.filename})")
    links.append(f"[All lessons]({LESSON_LIST.name})")
    if index + 1 < len(LESSONS):
        after = LESSONS[index + 1]
        links.append(f"[{after.title}]({after.filename}) →")
    line = " · ".join(links)
    if where == "top":
        return f"*Lesson {index + 1} of {len(LESSONS)}* · {line}\n\n# {index + 1}. {lesson.title}"
    if index + 1 < len(LESSONS):
        # A link opens the next lesson in a new tab; closing this one stops its kernel (kernelShutdown is on).
        line += "\n\n*Close this tab when you open the next lesson: its kernel then stops and frees memory.*"
    return f"---\n{line}"


def readme_table() -> str:
    """The README's lesson table (between the ``lessons`` markers)."""
    rows = ["| # | Lesson | What it covers | Binder |", "|---|---|---|---|"]
    for i, lesson in enumerate(LESSONS, 1):
        rows.append(f"| {i} | [{lesson.title}](notebooks/{lesson.filename}) | {lesson.summary} | "
                    f"[open]({BINDER}{lesson.filename}) |")
    return "\n".join(rows)


def lesson_list_page() -> str:
    """The text of ``notebooks/README.md``: every lesson, in order, linked relative to notebooks/."""
    rows = ["| # | Lesson | What it covers |", "|---|---|---|"]
    rows += [f"| {i} | [{lesson.title}]({lesson.filename}) | {lesson.summary} |" for i, lesson in enumerate(LESSONS, 1)]
    return "\n".join([
        "# Lessons",
        "",
        "<!-- Made by tools/lessons.py from its lesson index: change the index there, then run "
        "`python -m tools.lessons`. -->",
        "",
        f"{len(LESSONS)} lessons on impartial games, to be worked through in order. Each one starts with what you "
        "will learn and ends with a link to the next; the \"All lessons\" link at the top and bottom of every "
        "lesson brings you back here.",
        "",
        *rows,
        "",
        "The homework sets are in the `homework` folder next to the lessons.",
        "",
    ])


MARKERS = ("<!-- lessons:start (made by tools/lessons.py) -->", "<!-- lessons:end -->")


def readme_with_table(text: str) -> str:
    """``text`` with the part between the lesson markers replaced by :func:`readme_table`."""
    start, end = MARKERS
    pattern = re.compile(re.escape(start) + ".*?" + re.escape(end), re.S)
    if not pattern.search(text):
        raise ValueError("README.md has no lesson-table markers")
    return pattern.sub(lambda _: f"{start}\n{readme_table()}\n{end}", text)


def nav_cells(notebook: dict) -> list[dict]:
    """The navigation cells of a notebook (markdown cells tagged 'nav'): the first and the last."""
    return [c for c in notebook["cells"] if "nav" in c.get("metadata", {}).get("tags", [])]


def set_nav(notebook: dict, index: int) -> None:
    """Rewrite the navigation cells of a lesson notebook in place."""
    cells = nav_cells(notebook)
    if len(cells) != 2 or cells[0] is not notebook["cells"][0] or cells[1] is not notebook["cells"][-1]:
        raise ValueError(f"lesson {LESSONS[index].filename} must start and end with a markdown cell tagged 'nav'")
    cells[0]["source"] = nav_markdown(index, "top")
    cells[1]["source"] = nav_markdown(index, "bottom")


def main() -> int:
    README.write_text(readme_with_table(README.read_text()))
    LESSON_LIST.write_text(lesson_list_page())
    import nbformat

    for i, lesson in enumerate(LESSONS):
        if lesson.path.exists():
            nb = nbformat.read(lesson.path, as_version=4)
            set_nav(nb, i)
            nbformat.write(nb, lesson.path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
