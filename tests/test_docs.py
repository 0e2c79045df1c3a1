"""The documentation site as built (``make docs-test``): no warning, no broken link, and everything it must
show is there -- every lesson with its pictures and links, every public name, every limit, every benchmark run.

The site is built once per run (tests/docs_site.py), from a fresh environment with warnings as errors.
"""

from __future__ import annotations

import functools
import importlib
import json
import re
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from benchmarks import results
from docs._ext import api_pages, limits_table
from tests import docs_site
from tools import check_links, lessons

pytestmark = pytest.mark.docs

REFERENCE_PAGES = {"gamelib": "gamelib", "gamelib.plots": "plots", "gamelib.widgets": "widgets",
                   "gamelib.play": "play", "gamelib.exercises": "exercises", "gamelib.homework": "homework"}


@pytest.fixture(scope="module")
def site():
    built = docs_site.built()
    assert built.returncode == 0, f"the site does not build without warnings:\n{built.warnings}"
    return built.html


@functools.cache
def page(site, name: str) -> BeautifulSoup:
    """A page of the site, parsed (once: the tests only read it)."""
    return BeautifulSoup((site / name).read_text(encoding="utf-8"), "html.parser")


def test_the_site_builds_from_the_sources_with_no_warning(capsys):
    built = docs_site.built()
    with capsys.disabled():
        print(f"\n  docs build: {built.seconds:.1f} s", end="")
    assert built.returncode == 0, built.warnings
    assert "WARNING" not in built.warnings and "ERROR" not in built.warnings, built.warnings


def test_every_link_inside_the_site_resolves(site):
    report = check_links.check_site(site)
    assert report.broken == []
    assert report.pages >= len(lessons.LESSONS) + 15 and report.internal > 1000  # it looked at the whole site


def test_the_lesson_list_follows_the_lesson_index(site):
    listed = [a["href"] for a in page(site, "lessons/index.html").select("table a.internal")]
    assert listed == [f"{lesson.slug}.html" for lesson in lessons.LESSONS]


@pytest.mark.parametrize("lesson", lessons.LESSONS + [None], ids=[les.slug for les in lessons.LESSONS] + ["notes"])
def test_each_lesson_page_has_its_pictures_binder_and_download(site, lesson):
    path = lesson.path if lesson else lessons.NOTES[0]
    html = page(site, f"lessons/{path.stem}.html")
    notebook = json.loads(path.read_text(encoding="utf-8"))
    pictures = sum("image/png" in output.get("data", {}) for cell in notebook["cells"] if cell["cell_type"] == "code"
                   for output in cell["outputs"])
    body = html.select_one("div.body")
    images = body.select("img")
    assert len(images) >= pictures  # every stored picture (a widget's still picture too) is on the page
    assert all(img.get("alt") and not img["alt"].endswith(".png") for img in images)
    binder = body.find("a", string="Open in Binder")
    assert binder["href"] == f"{lessons.BINDER}{path.name}"
    download = body.select_one("a.download")
    assert (site / "lessons" / download["href"]).resolve().read_bytes() == path.read_bytes()  # as committed
    title = next(c for c in notebook["cells"] if c["cell_type"] == "markdown")
    heading = re.search(r"^# (.+)$", "".join(title["source"]), re.M)[1]
    assert body.h1.get_text().rstrip("#¶ ") == heading


@pytest.mark.parametrize("lesson", lessons.LESSONS + [None], ids=[les.slug for les in lessons.LESSONS] + ["notes"])
def test_every_formula_of_a_lesson_reaches_mathjax(site, lesson):
    """The lessons' maths is written for JupyterLab ($...$, $$...$$ even inside a paragraph); on the site each
    formula must become an element MathJax typesets, never text left with its dollars or TeX delimiters."""
    path = lesson.path if lesson else lessons.NOTES[0]
    body = BeautifulSoup((site / "lessons" / f"{path.stem}.html").read_text(encoding="utf-8"),
                         "html.parser").select_one("div.body")
    formulas = body.select(".math")
    for element in body.select("pre, code, .math, script, style"):
        element.decompose()
    prose = body.get_text()
    assert formulas
    assert re.findall(r"\\[(\[]|\$[^$\s][^$\n]*\$", prose) == []


def test_every_public_name_is_in_the_reference_with_its_example(site):
    for package in REFERENCE_PAGES:
        module = importlib.import_module(package)
        for name in module.__all__:
            home = api_pages.home(package, name)
            html = page(site, f"reference/{REFERENCE_PAGES[home]}.html")
            entry = html.find(id=f"{home}.{name}")
            assert entry is not None, f"{package}.{name} is not documented on reference/{REFERENCE_PAGES[home]}"
            obj = getattr(module, name)
            shown = entry.find_next_sibling("dd")
            if api_pages.directive_for(obj) == "autodata":  # a constant: its comment says what it is, once
                words = " ".join(shown.get_text().split())
                assert len(words) > 20, f"{home}.{name}: the reference does not say what it is"
                assert words.count(words[:20]) == 1, f"{home}.{name}: its comment is shown twice"
            elif ">>>" in (obj.__doc__ or ""):
                assert shown.select_one("div.doctest, .highlight-pycon, pre"), (
                    f"{home}.{name}: its docstring example is not shown")


def test_the_limits_table_has_every_limit_of_gamelib_limits(site):
    html = page(site, "reference/limits.html")
    module = importlib.import_module(limits_table.MODULE)
    names = [name for name in vars(module) if name.isupper()]
    assert len(names) > 50
    for name in names:
        anchor = html.find(id=f"limit-{name}")
        assert anchor is not None, f"{name} is missing from the limits table"
        value = getattr(module, name)
        if isinstance(value, int) and len(str(value)) <= 15:
            assert f"{value:,}" in anchor.find_parent("tr").get_text()


def test_a_docstring_reference_to_a_limit_links_to_its_row(site):
    # nim_heap_partners' docstring says ":data:`MAX_PARTNER_HEAP`": it must reach the row, not stay plain text.
    links = page(site, "reference/gamelib.html").select('a[href$="limits.html#limit-MAX_PARTNER_HEAP"]')
    assert links


def test_the_speed_page_shows_every_results_file(site):
    text = page(site, "explanation/speed.html").get_text()
    found = results.read_all()
    for name, result in found.items():
        assert result["finished"].replace("T", " ").rstrip("Z") in text, name
        last_line = result["output"].strip().splitlines()[-1]
        words = re.findall(r"[A-Za-z]{4,}", last_line)[:3]  # Markdown markup aside, the words are there
        assert all(word in text for word in words), (name, words)


def test_each_guide_says_its_own_things_and_links_to_the_others(site):
    # The TLJH steps are on the own-server guide, and the teaching guide links there instead of repeating them.
    own_server = page(site, "guides/own-server.html").get_text()
    teaching = page(site, "guides/teaching.html")
    assert "tljh-config" in own_server and "tljh-config" not in teaching.get_text()
    assert teaching.find("a", href=re.compile(r"^own-server\.html$")) is not None
    sandbox = page(site, "explanation/sandbox.html").get_text()
    homework = page(site, "guides/homework.html")
    assert "bubblewrap sandbox" in sandbox and "61000" not in homework.get_text()
    assert homework.find("a", href=re.compile(r"explanation/sandbox\.html$")) is not None
    # gamelib.homework's docstring (the odds that two students share answers) is shown, not copied.
    assert "some two of 40" in homework.get_text()


def test_the_front_page_shows_the_readme_opening_and_its_pages(site):
    readme = lessons.README.read_text(encoding="utf-8")
    opening = readme.split("<!-- intro:start")[1].split("-->", 1)[1].split("<!-- intro:end -->")[0]
    front = " ".join(page(site, "index.html").select_one("div.body").get_text().split())
    first_words = " ".join(opening.split()[:6])  # "Jupyter lessons that go from ..."
    assert first_words.replace('"', "") in front.replace("“", "").replace("”", "")
    assert "make docs builds" not in front  # only the list of pages, not the README's sentence about building


def test_every_readme_link_into_docs_is_a_page_of_the_site(site):
    targets = re.findall(r"\]\((docs/[^)\s]+)\)", lessons.README.read_text(encoding="utf-8"))
    pages = [t for t in targets if not t.startswith("docs/images/")]
    assert len(pages) >= 10
    for target in pages:
        path, _, anchor = target.removeprefix("docs/").partition("#")
        built = site / str(Path(path).with_suffix(".html"))
        assert built.is_file(), f"README links to {target}, which the site does not have"
        if anchor:
            assert page(site, built.relative_to(site).as_posix()).find(id=anchor) is not None, target
