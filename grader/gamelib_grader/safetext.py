"""Text from students (file names, typed ids, written answers, error messages) made harmless for each place the
grader writes it: the teacher's terminal, CSV files a spreadsheet opens, Markdown a previewer renders, HTML a
browser shows, and the files a course site hands back to students.

The same dangers reach every one of them: control characters (terminal escape sequences, carriage returns
that hide a line), bidirectional overrides that show a text in another order than it is stored (U+202E),
lone surrogates no file can hold, and, where text is rendered, markup: raw HTML, and Markdown images, which a
previewer fetches from any server (a beacon that tells a student when the teacher opened the file).
"""

from __future__ import annotations

import html
import re
import unicodedata

#: Characters that reorder the text around them, or mark a direction: shown as their code point instead.
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
#: Markdown's marks escaped with a backslash (CommonMark: any ASCII punctuation may be, and then means
#: itself) in names and ids; messages keep their `code` and *emphasis*; a quoted block keeps tables' bars too.
#: Everywhere: brackets (without them there is no link, image or reference), ``<`` (no raw HTML, no autolink)
#: and ``&`` (no character reference). Nothing becomes an HTML entity: the file reads as written.
_NAME_MARKS = re.compile(r"([\\`*\[\]|<&])")
_MESSAGE_MARKS = re.compile(r"([\\\[\]|<&])")
_BLOCK_MARKS = re.compile(r"([\\\[\]<&])")


def _shown(character: str) -> str:
    return f"{{U+{ord(character):04X}}}"


def visible(text: str, *, lines: bool = False) -> str:
    """``text`` with every character that hides, reorders or rewrites what a reader sees written as its code
    point: control characters, bidirectional controls, line and paragraph separators, lone surrogates. With
    ``lines``, line breaks (``\\n``, and ``\\r\\n`` or ``\\r`` made ``\\n``) and tabs are kept.

    >>> visible("hw1\\x1b]0;title\\x07.ipynb")
    'hw1{U+001B}]0;title{U+0007}.ipynb'
    >>> visible("abc\\u202edcba")
    'abc{U+202E}dcba'
    >>> visible("one\\r\\ntwo\\tthree", lines=True)
    'one\\ntwo\\tthree'
    """
    if lines:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    kept = "\n\t" if lines else ""
    out = []
    for character in text:
        category = unicodedata.category(character)
        if character in kept:
            out.append(character)
        elif category in ("Cc", "Cs", "Zl", "Zp") or character in BIDI_CONTROLS:
            out.append(_shown(character))
        else:
            out.append(character)
    return "".join(out)


def terminal(text: str) -> str:
    """One line for the teacher's terminal: anything not printable (controls, bidi marks, lone surrogates,
    line breaks) becomes ``?``.

    >>> terminal("hw1\\x1b]0;title\\x07\\rgraded.ipynb")
    'hw1?]0;title??graded.ipynb'
    """
    return "".join(c if c.isprintable() and not 0xD800 <= ord(c) <= 0xDFFF else "?" for c in text)


def csv_cell(value: object) -> str:
    """Text for a spreadsheet cell: one line (runs of white space become one space), nothing hidden or
    reordered, and never taken for a formula (``=``, ``+``, ``-``, ``@`` at the start get a quote before them).

    >>> csv_cell("=HYPERLINK(\\"http://x\\")")
    '\\'=HYPERLINK("http://x")'
    >>> csv_cell("a\\n\\n b\\u202e")
    'a b{U+202E}'
    """
    text = "" if value is None else str(value)
    text = visible(" ".join(text.split()))
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


def _markdown_escape(text: str, marks: re.Pattern) -> str:
    """``marks`` with a backslash before each (the backslash itself among them, so a student's cannot undo
    the escape): no tag, entity, link or image of the student's survives, and the text stays readable."""
    return marks.sub(r"\\\1", text)


def markdown_inline(text: str) -> str:
    """A name or id for one line of Markdown (a heading, a table cell): no line break (so no block of its
    own), no raw HTML, no Markdown mark, nothing hidden.

    >>> print(markdown_inline("eve\\n## Alice ![x](http://evil.example/b.png) <img src=x> & g(n) > 0"))
    eve ## Alice !\\[x\\](http://evil.example/b.png) \\<img src=x> \\& g(n) > 0
    """
    return _markdown_escape(visible(" ".join(text.split())), _NAME_MARKS)


def markdown_message(text: str) -> str:
    """A message for one line of Markdown (a feedback table's cell) that may quote a student's value: as
    :func:`markdown_inline`, but its `code` and *emphasis* stay.

    >>> print(markdown_message("`q1` is ![b](http://evil.example/b.png) | x"))
    `q1` is !\\[b\\](http://evil.example/b.png) \\| x
    """
    return _markdown_escape(visible(" ".join(text.split())), _MESSAGE_MARKS)


def markdown_block(text: str, empty: str = "(no answer)") -> str:
    """Student text as a Markdown block quote: every line quoted (so a heading of theirs stays inside the
    quote), no raw HTML, no Markdown mark (no image a previewer would fetch), nothing hidden."""
    lines = [_markdown_escape(line, _BLOCK_MARKS) for line in visible(text, lines=True).strip().split("\n")]
    if lines == [""]:
        lines = [empty]
    return "\n".join("> " + line if line else ">" for line in lines)


def html_text(text: str) -> str:
    """Student text for an HTML page: escaped (no tag, attribute or entity of theirs), nothing hidden.

    >>> html_text('<img src="http://evil.example/b.png">\\u202e')
    '&lt;img src=&quot;http://evil.example/b.png&quot;&gt;{U+202E}'
    """
    return html.escape(visible(text, lines=True), quote=True)
