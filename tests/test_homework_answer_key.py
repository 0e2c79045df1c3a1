"""The answer key is not on the student's own object (QA, issue 19: ``mine.one_right_answer``, ``mine.key``,
``mine.accepts`` and ``mine.mark`` gave full marks with one line per answer cell and no flag). The key lives on
the grader's side (gamelib.homework.marking); the handout's object has the numbers and the check only.
"""

import types

import pytest

from gamelib.homework import HOMEWORK, Homework, Question, marking, my_numbers, numbers

CODE = "maple-7q"
KEY_NAMES = {"key", "one_right_answer", "accepts", "mark", "homework", "answer_key", "questions", "definition"}


def _reachable(root: object, depth: int = 3) -> list[tuple[str, object]]:
    """Every object reached from ``root`` by public attribute names (not starting with ``_``), ``depth`` steps
    deep, with its path; plain values (numbers, text, tuples) are not walked into."""
    found, frontier = [], [("mine", root)]
    for _ in range(depth):
        following = []
        for path, obj in frontier:
            if isinstance(obj, (int, str, tuple, list, dict, set, frozenset, float, bool, type(None))):
                continue
            for name in dir(obj):
                if name.startswith("_"):
                    continue
                try:
                    value = getattr(obj, name)
                except Exception:  # a NoNumbers refuses numbers: that is not a way in
                    continue
                found.append((f"{path}.{name}", value))
                following.append((f"{path}.{name}", value))
        frontier = following
    return found


@pytest.mark.parametrize("typed", [("s1234567", CODE), (..., ...), ("s1234567", "")])
@pytest.mark.parametrize("name", list(HOMEWORK))
def test_the_students_object_reaches_no_answer_key(name, typed):
    mine = my_numbers(name, *typed)
    public = {n for n in dir(mine) if not n.startswith("_")} | {n for n in vars(mine) if not n.startswith("_")}
    assert not public & KEY_NAMES, public & KEY_NAMES
    for path, value in _reachable(mine):
        assert not isinstance(value, (Homework, Question)), path
        function = getattr(value, "__func__", value)
        if isinstance(function, types.FunctionType):
            assert function.__module__ not in {"gamelib.homework.marking", f"gamelib.homework.{name}"}, path
            assert "key" not in function.__name__, path


def test_the_key_is_on_the_graders_side_and_marks_as_before():
    mine = numbers("hw1", "s1234567", CODE)
    right = {name: value for q in HOMEWORK["hw1"].questions
             for name, value in marking.one_right_answer(mine, q.name).items()}
    assert all(marking.accepts(mine, q.name, right) for q in HOMEWORK["hw1"].questions)
    assert sum(marking.mark(mine, q.name, right).score for q in HOMEWORK["hw1"].questions) == 11
    other, legal_but_losing = next((o, o.q4.n - s) for o in (numbers("hw1", f"s{i}", CODE) for i in range(100))
                                   for s in o.q4.S if o.q4.n - s not in marking.answer_key(o, "q4")["q4_leave"])
    marked = marking.mark(other, "q4", {"q4_leave": legal_but_losing})
    assert (marked.score, marked.feedback) == (0, ["`q4_leave`: not right for your numbers."])
