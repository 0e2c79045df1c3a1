"""A game in progress: turns, the computer's replies, undo, hints and the end-of-game report, for any game.

The session asks the game (:class:`~gamelib.games.base.Game`) for its rules: moves, outcomes and remoteness;
and the game's presentation (:func:`~gamelib.games.presentation.presentation_of`) for its words: each move with
its key and words, and how to name a position. It knows no particular game. No widget and no figure: a test
drives a whole game without ipywidgets (the view is :mod:`gamelib.widgets.play`).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from gamelib.arguments import check_int, show
from gamelib.games.base import Game
from gamelib.games.presentation import Move, presentation_of

#: Who plays, in a :class:`PlaySession`: its ``starter`` is STUDENT or COMPUTER, its ``opponent`` COMPUTER or
#: FRIEND (a second person at the same keyboard); against the computer, the ``winner`` and each move's ``player``
#: are STUDENT or COMPUTER.
STUDENT, COMPUTER, FRIEND = "student", "computer", "friend"
#: Who moves when two people play (``opponent=FRIEND``): FIRST makes the first move, then they take turns;
#: ``to_move``, ``winner`` and each move's ``player`` are one of these two.
FIRST, SECOND = "first player", "second player"


@dataclass(frozen=True)
class PlayedMove:
    """One move of a game: who made it, the position before, and the move (its key, the position after it,
    its words).

    >>> from gamelib.games.presentation import TAKE
    >>> print(PlayedMove("student", 10, Move(2, 8, "take 2", TAKE, "2")))
    you: take 2 (10 → 8)
    """

    player: str
    before: Any
    move: Move

    @property
    def key(self) -> Hashable:
        """What was played: an amount, ``(heap index, amount)``, a square, coins turned, ..."""
        return self.move.key

    @property
    def after(self) -> Any:
        """The position after the move."""
        return self.move.after

    @property
    def text(self) -> str:
        """The move in words, e.g. ``'take 2'``."""
        return self.move.words()

    def __str__(self) -> str:
        who = {STUDENT: "you", COMPUTER: "computer"}.get(self.player, self.player)
        return f"{who}: {self.text} ({self.before} \u2192 {self.after})"


def plain_key(key: object) -> Hashable:
    """A move key made of exact ints (and tuples of them): 2.0, True or 1+0j, which compare equal to 2 or 1,
    are refused with a TypeError instead of being played as typed; numpy integers become ints.

    >>> plain_key((1, 2)), plain_key(3)
    ((1, 2), 3)
    """
    if isinstance(key, tuple):
        return tuple(plain_key(part) for part in key)
    return check_int(key, "each number of a move", minimum=None)


def check_start(game: Game, start: object) -> Any:
    """The start of a game to play: text read within the game's ``play_limit``, or a position given from
    Python (checked within it too), from which some move is possible."""
    if not isinstance(game, Game):
        raise TypeError(f"game must be a gamelib game such as Nim() or SubtractionGame({{1, 2, 3}}), got {show(game)}")
    if game.misere:
        raise ValueError(f"{game.title} is played misère; the computer plays normal play (last move wins)")
    limit = game.play_limit
    typed = start if isinstance(start, str) else None  # text a student typed, or the position itself
    if typed is not None:
        if limit is None:
            raise TypeError(f"positions of {game.title} cannot be typed; give the position itself")
        start = game.read_position(typed, limit)
    else:
        start = game.check_position(start) if limit is None else game.position_within(start, limit)
    if not game.moves(start):  # typed, it is named as typed: "0, 0" may be read as heaps ()
        where = show(typed) if typed is not None else presentation_of(game).position_text(game, start)
        raise ValueError(f"{where} allows no move at all in {game.title}: choose another start")
    return start


class PlaySession:
    """A game between the student and a perfect computer player (or two people), with undo, hints and a report.

    The student moves with :meth:`play`; the computer answers at once. Normal play: whoever makes the last
    move wins. The computer plays perfectly: from an N-position it moves to a P-position and wins as fast as it
    can; from a P-position it makes the move that keeps the game going longest (the remoteness of
    :meth:`~gamelib.games.base.Game.remoteness`), so the student gets as many chances as possible to go wrong.
    Among equally good moves it takes the first in the order of the buttons, so it always plays the same.

    >>> from gamelib import SubtractionGame
    >>> game = PlaySession(SubtractionGame({1, 2, 3}), 6)
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

    def __init__(self, game: Game, start: object = None, starter: str = STUDENT, opponent: str = COMPUTER):
        if starter not in (STUDENT, COMPUTER):
            raise ValueError(f"starter must be {STUDENT!r} or {COMPUTER!r}, got {show(starter)}")
        if opponent not in (COMPUTER, FRIEND):
            raise ValueError(f"opponent must be {COMPUTER!r} or {FRIEND!r}, got {show(opponent)}")
        if start is None:
            start = getattr(game, "start", None)
        start = check_start(game, start)
        self.game = game.sized_for(start)
        #: The words the game is shown with (its presentation).
        self.words = presentation_of(self.game)
        self.start = start
        self.starter = starter if opponent == COMPUTER else STUDENT
        self.opponent = opponent
        self.position = start
        self.history: list[PlayedMove] = []
        if self.starter == COMPUTER:
            self._computer_move()

    # -- the state of the game
    @property
    def over(self) -> bool:
        """True when the player to move has no move left."""
        return not self.game.moves(self.position)

    @property
    def to_move(self) -> str:
        """Who moves next: the student (against the computer), or the first or second player."""
        if self.opponent == COMPUTER:
            return STUDENT
        return FIRST if len(self.history) % 2 == 0 else SECOND

    @property
    def winner(self) -> str | None:
        """Who made the last move once the game is over (``'student'``, ``'computer'``, or the first or
        second player), else None."""
        if not self.over or not self.history:
            return None
        return self.history[-1].player

    def moves(self, position: Any = None) -> list[Move]:
        """The moves from ``position`` (default: the current one), in the order of the buttons."""
        return self.words.moves(self.game, self.position if position is None else position)

    def legal_keys(self) -> list:
        """The moves allowed now, as keys: amounts (subtraction), ``(heap index, amount)`` pairs (Nim), ..."""
        return [move.key for move in self.moves()]

    def winning_moves(self, position: Any = None) -> list[Move]:
        """The moves from ``position`` (default: the current one) that leave a P-position."""
        return [move for move in self.moves(position) if self.game.outcome(move.after) == "P"]

    def winning_keys(self, position: Any = None) -> list:
        """The keys of :meth:`winning_moves`."""
        return [move.key for move in self.winning_moves(position)]

    def computer_choice(self, position: Any = None) -> Move:
        """The computer's move from ``position``: win fastest from N, lose slowest from P; the first in
        button order among equals.

        >>> from gamelib import SubtractionGame
        >>> PlaySession(SubtractionGame({1, 2, 3}), 9).computer_choice(8).words()   # P: every move loses; stall
        'take 1'
        """
        position = self.position if position is None else position
        options = [(move, self.game.remoteness(move.after)) for move in self.moves(position)]
        if not options:
            raise ValueError(f"no move is possible from {self.words.position_text(self.game, position)}")
        winning = [option for option in options if option[1] % 2 == 0]  # followers that are P-positions
        if winning:
            return min(winning, key=lambda option: option[1])[0]  # min and max keep the first of a tie
        return max(options, key=lambda option: option[1])[0]

    # -- moves
    def _apply(self, player: str, move: Move) -> PlayedMove:
        record = PlayedMove(player, self.position, move)
        self.history.append(record)
        self.position = move.after
        return record

    def _computer_move(self) -> PlayedMove | None:
        if self.over:
            return None
        return self._apply(COMPUTER, self.computer_choice())

    def play(self, key: object) -> list[PlayedMove]:
        """Make the move ``key`` for the player to move, then the computer's reply (if it plays, and the game
        is not over).

        Raises ValueError (naming the move) when the game is over or the move is not allowed, and TypeError
        when ``key`` is not made of whole numbers (2.0 and True are refused, not read as 2 and 1).
        """
        key = plain_key(key)
        if self.over:
            raise ValueError(f"the game is over ({self.words.position_text(self.game, self.position)}): start a new "
                             "game")
        for move in self.moves():
            if move.key == key:
                made = [self._apply(self.to_move, move)]
                reply = self._computer_move() if self.opponent == COMPUTER else None
                return made + ([reply] if reply else [])
        raise ValueError(self.words.why_not(self.game, self.position, key))

    def undo(self) -> bool:
        """Take back the student's last move and the computer's reply (between two people: the last move).
        False if there is nothing to take back."""
        if self.opponent == FRIEND:
            if not self.history:
                return False
            self.position = self.history.pop().before
            return True
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
        """The first move (the student's, against the computer) from an N-position to an N-position: a win
        thrown away. None if there is none."""
        for record in self.history:
            if (record.player != COMPUTER and self.game.outcome(record.before) == "N"
                    and self.game.outcome(record.after) == "N"):
                return record
        return None

    def report(self, plain: bool = False) -> str:
        """A few sentences on the game: who won, and the first mistake with the move that would have won.
        ``plain``: in everyday words, without P- and N-positions (for a panel used before a lesson defines
        them).

        >>> from gamelib import SubtractionGame
        >>> game = PlaySession(SubtractionGame({1, 2}), 4)
        >>> moves = game.play(2)      # 4 is N; taking 2 leaves 2, an N-position: a mistake
        >>> print(game.report())  # doctest: +NORMALIZE_WHITESPACE
        The computer won. Your first mistake: at heap 4 you took 2, leaving heap 2, an N-position (the
        player to move can win). Taking 1 (leaving heap 3, a P-position) would have won.
        """
        if not self.over:
            return "The game is still going."
        names = {STUDENT: "You won!", COMPUTER: "The computer won."}
        head = names.get(self.winner or "", f"The {self.winner} won.")
        mistake = self.first_mistake()
        if mistake is not None:
            def text(position: Any) -> str:
                return self.words.position_text(self.game, position)

            safe = ", from which every move lets the other player win" if plain else ", a P-position"
            better = " or ".join(f"{move.words('ing')} (leaving {text(move.after)}{safe})"
                                 for move in self.winning_moves(mistake.before))
            whose, who = ("Your first mistake", "you") if mistake.player == STUDENT else \
                ("The first mistake", f"the {mistake.player}")
            lost = ", from which the player to move can win" if plain else \
                ", an N-position (the player to move can win)"
            return (f"{head} {whose}: at {text(mistake.before)} {who} {mistake.move.words('past')}, leaving "
                    f"{text(mistake.after)}{lost}. {better[0].upper()}{better[1:]} would have won.")
        kept = "made a move that kept the win" if plain else "moved to a P-position"
        if self.opponent == FRIEND:
            return f"{head} No mistakes: every time a player could win, they {kept}."
        had_chance = any(m.player == STUDENT and self.game.outcome(m.before) == "N" for m in self.history)
        if had_chance:
            return f"{head} No mistakes: every time you could win, you {kept}."
        losing = "a position where every move lets the computer win" if plain else "a P-position"
        start = "a position you can win from" if plain else "an N-position"
        return (
            f"{head} No mistakes — but you never had a winning position: you always had to move from "
            f"{losing}, and the computer never let you off the hook. Try starting a game from {start}."
        )


__all__ = ["COMPUTER", "FIRST", "FRIEND", "SECOND", "STUDENT", "PlaySession", "PlayedMove", "check_start",
           "plain_key"]
