"""What marking tells a student never contradicts itself (issue 43): an answer judged right is not also told
what it "must be", over every kind of feedback line the marking of every homework set can produce.

Carol's q2 said both "`q2_g` must be the mex of `q2_followers`" and "`q2_g`: right.": her followers were wrong
and held their own mex, and her `q2_g` was the mex of the right ones. A hint that one answer must follow from
another is said about the later answer; when that one is right, the slip is the earlier one's, and its own line
says so. Seven such hints of hw1–hw3 could be said beside "right" (hw1 q2's count of followers and its mex,
hw2 q3's and hw3 q1's outcome from a value, hw3 q1's XOR, hw3 q3's P-positions from remainders).

The answers tried are those the worked examples are made of (:func:`gamelib.homework.examples.candidates`: one
answer, then two, changed near the right ones, and each set's typical wrong answers), blank, ``...`` and of no
form, for several public sample students of every set; every Slip kind a question's hints name in their code
must come up among them, so that no kind of line goes untried.
"""

from __future__ import annotations

import inspect
import re
from collections import Counter

import pytest

from gamelib.homework import HOMEWORK, homework
from gamelib.homework.core import UNDEFINED
from gamelib.homework.draw import DEMO_COURSE_CODE
from gamelib.homework.examples import candidates
from gamelib.homework.marking import _judge, answer_key, mark
from gamelib.homework.mistakes import KINDS, TYPICAL, Slip

#: Public sample students (the demo course's), never a class's own.
STUDENTS = [f"s{9200000 + i}" for i in range(4)]
#: Options of each answer combined when two are changed together.
PAIRED = 8
#: Words that say an answer is not right, after its name in a line: "`q2_g` must be ...", "`x` = 22 is not ...".
WRONG_WORDS = re.compile(r"`(?P<name>\w+)`(?: = \S+)? (?:must|is not|is still|does not|leaves out|also lists|"
                         r"lists exactly|follows from|is the other)\b")


def _tried(set_name: str, question) -> list[tuple[str, dict]]:
    """Every (student, answers) tried for one question (see the module docstring)."""
    found = []
    for student in STUDENTS:
        mine = homework(set_name).numbers(student, DEMO_COURSE_CODE)
        key = answer_key(mine, question.name)
        right = {name: sorted(options, key=repr)[0] for name, options in key.items()}
        numbers = mine.of(question.name)
        singles = candidates(right, numbers)
        typical = TYPICAL.get((set_name, question.name))
        if typical:
            singles.append({**right, **typical(numbers)})
        by_answer: dict[str, list] = {}
        for values in singles:
            changed = next((n for n in values if values[n] != right[n]), None)
            if changed:
                by_answer.setdefault(changed, []).append(values[changed])
        names = list(by_answer)
        pairs = [{**right, a: x, b: y} for i, a in enumerate(names) for b in names[i + 1:]
                 for x in by_answer[a][:PAIRED] for y in by_answer[b][:PAIRED]]
        odd = [{**right, name: odd} for name in right for odd in (UNDEFINED, ..., "an answer in words")]
        found += [(student, {n: set(v) if isinstance(v, frozenset) else v for n, v in values.items()})
                  for values in [right, *singles, *pairs, *odd]]
    return found


def _hint_kinds(question) -> set[str]:
    """The kinds of mistake a question's hints name in their code (a hint made elsewhere names none here)."""
    try:
        source = inspect.getsource(question.hints)
    except (OSError, TypeError):
        return set()
    return {kind for kind in KINDS if f'"{kind}"' in source}


QUESTIONS = [(name, q) for name in HOMEWORK for q in homework(name).questions]


@pytest.mark.parametrize("set_name, question", QUESTIONS, ids=[f"{s}-{q.name}" for s, q in QUESTIONS])
def test_no_feedback_line_says_a_right_answer_is_wrong(set_name, question):
    said_beside_right = Counter()
    kinds_seen: set[str] = set()
    verdicts = Counter()
    numbers = {student: homework(set_name).numbers(student, DEMO_COURSE_CODE) for student in STUDENTS}
    for student, values in _tried(set_name, question):
        mine = numbers[student]
        marked = mark(mine, question.name, values)
        _, canonical, problems, *_ = _judge(mine, question.name, values)
        for p in problems:
            if isinstance(p, Slip):
                kinds_seen.add(p.kind)
                said_beside_right[p.kind] += marked.answers_right[p.answer]
        for name, right in marked.answers_right.items():
            verdict = f"`{name}`: {'right' if right else 'not right for your numbers'}."
            assert (verdict in marked.feedback) == (name in canonical), (values, name)
            verdicts[right] += 1
            if not right:
                continue
            about = [line for line in marked.feedback if line != verdict and (
                f"`{name}`: not right" in line or any(m["name"] == name for m in WRONG_WORDS.finditer(line))
                or any(isinstance(p, Slip) and p.answer == name and line == f"{question.name}: {p}" for p in problems))]
            assert not about, f"{set_name} {question.name}, {values}: `{name}` is right, yet {about}"
        for line in marked.feedback:  # a verdict, or a problem named with its question
            assert re.fullmatch(r"`\w+`: (right|not right for your numbers)\.", line) or line.startswith(
                f"{question.name}: "), line
    assert verdicts[True] and verdicts[False]  # both verdicts were given, so the lines were really tried
    missing = _hint_kinds(question) - kinds_seen
    assert not missing, f"{set_name} {question.name}: no answer tried makes its hints say {sorted(missing)}"


def test_the_contradicting_hints_come_up_beside_a_right_answer_and_are_left_out():
    """The seven hints that could be said beside "right" all come up among the answers tried (so the test above
    sees them), and the marking leaves each out where its answer is right."""
    beside_right = set()
    for set_name, question in [(s, q) for s, q in QUESTIONS if (s, q.name) in {("hw1", "q2"), ("hw2", "q3"),
                                                                                ("hw3", "q1"), ("hw3", "q3")}]:
        for student, values in _tried(set_name, question):
            mine = homework(set_name).numbers(student, DEMO_COURSE_CODE)
            _, canonical, problems, _, right, _, _ = _judge(mine, question.name, values)
            beside_right |= {(set_name, question.name, p.kind) for p in problems
                             if isinstance(p, Slip) and right[p.answer]}
    assert {("hw1", "q2", "mex-taken"), ("hw1", "q2", "mex-skips"), ("hw1", "q2", "followers-count"),
            ("hw2", "q3", "outcome-not-from-value"), ("hw3", "q1", "outcome-not-from-value"),
            ("hw3", "q1", "total-not-xor"), ("hw3", "q3", "p-not-from-remainders")} <= beside_right
