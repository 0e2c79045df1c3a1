"""Every lesson runs top to bottom in JupyterLab with no error and every widget rendered.

Lesson-specific checks go below, e.g.::

    def test_lesson2_grundy_scale_slider_redraws(lab):
        lab.open("02-grundy-values.ipynb")
        lab.run_all()
        image = lab.image()
        old = image.get_attribute("src")
        lab.press_slider(0)
        lab.wait_src_change(image, old)
"""

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

LESSONS = sorted(p.name for p in (Path(__file__).resolve().parents[2] / "notebooks").glob("[0-9]*.ipynb"))


# Zero lessons collect as one skipped case ("empty parameter set"), never as "no tests ran".
@pytest.mark.parametrize("name", LESSONS)
def test_lesson_runs_in_jupyterlab(lab, name):
    lab.open(name)
    lab.run_all()
    lab.assert_clean()


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
    handle = output.locator(".noUi-handle").nth(slider)
    handle.focus()
    handle.press(key)


def type_set(output, text: str, box: int = 0) -> None:
    field = output.locator(".widget-text input").nth(box)
    field.fill(text)
    field.press("Enter")


def run(lab, name: str) -> None:
    lab.open(name)
    lab.run_all()
    lab.assert_clean()


def test_lesson1_play_panel_answers_with_the_winning_reply(lab):
    run(lab, "01-playing-subtraction-games.ipynb")
    output = panel(lab, "play_subtraction(")
    output.locator("button", has_text="take 3").first.click()
    # 15 - 3 = 12 is a P-position for S = {1, 2, 3}; the computer, losing, makes the game last: it takes 1.
    expect(output).to_contain_text("You took 3 (15 → 12). The computer took 1 (12 → 11).")


def test_lesson2_grundy_scale_slides_and_spells_out_the_mex(lab):
    run(lab, "02-grundy-values.ipynb")
    output = panel(lab, '"2, 5, 7"')
    old = picture(output).get_attribute("src")
    press(output)
    expect(output).to_contain_text("g(8) = mex{g(6), g(3), g(1)} = mex{1, 1, 0} = 2")
    expect(picture(output)).not_to_have_attribute("src", old)
    type_set(output, "1, x")
    expect(output).to_contain_text("'x' is not a number")


def test_lesson3_period_explorer_proves_a_preperiod(lab):
    run(lab, "03-periodicity.ipynb")
    output = panel(lab, "period_explorer(")
    old = picture(output).get_attribute("src")
    type_set(output, "4, 9, 11")
    expect(output).to_contain_text("preperiod 40, period 5")
    expect(picture(output)).not_to_have_attribute("src", old)


def test_lesson4_nim_explorer_finds_the_winning_move(lab):
    run(lab, "04-nim.ipynb")
    output = panel(lab, "nim_explorer(")
    heap_a = output.locator(".widget-text input").nth(0)  # heap A's number box (the count is a slider)
    heap_a.fill("6")
    heap_a.press("Enter")
    expect(output).to_contain_text("6 ⊕ 9 ⊕ 12 = 3")
    expect(output).to_contain_text("heap A from 6 to 5")


def test_lesson5_sum_heatmap_follows_the_typed_set(lab):
    run(lab, "05-sums-of-games.ipynb")
    output = panel(lab, "sum_explorer(")
    old = picture(output).get_attribute("src")
    type_set(output, "1, 2", box=0)
    expect(output).to_contain_text("A: S = {1, 2}")
    expect(picture(output)).not_to_have_attribute("src", old)
    type_set(output, "0", box=0)
    expect(output).to_contain_text("'0'")


def test_lesson6_misere_strips_grow_with_the_slider(lab):
    run(lab, "06-misere-play.ipynb")
    output = panel(lab, "misere_explorer(")
    before = int(re.search(r"heaps 0 to (\d+)", output.inner_text()).group(1))
    old = picture(output).get_attribute("src")
    press(output)
    expect(output).to_contain_text(f"heaps 0 to {before + 1}")
    expect(picture(output)).not_to_have_attribute("src", old)


def test_lesson7_chomp_bite_and_analysis(lab):
    run(lab, "07-more-games.ipynb")
    output = panel(lab, "chomp_explorer(")
    output.locator("button", has_text="Eat").first.click()  # row 1, column 2: everything right of the poison
    expect(output).to_contain_text("Position (1, 1, 1).")
    output.locator("input[type=checkbox]").first.check()
    expect(output).to_contain_text("an N-position. Winning bite: row 2, column 1.")
    output.get_by_role("button", name="2,1", exact=True).click()  # the bar's square itself, clicked
    expect(output).to_contain_text("Position (1, 0, 0): only the poison is left")


def test_rapid_slider_steps_show_the_busy_sign_and_end_on_the_last_position(lab):
    # Five steps pressed faster than the kernel draws: the panel dims with "working…" (the kernel received
    # them as changes from the browser and deferred the draw), and the picture it ends on is the last step's.
    run(lab, "02-grundy-values.ipynb")
    output = panel(lab, '"2, 5, 7"')
    expect(output).to_contain_text("g(7) = mex")
    output.evaluate("""root => {
      window.__busySeen = 0;
      new MutationObserver(() => { if (root.querySelector('.gamelib-busy')) window.__busySeen += 1; })
        .observe(root, {subtree: true, attributes: true, attributeFilter: ['class'], childList: true});
    }""")
    handle = output.locator(".noUi-handle").first
    handle.focus()
    for _ in range(5):
        handle.press("ArrowRight")
    expect(output).to_contain_text("g(12) = mex")  # n = 7 + 5
    expect(output.locator(".gamelib-busy")).to_have_count(0)  # the sign goes once the picture is drawn
    assert lab.page.evaluate("window.__busySeen") > 0
    assert "working" not in output.inner_text()
