"""The class report's parts about the marking: what the class got wrong, by kind of mistake, and what the
upload would change on the course site.

**Mistakes.** Every wrong answer is classified where it is marked (:mod:`gamelib.homework.mistakes`: the same
logic that words the student's feedback), and kept in the result as ``questions[q]["mistakes"]`` (``{answer:
kind code}``). The report totals the kinds per question and per part of it (the answers a part is scored on),
counts blank answers apart (a blank is not a wrong answer), and shows one worked example of each kind on the
public example student's numbers, never a student's own. ``--summary`` prints the same table.

The answers of a student flagged for another's values (:data:`ANOTHER_S_VALUES`: answers right for a
classmate's numbers or the public example's, saved outputs of another id) are left out of the table and listed
apart, labelled: they are right for someone else's numbers, not what the class got wrong.

**Write-backs.** Every grade of the import file that would replace a different grade the course site has now
(:func:`grading.coursesite.overwrites`), and the Moodle rows whose teacher's comment is kept.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from gamelib.homework import mistakes as kinds
from gamelib.homework.examples import EXAMPLE_WHO, Example, example
from gamelib_grader.intake.homework_set import HomeworkSet
from gamelib_grader.integrity.flags import LABELS, FlagEntry
from gamelib_grader.marking.grader import Outcome
from gamelib_grader.reporting import coursesite
from gamelib_grader.reporting.classgrades import ClassGrades
from gamelib_grader.reporting.markup import escaped as _h
from gamelib_grader.reporting.markup import table as _table


@dataclass
class PartTally:
    """One part of a question (the answers new to it): the kinds of mistakes made in its answers, and how many
    students left one of them blank."""

    label: str
    kinds: Counter = field(default_factory=Counter)
    blank: int = 0


@dataclass
class QuestionTally:
    """The mistakes made on one question, by kind, in all and per part: ``wrong`` students made at least one,
    ``blank`` students left at least one answer blank (counted apart: a blank is not a mistake)."""

    name: str
    answered: int = 0
    wrong: int = 0
    blank: int = 0
    kinds: Counter = field(default_factory=Counter)
    parts: list[PartTally] = field(default_factory=list)
    examples: dict[str, Example] = field(default_factory=dict)


#: The flags that say a file's answers are another's values: its answers are left out of the mistakes table.
ANOTHER_S_VALUES = ("other-numbers", "other-id-outputs", "public-example")


def left_out(outcomes: list[Outcome], flags: dict[str, list[FlagEntry]] | None) -> dict[str, list[FlagEntry]]:
    """The files whose answers the mistakes table leaves out, with the flags that say why: answers right for
    another's numbers (``public-example`` only for answers, not for a written answer like the model's)."""
    found = {}
    for o in outcomes:
        why = [f for f in (flags or {}).get(o.file, []) if f["kind"] in ANOTHER_S_VALUES
               and (f["kind"] != "public-example" or f.get("questions"))]
        if why:
            found[o.file] = why
    return found


def _part_labels(question) -> list[tuple[str, tuple[str, ...]]]:
    """Each part as a label and the answers new to it (a later part re-uses the earlier parts' answers)."""
    seen: set[str] = set()
    found = []
    for index, part in enumerate(question.parts, start=1):
        new = tuple(n for n in part.names if n not in seen)
        seen.update(part.names)
        if new:
            found.append((f"part {index} ({', '.join(new)}; {part.points:g} pt)", new))
    return found


def tally(homework: HomeworkSet, outcomes: list[Outcome]) -> list[QuestionTally]:
    """Per autograded question, the kinds of mistakes in the counted submissions (see the module docstring)."""
    found = []
    for q in homework.autograded:
        definition = homework.definition.question(q.name)
        t = QuestionTally(q.name)
        parts = [(PartTally(label), names) for label, names in _part_labels(definition)]
        t.parts = [p for p, _ in parts] if len(parts) > 1 else []
        for o in outcomes:
            result = o.questions.get(q.name)
            if result is None or "mistakes" not in result:
                continue
            t.answered += 1
            said = result["mistakes"]
            t.wrong += any(code != kinds.BLANK for code in said.values())
            t.blank += kinds.BLANK in said.values()
            for part, names in parts:
                part.blank += any(said.get(name) == kinds.BLANK for name in names)
                part.kinds.update(said[name] for name in names if said.get(name) not in (None, kinds.BLANK))
            t.kinds.update(code for code in said.values() if code != kinds.BLANK)
        for code in t.kinds:
            worked = example(homework.definition, q.name, code)
            if worked is not None:
                t.examples[code] = worked
        found.append(t)
    return found


def _kinds_text(counter: Counter) -> str:
    return "; ".join(f"{kinds.title(code)} ({n})" for code, n in counter.most_common()) or "–"


def mistakes_html(homework: HomeworkSet, outcomes: list[Outcome], flags: dict[str, list[FlagEntry]] | None = None
                  ) -> str:
    """The report's "What the class got wrong" section: a table of the kinds per question and part (the answers
    of students flagged for another's values left out, and listed apart), then the worked examples."""
    apart = left_out(outcomes, flags)
    tallies = tally(homework, [o for o in outcomes if o.file not in apart])
    rows = []
    for t in tallies:
        rows.append([t.name, "whole question", f"{t.wrong} of {t.answered}", t.blank, _kinds_text(t.kinds)])
        rows += [["", p.label, "", p.blank, _kinds_text(p.kinds)] for p in t.parts]
    parts = ['<section id="mistakes"><h2>What the class got wrong</h2>',
             _table("Mistakes by kind, per question and per part (a student's wrong answers count one each; blank "
                    "answers are counted apart, not as mistakes)",
                    ["question", "part", "students with a mistake", "students with a blank answer",
                     "kinds of mistake (how many answers)"],
                    rows, "No autograded question.")]
    if apart:
        by_file = {o.file: o for o in outcomes}
        parts.append(_table(f"Left out of the table: the answers of {len(apart)} student(s) flagged for another's "
                            "values (right for someone else's numbers, so not what the class got wrong)",
                            ["student", "flagged for", "questions", "wrong answers left out"],
                            [[by_file[file].who, "; ".join(dict.fromkeys(LABELS.get(f["kind"], f["kind"])
                                                                          for f in why)),
                              ", ".join(sorted({q for f in why for q in f.get("questions", [])})) or "all",
                              _wrong_count(by_file[file])] for file, why in apart.items()], ""))
    missing = [(t.name, code) for t in tallies for code in t.kinds if code not in t.examples]
    examples = [(t.name, e) for t in tallies for e in t.examples.values()]
    if examples or missing:
        parts.append("<h3>One worked example of each kind</h3><p>On the numbers of public example students "
                     f"({_h(EXAMPLE_WHO)}, or another public sample), never a student's own.</p>")
        parts.append(_table("Worked examples", ["question", "kind", "the numbers", "a wrong answer",
                                                 "why it is wrong", "a right one"],
                            [[q, kinds.title(e.kind), e.numbers, e.answer, e.why, e.right] for q, e in examples]
                            + [[q, kinds.title(code), "–", "no worked example found", "", ""] for q, code in missing],
                            ""))
    parts.append("</section>")
    return "\n".join(parts)


def _wrong_count(o: Outcome) -> int:
    return sum(code != kinds.BLANK for result in o.questions.values() for code in result.get("mistakes", {}).values())


def mistakes_lines(homework: HomeworkSet, outcomes: list[Outcome], flags: dict[str, list[FlagEntry]] | None = None
                   ) -> list[str]:
    """The same table for ``--summary``: one line per question, one per part of a question with several (the
    answers of students flagged for another's values left out, and said so)."""
    lines = []
    apart = left_out(outcomes, flags)
    for t in tally(homework, [o for o in outcomes if o.file not in apart]):
        if not t.answered:
            continue
        blank = f", {t.blank} blank" if t.blank else ""
        lines.append(f"  {t.name:4} mistakes ({t.wrong} of {t.answered}{blank}): {_kinds_text(t.kinds)}")
        lines += [f"       {p.label}: {_kinds_text(p.kinds)}" + (f"; {p.blank} blank" if p.blank else "")
                  for p in t.parts if p.kinds or p.blank]
    if apart:
        lines.append(f"  mistakes: the answers of {len(apart)} student(s) flagged for another's values are left out "
                     "(see report.html)")
    return lines


def writeback_html(grades: ClassGrades) -> str:
    """The grades the upload would change on the course site, as a table ("" when none)."""
    found = coursesite.overwrites(grades)
    if not found:
        return ""
    return _table(f"The import file changes {len(found)} grade(s) the course site has now (after a regrade, or "
                  "over a grade given on the site): check them before you upload",
                  ["student", "grade on the site now", "grade in the import file"],
                  [[o.student, o.before, o.after] for o in found], "")


def writeback_lines(grades: ClassGrades) -> list[str]:
    """The same for ``--summary`` (report.summary makes every line printable)."""
    found = coursesite.overwrites(grades)
    if not found:
        return []
    return [f"  the import changes {len(found)} grade(s) the site has now: "
            + "; ".join(f"{o.student} {o.before} → {o.after}" for o in found[:10])
            + (f"; and {len(found) - 10} more: see report.html" if len(found) > 10 else "")]
