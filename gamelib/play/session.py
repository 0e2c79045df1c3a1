"""A game between the student and a perfect computer player: turns, undo, hints, the end-of-game report.

No widget and no figure: a test drives a whole game without ipywidgets (the view is
:mod:`gamelib.widgets.play`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gamelib.play.rules import nim_rules, subtraction_rules

STUDENT = "student"
COMPUTER = "computer"


# --------------------------------------------------------------------------------------------------------
# The game, without a widget


def reword(move_text: str, form: str) -> str:
    """Reword a move such as ``'take 2 from heap A'`` with another form of the verb: ``'took 2 from heap A'``.

    >>> reword("take 2 from heap A", "took"), reword("take 3", "taking")
    ('took 2 from heap A', 'taking 3')
    """
    return form + move_text[len("take"):]


@dataclass(frozen=True)
class PlayedMove:
    """One move of a game: who made it, the position before and after, and the move's key and wording.

    >>> print(PlayedMove("student", 10, 2, 8, "take 2"))
    you: take 2 (10 → 8)
    """

    player: str
    before: Any
    key: Any
    after: Any
    text: str

    def __str__(self) -> str:
        who = "you" if self.player == STUDENT else "computer"
        return f"{who}: {self.text} ({self.before} \u2192 {self.after})"


class PlaySession:
    """A game between the student and a perfect computer player, with undo and an end-of-game report.

    Create one with :meth:`subtraction` or :meth:`nim`. The student moves with :meth:`play`; the computer
    answers at once. Normal play: whoever makes the last move wins.

    >>> game = PlaySession.subtraction({1, 2, 3}, 6)
    >>> game.winning_keys()          # from 6, taking 2 leaves 4, a P-position
    [2]
    >>> [str(m) for m in game.play(2)]
    ['you: take 2 (6 → 4)', 'computer: take 1 (4 → 3)']
    >>> game.play(3)[-1].after, game.over, game.winner
    (0, True, 'student')
    >>> print(game.report())
    You won! No mistakes: every time you could win, you moved to a P-position.
    >>> game.undo(), game.position, game.over      # takes back the winning move only
    (True, 3, False)
    >>> game.legal_keys(), game.first_mistake()
    ([1, 2, 3], None)
    """

    def __init__(self, rules: Any, starter: str = STUDENT):
        if starter not in (STUDENT, COMPUTER):
            raise ValueError(f"starter must be {STUDENT!r} or {COMPUTER!r}, got {starter!r}")
        self.rules = rules
        self.starter = starter
        self.position = rules.start
        self.history: list[PlayedMove] = []
        if starter == COMPUTER:
            self._computer_move()

    @classmethod
    def subtraction(cls, S: object, heap: int, starter: str = STUDENT) -> PlaySession:
        """A subtraction game: ``S`` a set (or text such as ``"1, 2, 3"``), ``heap`` the starting heap.

        >>> PlaySession.subtraction("2, 5, 7", 9, starter="computer").history[0].text   # 9 - 5 = 4 is P
        'take 5'
        """
        return cls(subtraction_rules(S, heap), starter)

    @classmethod
    def nim(cls, heaps: object, starter: str = STUDENT) -> PlaySession:
        """A game of Nim from ``heaps`` (a tuple, or text such as ``"3, 4, 5"``).

        >>> PlaySession.nim((3, 4, 5), starter="computer").position
        (1, 4, 5)
        """
        return cls(nim_rules(heaps), starter)

    # -- the state of the game
    @property
    def over(self) -> bool:
        """True when the player to move has no move left."""
        return not self.rules.moves(self.position)

    @property
    def winner(self) -> str | None:
        """``'student'`` or ``'computer'`` once the game is over (the player who moved last), else None."""
        if not self.over or not self.history:
            return None
        return self.history[-1].player

    def legal_keys(self) -> list:
        """The moves allowed now, as keys: amounts (subtraction) or ``(heap index, amount)`` pairs (Nim)."""
        return [key for key, _ in self.rules.moves(self.position)]

    def winning_keys(self, position: Any = None) -> list:
        """The moves from ``position`` (default: the current one) that leave a P-position."""
        position = self.position if position is None else position
        return [key for key, after in self.rules.moves(position) if self.rules.outcome(after) == "P"]

    def computer_choice(self, position: Any = None) -> tuple[Any, Any]:
        """The computer's move ``(key, position after)``: win fastest from N, lose slowest from P.

        Among equally good moves, the first in button order is taken, so the choice is always the same.

        >>> PlaySession.subtraction({1, 2, 3}, 9).computer_choice(8)   # P: every move loses; stall
        (1, 7)
        """
        position = self.position if position is None else position
        options = [(key, after, self.rules.remoteness(after)) for key, after in self.rules.moves(position)]
        if not options:
            raise ValueError(f"no move is possible from {self.rules.position_text(position)}")
        winning = [option for option in options if option[2] % 2 == 0]  # followers that are P-positions
        if winning:
            key, after, _ = min(winning, key=lambda option: option[2])  # min/max keep the first of a tie
        else:
            key, after, _ = max(options, key=lambda option: option[2])
        return key, after

    # -- moves
    def _apply(self, player: str, key: Any, after: Any) -> PlayedMove:
        record = PlayedMove(player, self.position, key, after, self.rules.move_text(key, self.position))
        self.history.append(record)
        self.position = after
        return record

    def _computer_move(self) -> PlayedMove | None:
        if self.over:
            return None
        key, after = self.computer_choice()
        return self._apply(COMPUTER, key, after)

    def play(self, key: Any) -> list[PlayedMove]:
        """Make the student's move ``key``, then the computer's reply (if the game is not over).

        Raises ValueError (naming the move) when the game is over or the move is not allowed, and TypeError
        when ``key`` is not made of whole numbers (2.0 and True are refused, not read as 2 and 1).
        """
        key = self.rules.parse_key(key)
        if self.over:
            raise ValueError(f"the game is over ({self.rules.position_text(self.position)}): start a new game")
        for legal, after in self.rules.moves(self.position):
            if legal == key:
                made = [self._apply(STUDENT, key, after)]
                reply = self._computer_move()
                return made + ([reply] if reply else [])
        raise ValueError(
            f"{key!r} is not a move allowed from {self.rules.position_text(self.position)}; "
            f"allowed: {self.legal_keys()}"
        )

    def undo(self) -> bool:
        """Take back the student's last move and the computer's reply. False if the student has not moved."""
        if not any(m.player == STUDENT for m in self.history):
            return False
        while self.history:
            record = self.history.pop()
            self.position = record.before
            if record.player == STUDENT:
                break
        return True

    # -- the report
    def first_mistake(self) -> PlayedMove | None:
        """The student's first move from an N-position to an N-position (a win thrown away), or None."""
        for record in self.history:
            if (record.player == STUDENT and self.rules.outcome(record.before) == "N"
                    and self.rules.outcome(record.after) == "N"):
                return record
        return None

    def report(self) -> str:
        """A few sentences on the game: who won and the student's first mistake with the winning move.

        >>> game = PlaySession.subtraction({1, 2}, 4)
        >>> moves = game.play(2)      # 4 is N; taking 2 leaves 2, an N-position: a mistake
        >>> print(game.report())  # doctest: +NORMALIZE_WHITESPACE
        The computer won. Your first mistake: at heap 4 you took 2, leaving heap 2, an N-position (the
        player to move can win). Taking 1 (leaving heap 3, a P-position) would have won.
        """
        if not self.over:
            return "The game is still going."
        head = "You won!" if self.winner == STUDENT else "The computer won."
        mistake = self.first_mistake()
        if mistake is not None:
            rules = self.rules
            better = " or ".join(
                f"{reword(rules.move_text(key, mistake.before), 'taking')} "
                f"(leaving {rules.position_text(after)}, a P-position)"
                for key, after in rules.moves(mistake.before)
                if rules.outcome(after) == "P"
            )
            return (
                f"{head} Your first mistake: at {rules.position_text(mistake.before)} you "
                f"{reword(mistake.text, 'took')}, leaving {rules.position_text(mistake.after)}, "
                f"an N-position (the player to move can win). {better[0].upper()}{better[1:]} would have won."
            )
        had_chance = any(
            m.player == STUDENT and self.rules.outcome(m.before) == "N" for m in self.history
        )
        if had_chance:
            return f"{head} No mistakes: every time you could win, you moved to a P-position."
        return (
            f"{head} No mistakes — but you never had a winning position: you always had to move from a "
            "P-position, and the computer never let you off the hook. Try starting a game from an N-position."
        )
