"""The practice panel in JupyterLab, used as a student would from the keyboard: a wrong answer gets the check's
feedback in the status line (a live region), right answers count a streak, "Another one" deals the next
instance; axe-core finds nothing in the panel."""

import nbformat
from playwright.sync_api import expect

from gamelib.exercises import deal

NOTEBOOK = "practice-panel-test.ipynb"
EXERCISE, SEED = "4.3", 3


def _write_notebook(root) -> None:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(f'from gamelib.exercises import practice\n\npractice("{EXERCISE}", '
                                          f"seed={SEED})")]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, root / NOTEBOOK)


def _run_panel(lab, lab_root):
    """The practice panel of the notebook written, run: its output (the panel watched)."""
    _write_notebook(lab_root)
    lab.open(NOTEBOOK)
    lab.run_all()
    lab.assert_clean()
    lab.panel = lab.page.locator(".jp-OutputArea").first
    return lab.panel


def test_practice_panel_checks_counts_a_streak_and_deals_another(lab, lab_root, axe_script):
    output = _run_panel(lab, lab_root)
    first = deal(EXERCISE, seed=SEED)
    expect(output).to_contain_text(f"Practice {EXERCISE}, seed {SEED}")
    expect(output).to_contain_text(first.question)
    status = output.locator("[role=status]").last  # the verdict; the hint's line (empty here) comes first
    box = output.get_by_label("Your answer:")

    box.fill(str((int(first.answer) + 1) % 64))  # wrong: a heap that leaves a nim-sum other than 0
    box.press("Enter")
    expect(status).to_contain_text("Not yet:")
    expect(status).to_contain_text("so it is an N-position")

    box.fill(first.answer)
    output.get_by_role("button", name="Check").click()
    expect(status).to_contain_text("Right:")
    expect(output).to_contain_text("1 right in a row")
    assert lab.audit(axe_script) == []

    for step in (1, 2):
        another = output.get_by_role("button", name="Another one")
        another.focus()
        another.press("Enter")  # from the keyboard
        instance = deal(EXERCISE, seed=SEED + step)
        expect(output).to_contain_text(f"Practice {EXERCISE}, seed {SEED + step}")
        expect(box).to_have_value("")
        expect(status).to_contain_text(instance.question)  # a screen reader hears the new question
        expect(box).to_be_focused()  # the keyboard is back in the answer box
        box.fill(instance.answer)
        box.press("Enter")
        expect(status).to_contain_text("Right:")
    expect(output).to_contain_text("3 right in a row: you have it — go on")
    assert lab.audit(axe_script) == []


def test_the_hint_button_works_from_the_keyboard_shows_the_hint_apart_and_passes_the_audit(lab, lab_root, axe_script):
    output = _run_panel(lab, lab_root)
    first = deal(EXERCISE, seed=SEED)
    hint_line, status = output.locator("[role=status]").first, output.locator("[role=status]").last
    box = output.get_by_label("Your answer:")
    box.fill("0")
    box.press("Enter")
    expect(status).to_contain_text("Not yet:")
    expect(status).to_contain_text("Press Hint for a hint.")
    assert first.hint not in status.inner_text()
    hint = output.get_by_role("button", name="Hint")
    hint.focus()
    hint.press("Enter")  # from the keyboard
    expect(hint_line).to_have_text(f"Hint: {first.hint}")
    expect(hint_line).to_have_attribute("role", "status")  # a screen reader hears it
    expect(box).to_be_focused()  # back in the answer box
    expect(status).to_contain_text("Not yet:")  # the verdict stays apart
    assert lab.audit(axe_script) == []
    box.fill(first.answer)
    box.press("Enter")
    expect(status).to_contain_text("1 right in a row, with the hint")
    output.get_by_role("button", name="Another one").press("Enter")
    expect(hint_line).to_have_text("")
    box.fill("hint")  # typed, as some will
    box.press("Enter")
    expect(hint_line).to_have_text(f"Hint: {deal(EXERCISE, seed=SEED + 1).hint}")
    assert lab.audit(axe_script) == []
