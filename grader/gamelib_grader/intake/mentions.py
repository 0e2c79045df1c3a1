"""The ids a notebook mentions anywhere but in the line that types its own: in a comment, a string, a call of
``my_numbers``, a Markdown cell or a saved output (read without running anything).

A student who writes a classmate's id into their notebook, in any of these places, is the one the identity
flags name (gamelib_grader/integrity/identity_flags.py, ``classmate-id``): the classmate's own file shows
nothing, and their row stays clean. Reading keeps every *id-like* text once, with the first place it was
found: a text of :data:`MIN_ID_CHARS` to 64 letters, digits and ``._@+-`` that has both letters and digits
(``s2100001``), or that stands alone in quotes, as a whole string of the code or as an argument of
``my_numbers`` / the value of ``student_id`` (``"2100001"``, ``2100001``, ``"jsmith"``). A bare number in a
comment or an output is never one: heaps and Grundy values are numbers too. The copying pass compares these
texts with the class's ids only, so the rest is never read again.
"""

from __future__ import annotations

import io
import re
import tokenize

from gamelib.parsing import python_literal

#: Fewest characters of an id compared (a class list's ids are longer; "P", "N", "q1" are not ids).
MIN_ID_CHARS = 4
#: Most distinct id-like texts kept per notebook, and most characters read for them (code, Markdown and
#: outputs together); past either, the rest is not read, and the notebook says so (``unread``).
MAX_MENTIONS, MAX_MENTION_CHARS = 400, 600_000
_TOKEN = re.compile(r"(?<![\w.@+-])([A-Za-z0-9][\w.@+-]{2,63})(?![\w@+-])")
_QUOTES = {"'": "'", '"': '"', "`": "`", "‘": "’", "“": "”"}
#: Where a text was found, as the flag says it.
COMMENT, STRING, CALL, ASSIGNMENT, MARKDOWN, OUTPUT, CODE = (
    "a comment", "a string", "a call of my_numbers", "an assignment of student_id", "a Markdown cell",
    "a saved output", "code")


def id_like(text: str, quoted: bool = False) -> bool:
    """Whether ``text`` may be an id: letters and digits both, or (``quoted``: alone in quotes, a whole
    string or the argument of ``my_numbers``) any such text of :data:`MIN_ID_CHARS` characters or more.

    >>> id_like("s2100001"), id_like("2100001"), id_like("2100001", quoted=True), id_like("mex"), id_like("q1")
    (True, False, True, False, False)
    """
    text = text.strip("._-+@")
    if len(text) < MIN_ID_CHARS or not _TOKEN.fullmatch(text):
        return False
    return quoted or (any(c.isdigit() for c in text) and any(c.isalpha() for c in text))


def in_text(text: str, quoted_only: bool = False) -> list[str]:
    """The id-like texts of free text (a comment, Markdown, an output): tokens with letters and digits, and any
    token standing alone in quotes; with ``quoted_only``, the quoted ones only.

    >>> in_text("worked with s2100002 and '2100003', heap 2100004")
    ['s2100002', '2100003']
    """
    found = []
    for match in _TOKEN.finditer(text):
        token = match[1].rstrip("._-+@")
        before, after = text[match.start() - 1: match.start()], text[match.start() + len(token): match.start()
                                                                     + len(token) + 1]
        quoted = bool(before) and _QUOTES.get(before) == after
        if (quoted or not quoted_only) and id_like(token, quoted):
            found.append(token)
    return found


def in_code(text: str) -> list[tuple[str, str]]:
    """``(where, text)`` for each id-like text of a code cell: in its comments, its strings, the arguments of
    ``my_numbers`` and the values given to ``student_id`` (numbers there too). Code that does not tokenize is
    read as free text.

    >>> in_code('mine = my_numbers("hw1", "s2100002", course_code)  # not mine: s2100003')
    [('a call of my_numbers', 's2100002'), ('a comment', 's2100003')]
    >>> in_code("student_id = 2100004\\nheap = 2100005")
    [('an assignment of student_id', '2100004')]
    """
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, IndentationError, SyntaxError, ValueError):
        return [(CODE, t) for t in in_text(text)]
    found: list[tuple[str, str]] = []
    depth, call_depth = 0, None
    for index, token in enumerate(tokens):
        if token.type == tokenize.OP and token.string in "([{":
            depth += 1
            if call_depth is None and index and tokens[index - 1].string == "my_numbers" and token.string == "(":
                call_depth = depth
        elif token.type == tokenize.OP and token.string in ")]}":
            if call_depth == depth:
                call_depth = None
            depth -= 1
        where = CALL if call_depth is not None else (
            ASSIGNMENT if index >= 2 and tokens[index - 1].string == "=" and tokens[index - 2].string == "student_id"
            else None)
        if token.type == tokenize.COMMENT:
            found += [(COMMENT, t) for t in in_text(token.string)]
        elif token.type == tokenize.STRING:
            value = _string_value(token.string)
            if value is not None and id_like(value, quoted=True):
                found.append((where or STRING, value.strip()))
            elif value is not None:
                found += [(where or STRING, t) for t in in_text(value)]
        elif token.type == tokenize.NUMBER and where is not None and id_like(token.string, quoted=True):
            found.append((where, token.string))
    return found


def _string_value(literal: str) -> str | None:
    """The text of a string literal (an f-string's text as written), None for bytes."""
    try:
        value = python_literal(literal)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        value = re.sub(r"^[A-Za-z]*(['\"]{1,3})(.*)\1$", r"\2", literal, flags=re.DOTALL)
    return value if isinstance(value, str) else None


def _source(cell: dict) -> str:
    source = cell.get("source", "")
    return source if isinstance(source, str) else "".join(s for s in source if isinstance(s, str))


def _outputs_text(cell: dict) -> str:
    texts = []
    for output in cell.get("outputs", [])[:20] if isinstance(cell.get("outputs"), list) else []:
        if not isinstance(output, dict):
            continue
        text = output.get("text")
        if text is None and isinstance(output.get("data"), dict):
            text = output["data"].get("text/plain")
        if isinstance(text, list):
            text = "".join(t for t in text[:1000] if isinstance(t, str))
        if isinstance(text, str):
            texts.append(text)
    return "\n".join(texts)


def read_mentions(cells: list, public: frozenset[str] = frozenset()) -> dict:
    """The id-like texts of a notebook's raw cells (its JSON, outputs included) that are not in ``public``
    (the handout's own texts): ``{"mentions": [{"cell", "where", "text"}], "unread": None or why}``, each text
    once, where it was first found (cells numbered from 1)."""
    found: dict[str, dict] = {}
    budget, unread = MAX_MENTION_CHARS, None
    for number, cell in enumerate(cells, start=1):
        if not isinstance(cell, dict):
            continue
        source, kind = _source(cell), cell.get("cell_type")
        outputs = _outputs_text(cell) if kind == "code" else ""
        budget -= len(source) + len(outputs)
        if budget < 0:
            unread = (f"the notebook holds more text than is searched for classmates' ids ({MAX_MENTION_CHARS:,} "
                      f"characters): cell {number} and the cells after it were not searched")
            break
        places = in_code(source) if kind == "code" else [(MARKDOWN, t) for t in in_text(source)] if (
            kind in ("markdown", "raw")) else []
        places += [(OUTPUT, t) for t in in_text(outputs)]
        for where, text in places:
            if text.casefold() in public or text.casefold() in found:
                continue
            if len(found) >= MAX_MENTIONS:
                unread = (f"the notebook holds more than {MAX_MENTIONS} id-like texts: from cell {number} on, "
                          "they were not compared with the class's ids")
                break
            found[text.casefold()] = {"cell": number, "where": where, "text": text[:64]}
        if unread:
            break
    return {"mentions": list(found.values()), "unread": unread}


def public_texts(cells: list) -> frozenset[str]:
    """Every id-like text of the handout (its ids and codes are the public example's), case folded."""
    found: set[str] = set()
    for cell in cells:
        source = _source(cell) if isinstance(cell, dict) else ""
        places = in_code(source) if cell.get("cell_type") == "code" else [("", t) for t in in_text(source)]
        found |= {t.casefold() for _, t in places}
    return frozenset(found)
