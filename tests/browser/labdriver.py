"""Drive one JupyterLab page through Playwright: open a notebook, run it, poke its widgets.

Every wait is a wait for a state (a kernel that is ready, a changed image, new text), never a fixed sleep.
JupyterLab is started with ``expose_app_in_browser``, so ``window.jupyterapp`` is the running app and the
notebook's session and kernel can be read directly instead of guessed from the status bar (which says
"idle" too early).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from urllib.parse import quote

from playwright.sync_api import Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

# The current notebook panel, or null; shared by the scripts below.
_PANEL = """
const app = window.jupyterapp;
const panel = app && app.shell.currentWidget;
if (!panel || !panel.sessionContext || !panel.content || !panel.content.widgets) return null;
"""

# Once the notebook is loaded and its kernel is started, connected and idle: the page's clock then (ms since
# the page began loading, so never 0); false before.
_KERNEL_READY = (
    "(path) => {" + _PANEL.replace("return null", "return false") + """
  if (panel.context.path !== path || !panel.context.isReady) return false;
  const sc = panel.sessionContext;
  const kernel = sc.session && sc.session.kernel;
  const ready = sc.isReady && !!kernel && kernel.connectionStatus === 'connected' && kernel.status === 'idle';
  return ready && performance.now();
}"""
)

# Count the kernel's finished execute requests from now on (its iopub "idle" status replies to them).
_START_COUNTING = "() => {" + _PANEL + """
  const kernel = panel.sessionContext.session.kernel;
  const counter = {done: 0, error: false};
  kernel.iopubMessage.connect((_, msg) => {
    const parent = msg.parent_header && msg.parent_header.msg_type;
    if (msg.header.msg_type === 'error') counter.error = true;
    if (msg.header.msg_type === 'status' && msg.content.execution_state === 'idle' && parent === 'execute_request')
      counter.done += 1;
  });
  window.__harnessRun = counter;
  return true;
}"""

# Run All is over when every non-empty code cell has answered (or one failed, which stops Run All), the
# kernel is idle and no prompt shows [*].
_RUN_FINISHED = "() => {" + _PANEL.replace("return null", "return false") + """
  const counter = window.__harnessRun;
  const code = panel.content.widgets.filter(c => c.model.type === 'code' && c.model.sharedModel.getSource().trim());
  const kernel = panel.sessionContext.session.kernel;
  const busy = [...panel.node.querySelectorAll('.jp-InputPrompt')].some(p => p.textContent.includes('*'));
  return (counter.done >= code.length || counter.error) && kernel.status === 'idle' && !busy;
}"""

# JupyterLab is running in this page, its layout restored.
_BOOTED = """async () => {
  const app = window.jupyterapp;
  if (!app || !app.shell) return false;
  await app.restored;
  return true;
}"""

# Every widget of the main area closed, unsaved changes dropped (no "Save your work?" dialog), then every
# session still running shut down (the kit's kernelShutdown has stopped most with their notebooks already).
_CLOSE_ALL = """async () => {
  const app = window.jupyterapp;
  for (const widget of Array.from(app.shell.widgets('main'))) {
    if (widget.context && widget.context.model) widget.context.model.dirty = false;
    widget.close();
  }
  const sessions = app.serviceManager.sessions;
  await sessions.refreshRunning();
  for (const model of Array.from(sessions.running())) {
    try { await sessions.shutdown(model.id); } catch (error) { /* already ended with its notebook */ }
  }
}"""

# No document open (JupyterLab puts a Launcher in the emptied main area: it stays), no dialog, no session.
_ALL_CLOSED = """() => {
  const app = window.jupyterapp;
  return !Array.from(app.shell.widgets('main')).some(w => w.context) && !document.querySelector('.jp-Dialog')
    && Array.from(app.serviceManager.sessions.running()).length === 0;
}"""

# [{index, count, errors: ['Name: value']}] for every non-empty code cell.
_CELLS = "() => {" + _PANEL + """
  return panel.content.widgets.map((cell, index) => ({cell, index}))
    .filter(({cell}) => cell.model.type === 'code' && cell.model.sharedModel.getSource().trim())
    .map(({cell, index}) => ({
      index,
      count: cell.model.executionCount,
      errors: cell.model.outputs.toJSON().filter(o => o.output_type === 'error').map(o => `${o.ename}: ${o.evalue}`),
    }));
}"""

# axe-core over the current notebook's output areas and rendered Markdown cells.
_AXE_AUDIT = """async () => {
  const panel = window.jupyterapp.shell.currentWidget;
  const parts = [...panel.node.querySelectorAll('.jp-OutputArea, .jp-MarkdownOutput')];
  const result = await axe.run({include: parts}, {runOnly: {type: 'tag',
    values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']}, resultTypes: ['violations']});
  return result.violations.map(v => `${v.id} (${v.impact}): ${v.help} -- ` +
    v.nodes.slice(0, 5).map(n => n.html.slice(0, 160)).join(' | ') +
    (v.nodes.length > 5 ? ` (+${v.nodes.length - 5})` : ''));
}"""

# How ipywidgets looks when it could not render: its error text, or a widget's text/plain fallback
# such as "IntSlider(value=3)", "interactive(children=(...", "Output()".
WIDGET_FALLBACK = re.compile(
    r"\b[A-Z]\w*\((?:value|children|description|options|outputs|layout)="
    r"|\b(?:Output|HBox|VBox|Button|Label)\(\)|\binteractive\(children="
)


class Lab:
    """One browser page on the test JupyterLab. ``record(label, seconds)`` receives the timings."""

    def __init__(self, page: Page, base_url: str, token: str, record: Callable[[str, float], None]):
        self.page, self.base_url, self.token, self.record = page, base_url, token, record
        self.path: str | None = None
        self.panel: Locator | None = None  # the widget a test is working with, pictured if the test fails

    # --- notebooks -------------------------------------------------------------------------------------

    def open(self, name: str, timeout: float = 60) -> float:
        """Open notebook ``name`` (relative to the server root) alone and wait until its kernel is truly ready.
        Returns the page's clock at that moment: ms since the page began loading.

        The first time, the page loads JupyterLab from an empty workspace (?reset, so notebooks of earlier
        tests do not come back). In a page where it already runs, every open document is closed unsaved
        (:meth:`close_all`) and the notebook is opened as File › Open does, without loading JupyterLab again
        (about 3 s of the browser's CPU each time)."""
        started = time.perf_counter()
        if self.booted() and self.close_all():
            self.page.evaluate("(path) => window.jupyterapp.commands.execute('docmanager:open', {path})", name)
        else:
            self.page.goto(f"{self.base_url}/lab/tree/{quote(name)}?reset&token={self.token}")
        self.path = name
        ready_at = self.wait_kernel_ready(timeout)
        self.record(f"open to kernel ready ({name})", time.perf_counter() - started)
        return ready_at

    def booted(self) -> bool:
        """Whether this page runs this server's JupyterLab, started and restored."""
        return self.page.url.startswith(self.base_url + "/") and self.page.evaluate(_BOOTED)

    def close_all(self, timeout: float = 30) -> bool:
        """Close every document and tab of the main area without saving, shut down every session, and wait
        until JupyterLab shows none of them and no dialog. False if that state is not reached in ``timeout``
        seconds: the page is then not fit for another test."""
        self.page.evaluate(_CLOSE_ALL)
        try:
            self.page.wait_for_function(_ALL_CLOSED, timeout=timeout * 1000)
        except PlaywrightTimeout:
            return False
        self.path, self.panel = None, None
        return True

    def wait_kernel_ready(self, timeout: float = 60) -> float:
        """Wait until the current notebook (``self.path``) has a ready kernel; returns the page's clock then."""
        return self.page.wait_for_function(_KERNEL_READY, arg=self.path, timeout=timeout * 1000).json_value()

    def run_all(self, timeout: float = 120) -> None:
        """Run > Run All Cells from the menu bar, then wait until every cell has run."""
        started = time.perf_counter()
        self.page.evaluate(_START_COUNTING)
        self.page.locator(".lm-MenuBar-itemLabel").filter(has_text=re.compile(r"^Run$")).click()
        # Exact match: "Restart Kernel and Run All Cells…" contains the same words.
        self.page.locator(".lm-Menu-itemLabel").filter(has_text=re.compile(r"^Run All Cells$")).click()
        self.page.wait_for_function(_RUN_FINISHED, timeout=timeout * 1000)
        self.record(f"run all ({self.path})", time.perf_counter() - started)
        not_run = [c["index"] for c in self.cells() if c["count"] is None and not c["errors"]]
        assert not not_run or self.errors(), f"cells {not_run} did not run"

    def cells(self) -> list[dict]:
        return self.page.evaluate(_CELLS)

    def errors(self) -> list[str]:
        """'cell N: Name: value' for every error output in the notebook."""
        return [f"cell {c['index']}: {e}" for c in self.cells() for e in c["errors"]]

    def widget_problems(self) -> list[str]:
        """Widgets that failed to render: their error text or their plain-text fallback."""
        problems = []
        for text in self.page.locator(".jp-OutputArea-output").all_inner_texts():
            if "Error displaying widget" in text:
                problems.append(text.strip()[:200])
            elif match := WIDGET_FALLBACK.search(text):
                problems.append(text[match.start():match.start() + 200])
        return problems

    def assert_clean(self) -> None:
        """Every cell ran, none raised, every widget rendered."""
        assert self.errors() == []
        assert [c["index"] for c in self.cells() if c["count"] is None] == []
        assert self.widget_problems() == []

    # --- widgets -------------------------------------------------------------------------------------

    def slider_handle(self, index: int = 0) -> Locator:
        """What takes the arrow keys in slider ``index`` (in page order): the range input of gamelib's slider,
        or the handle of an ipywidgets slider."""
        return self.page.locator(".gamelib-slider input[type=range], .widget-slider .noUi-handle").nth(index)

    def press_slider(self, index: int = 0, key: str = "ArrowRight", times: int = 1) -> None:
        """Focus slider ``index`` (in page order) and press ``key`` on it ``times`` times."""
        handle = self.slider_handle(index)
        handle.focus()
        for _ in range(times):
            handle.press(key)

    def type_into(self, text: str, index: int = 0, submit: bool = True) -> None:
        """Replace the contents of text box ``index`` (ipywidgets Text, IntText, ...) and press Enter."""
        box = self.page.locator(".jp-OutputArea .widget-text input, .jp-OutputArea .widget-text textarea").nth(index)
        box.fill(text)
        if submit:
            box.press("Enter")

    def click_button(self, text: str) -> None:
        """Click the output-area button whose text is exactly ``text``."""
        self.page.locator(".jp-OutputArea button").filter(has_text=re.compile(rf"^\s*{re.escape(text)}\s*$")).click()

    def image(self, index: int = 0) -> Locator:
        """Image ``index`` inside Output widgets (where interactive plots land)."""
        return self.page.locator(".widget-output img").nth(index)

    def audit(self, axe_script: str) -> list[str]:
        """axe-core's WCAG 2.1 A and AA rules over the lesson's outputs and rendered text (not JupyterLab's
        own chrome, which the kit cannot change): one line per violation, with the nodes it found."""
        if not self.page.evaluate("() => typeof window.axe !== 'undefined'"):
            self.page.add_script_tag(content=axe_script)
        return self.page.evaluate(_AXE_AUDIT)

    def wait_src_change(self, image: Locator, old_src: str, timeout: float = 30) -> str:
        expect(image).not_to_have_attribute("src", old_src, timeout=timeout * 1000)
        return image.get_attribute("src") or ""

    def wait_text(self, locator: Locator, text: str | re.Pattern, timeout: float = 30) -> None:
        expect(locator).to_have_text(text, timeout=timeout * 1000)

    def wait_text_change(self, locator: Locator, old_text: str, timeout: float = 30) -> str:
        expect(locator).not_to_have_text(old_text, timeout=timeout * 1000)
        return locator.inner_text()
