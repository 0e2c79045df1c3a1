"""Sentences that figures and panels both write, so each is written once.

>>> from gamelib import SubtractionGame
>>> mex_sentence(SubtractionGame({1, 2}), 3)
'g(3) = mex{g(2), g(1)} = mex{2, 1} = 0'
"""

from __future__ import annotations

from gamelib.games.subtraction import SubtractionGame


def mex_sentence(game: SubtractionGame, n: int) -> str:
    """The computation of g(n) written out: ``g(n) = mex{g(n - s), ...} = mex{values} = v`` (S in order).

    The Grundy scale (:func:`gamelib.plots.grundy_scale`) draws it and its panel says it.

    >>> mex_sentence(SubtractionGame({2, 5, 7}), 9)
    'g(9) = mex{g(7), g(4), g(2)} = mex{3, 0, 1} = 2'
    >>> mex_sentence(SubtractionGame({2, 5, 7}), 1)
    'g(1) = mex{} = 0'
    """
    followers = [n - s for s in game.S if s <= n]
    value = game.grundy(n)
    if not followers:
        return f"g({n}) = mex{{}} = {value}"
    names = ", ".join(f"g({m})" for m in followers)
    values = ", ".join(str(game.grundy(m)) for m in followers)
    return f"g({n}) = mex{{{names}}} = mex{{{values}}} = {value}"
