"""Ids and names compared as the course sites and students write them.

A course site writes a student's name into its download's file names (letters only, accents dropped; Canvas
as "lastfirst"), and a student types an id in the notebook with whatever spacing and case. These functions
say when two such texts name the same student (:func:`normal_name`, :func:`name_keys`, :func:`same_id`), and
when an id only *looks* like another (:func:`skeleton`: letters of other scripts that look Latin, full-width
digits), which the identity flags report (gamelib_grader/integrity/identity_flags.py).
"""

from __future__ import annotations

import unicodedata


def normal_name(name: str) -> str:
    """A name as the course sites' file names carry it: letters and digits only, no accents, lower case; both
    orders of a "Last, First" name are tried by :func:`name_keys`.

    >>> normal_name("Müller-Lüdenscheidt, Jürgen")
    'mullerludenscheidtjurgen'
    """
    decomposed = unicodedata.normalize("NFKD", name)
    return "".join(c for c in decomposed if c.isalnum()).casefold()


def name_keys(name: str) -> set[str]:
    """The normal forms of ``name`` in both orders when it is written "Last, First".

    >>> sorted(name_keys("Smith, Alice"))
    ['alicesmith', 'smithalice']
    """
    keys = {normal_name(name)}
    if "," in name:
        last, first = name.split(",", 1)
        keys.add(normal_name(first + last))
    return keys - {""}


def normal_id(text: str) -> str:
    """An id as it is compared: spaces around and within made single, case folded."""
    return " ".join(str(text).split()).casefold()


def same_id(typed: object, given: str) -> bool:
    """Whether an id typed in a notebook is the class list's id ``given`` (as the numbers read it: spaces
    around and case do not matter; an e-mail address's part before the @ counts too).

    >>> same_id(" S2100001", "s2100001"), same_id("alice", "alice@uni.example"), same_id("s2100002", "s2100001")
    (True, True, False)
    """
    if isinstance(typed, bool) or not isinstance(typed, (str, int)):
        return False
    mine, theirs = normal_id(str(typed)), normal_id(given)
    return bool(mine) and (mine == theirs or ("@" in theirs and mine == theirs.split("@")[0]))


#: Letters of other scripts that look like Latin letters or digits (a few of Unicode's confusables, those an
#: id may be typed with), after NFKC (which already makes full-width and mathematical letters plain).
LOOK_ALIKES = str.maketrans({
    "а": "a", "в": "b", "е": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c", "т": "t", "у": "y",
    "х": "x", "ѕ": "s", "і": "i", "ј": "j", "ԁ": "d", "ԛ": "q", "ԝ": "w", "ӏ": "l", "ɡ": "g", "ɩ": "i",
    "α": "a", "β": "b", "ε": "e", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p", "τ": "t", "υ": "u", "χ": "x",
    "ℓ": "l", "0": "o", "1": "l", "|": "l",
})


def skeleton(text: str) -> str:
    """An id as it looks: NFKC, case folded, look-alike letters and digits made one (:data:`LOOK_ALIKES`),
    spaces dropped. Two ids with the same skeleton are told apart only by characters that look the same.

    >>> skeleton("ѕ2100001") == skeleton("s2100001") != "ѕ2100001".casefold()
    True
    >>> skeleton("ｓ２１００００１") == skeleton("S2100001")
    True
    """
    folded = unicodedata.normalize("NFKC", str(text)).casefold()
    return "".join(folded.translate(LOOK_ALIKES).split())


def unusual_characters(text: str) -> list[str]:
    """The characters of ``text`` that are not plain ASCII, as code points with their names.

    >>> unusual_characters("ѕ21")
    ['U+0455 CYRILLIC SMALL LETTER DZE']
    """
    return [f"U+{ord(c):04X} {unicodedata.name(c, 'unnamed')}" for c in dict.fromkeys(text) if ord(c) > 126][:5]
