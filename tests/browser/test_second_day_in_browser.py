"""A student's second day in Chromium: a lesson saved with live panels reopens with their still pictures (no
"Error displaying widget"), and after Kernel › Restart an exercise cell run alone, or ``answer = P``, says in
one line what to do (no traceback).

Each test works on its own copy of lesson 1 in the server's root, so the saved changes reach no other test.
"""

import json
import re
import shutil
from pathlib import Path

import nbformat
from playwright.sync_api import expect

LESSON = Path(__file__).resolve().parents[2] / "notebooks" / "01-playing-subtraction-games.ipynb"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"

# Set the source of the code cell whose source contains `code`, make it the active cell; its index.
_EDIT_CELL = """([code, source]) => {
  const panel = window.jupyterapp.shell.currentWidget;
  const index = panel.content.widgets.findIndex(c => c.model.type === 'code' &&
                                                     c.model.sharedModel.getSource().includes(code));
  if (source !== null) panel.content.widgets[index].model.sharedModel.setSource(source);
  panel.content.activeCellIndex = index;
  return index;
}"""


def copy_of_lesson(lab_root: Path, name: str) -> str:
    shutil.copy2(LESSON, lab_root / name)
    return name


def cell_output(lab, index: int):
    return lab.page.locator(".jp-NotebookPanel:visible .jp-Cell").nth(index).locator(".jp-OutputArea")


def run_cell(lab, code: str, source: str | None = None):
    """Put ``source`` (if given) into the code cell holding ``code`` and run that cell alone; its output area."""
    index = lab.page.evaluate(_EDIT_CELL, [code, source])
    assert index >= 0, code
    lab.page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-cell')")
    return cell_output(lab, index)


def write_notebook(path, *sources: str) -> None:
    """A notebook of these code cells, for the kernel the lessons use, written where the test lab serves it."""
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(source) for source in sources]
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    nbformat.write(notebook, path)


def run_panel(lab, name: str, index: int = 1):
    """Open notebook ``name``, run it all (cleanly), and give the output of its cell ``index``: the panel watched."""
    lab.open(name)
    lab.run_all()
    lab.assert_clean()
    lab.panel = cell_output(lab, index)
    return lab.panel


#: Two panels: the Grundy scale of {1, 2, 3} at heap 7 (cell 1) and a game from heap 9 (cell 2).
SCALE_AND_GAME = ("from gamelib.widgets import grundy_scale_explorer, play_subtraction",
                  'grundy_scale_explorer("1, 2, 3", n=7)', 'play_subtraction("1, 2, 3", heap=9)')


def test_a_lesson_saved_with_live_panels_reopens_with_their_still_pictures(lab, lab_root):
    name = copy_of_lesson(lab_root, "second-day-saved.ipynb")
    lab.open(name)
    lab.run_all()
    lab.assert_clean()
    played = lab.page.locator(".jp-CodeCell").filter(has=lab.page.locator(".jp-InputArea",
                                                                         has_text="play_subtraction(")).first
    played.locator("button", has_text="take 3").first.click()  # the panel changed: a move was made
    expect(played).to_contain_text("You took 3 (15 → 12).")
    # Student work in another cell: an exercise answered and checked.
    checked = run_cell(lab, 'check("1.3"', 'answer = "P"\ncheck("1.3", answer)')
    expect(checked).to_contain_text("Exercise 1.3")
    lab.page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
    expect(lab.page.locator(".jp-NotebookPanel:visible .jp-mod-dirty")).to_have_count(0)
    lab.page.evaluate("() => window.jupyterapp.shell.currentWidget.close()")

    saved = nbformat.read(lab_root / name, as_version=4)
    assert WIDGET_VIEW not in json.dumps(saved)  # what JupyterLab could not show again was not saved
    answered = [cell for cell in saved.cells if 'check("1.3"' in cell.source]
    assert answered[0].source.startswith('answer = "P"') and answered[0].outputs  # the student's work is kept

    lab.open(name)  # reopened, nothing run
    page_text = lab.page.locator(".jp-NotebookPanel:visible").inner_text()
    assert "Error displaying widget" not in page_text and "model not found" not in page_text
    assert lab.widget_problems() == []
    assert page_text.count("Run this cell to play") == 1  # lesson 1's play panel
    assert page_text.count("Run this cell to use it.") == 2  # its labelling player and its explorer
    panels = lab.page.locator(".jp-CodeCell").filter(has=lab.page.locator(".jp-InputArea", has_text="_explorer("))
    expect(panels.first.locator(".jp-OutputArea img")).to_have_attribute("alt", re.compile(r"S = \{1, 3, 4\}"))


def test_after_a_restart_an_exercise_cell_and_an_unquoted_word_say_what_to_do_in_one_line(lab, lab_root):
    name = copy_of_lesson(lab_root, "second-day-restart.ipynb")
    lab.open(name)  # with its kernel ready: what ran in it before the restart would not be there after it
    lab.page.evaluate("() => { window.jupyterapp.commands.execute('kernelmenu:restart'); }")
    lab.page.locator(".jp-Dialog-button.jp-mod-accept").click()
    lab.wait_kernel_ready()
    lab.page.evaluate("() => { window.jupyterapp.shell.currentWidget.content.activeCellIndex = 0; }")
    # The exercise cell alone, the import cell not run since the restart.
    output = run_cell(lab, 'check("1.4"', 'answer = 300\ncheck("1.4", answer)')
    error = output.locator(".jp-RenderedText[data-mime-type='application/vnd.jupyter.stderr']")
    expect(error).to_have_text(re.compile(r"^NameError: check is not defined: the kernel was restarted, or the cells "
                                          r"above have not run\. Run › Run All Above Selected Cell .*\s*$"))
    assert "Traceback" not in error.inner_text() and len(error.inner_text().strip().splitlines()) == 1
    # The slip of typing the outcome without quotes.
    output = run_cell(lab, 'check("1.3"', 'answer = P\ncheck("1.3", answer)')
    error = output.locator(".jp-RenderedText[data-mime-type='application/vnd.jupyter.stderr']")
    expect(error).to_have_text(re.compile(r'^NameError: put words in quotes: answer = "P"\s*$'))
    # The panel's cell alone says the same as the exercise cell.
    output = run_cell(lab, "play_subtraction(")
    expect(output).to_contain_text("play_subtraction is not defined: the kernel was restarted")


def test_a_hackenbush_edge_is_chopped_by_a_click_on_the_picture(lab, lab_root):
    from gamelib import GreenHackenbush
    from gamelib.plots import position_figure

    tree = [(0, 1), (1, 2), (1, 3), (3, 4)]
    write_notebook(lab_root / "second-day-hackenbush.ipynb",
                   "from gamelib import GreenHackenbush\n"
                   "from gamelib.widgets import play_game",
                   f"play_game(GreenHackenbush({tree}))")
    lab.open("second-day-hackenbush.ipynb")
    lab.run_all()
    lab.assert_clean()
    output = cell_output(lab, 1)
    lab.panel = output
    picture = output.locator("img").first
    expect(picture).to_have_attribute("alt", re.compile("Click an edge on the picture to chop it"))
    expect(output.get_by_role("button", name="chop 1–2")).to_be_visible()  # the keyboard's way stays
    # Where edge 1-2 is drawn, in the same figure the panel shows (the student has not asked for a hint).
    game = GreenHackenbush(tree)
    (points,) = [points for move, points in position_figure(game, game.start, False).plotted["spots"]
                 if move == (1, 2)]
    box = picture.bounding_box()
    x, y = points[1]
    picture.click(position={"x": x * box["width"], "y": y * box["height"]})
    expect(output).to_contain_text("You chopped edge (1, 2)")


# Parts of a rectangle drawn `reach` px around `element` that an ancestor clips (its overflow is not
# visible and its box does not hold them): [] when the whole frame shows.
_CLIPPED = """([element, reach]) => {
  const r = element.getBoundingClientRect();
  const frame = {left: r.left - reach, right: r.right + reach, top: r.top - reach, bottom: r.bottom + reach};
  const cut = [];
  for (let a = element.parentElement; a && !a.classList.contains('jp-Cell'); a = a.parentElement) {
    const style = getComputedStyle(a);
    if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
    const box = a.getBoundingClientRect();
    for (const side of ['left', 'top']) if (box[side] > frame[side] + 0.5) cut.push(`${a.className} ${side}`);
    for (const side of ['right', 'bottom']) if (box[side] < frame[side] - 0.5) cut.push(`${a.className} ${side}`);
  }
  return cut;
}"""


def test_the_hint_frame_of_the_first_coin_shows_whole_and_a_bad_set_keeps_the_pictures_place(lab, lab_root):
    write_notebook(lab_root / "second-day-cosmetics.ipynb",
                   "from gamelib import TurningTurtles\n"
                   "from gamelib.widgets import grundy_scale_explorer, play_game",
                   'play_game(TurningTurtles(), "1, 2")',
                   'grundy_scale_explorer("2, 5, 7")')
    for width in (1400, 1000):  # the widths at which the first-year saw coin 1's frame cut
        lab.page.set_viewport_size({"width": width, "height": 1000})
        lab.open("second-day-cosmetics.ipynb")
        lab.run_all()
        lab.assert_clean()
        coins = cell_output(lab, 1)
        lab.panel = coins
        coins.get_by_role("checkbox", name="Show a hint").check()
        first = coins.get_by_role("button", name="coin 1: heads, part of a winning move")
        expect(first).to_have_class(re.compile("gamelib-marked"))
        # The frame: a 4 px outline 1 px away from the square.
        assert first.evaluate(f"(element) => ({_CLIPPED})([element, 5])") == []
    scale = cell_output(lab, 2)
    lab.panel = scale
    figure = scale.locator(".gamelib-figure")
    expect(figure.locator("img")).to_be_visible()
    height = figure.bounding_box()["height"]
    field = scale.locator(".widget-text input").first
    field.fill("2, x")
    field.press("Enter")
    expect(scale).to_contain_text("'x' is not a number")
    expect(figure.locator("img")).to_be_hidden()  # no picture of the earlier set under the message
    assert abs(figure.bounding_box()["height"] - height) <= 1  # but its place stays: the page does not jump


def test_after_a_restart_an_old_panel_dims_and_its_controls_stay_at_the_values_of_its_picture(lab, lab_root):
    write_notebook(lab_root / "second-day-stopped.ipynb", *SCALE_AND_GAME)
    page_errors: list[str] = []
    lab.page.on("pageerror", lambda error: page_errors.append(str(error)))
    lab.open("second-day-stopped.ipynb")
    lab.run_all()
    lab.assert_clean()
    scale, game = cell_output(lab, 1), cell_output(lab, 2)
    lab.panel = scale
    words = "g(7) = mex{g(6), g(5), g(4)} = mex{2, 1, 0} = 3, so heap 7 is an N-position."
    expect(scale.locator(".gamelib-status")).to_have_text(words)
    picture = scale.locator(".gamelib-figure img")
    drawn = picture.get_attribute("src")
    slider, readout = scale.locator(".gamelib-slider input"), scale.locator(".gamelib-slider output")
    box = scale.locator(".gamelib-text input")
    expect(game).to_contain_text("Your turn: heap 9.")

    lab.page.evaluate("() => { window.jupyterapp.commands.execute('kernelmenu:restart'); }")
    lab.page.locator(".jp-Dialog-button.jp-mod-accept").click()
    expect(scale.locator(".gamelib-restart-note")).to_be_visible()
    lab.wait_kernel_ready()
    expect(scale.locator(".gamelib-figure")).to_have_css("opacity", "0.35")  # the stale picture dims
    expect(slider).to_have_css("opacity", "0.5")  # and the controls look unavailable
    # The keyboard and the mouse on the stopped panel: the slider and the box keep the values drawn.
    slider.focus()
    for key in ("ArrowRight", "ArrowRight", "End"):
        slider.press(key)
    expect(readout).to_have_text("7")
    assert slider.input_value() == "7"
    expect(slider).to_have_attribute("aria-disabled", "true")  # a screen reader hears it is unavailable
    bounds = slider.bounding_box()
    slider.click(position={"x": bounds["width"] - 2, "y": bounds["height"] / 2}, force=True)  # aria-disabled
    expect(readout).to_have_text("7")
    box.press("End")
    box.type(", 4")
    expect(box).to_have_value("1, 2, 3")
    game.get_by_role("button", name="take 2").first.click()  # a move on the stopped play panel sends nothing
    expect(game).to_contain_text("Your turn: heap 9.")
    expect(scale.locator(".gamelib-status")).to_have_text(words)
    assert picture.get_attribute("src") == drawn
    assert page_errors == []  # nothing was sent to the kernel that is gone ("Cannot send")


# The notebook's cells as [type, source], to see that no key pressed in a panel changed them.
_CELLS = """() => window.jupyterapp.shell.currentWidget.content.widgets.map(c => [c.model.type,
                                                                          c.model.sharedModel.getSource()])"""


def test_letters_typed_in_a_panel_are_no_notebook_shortcuts_and_ctrl_s_in_its_box_saves(lab, lab_root):
    write_notebook(lab_root / "second-day-keys.ipynb", *SCALE_AND_GAME)
    lab.open("second-day-keys.ipynb")
    lab.run_all()
    lab.assert_clean()
    cells = lab.page.evaluate(_CELLS)
    scale, game = cell_output(lab, 1), cell_output(lab, 2)
    lab.panel = scale
    # In command mode "m" makes the active cell Markdown, "a"/"b" add a cell, "d d" deletes it, "x" cuts it.
    letters = ["m", "a", "b", "d", "d", "x", "y"]
    slider = scale.locator(".gamelib-slider input")
    slider.click()  # the student clicks the slider, then types
    for key in letters:
        slider.press(key)
    assert lab.page.evaluate(_CELLS) == cells
    heap = int(scale.locator(".gamelib-slider output").inner_text())  # where the click put it
    slider.press("ArrowRight")  # the slider's own keys still move it
    expect(scale.locator(".gamelib-status")).to_contain_text(f"so heap {heap + 1} is")
    move = game.get_by_role("button", name="take 1").first
    move.focus()
    for key in letters:
        move.press(key)
    assert lab.page.evaluate(_CELLS) == cells
    move.press("Enter")  # a move by the keyboard: the focus goes to the status line
    expect(game).to_contain_text("You took 1 (9 → 8).")
    status = game.locator(".gamelib-status")
    status.focus()
    for key in letters:
        status.press(key)
    assert lab.page.evaluate(_CELLS) == cells
    undo = game.get_by_role("button", name="Undo")  # ipywidgets' own button, in the panel
    undo.focus()
    for key in letters:
        undo.press(key)
    assert lab.page.evaluate(_CELLS) == cells
    expect(game.locator(".gamelib-status")).to_be_visible()  # the panel is still there
    # Keys with Ctrl still reach JupyterLab: Ctrl+S in the set's box saves the notebook.
    lab.page.evaluate("() => { window.jupyterapp.shell.currentWidget.content.widgets[0].model.sharedModel"
                      ".setSource('from gamelib.widgets import grundy_scale_explorer, play_subtraction  # saved'); }")
    dirty = "() => window.jupyterapp.shell.currentWidget.context.model.dirty"
    assert lab.page.evaluate(dirty)
    scale.locator(".gamelib-text input").press("Control+s")
    lab.page.wait_for_function(f"() => !({dirty})()")
    assert "# saved" in (lab_root / "second-day-keys.ipynb").read_text()


def test_a_panel_is_drawn_on_the_kernels_main_thread_even_while_a_cell_runs(lab, lab_root):
    """JupyterLab 4.6 sends widget messages to a kernel subshell (its own thread in ipykernel 7) unless told not
    to: a panel's steps then ran on two threads at once (beside a running cell, and beside its own other steps),
    and a step waiting behind a running cell was overtaken by a later one. The kit's settings turn that off (and
    the panels' own guard holds without them: tests/browser/test_own_jupyterlab_in_browser.py)."""
    write_notebook(lab_root / "second-day-threads.ipynb",
                   "import threading, time\n"
                   "from gamelib.widgets import panel, sum_explorer\n"
                   "threads = set()\n"
                   "_draw = panel.Explorer._draw\n"
                   "panel.Explorer._draw = lambda self: (threads.add("
                   "threading.current_thread().name), _draw(self))[1]",
                   'sum_explorer("1, 2", "1, 3", rows=8, cols=8)',
                   "time.sleep(2)",
                   "print(sorted(threads))")
    sums = run_panel(lab, "second-day-threads.ipynb")
    status = sums.locator(".gamelib-status")
    rows, heap_a = sums.locator(".gamelib-slider input").nth(0), sums.locator(".gamelib-slider input").nth(2)
    heap_a.focus()
    heap_a.press("ArrowRight")
    expect(status).to_contain_text("Position (6, 7)")
    rows.focus()
    rows.press("ArrowLeft")
    expect(status).to_contain_text("of the 7 × 8 positions")
    lab.page.evaluate("() => { const p = window.jupyterapp.shell.currentWidget; p.content.activeCellIndex = 2; "
                      "window.jupyterapp.commands.execute('notebook:run-cell'); }")  # the sleep, not waited for
    heap_a.focus()
    heap_a.press("ArrowLeft")
    rows.focus()
    rows.press("ArrowRight")
    expect(status).to_contain_text("of the 8 × 8 positions shown are P-positions (value 0). Position (5, 7)",
                                   timeout=60_000)
    printed = run_cell(lab, "print(sorted(threads))")
    expect(printed).to_contain_text("['MainThread']", timeout=60_000)


# What is drawn 3 px outside an element's box, on its top and bottom edge (where its focus frame is): the
# elements found there that belong to the picture or another control below or above it.
_COVERING = """(element) => {
  const r = element.getBoundingClientRect();
  const found = [];
  for (const y of [r.top - 3, r.bottom + 3]) for (const x of [r.left + 10, (r.left + r.right) / 2]) {
    const there = document.elementFromPoint(x, y);
    if (there && (there.tagName === 'IMG' || there.tagName === 'BUTTON' || there.closest('.gamelib-figure')))
      found.push(`${there.tagName}.${there.className} at ${Math.round(x)},${Math.round(y)}`);
  }
  return found;
}"""


def test_the_status_frame_after_a_move_shows_whole_and_a_stopped_panel_draws_no_broken_link_icons(lab, lab_root):
    """The orange frame the status line gets after a move was half hidden under the picture; after a restart,
    ipywidgets drew a broken-link icon beside every widget of a stopped panel, a column of them."""
    write_notebook(lab_root / "second-day-frame.ipynb",
                   "from gamelib import StaircaseNim\nfrom gamelib.widgets import play_game",
                   'play_game(StaircaseNim(), "3, 0, 5")')
    game = run_panel(lab, "second-day-frame.ipynb")
    game.get_by_role("button", name="move 1 coin from stair 1 off the staircase").press("Enter")
    status = game.locator(".gamelib-status")
    expect(status).to_be_focused()
    expect(status).to_have_css("outline-style", "solid")
    game.locator(".gamelib-figure img").scroll_into_view_if_needed()  # the frame and the picture under it in view
    assert status.evaluate("(e) => e.getBoundingClientRect().top") > 10
    assert status.evaluate(f"({_COVERING})") == []
    lab.page.evaluate("() => { window.jupyterapp.commands.execute('kernelmenu:restart'); }")
    lab.page.locator(".jp-Dialog-button.jp-mod-accept").click()
    expect(game.locator(".gamelib-restart-note")).to_be_visible()
    lab.wait_kernel_ready()
    icons = game.evaluate("""(output) => [...output.querySelectorAll('.jupyter-widgets-disconnected')]
        .filter(e => getComputedStyle(e, '::before').display !== 'none').map(e => e.className)""")
    assert game.locator(".jupyter-widgets-disconnected").count() > 5 and icons == []
