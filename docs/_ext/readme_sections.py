"""README sections on site pages, by reference: the text stays in README.md and is never copied by hand.

``readme_pages`` in conf.py names, for a page, the README headings whose sections it shows. Before Sphinx
reads its sources, each such section is written to ``docs/_generated/readme/<slug>.md`` (a build folder, not
committed), which the page includes with MyST's ``{include}``. On the way:

* the section's own heading is left out (the page has its title) and its subheadings move up one level;
* a subsection that another page shows is replaced by a link to that page, so no text is shown twice;
* links are made to work from the site: a lesson notebook goes to its page, ``#anchor`` to the page that
  shows that heading (or to the README on GitHub), any other file of the repository to GitHub;
* pictures (``<img>``) become MyST images: those from ``docs/`` are copied into the site.

A heading named in ``readme_pages`` that the README no longer has stops the build with its name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.errors import ConfigError

from docs._ext.fragments import GENERATED, GITHUB, MARKDOWN_LINK, prune, write_if_changed
from tools import lessons

FOLDER = f"{GENERATED}/readme"
HEADING = re.compile(r"^(#{1,6}) +(.+?) *#*$")
IMAGE = re.compile(r"<img\s[^>]*>")
ATTRIBUTE = re.compile(r'(\w+)="([^"]*)"')
#: The section before the first ``##`` heading (the README's opening lines under its title).
INTRO = "(intro)"


def slug(text: str) -> str:
    """GitHub's anchor for a heading (and MyST's, with ``myst_heading_anchors``)."""
    text = re.sub(r"[^\w\- ]", "", text.strip().lower().replace("`", ""))
    return text.replace(" ", "-")


@dataclass
class Section:
    title: str
    level: int
    start: int  # index of the heading line (for INTRO: of the first line after the title)
    end: int  # index one past the last line


def sections(lines: list[str]) -> list[Section]:
    """Every heading's section (up to the next heading of the same or a higher level), and INTRO."""
    found: list[Section] = []
    fenced = False
    headings = []
    for i, line in enumerate(lines):
        if line.lstrip().startswith("```"):
            fenced = not fenced
        match = None if fenced else HEADING.match(line)
        if match:
            headings.append((i, len(match[1]), match[2]))
    for k, (i, level, title) in enumerate(headings):
        end = next((j for j, other, _ in headings[k + 1:] if other <= level), len(lines))
        found.append(Section(title, level, i, end))
    if headings and headings[0][1] == 1:
        first_sub = headings[1][0] if len(headings) > 1 else len(lines)
        found.append(Section(INTRO, 2, headings[0][0], first_sub))
    return found


class ReadmePages:
    def __init__(self, readme: Path, pages: dict[str, list[str]]):
        self.lines = readme.read_text(encoding="utf-8").splitlines()
        self.by_title = {s.title: s for s in sections(self.lines)}
        self.owner: dict[str, str] = {}  # section title -> the page that shows it
        for page, titles in pages.items():
            for title in titles:
                if title not in self.by_title:
                    raise ConfigError(f"readme_pages: README.md has no heading {title!r} (wanted by {page})")
                self.owner[title] = page

    def page_of_line(self, index: int) -> str | None:
        """The page that shows README line ``index``: the owner of the innermost shown section holding it."""
        holding = [s for s in self.by_title.values() if s.title in self.owner and s.start <= index < s.end]
        if not holding:
            return None
        return self.owner[max(holding, key=lambda s: s.start).title]

    def link(self, target: str) -> str:
        path, _, anchor = target.partition("#")
        if re.match(r"[a-z]+:", target):
            return target
        if not path:
            heading = next((s for s in self.by_title.values() if slug(s.title) == anchor), None)
            page = self.page_of_line(heading.start) if heading else None
            if page is None:
                return f"{GITHUB}README.md#{anchor}"
            return f"/{page}.md" + ("" if heading.title in self.owner else f"#{anchor}")
        file = Path(path)
        if file.parent == Path("notebooks") and file.suffix == ".ipynb" and (lessons.ROOT / path).exists():
            return f"/lessons/{file.name}" + (f"#{anchor}" if anchor else "")
        return GITHUB + path + (f"#{anchor}" if anchor else "")

    def fragment(self, title: str) -> str:
        """The Markdown of one section, as its page includes it (see the module docstring)."""
        section = self.by_title[title]
        shift = section.level - 1  # the section's subheadings become level 2, under the page's title
        out = []
        i = section.start + 1
        while i < section.end:
            inner = next((s for s in self.by_title.values() if s.start == i and s.title != INTRO), None)
            if inner is not None and inner.title in self.owner and inner.title != title:
                out.append(f"{'#' * (inner.level - shift)} {inner.title}")
                out += ["", f"This is on its own page: [{inner.title}](/{self.owner[inner.title]}.md).", ""]
                i = inner.end
                continue
            line = self.lines[i]
            heading = HEADING.match(line)
            if heading and inner is not None:
                line = f"{'#' * (len(heading[1]) - shift)} {heading[2]}"
            if line.strip() in ("<p>", "</p>"):  # the README's row of pictures: Markdown images below
                line = ""
            line = MARKDOWN_LINK.sub(lambda m: f"]({self.link(m[1])})", line)
            out.append(IMAGE.sub(lambda m: markdown_image(m[0]), line))
            i += 1
        return "\n".join(out).strip() + "\n"


def markdown_image(tag: str) -> str:
    """An HTML ``<img>`` of the README as a MyST image (Sphinx then copies the picture into the site):
    ``docs/images/x.png`` is the site's own ``/images/x.png``; the width is kept."""
    attributes = dict(ATTRIBUTE.findall(tag))
    source = attributes.get("src", "")
    if source.startswith("docs/"):
        source = "/" + source.removeprefix("docs/")
    elif not re.match(r"[a-z]+:", source):
        source = GITHUB.replace("/blob/", "/raw/") + source
    width = f'{{width="{attributes["width"]}"}}' if "width" in attributes else ""
    return f"![{attributes.get('alt', '')}]({source}){width}"


def fragment_name(title: str) -> str:
    return "intro" if title == INTRO else slug(title)


def write_fragments(app: Sphinx) -> None:
    readme = lessons.README
    pages = ReadmePages(readme, app.config.readme_pages)
    folder = Path(app.srcdir) / FOLDER
    wanted = set()
    for title in pages.owner:
        name = f"{fragment_name(title)}.md"
        write_if_changed(folder / name, pages.fragment(title))
        wanted.add(name)
    prune(folder, wanted)


def setup(app: Sphinx) -> dict:
    app.add_config_value("readme_pages", {}, "env")
    app.connect("builder-inited", write_fragments)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
