"""Numbers as the course site writes them: what goes back to it, and every line about a grade, in its own format.

A course site writes a grade in its language's format and with a fixed number of decimal places: Moodle's
grading worksheet writes ``10,00`` in German or French and ``10.00`` in English (mod/assign/gradingtable.php,
``format_float`` with the grade item's decimal places; the ``Maximum Grade`` column always with two), and
Canvas's gradebook export writes ``18.50`` or ``18,50`` (lib/gradebook_exporter.rb, ``I18n.n`` with precision
2). Both read that format back. :class:`SiteNumbers` is that format, learnt from the export the teacher gave
(:meth:`SiteNumbers.of`): the import file, the kit's comments, the feedback's grade lines, the run's lines and
the report all write a grade the way the site's own export does, so that the teacher sees one grade written one
way everywhere.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from gamelib_grader.intake.roster import CANVAS, MOODLE_WORKSHEET, Roster

#: A number as the course sites write one: digits, and a decimal point or comma with more digits.
_NUMBER = re.compile(r"\s*\d+(?:(?P<mark>[.,])(?P<places>\d+))?\s*")


@dataclass(frozen=True)
class SiteNumbers:
    """How the course site writes numbers: its decimal mark (a comma or a point) and the decimal places of a
    grade (a grade that needs more places to be exact keeps them: ``8.46`` is never written ``8``).

    >>> moodle_de = SiteNumbers(comma=True, places=2)
    >>> moodle_de.grade(10), moodle_de.grade(0.38), moodle_de.number(5.5), moodle_de.number(11)
    ('10,00', '0,38', '5,5', '11')
    >>> SiteNumbers().grade(8.46), SiteNumbers().grade(20)
    ('8.46', '20')
    """

    comma: bool = False
    places: int = 0

    def grade(self, value: float) -> str:
        """A grade (or the points it is out of) as the site writes it: its decimal places, its decimal mark."""
        needed = next(p for p in (0, 1, 2) if abs(round(value, p) - round(value, 2)) < 1e-9)
        return self.decimal(f"{value:.{max(self.places, needed)}f}")

    def number(self, value: float) -> str:
        """Any other number (an automatic score, a mean): its own digits, with the site's decimal mark."""
        return self.decimal(f"{round(value, 2):g}")

    def decimal(self, text: str) -> str:
        """A number already written with a point (``f"{mean:.1f}"``), with the site's decimal mark instead."""
        return text.replace(".", ",") if self.comma else text

    @classmethod
    def of(cls, roster: Roster | None) -> SiteNumbers:
        """The format of the class list's export: from the grades it shows (Moodle's worksheet: its ``Grade``
        column, else its ``Maximum Grade``; Canvas: the assignment's column and its ``Points Possible``). A
        participants list, or no class list, has no grade to learn from: plain numbers with a point.

        >>> from types import SimpleNamespace as S
        >>> worksheet = S(kind=MOODLE_WORKSHEET, points_text="", students=[
        ...     S(row={"Grade": "", "Maximum Grade": "10,00"}, current_grade=""),
        ...     S(row={"Grade": "7,5", "Maximum Grade": "10,00"}, current_grade="7,5")])
        >>> SiteNumbers.of(worksheet)
        SiteNumbers(comma=True, places=1)
        >>> SiteNumbers.of(S(kind=CANVAS, points_text="20.00", students=[S(row={}, current_grade="EX")]))
        SiteNumbers(comma=False, places=2)
        """
        if roster is None or roster.kind not in (MOODLE_WORKSHEET, CANVAS):
            return cls()
        grades = _numbers(s.current_grade for s in roster.students)
        if roster.kind == MOODLE_WORKSHEET:  # a grade's places are the grade item's; the maximum always has two
            maximum = _numbers(value for s in roster.students for column, value in s.row.items()
                               if column.casefold() == "maximum grade")
            return cls._learnt(grades + maximum, grades or maximum)
        return cls._learnt(grades + _numbers([roster.points_text]), grades + _numbers([roster.points_text]))

    @classmethod
    def _learnt(cls, marks: list[re.Match], places: list[re.Match]) -> SiteNumbers:
        """The format of numbers the export writes: a comma if any of ``marks`` has one, and the decimal places
        most of ``places`` have (a site writes every grade with the same; the larger on a tie)."""
        counts = Counter(len(m["places"] or "") for m in places)
        return cls(comma=any(m["mark"] == "," for m in marks),
                   places=max(counts, key=lambda p: (counts[p], p)) if counts else 0)


def _numbers(cells: Iterable[str | None]) -> list[re.Match]:
    """The cells that are numbers as a course site writes them (a grade, not ``-``, ``EX`` or empty)."""
    return [m for cell in cells if cell and (m := _NUMBER.fullmatch(cell))]
