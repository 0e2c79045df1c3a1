"""A lesson in a student's own JupyterLab, without the kit's settings: JupyterLab 4.6 then sends widget messages
to kernel subshells, each a thread of its own in ipykernel 7. Two panels stepped hard still draw one step at a
time, in order, on the kernel's main thread, and each ends on the last value its slider was given: the guard is
in the kernel (gamelib/widgets/kernel_thread.py), not in a settings file.

The server is one of its own, started for this module, on a copy of the lessons.
"""

from __future__ import annotations

import json

import pytest
from labdriver import Lab
from labserver import LabServer, copy_server_root
from playwright.sync_api import expect

LESSON = "01-playing-subtraction-games.ipynb"  # the play panel and the labelling player: buttons

# Wrap, in the kernel, where the kit's widgets receive messages and where ipywidgets handles them, recording the
# threads and how many messages were handled at once. Run (silently) before the lesson's cells.
_WATCH = """
import threading
import ipywidgets
from gamelib.widgets import kernel_thread
_watch = {"arrived": set(), "handled": set(), "inside": 0, "most": 0}
_watch_lock = threading.Lock()
_run = kernel_thread.Home.run
def _arrive(home, work):
    _watch["arrived"].add(threading.current_thread().name)
    return _run(home, work)
kernel_thread.Home.run = _arrive
_handle = ipywidgets.Widget._handle_msg
def _handled(widget, msg):
    with _watch_lock:
        _watch["inside"] += 1
        _watch["most"] = max(_watch["most"], _watch["inside"])
        _watch["handled"].add(threading.current_thread().name)
    try:
        return _handle(widget, msg)
    finally:
        with _watch_lock:
            _watch["inside"] -= 1
ipywidgets.Widget._handle_msg = _handled
"""

# Run code in the current notebook's kernel without a cell; the text of ``expression`` evaluated after it.
_KERNEL_EVAL = """async ([code, expression]) => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const reply = await kernel.requestExecute({code, silent: true, store_history: false,
                                             user_expressions: {out: expression}}).done;
  const out = reply.content.user_expressions.out;
  return out.status === 'ok' ? out.data['text/plain'] : `${out.ename}: ${out.evalue}`;
}"""

# What the notebook's kernel connection does with comm messages (JupyterLab's setting commsOverSubshells).
_COMMS = "() => window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.commsOverSubshells"


@pytest.fixture(scope="module")
def own_lab_server(chromium_path, tmp_path_factory):
    root = tmp_path_factory.mktemp("own-lab-root")
    copy_server_root(root)
    try:
        server = LabServer(root, tmp_path_factory.mktemp("own-lab-home"), kit_settings=False)
    except RuntimeError as error:
        pytest.fail(str(error), pytrace=False)
    with server:
        yield server


@pytest.fixture
def own_lab(browser_context, own_lab_server):
    from conftest import record

    page = browser_context.new_page()
    page.set_default_timeout(30_000)
    yield Lab(page, own_lab_server.base_url, own_lab_server.token, record)
    page.close()
    own_lab_server.shut_down_sessions()


def test_two_panels_stepped_hard_in_a_jupyterlab_without_the_kits_settings_run_in_order_on_the_main_thread(
        own_lab):
    lab = own_lab
    lab.open(LESSON)
    assert lab.page.evaluate(_COMMS) != "disabled"  # JupyterLab's own default: comms over subshells
    assert lab.page.evaluate(_KERNEL_EVAL, [_WATCH, "'watching'"]) == "'watching'"
    lab.run_all()
    lab.assert_clean()
    cells = lab.page.locator(".jp-NotebookPanel:visible .jp-CodeCell")
    game, labelling = (cells.filter(has=lab.page.locator(".jp-InputArea", has_text=code)).first
                       .locator(".jp-OutputArea") for code in ("play_subtraction(", "labelling_player("))
    lab.panel = game
    forward = labelling.get_by_role("button", name="Step forward")
    take_one, undo = game.locator("button", has_text="take 1").first, game.get_by_role("button", name="Undo")
    for i in range(11):  # the labelling's eleven steps, each followed by a move or its undoing in the game
        forward.click()
        (take_one if i % 2 == 0 else undo).click()
    undo.click()
    game.locator("button", has_text="take 3").first.click()
    # Each ends where the last of its clicks left it, in the order they were made.
    expect(labelling.locator(".gamelib-status")).to_contain_text("Step 11 of 11")
    expect(game.locator(".gamelib-status")).to_contain_text("You took 3 (15 → 12). The computer took 1 (12 → 11).")
    text = lab.page.evaluate(_KERNEL_EVAL, ["", "__import__('json').dumps({k: sorted(v) if isinstance(v, set) "
                                                "else v for k, v in _watch.items()})"])
    watched = json.loads(text.strip("'"))
    assert watched["handled"] == ["MainThread"] and watched["most"] == 1 and watched["inside"] == 0, watched
    assert set(watched["arrived"]) - {"MainThread"}, watched  # messages did come on subshell threads
