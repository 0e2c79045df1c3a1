"""The rare-value method's plain data: a game's rules for one heap, masks as the tables write them, and the
split of a stretch of heaps into rare and common (:class:`RareSplit`).

:mod:`gamelib.analysis.rare_values` explains the method and computes the split with numpy; this module needs
no numpy, so that a script computing values with the compiled loop (:mod:`gamelib.analysis.kernel_loop`)
never imports it.
"""

from __future__ import annotations

from dataclasses import dataclass

from gamelib.arguments import check_bool, check_int, show
from gamelib.limits import MAX_COMPUTED_HEAPS

#: The split is used while at most 1 heap in this many is rare; beyond that, every heap is fully scanned.
SPARSE_SHARE = 8
#: Values are counted and classed this many at a time: numpy turns 16-bit values into 64-bit indices, so a
#: whole table of 2**22 heaps at once would need 32 MB besides its own 8 MB.
CHUNK = 2**16


@dataclass(frozen=True)
class HeapRules:
    """What one heap may become, as the value computation needs it.

    Attributes
    ----------
    whole : the k for which a heap of exactly k tokens may be removed entirely (octal digit bit 1).
    take : the k >= 1 for which k tokens may be taken leaving one non-empty heap (bit 2).
    split : the k >= 0 for which k tokens may be taken leaving two non-empty heaps (bit 4).
    unequal : the two heaps a split leaves must differ in size (Grundy's game).

    >>> HeapRules(whole=(1,), take=(2,), split=(2,)).largest_removal  # octal 0.16
    2
    """

    whole: tuple[int, ...] = ()
    take: tuple[int, ...] = ()
    split: tuple[int, ...] = ()
    unequal: bool = False

    def __post_init__(self) -> None:
        # The compiled loop reads g(n - k) for these k without checking them: a k below its least (a take of
        # 0 or -1, a split of -3) would read the heap being computed or heaps past the table's end.
        for name, least in (("whole", 1), ("take", 1), ("split", 0)):
            moves = getattr(self, name)
            if type(moves) is not tuple:
                raise TypeError(f"HeapRules.{name} must be a tuple of whole numbers, got {show(moves)}")
            for k in moves:
                k = check_int(k, f"each number of tokens in HeapRules.{name}", minimum=least)
                if k > MAX_COMPUTED_HEAPS:
                    raise ValueError(f"each number of tokens in HeapRules.{name} must be at most "
                                     f"{MAX_COMPUTED_HEAPS} (the most heaps a table keeps), got {k}")
        check_bool(self.unequal, "unequal")

    @property
    def largest_removal(self) -> int:
        """The most tokens one move removes (t in the Guy--Smith theorem)."""
        return max((*self.whole, *self.take, *self.split), default=0)

    @property
    def split_parity(self) -> int | None:
        """0 or 1 when every splitting move removes an even / an odd number of tokens, else None.

        >>> HeapRules(split=(1, 3)).split_parity, HeapRules(split=(2, 3)).split_parity
        (1, None)
        """
        parities = {k % 2 for k in self.split}
        return parities.pop() if len(parities) == 1 else None


# ------------------------------------------------------------------------------------------------- masks
_MASK_TEXT = r"(?:0x)?([0-9a-f]+)(\+pos)?"  # read by re when first used (a game given a mask as text)


def parse_rare_mask(mask: object) -> tuple[int, bool]:
    """A mask as the published tables write it (``'1e'``, ``'1+pos'``) or as a whole number: (mask, position).

    >>> parse_rare_mask("1e"), parse_rare_mask("1+pos"), parse_rare_mask(0x5b)
    ((30, False), (1, True), (91, False))
    >>> parse_rare_mask("1g")
    Traceback (most recent call last):
    ...
    ValueError: rare_mask must be hexadecimal text such as '1e' or '1+pos', or a whole number, got '1g'
    """
    import re  # here: a game given no mask as text (the usual case) does not load it

    expected = f"rare_mask must be hexadecimal text such as '1e' or '1+pos', or a whole number, got {show(mask)}"
    if isinstance(mask, str):
        found = re.fullmatch(_MASK_TEXT, mask.strip().lower()) if len(mask) <= 16 else None
        if found is None:
            raise ValueError(expected)
        value, position = int(found.group(1), 16), found.group(2) is not None
    elif isinstance(mask, int) and not isinstance(mask, bool):
        value, position = mask, False
    else:
        raise TypeError(expected)
    if not 0 <= value <= 0xFFFF:
        raise ValueError(f"rare_mask must be from 0 to 0xffff (values are 16-bit numbers), got {show(mask)}")
    return value, position


def mask_text(mask: int, position: bool) -> str:
    """The mask as the published tables write it.

    >>> mask_text(0x1e, False), mask_text(1, True)
    ('1e', '1+pos')
    """
    return f"{mask:x}" + ("+pos" if position else "")


@dataclass(frozen=True)
class RareSplit:
    """How the values of heaps 0 .. heaps - 1 split into rare and common under one mask.

    Attributes
    ----------
    title : the game, as its plots and messages name it.
    mask, position : the mask, and whether the heap's parity joins in (see the module notes).
    given : True when the mask was given, False when it was found (the fewest rare heaps).
    heaps : how many heaps this describes (0 .. heaps - 1).
    rare_heaps, rare_values : the rare heaps (heap 0 too, when its value 0 is of the rare class) and their
        values, in increasing order of heap.
    value_counts : how many heaps of 0 .. heaps - 1 have the value 0, 1, 2, ... (up to the largest).

    >>> from gamelib import OctalGame
    >>> split = OctalGame("0.16").rare_split(2000)
    >>> split.mask_text, split.rare_heaps[:6], split.last_rare
    ('1e', (0, 1, 2, 3, 4, 7), 1244)
    """

    title: str
    mask: int
    position: bool
    given: bool
    heaps: int
    rare_heaps: tuple[int, ...]
    rare_values: tuple[int, ...]
    value_counts: tuple[int, ...]

    @property
    def mask_text(self) -> str:
        """The mask as the published tables write it, e.g. ``'1e'`` or ``'1+pos'``."""
        return mask_text(self.mask, self.position)

    @property
    def last_rare(self) -> int | None:
        """The largest rare heap, or None if no heap is rare."""
        return self.rare_heaps[-1] if self.rare_heaps else None

    @property
    def rare_count(self) -> int:
        """How many heaps are rare."""
        return len(self.rare_heaps)

    @property
    def rare_words(self) -> str:
        """How many heaps are rare, in words.

        >>> from gamelib import OctalGame
        >>> OctalGame("0.51").rare_split(100).rare_words, OctalGame("0.16").rare_split(2000).rare_words
        ('1 rare heap', '50 rare heaps')
        """
        return f"{self.rare_count:,} rare heap{'' if self.rare_count == 1 else 's'}"

    @property
    def sparse(self) -> bool:
        """True when at most one heap in :data:`SPARSE_SHARE` is rare: the method's speed applies."""
        return self.mask != 0 and SPARSE_SHARE * len(self.rare_heaps) <= self.heaps

    def __str__(self) -> str:
        how = "given" if self.given else "found"
        if self.mask == 0:
            return (f"{self.title}: no split into rare and common heaps (mask 0 {how}); every heap among "
                    f"0 .. {self.heaps - 1:,} is examined in full")
        if not self.sparse:
            return (f"{self.title}: no sparse split among heaps 0 .. {self.heaps - 1:,} (the best mask, "
                    f"{self.mask_text}, leaves {self.rare_count:,} heaps rare); every heap was fully scanned")
        last = f", the last at heap {self.last_rare:,}" if self.rare_heaps else ""
        return (f"{self.title}: {self.rare_words} among heaps 0 .. {self.heaps - 1:,} under mask "
                f"{self.mask_text} ({how}){last}")


__all__ = ["CHUNK", "SPARSE_SHARE", "HeapRules", "RareSplit", "mask_text", "parse_rare_mask"]
