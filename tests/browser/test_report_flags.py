"""The class report's flags section in Chromium (issue 40, item 5): the caveat once at the top, one row per pair or
group with one sentence, its evidence folded below (``<details>``, opened by the keyboard), the classmate whose
id a framer used named and said not to be flagged, the flags about one file apart, the answers of a copier of
values left out of the mistakes table; axe-core finds nothing on the page.

The class is written as students write (tests/flags_class.py), graded by the grader with its code run in this
process, matched to a Moodle grading worksheet, and written out by the grader's own outputs. With
``REPORT_PICTURE=docs/images/class-report-flags.png`` set, the test of the picture writes the homework guide's
picture of the section there:

    REPORT_PICTURE=docs/images/class-report-flags.png .venv/bin/python -m pytest tests/browser/test_report_flags.py
"""

from __future__ import annotations

import os
import random
import re
from pathlib import Path

import nbformat
import pytest
from gamelib_grader.intake.roster import read_roster
from gamelib_grader.integrity import copying
from gamelib_grader.reporting import outputs

from benchmarks import flags as bench  # puts tests/ on the path, for the class harness below
from tests.course_sites import MOODLE_WORKSHEET_HEADER_WITH_IDS, write_csv
from tests.flags_class import Student, _copy, copies, execute, grade_class, honest, submissions

HONEST = ["Alice Smith", "Bob Jones", "Carol Diaz", "Hiro Tanaka", "Inès Moreau", "Kate O'Brien", "Liam Nguyen",
          "Grace Lee", "Frank Ode", "Nora Berg", "Omar Haddad", "Pia Larsen"]


def _class(folder: Path):
    """The demo class: twelve honest students; Mallory typed Alice's id in a cell of her own; Dan handed in
    Bob's notebook with his own id typed in, without running it again; Erin and Zoe ran Carol's notebook under
    their ids; Sam typed Hiro's answers as values; Kate typed another course code."""
    rng = random.Random(40)
    students = {name: honest(60 + i, rng, None, "function" if name in ("Bob Jones", "Carol Diaz") else None)
                for i, name in enumerate(HONEST)}
    mallory = honest(80, rng, None)
    cell = nbformat.v4.new_code_cell(f'student_id = "{students["Alice Smith"].student_id}"\n'
                                     'mine = my_numbers("hw1", student_id, course_code)\nmine')
    mallory.nb.cells.insert(next(i for i, c in enumerate(mallory.nb.cells) if "= my_numbers(" in c.source) + 1, cell)
    execute(mallory.nb, tag="0f0f0f0f")
    students["Mallory Quinn"] = mallory
    bob = students["Bob Jones"]  # Dan typed his id into Bob's notebook and handed it in without running it
    students["Dan Kim"] = Student("dan.ipynb", "s2900002", _copy(bob.nb, bob.student_id, "s2900002"), "copy",
                                  [bob.file])
    erin, zoe = copies(students["Carol Diaz"], "group of three", 4, rng)
    students["Erin Wu"], students["Zoe Park"] = erin, zoe
    students["Sam Reed"] = copies(students["Hiro Tanaka"], "typed values", 8, rng)[0]
    kate = students["Kate O'Brien"].nb
    for c in kate.cells:
        c.source = re.sub(r'^course_code = .*$', 'course_code = "oak-42"', c.source, flags=re.MULTILINE)
    execute(kate, tag="0e0e0e0e")
    rows, subs = [], {}
    for n, (name, s) in enumerate(students.items()):
        site = str(48100 + n)
        rows.append([f"Participant {site}", name, f"p{site}@uni.example", s.student_id, "Submitted for grading", "",
                     "13.00", "Yes", f"Monday, 2 March 2026, {8 + n % 12}:{10 + n:02d} PM", "", "-", ""])
        s.file = f"{name}_{site}_assignsubmission_file_/hw1.ipynb"
        subs[s.file] = dict(name=name, site_id=site, roster_name=name, roster_id=s.student_id)
    roster = read_roster(write_csv(folder / "worksheet.csv", MOODLE_WORKSHEET_HEADER_WITH_IDS, rows))
    homework = bench.load_hw1(folder)
    found = grade_class(list(students.values()), homework, folder / "in", flag=False, identities=subs)
    copying.flag_copying(list(found.values()), homework)
    outputs.write_everything(list(found.values()), [], homework, folder / "out",
                             submissions=submissions(list(students.values()), folder / "in", subs),
                             course=outputs.Course(roster=roster))
    return folder / "out" / "report.html", students


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    return _class(tmp_path_factory.mktemp("demo"))


def test_the_flags_section_lists_each_pair_once_with_its_sentence_and_folds_the_evidence(browser_context, demo):
    path, _ = demo
    page = browser_context.new_page()
    try:
        page.goto(path.as_uri())
        section = page.locator("#flags")
        text = section.inner_text()
        assert text.count("A flag never changes a score") == 1  # the caveat, once
        rows = page.evaluate("""() => [...document.querySelectorAll('#flags table')[0].tBodies[0].rows].map(
            r => [...r.cells].map(c => c.innerText))""")
        sentences = {row[1]: row[2] for row in rows}
        assert len(rows) == len(sentences) == 4, rows  # Mallory-Alice, Dan-Bob, the group of three, Sam-Hiro
        assert sentences["Alice Smith and Mallory Quinn"].startswith("Mallory Quinn copied from Alice Smith")
        assert "Alice Smith's own file shows nothing: not flagged" in sentences["Alice Smith and Mallory Quinn"]
        assert sentences["Bob Jones and Dan Kim"].startswith("Dan Kim copied from Bob Jones")
        assert "the evidence does not say who copied" in sentences["Carol Diaz, Erin Wu and Zoe Park"]
        assert sentences["Hiro Tanaka and Sam Reed"].startswith("Sam Reed copied from Hiro Tanaka")
        details = section.locator("details")
        assert details.count() == 4
        evidence = details.first.locator("li").first
        assert not evidence.is_visible()  # folded
        details.first.locator("summary").focus()
        page.keyboard.press("Enter")  # a summary opens from the keyboard
        assert evidence.is_visible() and "ANOTHER STUDENT" in evidence.inner_text()
        alone = page.evaluate("""() => [...document.querySelectorAll('#flags table')[1].tBodies[0].rows].map(
            r => r.cells[0].innerText + ': ' + r.cells[1].innerText)""")
        # Mallory's own numbers still show in the handout's cell, under Alice's typed id: about her file alone
        assert alone == ["Kate O'Brien: COURSE CODE", "Mallory Quinn: OUTPUTS OF ANOTHER ID"], alone
        mistakes = page.locator("#mistakes").inner_text()
        # Sam's typed values, Mallory's answers for Alice's numbers, Dan's outputs of Bob's id: apart, labelled
        assert "Left out of the table: the answers of 3 student(s) flagged for another's values" in mistakes
        assert all(name in mistakes for name in ("Sam Reed", "Mallory Quinn", "Dan Kim"))
        figures = page.locator("ul.numbers").inner_text()
        # Mallory, Dan, Bob (his work appears in Dan's copy), Carol, Erin, Zoe, Sam, Kate; never Alice nor Hiro
        assert "4 pairs or groups flagged" in figures and "8 students flagged" in figures, figures
    finally:
        page.close()


def test_the_report_passes_the_accessibility_audit(browser_context, axe_script, demo):
    path, _ = demo
    context = browser_context.browser.new_context(bypass_csp=True)  # the page's policy forbids axe's script
    page = context.new_page()
    try:
        page.goto(path.as_uri())
        page.evaluate("() => document.querySelectorAll('details').forEach(d => d.open = true)")
        page.add_script_tag(content=axe_script)
        violations = page.evaluate("""async () => {
            const found = await axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a',
                                                                                       'wcag21aa']}});
            return found.violations.map(v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).join(', '));
        }""")
        assert violations == [], violations
    finally:
        context.close()


def test_the_guides_picture_of_the_flags_section(browser_context, demo, tmp_path):
    """The homework guide's picture: the flags section, its first pair's evidence opened."""
    path, _ = demo
    target = Path(os.environ.get("REPORT_PICTURE") or tmp_path / "flags.png")
    context = browser_context.browser.new_context(viewport={"width": 1100, "height": 900}, device_scale_factor=1)
    page = context.new_page()
    try:
        page.goto(path.as_uri())
        page.locator("#flags details").first.evaluate("d => d.open = true")
        box = page.locator("#flags").bounding_box()
        assert box is not None and box["height"] > 300
        clip = {"x": box["x"] - 8, "y": box["y"] - 8, "width": box["width"] + 16, "height": min(box["height"], 1150)}
        page.screenshot(path=str(target), clip=clip, full_page=True)
        assert target.stat().st_size > 20_000
    finally:
        context.close()
