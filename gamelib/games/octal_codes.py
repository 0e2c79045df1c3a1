"""Octal codes: what a code such as ``0.77`` (Kayles) says, read into its digits.

Reading a code
--------------
A code ``d0.d1 d2 d3 ...`` has one octal digit per number of tokens removed: digit ``d_k`` says what may
happen when a move removes ``k`` tokens from one heap. Each digit is a sum of

* 1 -- the move may remove the *whole* heap (allowed only when the heap has exactly k tokens);
* 2 -- the move may leave *one* non-empty heap (k tokens taken from the end of a row);
* 4 -- the move may leave *two* non-empty heaps (k tokens taken from the middle, splitting the row).

So ``0.77`` (Kayles) lets a move knock down one or two neighbouring pins anywhere in a row, and ``0.07``
(Dawson's Kayles) exactly two. The digit before the point is about moves that remove *no* tokens: it may
be 0 (no such move) or 4 (split a heap into two non-empty heaps, as in ``4.07``); a leading 1 or 2 would
mean removing a heap of size 0 or "moving" without changing anything, so those codes are refused. The
leading 0 may be left out (``.07`` is ``0.07``) and trailing zeros change nothing (``0.070`` is ``0.07``).
"""

from __future__ import annotations

from gamelib.arguments import LimitError
from gamelib.limits import MAX_OCTAL_DIGITS

#: What a code may contain (read without regular expressions: re costs a fresh process about 6 ms to import).
_ALLOWED = frozenset("01234567.")


def parse_octal_code(code: str) -> tuple[int, ...]:
    """The digits ``(d0, d1, ..., dt)`` of an octal code, trailing zeros removed; ``dt`` is the last nonzero.

    >>> parse_octal_code("0.77")
    (0, 7, 7)
    >>> parse_octal_code(".070")
    (0, 0, 7)
    >>> parse_octal_code("4.0")
    (4,)
    >>> parse_octal_code("0.8")
    Traceback (most recent call last):
    ...
    ValueError: octal code '0.8' contains '8'; the digits of an octal code are 0 to 7
    """
    if not isinstance(code, str):
        raise TypeError(
            f"an octal code must be text such as '0.77', got {code!r} of type {type(code).__name__} "
            "(a number like 0.70 would lose its trailing digits)"
        )
    if len(code) > MAX_OCTAL_DIGITS + 8:
        raise LimitError(f"octal code of {len(code):,} characters; codes have at most {MAX_OCTAL_DIGITS} digits "
                         "after the point")
    text = code.strip()
    bad = sorted(set(text) - _ALLOWED)
    if bad:
        raise ValueError(f"octal code {code!r} contains {bad[0]!r}; the digits of an octal code are 0 to 7")
    if text.count(".") != 1:
        raise ValueError(f"octal code {code!r} must look like '0.77' or '.07': one point, octal digits after it")
    before, after = text.split(".")
    if not after:
        raise ValueError(f"octal code {code!r} needs at least one digit after the point, as in '0.77'")
    if len(before) > 1 or before not in ("", "0", "4"):
        raise ValueError(
            f"octal code {code!r}: the digit before the point may only be 0 or 4 (4 = split a heap in two "
            "without removing tokens); 1 would remove a heap of size 0 and 2 would be a move that changes "
            "nothing, so the game might never end"
        )
    digits = [int(before or "0")] + [int(d) for d in after]
    while len(digits) > 1 and digits[-1] == 0:
        digits.pop()
    if len(digits) - 1 > MAX_OCTAL_DIGITS:
        raise LimitError(f"octal code {code!r} has {len(digits) - 1} digits after the point (up to its last nonzero "
                         f"one); this kit computes codes with at most {MAX_OCTAL_DIGITS}")
    return tuple(digits)


__all__ = ["parse_octal_code"]
