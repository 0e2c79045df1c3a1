"""Single-heap Grundy values of an octal game from its code alone, with no gamelib: a reference for the tests.

Plain recursion with a memo: g(n) is the mex of the values of everything one move makes of a row of n.
"""

from __future__ import annotations

from functools import cache


def octal_digits(code: str) -> list[int]:
    """'0.04' -> [0, 0, 4]: the digit before the point, then one digit per number of tokens removed."""
    before, after = code.split(".")
    return [int(before or "0")] + [int(d) for d in after]


def octal_values(code: str, stop: int) -> list[int]:
    """g(0), ..., g(stop - 1) of a single row under the octal code, by plain recursion over every move.

    A digit d_k for "remove k tokens" allows: 1 -- removing the whole row (only if it has exactly k);
    2 -- leaving one non-empty row (k >= 1); 4 -- leaving two non-empty rows.
    """
    digits = octal_digits(code)

    @cache
    def g(n: int) -> int:
        options = set()
        for k, digit in enumerate(digits):
            left = n - k
            if left < 0:
                break
            if digit & 1 and left == 0:
                options.add(0)
            if digit & 2 and k >= 1 and left >= 1:
                options.add(g(left))
            if digit & 4:
                for a in range(1, left):
                    options.add(g(a) ^ g(left - a))
        m = 0
        while m in options:
            m += 1
        return m

    return [g(n) for n in range(stop)]  # in increasing order, so the recursion stays shallow


def grundys_game_values(stop: int) -> list[int]:
    """g(0), ..., g(stop - 1) of Grundy's game (split one heap into two heaps of different sizes), plainly."""
    g: list[int] = []
    for n in range(stop):
        options = {g[a] ^ g[n - a] for a in range(1, n) if a != n - a}
        m = 0
        while m in options:
            m += 1
        g.append(m)
    return g
