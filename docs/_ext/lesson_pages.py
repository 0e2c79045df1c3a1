"""The lesson pages: every lesson of the lesson index, and the notes, rendered from their stored outputs.

Before Sphinx reads its sources, this copies each notebook of ``tools.lessons`` (``LESSONS``, then ``NOTES``)
into ``docs/lessons/`` (a build folder, not committed) and writes the lesson list page ``docs/lessons/index.md``
from the same index, so a lesson added to the index is on the site with nothing else to change. MyST-NB
renders the copies without running them (``nb_execution_mode = "off"``): what the site shows is exactly what
``make notebooks`` stored, widgets as the still picture their panels store beside the live view.

What changes in a copy, for the web page only (the download link gives the notebook as it is in the
repository):

* a line under the title with "Open in Binder" (the link ``tools.lessons`` makes) and "Download";
* links to the lesson list inside JupyterLab (``README.md``) go to the site's lesson list; a link to a file
  of the repository outside ``notebooks/`` goes to that file on GitHub;
* every picture gets a text alternative: a widget's own line (what the panel is and that it is a still
  picture) or the code that drew the figure.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from sphinx.application import Sphinx

from docs._ext.fragments import GITHUB, MARKDOWN_LINK, markdown_text, prune, write_if_changed
from tools import lessons

#: The folder of the site that holds the lesson copies and their list (relative to the docs folder).
FOLDER = "lessons"
#: The line a lesson's last navigation cell ends with, which only makes sense in JupyterLab.
JUPYTERLAB_ONLY = re.compile(r"\n*\*Close this tab[^\n]*\*\s*$")


def notebooks() -> list[Path]:
    """Every notebook the site shows, in the order of the lesson index, then the notes."""
    return [lesson.path for lesson in lessons.LESSONS] + list(lessons.NOTES)


def page_link(target: str) -> str:
    """Where a Markdown link of a lesson points on the site (lessons link relative to ``notebooks/``)."""
    path, _, anchor = target.partition("#")
    if re.match(r"[a-z]+:", target) or target.startswith("#"):
        return target
    if path == lessons.LESSON_LIST.name:
        return "index.md" + (f"#{anchor}" if anchor else "")
    if (lessons.NOTEBOOKS / path).resolve().parent == lessons.NOTEBOOKS and path.endswith(".ipynb"):
        return target
    outside = (lessons.NOTEBOOKS / path).resolve().relative_to(lessons.ROOT)
    return GITHUB + outside.as_posix() + (f"#{anchor}" if anchor else "")


def launch_line(path: Path) -> str:
    """The Markdown under a lesson's title: open it on Binder, or download the notebook itself."""
    original = Path("..", "..", path.relative_to(lessons.ROOT)).as_posix()
    return (f'<span class="lesson-launch">[Open in Binder]({lessons.BINDER}{path.name})</span> '
            f'<span class="lesson-launch">{{download}}`Download the notebook <{original}>`</span>')


def alt_text(cell: dict, output: dict) -> str:
    """A text alternative for a picture a cell stored: the text stored beside it (a panel's sentence, a
    figure's description), unless that is only a Python repr such as ``<GameFigure size 900x330 ...>``; then
    the code that drew it."""
    plain = " ".join("".join(output.get("data", {}).get("text/plain", "")).split())
    if plain and not (plain.startswith("<") and plain.endswith(">")):
        return plain.strip("[]")  # gamelib.widgets.StaticFallback writes "[Panel: ...]"
    code = " ".join("".join(cell["source"]).split())
    return f"The figure drawn by: {code}"


def web_copy(notebook: dict, path: Path) -> dict:
    """The notebook as its web page shows it (see the module docstring)."""
    cells = notebook["cells"]
    for cell in cells:
        if cell["cell_type"] == "markdown":
            text = "".join(cell["source"])
            if "nav" in cell.get("metadata", {}).get("tags", []):
                text = JUPYTERLAB_ONLY.sub("", text)
            cell["source"] = MARKDOWN_LINK.sub(lambda m: f"]({page_link(m[1])})", text)
        elif cell["cell_type"] == "code":
            pictures = [o for o in cell.get("outputs", []) if "image/png" in o.get("data", {})]
            if pictures:
                cell["metadata"].setdefault("mystnb", {})["image"] = {"alt": alt_text(cell, pictures[0])}
    launch = {"cell_type": "markdown", "id": "lesson-launch", "metadata": {}, "source": launch_line(path)}
    title = next(i for i, cell in enumerate(cells) if cell["cell_type"] == "markdown"
                 and re.search(r"^# ", "".join(cell["source"]), re.M))
    cells.insert(title + 1, launch)
    return notebook


def lesson_list() -> str:
    """The site's lesson list, from the lesson index."""
    rows = ["| # | Lesson | What it covers | |", "|---|---|---|---|"]
    for number, lesson in enumerate(lessons.LESSONS, 1):
        rows.append(f"| {number} | [{markdown_text(lesson.title)}]({lesson.filename}) | "
                    f"{markdown_text(lesson.summary)} | [Binder]({lessons.BINDER}{lesson.filename}) |")
    notes = [f"[{title_of(path)}]({path.name})" for path in lessons.NOTES]
    toctree = "\n".join(path.name for path in notebooks())
    return "\n".join([
        "# Lessons",
        "",
        f"{len(lessons.LESSONS)} lessons on impartial games, to be worked through in order. Each page is the lesson "
        "notebook as it was last run, with its pictures; \"Open in Binder\" on a lesson runs it in JupyterLab in "
        "your browser, with nothing to install, and \"Download\" gives you the notebook to open in your own Jupyter.",
        "",
        *rows,
        "",
        "Beside the lessons: " + ", ".join(notes) + ".",
        "",
        "```{toctree}",
        ":hidden:",
        "",
        toctree,
        "```",
        "",
    ])


def title_of(path: Path) -> str:
    """The first level-1 heading of a notebook."""
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        found = re.search(r"^# (.+)$", "".join(cell["source"]), re.M)
        if cell["cell_type"] == "markdown" and found:
            return found[1].strip()
    raise ValueError(f"{path.name} has no title (a '# ' heading)")


def write_pages(app: Sphinx) -> None:
    folder = Path(app.srcdir) / FOLDER
    wanted = {"index.md"}
    for path in notebooks():
        notebook = web_copy(json.loads(path.read_text(encoding="utf-8")), path)
        write_if_changed(folder / path.name, json.dumps(notebook, indent=1, ensure_ascii=False) + "\n")
        wanted.add(path.name)
    write_if_changed(folder / "index.md", lesson_list())
    prune(folder, wanted)  # a lesson renamed or taken out of the index


def setup(app: Sphinx) -> dict:
    app.connect("builder-inited", write_pages)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
