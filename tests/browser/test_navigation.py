"""Moving between lessons inside JupyterLab, as a student does: the links of the navigation cells and the
lesson list page (notebooks/README.md), and a lesson or homework that is only opened stays unmodified."""

import re
import shutil
from pathlib import Path

from playwright.sync_api import expect

from tools import lessons

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
LESSONS = lessons.LESSONS

# The current tab's document once it is drawn: its path and whether it shows rendered Markdown (a notebook
# or the Markdown preview) or source text (the text editor); null while it is still loading.
_CURRENT = """() => {
  const widget = window.jupyterapp.shell.currentWidget;
  if (!widget || !widget.context) return null;
  const rendered = !!widget.node.querySelector('.jp-RenderedMarkdown');
  if (!rendered && !widget.node.querySelector('.jp-FileEditor')) return null;
  return {path: widget.context.path, rendered};
}"""


def wait_for_tab(lab, path: str) -> dict:
    """Wait until the current tab shows ``path``; returns how it shows it."""
    lab.page.wait_for_function(f"() => {{ const c = ({_CURRENT})(); return c && c.path === {path!r}; }}")
    return lab.page.evaluate(_CURRENT)


def current_tab(lab):
    """The document in the current tab (earlier tabs stay in the page, hidden)."""
    return lab.page.locator(f"[id={lab.page.evaluate('() => window.jupyterapp.shell.currentWidget.id')!r}]")


def nav_link(lab, text: str, where: str):
    """The link ``text`` in the current lesson's top or bottom navigation cell (its first or last cell)."""
    cells = current_tab(lab).locator(".jp-MarkdownCell .jp-RenderedMarkdown")
    cell = cells.first if where == "top" else cells.last
    return cell.locator("a", has_text=re.compile(rf"^{re.escape(text)}$"))


# What a lesson opened with its kernel ready looks like to JupyterLab: modified or not. JupyterLab rewrites the
# kernelspec and language_info metadata once the kernel's spec and info arrive: wait for both (its own handlers
# were attached first, so they have run), then look.
_DIRTY_ONCE_READY = """async () => {
  const panel = window.jupyterapp.shell.currentWidget;
  const kernel = panel.sessionContext.session.kernel;
  await kernel.spec;
  await kernel.info;
  await new Promise(done => requestAnimationFrame(done));
  return panel.context.model.dirty;
}"""


def test_next_and_previous_links_open_those_lessons_unmodified_and_closing_one_leaves_one_kernel(lab, lab_server):
    lab_server.shut_down_sessions()
    first, second = LESSONS[0], LESSONS[1]
    lab.open(first.filename)
    nav_link(lab, second.title, "bottom").click()
    assert wait_for_tab(lab, second.filename) == {"path": second.filename, "rendered": True}
    expect(current_tab(lab).locator(".jp-RenderedMarkdown h1", has_text=f"2. {second.title}")).to_be_visible()
    lab.path = second.filename
    lab.wait_kernel_ready()
    assert lab.page.evaluate(_DIRTY_ONCE_READY) is False  # a lesson only opened stays unmodified
    expect(lab.page.locator(".lm-TabBar-tab.jp-mod-dirty")).to_have_count(0)
    assert len(lab_server.kernels()) == 2  # JupyterLab opens a link in a new tab; the first stays open
    nav_link(lab, first.title, "top").click()
    wait_for_tab(lab, first.filename)
    # The student closes the first lesson's tab: with kernelShutdown its kernel stops with it.
    lab.page.evaluate("""(path) => {
      const widget = window.jupyterapp.shell.widgets('main').find(w => w.context && w.context.path === path);
      widget.close();
    }""", first.filename)
    # JupyterLab asks the server to end the session (which stops its kernel before it answers), then drops it.
    lab.page.wait_for_function("() => [...window.jupyterapp.serviceManager.sessions.running()].length === 1")
    assert [k["name"] for k in lab_server.kernels()] == ["python3"]
    sessions = lab_server.sessions()
    assert [s["path"] for s in sessions] == [second.filename]


def test_all_lessons_link_opens_the_rendered_lesson_list_whose_links_open_lessons(lab):
    lab.open(LESSONS[2].filename)
    nav_link(lab, "All lessons", "top").click()
    assert wait_for_tab(lab, "README.md") == {"path": "README.md", "rendered": True}
    listed = current_tab(lab).locator(".jp-RenderedMarkdown table a")
    expect(listed).to_have_text([lesson.title for lesson in LESSONS])
    listed.filter(has_text=LESSONS[3].title).click()
    wait_for_tab(lab, LESSONS[3].filename)


def test_a_homework_opened_with_its_kernel_ready_is_not_marked_modified(lab, lab_root):
    notebook = "hw1-subtraction-grundy.ipynb"  # the homework copies live in notebooks/homework/
    shutil.copy2(NOTEBOOKS / "homework" / notebook, lab_root / notebook)
    lab.open(notebook)
    assert lab.page.evaluate(_DIRTY_ONCE_READY) is False
    expect(lab.page.locator(".lm-TabBar-tab.jp-mod-dirty")).to_have_count(0)


def test_the_kit_settings_name_real_jupyterlab_settings():
    # A misspelt id or key in overrides.json is ignored by JupyterLab without a word: check each against the
    # installed JupyterLab's schemas.
    import json
    import sys

    overrides = json.loads((ROOT / "jupyterlab" / "overrides.json").read_text())
    schemas = Path(sys.prefix) / "share" / "jupyter" / "lab" / "schemas"
    assert overrides["@jupyterlab/notebook-extension:tracker"]["kernelShutdown"] is True
    for plugin, values in overrides.items():
        package, name = plugin.split(":")
        schema = json.loads((schemas / package / f"{name}.json").read_text())
        assert set(values) <= set(schema["properties"]), plugin
