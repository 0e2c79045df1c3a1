"""A class of hw1 notebooks for calibrating the copy flags: honest students who worked independently, in
varied styles, and copies of every kind, each naming whom it copied (benchmarks/flags.py, `make bench-flags`,
and tests/test_flag_calibration.py on a smaller class).

Each notebook starts from the handout (tests/grading_attacks.py ``submission``) and is *run* here, in this
process, by a small stand-in for a kernel (:func:`execute`): the saved outputs, displayed answers and
execution counts are those a session would leave. Grading goes through the grader itself
(gamelib_grader/marking/grader.py ``grade``) with one change: the notebook's code runs in this process
(:func:`run_in_process`) instead of a sandbox, since this code is the kit's own.

Honest styles (:data:`STYLES`): the handout's template filled in with one-liners, the lessons' loops (the mex
over the followers, as lesson 2 and gamelib's ``grundy_scan`` write it), a helper variable per cell, helper
functions of one's own; each student picks per question, names their own variables, may display answers, add
a scratch cell, run all twice, restart, run cells by hand, make one mistake, and write the proof of question 6
in their own words (or leave it). Copies (:data:`COPY_KINDS`): typed values of another's numbers; a notebook
not run again with only its numbers' output rewritten; an exact copy run again under another id; a copy
with a line added to every cell, run again; a group of three running one notebook under their three ids.
"""

from __future__ import annotations

import ast
import contextlib
import io
import json
import random
import re
import uuid
from dataclasses import dataclass, field

import nbformat
from gamelib_grader.intake.layout import Submission
from gamelib_grader.intake.notebook import cell_text
from gamelib_grader.marking import grader
from gamelib_grader.sandbox import bwrap as sandbox
from gamelib_grader.sandbox.run_notebook import NotPlain, encode
from grading_attacks import submission
from homework_build import COURSE, SET, right_literals

from gamelib.homework import core

#: The copy kinds, in the order the calibration prints them.
COPY_KINDS = ("typed values", "not run again", "exact copy run again", "edited copy run again", "group of three")

NAMES = ["g", "game", "sg", "gm", "G", "sub", "my_game", "the_game", "s_game", "gg", "mygame", "subgame", "x_game"]
HEAPS = ["n", "h", "k", "i", "heap", "m", "x", "j", "pos", "size"]


def _p(g: str, n: str, rng: random.Random) -> str:
    """A test that heap ``n`` of game ``g`` is a P-position, as students write it."""
    return rng.choice([f"{g}.grundy({n}) == 0", f"{g}.outcome({n}) == 'P'", f"not {g}.grundy({n})",
                       f"{g}.outcome({n}) == \"P\""])


def _reach(s: str, n: str, rng: random.Random) -> str:
    return rng.choice([f"{s} <= {n}", f"{n} - {s} >= 0", f"{n} >= {s}"])


def _q1(style: str, g: str, n: str, rng: random.Random) -> str:
    if style == "template":
        return "q1_grundy = SubtractionGame(mine.q1.S).grundy_values(16).tolist()"
    if style == "oneliner":
        return rng.choice(["q1_grundy = list(SubtractionGame(mine.q1.S).grundy_values(16))",
                           f"q1_grundy = [SubtractionGame(mine.q1.S).grundy({n}) for {n} in range(16)]"])
    s = rng.choice(["s", "m", "take", "d"])
    follow = rng.choice(["{{{g}[{n} - {s}] for {s} in mine.q1.S if {c}}}",
                         "[{g}[{n} - {s}] for {s} in mine.q1.S if {c}]"])
    follow = follow.format(g=g, n=n, s=s, c=_reach(s, n, rng))
    if style == "loop":
        add = rng.choice([f"{g}.append(mex(followers))", f"{g} += [mex(followers)]",
                          f"{g}.append(mex(set(followers)))"])
        return (f"{g} = []\nfor {n} in range({rng.choice(['16', '0, 16'])}):\n    followers = {follow}\n    {add}\n"
                f"q1_grundy = {g}")
    if style == "helper":
        return f"{g} = SubtractionGame(mine.q1.S)\nq1_grundy = " + rng.choice(
            [f"list({g}.grundy_values(16))", f"[{g}.grundy({n}) for {n} in range(16)]",
             f"{g}.grundy_values(16).tolist()"])
    body = rng.choice([f"        found.append(mex([found[{n} - s] for s in S if {_reach('s', n, rng)}]))\n",
                       f"        options = {{found[{n} - s] for s in S if {_reach('s', n, rng)}}}\n"
                       f"        found += [mex(options)]\n"])
    return (f"def values_{g}(S, count):\n    found = []\n    for {n} in range(count):\n{body}    return found\n\n"
            f"q1_grundy = values_{g}(mine.q1.S, 16)")


def _q2(style: str, g: str, n: str, rng: random.Random) -> str:
    if style in ("template", "oneliner"):
        return ("q2_moves = SubtractionGame(mine.q2.S).moves(mine.q2.n)\n"
                f"q2_followers = [SubtractionGame(mine.q2.S).grundy({n}) for {n} in q2_moves]\n"
                "q2_g = mex(q2_followers)")
    if style == "loop":
        follow = rng.choice([f"q2_followers = []\nfor {n} in q2_moves:\n    q2_followers.append({g}.grundy({n}))",
                             f"q2_followers = [{g}.grundy({n}) for {n} in q2_moves]"])
        return (f"q2_moves = []\nfor s in {rng.choice(['mine.q2.S', 'sorted(mine.q2.S)'])}:\n"
                f"    if {_reach('s', 'mine.q2.n', rng)}:\n        q2_moves.append(mine.q2.n - s)\n"
                f"{g} = SubtractionGame(mine.q2.S)\n{follow}\nq2_g = mex(q2_followers)")
    if style == "helper":
        moves = rng.choice([f"{g}.moves(mine.q2.n)", f"sorted({g}.moves(mine.q2.n))",
                            "[mine.q2.n - s for s in mine.q2.S if s <= mine.q2.n]"])
        return (f"{g} = SubtractionGame(mine.q2.S)\nq2_moves = {moves}\n"
                f"q2_followers = [{g}.grundy({n}) for {n} in q2_moves]\nq2_g = mex(q2_followers)")
    return (f"def followers_{g}(S, heap):\n    return [heap - s for s in S if {_reach('s', 'heap', rng)}]\n\n"
            f"q2_moves = followers_{g}(mine.q2.S, mine.q2.n)\n" + rng.choice(
                ["q2_followers = list(map(SubtractionGame(mine.q2.S).grundy, q2_moves))",
                 f"q2_followers = [SubtractionGame(mine.q2.S).grundy({n}) for {n} in q2_moves]"])
            + "\nq2_g = mex(q2_followers)")


def _heap(rng: random.Random) -> str:
    return rng.choice(["q3_heap = 'P' if mine.q3.heap % mine.q3.period in q3_remainders else 'N'",
                       "if mine.q3.heap % mine.q3.period in q3_remainders:\n    q3_heap = 'P'\n"
                       "else:\n    q3_heap = 'N'",
                       "q3_heap = ['N', 'P'][mine.q3.heap % mine.q3.period in q3_remainders]",
                       "r = mine.q3.heap % mine.q3.period\nq3_heap = 'P' if r in q3_remainders else 'N'"])


def _q3(style: str, g: str, n: str, rng: random.Random) -> str:
    if style in ("template", "oneliner"):
        return ("q3_remainders = set(SubtractionGame(mine.q3.S).p_positions(mine.q3.period))\n"
                'q3_heap = "P" if mine.q3.heap % mine.q3.period in q3_remainders else "N"')
    if style == "loop":
        return (f"{g} = SubtractionGame(mine.q3.S)\nq3_remainders = set()\nfor {n} in range(mine.q3.period):\n"
                f"    if {_p(g, n, rng)}:\n        q3_remainders.add({n})\n" + _heap(rng))
    if style == "helper":
        return (f"{g} = SubtractionGame(mine.q3.S)\nq3_remainders = " + rng.choice(
            [f"set({g}.p_positions(mine.q3.period))",
             f"{{{n} for {n} in range(mine.q3.period) if {_p(g, n, rng)}}}"]) + "\n" + _heap(rng))
    return (f"def p_remainders_{g}(S, period):\n    game = SubtractionGame(S)\n"
            f"    return {{{n} for {n} in range(period) if {_p('game', n, rng)}}}\n\n"
            f"q3_remainders = p_remainders_{g}(mine.q3.S, mine.q3.period)\n" + _heap(rng))


def _q4(style: str, g: str, n: str, rng: random.Random) -> str:
    if style in ("template", "oneliner"):
        return "q4_leave = SubtractionGame(mine.q4.S).winning_moves(mine.q4.n)[0]"
    if style == "loop":
        return rng.choice([f"{g} = SubtractionGame(mine.q4.S)\nfor {n} in {g}.moves(mine.q4.n):\n"
                           f"    if {_p(g, n, rng)}:\n        q4_leave = {n}\n        break",
                           f"{g} = SubtractionGame(mine.q4.S)\ngood = []\nfor {n} in {g}.moves(mine.q4.n):\n"
                           f"    if {_p(g, n, rng)}:\n        good.append({n})\nq4_leave = good[0]"])
    if style == "helper":
        last = rng.choice(["0", "-1"])
        return f"{g} = SubtractionGame(mine.q4.S)\nq4_leave = {g}.winning_moves(mine.q4.n)[{last}]"
    return (f"def winning_{g}(S, heap):\n    game = SubtractionGame(S)\n"
            f"    return [h for h in game.moves(heap) if {_p('game', 'h', rng)}]\n\n"
            f"q4_leave = winning_{g}(mine.q4.S, mine.q4.n)[{rng.choice(['0', '-1'])}]")


def _q5(style: str, g: str, n: str, rng: random.Random) -> str:
    if style in ("template", "oneliner"):
        return ("q5_p_positions = [n for n in SubtractionGame(mine.q5.S).p_positions(mine.q5.start + 30) "
                "if n >= mine.q5.start]\nq5_g = SubtractionGame(mine.q5.S).grundy(mine.q5.heap)")
    if style == "loop":
        return (f"{g} = SubtractionGame(mine.q5.S)\nq5_p_positions = []\n"
                f"for {n} in range(mine.q5.start, mine.q5.start + 30):\n    if {_p(g, n, rng)}:\n"
                f"        q5_p_positions.append({n})\nq5_g = {g}.grundy(mine.q5.heap)")
    if style == "helper":
        return (f"{g} = SubtractionGame(mine.q5.S)\nq5_p_positions = [{n} for {n} in range(mine.q5.start, "
                f"mine.q5.start + 30) if {_p(g, n, rng)}]\nq5_g = {g}.grundy(mine.q5.heap)")
    return (f"def p_between_{g}(S, first, count):\n    game = SubtractionGame(S)\n"
            f"    return [h for h in range(first, first + count) if {_p('game', 'h', rng)}]\n\n"
            f"q5_p_positions = p_between_{g}(mine.q5.S, mine.q5.start, 30)\n"
            "q5_g = SubtractionGame(mine.q5.S).grundy(mine.q5.heap)")


def _touch(code: str, rng: random.Random) -> str:
    """A student's own touches in a function of theirs: a check or a bound of their own, before its return."""
    for _ in range(2):
        line = rng.choice([f"assert len(S) <= {rng.randint(100, 9999)}, 'too many moves'",
                           f"limit = {rng.randint(100, 9999)} * len(S)  # heaps I trust",
                           f"if len(S) > {rng.randint(100, 9999)}:\n        raise ValueError('set too large')",
                           f"assert all(0 < x < {rng.randint(100, 9999)} for x in S), 'moves take chips'",
                           f"steps = {rng.randint(100, 9999)} + len(S) * 2"])
        code = re.sub(r"^(    )(return|game = )", lambda m, line=line: f"{m[1]}{line}\n{m[1]}{m[2]}", code, count=1,
                      flags=re.MULTILINE)
    return code


STYLES = ("template", "oneliner", "loop", "helper", "function")
#: The wrong answers honest students make, one line added after their own answer (issue 40's list of slips:
#: the values one heap along, a neighbour's value, one off, the chips taken for the heap left, P and N swapped,
#: the outcomes for the values, a legal move to an N-position), and typos no slip explains (2 of the 12).
SLIPS = [("q1", "q1_grundy = q1_grundy[1:] + [0]"), ("q1", "q1_grundy = [min(v, 1) for v in q1_grundy]"),
         ("q2", "q2_moves = [s for s in mine.q2.S if s <= mine.q2.n]"), ("q2", "q2_g = max(q2_followers) + 1"),
         ("q3", "q3_heap = 'N' if q3_heap == 'P' else 'P'"), ("q4", "q4_leave = mine.q4.n - max(mine.q4.S)"),
         ("q4", "q4_leave = mine.q4.n - q4_leave"), ("q5", "q5_g = q5_g + 1"),
         ("q5", "q5_g = SubtractionGame(mine.q5.S).grundy(mine.q5.heap - 1)"),
         ("q5", "q5_p_positions = [n for n in q5_p_positions if n % 2]"),
         ("q1", "q1_grundy = q1_grundy[:5] + [q1_grundy[5] + 2] + q1_grundy[6:]"), ("q3", "q3_remainders = {0, 2}")]
WRITERS = {"q1": _q1, "q2": _q2, "q3": _q3, "q4": _q4, "q5": _q5}
#: The answer names each question's cell displays, when the student displays them.
DISPLAYED = {"q1": "q1_grundy", "q2": "q2_moves, q2_followers, q2_g", "q3": "q3_remainders, q3_heap",
             "q4": "q4_leave", "q5": "q5_p_positions, q5_g"}
#: Question 6 in the students' own words (each used once): the lesson's idea, never its sentences.
OWN_WORDS = [
    "Since g is not zero, the mex of the follower values is not zero, and that only happens when zero shows up "
    "among those values. So I move to that follower. My friend then sits on a zero, every option from it is "
    "nonzero, and I keep doing this until my friend is stuck.",
    "Nonzero value: zero must be one of the values one step away, otherwise mex would give zero. Go there. "
    "From any zero-valued heap all moves reach nonzero heaps, so the pattern repeats and the opponent runs out.",
    "The mex picks the smallest missing number. Ours is above zero so zero was not missing; there is a heap "
    "reachable with grundy value zero, which is a P-position, and handing a P-position to the other player wins.",
    "Think of the list of values we can reach. If zero were absent, mex would equal zero, contradiction. Hence a "
    "move to value zero exists; take it. The opponent cannot reach zero back, so eventually they lose.",
    "Because mex of the options is positive there must be an option with value 0. Moving there leaves a "
    "P-position. I would always move to a 0 heap and my opponent never can, so I win the game at the end.",
    "Suppose g(n) = k with k at least one. The numbers 0 up to k-1 all occur among the reachable values (that "
    "is what mex means), in particular 0. The winning move is to that heap of value 0, a losing spot for them.",
    "A value bigger than zero tells us the set of follower values contains zero (the mex skips everything "
    "present). We take the move to the zero. Every reply from a zero goes to a nonzero value and we answer again.",
    "For the heap to have a positive grundy number, zero has to be among the numbers of its options, since mex "
    "is the first natural number not there. The player should play to the option numbered zero and win.",
    "If my heap had no option worth 0 then mex would be 0, but it is not 0. So one option is worth 0. I go to "
    "it and the other player faces a position where all options are worth something, which is a loss for them.",
    "The definition of mex says every number under g(n) is present among follower values. As g(n) > 0, 0 is "
    "present. Moving to such a follower gives the opponent a zero heap, from which they can only go to nonzero.",
    "Zero is smaller than g(n), and mex means no smaller number is missing from the options' values. So some "
    "option has value zero, a P-position. The player to move picks that option and keeps winning from there.",
    "When the Grundy number is not 0 we know 0 appears in the set it is the mex of. Pick the heap giving 0 and "
    "hand it over. Whatever they do lands on a nonzero number, so I can always reply with zero again.",
]
#: More answers to question 6 in students' own words, for the unrelated students the calibration adds to a
#: class (benchmarks/flags.py: a class's decisions may not change when they join).
MORE_WORDS = [
    "I look at all heaps I can reach. Their grundy numbers cannot skip zero entirely, since then the mex would be "
    "zero and not g(n). So one reachable heap has number zero. Playing there hands my rival a losing heap.",
    "g(n) > 0 means 0 is in the set of options' values because mex returns the first absent value. The player "
    "picks that option. Now every move of the rival gives a positive value back, so the player can repeat.",
    "Claim: some follower has value 0. Otherwise the minimum excluded value would be 0, against g(n) being "
    "positive. Taking the move to it wins, because the other side then only has moves to positive values.",
    "Because mex skips nothing below it, 0 must appear as an option value when g(n) is 1 or more. I would "
    "choose exactly that option. The next player is then stuck on a zero and cannot reach another zero.",
    "Write F for the set of values of positions one move away. g(n) = mex F is at least one, therefore 0 lies in "
    "F. Move to a position with value 0; its own options all have values other than 0, so we keep control.",
    "An N-position needs one good move. With g(n) nonzero, the value 0 sits among the followers, because mex "
    "would otherwise be 0. That follower is a P-position, and moving to a P-position is the winning move.",
    "Suppose no option had grundy 0. Then 0 is missing from the option values and mex gives 0, not g(n). This "
    "is impossible, so an option with grundy 0 exists, and the mover wins by going to it every single turn.",
    "Positive mex tells me zero was present among the values I can move to. I make that move. From a zero "
    "position the opponent can never land on zero again, so I am the one who takes the last chip eventually.",
    "The first free number of the options' values is g(n), which is more than 0, meaning 0 is not free: some "
    "option has it. Going there leaves the foe in a P-position, and by induction P-positions are losses.",
    "To win from n, find a move to value 0. It exists: mex of the reachable values is nonzero only when 0 is one "
    "of them. After that move, every reply goes to a nonzero value, and the same argument works again.",
    "If the value is not zero then zero was already taken by some follower, as mex picks the least unused "
    "number. I move to that follower. The other player faces value zero and all of their moves lead off it.",
    "Nonzero grundy: among the successors there is one of grundy zero, or else the mex would vanish. Pick it. "
    "The rival then moves to a nonzero successor, and I answer with a zero again until no moves are left.",
    "Since g(n) is the smallest value not appearing among the followers and g(n) exceeds zero, zero appears. "
    "A follower of value zero is a losing position for whoever moves there next, so moving to it wins.",
    "Zero is below g(n), and mex leaves no gaps below itself, so zero is a value of a follower. The winning "
    "strategy: always move to such a follower, leaving the opponent positions whose value is exactly zero.",
    "Take the options of n and their values. If none were 0, the mex would be 0. It is not, so one option has "
    "value 0. Moving there is the winning move, since from 0 every move gives a value that is not 0.",
    "A heap whose grundy value is not 0 has a follower worth 0 by the definition of mex. The first player "
    "moves to that follower; the second player then has only moves to nonzero values, and loses in the end.",
]
BLANK = "_Type your answer here, replacing this text._"


# --- a kernel in this process --------------------------------------------------------------------------

def _last_expression(source: str) -> tuple[str, str | None]:
    """The cell's statements and its last line's expression, if the last statement is an expression."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return source, None
    if tree.body and isinstance(tree.body[-1], ast.Expr):
        last = tree.body.pop()
        return ast.unparse(tree), ast.unparse(last.value)
    return source, None


def execute(nb: nbformat.NotebookNode, counts: list[int] | None = None, skip: set[str] = frozenset(),
            keep_outputs: bool = True, tag: str = "00000000") -> dict:
    """Run the notebook's code cells in order in one namespace, as a kernel would, saving each cell's output
    (its last expression's repr, or what it printed) and execution count; returns the namespace. ``tag`` is
    the session's run tag (gamelib.homework.core.RUN, random in every kernel)."""
    core.RUN = tag
    namespace: dict = {}
    code_cells = [c for c in nb.cells if c.cell_type == "code"]
    counts = counts or list(range(1, len(code_cells) + 1))
    for cell, count in zip(code_cells, counts, strict=False):
        source = cell_text(cell)
        outputs = []
        if source.strip() and source.strip() not in skip:
            body, last = _last_expression(source)
            printed = io.StringIO()
            try:
                with contextlib.redirect_stdout(printed):
                    exec(compile(body, "<cell>", "exec"), namespace)
                    value = eval(compile(last, "<cell>", "eval"), namespace) if last else None
            except Exception as error:  # a student's mistake: the kernel shows it and goes on
                outputs.append(nbformat.v4.new_output("error", ename=type(error).__name__, evalue=str(error),
                                                      traceback=[]))
                value = None
            if printed.getvalue():
                outputs.insert(0, nbformat.v4.new_output("stream", name="stdout", text=printed.getvalue()))
            if value is not None:
                outputs.append(nbformat.v4.new_output("execute_result", {"text/plain": repr(value)},
                                                      execution_count=count))
        if keep_outputs:
            cell.outputs, cell.execution_count = outputs, count
    return namespace


def run_in_process(raw: bytes, notebook_name: str, names: list[str], skip: list[str],
                   limits: sandbox.Limits = sandbox.DEFAULT_LIMITS) -> sandbox.RunResult:
    """What the sandbox would report for this notebook (run_notebook.py's format), run in this process."""
    nb = nbformat.reads(raw.decode("utf-8"), as_version=4)
    namespace = execute(nb, skip=set(skip), keep_outputs=False)
    answers = {}
    for name in names:
        if name not in namespace:
            answers[name] = {"missing": True}
            continue
        try:
            answers[name] = {"value": encode(namespace[name])}
        except NotPlain as error:
            answers[name] = {"not_plain": str(error)[:100]}
    return sandbox.RunResult(report=json.dumps({"answers": answers, "cell_errors": []}).encode(), returncode=0)


@contextlib.contextmanager
def graded_in_process():
    """The grader's sandbox run replaced by :func:`run_in_process` (the class's code is the kit's own)."""
    original = grader._run
    grader._run = lambda raw, homework, limits, sandboxed: run_in_process(
        raw, "hw1.ipynb", homework.answer_names, grader.notebook.locked_cells(homework.handout))
    try:
        yield
    finally:
        grader._run = original


# --- students ----------------------------------------------------------------------------------------

@dataclass
class Student:
    """One notebook of the class: whose, how it was made, and (for a copy) whom it copied."""

    file: str
    student_id: str
    nb: nbformat.NotebookNode
    kind: str = "honest"
    sources: list[str] = field(default_factory=list)
    #: The style the student writes most of their answers in (an honest student's).
    style: str = ""


def _counts(rng: random.Random, cells: int, habit: str) -> list[int]:
    if habit == "run all":
        return list(range(1, cells + 1))
    if habit == "run all twice":
        return list(range(cells + 1, 2 * cells + 1))
    if habit == "run all after trying":
        start = rng.randint(5, 40)
        return list(range(start, start + cells))
    return sorted(rng.sample(range(1, 6 * cells), cells))  # a session of cells run by hand, some again


def honest(index: int, rng: random.Random, written: str | None, favourite: str | None = None) -> Student:
    """An honest student's notebook, written and run (see the module docstring); ``favourite`` is the style of
    most of their answers (else one at random)."""
    student_id = f"s21{index:05d}"
    g, n = rng.choice(NAMES), rng.choice(HEAPS)
    favourite = favourite or rng.choice(STYLES)
    answers_cells = {}
    for question, write in WRITERS.items():
        style = favourite if rng.random() < 0.6 else rng.choice(STYLES)
        code = write(style, g, n, rng)
        if style == "function":
            code = _touch(code, rng)
        if rng.random() < 0.5:
            code += "\n" + DISPLAYED[question]
        answers_cells[question] = code
    if rng.random() < 0.45:  # one wrong answer: a slip students make, or a typo
        question, line = rng.choice(SLIPS)
        answers_cells[question] += "\n" + line
    nb = submission(SET, {}, student_id)
    for cell in nb.cells:
        if "otter_assign_solution_cell" in cell.metadata.get("tags", []):
            question = re.search(r"^(q\d)_", cell_text(cell), re.MULTILINE)[1]
            cell.source = answers_cells[question]
    if rng.random() < 0.4:
        scratch = nbformat.v4.new_code_cell(rng.choice(["mine", "print(mine.q5.S)", "SubtractionGame(mine.q1.S)",
                                                        "help(mex)", f"mine.q{rng.randint(1, 5)}"]))
        scratch["id"] = str(uuid.UUID(int=rng.getrandbits(128), version=4))
        nb.cells.insert(6, scratch)
    if written is not None:
        _write(nb, written)
    habit = rng.choice(["run all", "run all twice", "run all after trying", "by hand"])
    cells = sum(c.cell_type == "code" for c in nb.cells)
    with contextlib.redirect_stdout(io.StringIO()):
        execute(nb, _counts(rng, cells, habit), tag=f"{rng.getrandbits(32):08x}")
    return Student(f"honest-{index:02d}.ipynb", student_id, nb, style=favourite)


def _write(nb: nbformat.NotebookNode, text: str) -> None:
    next(c for c in nb.cells if "otter_answer_cell" in c.metadata.get("tags", [])).source = text


def _copy(nb: nbformat.NotebookNode, old_id: str, new_id: str) -> nbformat.NotebookNode:
    copy = nbformat.reads(nbformat.writes(nb), as_version=4)
    for cell in copy.cells:
        cell.source = cell_text(cell).replace(f'student_id = {old_id!r}', f'student_id = {new_id!r}')
    return copy


def _rerun(nb: nbformat.NotebookNode, rng: random.Random) -> nbformat.NotebookNode:
    """Restart and Run All, in a new session."""
    with contextlib.redirect_stdout(io.StringIO()):
        execute(nb, tag=f"{rng.getrandbits(32):08x}")
    return nb


def copies(source: Student, kind: str, index: int, rng: random.Random) -> list[Student]:
    """Copies of ``source`` of one kind (a group of three: two more students running ``source``'s notebook)."""
    new_id = f"s29{index:05d}"
    if kind == "typed values":
        nb = submission(SET, right_literals(SET, source.student_id, COURSE), new_id)
        _write(nb, BLANK)
        return [Student(f"copy-{index:02d}.ipynb", new_id, _rerun(nb, rng), kind, [source.file])]
    if kind == "not run again":
        nb = _copy(source.nb, source.student_id, new_id)
        from gamelib.homework import my_numbers

        shown = re.sub(r"\(run [0-9a-f]{8}\)", f"(run {rng.getrandbits(32):08x})",
                       repr(my_numbers("hw1", new_id, COURSE)))
        cell = next(c for c in nb.cells if c.cell_type == "code" and "= my_numbers(" in cell_text(c))
        cell.outputs = [nbformat.v4.new_output("execute_result", {"text/plain": shown},
                                               execution_count=cell.get("execution_count"))]
        return [Student(f"copy-{index:02d}.ipynb", new_id, nb, kind, [source.file])]
    if kind == "exact copy run again":
        return [Student(f"copy-{index:02d}.ipynb", new_id, _rerun(_copy(source.nb, source.student_id, new_id), rng),
                        kind, [source.file])]
    if kind == "edited copy run again":
        nb = _copy(source.nb, source.student_id, new_id)
        for cell in nb.cells:
            if cell.cell_type == "code" and "otter_assign_solution_cell" in cell.metadata.get("tags", []):
                cell.source = "_ = 0\n" + cell_text(cell)
        _write(nb, BLANK)
        return [Student(f"copy-{index:02d}.ipynb", new_id, _rerun(nb, rng), kind, [source.file])]
    members = [f"s29{index:05d}", f"s29{index + 1:05d}"]
    files = [f"group-{index:02d}-{k}.ipynb" for k in (1, 2)]
    found = []
    for k, member in enumerate(members):
        others = [source.file] + [f for f in files if f != files[k]]
        found.append(Student(files[k], member, _rerun(_copy(source.nb, source.student_id, member), rng), kind, others))
    return found


#: Copies the flags cannot see (the guide's "what the flags cannot see", measured by benchmarks/flags.py): code
#: typed again by hand in the source's own structure with other surface choices; the handout's one-liners of a
#: student who wrote nothing of their own, copied and run again; a written answer with one word in k changed.
HIDDEN_KINDS = ("rewritten by hand", "template answers copied", *(f"paraphrase, 1 word in {k} changed"
                                                                    for k in (10, 6, 4, 3)))
#: Words a paraphrase puts in place of the source's.
OTHER_WORDS = ["clearly", "then", "indeed", "surely", "thus", "now", "also", "really", "here", "just", "so", "still"]


def paraphrase(text: str, every: int, rng: random.Random) -> str:
    """``text`` with one word in ``every`` replaced by another (a copier's small word changes)."""
    words = text.split()
    start = rng.randrange(every)
    return " ".join(rng.choice(OTHER_WORDS) if i % every == start else w for i, w in enumerate(words))


def hidden_copy(source: Student, kind: str, index: int, rng: random.Random, text: str = "") -> Student:
    """A copy of ``source`` of one of :data:`HIDDEN_KINDS`, run again under its own id (see there); ``text``:
    the source's written answer, for a paraphrase."""
    new_id = f"s28{index:05d}"
    if kind == "rewritten by hand":
        nb = _copy(source.nb, source.student_id, new_id)
        g, n = rng.choice(NAMES), rng.choice(HEAPS)
        for cell in nb.cells:
            if "otter_assign_solution_cell" in cell.metadata.get("tags", []):
                question = re.search(r"^(q\d)_", cell_text(cell), re.MULTILINE)[1]
                cell.source = WRITERS[question](source.style, g, n, rng)
        _write(nb, BLANK)
    elif kind == "template answers copied":
        nb = _copy(source.nb, source.student_id, new_id)
    else:
        every = int(kind.split(" in ")[1].split()[0])
        nb = honest(900 + index, rng, paraphrase(text, every, rng)).nb
        nb = _copy(nb, f"s21{900 + index:05d}", new_id)
    return Student(f"hidden-{index:02d}.ipynb", new_id, _rerun(nb, rng), kind, [source.file])


def limits_class(honest_count: int = 32, seed: int = 26, per_kind: int = 2) -> list[Student]:
    """An honest class (as :func:`make_class` makes it) with copies of every one of :data:`HIDDEN_KINDS`: a
    rewritten copy of a student who writes helper functions, a template copy of one who wrote the handout's
    one-liners with no cell or written answer of their own, a paraphrase of an honest student's answer."""
    rng = random.Random(seed * 31 + 7)
    texts = list(OWN_WORDS)
    favourite = {i: "function" for i in range(per_kind)} | {i: "template" for i in range(per_kind, 2 * per_kind)}
    students = [honest(i, rng, texts[i - 2 * per_kind] if 2 * per_kind <= i < 2 * per_kind + len(texts) else None,
                       favourite.get(i)) for i in range(honest_count)]
    made = []
    writers = range(2 * per_kind, min(honest_count, 2 * per_kind + len(texts)))
    for k, kind in enumerate(HIDDEN_KINDS):
        for j in range(per_kind):
            index = k * per_kind + j
            if kind == "rewritten by hand":
                source, text = students[j], ""
            elif kind == "template answers copied":
                source, text = students[per_kind + j], ""
            else:  # a paraphrase of the written answer of a student who wrote one
                writer = writers[index % len(writers)]
                source, text = students[writer], texts[writer - 2 * per_kind]
            made.append(hidden_copy(source, kind, index, rng, text))
    return students + made


def make_class(honest_count: int = 32, seed: int = 26, copies_per_kind: int = 2) -> list[Student]:
    """``honest_count`` honest students, and ``copies_per_kind`` copies of every kind, each of another honest
    student (a group of three counts its source as one of the three)."""
    rng = random.Random(seed)
    texts = list(OWN_WORDS)
    rng.shuffle(texts)
    # The copies that only their code can give away copy a student with code of their own (helper functions):
    # a copy of the handout's one-liners is the same as honest work, and no flag can tell them apart.
    needs_code = ("exact copy run again", "edited copy run again", "group of three")
    chosen = rng.sample(range(honest_count), len(COPY_KINDS) * copies_per_kind)
    kinds = [kind for kind in COPY_KINDS for _ in range(copies_per_kind)]
    favourite = {i: "function" for i, kind in zip(chosen, kinds, strict=True) if kind in needs_code}
    students = [honest(i, rng, texts[i] if i < len(texts) else (BLANK if i % 2 else None), favourite.get(i))
                for i in range(honest_count)]
    sources = [students[i] for i in chosen]
    made: list[Student] = []
    index = 0
    for kind in COPY_KINDS:
        for _ in range(copies_per_kind):
            made += copies(sources[index], kind, 2 * index, rng)
            if kind == "group of three":
                sources[index].sources = [s.file for s in made[-2:]]
            index += 1
    return students + made


def submissions(students: list[Student], folder, identities: dict | None = None) -> list[Submission]:
    """Each student's notebook written into ``folder`` as a submission; ``identities`` gives, per file, what the
    course site says of it (``name``, ``site_id``, ``roster_name``, ``roster_id``: a class list's match)."""
    found = []
    for s in students:
        path = folder / s.file
        path.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(s.nb, path)
        said = (identities or {}).get(s.file) or {"name": s.file.rsplit(".", 1)[0]}
        found.append(Submission(path=path, file=s.file, **said))
    return found


def grade_class(students: list[Student], homework, folder, flag: bool = True, identities: dict | None = None) -> dict:
    """Every notebook graded (code run in this process) and (``flag``) the copying pass: ``{file: Outcome}``."""
    from gamelib_grader.integrity import copying

    outcomes = []
    with graded_in_process():
        for submission in submissions(students, folder, identities):
            outcomes.append(grader.grade(submission, homework, sandboxed=False))
    if flag:
        copying.flag_copying(outcomes, homework)
    return {o.file: o for o in outcomes}
