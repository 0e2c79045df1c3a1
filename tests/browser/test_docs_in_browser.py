"""The documentation site in Chromium, served over HTTP from this machine with every other address blocked
(the site must work offline): lesson 1, the API page and a guide show all their pictures, the search box
finds ``grundy``, and the lessons' maths is typeset by the MathJax the site serves itself."""

from __future__ import annotations

import functools
import http.server
import threading

import pytest
from playwright.sync_api import expect

from tests import docs_site
from tools.lessons import LESSONS

pytestmark = pytest.mark.docs

# Every <img> of the page's content (the sidebar too) that comes from the site or is stored in the page itself
# (the lessons' figures are saved as data: pictures), with whether it was drawn.
PICTURES = """() => [...document.querySelectorAll('img')]
  .filter(img => img.src.startsWith(location.origin) || img.src.startsWith('data:image/'))
  .map(img => ({src: img.getAttribute('src'), alt: img.alt, drawn: img.complete && img.naturalWidth > 0}))"""


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


@pytest.fixture(scope="module")
def site_url():
    built = docs_site.built()
    assert built.returncode == 0, built.warnings
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(built.html)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture
def page(browser_context, site_url):
    page = browser_context.new_page()
    page.set_default_timeout(30_000)
    # Offline: anything not served by the site's own server (a CDN, Binder's badge) is refused.
    page.route("**/*", lambda route: route.continue_() if route.request.url.startswith(site_url) else route.abort())
    yield page
    page.close()


def pictures_of(page, url: str) -> list[dict]:
    page.goto(url)
    page.wait_for_load_state("load")
    return page.evaluate(PICTURES)


def test_lesson_1_shows_every_picture_it_stored(page, site_url):
    shown = pictures_of(page, f"{site_url}/lessons/{LESSONS[0].slug}.html")
    assert len(shown) >= 4
    assert all(picture["drawn"] for picture in shown), [p["src"] for p in shown if not p["drawn"]]
    assert all(picture["alt"] for picture in shown)
    expect(page.get_by_role("link", name="Open in Binder")).to_have_attribute(
        "href", f"https://mybinder.org/v2/gh/gamelib-kit/gamelib/HEAD?urlpath=lab/tree/notebooks/{LESSONS[0].filename}")
    expect(page.get_by_role("link", name="Download the notebook")).to_be_visible()


def test_the_api_page_and_a_guide_load_with_their_pictures(page, site_url):
    page.goto(f"{site_url}/reference/gamelib.html")
    expect(page.locator('[id="gamelib.SubtractionGame"]')).to_be_visible()
    expect(page.locator("div.doctest").first).to_be_visible()  # the examples are shown
    front = pictures_of(page, f"{site_url}/index.html")
    assert len(front) == 3 and all(picture["drawn"] for picture in front), front
    guide = pictures_of(page, f"{site_url}/guides/own-server.html")
    assert all(picture["drawn"] for picture in guide)
    expect(page.get_by_role("heading", name="The Littlest JupyterHub (one server)")).to_be_visible()


def test_the_search_box_finds_grundy(page, site_url):
    page.goto(f"{site_url}/lessons/index.html")
    box = page.get_by_role("searchbox").or_(page.locator("input[name=q]")).first
    box.fill("grundy")
    box.press("Enter")
    page.wait_for_url("**/search.html?q=grundy*")
    # Results appear one by one; the summary line is written when the search is done.
    expect(page.locator(".search-summary")).to_contain_text("Search finished", timeout=30_000)
    targets = page.locator("ul.search li a").evaluate_all("links => links.map(a => a.getAttribute('href'))")
    assert any("lessons/02-grundy-values.html" in t for t in targets), targets
    assert any("reference/gamelib.html" in t for t in targets), targets


# Every formula of the page: MathJax puts its rendering (an mjx-container) inside the element that held the TeX.
MATHS = """() => {
  const formulas = [...document.querySelectorAll('div.body .math')];
  const prose = document.querySelector('div.body').cloneNode(true);
  prose.querySelectorAll('pre, code, .highlight, mjx-container, script, style').forEach(e => e.remove());
  return {formulas: formulas.length,
          rendered: formulas.filter(e => e.querySelector('mjx-container')).length,
          raw: (prose.textContent.match(/\\\\\\(|\\\\\\[|\\$[^$\\s][^$\\n]*\\$/g) || []).slice(0, 5)};
}"""


@pytest.mark.parametrize("lesson", [LESSONS[3], LESSONS[6]], ids=lambda lesson: lesson.slug)
def test_the_maths_renders_offline(page, site_url, lesson):
    """MathJax comes from the site itself: with every other address refused, each formula is typeset (none left
    as raw TeX or $...$) and no file the page asks for is missing."""
    failed = []
    page.on("requestfailed", lambda request: failed.append(request.url))
    page.on("response", lambda response: failed.append(response.url) if response.status >= 400 else None)
    page.goto(f"{site_url}/lessons/{lesson.slug}.html")
    page.wait_for_function("() => window.MathJax && MathJax.startup && MathJax.startup.promise")
    page.evaluate("() => MathJax.startup.promise")
    maths = page.evaluate(MATHS)
    assert maths["formulas"] >= 50, maths
    assert maths["rendered"] == maths["formulas"], maths
    assert maths["raw"] == [], maths
    page.wait_for_load_state("networkidle")  # the web fonts MathJax asked for, too
    assert failed == []
    assert page.evaluate("() => [...document.fonts].some(f => f.family.startsWith('MJXZERO') || "
                         "f.family.startsWith('MJXTEX'))")
