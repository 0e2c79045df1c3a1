"""Real-browser tests: a private JupyterLab driven by Playwright through Debian's chromium.

Session fixtures start one JupyterLab (127.0.0.1, free port, token) on a temporary root holding copies of
the lessons, with private settings, workspace, runtime and config folders so nothing touches the repo or
the user's setup, and one headless chromium. Each test gets a fresh page wrapped in ``labdriver.Lab``.

Without chromium ($CHROMIUM, or `chromium` on PATH) the tests are skipped with a loud reason -- except under
CI=true, where they fail.
Timings (JupyterLab start, open to ready, run all, ...) are printed at the end of the run.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

pytest.register_assert_rewrite("labdriver")  # readable assertion failures from the helpers
from labdriver import Lab  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
SCREENSHOTS = HERE / "screenshots"
LESSONS = sorted((ROOT / "notebooks").glob("[0-9]*.ipynb"))

# Flags that work for Debian's chromium as root in a container.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-quic"]

# User settings for the private JupyterLab: no news toast over the outputs, no autosave writing outputs
# back, every cell attached to the DOM (the default windowing only renders cells in view).
LAB_SETTINGS = {
    "@jupyterlab/apputils-extension/notification": {"fetchNews": "false", "checkForUpdates": False},
    "@jupyterlab/docmanager-extension/plugin": {"autosave": False},
    "@jupyterlab/notebook-extension/tracker": {"windowingMode": "none"},
    "@jupyterlab/extensionmanager-extension/plugin": {"enabled": False},
}

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
    path = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    if os.access(path, os.X_OK):
        return path
    message = ("BROWSER TESTS NOT RUN: Debian's chromium is not installed (Playwright's own browser download "
               "cannot work here). Install it with `make browser-deps` (root) or `apt-get install chromium`.")
    if os.environ.get("CI") == "true":
        pytest.fail(message, pytrace=False)
    pytest.skip(message)


@pytest.fixture(scope="session")
def lab_root(tmp_path_factory) -> Path:
    """The server's root folder: copies of the lessons (tests may add their own notebooks here)."""
    root = tmp_path_factory.mktemp("lab-root")
    for lesson in LESSONS:
        shutil.copy2(lesson, root / lesson.name)
    return root


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def jupyter_lab(chromium_path, lab_root, tmp_path_factory):
    """A running JupyterLab: yields (base_url, token)."""
    home = tmp_path_factory.mktemp("lab-home")
    settings = home / "settings"
    for plugin, values in LAB_SETTINGS.items():
        file = settings / f"{plugin}.jupyterlab-settings"
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(json.dumps(values))
    env = dict(os.environ,
               JUPYTER_CONFIG_DIR=str(home / "config"), JUPYTER_DATA_DIR=str(home / "data"),
               JUPYTER_RUNTIME_DIR=str(home / "runtime"), JUPYTERLAB_SETTINGS_DIR=str(settings),
               JUPYTERLAB_WORKSPACES_DIR=str(home / "workspaces"), IPYTHONDIR=str(home / "ipython"),
               JUPYTER_PLATFORM_DIRS="1",
               # The kernel spec runs `python`: make it this environment's, where gamelib is installed.
               PATH=os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", ""))
    port, token = _free_port(), secrets.token_hex(16)
    log = (home / "jupyterlab.log").open("w")
    started = time.perf_counter()
    server = subprocess.Popen(
        [sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root",
         "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
         f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={lab_root}",
         "--LabApp.expose_app_in_browser=True",
         "--LabApp.check_for_updates_class=jupyterlab.handlers.announcements.NeverCheckForUpdate"],
        env=env, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, cwd=lab_root)
    base_url = f"http://127.0.0.1:{port}"
    try:
        while True:
            if server.poll() is not None:
                pytest.fail(f"JupyterLab exited ({server.returncode}):\n{(home / 'jupyterlab.log').read_text()}")
            if time.perf_counter() - started > 60:
                pytest.fail(f"JupyterLab did not answer in 60 s:\n{(home / 'jupyterlab.log').read_text()}")
            try:
                request = urllib.request.Request(f"{base_url}/api/status", headers={"Authorization": f"token {token}"})
                with urllib.request.urlopen(request, timeout=2):
                    break
            except OSError:
                time.sleep(0.1)  # polling the server's own readiness, not waiting for the page
        record("JupyterLab start (process to /api/status)", time.perf_counter() - started)
        yield base_url, token
    finally:
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        log.close()


@pytest.fixture(scope="session")
def browser_context(chromium_path):
    from playwright.sync_api import sync_playwright

    shutil.rmtree(SCREENSHOTS, ignore_errors=True)  # only this run's failures
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        # One context for the session keeps JupyterLab's scripts in the HTTP cache: each test still gets
        # its own page and an empty workspace.
        yield browser.new_context(viewport={"width": 1400, "height": 1000})
        browser.close()


def _shut_down_sessions(base_url: str, token: str) -> None:
    """Stop the kernels a test started, so they do not pile up on a 2-core machine."""
    headers = {"Authorization": f"token {token}"}
    with urllib.request.urlopen(urllib.request.Request(f"{base_url}/api/sessions", headers=headers)) as answer:
        sessions = json.load(answer)
    for session in sessions:
        urllib.request.urlopen(urllib.request.Request(
            f"{base_url}/api/sessions/{session['id']}", method="DELETE", headers=headers)).close()


@pytest.fixture
def lab(request, browser_context, jupyter_lab):
    """A fresh page on the test JupyterLab. If the test fails, tests/browser/screenshots/ gets a picture of
    the page (scrolled to the first traceback, if any) and one of the widget the test was using."""
    base_url, token = jupyter_lab
    page = browser_context.new_page()
    page.set_default_timeout(30_000)
    driver = Lab(page, base_url, token, record)
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
    page.close()
    _shut_down_sessions(base_url, token)
