"""The class report: one HTML page a teacher reads at a glance (no server, nothing fetched: its pictures are
inside it), and the same in a few lines for the terminal (``--summary``).

It shows how the class did (a histogram of the automatic scores), each question's success rate, what the class
got wrong by kind of mistake (gamelib_grader/reporting/report_marking.py), every flag (identity, copying, late,
resubmissions), who is still to be marked, who handed nothing in and who is not on the class list, the grades
the upload would change on the course site, and, after a run that changed anything (a regrade, new hand marks,
another late rule), what changed for whom (gamelib_grader/reporting/changes.py keeps it between runs). Every
picture has a text alternative that says what it shows; every text from a student is escaped
(gamelib_grader/safetext.py).

Above it all, under the title, comes what to upload to the course site and in which order
(gamelib_grader/reporting/upload.py); every grade is written as the site writes it
(gamelib_grader/reporting/sitenumbers.py), and a grade the site keeps is shown beside the kit's.
"""

from __future__ import annotations

import base64
import io
import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from gamelib_grader import safetext
from gamelib_grader.intake.homework_set import HomeworkSet
from gamelib_grader.intake.layout import Skipped
from gamelib_grader.integrity.flags import FlagEntry
from gamelib_grader.marking.grader import NOT_GRADED, Outcome
from gamelib_grader.reporting import report_flags, report_marking, upload
from gamelib_grader.reporting.changes import LatestChanges
from gamelib_grader.reporting.classgrades import (
    GRADED_STATE,
    NO_SUBMISSION,
    NOT_GRADED_STATE,
    NOT_YET_MARKED,
    ClassGrades,
    Entry,
    waiting,
)
from gamelib_grader.reporting.markup import escaped as _h
from gamelib_grader.reporting.markup import table as _table
from gamelib_grader.reporting.report_flags import ClassFlags, class_flags
from gamelib_grader.reporting.report_flags import section as flags_section

#: Colour-blind-safe (Okabe–Ito) blue and orange.
BLUE, ORANGE = "#0072B2", "#E69F00"
@dataclass
class QuestionStats:
    name: str
    points: float
    answered: int = 0
    right: int = 0
    mean: float = 0.0

    @property
    def rate(self) -> float | None:
        return self.right / self.answered if self.answered else None


def _counted(grades: ClassGrades) -> list[Outcome]:
    return [e.outcome for e in grades.entries + grades.not_on_roster
            if e.outcome is not None and e.outcome.status != NOT_GRADED]


def question_stats(homework: HomeworkSet, outcomes: list[Outcome]) -> list[QuestionStats]:
    """Per autograded question: how many answered it, how many got full marks, the mean score (what they got
    wrong, by kind, is gamelib_grader/reporting/report_marking.py's)."""
    stats = []
    for q in homework.autograded:
        s = QuestionStats(q.name, q.points)
        scores = []
        for o in outcomes:
            result = o.questions.get(q.name)
            if result is None:
                continue
            s.answered += 1
            scores.append(result["score"])
            right = result.get("right", result["score"] >= q.points)
            if right:
                s.right += 1
        s.mean = statistics.fmean(scores) if scores else 0.0
        stats.append(s)
    return stats


# --- pictures -------------------------------------------------------------------------------------------

def _png(figure) -> str:
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    FigureCanvasAgg(figure)
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=100, bbox_inches="tight")
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


def histogram(scores: list[float], possible: float, title: str) -> tuple[str, str]:
    """A histogram of ``scores`` (one bar per whole point) as a data URI, and its text alternative."""
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator

    top = int(possible) + 1
    counts = Counter(min(int(s), top - 1) for s in scores)
    figure = Figure(figsize=(6.4, 3.2))
    axes = figure.add_subplot()
    axes.bar(range(top), [counts.get(b, 0) for b in range(top)], width=0.85, color=BLUE, align="edge")
    axes.set_xlabel(f"automatic score (of {possible:g}; a bar holds scores from its left edge up)")
    axes.set_ylabel("submissions")
    axes.set_title(title)
    axes.set_xlim(0, top)
    locator = axes.yaxis.get_major_locator()
    if isinstance(locator, MaxNLocator):  # matplotlib's default (AutoLocator) is one: whole counts only
        locator.set_params(integer=True)
    alt = (f"Histogram of the automatic scores of {len(scores)} submissions (of {possible:g} points): "
           + ", ".join(f"{b} to under {b + 1}: {counts[b]}" for b in range(top) if counts.get(b))
           + (f"; mean {statistics.fmean(scores):.1f}, median {statistics.median(scores):g}." if scores else "."))
    return _png(figure), alt


def success_chart(stats: list[QuestionStats]) -> tuple[str, str]:
    """Each question's share of full marks as horizontal bars (a data URI), and its text alternative."""
    from matplotlib.figure import Figure

    figure = Figure(figsize=(6.4, 0.5 + 0.45 * max(1, len(stats))))
    axes = figure.add_subplot()
    names = [s.name for s in stats][::-1]
    rates = [100 * (s.rate or 0) for s in stats][::-1]
    axes.barh(names, rates, color=[ORANGE if r < 50 else BLUE for r in rates])
    axes.set_xlim(0, 100)
    axes.set_xlabel("students with full marks on the question (%)")
    axes.set_title("Success rate per question (orange: under half the class)")
    alt = "Success rate per question: " + "; ".join(
        f"{s.name} {100 * s.rate:.0f} % ({s.right} of {s.answered})" if s.rate is not None else f"{s.name}: none"
        for s in stats) + "."
    return _png(figure), alt


# --- the page -------------------------------------------------------------------------------------------

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; color: #1a1a1a; line-height: 1.4 }
table { border-collapse: collapse; margin: 0.5rem 0 1.5rem; width: 100% }
caption { text-align: left; font-weight: 600; padding: 0.25rem 0 }
th, td { border: 1px solid #999; padding: 0.25rem 0.5rem; text-align: left; vertical-align: top }
th { background: #eee }
.numbers { display: flex; flex-wrap: wrap; gap: 1rem; padding: 0; list-style: none }
.numbers li { border: 1px solid #999; padding: 0.5rem 1rem }
img { max-width: 100%; height: auto }
"""


def _who_lists(entries: list[Entry], state: str) -> list[str]:
    return [e.label for e in entries if e.state == state]


def _names(names: list[str], limit: int = 8) -> str:
    """Names for one line, set apart by semicolons (a class list's "Smith, Alice" has a comma of its own),
    saying how many more there are past ``limit``."""
    return "; ".join(names[:limit]) + (f"; and {len(names) - limit} more" if len(names) > limit else "")


def counts(grades: ClassGrades, flags: ClassFlags, skipped: Sequence[Skipped] = ()) -> list[tuple[str, int]]:
    """The report's figures at a glance, the same in the page and the terminal summary."""
    everyone = grades.entries + grades.not_on_roster
    found = [("students on the class list" if grades.roster else "students", len(grades.entries)
              if grades.roster else len(everyone))]
    if grades.roster is not None:
        found.append(("not on the class list", len(grades.not_on_roster)))
    found += [("graded", sum(e.state == GRADED_STATE for e in everyone)),
              ("to mark by hand", sum(e.state == NOT_YET_MARKED for e in everyone)),
              ("whose file could not be graded", sum(e.state == NOT_GRADED_STATE for e in everyone)),
              ("no submission", sum(e.state == NO_SUBMISSION for e in everyone)),
              ("files not graded (not notebooks, ...)", len(skipped)),
              ("late", sum(e.lateness.late for e in everyone)), *report_flags.figures(flags)]
    return found


def render(homework: HomeworkSet, grades: ClassGrades, identity: dict[str, list[FlagEntry]], latest: LatestChanges,
           generated: str, skipped: Sequence[Skipped] = (), upload_block: str = "") -> str:
    """The report as one HTML page; ``upload_block`` (gamelib_grader/reporting/upload.py: what to upload, in
    which order) comes first, under the title."""
    counted = _counted(grades)
    stats = question_stats(homework, counted)
    flags = class_flags(grades, identity)
    scores = [o.score for o in counted if o.score is not None]
    possible = sum(q.points for q in homework.autograded)
    parts = [f"<h1>{_h(homework.name)}: class report</h1>",
             f"<p>Made {_h(generated)}. Grades out of {grades.numbers.grade(grades.points)} points; "
             "several submissions: "
             f"{_h(grades.rule)}; late work: {_h(grades.penalty.describe())}"
             + (f"; deadline {_h(grades.deadline.isoformat(sep=' ', timespec='minutes'))}" if grades.deadline else "")
             + ".</p>", upload_block]
    parts.append('<ul class="numbers">' + "".join(f"<li><strong>{n}</strong> {_h(label)}</li>"
                                                   for label, n in counts(grades, flags, skipped)) + "</ul>")
    kept = waiting(grades) if grades.roster is not None else []
    if kept:
        parts.append(f"<p>The import file keeps the grade the course site has now for {len(kept)} student(s) not "
                     f"graded to the end: {_h(_names([f'{e.label} ({e.state})' for e in kept], 50))}.</p>")
    parts.append(report_marking.writeback_html(grades))
    parts.append("<h2>Scores</h2>")
    if scores:
        uri, alt = histogram(scores, possible, f"{homework.name}: automatic scores")
        parts.append(f'<figure><img src="{uri}" alt="{_h(alt)}"><figcaption>{_h(alt)}</figcaption></figure>')
    else:
        parts.append("<p>No graded submission yet.</p>")
    parts.append("<h2>Questions</h2>")
    if stats and counted:
        uri, alt = success_chart(stats)
        parts.append(f'<figure><img src="{uri}" alt="{_h(alt)}"></figure>')
    parts.append(_table("Each question: success rate", ["question", "points", "full marks", "mean score"],
                        [[s.name, f"{s.points:g}", f"{s.right} of {s.answered}" + (
                            f" ({100 * s.rate:.0f} %)" if s.rate is not None else ""), f"{s.mean:.2f}"]
                         for s in stats], "No autograded question."))
    parts.append(report_marking.mistakes_html(homework, counted, identity))
    parts.append(flags_section(flags, grades))
    parts.append("<h2>What changed</h2>")
    if latest.get("changes"):
        parts.append(_table(f"Changes on the run of {latest['at']}", ["student", "what changed"],
                            [[c["student"], c["what"]] for c in latest["changes"]], ""))
    else:
        parts.append("<p>Nothing has changed since the first run.</p>")
    parts.append("<h2>Students</h2>")
    rows = [[e.label, e.state, e.outcome.file if e.outcome else "", "" if e.total is None else f"{e.total:g}",
             upload.grade_cell(e, grades), e.lateness.why, " / ".join(e.notes)] for e in grades.entries]
    title = "Every student of the class list" if grades.roster is not None else "Every student"
    parts.append(_table(f"{title} ({len(grades.entries)})", ["student", "state", "file counted", "total",
                                                             f"grade (of {grades.points:g})", "late", "notes"],
                        rows, ""))
    if grades.not_on_roster:
        parts.append(_table(f"Submissions from no one on the class list ({len(grades.not_on_roster)})",
                            ["name in the file", "file", "state", "total"],
                            [[e.label, e.counted.file, e.state, "" if e.total is None else f"{e.total:g}"]
                             for e in grades.not_on_roster], ""))
    if skipped:
        parts.append(_table(f"Files not graded ({len(skipped)})", ["file", "why"],
                            [[s.file, s.reason] for s in skipped], ""))
    body = "\n".join(parts)
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f'<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; img-src data:; '
            f'style-src \'unsafe-inline\'">'
            f"<title>{_h(homework.name)}: class report</title><style>{STYLE}</style></head>"
            f"<body><main>\n{body}\n</main></body></html>\n")


def write_report(path: Path, homework: HomeworkSet, grades: ClassGrades, identity: dict[str, list[FlagEntry]],
                 latest: LatestChanges, skipped: Sequence[Skipped] = (), upload_block: str = "") -> Path:
    generated = datetime.now().astimezone().isoformat(sep=" ", timespec="minutes")
    path.write_text(render(homework, grades, identity, latest, generated, skipped, upload_block), encoding="utf-8")
    return path


def summary(homework: HomeworkSet, grades: ClassGrades, identity: dict[str, list[FlagEntry]], latest: LatestChanges,
            skipped: Sequence[Skipped] = ()) -> str:
    """The report in a few lines for the terminal (every name made printable), with the page's figures."""
    counted = _counted(grades)
    everyone = grades.entries + grades.not_on_roster
    flags = class_flags(grades, identity)
    scores = [o.score for o in counted if o.score is not None]
    possible = sum(q.points for q in homework.autograded)
    lines = [f"{homework.name}: " + ", ".join(f"{n} {label}" for label, n in counts(grades, flags, skipped) if n
                                               or label.startswith("students"))]
    if scores:
        n = grades.numbers  # the run's numbers as the course site writes them
        lines.append(f"  automatic score of the {len(scores)} submissions that count (of {n.number(possible)}): mean "
                     f"{n.decimal(f'{statistics.fmean(scores):.1f}')}, median {n.number(statistics.median(scores))}, "
                     f"lowest {n.number(min(scores))}, highest {n.number(max(scores))}")
    for s in question_stats(homework, counted):
        rate = f"{100 * s.rate:3.0f} %" if s.rate is not None else "  – "
        lines.append(f"  {s.name:4} full marks {rate} ({s.right}/{s.answered})")
    lines += report_marking.mistakes_lines(homework, counted, identity) + report_marking.writeback_lines(grades)
    lines += upload.kept_lines(grades)
    for state in (NOT_YET_MARKED, NO_SUBMISSION, NOT_GRADED_STATE):
        who = _who_lists(everyone, state)
        if who:
            lines.append(f"  {state} ({len(who)}): {_names(who)}")
    late = [e.label for e in everyone if e.lateness.late]
    if late:
        lines.append(f"  late ({len(late)}): {_names(late)}")
    if grades.not_on_roster:
        lines.append(f"  from no one on the class list ({len(grades.not_on_roster)}): "
                     + _names([e.counted.file for e in grades.not_on_roster], 5))
    lines += report_flags.summary_lines(flags)
    if latest.get("changes"):
        lines.append(f"  changed on the run of {latest['at']}:")
        lines += [f"    {c['student']}: {c['what'][:120]}" for c in latest["changes"][:10]]
        if len(latest["changes"]) > 10:
            lines.append(f"    ... and {len(latest['changes']) - 10} more: see report.html")
    return "\n".join(safetext.terminal(line) for line in lines)
