"""The report's HTML pieces that every section of it uses: text made safe for a page, and a captioned table."""

from __future__ import annotations

from collections.abc import Sequence

from gamelib_grader import safetext


def escaped(text: object) -> str:
    """``text`` (None as nothing) as HTML text: markup in a student's file never becomes markup in the report.

    >>> escaped("<b>Bo</b>")
    '&lt;b&gt;Bo&lt;/b&gt;'
    """
    return safetext.html_text("" if text is None else str(text))


def table(caption: str, header: list[str], rows: Sequence[Sequence[object]], empty: str) -> str:
    """A table with a caption and column headers (for screen readers), or the sentence ``empty`` if no rows.

    >>> table("Marks", ["who", "mark"], [], "No marks yet.")
    '<p>No marks yet.</p>'
    """
    if not rows:
        return f"<p>{escaped(empty)}</p>"
    head = "".join(f'<th scope="col">{escaped(h)}</th>' for h in header)
    body = "".join("<tr>" + "".join(f"<td>{escaped(c)}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><caption>{escaped(caption)}</caption><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
