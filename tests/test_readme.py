"""The README is a front page: short, with no table or section that the site makes or holds, links that
resolve on GitHub, and the few things it shares with the site's front page taken from one place."""

from __future__ import annotations

import doctest
import importlib
import re
from pathlib import Path

import gamelib.limits
from docs._ext import api_pages
from tools import lessons

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
LINES = README.splitlines()
DOCS = ROOT / "docs"
#: The committed pages of the site written in Markdown (lessons/ and _generated/ are made when it builds).
PAGES = sorted(p for p in DOCS.rglob("*.md") if p.relative_to(DOCS).parts[0] in {"guides", "explanation", "reference"})


def outside_lesson_table(text: str) -> str:
    start, end = lessons.MARKERS
    return re.sub(re.escape(start) + ".*?" + re.escape(end), "", text, flags=re.S)


def prose(text: str) -> str:
    """``text`` without its fenced code blocks."""
    return re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)


def headings(text: str) -> list[str]:
    return [m[1].strip() for m in re.finditer(r"^#{1,6} +(.+)$", prose(text), re.M)]


def slug(heading: str) -> str:
    """GitHub's anchor for a heading, which MyST makes too (myst_heading_anchors in docs/conf.py)."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower().replace("`", "")).replace(" ", "-")


def links(text: str) -> list[str]:
    return re.findall(r"\]\(([^)\s]+)\)", text) + re.findall(r'<img [^>]*src="([^"]+)"', text)


def test_the_readme_is_a_front_page_of_at_most_200_lines():
    assert len(LINES) <= 200


def test_its_only_table_is_the_lesson_table_the_index_makes():
    rows = [line for line in outside_lesson_table(README).splitlines() if line.lstrip().startswith("|")]
    assert rows == []
    assert lessons.readme_with_table(README) == README  # tests/test_lessons.py says how to fix it


def test_it_holds_nothing_the_site_makes_from_the_code_or_the_benchmarks():
    text = prose(outside_lesson_table(README))
    # No speed figure: the speed page is made from benchmarks/results/.
    assert re.findall(r"\d\s?(?:ms|µs|s)\b|\d+(?:,\d{3})*×", text) == []
    # No limit: the limits table is made from gamelib/limits.py.
    limits = [name for name in vars(gamelib.limits) if name.isupper()]
    assert len(limits) > 50 and [name for name in limits if name in README] == []
    assert "LimitError" not in README
    # No API table, and no heading a page of the site has: those sections live there.
    assert not re.search(r"^\| *`\w+\(", README, re.M)
    shared = set(headings(README)) & {h for page in PAGES for h in headings(page.read_text(encoding="utf-8"))}
    assert shared == set()


def test_every_name_it_lists_is_public_and_its_example_holds():
    section = prose(README).split("## Using `gamelib`")[1].split("\n## ")[0]
    listed = [name for item in re.findall(r"^- (.*?)`:", section, re.M)
              for name in re.findall(r"`(?:gamelib\.(\w+)\.)?(\w+)\(", item)]
    assert len(listed) >= 8
    for package, name in listed:
        module = importlib.import_module(f"gamelib.{package}" if package else "gamelib")
        assert module.__name__ in api_pages.PACKAGES  # a package the reference documents
        assert name in module.__all__, f"the README lists {name}, which is not in {module.__name__}.__all__"
    (example,) = re.findall(r"^```python\n(.*?)^```", README, re.S | re.M)
    test = doctest.DocTestParser().get_doctest(example, {}, "README", "README.md", 0)
    assert len(test.examples) >= 3
    result = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS).run(test)
    assert result.failed == 0


def test_every_link_resolves_on_github_and_on_the_site():
    local = [target for target in links(README) if "://" not in target]
    assert len(local) >= 20  # the lessons, the pictures, the guides, the reference
    for target in local:
        path, _, anchor = target.partition("#")
        file = ROOT / path
        assert file.exists(), f"README links to {target}: no such file"
        if anchor:
            assert file.suffix == ".md" and anchor in {slug(h) for h in headings(file.read_text(encoding="utf-8"))}, (
                f"README links to {target}: no such heading")
        if file.is_relative_to(DOCS):
            assert file.suffix in {".md", ".rst", ".png"} and not file.is_relative_to(DOCS / "_build"), target


def test_the_site_shows_the_readme_words_and_pictures_it_shares():
    index = (DOCS / "index.md").read_text(encoding="utf-8")
    for marker in re.findall(r":(?:start-after|end-before): (.+)", index):
        assert README.count(marker.strip()) == 1, marker  # the site's front page includes the README between these
    readme_pictures = re.findall(r'<img src="docs/([^"]+)" alt="([^"]+)"', README)
    site_pictures = [(path, alt) for alt, path in re.findall(r"!\[([^\]]+)\]\(([^)]+)\)", index)]
    assert len(readme_pictures) == 3 and site_pictures == readme_pictures
