"""The class report (gamelib_grader.reporting.report) opened from disk in Chromium: its pictures load, each with a text
alternative, its tables are there with captions and headers, it asks for nothing from any server, and a
student's hostile name or answer shows as text.

The class is marked for real on each student's own numbers, with mistakes of known kinds
(tests/marked_class.py); what it got wrong is shown by kind of mistake, per question and per part, blanks
apart, with a worked example of each kind on the public example's numbers.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from gamelib_grader.intake.homework_set import HomeworkSet, Question
from gamelib_grader.intake.roster import CANVAS, Roster, Student
from gamelib_grader.integrity import identity_flags
from gamelib_grader.marking import records
from gamelib_grader.reporting import classgrades, report

from gamelib.homework import homework as homework_definition
from gamelib.homework import numbers
from gamelib.homework.draw import DEMO_COURSE_CODE, EXAMPLE_STUDENT_ID
from gamelib.homework.mistakes import title
from tests.marked_class import BLANKS, EXPECTED, marked_outcome

HOSTILE = 'Eve <img src="http://evil.example/beacon.png"> ![b](http://evil.example/b.png) \u202eevil'


@pytest.fixture(scope="module")
def report_page(tmp_path_factory):
    questions = [Question(name, points, False) for name, points in (("q1", 2), ("q2", 2), ("q3", 2), ("q4", 2),
                                                                    ("q5", 3))]
    homework = HomeworkSet("hw1-subtraction-grundy", (*questions, Question("q6", 2, True)), None,
                           homework_definition("hw1-subtraction-grundy"), "report-test", False, Path())
    names = [f"Student {n}" for n in range(12)] + [HOSTILE]
    outcomes = [marked_outcome(n, name) for n, name in enumerate(names)]
    outcomes[-1].flags = [{"kind": "same-written-answer", "with": [outcomes[0].file], "what": HOSTILE}]
    students = [Student(name, site_id=str(100 + n)) for n, name in enumerate(names)] + [Student("Nobody Here", "999")]
    roster = Roster(CANVAS, tmp_path_factory.mktemp("r") / "export.csv", students, "Homework 1 (1)", 20.0)
    marks = {records.submission_key(o): {"q6": 2.0} for o in outcomes[:8]}
    grades = classgrades.class_grades(outcomes, [], homework, marks, roster)
    latest = {"at": "2026-03-03T10:00:00+00:00", "changes": [{"student": HOSTILE, "what": "grade – → 20"}]}
    path = tmp_path_factory.mktemp("report") / "report.html"
    report.write_report(path, homework, grades, identity_flags.all_flags(outcomes), latest)
    return path


def test_the_report_renders_from_disk_with_everything_in_it(browser_context, report_page):
    page = browser_context.new_page()
    requests: list[str] = []
    errors: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    try:
        page.goto(report_page.as_uri())
        page.wait_for_load_state("load")
        pictures = page.evaluate("""() => [...document.images].map(img => ({
            loaded: img.complete && img.naturalWidth > 0, alt: img.alt, src: img.src.slice(0, 22)}))""")
        assert len(pictures) == 2, pictures  # the histogram and the success rates: nothing of a student's
        assert all(p["loaded"] and p["src"] == "data:image/png;base64," for p in pictures), pictures
        assert all(len(p["alt"]) > 40 for p in pictures), pictures
        assert "Histogram of the automatic scores of 13 submissions" in pictures[0]["alt"]
        tables = page.evaluate("""() => [...document.querySelectorAll('table')].map(t => ({
            caption: t.caption ? t.caption.textContent : '', headers: t.querySelectorAll('th[scope=col]').length,
            rows: t.tBodies[0].rows.length}))""")
        captions = [t["caption"] for t in tables]
        assert any(c.startswith("Each question") for c in captions) and any(c.startswith("Pairs and groups") for c in
                                                                             captions)
        assert any(c.startswith("Changes on the run of") for c in captions)
        assert all(t["headers"] >= 2 and t["rows"] >= 1 for t in tables), tables
        questions = next(t for t in tables if t["caption"].startswith("Each question"))
        assert questions["rows"] == 5
        text = page.inner_text("main")
        # what the class got wrong is told by kind (the next test), never by a student's raw values
        assert "most common wrong" not in text
        assert 'Eve <img src="http://evil.example/beacon.png">' in text and "{U+202E}evil" in text
        assert "Nobody Here" in text and "no submission" in text
        assert page.evaluate("document.documentElement.lang") == "en"
        assert all(url.startswith(("file:", "data:")) for url in requests), requests
        assert not errors, errors
    finally:
        page.close()


def test_the_report_says_what_the_class_got_wrong_by_kind(browser_context, report_page):
    page = browser_context.new_page()
    try:
        page.goto(report_page.as_uri())
        rows = page.evaluate("""() => [...document.querySelectorAll('#mistakes table')[0].tBodies[0].rows].map(
            r => [...r.cells].map(c => c.innerText))""")
        by_question: dict[str, list[list[str]]] = {}
        question = ""
        for row in rows:
            question = row[0] or question
            by_question.setdefault(question, []).append(row)
        for q, kinds in EXPECTED.items():
            whole = by_question[q][0]
            assert whole[1] == "whole question" and whole[2].startswith(f"{sum(kinds.values())} of 13"), whole
            assert whole[3] == str(BLANKS.get(q, 0)), whole  # blanks apart, not among the mistakes
            for kind, n in kinds.items():
                assert f"{title(kind)} ({n})" in whole[4], (q, whole)
        assert "blank" not in by_question["q1"][0][4]
        q2_parts = {row[1].split(" (")[0]: row[4] for row in by_question["q2"][1:]}
        assert q2_parts["part 1"] == "–" and sorted(q2_parts["part 2"].split("; ")) == sorted(
            [f"{title('followers-count')} (1)", f"{title('mex-skips')} (1)"]), q2_parts
        examples = page.evaluate("""() => [...document.querySelectorAll('#mistakes table')[1].tBodies[0].rows].map(
            r => [...r.cells].map(c => c.innerText))""")
        shown = {(row[0], row[1]) for row in examples}
        assert shown == {(q, title(kind)) for q, kinds in EXPECTED.items() for kind in kinds}
        q4 = numbers("hw1", EXAMPLE_STUDENT_ID, DEMO_COURSE_CODE).of("q4")
        leaves = next(row for row in examples if row[1] == title("leaves-n-position"))
        assert leaves[2] == f"S = {q4['S']!r}, n = {q4['n']!r}", leaves  # the public example's numbers
        assert page.locator("#mistakes h2").inner_text() == "What the class got wrong"
    finally:
        page.close()
