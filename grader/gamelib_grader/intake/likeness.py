"""How alike two students' texts are, as the copying pass (gamelib_grader/integrity/copying.py) measures it.

Code is compared by its *shape* (:func:`code_shape`): its tokens, comments and spacing dropped, with the
student's own variable names replaced by their order of first use, so that renaming ``g1`` to ``game``
changes nothing. Written answers are compared by their words (:func:`words`: Markdown, punctuation and case
dropped), as the Jaccard similarity of their sets of three consecutive words (:func:`similarity`). The
thresholds at which a likeness becomes a flag are the copying pass's.
"""

from __future__ import annotations

import builtins
import io
import keyword
import re
import tokenize

import gamelib

#: Tokens that are only layout: comments, line breaks, indentation.
_LAYOUT = frozenset({tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT,
                     tokenize.ENDMARKER})


def normalise_code(text: str) -> str:
    """Python code without comments, line breaks and spacing: its tokens, one space apart (the text with
    runs of spaces made one, when it does not tokenize).

    >>> normalise_code("x=f( 1 ,2)   # mine\\n\\ny = x")
    'x = f ( 1 , 2 ) y = x'
    """
    try:
        tokens = [t.string for t in tokenize.generate_tokens(io.StringIO(text).readline) if t.type not in _LAYOUT]
    except (tokenize.TokenError, IndentationError, SyntaxError, ValueError):
        return " ".join(text.split())
    return " ".join(tokens)


#: Names a code shape keeps (everyone's): the handout's and gamelib's, Python's keywords and builtins.
KEPT_NAMES = frozenset({*keyword.kwlist, *keyword.softkwlist, *dir(builtins), *gamelib.__all__, "mine",
                        "student_id", "course_code", "my_numbers", "gamelib", "np", "numpy"})


_ANSWER_NAME = re.compile(r"^q\d+_\w+$")


def code_shape(text: str, lines: bool = False) -> tuple[str, int]:
    """Python code as its tokens (comments, spacing and line breaks dropped, as :func:`normalise_code`) with
    the student's own names (any name that is not Python's, gamelib's, the handout's or an answer's, and is
    not an attribute or a keyword argument) replaced by their order of first use; and how many tokens it has.
    Renaming a variable does not change a cell's shape. With ``lines``, the logical lines are kept apart by
    ``"\n"`` (not counted as tokens).

    >>> code_shape("g1 = SubtractionGame(mine.q1.S)\\nq1_grundy = list(g1.grundy_values(16))")[0]
    'v0 = SubtractionGame ( mine . q1 . S ) q1_grundy = list ( v0 . grundy_values ( 16 ) )'
    >>> code_shape("game = SubtractionGame(mine.q1.S)\\nq1_grundy = list(game.grundy_values(16))")[1]
    21
    """
    layout = _LAYOUT - {tokenize.NEWLINE} if lines else _LAYOUT
    try:
        tokens = [t for t in tokenize.generate_tokens(io.StringIO(text).readline) if t.type not in layout]
    except (tokenize.TokenError, IndentationError, SyntaxError, ValueError):
        words_ = text.split()
        return " ".join(words_), len(words_)
    renamed: dict[str, str] = {}
    out, depth, count = [], 0, 0
    for index, token in enumerate(tokens):
        if token.type == tokenize.NEWLINE:
            out.append("\n")
            continue
        count += 1
        string = token.string
        if token.type == tokenize.OP:
            depth += string in "([{"
            depth -= string in ")]}"
        elif token.type == tokenize.NAME and string not in KEPT_NAMES and not _ANSWER_NAME.match(string):
            after_dot = index > 0 and tokens[index - 1].string == "."
            keyword_argument = depth > 0 and index + 1 < len(tokens) and tokens[index + 1].string == "="
            if not after_dot and not keyword_argument:
                string = renamed.setdefault(string, f"v{len(renamed)}")
        out.append(string)
    return " ".join(out).replace(" \n ", "\n").strip(), count


def words(text: str) -> list[str]:
    """The words of a written answer: letters and digits, lower case; Markdown and punctuation dropped.

    >>> words("If **g(n) = m > 0**, then m is the *smallest*...")
    ['if', 'g', 'n', 'm', '0', 'then', 'm', 'is', 'the', 'smallest']
    """
    return re.findall(r"[^\W_]+", text.casefold())


def similarity(a: list[str], b: list[str]) -> float:
    """Jaccard similarity of the sets of three consecutive words of ``a`` and ``b``.

    >>> similarity("the cat sat on the mat".split(), "the cat sat on the mat".split())
    1.0
    >>> similarity("the cat sat on the mat".split(), "a dog lay on a rug".split())
    0.0
    """
    triples_a = {tuple(a[i:i + 3]) for i in range(len(a) - 2)}
    triples_b = {tuple(b[i:i + 3]) for i in range(len(b) - 2)}
    if not triples_a or not triples_b:
        return 0.0
    return len(triples_a & triples_b) / len(triples_a | triples_b)
