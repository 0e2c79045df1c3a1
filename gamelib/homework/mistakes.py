"""Kinds of mistakes: every wrong answer the marking finds gets a stable code, decided where its feedback is.

A question's ``hints`` (what a check may say without giving an answer away) return :class:`Slip` lines: the
student reads the text, and the code says which slip it is. A question's ``mistakes`` function names, for the
teacher, the slips that can only be told against the right answers (a legal move that leaves an
N-position; a period that repeats but is not the least). :func:`gamelib.homework.marking.mark` gives every
wrong answer one code: its slip's, else :data:`OTHER`; an answer not given is :data:`BLANK` (not a mistake),
one not of its form :data:`FORM`. The class report totals them (gamelib_grader/reporting/report_marking.py)
and shows one worked example of each (:func:`gamelib.homework.examples.example`) on the public example
student's numbers.

>>> from gamelib.homework import numbers
>>> from gamelib.homework.marking import mark
>>> mine = numbers("hw1", "s1234567", "demo")  # the public example student of the demo course
>>> mine.q4
S = (3, 6, 9, 11), n = 23
>>> mark(mine, "q4", {"q4_leave": 22}).mistakes, mark(mine, "q4", {"q4_leave": 20}).mistakes
({'q4_leave': 'not-one-move'}, {'q4_leave': 'leaves-n-position'})
>>> title("leaves-n-position")
'a legal move that leaves an N-position'
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Mapping

from gamelib.homework.core import UNDEFINED

BLANK, FORM, OTHER = "blank", "not-of-its-form", "other"

#: Every kind of mistake, by code: what the report calls it. The order is the order of the lessons.
KINDS = {
    BLANK: "blank (no answer)",
    FORM: "not of the answer's form",
    "not-one-move": "not one move from the position given",
    "move-not-position": "the move (the chips taken), not the position it leaves",
    "leaves-n-position": "a legal move that leaves an N-position",
    "moves-missing": "some moves left out",
    "g0-not-zero": "g(0) not 0",
    "neighbours-values": "the value of a neighbouring heap (the list shifted by one heap)",
    "followers-count": "not one value per follower",
    "mex-skips": "a mex that skips a value",
    "mex-taken": "a mex that is one of the followers' values",
    "outcomes-not-values": "1 for each N-position instead of its Grundy value",
    "grundy-too-large": "a Grundy value above the number of moves",
    "zero-not-p": "0 left out of the P-positions",
    "p-missing": "some P-positions left out",
    "p-extra": "N-positions listed as P-positions",
    "pn-swapped": "P and N swapped",
    "remainder-too-large": "a remainder not below the period",
    "outside-window": "a heap outside the range asked",
    "preperiod-too-small": "a preperiod before the values repeat",
    "preperiod-not-least": "a preperiod after the values already repeat",
    "not-a-period": "a period with which the values do not repeat",
    "period-not-least": "a period that repeats but is not the least",
    "nim-sum-too-large": "a nim-sum with more binary digits than the largest heap",
    "added-not-xored": "added, not XORed (nim-sum)",
    "total-not-xor": "a total that is not the XOR of the values given",
    "outcome-not-from-value": "an outcome that does not follow from the value given",
    "follows-wrong-answer": "follows from a wrong earlier answer",
    "misere-zero": "0 taken for a misère P-position",
    "p-not-from-remainders": "P-positions that do not follow from the remainders given",
    "normal-play": "the answer of normal play, not misère",
    "off-by-one": "one more or one less than the right value",
    # named by the lessons' exercise checks (gamelib.exercises), for the questions of a composed set
    "wrong-count": "not as many items as asked",
    "chips-taken": "the number of chips taken, not the heap left",
    "heaps-reordered": "the heaps in another order",
    "position-not-move": "the position after a move, not the move",
    "values-not-heaps": "a value for each heap, not a list of heaps",
    "poisoned-square": "the poisoned square bitten",
    "listed-extra": "a number listed that does not belong",
    "listed-missing": "some that belong left out",
    "wrong-from": "a value or label wrong (those before it right)",
    "named-slip": "a typical wrong number the exercise names",
    "not-p-position": "a position that is not a P-position",
    "copycat-move": "the lesson's copycat move, where another is asked",
    OTHER: "another wrong value (no common slip recognised)",
}
#: The kinds the rules of the game and the form of the answer decide alone, without the right answer (a move
#: that is not legal, a list of the wrong length): a check in the notebook may name them (the questions of a
#: composed set, gamelib.homework.composed), as hw1's checks name their slips.
BY_THE_RULES = frozenset({FORM, "not-one-move", "wrong-count", "chips-taken", "heaps-reordered", "position-not-move",
                          "values-not-heaps", "poisoned-square"})


def title(code: str) -> str:
    """What the report calls a kind of mistake (the code itself for one it does not know)."""
    return KINDS.get(code, code)


class Slip(str):
    """A line of feedback that names a slip: the text the student reads, with its kind and the answer it is
    about. It is a ``str`` (the feedback is a list of lines), so a check shows it as before.

    >>> slip = Slip("not-one-move", "q4_leave", "`q4_leave` = 22 is not one move from your heap of 23.")
    >>> slip.kind, slip.answer, slip.endswith("23.")
    ('not-one-move', 'q4_leave', True)
    """

    kind: str
    answer: str

    def __new__(cls, kind: str, answer: str, text: str) -> Slip:
        if kind not in KINDS:
            raise ValueError(f"unknown kind of mistake {kind!r}; the kinds are {', '.join(KINDS)}")
        made = super().__new__(cls, text)
        made.kind, made.answer = kind, answer
        return made


def classify(names: tuple[str, ...], values: Mapping[str, object], canonical: Mapping[str, Hashable],
             right: Mapping[str, bool], slips: list) -> dict[str, str]:
    """The kind of each answer that is not right: :data:`BLANK` (not defined, or ``...``), :data:`FORM`, the
    kind of the first slip about it (``slips``: the hints' and the question's ``mistakes``), else
    :data:`OTHER`."""
    found = {}
    for name in names:
        if right.get(name):
            continue
        if values.get(name, UNDEFINED) is UNDEFINED or values[name] is Ellipsis:
            found[name] = BLANK
        elif name not in canonical:
            found[name] = FORM
        else:
            found[name] = next((s.kind for s in slips if isinstance(s, Slip) and s.answer == name), OTHER)
    return found


#: Wrong answers a worked example may also start from, that no change near the right answers gives (the
#: answers of normal play, for a misère question; a move given for the position it leaves): ``{(set,
#: question): typical(numbers) -> {answer: value}}``, filled in by the homework modules
#: (:mod:`gamelib.homework.examples` reads it).
TYPICAL: dict[tuple[str, str], Callable[[Mapping], dict]] = {}


def off_by_one(names: tuple[str, ...], canonical: Mapping[str, Hashable], key: Mapping[str, Collection]) -> list[Slip]:
    """The slip told of any question's answers against its key, after the question's own: a whole number one
    more or one less than its only right value.

    >>> [s.kind for s in off_by_one(("a", "b"), {"a": 5, "b": 9}, {"a": frozenset({4}), "b": frozenset({2})})]
    ['off-by-one']
    """
    found = []
    for name in names:
        value, right = canonical.get(name), key.get(name, frozenset())
        if type(value) is not int or not isinstance(right, (frozenset, set)) or len(right) != 1:
            continue
        only = next(iter(right))
        if type(only) is int and abs(value - only) == 1:
            found.append(Slip("off-by-one", name, f"`{name}` = {value} is one {'more' if value > only else 'less'} "
                                                  "than the right value."))
    return found


def shifted(answer: str, given: tuple, right: tuple, what: str = "values") -> Slip | None:
    """The slip of a list of values, one per heap, that is the right list shifted by one heap (the values of
    heaps 1 to 16 for 0 to 15, or the other way round); None for another.

    >>> shifted("a", (0, 1, 2, 0, 1, 2), (0, 0, 1, 2, 0, 1)).kind
    'neighbours-values'
    """
    if len(given) == len(right) > 2 and (given[:-1] == right[1:] or given[1:] == right[:-1]):
        return Slip("neighbours-values", answer, f"`{answer}` is the right list shifted by one heap: each of its "
                                                 f"{what} is a neighbouring heap's.")
    return None


def neighbour_value(answer: str, given: int, grundy: Callable[[int], int], heap: int) -> list[Slip]:
    """The slip of a Grundy value that is a neighbouring heap's (``heap - 1`` or ``heap + 1``), not ``heap``'s:
    the last value of a list that stops one heap short, or goes one too far.

    >>> [s.kind for s in neighbour_value("g", 2, lambda n: n % 3, 10)]
    ['neighbours-values']
    """
    if given == grundy(heap):
        return []
    for other in (heap - 1, heap + 1):
        if given == grundy(other):
            return [Slip("neighbours-values", answer, f"`{answer}` = {given} is the Grundy value of heap {other}, "
                                                      f"next to {heap}.")]
    return []


def as_move(before: tuple, after: tuple) -> tuple:
    """The position ``after`` written as the move to it: the heap it changes holds the chips taken (what a
    worked example of :func:`move_or_position` shows).

    >>> as_move((7, 5, 2), (4, 5, 2))
    (3, 5, 2)
    """
    return tuple(b - a if a != b else b for a, b in zip(after, before, strict=True))


def move_or_position(answer: str, given: tuple, before: tuple, right: frozenset) -> Slip | None:
    """The slip of a position after a move given as the move itself: one heap holds the chips taken instead of
    the chips left (``right``: the positions a right move leaves); None for another.

    >>> move_or_position("a", (3, 5, 2), (7, 5, 2), frozenset({(4, 5, 2)})).kind
    'move-not-position'
    """
    for after in right:
        changed = [i for i, (a, b) in enumerate(zip(after, before, strict=True)) if a != b]
        if len(changed) == 1 and len(given) == len(before):
            i = changed[0]
            others_kept = all(g == b for j, (g, b) in enumerate(zip(given, before, strict=True)) if j != i)
            if given[i] == before[i] - after[i] and others_kept:
                return Slip("move-not-position", answer, f"`{answer}` holds {given[i]} where the heap it changes "
                                                         "holds the chips taken, not the chips left.")
    return None


def near_set(answer: str, given, right, universe=None, what: str = "P-positions") -> Slip | None:
    """The slip of a wrong set (or list) of ``what`` against the right one: some left out, some extra (the
    others are N-positions), or exactly the others of ``universe`` (P and N swapped); None for another.

    >>> near_set("a", (0, 4), (0, 4, 8), range(10)).kind
    'p-missing'
    >>> near_set("a", {1, 2, 3, 5, 6, 7, 9}, {0, 4, 8}, range(10)).kind
    'pn-swapped'
    """
    given, right = set(given), set(right)
    if universe is not None and given == set(universe) - right:
        return Slip("pn-swapped", answer, f"`{answer}` lists exactly the others: the N-positions, not the {what}.")
    if given < right:
        return Slip("p-missing", answer, f"`{answer}` leaves out {len(right - given)} of the {what}, such as "
                                         f"{min(right - given)}.")
    if given > right:
        return Slip("p-extra", answer, f"`{answer}` also lists {len(given - right)} that are not {what}, such as "
                                       f"{min(given - right)}.")
    return None


def outcome_slip(answer: str, follows: bool, earlier: str = "") -> Slip:
    """The slip of a wrong outcome: it follows from a wrong earlier answer (``follows``), else P and N are
    swapped (an outcome has two values: a wrong one is the other)."""
    if follows:
        return Slip("follows-wrong-answer", answer, f"`{answer}` follows from the wrong `{earlier}`.")
    return Slip("pn-swapped", answer, f"`{answer}` is the other outcome: P and N swapped.")


def periods_slips(names: tuple[str, str], given: tuple[int, int], right: tuple[int, int]) -> list[Slip]:
    """The slips of a wrong preperiod and period against the least ones: a period that is a multiple of the
    least repeats (but is not the least), another does not; a preperiod above the least starts after the
    values already repeat, one below it before they do.

    >>> [s.kind for s in periods_slips(("pre", "per"), (3, 8), (2, 4))]
    ['preperiod-not-least', 'period-not-least']
    """
    (pre, per), (least_pre, least_per) = given, right
    found = []
    if pre > least_pre:
        found.append(Slip("preperiod-not-least", names[0], f"the values already repeat from {least_pre}, before "
                                                           f"{pre}."))
    elif pre < least_pre:
        found.append(Slip("preperiod-too-small", names[0], f"the values do not yet repeat from {pre}."))
    if per != least_per and per % least_per == 0:
        found.append(Slip("period-not-least", names[1], f"{per} is a multiple of the least period, {least_per}: "
                                                        "the values repeat with it, but not first."))
    elif per != least_per:
        found.append(Slip("not-a-period", names[1], f"{per} is not a multiple of the least period {least_per}: "
                                                    "the values do not repeat with it."))
    return found
