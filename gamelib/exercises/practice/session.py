"""A practice session: instances of one exercise dealt one after another, typed answers checked, a streak kept,
the exercise's hint given when asked for.

Plain Python, no widgets: the panel (:func:`gamelib.exercises.practice`) only shows what a session says, so a
test drives the session itself.

>>> session = PracticeSession("4.3", seed=3)
>>> session.instance.question
'Which third heap c makes (27, 26, c) a P-position of Nim?'
>>> session.submit("0").ok, session.streak
(False, 0)
>>> session.submit("1").ok, session.streak_text
(True, '1 right in a row')
>>> session.another().label
'4.3, seed 4'
>>> session.hint()  # what to compute, never the answer; the next right answer counts as helped
'(14, 20, c) is P exactly when 14 ⊕ 20 ⊕ c = 0: which c cancels every 1 of 14 ⊕ 20?'
>>> session.submit(str(14 ^ 20)).ok, session.streak_text
(True, '2 right in a row, the hint shown for 1 of them')
"""

from __future__ import annotations

import re

from gamelib.exercises.answers import NotAnAnswer
from gamelib.exercises.core import Feedback
from gamelib.exercises.practice.core import MAX_SEED, Instance, deal
from gamelib.limits import MAX_TEXT_LENGTH
from gamelib.parsing import python_literal

#: Right answers in a row after which the session says the student has it.
MASTERY = 3
#: What the session says then.
MASTERED = "you have it — go on"
#: What the session says when the streak reached :data:`MASTERY` with the hint shown for some of its answers (as
#: a play panel's report says after a game played with the hint on).
WITHOUT_HINT = "next time, try without it"
#: Typed into the answer box, these ask for the hint instead of being checked.
HINT_WORDS = ("hint", "hint?", "?", "help")

_LABELS = re.compile(r"\s*[PNpn](\s*[-\s]\s*position)?\s*|[PNpn,\s]+")
_LITERAL = re.compile(r"[0-9\s,()\[\]{}+\-'\".]*|\s*0[bB][01]+\s*")
#: A word in a misère quotient's generators (lesson 10), such as ``ab2`` or ``b3c``: letters, each with a power.
_WORD = re.compile(r"(?:[A-Za-z][0-9]{0,3}){1,12}")


def read_typed(text: object) -> object:
    """What a student typed into the answer box, as the plain value a check reads: a number, a tuple, a list, a
    set, or text for 'P'/'N' answers. Only literals are read (:func:`ast.literal_eval` of digits, brackets and
    commas, never ``eval``); numbers separated by commas or spaces need no brackets.

    >>> read_typed("7"), read_typed("3, 8"), read_typed("{1, 4}"), read_typed(" n "), read_typed("2 5 7")
    (7, (3, 8), {1, 4}, 'n', (2, 5, 7))
    >>> read_typed("0b1101")  # a number in binary, as Python writes it
    13
    >>> read_typed("ab2"), read_typed("'b3c'")  # words in a misère quotient's generators (lesson 10)
    ('ab2', 'b3c')
    >>> read_typed("__import__('os')")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gamelib.exercises.answers.NotAnAnswer: cannot read "__import__('os')": type numbers (e.g. 7), a tuple ...
    """
    if not isinstance(text, str):
        raise NotAnAnswer(f"expected typed text, got {type(text).__name__}")
    if len(text) > MAX_TEXT_LENGTH:
        raise NotAnAnswer(f"the answer is {len(text)} characters long; at most {MAX_TEXT_LENGTH} are read")
    stripped = text.strip()
    if not stripped:
        raise NotAnAnswer("the answer box is empty: type your answer, then press Check")
    quoted = len(stripped) > 2 and stripped[0] == stripped[-1] and stripped[0] in "'\""
    unquoted = stripped[1:-1] if quoted else stripped
    if _LABELS.fullmatch(unquoted) and any(c in unquoted.upper() for c in "PN"):
        return unquoted
    if _WORD.fullmatch(unquoted):
        return unquoted
    if _LITERAL.fullmatch(stripped):
        try:
            return python_literal(stripped)
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            words = stripped.replace(",", " ").split()
            if words and all(w.isdigit() for w in words):
                return tuple(int(w) for w in words)
    raise NotAnAnswer(f"cannot read {stripped[:60]!r}: type numbers (e.g. 7), a tuple (e.g. (3, 8)), a list, a "
                      "set (e.g. {1, 4}), P / N or a word such as ab2")


class PracticeSession:
    """Instances of ``exercise`` dealt one after another from ``seed`` (the next instance has the next seed),
    typed answers checked with the exercise's own check, and the streak of right answers in a row.

    An answer that cannot be read does not count; a wrong one ends the streak; a right one counts once per
    instance. :meth:`hint` gives the exercise's hint for the instance; a right answer after it is counted in the
    streak as helped (``helped``), as a play panel counts the moves made with the hint shown.
    """

    def __init__(self, exercise: str, seed: int | None = None):
        self.instance: Instance = deal(exercise, seed)
        self.exercise = exercise
        self.streak = 0
        #: Right answers of the streak given after the hint was shown.
        self.helped = 0
        self.solved = False
        #: True once the hint of the instance dealt has been shown.
        self.hinted = False
        self.last: Feedback | None = None

    def hint(self) -> str:
        """The exercise's hint for the instance dealt: what to compute, never the answer. A right answer given
        after it counts as helped in the streak."""
        self.hinted = True
        return self.instance.hint or "this exercise has no hint: reread the question, and try small cases by hand."

    @staticmethod
    def asks_for_hint(text: object) -> bool:
        """True when ``text`` typed into the answer box asks for the hint (``hint``, ``?``) rather than answers.

        >>> PracticeSession.asks_for_hint(" Hint "), PracticeSession.asks_for_hint("7")
        (True, False)
        """
        return isinstance(text, str) and text.strip().lower() in HINT_WORDS

    def submit(self, text: object) -> Feedback:
        """Check what the student typed; the feedback is also kept as ``last``. An answer that cannot be read is
        told what form is expected (its ``hint`` is empty: the exercise's hint is given by :meth:`hint`)."""
        try:
            answer = read_typed(text)
        except NotAnAnswer as problem:
            self.last = Feedback(self.instance.label, False, f"{problem}. Expected: {self.instance.expects}.")
            return self.last
        feedback = self.instance.check(answer)
        if feedback.ok and not self.solved:
            self.streak += 1
            self.helped += self.hinted
            self.solved = True
        elif not feedback.ok and not self.solved:
            self.streak = self.helped = 0
        self.last = feedback
        return feedback

    def another(self) -> Instance:
        """Deal the next instance: the next seed whose numbers differ from the current ones (an exercise with
        few instances, such as a square Chomp bar, would otherwise deal the same one again); the streak goes on.
        """
        seed = self.instance.seed
        for _ in range(50):
            seed = (seed + 1) % (MAX_SEED + 1)
            dealt = deal(self.exercise, seed)
            if dealt.numbers != self.instance.numbers:
                break
        self.instance = dealt
        self.solved = self.hinted = False
        self.last = None
        return self.instance

    @property
    def streak_text(self) -> str:
        """'2 right in a row'; from :data:`MASTERY` on it adds that the student has it, unless the hint was shown
        for some of them (then it says how often, and to try without it); empty at 0.

        >>> session = PracticeSession("4.3", seed=3)
        >>> session.hint() and session.submit("1").ok, session.streak_text
        (True, '1 right in a row, with the hint')
        """
        if not self.streak:
            return ""
        words = f"{self.streak} right in a row"
        if self.helped:
            words += ", with the hint" if self.streak == 1 else \
                f", the hint shown for {'all' if self.helped == self.streak else self.helped} of them"
            return f"{words}: {WITHOUT_HINT}" if self.streak >= MASTERY else words
        return f"{words}: {MASTERED}" if self.streak >= MASTERY else words
