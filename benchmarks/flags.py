"""The copy flags' calibration: their false-positive rate on honest work, and their detection rate per kind of
copy, on a class generated the same way every time (tests/flags_class.py).

The class: honest students who worked independently, in varied styles (the handout's template filled in,
one-liners, the lessons' loops, helper variables and functions, answers displayed or not, a scratch cell,
Run All once or twice, restarts, cells run by hand, one wrong answer, question 6's proof in their own words),
and copies of each kind, each of an honest student: typed values of another's numbers; a notebook not run
again with only its numbers' output rewritten; an exact copy run again under another id; a copy with a line
added to every cell, run again; a group of three running one notebook under their three ids. Every notebook
is graded by the grader (its code run in this process instead of a sandbox: it is the kit's own) and the
class goes through the copying pass. Printed:

- honest students flagged: flagged by a copy flag naming someone who did not copy them (the target is 0);
- honest students flagged only with the classmate who copied them (the likeness of code or written answer
  is mutual: the teacher must look at both);
- per kind of copy, the copies flagged with a flag naming the student they copied (or a member of their
  group), and which flags did it;
- the highest evidence an honest pair reached, for each threshold (the margin under it).

Run it as ``make bench-flags`` (32 honest students, two copies of every kind) or
``.venv/bin/python -m benchmarks.flags --honest 40 --copies 3 --seed 7``; the result is kept in
``benchmarks/results/flags.json`` (benchmarks/results.py).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))  # the test harness that builds classes of submissions

from gamelib_grader.intake import homework_set  # noqa: E402
from gamelib_grader.integrity import copy_likeness  # noqa: E402

from benchmarks import results  # noqa: E402
from tools import build_homework  # noqa: E402

#: The copying flags (the identity flags need a class list, which the calibration class has not).
COPY_FLAGS = {"other-id-outputs", "same-run", "other-numbers", "same-cell-ids", "same-execution-history",
              "same-answer-cells", "same-written-answer"}


def load_hw1(folder: Path):
    from homework_build import COURSE, SET  # type: ignore[import-not-found]  # tests/, on the path above

    course_file = folder / "autograder.zip"
    build_homework.write_course_file(course_file, SET, COURSE, False)
    return homework_set.load_set(ROOT / "homework" / "source" / f"{SET}.ipynb",
                                 ROOT / "notebooks" / "homework" / f"{SET}.ipynb", course_file)


def evaluate(students: list, outcomes: dict) -> dict:
    """The figures (see the module docstring) from the class and its graded outcomes."""
    by_file = {s.file: s for s in students}
    copied_from = defaultdict(set)  # honest file -> the copies of it
    for s in students:
        for source in s.sources:
            copied_from[source].add(s.file)
    honest = [s for s in students if s.kind == "honest"]
    wrongly, with_copier = [], []
    for s in honest:
        copy_flags = [f for f in outcomes[s.file].flags if f["kind"] in COPY_FLAGS]
        innocent = [f for f in copy_flags if not set(f["with"]) <= copied_from[s.file] | set(s.sources)
                    or not f["with"]]
        if innocent:
            wrongly.append((s.file, innocent))
        elif copy_flags:
            with_copier.append(s.file)
    kinds: dict[str, list] = defaultdict(list)
    for s in students:
        if s.kind == "honest":
            continue
        naming = [f for f in outcomes[s.file].flags if set(f["with"]) & set(s.sources)]
        kinds[s.kind].append((s.file, sorted({f["kind"] for f in naming})))
    return {"honest": honest, "wrongly": wrongly, "with_copier": with_copier, "kinds": kinds,
            "by_file": by_file}


def margins(outcomes: dict, students: list, homework) -> dict:
    """The highest code evidence and written-answer share an honest pair (neither copied the other) reached."""
    from gamelib_grader.integrity import fragments
    from gamelib_grader.integrity.copy_likeness import _cells_of, _handout_code

    honest = [outcomes[s.file] for s in students if s.kind == "honest"]
    related = {frozenset((s.file, src)) for s in students for src in s.sources}
    base = fragments.code_base(_handout_code(homework))
    cells = {o.file: set(_cells_of(o)) - base for o in outcomes.values()}
    holders: dict[int, int] = defaultdict(int)
    for o in outcomes.values():
        for f in cells[o.file]:
            holders[f] += 1
    top, alike = (0.0, ""), (0.0, "")
    for a, b in copy_likeness.pairs(honest):
        if frozenset((a.file, b.file)) in related:
            continue
        shared, every = cells[a.file] & cells[b.file], cells[a.file] | cells[b.file]
        weight = sum(1 / (holders[f] - 1) for f in shared)
        top = max(top, (weight, f"{a.file} and {b.file}"))
        if weight >= copy_likeness.CODE_MIN_EVIDENCE:
            same = sum(1 / holders[f] for f in shared) / sum(1 / holders[f] for f in every)
            alike = max(alike, (same, f"{a.file} and {b.file}"))
    return {"code": top, "same": alike}


def main(argv: list[str] | None = None) -> int:
    from flags_class import COPY_KINDS, grade_class, make_class  # type: ignore[import-not-found]

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--honest", type=int, default=32, help="honest students (default 32)")
    parser.add_argument("--copies", type=int, default=2, help="copies of every kind (default 2)")
    parser.add_argument("--seed", type=int, default=26, help="the class's random seed (default 26)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-flags-") as tmp:
        folder = Path(tmp)
        homework = load_hw1(folder)
        students = make_class(args.honest, args.seed, args.copies)
        outcomes = grade_class(students, homework, folder)
    found = evaluate(students, outcomes)
    copies = len(students) - len(found["honest"])
    print(f"Copy flags on a generated hw1 class: {len(found['honest'])} honest students, {copies} copies "
          f"(seed {args.seed})")
    print()
    print(f"- honest students flagged (a flag naming someone who did not copy them): **{len(found['wrongly'])} "
          f"of {len(found['honest'])}**")
    for file, flags in found["wrongly"]:
        print(f"  - {file}: " + "; ".join(f"{f['kind']} with {', '.join(f['with']) or 'no one'}" for f in flags))
    print(f"- honest students flagged only with the classmate who copied them: {len(found['with_copier'])}")
    print()
    print("| kind of copy | copies | flagged naming whom they copied | by |")
    print("|---|---|---|---|")
    for kind in COPY_KINDS:
        rows = found["kinds"][kind]
        hit = sum(bool(k) for _, k in rows)
        by = sorted({k for _, ks in rows for k in ks})
        print(f"| {kind} | {len(rows)} | **{hit} of {len(rows)}** | {', '.join(by) or '–'} |")
    every = [k for kind in COPY_KINDS for _, k in found["kinds"][kind]]
    print()
    print(f"Copies flagged naming whom they copied: **{sum(bool(k) for k in every)} of {len(every)}**.")
    margin = margins(outcomes, students, homework)
    weight, pair = margin["code"]
    same, alike = margin["same"]
    print()
    print(f"Margins: the highest code evidence of an honest pair is {weight:.1f} ({pair}), flagged from "
          f"{copy_likeness.CODE_EVIDENCE:g}; the most alike honest pair with evidence "
          f"{copy_likeness.CODE_MIN_EVIDENCE:g} or more shares {same:.0%} of its code ({alike or 'none'}), flagged "
          f"from {copy_likeness.CODE_SIMILARITY:.0%}.")
    return 0


if __name__ == "__main__":
    sys.exit(results.record("flags", main, markdown=True))
