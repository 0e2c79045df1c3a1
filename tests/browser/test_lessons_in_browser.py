"""Every lesson runs top to bottom in JupyterLab with no error, every widget rendered, and nothing axe-core
finds in its outputs and text; then its main panel is used as a person would. Each lesson is opened and run
once: its panel checks follow the audit, in the same page (a second Run All of every lesson took about 40 s).

A lesson's panel check is a ``use_lessonN_...(lab)`` function below, listed in ``PANELS``, e.g.::

    def use_lesson2_grundy_scale_slider_redraws(lab):
        image = lab.image()
        old = image.get_attribute("src")
        lab.press_slider(0)
        lab.wait_src_change(image, old)
"""

import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

LESSONS = sorted(p.name for p in (Path(__file__).resolve().parents[2] / "notebooks").glob("[0-9]*.ipynb"))


# Zero lessons collect as one skipped case ("empty parameter set"), never as "no tests ran".
@pytest.mark.parametrize("name", LESSONS)
def test_lesson_runs_in_jupyterlab_passes_the_accessibility_audit_and_its_main_panel_works(lab, axe_script, name):
    lab.open(name)
    # WCAG 2.1 A and AA over the outputs and the rendered text: as saved (what a student sees on opening) ...
    started = time.perf_counter()
    assert lab.audit(axe_script) == []
    lab.record(f"axe audit of the saved outputs ({name})", time.perf_counter() - started)
    lab.run_all()
    lab.assert_clean()
    # ... and after Run All, the live widgets included.
    started = time.perf_counter()
    assert lab.audit(axe_script) == []
    lab.record(f"axe audit after Run All ({name})", time.perf_counter() - started)
    PANELS[name[:2]](lab)


def test_every_lesson_has_its_panel_check():
    assert sorted(PANELS) == [name[:2] for name in LESSONS]


# --- the main panel of every lesson, used as a person would ------------------------------------------------
# Each test finds the panel by the code that makes it, acts on it with keyboard or mouse, and waits for the
# visible result: the words a student reads and, where there is one, a new picture.


def panel(lab, code: str):
    """The output area of the first code cell whose source contains ``code`` (pictured if the test fails)."""
    cell = lab.page.locator(".jp-CodeCell").filter(has=lab.page.locator(".jp-InputArea", has_text=code)).first
    lab.panel = cell.locator(".jp-OutputArea")
    return lab.panel


def picture(output):
    return output.locator("img").first


def press(output, key: str = "ArrowRight", slider: int = 0) -> None:
    handle = output.locator(".gamelib-slider input[type=range]").nth(slider)
    handle.focus()
    handle.press(key)


def type_set(output, text: str, box: int = 0) -> None:
    field = output.locator(".widget-text input").nth(box)
    field.fill(text)
    field.press("Enter")


def use_lesson1_play_panel_answers_with_the_winning_reply(lab):
    output = panel(lab, "play_subtraction(")
    output.locator("button", has_text="take 3").first.click()
    # 15 - 3 = 12 is a P-position for S = {1, 2, 3}; the computer, losing, makes the game last: it takes 1.
    expect(output).to_contain_text("You took 3 (15 → 12). The computer took 1 (12 → 11).")


def use_lesson2_grundy_scale_slides_and_spells_out_the_mex_and_rapid_steps_show_the_busy_sign(lab):
    output = panel(lab, '"2, 5, 7"')
    old = picture(output).get_attribute("src")
    press(output)
    expect(output).to_contain_text("g(8) = mex{g(6), g(3), g(1)} = mex{1, 1, 0} = 2")
    expect(picture(output)).not_to_have_attribute("src", old)
    # Five steps pressed faster than the kernel draws: the panel dims with "working…" (the kernel received
    # them as changes from the browser and deferred the draw), and the picture it ends on is the last step's.
    # A panel shows the sign only when its last step took longer than BUSY_AFTER (a quick step sends nothing
    # before its picture): set to -1 here, every step counts as slow.
    lab.page.evaluate("""async () => {
      const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
      await kernel.requestExecute({code: 'import gamelib.widgets.panel; gamelib.widgets.panel.BUSY_AFTER = -1.0',
                                   silent: true, store_history: false}).done;
    }""")
    output.evaluate("""root => {
      window.__busySeen = 0;
      new MutationObserver(() => { if (root.querySelector('.gamelib-busy')) window.__busySeen += 1; })
        .observe(root, {subtree: true, attributes: true, attributeFilter: ['class'], childList: true});
    }""")
    handle = output.locator(".gamelib-slider input[type=range]").first
    handle.focus()
    for _ in range(5):
        handle.press("ArrowRight")
    expect(output).to_contain_text("g(13) = mex")  # n = 8 + 5
    expect(output.locator(".gamelib-busy")).to_have_count(0)  # the sign goes once the picture is drawn
    assert lab.page.evaluate("window.__busySeen") > 0
    assert "working" not in output.inner_text()
    type_set(output, "1, x")
    expect(output).to_contain_text("'x' is not a number")


def use_lesson3_period_explorer_proves_a_preperiod(lab):
    output = panel(lab, "period_explorer(")
    old = picture(output).get_attribute("src")
    type_set(output, "4, 9, 11")
    expect(output).to_contain_text("preperiod 40, period 5")
    expect(picture(output)).not_to_have_attribute("src", old)


def use_lesson4_nim_explorer_finds_the_winning_move_and_refuses_a_heap_out_of_range(lab):
    output = panel(lab, "nim_explorer(")
    type_set(output, "6, 9, 12")
    expect(output).to_contain_text("6 ⊕ 9 ⊕ 12 = 3")
    expect(output).to_contain_text("take 1 from heap A")
    type_set(output, "6, 4.5")  # refused with the range, not read as 45 or clamped
    expect(output).to_contain_text("4.5 is not a whole number")
    type_set(output, "1000000000000")
    expect(output).to_contain_text("is more than 63")


def use_lesson5_sum_heatmap_follows_the_typed_set(lab):
    output = panel(lab, "sum_explorer(")
    old = picture(output).get_attribute("src")
    type_set(output, "1, 2", box=0)
    expect(output).to_contain_text("A: S = {1, 2}")
    expect(picture(output)).not_to_have_attribute("src", old)
    type_set(output, "0", box=0)
    expect(output).to_contain_text("'0'")


def use_lesson6_misere_strips_grow_with_the_slider_and_a_restart_says_run_the_cells_above(lab):
    output = panel(lab, "misere_explorer(")
    before = int(re.search(r"heaps 0 to (\d+)", output.inner_text()).group(1))
    old = picture(output).get_attribute("src")
    press(output)
    expect(output).to_contain_text(f"heaps 0 to {before + 1}")
    expect(picture(output)).not_to_have_attribute("src", old)
    note = output.locator(".gamelib-restart-note")
    expect(note).to_be_hidden()
    # Kernel > Restart Kernel: the panel's kernel is gone, and the panel says what to do.
    lab.page.evaluate("() => { window.jupyterapp.commands.execute('kernelmenu:restart'); }")
    lab.page.locator(".jp-Dialog-button.jp-mod-accept").click()
    expect(note).to_be_visible()
    expect(note).to_contain_text("run the cells above it and then this one")
    lab.wait_kernel_ready()  # the new kernel up before the session is shut down


def use_lesson7_chomp_bar_is_bitten_by_click_and_by_keyboard_and_marks_the_winning_bite(lab):
    output = panel(lab, "chomp_explorer(")
    board = output.get_by_role("grid")
    board.get_by_role("button", name="row 1, column 2: chocolate").click()  # everything right of the poison
    expect(output).to_contain_text("The first player bit at row 1, column 2 ((5, 5, 5) → (1, 1, 1)).")
    output.get_by_role("checkbox", name="Show a hint").check()
    expect(output).to_contain_text("Winning move (marked on the board): bite at row 2, column 1")
    winning = board.get_by_role("button", name="row 2, column 1: chocolate, a winning move")
    expect(winning).to_have_class(re.compile("gamelib-marked"))
    # The keyboard: from the square bitten (focused), down one row and left one column, then Enter.
    board.get_by_role("button", name=re.compile("^row 1, column 2")).focus()
    lab.page.keyboard.press("ArrowDown")
    lab.page.keyboard.press("ArrowLeft")
    expect(winning).to_be_focused()
    lab.page.keyboard.press("Enter")
    expect(output).to_contain_text("Game over: the second player won.")


def use_lesson8_coins_turn_edges_fall_and_a_typed_picture_shows_its_stalk(lab):
    coins = panel(lab, 'play_game(TurningTurtles(), "3, 5, 8")')
    row = coins.get_by_role("grid")
    row.get_by_role("button", name="coin 8: heads").click()
    row.get_by_role("button", name="coin 6: tails").click()
    coins.get_by_role("button", name="Turn the chosen coins").click()
    # 3 ⊕ 5 ⊕ 8 = 14: heap 8 down to 6 leaves 3 ⊕ 5 ⊕ 6 = 0; the computer, losing, answers.
    expect(coins).to_contain_text("You turned coins 8 and 6 ((3, 5, 8) → (3, 5, 6)). The computer turned")
    # A move that turns one coin alone (its key is the 1-tuple (6,)) reaches the game unchanged.
    row.get_by_role("button", name="coin 6: heads").click()
    coins.get_by_role("button", name="Turn the chosen coins").click()
    expect(coins).to_contain_text("You turned coin 6 (")
    trees = panel(lab, "play_game(GreenHackenbush(picture))")
    old = picture(trees).get_attribute("src")
    trees.get_by_role("button", name="chop 1–2").click()  # the winning chop of section 6
    expect(trees).to_contain_text("You chopped edge (1, 2)")
    expect(picture(trees)).not_to_have_attribute("src", old)
    built = panel(lab, "hackenbush_explorer(")
    old = picture(built).get_attribute("src")
    type_set(built, "0-1, 1-2, 2-0, 2-3")  # a triangle on the ground (worth 1) carrying a twig on its corner
    expect(built).to_contain_text("g = 0: a P-position")
    expect(picture(built)).not_to_have_attribute("src", old)
    type_set(built, "0-1, 2-3")
    expect(built).to_contain_text("edge 2-3 of the picture is not joined to the ground")


def use_lesson9_stairs_are_played_and_a_typed_graph_shows_its_values_or_names_its_cycle(lab):
    stairs = panel(lab, 'play_game(StaircaseNim(), "3, 0, 5")')
    old = picture(stairs).get_attribute("src")
    # The odd stairs 3 and 5 nim-add to 6: carrying 2 coins from stair 3 down leaves 3 ⊕ 3 = 0.
    # Played from the keyboard: the button is named by its words, and after the move the next Tab reaches
    # the moves that remain (the status line, where the focus goes, sits just above them).
    move = stairs.get_by_role("button", name="move 2 coins from stair 3 to stair 2")
    move.focus()
    move.press("Enter")
    expect(stairs).to_contain_text("You moved 2 coins from stair 3 to stair 2 ((3, 0, 5) → (3, 2, 3)).")
    expect(picture(stairs)).not_to_have_attribute("src", old)
    lab.page.keyboard.press("Tab")
    expect(stairs.locator("button.gamelib-move:focus")).to_have_count(1)
    # Typed with no pause and Enter at once: the game starts from exactly the text in the box.
    for typed, shown in [("1, 2, 3", "stairs (1, 2, 3)"), ("2, 2, 2", "stairs (2, 2, 2)")]:
        field = stairs.locator(".widget-text input").first
        field.click()
        field.press("Control+a")
        lab.page.keyboard.type(typed, delay=0)
        lab.page.keyboard.press("Enter")
        expect(stairs).to_contain_text(f"New game. You move first. Your turn: {shown}.")
    lasker = panel(lab, 'play_game(LaskersNim(), "2, 5, 7")')
    expect(lasker.get_by_role("button", name="take 1 from heap A", exact=True)).to_have_count(1)
    graph = panel(lab, "digraph_explorer(")
    old = picture(graph).get_attribute("src")
    type_set(graph, "0-1, 1-2, 0-2, 2-3")
    expect(graph).to_contain_text("Every vertex: g(0) = 2, g(1) = 0, g(2) = 1, g(3) = 0.")
    expect(picture(graph)).not_to_have_attribute("src", old)
    type_set(graph, "0-1, 1-2, 2-0")
    expect(graph).to_contain_text("the graph has a cycle, 0 → 1 → 2 → 0")
    kayles = panel(lab, "kayles_explorer(")
    type_set(kayles, "0-1, 1-2, 2-3, 3-4")
    expect(kayles).to_contain_text("Winning move: pick vertex 2.")


def use_lesson10_quotient_explorer_reads_a_sum_off_the_table_and_grows_with_the_slider(lab):
    output = panel(lab, "misere_quotient_explorer(")
    expect(output).to_contain_text("Q = <a,b,c | a2=1,b3=b,c2=1>; P = {a,b2,ac}")
    type_set(output, "5, 5", box=1)  # two rows of 5 pins: c·c = 1, a win for the player to move
    expect(output).to_contain_text("The sum 5 + 5 is c·c = 1, not in the P-portion: an N-position")
    old = picture(output).get_attribute("src")
    press(output, "ArrowLeft")  # rows up to 4: the tame quotient; the sum names a row that is not there now
    expect(output).to_contain_text("Q = <a,b | a2=1,b3=b>; P = {a,b2}")
    expect(output).to_contain_text("has a heap of 5, above the largest heap, 4")
    type_set(output, "3, 4", box=1)
    expect(output).to_contain_text("The sum 3 + 4 is ab·a = b, not in the P-portion")
    expect(picture(output)).not_to_have_attribute("src", old)
    type_set(output, "0.8", box=0)
    expect(output).to_contain_text("octal code '0.8' contains '8'")


PANELS = {
    "01": use_lesson1_play_panel_answers_with_the_winning_reply,
    "02": use_lesson2_grundy_scale_slides_and_spells_out_the_mex_and_rapid_steps_show_the_busy_sign,
    "03": use_lesson3_period_explorer_proves_a_preperiod,
    "04": use_lesson4_nim_explorer_finds_the_winning_move_and_refuses_a_heap_out_of_range,
    "05": use_lesson5_sum_heatmap_follows_the_typed_set,
    "06": use_lesson6_misere_strips_grow_with_the_slider_and_a_restart_says_run_the_cells_above,
    "07": use_lesson7_chomp_bar_is_bitten_by_click_and_by_keyboard_and_marks_the_winning_bite,
    "08": use_lesson8_coins_turn_edges_fall_and_a_typed_picture_shows_its_stalk,
    "09": use_lesson9_stairs_are_played_and_a_typed_graph_shows_its_values_or_names_its_cycle,
    "10": use_lesson10_quotient_explorer_reads_a_sum_off_the_table_and_grows_with_the_slider,
}
