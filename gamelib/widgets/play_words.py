"""The words and small pictures of the play panel (:mod:`gamelib.widgets.play_panel`): the vocabularies a
panel may use, a heap drawn as chips, and the hint. They hold no rule of any game: the session and the game
say what is true, these say it.
"""

from __future__ import annotations

import html

from gamelib.arguments import show
from gamelib.limits import MAX_LISTED_MOVES
from gamelib.play.session import PlaySession

#: The words a play panel may use, in the order the lessons teach them: "plain" (before P- and N-positions
#: are defined), "P/N" (hints name P- and N-positions) and "grundy" (also the "Show Grundy values" box).
VOCABULARIES = ("plain", "P/N", "grundy")
_CHIP, _TAKEN = "\u25cf", "\u25cb"  # ● a chip in the heap, ○ a chip just taken
_YOU, _THEM = "#0072B2", "#B34000"  # chips taken by the student and by the other player (contrast > 4.5)


def check_vocabulary(vocabulary: object) -> str:
    """``vocabulary`` if it is one of :data:`VOCABULARIES`, else a ValueError naming it.

    >>> check_vocabulary("P/N")
    'P/N'
    """
    if not isinstance(vocabulary, str) or vocabulary not in VOCABULARIES:
        raise ValueError(f"vocabulary must be one of {', '.join(map(repr, VOCABULARIES))}, got {show(vocabulary)}")
    return vocabulary


def chips_html(name: str, count: int, yours: int = 0, theirs: int = 0, them: str = "the computer") -> str:
    """A heap as HTML: ``count`` chips in groups of five, then hollow chips just taken (by you, then by the
    other player, in two colours); its text alternative says the same in words.

    >>> "you took 2" in chips_html("heap A", 3, yours=2)
    True
    """
    taken = [f"you took {yours}"] * bool(yours) + [f"{them} took {theirs}"] * bool(theirs)
    alt = f"{name}: {count} chip{'s' if count != 1 else ''}" + (f" ({' and '.join(taken)})" if taken else "")

    def group(symbols: str, colour: str) -> str:
        spaced = "\u2009".join(symbols[i : i + 5] for i in range(0, len(symbols), 5))
        return f'<span style="color:{colour}">{spaced}</span>' if symbols else ""

    if not count + yours + theirs:  # words, in the size of the words around them (chips are drawn larger)
        return f'<span role="img" aria-label="{html.escape(alt)}" style="color:#555555">(empty)</span>'
    chips = group(_CHIP * count, "#0072B2") + " " + group(_TAKEN * yours, _YOU) + " " + group(_TAKEN * theirs, _THEM)
    return f'<span role="img" aria-label="{html.escape(alt)}" style="font-size:20px">{chips}</span>'


def hint_text(session: PlaySession, wins: list, vocabulary: str, on_board: bool) -> str:
    """What "Show a hint" says: who can win from here and, if the student can, the winning moves."""
    plain = vocabulary == "plain"
    moves = {m.key: m for m in session.moves()}
    if wins:
        shown = ", ".join(moves[k].words() for k in wins[:MAX_LISTED_MOVES])
        if len(wins) > MAX_LISTED_MOVES:
            shown += f" and {len(wins) - MAX_LISTED_MOVES} more"
        many = "s" if len(wins) > 1 else ""
        where = " (marked on the board)" if on_board else ""
        if plain:
            return (f"Hint: from here you can win. Winning move{many}{where}: {shown} (after it, every move the "
                    "other player makes lets you win).")
        return f"Hint: this is an N-position. Winning move{many}{where}: {shown} (leaves a P-position)."
    if plain:
        return ("Hint: from here, every move you make lets the other player win if they play well. Make the game "
                "long and watch what happens.")
    return ("Hint: this is a P-position — every move loses if the other player plays well. Make the game long "
            "and watch what happens.")


__all__ = ["VOCABULARIES", "check_vocabulary", "chips_html", "hint_text"]
