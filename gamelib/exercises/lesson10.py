"""Exercise checks for lesson 10, Misère quotients: the pretending row (10.1), the outcome of a sum read from the
quotient (10.2) and the name of an element given by a word (10.3).

The answers come from :func:`gamelib.misere_quotient`; tests/test_exercises_lesson10.py holds them up against a
search of misère play from the rules.

>>> from gamelib.exercises import check
>>> check("10.2", "P").ok
False
>>> print(check("10.3", "b3").message)  # doctest: +NORMALIZE_WHITESPACE
b3 equals b, which is another element than b3c3.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from gamelib.analysis.misere_quotient import MisereQuotient
from gamelib.exercises.answers import NotAnAnswer, show
from gamelib.exercises.core import _Verdict, correct, exercise, with_hint, wrong
from gamelib.exercises.kinds import outcome_checker, set_checker
from gamelib.games.quotients import misere_quotient

#: Exercise 10.1: Kayles rows of at most this many pins, and the class asked about.
KAYLES_MAX, KAYLES_CLASS = 8, "ab"
#: Exercise 10.2: heaps of 0.75 (Plambeck and Siegel's R8, heaps up to 10), side by side.
R8_CODE, R8_MAX, R8_SUM = "0.75", 10, (3, 3, 3, 5)
#: Exercise 10.3: a word in R8's generators.
R8_WORD = "b3c3"


@cache
def quotient(code: str, max_heap: int) -> MisereQuotient:
    """The quotient an exercise is about (each one computed once)."""
    return misere_quotient(code, max_heap)


def pretending_checker(q: MisereQuotient, element: str, hint: str) -> Callable[[object], _Verdict]:
    """Check the list of heaps 1 .. max_heap whose class is ``element``."""

    def why_not(n: int) -> str:
        if not 1 <= n <= q.max_heap:
            return f"the question is about heaps 1 to {q.max_heap}"
        return f"heap {n} pretends to be {q.pretending[n]}"

    truth = [n for n in range(1, q.max_heap + 1) if q.pretending[n] == element]
    return set_checker(truth, f"heaps of {q.game} from 1 to {q.max_heap} whose class is {element}", hint=hint,
                       why_not=why_not)


def _read_word(answer: object, q: MisereQuotient) -> str:
    if type(answer) is int and answer == 1:  # the identity, typed as the number it is named by
        answer = "1"
    if not isinstance(answer, str):
        raise NotAnAnswer(f"expected a word in the generators {', '.join(q.generators)}, in quotes, such as "
                          f"'ab2' (or '1'), got {show(answer)}")
    text = str.__getitem__(answer, slice(0, 100)).strip().replace(" ", "").replace("*", "").replace("·", "")
    try:
        q.name(text)
    except (TypeError, ValueError):
        raise NotAnAnswer(f"{show(answer)} is not a word in the generators {', '.join(q.generators)}: write "
                          "letters with their powers after them, such as 'ab2' (a times b squared), or '1'") from None
    return text


def name_checker(q: MisereQuotient, word: str, hint: str) -> Callable[[object], _Verdict]:
    """Check the name (the least word) of the element that ``word`` equals in ``q``."""
    name = q.name(word)

    def checker(answer: object) -> _Verdict:
        given = _read_word(answer, q)
        if given == name:
            return correct(f"{word} is {name} in {q.game}'s quotient: no relation shortens {name} further.")
        if q.name(given) == name:
            return wrong(f"{given} is equal to {word}, but it is not the element's name: some relation still "
                         "applies to it (a name is the word no relation shortens).", hint)
        other = q.name(given)
        equals = "" if other == given else f" equals {other}, which"
        return wrong(f"{given}{equals} is another element than {word}.", hint)

    return with_hint(checker, hint)


_KAYLES = quotient("0.77", KAYLES_MAX)
_R8 = quotient(R8_CODE, R8_MAX)

exercise("10.1", expects="a list of heap sizes, e.g. [2, 7]")(
    pretending_checker(_KAYLES, KAYLES_CLASS,
                       hint=f"misere_quotient('0.77', {KAYLES_MAX}).pretending lists the class of each row, starting "
                            "with the row of 0 pins; list the row lengths whose class is exactly that name.")
)

exercise("10.2", expects="'P' or 'N'")(
    outcome_checker(_R8.outcome(list(R8_SUM)), f"the sum of heaps {' + '.join(map(str, R8_SUM))} in {R8_CODE}",
                    hint="read each heap's class in the pretending row, multiply them (a relation such as a2=1 "
                         "shortens the product), then look whether the product is in the P-portion. The Grundy "
                         "values of normal play do not decide misère play.")
)

exercise("10.3", expects="a word in the generators, e.g. 'ab2'")(
    name_checker(_R8, R8_WORD,
                 hint="apply the relations a2=1, b3=b, bc=ab and c2=b2 to shorten the word, one at a time, until "
                      "none applies: what is left is one of the names in q.elements.")
)
