"""Three students on the class hub (hub/jupyterhub_config.py), each in a real Chromium of their own.

Each logs in with the class password by following the nbgitpuller link, which starts their server, pulls the
lessons into their home and opens lesson 1; Run All finishes with no error and a widget answers a slider step.
Then one student edits lesson 1, saves, and clicks the link again: the edit is still there.

The three servers start together (as in a class); the runs in the browser go one after another. Needs
configurable-http-proxy (`make hub-deps`, from npm): skipped without it, except under CI=true, where it fails.
"""

from __future__ import annotations

import importlib.util
import os
import socket
import time
from pathlib import Path

import pytest
from conftest import record
from labdriver import Lab
from playwright.sync_api import expect

ROOT = Path(__file__).resolve().parents[2]
STUDENTS = ["ada", "blaise", "carl"]
LESSON_PATH = "gamelib-lessons/notebooks/01-playing-subtraction-games.ipynb"
EDIT = "# my own note, kept by a second click"

pytestmark = [pytest.mark.slow, pytest.mark.browser, pytest.mark.deploy]


def _load_hubctl():
    """hub/hubctl.py, the module `make hub` runs (hub/ is scripts, not a package)."""
    spec = importlib.util.spec_from_file_location("hubctl", ROOT / "hub" / "hubctl.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


hubctl = _load_hubctl()


def _three_free_ports() -> int:
    for _ in range(50):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        try:
            taken = [socket.create_server(("127.0.0.1", p)) for p in (port, port + 1, port + 2)]
        except OSError:
            continue
        for s in taken:
            s.close()
        return port
    raise RuntimeError("no three free ports in a row on 127.0.0.1")


@pytest.fixture(scope="module")
def hub(chromium_path, tmp_path_factory):
    if needs := hubctl.missing():
        message = "HUB TEST NOT RUN: missing " + "; ".join(needs)
        if os.environ.get("CI") == "true":
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    started = time.perf_counter()
    # expose_app_in_browser: labdriver reads the notebook's kernel state through window.jupyterapp.
    with hubctl.Hub(tmp_path_factory.mktemp("hub"), _three_free_ports(), start_timeout=180,
                    server_args=("--LabApp.expose_app_in_browser=True",)) as running:
        record("hub start (process to /hub/health)", time.perf_counter() - started)
        yield running


def _link(hub) -> str:
    repo, branch = hubctl.this_clone()
    return hubctl.pull_link(hub.base_url, repo, branch)


def _follow_link_and_log_in(page, hub, name: str) -> None:
    page.goto(_link(hub))  # not logged in yet: the hub's login page, which returns to the link afterwards
    page.fill("input[name=username]", name)
    page.fill("input[name=password]", hub.password)
    page.click("input[type=submit], button[type=submit]", no_wait_after=True)


def _open_lesson(page, hub, name: str) -> Lab:
    """After the link: wait until lesson 1 is open in the student's own JupyterLab, its kernel ready."""
    lab = Lab(page, f"{hub.base_url}/user/{name}", "", record)
    lab.path = LESSON_PATH
    lab.wait_kernel_ready(timeout=240)  # spawn (three at once) + pull + JupyterLab + kernel
    assert page.url.startswith(f"{hub.base_url}/user/{name}/lab/tree/{LESSON_PATH}"), page.url
    return lab


def test_three_students_pull_run_and_keep_their_edits(hub, browser_context):
    browser = browser_context.browser
    contexts = [browser.new_context(viewport={"width": 1400, "height": 1000}) for _ in STUDENTS]
    try:
        pages = [context.new_page() for context in contexts]
        started = time.perf_counter()
        for page, name in zip(pages, STUDENTS, strict=True):
            page.set_default_timeout(60_000)
            _follow_link_and_log_in(page, hub, name)  # the three servers now start together
        labs = [_open_lesson(page, hub, name) for page, name in zip(pages, STUDENTS, strict=True)]
        record("3 students: link to lesson 1 ready", time.perf_counter() - started)

        for lab, name in zip(labs, STUDENTS, strict=True):
            # The lessons landed in the student's own home, under the folder the link names.
            home = hub.state_dir / "homes" / name / "gamelib-lessons"
            assert (home / "notebooks" / "01-playing-subtraction-games.ipynb").exists()
            assert (home / ".git").is_dir()
            # The kit's JupyterLab settings: the news plugin is off, the notification centre still on.
            assert lab.page.evaluate("() => window.jupyterapp.hasPlugin('@jupyterlab/apputils-extension:notification')")
            assert not lab.page.evaluate(
                "() => window.jupyterapp.hasPlugin('@jupyterlab/apputils-extension:announcements')")

            lab.run_all(timeout=180)
            lab.assert_clean()
            _slider_step_redraws(lab)

        _edit_survives_a_second_click(labs[0], hub)
    finally:
        for context in contexts:
            context.close()


def _slider_step_redraws(lab: Lab) -> None:
    """One step of the explorer's slider: the kernel draws a new picture (the readout alone is front end)."""
    cell = lab.page.locator(".jp-CodeCell").filter(
        has=lab.page.locator(".jp-InputArea", has_text="subtraction_explorer(")).first
    output = lab.panel = cell.locator(".jp-OutputArea")
    image = output.locator("img").first
    old = image.get_attribute("src")
    readout = output.locator(".gamelib-slider output").first
    before = readout.inner_text()
    handle = output.locator(".gamelib-slider input[type=range]").first
    handle.focus()
    handle.press("ArrowRight")
    expect(readout).not_to_have_text(before)
    expect(image).not_to_have_attribute("src", old, timeout=60_000)


def _edit_survives_a_second_click(lab: Lab, hub) -> None:
    page = lab.page
    # The student types a line at the top of the first code cell and saves (Ctrl+S).
    editor = page.locator(".jp-CodeCell .cm-content").first
    editor.click()
    page.keyboard.press("Control+Home")
    page.keyboard.type(EDIT + "\n")
    page.keyboard.press("Control+s")
    # The save is done when the server has written the file: JupyterLab then marks the notebook clean.
    page.wait_for_function("() => !window.jupyterapp.shell.currentWidget.context.model.dirty")
    saved = hub.state_dir / "homes" / STUDENTS[0] / LESSON_PATH
    assert EDIT in saved.read_text(), "the edit was not saved"

    page.goto(_link(hub))  # the second click: nbgitpuller commits the student's work and merges
    lab.wait_kernel_ready(timeout=120)
    # The lesson is the tab in front. (Not read from the address bar: after a restored workspace JupyterLab
    # sometimes leaves the folder's address there, with the lesson open and selected.)
    page.wait_for_function("""(path) => {
      const widget = window.jupyterapp.shell.currentWidget;
      return !!widget && !!widget.context && widget.context.path === path;
    }""", arg=LESSON_PATH, timeout=30_000)
    assert EDIT in saved.read_text(), "the second click of the link lost the student's edit"
    first_code = page.evaluate("""() => window.jupyterapp.shell.currentWidget.content.widgets
        .find(cell => cell.model.type === 'code').model.sharedModel.getSource()""")
    assert first_code.startswith(EDIT), first_code[:200]
