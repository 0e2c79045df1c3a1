"""Green Hackenbush pictures typed as text: "0-1, 1-2" or "(0, 1), (1, 2)" (vertex 0 is the ground), read
within a stated limit, or refused naming the text and saying what an edge is. The game itself is in
:mod:`gamelib.games.hackenbush`.
"""

from __future__ import annotations

import re
from typing import NoReturn

from gamelib.analysis.hackenbush import Edge
from gamelib.arguments import LimitError, show
from gamelib.limits import MAX_PANEL_EDGES, MAX_PANEL_VERTEX, MAX_TEXT_LENGTH
from gamelib.parsing import Limit

#: One edge as typed: "(1, 2)" or "1-2" (a hyphen or an en dash).
_TYPED_EDGE = re.compile(r"\(\s*([0-9]+)\s*,\s*([0-9]+)\s*\)|([0-9]+)\s*[-\u2013]\s*([0-9]+)", re.ASCII)
_SEPARATOR = re.compile(r"[\s,;]*")
#: A path typed as one edge, "0-1-2": three or more vertices joined by dashes.
_TYPED_PATH = re.compile(r"[0-9]+(\s*[-\u2013]\s*[0-9]+){2,}", re.ASCII)
#: The example of a picture, in the form the text boxes take.
TYPED_EXAMPLE = "'0-1, 1-2, 1-3'"


class EdgeLimit(Limit):
    """What a panel accepts when a picture is typed: at most ``most`` edges, each a pair of vertices from
    ``low`` (the ground, 0) to ``high``. :meth:`read_edges` reads the text; a picture is not a number, so
    :meth:`read` refuses.

    >>> PICTURE_LIMIT.text()
    'picture: at most 24 edges, each joining two vertices from 0 (the ground) to 40'
    >>> PICTURE_LIMIT.read_edges("0-1, 1-2 (1, 3)")
    ((0, 1), (1, 2), (1, 3))
    >>> PICTURE_LIMIT.read_edges("0-1, 1.5-2")
    Traceback (most recent call last):
    ...
    ValueError: '0-1, 1.5-2': '1.5-2' is not an edge; write each edge as u-v or (u, v), such as '0-1, 1-2, 1-3'
    """

    def text(self) -> str:
        """The limit in words, in the form every panel uses."""
        return f"{self.name}: at most {self.most} edges, each joining two vertices from {self.low} (the ground) to " \
               f"{self.high}"

    def expected(self) -> str:
        """What is expected, after saying what is wrong."""
        return "write each edge as u-v or (u, v), such as '0-1, 1-2, 1-3'"

    @property
    def item(self) -> str:
        """What one pair is called in messages: an edge (an arc, in a directed graph)."""
        return "edge"

    def read(self, text: object) -> NoReturn:
        """A picture is not a number: see :meth:`read_edges`."""
        raise TypeError(f"{self.name} is a list of edges: read it with read_edges, not read")

    def read_edges(self, text: object) -> tuple[Edge, ...]:
        """The edges typed in ``text``, in order (each as typed, (2, 1) stays (2, 1)); ValueError (or
        LimitError) quoting the text and saying what is wrong otherwise."""
        if not isinstance(text, str):
            raise TypeError(f"the {self.name} must be given as text, got {show(text)} of type {type(text).__name__}")
        if len(text) > MAX_TEXT_LENGTH:
            raise LimitError(f"the text is {len(text):,} characters long; a {self.name} is at most "
                             f"{MAX_TEXT_LENGTH:,} ({self.text()})")
        body = text.strip()
        if body[:1] in "[{" and body[-1:] == {"[": "]", "{": "}"}.get(body[:1]):
            body = body[1:-1]
        edges: list[Edge] = []
        at = _SEPARATOR.match(body).end()  # type: ignore[union-attr]  # matches the empty string at worst
        if body[:at].strip():
            raise ValueError(f"{show(text)} starts with {body[:at].strip()[0]!r} before its first edge; remove it "
                             f"({self.expected()})")
        while at < len(body):
            path = _TYPED_PATH.match(body, at)
            if path is not None:
                vertices = re.split(r"\s*[-\u2013]\s*", path.group())
                joined = ", ".join(f"{a}-{b}" for a, b in zip(vertices, vertices[1:], strict=False))
                raise ValueError(f"{show(text)}: {path.group()!r} is not an {self.item}: an {self.item} joins two "
                                 f"vertices, written u-v (such as 0-1); write the path {path.group()} as '{joined}'")
            found = _TYPED_EDGE.match(body, at)
            if found is None:
                piece = re.split(r"[\s,;]+(?![^(]*\))", body[at:].strip(), maxsplit=1)[0][:20]
                raise ValueError(f"{show(text)}: {piece!r} is not an {self.item}; {self.expected()}")
            u, v = (int(d) for d in (found.group(1, 2) if found.group(1) else found.group(3, 4)))
            for vertex in (u, v):
                if vertex > self.high:
                    raise LimitError(f"{show(text)}: vertex {vertex} is out of range: {self.text()}")
            edges.append((u, v))
            if len(edges) > (self.most or 0):
                raise LimitError(f"{show(text)} has more than {self.most} {self.item}s: {self.text()}")
            at = _SEPARATOR.match(body, found.end()).end()  # type: ignore[union-attr]
            if at == len(body) and body[found.end():].strip():
                raise ValueError(f"{show(text)} ends with {body[found.end():].strip()[-1]!r} after its last edge; "
                                 f"remove it ({self.expected()})")
        if not edges:
            raise ValueError(f"{show(text)} has no {self.item}; {self.expected()}")
        return tuple(edges)


#: What a panel accepts as a typed picture (each vertex's number stays readable in the figure).
PICTURE_LIMIT = EdgeLimit("picture", 0, MAX_PANEL_VERTEX, most=MAX_PANEL_EDGES)


def edges_text(edges: tuple[Edge, ...] | list[Edge]) -> str:
    """Edges as a student types them and reads them: ``'(0, 1), (1, 2)'``.

    >>> edges_text([(0, 1), (1, 1)])
    '(0, 1), (1, 1)'
    """
    return ", ".join(f"({u}, {v})" for u, v in edges)


__all__ = ["PICTURE_LIMIT", "EdgeLimit", "edges_text"]
