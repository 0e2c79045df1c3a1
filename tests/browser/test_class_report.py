"""The class report (tools/grading/report.py) opened from disk in Chromium: its pictures load, each with a text
alternative, its tables are there with captions and headers, it asks for nothing from any server, and a
student's hostile name or answer shows as text.

The class is made of graded outcomes written here, for a set of hw1's shape (the grading itself is tested
elsewhere).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gamelib.homework import homework as homework_definition
from tools.grading import classgrades, identity_flags, records, report
from tools.grading.grader import GRADED, Outcome
from tools.grading.homework_set import HomeworkSet, Question
from tools.grading.roster import CANVAS, Roster, Student

HOSTILE = 'Eve <img src="http://evil.example/beacon.png"> ![b](http://evil.example/b.png) \u202eevil'


def _outcome(number: int, q4_right: bool, name: str) -> Outcome:
    o = Outcome(f"{name}_{100 + number}_assignsubmission_file_/hw1.ipynb", name=name, site_id=str(100 + number),
                status=GRADED, score=11.0 if q4_right else 9.0, possible=11.0, sha256=f"{number:064x}")
    for question, points in (("q1", 2), ("q2", 2), ("q3", 2), ("q4", 2), ("q5", 3)):
        right = q4_right or question != "q4"
        o.questions[question] = {"score": points if right else 0, "possible": points, "details": [], "feedback": [],
                                 "right": right, "answers": {f"{question}_answer": "27" if not right else "[...]"}}
    return o


@pytest.fixture(scope="module")
def report_page(tmp_path_factory):
    questions = [Question(name, points, False) for name, points in (("q1", 2), ("q2", 2), ("q3", 2), ("q4", 2),
                                                                    ("q5", 3))]
    homework = HomeworkSet("hw1-subtraction-grundy", (*questions, Question("q6", 2, True)), None,
                           homework_definition("hw1-subtraction-grundy"), "report-test", False, Path())
    names = [f"Student {n}" for n in range(12)] + [HOSTILE]
    outcomes = [_outcome(n, n % 3 != 0, name) for n, name in enumerate(names)]
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
        assert any(c.startswith("Each question") for c in captions) and any(c.startswith("Look at these") for c in
                                                                             captions)
        assert any(c.startswith("Changes on the run of") for c in captions)
        assert all(t["headers"] >= 2 and t["rows"] >= 1 for t in tables), tables
        questions = next(t for t in tables if t["caption"].startswith("Each question"))
        assert questions["rows"] == 5
        text = page.inner_text("main")
        assert "q4_answer = 27 (5×)" in text  # the most common wrong answer, with how many gave it
        assert 'Eve <img src="http://evil.example/beacon.png">' in text and "{U+202E}evil" in text
        assert "Nobody Here" in text and "no submission" in text
        assert page.evaluate("document.documentElement.lang") == "en"
        assert all(url.startswith(("file:", "data:")) for url in requests), requests
        assert not errors, errors
    finally:
        page.close()
