"""The site's extensions (docs/_ext), one by one and without building the site: each makes its pages from
the kit's own sources, so each is fed a small source here and what it writes is checked."""

from __future__ import annotations

import json
import re
import shutil
import textwrap
from pathlib import Path
from types import SimpleNamespace

import pytest
from sphinx.errors import ConfigError

from docs._ext import (
    api_pages,
    docstrings,
    fragments,
    kinds_table,
    lesson_pages,
    limits_table,
    mathjax_local,
    speed_tables,
)
from tools import lessons

# --- docstrings: gamelib's own way of writing sections ---------------------------------------------------


def rewrite(text: str) -> str:
    return "\n".join(docstrings.rewrite(textwrap.dedent(text).strip("\n").splitlines()))


def test_a_parameter_described_in_a_sentence_is_a_definition_not_a_type():
    out = rewrite("""
        Parameters
        ----------
        S : a finite collection of positive whole numbers (any order; repeats are
            ignored).
        rows, cols : size of the bar.

        More prose.
        """)
    assert out.splitlines() == [
        ".. rubric:: Parameters", "",
        "``S``", "    a finite collection of positive whole numbers (any order; repeats are", "    ignored).",
        "``rows``, ``cols``", "    size of the bar.",
        "", "More prose."]


def test_a_numpy_style_parameter_keeps_its_type_as_a_classifier():
    out = rewrite("""
        Parameters
        ----------
        max_heap : int
            The largest Nim heap tried.
        """)
    assert out.splitlines() == [".. rubric:: Parameters", "", "``max_heap`` : int", "    The largest Nim heap tried."]


def test_bars_are_characters_outside_literals_and_doctests():
    out = rewrite("""
        Work is heaps times (|S| + 2); ``a | b`` is code.

        >>> 3 | 5
        7
        """)
    assert out.splitlines()[0] == "Work is heaps times (\\|S\\| + 2); ``a | b`` is code."
    assert out.splitlines()[2:4] == [">>> 3 | 5", "7"]


def test_other_section_headings_become_rubrics_and_keep_their_text():
    out = rewrite("""
        Returns
        -------
        list of int
            The heaps.
        """)
    assert out.splitlines() == [".. rubric:: Returns", "", "list of int", "    The heaps."]


def test_a_constant_shows_no_docstring_rather_than_its_types():
    lines = [line for line in str.__doc__.splitlines()]
    docstrings.process(None, "data", "gamelib.play.STUDENT", "student", {}, lines)
    assert lines == []
    lines = ["The registry."]
    docstrings.process(None, "data", "x", {}, {}, lines)
    assert lines == ["The registry."]


# --- the API reference: from __all__ -----------------------------------------------------------------------

def test_a_name_exported_twice_is_documented_where_it_first_appears(monkeypatch):
    import gamelib
    import gamelib.play

    # The kit exports each name once today; a later package re-exporting an earlier one's name links to it.
    monkeypatch.setattr(gamelib.play, "grundy", gamelib.grundy, raising=False)
    monkeypatch.setattr(gamelib.play, "__all__", [*gamelib.play.__all__, "grundy"])
    assert api_pages.home("gamelib.play", "grundy") == "gamelib"
    assert api_pages.home("gamelib.play", "PlaySession") == "gamelib.play"
    assert api_pages.home("gamelib", "grundy") == "gamelib"
    assert api_pages.home("gamelib", "grundy") == "gamelib"


def test_the_reference_lists_what_all_lists(monkeypatch):
    import gamelib.plots

    monkeypatch.setattr(gamelib.plots, "__all__", [*gamelib.plots.__all__, "NEW_NAME"])
    assert api_pages.public_names("gamelib.plots")[-1] == "NEW_NAME"
    monkeypatch.delattr(gamelib.plots, "__all__")
    with pytest.raises(ValueError, match="no __all__"):
        api_pages.public_names("gamelib.plots")


# --- lesson pages: from the lesson index ---------------------------------------------------------------------

@pytest.fixture
def lesson_folder(tmp_path, monkeypatch):
    """A copy of notebooks/ that the lesson index points to, and an empty docs folder."""
    notebooks = tmp_path / "notebooks"
    shutil.copytree(lessons.NOTEBOOKS, notebooks, ignore=shutil.ignore_patterns("homework"))
    monkeypatch.setattr(lessons, "NOTEBOOKS", notebooks)
    monkeypatch.setattr(lessons, "ROOT", tmp_path)
    monkeypatch.setattr(lessons, "NOTES", [notebooks / path.name for path in lessons.NOTES])
    (tmp_path / "docs").mkdir()
    return tmp_path


def test_a_lesson_added_to_the_index_is_all_the_site_needs(lesson_folder, monkeypatch):
    last = lessons.LESSONS[-1]
    extra = lessons.Lesson("99-an-extra-lesson", "An extra lesson", "Whatever comes next.")
    notebook = json.loads(last.path.read_text())
    notebook["cells"][0]["source"] = "# 99. An extra lesson"
    (lessons.NOTEBOOKS / extra.filename).write_text(json.dumps(notebook))
    monkeypatch.setattr(lessons, "LESSONS", [*lessons.LESSONS, extra])
    lesson_pages.write_pages(SimpleNamespace(srcdir=str(lesson_folder / "docs")))
    written = lesson_folder / "docs" / "lessons"
    index = (written / "index.md").read_text()
    assert f"| {len(lessons.LESSONS)} | [An extra lesson](99-an-extra-lesson.ipynb) |" in index
    assert index.index(last.filename) < index.index("99-an-extra-lesson.ipynb") < index.index("```", index.index(
        ":hidden:"))
    copy = json.loads((written / extra.filename).read_text())
    assert f"({lessons.BINDER}{extra.filename})" in copy["cells"][1]["source"]
    # taken out of the index again: its page goes too
    monkeypatch.setattr(lessons, "LESSONS", lessons.LESSONS[:-1])
    lesson_pages.write_pages(SimpleNamespace(srcdir=str(lesson_folder / "docs")))
    assert not (written / extra.filename).exists()


def test_the_web_copy_of_a_lesson(lesson_folder):
    path = lessons.LESSONS[0].path
    copy = lesson_pages.web_copy(json.loads(path.read_text()), path)
    top, launch, bottom = copy["cells"][0], copy["cells"][1], copy["cells"][-1]
    assert "](index.md)" in top["source"] and "README.md" not in top["source"]  # the site's lesson list
    assert "Close this tab" not in bottom["source"]  # JupyterLab advice, not for a web page
    assert "{download}`Download the notebook <../../notebooks/01-playing-subtraction-games.ipynb>`" in launch["source"]
    # Every picture the page shows has a text alternative: a bare PNG output gets one from the docs build, and
    # the kit's figures and panels are stored as <img alt="..."> already (with the figure's own sentence).
    alts = []
    for cell in (c for c in copy["cells"] if c["cell_type"] == "code"):
        for output in cell["outputs"]:
            data = output.get("data", {})
            if "image/png" in data:
                alts.append(cell["metadata"]["mystnb"]["image"]["alt"])
            html = "".join(data.get("text/html", ""))
            alts += [m.group(1) for m in re.finditer(r'<img alt="([^"]*)"', html)]
            assert html.count("<img") == len(re.findall(r'<img alt="[^"]+"', html)), html[:200]
    assert len(alts) >= 3 and all(alts)
    assert any(alt.startswith("Game graph of S = {1, 2, 3}") for alt in alts)
    assert any("nothing is labelled yet" for alt in alts)


def test_links_of_a_lesson_on_the_site():
    assert lesson_pages.page_link("README.md") == "index.md"
    assert lesson_pages.page_link("02-grundy-values.ipynb") == "02-grundy-values.ipynb"
    assert lesson_pages.page_link("https://example.org/x") == "https://example.org/x"
    assert lesson_pages.page_link("../README.md#lessons") == f"{lesson_pages.GITHUB}README.md#lessons"


# --- MathJax, served by the site itself ------------------------------------------------------------------

def test_without_mathjax_installed_the_build_stops_and_says_what_to_run(tmp_path):
    app = SimpleNamespace(srcdir=str(tmp_path))
    with pytest.raises(ConfigError, match="make docs-deps"):
        mathjax_local.check_installed(app, None)


def test_the_site_gets_the_component_and_what_it_loads_later_and_nothing_else(tmp_path):
    es5 = tmp_path / "docs" / mathjax_local.SOURCE
    for name in [mathjax_local.COMPONENT, "tex-svg.js", "output/chtml/fonts/woff-v2/MathJax_Main-Regular.woff",
                 "input/tex/extensions/cancel.js", "sre/mathmaps/en.json", "output/svg.js"]:
        (es5 / name).parent.mkdir(parents=True, exist_ok=True)
        (es5 / name).write_text(name)
    app = SimpleNamespace(srcdir=str(tmp_path / "docs"), outdir=str(tmp_path / "html"),
                          builder=SimpleNamespace(format="html"))
    mathjax_local.check_installed(app, None)
    mathjax_local.copy_mathjax(app, None)
    served = tmp_path / "html" / "_static" / mathjax_local.TARGET
    copied = sorted(p.relative_to(served).as_posix() for p in served.rglob("*") if p.is_file())
    assert copied == ["input/tex/extensions/cancel.js", "output/chtml/fonts/woff-v2/MathJax_Main-Regular.woff",
                      "sre/mathmaps/en.json", mathjax_local.COMPONENT]
    from docs import conf

    assert conf.mathjax_path == f"{mathjax_local.TARGET}/{mathjax_local.COMPONENT}"


# --- the limits table, from gamelib/limits.py -----------------------------------------------------------------

LIMITS = '''\
"""Limits."""

# --- Tables

#: Largest table: 10**8 bytes at most.
MAX_TABLE = 10**8
#: Budget: heaps times (|S| + 2),
#: about the steps taken.
SCAN_STEPS = 12 * 10**6

# --- Panels (each states its own)

MAX_STRIP = 200
MAX_PANEL = 80  # heaps shown in a strip
LOW, HIGH = 3.0, 20.0
RATIO: int = MAX_TABLE // 4
lowercase = 1
'''


def test_limits_are_read_with_their_comments_and_groups(tmp_path, monkeypatch):
    (tmp_path / "fake_limits.py").write_text(LIMITS)
    monkeypatch.syspath_prepend(str(tmp_path))
    found = {limit.name: limit for limit in limits_table.read_limits("fake_limits")}
    assert list(found) == ["MAX_TABLE", "SCAN_STEPS", "MAX_STRIP", "MAX_PANEL", "LOW", "HIGH", "RATIO"]
    assert found["MAX_TABLE"].description == "Largest table: 10**8 bytes at most."
    assert found["SCAN_STEPS"].description == "Budget: heaps times (|S| + 2), about the steps taken."
    assert found["MAX_PANEL"].description == "heaps shown in a strip"
    assert found["MAX_STRIP"].description == ""
    assert found["MAX_STRIP"].group == "Panels (each states its own)" and found["MAX_TABLE"].group == "Tables"
    assert (found["HIGH"].expression, found["HIGH"].value) == ("20.0", 20.0)
    assert limits_table.shown_value(found["MAX_TABLE"]) == "``10**8`` = 100,000,000"
    assert limits_table.shown_value(found["MAX_PANEL"]) == "80"
    assert limits_table.shown_value(found["RATIO"]) == "``MAX_TABLE // 4`` = 25,000,000"
    table = limits_table.limits_markdown(list(found.values()))
    assert "| Budget: heaps times (\\|S\\| + 2), about the steps taken. |" in table
    assert "10\\*\\*8 bytes" in table
    assert '| <span id="limit-MAX_STRIP"></span>`MAX_STRIP` | 200 | — |' in table


def test_every_limit_of_gamelib_is_read():
    import gamelib.limits

    read = [limit.name for limit in limits_table.read_limits()]
    assert sorted(read) == sorted(name for name in vars(gamelib.limits) if name.isupper())


# --- the guide's kinds of picture, from their registry -------------------------------------------------------

def test_the_guide_lists_every_kind_registered_with_the_games_that_name_it(monkeypatch):
    import gamelib.plots
    from gamelib.plots.positions import FIGURES, KindView

    rows = {row["kind"]: row for row in kinds_table.kinds()}
    assert set(rows) == set(FIGURES) | {"moves"}
    assert {"stairs", "digraph", "kayles"} <= set(rows)  # the three the hand-written list had left out
    assert "NorthcottsGame" in rows["board"]["games"].split(", ") and rows["stairs"]["games"] == "StaircaseNim"
    assert "Game" not in rows["moves"]["games"].split(", ")  # base classes are not games of the kit
    table = kinds_table.kinds_markdown(kinds_table.kinds())
    assert "| `\"board\"` | `gamelib/plots/boards.py` | A board game's position:" in table

    monkeypatch.setitem(FIGURES, "dots", KindView("dots", gamelib.plots.position_figure))  # a new module's kind
    assert "dots" in {row["kind"] for row in kinds_table.kinds()}


# --- the speed tables, from the benchmarks' results files ---------------------------------------------------

def result(name: str, output: str, format: str) -> dict:
    return {"benchmark": name, "arguments": ["--quick"], "format": format, "finished": "2026-11-25T10:00:00Z",
            "seconds": 90.0, "output": output,
            "machine": {"cores": 2, "load_before": [1.0, 0.5, 0.25], "load_after": [2.0, 1.0, 0.5],
                        "python": "3.11.7", "platform": "Linux-6"}}


def test_the_speed_page_shows_each_report_as_it_was_printed():
    page = speed_tables.speed_markdown({
        "run": result("run", "S    stop   mex loop\n{2, 5, 7}  10**6  0.4 s\n", "text"),
        "browser": result("browser", "## Browser benchmark\n\n### Idle\n\n| a | b |\n|---|---|\n| 1 | 2 |\n",
                          "markdown"),
    })
    assert "Measured with `python -m benchmarks.run --quick`, finished 2026-11-25 10:00:00 UTC after 1.5 min" in page
    assert "before: 1.00, 0.50, 0.25; after: 2.00, 1.00, 0.50" in page
    assert "````text\nS    stop   mex loop\n{2, 5, 7}  10**6  0.4 s\n````" in page
    assert "\n### Browser benchmark\n\n#### Idle\n\n| a | b |" in page  # under the page's own headings
    assert "Not measured yet: `make bench-grading` writes `benchmarks/results/grading.json`" in page
    assert "`make bench-guessing` writes `benchmarks/results/grading_guessing.json`" in page
    assert page.index("The engine") < page.index("The widgets") < page.index("Grading")


def test_markdown_text_keeps_code_and_escapes_markup():
    assert fragments.markdown_text("see :func:`ptfn`, 2**15 and |S|; ``a|b``") == \
        "see {func}`ptfn`, 2\\*\\*15 and \\|S\\|; ``a\\|b``"


def test_a_generated_page_is_only_written_when_it_changes(tmp_path):
    path = tmp_path / "a" / "page.md"
    fragments.write_if_changed(path, "one")
    stamp = path.stat().st_mtime_ns
    fragments.write_if_changed(path, "one")
    assert path.stat().st_mtime_ns == stamp
    fragments.write_if_changed(path, "two")
    assert path.read_text() == "two"


def test_docs_pages_exist_for_every_reference_package():
    folder = Path(__file__).resolve().parent.parent / "docs" / "reference"
    for package in api_pages.PACKAGES:
        stem = "gamelib" if package == "gamelib" else package.split(".")[-1]
        assert f".. gamelib-api:: {package}" in (folder / f"{stem}.rst").read_text()


def test_the_exercises_a_homework_set_can_use_are_listed_from_the_code_with_bounds_and_kinds():
    from docs._ext.homework_exercises import exercise_rows, exercises_markdown
    from gamelib.exercises import PRACTISED, bounds_of
    from gamelib.exercises.practice import NOT_PRACTISED

    rows = exercise_rows(samples=40)
    assert [row["id"] for row in rows] == list(PRACTISED)
    page = exercises_markdown(rows)
    for exercise in PRACTISED:
        line = next(line for line in page.splitlines() if f'id="exercise-{exercise.replace(".", "-")}"' in line)
        assert all(f"`{bound.name}`" in line and f"from {bound.low} to {bound.high}" in line
                   for bound in bounds_of(exercise)), line
        assert "not of the answer's form" in line and "another wrong value" in line
    wythoff = next(row for row in rows if row["id"] == "7.2")
    assert "a legal move that leaves an N-position" in wythoff["kinds"]
    assert "two different heaps from 1 to 15 with a winning move" == wythoff["deals"]
    assert all(f"**{exercise}**" in page for exercise in NOT_PRACTISED)
