"""A class of hw1 marked for real (gamelib.homework's marking, no notebook run), each student with mistakes of
known kinds made on their own numbers: for the tests of the class report's "what the class got wrong".

Every wrong answer is chosen with tests/brute.py (the definitions, no gamelib), so the kind each one must get
is known before the marking runs:

=========  ==========================================================  ==============================
students   the mistake                                                 kind
=========  ==========================================================  ==============================
0, 3, 6,   q4: a legal move that leaves a heap brute force finds an    ``leaves-n-position``
9, 12      N-position
1          q4: a heap no move of S reaches                             ``not-one-move``
2          q2: one follower's value left out                           ``followers-count`` (part 2)
4          q2: g above the mex of the right followers, with a smaller  ``mex-skips`` (part 2)
           value missing
5, 7       q1: still ``...``                                           ``blank`` (not a mistake)
8          q3: the heap's outcome swapped (P for N or N for P)         ``pn-swapped`` (part 2)
=========  ==========================================================  ==============================
"""

from __future__ import annotations

from gamelib_grader.marking import checks
from gamelib_grader.marking.grader import GRADED, Outcome
from gamelib_grader.sandbox.plain import Report

from gamelib.homework import homework
from gamelib.homework.marking import one_right_answer
from tests.brute import grundy_sequence, mex

SET = "hw1-subtraction-grundy"
COURSE = "report-test"
#: What the class must total, per question: {kind: students}; the blanks apart.
EXPECTED = {"q1": {}, "q2": {"followers-count": 1, "mex-skips": 1}, "q3": {"pn-swapped": 1},
            "q4": {"leaves-n-position": 5, "not-one-move": 1}, "q5": {}}
BLANKS = {"q1": 2}


def student_id(number: int, attempt: int = 0) -> str:
    return f"s{2100000 + 100 * attempt + number}"


def _wrong_answers(number: int, mine) -> dict[str, object]:
    """The answers student ``number`` gets wrong (see the module docstring), on their own numbers."""
    q1, q2, q3, q4 = (mine.of(q) for q in ("q1", "q2", "q3", "q4"))
    if number % 3 == 0:
        g = grundy_sequence(q4["S"], q4["n"] + 1)
        return {"q4_leave": next((q4["n"] - s for s in q4["S"] if s <= q4["n"] and g[q4["n"] - s] != 0), None)}
    if number == 1:
        return {"q4_leave": next(v for v in range(q4["n"], -1, -1) if q4["n"] - v not in q4["S"])}
    g = grundy_sequence(q2["S"], q2["n"] + 1)
    followers = sorted(g[q2["n"] - s] for s in q2["S"] if s <= q2["n"])
    if number == 2:
        return {"q2_followers": followers[1:]}
    if number == 4:
        return {"q2_g": next(v for v in range(mex(followers) + 1, 99) if v not in followers)}
    if number in (5, 7):
        return {"q1_grundy": ...}
    if number == 8:
        p = set(i for i, x in enumerate(grundy_sequence(q3["S"], q3["period"])) if x == 0)
        return {"q3_heap": "N" if q3["heap"] % q3["period"] in p else "P"}
    return {}


def marked_outcome(number: int, name: str) -> Outcome:
    """Student ``number``'s submission as grading would have marked it (file named as Moodle names it)."""
    definition = homework(SET)
    for attempt in range(20):  # an id whose numbers allow the mistake (every move of q4 may win)
        mine = definition.numbers(student_id(number, attempt), COURSE)
        wrong = _wrong_answers(number, mine)
        if None not in wrong.values():
            break
    values = {k: v for q in definition.questions for k, v in one_right_answer(mine, q.name).items()}
    values.update(wrong)
    report = Report(values={k: v for k, v in values.items() if v is not ...},
                    not_plain={k: "builtins.ellipsis" for k, v in values.items() if v is ...})
    o = Outcome(f"{name}_{100 + number}_assignsubmission_file_/hw1.ipynb", name=name, site_id=str(100 + number),
                student_id=mine.student_id, status=GRADED, possible=11.0, sha256=f"{number:064x}")
    for question in definition.questions:
        result = checks.grade_question(question, mine, report)
        o.questions[question.name] = {"score": result.score, "possible": result.possible, "details": result.details,
                                      "feedback": result.feedback, "right": result.right, "answers": result.answers,
                                      "mistakes": result.mistakes}
    o.score = sum(q["score"] for q in o.questions.values())
    return o
