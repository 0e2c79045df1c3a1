"""A CSV file as a teacher's spreadsheet saves it: the one reader of the class list and of the hand marks.

A spreadsheet saves "CSV" in the ways of its country and program: commas, or semicolons where the decimal
point is a comma (most of Europe), or tabs ("Unicode text"); UTF-8 with or without a byte-order mark, UTF-16
with one, or the Windows code page cp1252 (Excel's "CSV" on Windows), Latin-1 for the rest. :func:`read_rows`
reads all of these; a file that is none of them (an Excel workbook saved under a ``.csv`` name, a picture)
stops with one line that names the file and says what to do, never a traceback.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "marks.csv"
>>> _ = path.write_bytes("key;q6\\r\\nk-1;1,5\\r\\nZoë;2\\r\\n".encode("cp1252"))
>>> read_rows(path)
[['key', 'q6'], ['k-1', '1,5'], ['Zoë', '2']]
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

#: Tried in this order after a byte-order mark: cp1252 before Latin-1, since the quotes and dashes Word and
#: Excel type are cp1252's (Latin-1 would read them as control characters).
ENCODINGS = ("utf-8", "cp1252", "latin-1")
DELIMITERS = (",", ";", "\t")
#: What no saved text holds: a NUL (a workbook, a picture). Other control characters can be a student's name
#: as the course site exported it, and are read (every output makes them visible, gamelib_grader/safetext.py).
_NOT_TEXT = re.compile(r"\x00")
#: How Excel's workbooks begin (xlsx is a zip; xls an OLE2 file): not CSV, whatever their name.
WORKBOOKS = (b"PK\x03\x04", b"\xd0\xcf\x11\xe0")


class NotACsv(ValueError):
    """The file cannot be read as a CSV table; the message names it and says what to do."""


def decode(raw: bytes, path: Path | str, what: str) -> str:
    """The text of a CSV file's bytes (see the module docstring); :class:`NotACsv` for bytes that are not
    text in any of those encodings."""
    workbook = raw.startswith(WORKBOOKS)
    if workbook:
        candidates = []
    elif raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        candidates = [("utf-16", raw)]
    elif raw.startswith(b"\xef\xbb\xbf"):
        candidates = [("utf-8", raw[3:])]
    else:
        candidates = [(encoding, raw) for encoding in ENCODINGS]
    for encoding, data in candidates:
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError:
            continue
        if not _NOT_TEXT.search(text):
            return text
        break
    raise NotACsv(f"{path} is {'an Excel workbook, not' if workbook else 'not'} a CSV text file: open {what} in "
                  "your spreadsheet and save it as CSV (UTF-8 if it offers it), then run again")


def delimiter_of(header: str) -> str:
    """The separator of a CSV file, told from its header line: the most frequent of comma, semicolon and tab.

    >>> [delimiter_of(line) for line in ("key,file,q6", "key;file;q6 (by hand, 2)", "key\\tfile\\tq6")]
    [',', ';', '\\t']
    """
    return max(DELIMITERS, key=lambda d: (header.count(d), -DELIMITERS.index(d)))


def read_rows(path: Path, what: str = "the file", keep_blank: bool = False) -> list[list[str]]:
    """The rows of the CSV file ``path`` (see the module docstring), blank rows left out unless ``keep_blank``
    (then row i is line i + 1 of a file without line breaks inside cells). ``what`` names the file in the
    message of :class:`NotACsv` ("the class list")."""
    try:
        raw = Path(path).read_bytes()
    except OSError as error:
        raise NotACsv(f"{path} cannot be read: {error.strerror or error}") from None
    text = decode(raw, path, what)
    first = text.lstrip("\ufeff").split("\n", 1)[0]
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff"), newline=""), delimiter=delimiter_of(first)))
    return rows if keep_blank else [row for row in rows if any(c.strip() for c in row)]
