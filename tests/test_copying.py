"""The copying pass (gamelib_grader/integrity/copying.py) on outcomes made directly, without running notebooks: which
flags each kind of copying raises, with whom, and that honest work (mistakes included) raises none.
The same cheats graded from real notebooks in the sandbox are in test_grading_class.py.
"""

import doctest
import random
from pathlib import Path

import pytest
from gamelib_grader.intake import homework_set, likeness
from gamelib_grader.integrity import copy_likeness, copying
from gamelib_grader.marking.grader import GRADED, NOT_GRADED, Outcome
from gamelib_grader.sandbox.run_notebook import encode

from gamelib.homework import homework, numbers
from gamelib.homework.marking import accepts, answer_key, mark, one_right_answer
from tools import build_homework

ROOT = Path(__file__).resolve().parent.parent
CODE = "maple-7q"

MODEL = """If g(n) = m > 0, then m is the *smallest* value missing among the followers of n, so the value 0 is **not**
missing: some move leads to a heap of Grundy value 0. From a heap of value 0 every move leads to a heap of
nonzero value (0 is the mex, so no follower has value 0). So the player who moves to value 0 can always
answer with another move to value 0, and the opponent is the one who eventually cannot move."""
# The model answer with about one word in ten changed.
MODEL_EDITED = """If g(n) = m > 0, then m is the smallest value that is missing among the followers of n, so the value 0
is not missing: some move goes to a heap with Grundy value 0. From a heap of value 0 every move leads to a heap
of nonzero value (0 is the mex, so no follower has the value 0). So the player who moves to 0 can always
answer with another move to value 0, and the other player is the one who finally cannot move."""
HONEST = [
    """Because the Grundy value m is the mex of the values of the positions we can move to, every value smaller
    than m appears among them. In particular 0 appears, so there is a move to a position with value 0. Such a
    position is P, since all its moves lead to nonzero values. So the player to move wins by moving there.""",
    """A heap with g(n) not 0 is N: by the mex rule 0 must be among the Grundy numbers of the followers
    (otherwise the mex would be 0). Moving to that follower leaves the opponent a P-position, where every move
    gives back a nonzero value, and we repeat until they cannot move.""",
    """The mex is the least number missing. If the value is not zero then zero is not missing, so one follower
    has Grundy value zero and we move there; the opponent then faces value zero and whatever they do we can go
    back to zero, so we make the last move.""",
]
# HONEST[0] with about one word in ten changed.
HONEST_EDITED = """Because the Grundy value m is the mex of the values of the positions you can move to, every smaller
value than m appears among them. In particular 0 appears, so there is a move to a position of value 0. That
position is P, since all of its moves lead to nonzero values. So the player to move wins by going there."""


BLANK = "_Type your answer here, replacing this text._"


@pytest.fixture(scope="module")
def hw1(tmp_path_factory):
    course_file = tmp_path_factory.mktemp("course") / "autograder.zip"
    build_homework.write_course_file(course_file, "hw1-subtraction-grundy", CODE, False)
    return homework_set.load_set(ROOT / "homework" / "source" / "hw1-subtraction-grundy.ipynb",
                           ROOT / "notebooks" / "homework" / "hw1-subtraction-grundy.ipynb", course_file)


def right_values(student: str, code: str = CODE) -> dict:
    mine = numbers("hw1", student, code)
    return {name: value for q in homework("hw1").questions for name, value in one_right_answer(mine, q.name).items()}


def outcome(homework, file: str, student: str, values: dict, *, written: str = "", code: str = CODE,
            fingerprint: dict | None = None) -> Outcome:
    """An outcome as grading makes it, from the answer values a notebook reported."""
    mine = homework.numbers(student)
    o = Outcome(file, name=file.split(".")[0].title(), student_id=student, status=GRADED, course_code=code,
                score=0.0, possible=11.0)
    o.variant = {"student_id": mine.student_id, "numbers": mine.plain}
    o.values = {name: encode(value) for name, value in values.items()}
    for question in homework.definition.questions:
        marked = mark(mine, question.name, values)
        o.questions[question.name] = {"score": marked.score, "possible": marked.possible, "right": marked.right}
        o.score += marked.score
    o.written = {"q6": written}
    o.fingerprint = fingerprint or {"added_ids": [], "executions": [], "code": []}
    return o


def kinds(flags: list[dict]) -> list[tuple[str, list[str]]]:
    return sorted((f["kind"], f["with"]) for f in flags)


def _slip(value, rng):
    """A typical mistake: one off, one element dropped or changed, the other outcome."""
    if isinstance(value, str):
        return "N" if value == "P" else "P"
    if isinstance(value, int):
        return value + rng.choice((-1, 1)) if value else 1
    if isinstance(value, set):
        return value - {max(value)} if len(value) > 1 else value | {max(value) + 1}
    changed = list(value)
    changed[rng.randrange(len(changed))] += 1
    return changed


def test_honest_work_with_mistakes_raises_no_flag(hw1):
    """40 students, each with slips in two questions: nobody's answers are taken for a classmate's."""
    rng = random.Random(5)
    outcomes = []
    for index in range(40):
        student = f"s{index:07d}"
        values = right_values(student)
        for question in rng.sample(["q1", "q2", "q3", "q4", "q5"], 2):
            name = rng.choice(hw1.definition.question(question).names)
            values[name] = _slip(values[name], rng)
        written = HONEST[index] if index < 3 else ""
        outcomes.append(outcome(hw1, f"{student}.ipynb", student, values, written=written))
    flags = copying.flag_copying(outcomes, hw1)
    assert {f: kinds(v) for f, v in flags.items() if v} == {}
    assert all(o.flags == [] for o in outcomes)


def test_a_classmates_values_are_flagged_with_whom_and_which_questions(hw1):
    alice, bob = right_values("alice"), right_values("bob")
    mallory = dict(alice)  # every answer of alice's, typed as values
    partial = {**right_values("carol"), **{k: v for k, v in bob.items() if k.startswith(("q2", "q5"))}}
    outcomes = [outcome(hw1, "alice.ipynb", "alice", alice), outcome(hw1, "bob.ipynb", "bob", bob),
                outcome(hw1, "mallory.ipynb", "mallory", mallory), outcome(hw1, "carol.ipynb", "carol", partial)]
    scores = {o.file: o.score for o in outcomes}
    flags = copying.flag_copying(outcomes, hw1)
    assert kinds(flags["mallory.ipynb"]) == [("other-numbers", ["alice.ipynb"])]
    said = flags["mallory.ipynb"][0]["what"]
    assert "q1, q2, q3, q4 and q5 are wrong for this student's own numbers and right for Alice's" in said
    assert kinds(flags["carol.ipynb"]) == [("other-numbers", ["bob.ipynb"])]
    assert "q2 and q5" in flags["carol.ipynb"][0]["what"]
    assert flags["alice.ipynb"] == flags["bob.ipynb"] == []  # the one copied from is not flagged for it
    assert {o.file: o.score for o in outcomes} == scores  # flags never change a score
    assert scores["mallory.ipynb"] == 0 and scores["carol.ipynb"] == 11 - 2 - 3


def test_one_answer_alone_is_not_taken_for_copying_in_a_class(hw1):
    """One question's answers right for a classmate's numbers can be chance (question 3's remainders are the
    same for about 1 pair of students in 40): in a class of 10, one matching question is never a flag."""
    alice = numbers("hw1", "alice", CODE)
    theirs = answer_key(alice, "q3")

    def twin_of_alice(student: str) -> bool:
        key = answer_key(numbers("hw1", student, CODE), "q3")
        return key != theirs and key["q3_remainders"] == theirs["q3_remainders"]

    twin = next(s for s in (f"s{n}" for n in range(2000)) if twin_of_alice(s))
    values = {**right_values(twin), "q3_remainders": right_values("alice")["q3_remainders"],
              "q3_heap": right_values("alice")["q3_heap"]}
    assert accepts(alice, "q3", values) and not accepts(numbers("hw1", twin, CODE), "q3", values)
    outcomes = [outcome(hw1, "alice.ipynb", "alice", right_values("alice")), outcome(hw1, "twin.ipynb", twin, values)]
    outcomes += [outcome(hw1, f"s{n}.ipynb", f"s{n}", right_values(f"s{n}")) for n in range(8)]
    assert copying.flag_copying(outcomes, hw1)["twin.ipynb"] == []


def test_the_public_examples_answers_and_model_answer_are_flagged(hw1):
    from gamelib.homework import DEMO_COURSE_CODE, EXAMPLE_STUDENT_ID

    values = right_values(EXAMPLE_STUDENT_ID, DEMO_COURSE_CODE)
    outcomes = [outcome(hw1, "eve.ipynb", "eve", values, written=MODEL),
                outcome(hw1, "fay.ipynb", "fay", right_values("fay"), written=MODEL_EDITED)]
    flags = copying.flag_copying(outcomes, hw1)
    # issue 26: the model answer is public (in the base), so two students who both copied it share only what is
    # public: each is flagged for the public source, not with each other
    assert kinds(flags["eve.ipynb"]) == [("public-example", []), ("public-example", [])]
    said = " / ".join(f["what"] for f in flags["eve.ipynb"])
    assert "right for the public example's" in said and "is the model answer of the public source" in said
    assert "nearly the model answer" in " ".join(f["what"] for f in flags["fay.ipynb"])
    assert outcomes[0].score <= 1


def test_the_likeness_docstring_examples_hold():
    result = doctest.testmod(likeness)
    assert result.attempted >= 5 and result.failed == 0


@pytest.mark.parametrize("a, b, low, high", [
    (MODEL, MODEL, 1.0, 1.0), (MODEL, MODEL_EDITED, 0.55, 0.7), (HONEST[0], HONEST_EDITED, 0.5, 0.65),
    (HONEST[0], HONEST[1], 0, 0.05), (HONEST[1], HONEST[2], 0, 0.05), (MODEL, HONEST[0], 0, 0.05),
])
def test_written_answers_similarity_on_examples(a, b, low, high):
    score = likeness.similarity(likeness.words(a), likeness.words(b))
    assert low <= score <= high, score
    assert (score >= copy_likeness.WRITTEN_SIMILARITY) == (low > 0.3)


def test_written_answers_nearly_the_same_are_flagged_both_ways_and_blank_or_short_ones_never(hw1):
    values = {s: right_values(s) for s in ("ann", "ben", "cat", "dan", "eli")}
    outcomes = [outcome(hw1, "ann.ipynb", "ann", values["ann"], written=HONEST[0]),
                outcome(hw1, "ben.ipynb", "ben", values["ben"], written=HONEST_EDITED),
                outcome(hw1, "cat.ipynb", "cat", values["cat"], written=HONEST[1]),
                outcome(hw1, "dan.ipynb", "dan", values["dan"], written=BLANK),
                outcome(hw1, "eli.ipynb", "eli", values["eli"], written=BLANK)]
    flags = copying.flag_copying(outcomes, hw1)
    assert kinds(flags["ann.ipynb"]) == [("same-written-answer", ["ben.ipynb"])]
    assert kinds(flags["ben.ipynb"]) == [("same-written-answer", ["ann.ipynb"])]
    assert "nearly the same as Ann's: " in flags["ben.ipynb"][0]["what"]
    assert "runs of three words in common that no lesson, handout or model answer holds" in flags["ben.ipynb"][0][
        "what"]
    assert flags["cat.ipynb"] == flags["dan.ipynb"] == flags["eli.ipynb"] == []


def test_a_copied_files_cell_ids_and_execution_history_are_flagged(hw1):
    base = {"added_ids": ["6f1c2e9a-1b2c-4d5e-8f90-123456789abc"], "executions": [3, 7, None, 12, 13, 15, 16]}
    fresh = {"added_ids": [], "executions": [1, 2, 3, 4, 5, 6, 7]}
    outcomes = [outcome(hw1, "ann.ipynb", "ann", right_values("ann"), fingerprint={**base, "code": []}),
                outcome(hw1, "ben.ipynb", "ben", right_values("ben"), fingerprint={**base, "code": []}),
                outcome(hw1, "cat.ipynb", "cat", right_values("cat"), fingerprint={**fresh, "code": []}),
                outcome(hw1, "dan.ipynb", "dan", right_values("dan"), fingerprint={**fresh, "code": []})]
    flags = copying.flag_copying(outcomes, hw1)
    assert kinds(flags["ann.ipynb"]) == [("same-cell-ids", ["ben.ipynb"]), ("same-execution-history", ["ben.ipynb"])]
    assert kinds(flags["ben.ipynb"]) == [("same-cell-ids", ["ann.ipynb"]), ("same-execution-history", ["ann.ipynb"])]
    assert flags["cat.ipynb"] == flags["dan.ipynb"] == []  # Restart and Run All gives everyone 1, 2, 3, ...


def _shapes(*cells: str) -> dict:
    return {"added_ids": [], "executions": [], "code": [],
            "shapes": [list(likeness.code_shape(c, lines=True)) for c in cells]}


#: A student's own way with every question (QA, issue 19: a classmate's notebook with g1 renamed to game and
#: the written answer rewritten raised no flag at all).
OWN_STYLE = ["g1 = SubtractionGame(mine.q1.S)\nq1_grundy = list(g1.grundy_values(16))",
             "g1 = SubtractionGame(mine.q2.S)\nq2_moves = list(g1.moves(mine.q2.n))\n"
             "q2_followers = [g1.grundy(x) for x in q2_moves]\nq2_g = mex(q2_followers)",
             "g1 = SubtractionGame(mine.q3.S)\nq3_remainders = set(g1.p_positions(mine.q3.period))\n"
             "q3_heap = 'P' if (mine.q3.heap % mine.q3.period) in q3_remainders else 'N'",
             "g1 = SubtractionGame(mine.q4.S)\nq4_leave = g1.winning_moves(mine.q4.n)[-1]",
             "g1 = SubtractionGame(mine.q5.S)\nq5_p_positions = [x for x in g1.p_positions(mine.q5.start + 30) "
             "if x >= mine.q5.start]\nq5_g = g1.grundy(mine.q5.heap)"]
#: What honest students write on their own, most of it the handout's way or a natural one-liner.
NATURAL = {"q1_list": "q1_grundy = list(SubtractionGame(mine.q1.S).grundy_values(16))",
           "q1_comp": "q1_grundy = [SubtractionGame(mine.q1.S).grundy(n) for n in range(16)]",
           "q4_two": "g = SubtractionGame(mine.q4.S)\nq4_leave = g.winning_moves(mine.q4.n)[0]",
           "q2_lines": "game2 = SubtractionGame(mine.q2.S)\nq2_moves = game2.moves(mine.q2.n)\n"
                       "q2_followers = [game2.grundy(m) for m in q2_moves]\nq2_g = mex(q2_followers)",
           "q5_range": "game5 = SubtractionGame(mine.q5.S)\nq5_p_positions = [n for n in range(mine.q5.start, "
                       "mine.q5.start + 30) if game5.grundy(n) == 0]\nq5_g = game5.grundy(mine.q5.heap)"}


def test_natural_one_liners_shared_in_an_honest_class_are_never_a_flag(hw1):
    """QA, issue 19: two honest students of a class of 10 who both wrote the most natural one-liners
    (``list(SubtractionGame(mine.q1.S).grundy_values(16))``, a two-line ``winning_moves(...)[0]``) were
    flagged. Issue 26: their lines are the handout's solution, or it with a call given a name of one's own
    (``g = SubtractionGame(mine.q4.S)``): public code, no evidence, however long the cells."""
    tokens = [likeness.code_shape(NATURAL[k])[1] for k in ("q1_list", "q1_comp", "q4_two", "q2_lines")]
    assert tokens == [18, 24, 25, 42]
    code = {"ann": ["q1_list", "q4_two", "q2_lines"], "ben": ["q1_list", "q4_two", "q2_lines"],
            "cat": ["q1_comp", "q5_range"], "dan": ["q1_comp"], **{s: [] for s in ("eli", "fay", "gus", "hal", "ivy",
                                                                                  "jo")}}
    outcomes = [outcome(hw1, f"{s}.ipynb", s, right_values(s), fingerprint=_shapes(*(NATURAL[k] for k in cells)))
                for s, cells in code.items()]
    flags = copying.flag_copying(outcomes, hw1)
    assert {f: kinds(v) for f, v in flags.items() if v} == {}


def test_a_copy_with_its_variables_renamed_is_flagged_with_whom(hw1):
    """In a class of 30, five fragments of code only two students wrote, all of their own code, are a copy. In a
    class of 6 being the only two writers says little (issue 40: two honest students of a class of five shared a
    dozen fragments no one else wrote): the pair is listed close to the line, not flagged."""
    renamed = [cell.replace("g1", "game") for cell in OWN_STYLE]
    assert [likeness.code_shape(c) for c in renamed] == [likeness.code_shape(c) for c in OWN_STYLE]
    for size in (30, 6):
        others = [f"s{i:02d}" for i in range(size - 2)]
        code = {"bob": OWN_STYLE, "mal": renamed, **{s: [NATURAL["q1_list"]] for s in others}}
        outcomes = [outcome(hw1, f"{s}.ipynb", s, right_values(s), fingerprint=_shapes(*cells))
                    for s, cells in code.items()]
        flags = copying.flag_copying(outcomes, hw1)
        assert all(flags[f"{s}.ipynb"] == [] for s in others)
        if size == 30:
            assert kinds(flags["mal.ipynb"]) == [("same-answer-cells", ["bob.ipynb"])]
            assert kinds(flags["bob.ipynb"]) == [("same-answer-cells", ["mal.ipynb"])]
            assert "are the same as in Bob's, variable names aside" in flags["mal.ipynb"][0]["what"]
        else:
            assert flags["mal.ipynb"] == flags["bob.ipynb"] == []
            near = [f for o in outcomes for f in o.near]
            assert [(f["kind"], f["with"]) for f in near] == [("same-answer-cells", ["mal.ipynb"])]
            assert "100% of their code the same" in near[0]["what"]


def test_code_most_of_the_class_wrote_the_same_way_is_not_a_ring_of_copiers(hw1):
    """Issue 40: students whose code is the same formed one group, taken as one writer however many they were:
    twenty students of a class of thirty who wrote the same five lines of their own were each flagged with the
    nineteen others. A group of more than a fifth of the class is the class's common code (a group of three
    running one notebook is still one writer: tests/test_flag_calibration.py)."""
    code = {**{f"t{i:02d}": OWN_STYLE for i in range(20)}, **{f"n{i:02d}": [NATURAL["q1_list"]] for i in range(10)}}
    outcomes = [outcome(hw1, f"{s}.ipynb", s, right_values(s), fingerprint=_shapes(*cells))
                for s, cells in code.items()]
    flags = copying.flag_copying(outcomes, hw1)
    assert all(flags[f"t{i:02d}.ipynb"] == [] for i in range(20))


def test_a_students_own_submissions_are_not_compared(hw1):
    """Several files from one student (a resubmission) share everything: never a copying flag."""
    first = outcome(hw1, "Grace_7_assignsubmission_file_/hw1.ipynb", "grace", right_values("grace"),
                    fingerprint={**_shapes(*OWN_STYLE), "added_ids": ["x-1"]})
    again = outcome(hw1, "Grace_7_assignsubmission_file_/hw1 (1).ipynb", "grace", right_values("grace"),
                    fingerprint={**_shapes(*OWN_STYLE), "added_ids": ["x-1"]})
    for o in (first, again):
        o.name, o.site_id = "Grace", "7"
    flags = copying.flag_copying([first, again], hw1)
    assert flags == {first.file: [], again.file: []}


def test_a_course_code_not_the_teachers_is_flagged_and_ungraded_files_are_left_alone(hw1):
    typed = outcome(hw1, "ann.ipynb", "ann", right_values("ann"), code="Birch")
    same = outcome(hw1, "ben.ipynb", "ben", right_values("ben"), code=" MAPLE-7Q ")
    broken = Outcome("bad.ipynb", status=NOT_GRADED)
    typed.typed_score = {"student_id": "ann", "course_code": "birch", "score": 11.0, "possible": 11.0}
    flags = copying.flag_copying([typed, same, broken], hw1)
    assert kinds(flags["ann.ipynb"]) == [("course-code", [])] and "'Birch'" in flags["ann.ipynb"][0]["what"]
    # the teacher sees what the work scores under the code typed, and how to grade it so
    assert ("on the typed code's numbers it scores 11 of 11; to grade it with the typed code: --accept-code "
            "'ann.ipynb=Birch'") in flags["ann.ipynb"][0]["what"]
    assert flags["ben.ipynb"] == flags["bad.ipynb"] == []
    assert set(copying.KINDS) >= {f["kind"] for f in flags["ann.ipynb"]}
    typed.graded_code = "Birch"  # accepted: the flag stays, and says so
    assert "graded with 'Birch', the code you accepted" in copying.flag_copying([typed], hw1)["ann.ipynb"][0]["what"]


def test_the_public_examples_answers_are_not_held_against_a_classmate_they_match_by_chance(hw1):
    """QA, issue 19: answers typed from the public example raised ``other-numbers`` naming an innocent
    classmate whose q1 Grundy values equal the example's by chance. The public example explains them first."""
    from gamelib.homework import DEMO_COURSE_CODE, EXAMPLE_STUDENT_ID

    carol = "c570"  # her right answers to q1 and q4 are the example's too (found by search, with this code)
    example = right_values(EXAMPLE_STUDENT_ID, DEMO_COURSE_CODE)
    assert [q for q in ("q1", "q2", "q3", "q4", "q5") if accepts(numbers("hw1", carol, CODE), q, example)] == [
        "q1", "q4"]
    outcomes = [outcome(hw1, "eve.ipynb", "eve", example), outcome(hw1, "carol.ipynb", carol, right_values(carol))]
    flags = copying.flag_copying(outcomes, hw1)
    assert kinds(flags["eve.ipynb"]) == [("public-example", [])]
    assert flags["carol.ipynb"] == []


def test_a_cell_that_reaches_the_answer_key_is_flagged_with_its_number(hw1):
    from gamelib_grader.intake import notebook

    cells = {
        "key": "from gamelib.homework.marking import one_right_answer\nglobals().update(one_right_answer(mine, 'q1'))",
        "object": "for _q in ['q1', 'q2']:\n    globals().update(mine.one_right_answer(_q))",
        "private": "q4_leave = min(mine._homework.question('q4').key(mine.of('q4'))['q4_leave'])",
        "dynamic": "exec('from gamelib.homework import ' + 'marking')",
        "honest": "key = sorted(mine.q2.S)\nq2_moves = [mine.q2.n - s for s in key]\nmark = 3",
    }
    said = {name: notebook.key_use(text) for name, text in cells.items()}
    assert said["key"] == ["imports gamelib.homework.marking", "uses one_right_answer"]
    assert said["object"] == ["uses .one_right_answer"]
    assert said["private"] == ["uses .key", "uses ._homework"]
    assert said["dynamic"] == ["uses exec", "names the text marking"]  # issue 26: text naming the key counts
    assert said["honest"] == []  # a variable called key or mark is nobody's business
    use = {"cell": 7, "first_line": "from gamelib.homework.marking import one_right_answer", "what": said["key"]}
    mallory = outcome(hw1, "mal.ipynb", "mal", right_values("mal"),
                      fingerprint={"added_ids": [], "executions": [], "code": [], "key_use": [use]})
    flags = copying.flag_copying([mallory, outcome(hw1, "ann.ipynb", "ann", right_values("ann"))], hw1)
    assert kinds(flags["mal.ipynb"]) == [("answer-key", [])]
    assert flags["mal.ipynb"][0]["what"].startswith("cell 7 ('from gamelib.homework.marking import one_right_answer')")


def _shown(student: str, code: str = CODE, run: str = "0a1b2c3d", cell: int = 5) -> dict:
    return {"cell": cell, "student": student, "course": code, "run": run,
            "numbers": numbers("hw1", student, code).plain}


def test_saved_outputs_of_another_id_and_of_the_same_run_are_flagged(hw1):
    """QA, issue 19: a friend's notebook with only the id changed (not run again) gave full marks and no flag.
    Its saved outputs still show the friend's numbers, and the friend's run tag."""
    base = {"added_ids": [], "executions": [], "code": []}
    alice = outcome(hw1, "alice.ipynb", "s2100001", right_values("s2100001"),
                    fingerprint={**base, "shown": [_shown("s2100001")]})
    mallory = outcome(hw1, "mallory.ipynb", "s2100098", right_values("s2100098"),
                      fingerprint={**base, "shown": [_shown("s2100001")]})
    edited = _shown("s2100097", run="99999999")
    edited["numbers"] = numbers("hw1", "s2100001", CODE).plain  # the id in the output typed over, not the numbers
    eve = outcome(hw1, "eve.ipynb", "s2100097", right_values("s2100097"), fingerprint={**base, "shown": [edited]})
    honest = outcome(hw1, "ben.ipynb", "s2100002", right_values("s2100002"),
                     fingerprint={**base, "shown": [_shown("s2100002", run="12345678")]})
    other_code = outcome(hw1, "cat.ipynb", "s2100003", right_values("s2100003"),
                         fingerprint={**base, "shown": [_shown("s2100003", "demo", run="abcdef12")]})
    flags = copying.flag_copying([alice, mallory, eve, honest, other_code], hw1)
    assert kinds(flags["mallory.ipynb"]) == [("other-id-outputs", ["alice.ipynb"]), ("same-run", ["alice.ipynb"])]
    assert ("the saved output of cell 5 shows the numbers of student 's2100001' (Alice's), not of the id "
            "typed, 's2100098'") in flags["mallory.ipynb"][0]["what"]
    assert kinds(flags["alice.ipynb"]) == [("same-run", ["mallory.ipynb"])]
    assert kinds(flags["eve.ipynb"]) == [("other-id-outputs", [])] and "edited" in flags["eve.ipynb"][0]["what"]
    assert kinds(flags["cat.ipynb"]) == [("other-id-outputs", [])] and "course code 'demo'" in flags["cat.ipynb"][0][
        "what"]
    assert flags["ben.ipynb"] == []
