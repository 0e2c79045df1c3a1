"""Late work: a deadline, extensions for some students, and a penalty rule, applied to when a submission was
handed in as far as the course site says.

Where the time comes from, best first:

1. Moodle's grading worksheet: "Last modified (submission)" for each student (and "Extension granted until"
   in its Status column, which counts as an extension);
2. the file's time in the download, with ``--file-times`` (Moodle's zip keeps each file's upload time; a
   folder keeps whatever unpacking gave it, so this is the teacher's call);
3. Canvas's ``LATE`` in the file name: Canvas judged it late against its own due date (and any extension set
   there), without saying by how much: it counts as one started day late.

The rule (:class:`Penalty`): a percentage of the grade for each started day past the student's deadline
(after a grace period), up to a most. The default takes nothing: late work is reported, not penalised.
"""

from __future__ import annotations

import csv
import math
import re
from dataclasses import dataclass
from datetime import datetime, timedelta, tzinfo
from pathlib import Path

#: How Moodle writes a date in English (its default ``strftimedatetime``), with and without leading zeros.
MOODLE_DATE_FORMATS = ("%A, %d %B %Y, %I:%M %p", "%A, %d %B %Y, %H:%M", "%d %B %Y, %I:%M %p", "%d %B %Y, %H:%M")
ISO_LIKE_FORMATS = ("%Y-%m-%d %H:%M", "%Y-%m-%d %H:%M:%S", "%Y-%m-%d")
MOODLE_EXTENSION = re.compile(r"Extension granted until:\s*(?P<when>.+?)\s*(?:-|$)")


class LateRuleError(ValueError):
    """A date or rule that cannot be read (the message names it and says what is expected)."""


def local_zone() -> tzinfo:
    """This machine's time zone (``astimezone()`` always gives an aware time, so it has one)."""
    zone = datetime.now().astimezone().tzinfo
    if zone is None:
        raise LateRuleError("this machine has no time zone: give the deadline with an offset such as +01:00")
    return zone


def parse_when(text: str, zone: tzinfo | None = None) -> datetime:
    """A date and time as a teacher types it (``2026-03-01 23:59``, ISO 8601 with or without an offset, a date
    alone meaning its end) or as Moodle writes it in English; without an offset it is in ``zone`` (this
    machine's by default).

    >>> parse_when("2026-03-01 23:59+01:00").isoformat()
    '2026-03-01T23:59:00+01:00'
    >>> from datetime import timezone
    >>> parse_when("Friday, 6 March 2026, 5:00 PM", timezone.utc).isoformat()
    '2026-03-06T17:00:00+00:00'
    >>> parse_when("2026-03-01", timezone.utc).isoformat()
    '2026-03-01T23:59:59+00:00'
    """
    text = " ".join(str(text).split())
    zone = zone or local_zone()
    try:
        when = datetime.fromisoformat(text)
        if len(text) == 10:  # a date alone: the whole day counts
            when = when.replace(hour=23, minute=59, second=59)
    except ValueError:
        when = None
        for form in MOODLE_DATE_FORMATS + ISO_LIKE_FORMATS:
            try:
                when = datetime.strptime(text, form)
                break
            except ValueError:
                continue
    if when is None:
        raise LateRuleError(f"{text!r} is not a date and time: write it as 2026-03-01 23:59 (optionally with an "
                            "offset such as +01:00), or as Moodle writes it (Friday, 6 March 2026, 5:00 PM)")
    return when if when.tzinfo else when.replace(tzinfo=zone)


def moodle_extension(status: str | None, zone: tzinfo | None = None) -> datetime | None:
    """The extension in a Moodle worksheet's Status cell, if it grants one.

    >>> from datetime import timezone
    >>> moodle_extension("Submitted for grading - Extension granted until: Friday, 6 March 2026, 5:00 PM",
    ...                  timezone.utc).isoformat()
    '2026-03-06T17:00:00+00:00'
    """
    match = MOODLE_EXTENSION.search(status or "")
    if not match:
        return None
    try:
        return parse_when(match["when"], zone)
    except LateRuleError:
        return None


@dataclass(frozen=True)
class Penalty:
    """``per_day`` percent of the grade for each started day late, at most ``most`` percent; lateness up to
    ``grace_minutes`` does not count."""

    per_day: float = 0.0
    most: float = 100.0
    grace_minutes: float = 0.0

    def __post_init__(self):
        for name in ("per_day", "most"):
            value = getattr(self, name)
            if not 0 <= value <= 100:
                raise LateRuleError(f"the late penalty's {name.replace('_', ' ')} is {value:g}: it must be a "
                                    "percentage from 0 to 100")
        if self.grace_minutes < 0:
            raise LateRuleError(f"the grace period is {self.grace_minutes:g} minutes: it cannot be negative")

    def describe(self) -> str:
        """The rule in words.

        >>> Penalty(10, 50, 15).describe()
        '10 % of the grade per started day late, at most 50 %, after 15 minutes of grace'
        >>> Penalty().describe()
        'late work is reported, not penalised'
        """
        if self.per_day == 0:
            return "late work is reported, not penalised"
        words = f"{self.per_day:g} % of the grade per started day late"
        if self.most < 100:
            words += f", at most {self.most:g} %"
        if self.grace_minutes:
            words += f", after {self.grace_minutes:g} minutes of grace"
        return words

    def percent(self, days: int) -> float:
        return float(min(self.most, self.per_day * days))


@dataclass(frozen=True)
class Lateness:
    """How late one submission was, and what it costs."""

    late: bool
    #: Started days late (one for Canvas's marker); 0 when on time or not known.
    days: int = 0
    percent: float = 0.0
    why: str = ""


ON_TIME = Lateness(False)


def judge(penalty: Penalty, due: datetime | None, submitted: datetime | None, source: str,
          site_says_late: bool = False, extended: bool = False) -> Lateness:
    """How late a submission handed in at ``submitted`` (a time from ``source``) is against ``due`` (the
    student's own deadline, ``extended`` when an extension set it); ``site_says_late`` is Canvas's marker.

    >>> from datetime import timezone
    >>> due = datetime(2026, 3, 1, 23, 59, tzinfo=timezone.utc)
    >>> judge(Penalty(10), due, due + timedelta(hours=25), "the worksheet")
    Lateness(late=True, days=2, percent=20.0, why='handed in 1 day 1 hour late (the worksheet); 20 % off')
    >>> judge(Penalty(10), None, None, "", site_says_late=True).why
    'Canvas marked it late (it does not say by how much: counted as one day); 10 % off'
    """
    if submitted is not None and due is not None:
        over = submitted - due
        if over <= timedelta(minutes=penalty.grace_minutes):
            return ON_TIME
        days = math.ceil(over / timedelta(days=1))
        percent = penalty.percent(days)
        deadline = "the extended deadline" if extended else "the deadline"
        why = f"handed in {_span(over)} late ({source})" + (f", after {deadline}" if extended else "")
        return Lateness(True, days, percent, why + (f"; {percent:g} % off" if percent else ""))
    if site_says_late:
        if extended:
            return Lateness(True, 0, 0.0, "Canvas marked it late, but the student has an extension this grader cannot "
                                          "check without a time: not penalised; check it")
        percent = penalty.percent(1)
        return Lateness(True, 1, percent, "Canvas marked it late (it does not say by how much: counted as one day)"
                        + (f"; {percent:g} % off" if percent else ""))
    return ON_TIME


def _span(over: timedelta) -> str:
    """A length of time in words, to the minute.

    >>> _span(timedelta(days=2, minutes=5))
    '2 days 5 minutes'
    """
    minutes = int(over.total_seconds() // 60)
    days, minutes = divmod(minutes, 24 * 60)
    hours, minutes = divmod(minutes, 60)
    parts = [f"{n} {unit}{'s' if n != 1 else ''}" for n, unit in ((days, "day"), (hours, "hour"), (minutes, "minute"))
             if n]
    return " ".join(parts) or "less than a minute"


def read_extensions(path: Path, zone: tzinfo | None = None) -> list[tuple[str, datetime]]:
    """Extensions from a CSV with columns ``student`` (a name, e-mail, login, SIS id or the course site's
    number) and ``deadline`` (the student's own deadline)."""
    with open(path, newline="", encoding="utf-8-sig") as f:
        rows = list(csv.DictReader(f))
    if not rows or not {"student", "deadline"} <= set(rows[0]):
        raise SystemExit(f"{path}: expected a CSV with the columns student and deadline (one row per extension)")
    found = []
    for number, row in enumerate(rows, start=2):
        try:
            found.append(((row["student"] or "").strip(), parse_when(row["deadline"] or "", zone)))
        except LateRuleError as error:
            raise SystemExit(f"{path}, line {number}: {error}") from None
    return found
