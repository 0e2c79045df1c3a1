"""tools/practice_sheet.py: one HTML page, the questions first, the answers after a printed page break."""

from __future__ import annotations

import ast
from html.parser import HTMLParser

import pytest

from gamelib.exercises import deal
from tools import practice_sheet


class _Items(HTMLParser):
    """The text of each <li>, by its class, in order."""

    def __init__(self):
        super().__init__()
        self.items: list[tuple[str, str]] = []
        self._in: str | None = None

    def handle_starttag(self, tag, attrs):
        if tag == "li":
            self._in = dict(attrs).get("class", "")
            self.items.append((self._in, ""))

    def handle_endtag(self, tag):
        if tag == "li":
            self._in = None

    def handle_data(self, data):
        if self._in is not None:
            kind, text = self.items[-1]
            self.items[-1] = (kind, text + data)


def test_the_sheet_holds_the_questions_then_a_page_break_then_their_answers(tmp_path):
    out = tmp_path / "sheet.html"
    assert practice_sheet.main(["2", "--count", "8", "--seed", "40", "--out", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    parser = _Items()
    parser.feed(page)
    questions = [text for kind, text in parser.items if kind == "question"]
    answers = [text for kind, text in parser.items if kind == "answer"]
    assert len(questions) == len(answers) == 8
    assert page.index("page-break-before: always") < page.index('class="answers"') < page.index('class="answer"')
    assert page.rindex('class="question"') < page.index('<section class="answers"')
    for i, (question, answer) in enumerate(zip(questions, answers, strict=True)):
        exercise = practice_sheet.lesson_exercises(2)[i % 6]
        instance = deal(exercise, seed=40 + i)
        assert instance.question in question and f"Exercise {exercise}, seed {40 + i}" in question
        assert answer.startswith(instance.answer) and f"({exercise}, seed {40 + i})" in answer
    assert practice_sheet.sheet(2, 8, 40) == page  # the same command prints the same sheet


@pytest.mark.parametrize(("argv", "words"), [(["99"], "lesson 99 has no exercises that practise"),
                                             (["2", "--count", "0"], "--count must be from 1 to 200")])
def test_a_bad_request_says_what_is_wrong(tmp_path, capsys, argv, words):
    assert practice_sheet.main([*argv, "--out", str(tmp_path / "x.html")]) == 2
    assert words in capsys.readouterr().err and not (tmp_path / "x.html").exists()


def test_every_answer_on_a_sheet_is_right_by_its_own_check():
    for instance in practice_sheet.instances(5, 14, seed=3):
        assert instance.check(_literal(instance.answer.split(" (labels")[0])).ok, instance


def _literal(text: str):
    """The first right answer a sheet writes: 'any of A, B' gives A."""
    if text.startswith("any of "):
        return ast.literal_eval(text[len("any of "):])[0]
    return ast.literal_eval(text)
