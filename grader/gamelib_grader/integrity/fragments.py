"""Fragments of code and of prose, as copy detection compares them, and the *base* they are compared against.

A student's code is compared by its fragments, not whole cells (as MOSS and JPlag do): each code cell's
tokens (comments, spacing and line breaks dropped; the student's own names all made one name, ``V``, so that
renaming a variable changes nothing) are cut into every run of :data:`CODE_K` consecutive tokens (a *k-gram*),
each k-gram is hashed, and of every :data:`CODE_WINDOW` consecutive hashes the least is kept (*winnowing*):
two lines that share a run of at least ``CODE_K + CODE_WINDOW - 1`` tokens always share a kept hash. The
k-grams are cut within each logical line (a shorter line is one fragment): a line added to every cell of a
copy (``_ = 0``) adds one fragment and changes none of the others.

Written answers are compared by their runs of :data:`WORD_K` consecutive words (:func:`word_grams`).

The **base** is what every student was given or can read: the homework handouts and their public solutions,
the lessons' code and text, the documentation and its examples, gamelib's own source (its docstrings'
examples included). A fragment found in the base is no evidence of copying (MOSS's ``-b``): two students who
write the lesson's loop the way lesson 2 writes it share only what the lesson holds. :func:`code_base` and
:func:`prose_base` give every k-gram of the base (not only the kept ones), so that a kept hash is in the base
exactly when its run of tokens is.
"""

from __future__ import annotations

import hashlib
import json
import re
from functools import lru_cache
from pathlib import Path

from gamelib_grader.intake.likeness import code_shape, words

# The kit's repository: where this file sits in it (the editable install `make venv` makes), else the current
# folder (an installed grader is run from the repository's root).
_HERE = Path(__file__).resolve().parents[3]
ROOT = _HERE if (_HERE / "grader" / "pyproject.toml").is_file() else Path.cwd()
#: Tokens per code k-gram, and the winnowing window (a shared run of 13 tokens is always seen).
CODE_K, CODE_WINDOW = 8, 3
#: Lines of fewer tokens are no evidence (``_ = 0``, ``break``, ``else :``, an answer's name to display it).
MIN_LINE_TOKENS = 4
#: Words per written-answer fragment.
WORD_K = 3
_OWN_NAME = re.compile(r"^v\d+$")
_QUESTION = re.compile(r"^q\d+$")
_STRING = re.compile(r"^[rRbBuUfF]{0,2}['\"]")
_FENCE = re.compile(r"^```[^\n]*\n(.*?)^```", re.MULTILINE | re.DOTALL)
_PROMPT = re.compile(r"^\s*(?:>>>|\.\.\.) ?(.*)$", re.MULTILINE)


def _hash(text: str) -> int:
    digest = hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1  # fits a JSON number and a signed 64-bit int


def shape_tokens(shape: str) -> list[str]:
    """The tokens of a code shape (:func:`grading.likeness.code_shape`), every name of the student's own as
    ``V``, and each of the student's numbers (``mine.q1.S``) too: the lessons' loops over a set ``S`` are the
    same code as a student's loop over ``mine.q1.S``. Text in quotes is ``STR``: the id typed in a copy is
    not the code.

    >>> shape_tokens("v0 = SubtractionGame ( mine . q1 . S ) v1 = v0 student_id = 's2100001'")
    ['V', '=', 'SubtractionGame', '(', 'V', ')', 'V', '=', 'V', 'student_id', '=', 'STR']
    """
    tokens = shape.split()
    out: list[str] = []
    i = 0
    while i < len(tokens):
        if (tokens[i:i + 2] == ["mine", "."] and len(tokens) > i + 4 and _QUESTION.match(tokens[i + 2])
                and tokens[i + 3] == "."):
            out.append("V")
            i += 5
            continue
        out.append("V" if _OWN_NAME.match(tokens[i]) else "STR" if _STRING.match(tokens[i]) else tokens[i])
        i += 1
    return out


def kgrams(tokens: list[str], k: int | None = None) -> list[int]:
    """The hash of every run of ``k`` (:data:`CODE_K`) consecutive tokens, in order (one hash of them all if
    there are fewer)."""
    k = k or CODE_K
    if not tokens:
        return []
    if len(tokens) < k:
        return [_hash("\x1f".join(tokens))]
    return [_hash("\x1f".join(tokens[i:i + k])) for i in range(len(tokens) - k + 1)]


def winnow(hashes: list[int], window: int | None = None) -> set[int]:
    """The least hash of every ``window`` (:data:`CODE_WINDOW`) consecutive ones (all of them when there are fewer).

    >>> sorted(winnow([5, 3, 9, 4, 8, 1], 3))
    [1, 3, 4]
    """
    window = window or CODE_WINDOW
    if len(hashes) <= window:
        return set(hashes)
    return {min(hashes[i:i + window]) for i in range(len(hashes) - window + 1)}


def cell_fragments(shape: str) -> set[int]:
    """The kept fragments of one code cell, from its shape with its lines kept apart (``code_shape(text,
    lines=True)``): the k-grams of each line, winnowed; a line added between two lines changes none of theirs."""
    found: set[int] = set()
    for line in shape.split("\n"):
        tokens = shape_tokens(line)
        if len(tokens) >= MIN_LINE_TOKENS and not is_data(tokens):
            found |= winnow(kgrams(tokens))
    return found


_DATA = frozenset("[](){},:-.") | {"STR", "True", "False", "None", "="}


def is_data(tokens: list[str]) -> bool:
    """Whether a line only gives a name a value typed as it is (``q1_grundy = [0, 0, 1, 1]``): typed values are
    no code (the answers' own flags compare them with each student's numbers).

    >>> is_data("q1_grundy = [ 0 , 1 , 1 ]".split()), is_data("V = V . grundy ( 16 )".split())
    (True, False)
    """
    return all(t in _DATA or t.replace(".", "", 1).isdigit() for t in tokens[1:])


def word_grams(text_words: list[str], k: int = WORD_K) -> set[int]:
    """The hash of every run of ``k`` consecutive words of a written answer (:func:`grading.likeness.words`)."""
    return {_hash(" ".join(text_words[i:i + k])) for i in range(len(text_words) - k + 1)}


def _all_code_grams(text: str) -> set[int]:
    grams: set[int] = set()
    for line in code_shape(text, lines=True)[0].split("\n"):
        for variant in with_helpers(shape_tokens(line)):
            grams |= set(kgrams(variant))
    return grams


def with_helpers(tokens: list[str]) -> list[list[str]]:
    """A line of code and the lines a student writes from it by giving a call of it a name of their own
    (``q4_leave = SubtractionGame(S).winning_moves(n)[0]`` becomes ``g = SubtractionGame(S)`` and
    ``q4_leave = g.winning_moves(n)[0]``): the most common rewriting of public code is public too.

    >>> [" ".join(t) for t in with_helpers("V = f ( V ) . g ( 1 )".split())][1:]
    ['V = f ( V )', 'V = V . g ( 1 )']
    """
    found = [tokens]
    for start in range(1, len(tokens) - 1):
        if tokens[start + 1] != "(" or not (tokens[start][:1].isalpha() or tokens[start][:1] == "_"):
            continue
        if start > 0 and tokens[start - 1] == ".":
            continue
        depth = 0
        for end in range(start + 1, len(tokens)):
            depth += tokens[end] == "("
            depth -= tokens[end] == ")"
            if depth == 0:
                call = tokens[start:end + 1]
                found += [["V", "=", *call], [*tokens[:start], "V", *tokens[end + 1:]]]
                break
    return found


def _notebook_cells(path: Path) -> list[tuple[str, str]]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    cells = []
    for cell in data.get("cells", []):
        source = cell.get("source", "")
        cells.append((cell.get("cell_type", ""), source if isinstance(source, str) else "".join(source)))
    return cells


def _public_notebooks(sources: bool = True) -> list[Path]:
    """The lessons and handouts, and (``sources``) the handouts' sources with their solutions."""
    return sorted([*ROOT.glob("notebooks/*.ipynb"), *ROOT.glob("notebooks/homework/*.ipynb"),
                   *(ROOT.glob("homework/source/*.ipynb") if sources else [])])


def _public_pages() -> list[Path]:
    return sorted(p for p in ROOT.glob("docs/**/*.md") if "node_modules" not in p.parts and "_build" not in p.parts)


def _examples(text: str) -> list[str]:
    """The code examples of a page or a module: fenced blocks and doctest lines (``>>>`` and ``...``)."""
    found = [block for block in _FENCE.findall(text)]
    prompts = _PROMPT.findall(text)
    if prompts:
        found.append("\n".join(prompts))
    return found


@lru_cache(maxsize=1)
def public_code_base() -> frozenset[int]:
    """Every code k-gram of what is public: lessons, handouts and their sources (solutions included), the
    documentation's examples, gamelib's source and its docstrings' examples."""
    grams: set[int] = set()
    for path in _public_notebooks():
        for kind, source in _notebook_cells(path):
            if kind == "code":
                grams |= _all_code_grams(source)
            elif kind == "markdown":
                for example in _examples(source):
                    grams |= _all_code_grams(example)
    for path in [*_public_pages(), *sorted(ROOT.glob("gamelib/**/*.py"))]:
        text = path.read_text(encoding="utf-8", errors="replace")
        if path.suffix == ".py":
            grams |= _all_code_grams(text)
        for example in _examples(text):
            grams |= _all_code_grams(example)
    return frozenset(grams)


def code_base(texts: tuple[str, ...] = ()) -> frozenset[int]:
    """The public code base, with the code ``texts`` of a set's handout (its solution is in the public base)."""
    grams = set(public_code_base())
    for text in texts:
        grams |= _all_code_grams(text)
    return frozenset(grams)


@lru_cache(maxsize=1)
def public_prose_base() -> frozenset[int]:
    """Every word fragment of the public texts: the lessons', the handouts' and the documentation's. The model
    answers of the sets' sources are left out: an answer close to one is flagged as such (:func:`prose_base`
    adds them when students are compared with each other)."""
    grams: set[int] = set()
    for path in _public_notebooks(sources=False):
        for kind, source in _notebook_cells(path):
            if kind in ("markdown", "raw"):
                grams |= word_grams(words(source))
    for path in _public_pages():
        grams |= word_grams(words(path.read_text(encoding="utf-8", errors="replace")))
    return frozenset(grams)


def prose_base(texts: tuple[str, ...] = ()) -> frozenset[int]:
    """The public prose base, with a set's own model answers and prompts ``texts``."""
    grams = set(public_prose_base())
    for text in texts:
        grams |= word_grams(words(text))
    return frozenset(grams)
