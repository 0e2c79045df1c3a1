"""Real-browser tests: a private JupyterLab driven by Playwright through Debian's chromium.

Session fixtures start one JupyterLab (127.0.0.1, free port, token) on a temporary root holding copies of
the lessons, with private settings, workspace, runtime and config folders so nothing touches the repo or
the user's setup, and one headless chromium. Each test gets the page the last one left, with nothing open in
it (JupyterLab loads once per session, not once per test), wrapped in ``labdriver.Lab``.

Without chromium ($CHROMIUM, or `chromium` on PATH) the tests are skipped with a loud reason -- except under
CI=true, where they fail.
Timings (JupyterLab start, open to ready, run all, ...) are printed at the end of the run.
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import expect

pytest.register_assert_rewrite("labdriver")  # readable assertion failures from the helpers
from labdriver import Lab  # noqa: E402
from labserver import CHROMIUM_ARGS, VIEWPORT, LabServer, chromium, copy_server_root  # noqa: E402

# Every expect() waits for a state (new text, a changed picture); this is only how long before it gives up and
# fails. Playwright's own 5 s was shorter than a kernel's step on a machine at load 7-14, where a test failed
# with its state on its way: the page's own actions wait up to the same (set_default_timeout below).
WAIT_AT_MOST = 60_000
expect.set_options(timeout=WAIT_AT_MOST)

HERE = Path(__file__).resolve().parent
SCREENSHOTS = HERE / "screenshots"

TIMINGS: list[tuple[str, float]] = []


def record(label: str, seconds: float) -> None:
    TIMINGS.append((label, seconds))


def pytest_collection_modifyitems(items):
    for item in items:
        if HERE in Path(item.path).parents:
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    setattr(item, f"report_{report.when}", report)  # read by the `lab` fixture to screenshot failures
    return report


def pytest_terminal_summary(terminalreporter):
    if TIMINGS:
        terminalreporter.section("browser timings")
        for label, seconds in TIMINGS:
            terminalreporter.write_line(f"{seconds:6.2f} s  {label}")


# --- fixtures ------------------------------------------------------------------------------------------

@pytest.fixture(scope="session")
def chromium_path() -> str:
    """Debian's chromium, or the executable named by $CHROMIUM."""
    path = chromium()
    if path:
        return path
    message = ("BROWSER TESTS NOT RUN: Debian's chromium is not installed (Playwright's own browser download "
               "cannot work here). Install it with `make browser-deps` (root) or `apt-get install chromium`.")
    if os.environ.get("CI") == "true":
        pytest.fail(message, pytrace=False)
    pytest.skip(message)


AXE = HERE / "node_modules" / "axe-core" / "axe.min.js"


@pytest.fixture(scope="session")
def axe_script() -> str:
    """axe-core's script (make browser-deps installs it from npm)."""
    if AXE.exists():
        return AXE.read_text(encoding="utf-8")
    message = "ACCESSIBILITY AUDIT NOT RUN: axe-core is not installed; run `make browser-deps` (npm)."
    if os.environ.get("CI") == "true":
        pytest.fail(message, pytrace=False)
    pytest.skip(message)


@pytest.fixture(scope="session")
def lab_root(tmp_path_factory) -> Path:
    """The server's root folder: copies of the lessons and their index page (tests may add notebooks here)."""
    root = tmp_path_factory.mktemp("lab-root")
    copy_server_root(root)
    return root


@pytest.fixture(scope="session")
def lab_server(chromium_path, lab_root, tmp_path_factory):
    """The running JupyterLab (a ``labserver.LabServer``)."""
    try:
        server = LabServer(lab_root, tmp_path_factory.mktemp("lab-home"))
    except RuntimeError as error:
        pytest.fail(str(error), pytrace=False)
    record("JupyterLab start (process to /api/status)", server.start_seconds)
    with server:
        yield server


@pytest.fixture(scope="session")
def browser_context(chromium_path):
    from playwright.sync_api import sync_playwright

    shutil.rmtree(SCREENSHOTS, ignore_errors=True)  # only this run's failures
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        # One context for the session keeps JupyterLab's scripts in the HTTP cache: each test still gets
        # its own page and an empty workspace.
        yield browser.new_context(viewport=VIEWPORT)
        browser.close()


@pytest.fixture(scope="session")
def kept_page() -> dict:
    """The page the tests on the session's JupyterLab pass on to each other (``{"page": page}``), so that
    JupyterLab loads once, not once per test: each test closes what it opened (``Lab.close_all``)."""
    return {}


@pytest.fixture
def lab(request, browser_context, lab_server, kept_page):
    """A page on the test JupyterLab with nothing open in it: the page the last test left, all its documents
    closed and its sessions shut down, or a new one. If the test fails, tests/browser/screenshots/ gets a
    picture of the page (scrolled to the first traceback, if any) and one of the widget the test was using,
    and the page is not passed on."""
    page = kept_page.pop("page", None) or browser_context.new_page()
    page.set_default_timeout(WAIT_AT_MOST)
    driver = Lab(page, lab_server.base_url, lab_server.token, record)
    yield driver
    report = getattr(request.node, "report_call", None)
    name = re.sub(r"[^\w.-]+", "_", request.node.nodeid.split("::", 1)[-1])
    pictures = os.environ.get("WIDGET_PICTURES")  # a folder: keep every widget's picture, pass or fail (docs)
    if pictures and report is not None and report.passed and driver.panel is not None:
        Path(pictures).mkdir(parents=True, exist_ok=True)
        driver.panel.first.screenshot(path=str(Path(pictures) / f"{name}.png"), timeout=10_000)
    if report is not None and report.failed:
        SCREENSHOTS.mkdir(exist_ok=True)
        if driver.panel is not None and driver.panel.count():
            driver.panel.first.screenshot(path=str(SCREENSHOTS / f"{name}-widget.png"), timeout=10_000)
        first_error = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']").first
        if first_error.count():
            first_error.scroll_into_view_if_needed(timeout=5000)  # show the traceback, not the last cell
        page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)
    if report is not None and report.passed and driver.booted() and driver.close_all():
        kept_page["page"] = page
    else:
        page.close()
    lab_server.shut_down_sessions()
