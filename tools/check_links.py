"""Check every link inside a built HTML site, offline: each page, picture, script and anchor a page refers to
must be there.

Usage: ``python -m tools.check_links docs/_build/html`` (``make docs`` runs it after building). For every
``.html`` file it reads the targets of ``href`` and ``src``: a relative target must name a file of the site
(a folder means its ``index.html``), and a ``#fragment`` must be an ``id`` (or an ``<a name>``) in the page it
points to. Links that leave the site (``https:``, ``mailto:`` ...) are counted, not fetched: this needs no
network, unlike Sphinx's ``linkcheck``. Exit status 1, with every broken link listed, if any is broken.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

LINKING = {"href", "src"}


@dataclass
class Page:
    ids: set[str] = field(default_factory=set)
    links: list[str] = field(default_factory=list)


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.page = Page()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if value is None:
                continue
            if name == "id" or (tag == "a" and name == "name"):
                self.page.ids.add(value)
            elif name in LINKING and not (tag == "link" and ("rel", "canonical") in attrs):
                self.page.links.append(value)


def read_page(path: Path) -> Page:
    reader = _Reader()
    reader.feed(path.read_text(encoding="utf-8", errors="replace"))
    return reader.page


@dataclass
class Report:
    pages: int = 0
    internal: int = 0
    external: int = 0
    broken: list[str] = field(default_factory=list)


def check_site(site: Path) -> Report:
    """Every broken internal link of the HTML files under ``site`` (as 'page: target (why)')."""
    site = site.resolve()
    pages = {path: read_page(path) for path in sorted(site.rglob("*.html"))}
    report = Report(pages=len(pages))
    for path, page in pages.items():
        for link in page.links:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc:
                report.external += 1
                continue
            report.internal += 1
            where = f"{path.relative_to(site)}: {link}"
            target = (path.parent / unquote(parts.path)).resolve() if parts.path else path
            if parts.path.startswith("/") or site not in (target, *target.parents):
                report.broken.append(f"{where} (outside the site)")
                continue
            if target.is_dir():
                target = target / "index.html"
            if not target.is_file():
                report.broken.append(f"{where} (no such file)")
                continue
            fragment = unquote(parts.fragment)
            if fragment and target.suffix == ".html":
                ids = pages[target].ids if target in pages else read_page(target).ids
                if fragment not in ids:
                    report.broken.append(f"{where} (no anchor #{fragment})")
    return report


def main(argv: list[str]) -> int:
    if len(argv) != 1 or not Path(argv[0]).is_dir():
        print("usage: python -m tools.check_links SITE_FOLDER", file=sys.stderr)
        return 2
    report = check_site(Path(argv[0]))
    for problem in report.broken:
        print(f"broken link: {problem}")
    print(f"{report.pages} pages, {report.internal} links inside the site ({len(report.broken)} broken), "
          f"{report.external} to other sites (not fetched)")
    return 1 if report.broken else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
