"""The copy flags' calibration: their false-positive rate on honest work, their catch rate per kind of copy, which
way they point, whether unrelated students joining a class move any decision, and what the mistakes table
counts, on classes generated the same way every time (tests/flags_class.py).

Each class: honest students who worked independently, in varied styles (the handout's template filled in,
one-liners, the lessons' loops, helper variables and functions, answers displayed or not, a scratch cell,
Run All once or twice, restarts, cells run by hand, a slip or a typo now and then, question 6's proof in their
own words), and copies of each kind, each of an honest student: typed values of another's numbers; a notebook
not run again with only its numbers' output rewritten; an exact copy run again under another id; a copy with
a line added to every cell, run again; a group of three running one notebook under their three ids. Every
notebook is graded by the grader (its code run in this process instead of a sandbox: it is the kit's own) and
the class goes through the copying pass. Printed, over all the classes:

- false positives: honest students flagged by a copy flag naming someone who did not copy them (target 0);
- the catch rate: per kind of copy, the copies flagged with a flag naming the student they copied (or a
  member of their group), and which flags did it;
- direction: each pair or group (gamelib_grader/integrity/cases.py) whose evidence points one way, and
  whether it points from the copy to whom it copied (a wrong direction would accuse the one copied from);
- flips: the decisions (each pair of the class, each kind of flag) that change when 4, 8 and 16 unrelated
  honest students join the class (target 0), and the honest pairs listed close to a line;
- the mistakes table: the share of the wrong answers it counts that no slip explains, "another wrong value"
  (target under a quarter), the answers of students flagged for another's values left out;
- the highest figure an honest pair reached under each code threshold (the margin);
- what the flags cannot see: copies of kinds they are not made for (code typed again by hand, the handout's
  one-liners copied, a written answer with one word in k changed), each class again with them, and how many
  were flagged.

Run it as ``make bench-flags`` (three classes of 32 honest students and two copies of every kind) or
``.venv/bin/python -m benchmarks.flags --honest 40 --copies 3 --seeds 7,8``; the result is kept in
``benchmarks/results/flags.json`` (benchmarks/results.py).
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))  # the test harness that builds classes of submissions

from gamelib_grader.intake import homework_set  # noqa: E402
from gamelib_grader.integrity import cases, copy_likeness, copying  # noqa: E402
from gamelib_grader.reporting import report_marking  # noqa: E402

from benchmarks import results  # noqa: E402
from gamelib.homework import mistakes  # noqa: E402
from tools import build_homework  # noqa: E402

#: The copying flags (the identity flags need a class list, which the calibration class has not).
COPY_FLAGS = {"other-id-outputs", "same-run", "other-numbers", "same-cell-ids", "same-execution-history",
              "same-answer-cells", "same-written-answer"}
#: The unrelated students added to each class, in turn.
ADDED = (4, 8, 16)


def load_hw1(folder: Path):
    from homework_build import COURSE, SET  # type: ignore[import-not-found]  # tests/, on the path above

    course_file = folder / "autograder.zip"
    build_homework.write_course_file(course_file, SET, COURSE, False)
    return homework_set.load_set(ROOT / "homework" / "source" / f"{SET}.ipynb",
                                 ROOT / "notebooks" / "homework" / f"{SET}.ipynb", course_file)


def evaluate(students: list, outcomes: dict) -> dict:
    """The false positives and catches (see the module docstring) from a class and its graded outcomes."""
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


def directions(students: list, outcomes: dict) -> dict:
    """Each arrow of each case (who used whose work, as the evidence points): right when it points from a copy
    to whom it copied, wrong otherwise; and the cases whose evidence does not say who copied."""
    truth = {(s.file, source) for s in students for source in s.sources if s.kind != "honest"}
    found = cases.cases(list(outcomes.values()), {f: o.flags for f, o in outcomes.items()})
    right = wrong = undirected = 0
    for case in found:
        files = {m: case.files[m][0] for m in case.members}
        for a, b in case.arrows:
            if (files[a], files[b]) in truth:
                right += 1
            else:
                wrong += 1
        undirected += not case.arrows
    return {"right": right, "wrong": wrong, "undirected": undirected, "cases": len(found)}


def decisions(outcomes: list, files: set[str]) -> set[tuple[frozenset, str]]:
    """Every (pair of the class, kind of copy flag) flagged, among ``files``."""
    return {(frozenset((o.file, other)), f["kind"]) for o in outcomes if o.file in files for f in o.flags
            if f["kind"] in COPY_FLAGS for other in f["with"] if other in files}


def unrelated(count: int, seed: int, homework, folder: Path) -> list:
    """``count`` honest students of their own (new ids, their own answers to question 6), graded."""
    from flags_class import MORE_WORDS, grade_class, honest  # type: ignore[import-not-found]

    rng = random.Random(seed * 7919)
    made = []
    for i in range(count):
        s = honest(300 + i, rng, MORE_WORDS[i % len(MORE_WORDS)] if i < len(MORE_WORDS) else None)
        s.file = f"unrelated-{i:02d}.ipynb"
        made.append(s)
    return list(grade_class(made, homework, folder, flag=False).values())


def flips(outcomes: dict, extra: list, homework) -> dict[int, tuple[int, int]]:
    """How many pairs of the class change from flagged to not or back, and how many single measures (a pair
    and a kind of flag) change, when the first k unrelated students join it: ``{k: (pairs, measures)}``."""
    files = set(outcomes)
    before = decisions(list(outcomes.values()), files)
    changed = {}
    for k in ADDED:
        joined = list(outcomes.values()) + extra[:k]
        copying.flag_copying(joined, homework)
        after = decisions(joined, files)
        changed[k] = (len({p for p, _ in before} ^ {p for p, _ in after}), len(before ^ after))
    copying.flag_copying(list(outcomes.values()), homework)  # the class's own flags again
    return changed


def wrong_answers(outcomes: dict) -> dict:
    """The wrong answers the mistakes table counts (students flagged for another's values left out), how many
    no slip explains, and the students left out."""
    flags = {f: o.flags for f, o in outcomes.items()}
    apart = report_marking.left_out(list(outcomes.values()), flags)
    codes = [code for f, o in outcomes.items() if f not in apart for result in o.questions.values()
             for code in result.get("mistakes", {}).values() if code != mistakes.BLANK]
    return {"wrong": len(codes), "other": codes.count(mistakes.OTHER), "left out": len(apart),
            "kinds": sorted(set(codes))}


def near_honest(students: list, outcomes: dict) -> int:
    """Honest pairs the report lists as close to a line (not flagged)."""
    related = {frozenset((s.file, src)) for s in students for src in s.sources}
    honest = {s.file for s in students if s.kind == "honest"}
    return sum(1 for o in outcomes.values() for f in o.near for other in f["with"]
               if {o.file, other} <= honest and frozenset((o.file, other)) not in related)


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
    p = copy_likeness.prior(len(outcomes))
    top, alike = (0.0, ""), (0.0, "")
    for a, b in copy_likeness.pairs(honest):
        if frozenset((a.file, b.file)) in related:
            continue
        shared, every = cells[a.file] & cells[b.file], cells[a.file] | cells[b.file]
        weight = sum(1 / (holders[f] - 1 + p) for f in shared)
        top = max(top, (weight, f"{a.file} and {b.file}"))
        if weight >= copy_likeness.CODE_MIN_EVIDENCE:
            same = sum(1 / (holders[f] + p) for f in shared) / sum(1 / (holders[f] + p) for f in every)
            alike = max(alike, (same, f"{a.file} and {b.file}"))
    return {"code": top, "same": alike}


def limits(honest: int, seed: int, homework, folder: Path) -> dict[str, list[str]]:
    """What the flags cannot see: per kind of hidden copy (tests/flags_class.py ``HIDDEN_KINDS``), whether each
    copy was "flagged" naming whom it copied, else listed "near" the line with them, else "unseen"."""
    from flags_class import grade_class, limits_class

    students = limits_class(honest, seed)
    outcomes = grade_class(students, homework, folder)
    found: dict[str, list[str]] = defaultdict(list)
    for s in students:
        if s.kind == "honest":
            continue
        near = [(o.file, other) for o in outcomes.values() for f in o.near for other in f["with"]]
        if any(set(f["with"]) & set(s.sources) for f in outcomes[s.file].flags):
            found[s.kind].append("flagged")
        elif any({a, b} == {s.file, source} for a, b in near for source in s.sources):
            found[s.kind].append("near")
        else:
            found[s.kind].append("unseen")
    return found


def main(argv: list[str] | None = None) -> int:
    from flags_class import COPY_KINDS, HIDDEN_KINDS, grade_class, make_class

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--honest", type=int, default=32, help="honest students per class (default 32)")
    parser.add_argument("--copies", type=int, default=2, help="copies of every kind per class (default 2)")
    parser.add_argument("--seeds", default="26,27,28", help="the classes' random seeds (default 26,27,28)")
    parser.add_argument("--seed", type=int, help="one class of this seed (instead of --seeds)")
    args = parser.parse_args(argv)
    seeds = [args.seed] if args.seed is not None else [int(s) for s in args.seeds.split(",")]
    totals: dict = {"honest": 0, "copies": 0, "wrongly": [], "with_copier": 0, "kinds": defaultdict(list),
                    "right": 0, "wrong": 0, "undirected": 0, "cases": 0, "flips": defaultdict(int),
                    "measure flips": defaultdict(int), "decisions": 0, "pairs": 0, "near": 0, "answers": 0,
                    "other": 0, "left out": 0, "top": (0.0, ""), "alike": (0.0, ""), "hidden": defaultdict(list)}
    with tempfile.TemporaryDirectory(prefix="bench-flags-") as tmp:
        folder = Path(tmp)
        homework = load_hw1(folder)
        for seed in seeds:
            students = make_class(args.honest, seed, args.copies)
            outcomes = grade_class(students, homework, folder)
            found = evaluate(students, outcomes)
            totals["honest"] += len(found["honest"])
            totals["copies"] += len(students) - len(found["honest"])
            totals["wrongly"] += [(seed, file, flags) for file, flags in found["wrongly"]]
            totals["with_copier"] += len(found["with_copier"])
            for kind, rows in found["kinds"].items():
                totals["kinds"][kind] += rows
            for key, value in directions(students, outcomes).items():
                totals[key] += value
            totals["near"] += near_honest(students, outcomes)
            for key, value in wrong_answers(outcomes).items():
                if key != "kinds":
                    totals["answers" if key == "wrong" else key] += value
            margin = margins(outcomes, students, homework)
            totals["top"], totals["alike"] = max(totals["top"], margin["code"]), max(totals["alike"], margin["same"])
            extra = unrelated(max(ADDED), seed, homework, folder)
            made = decisions(list(outcomes.values()), set(outcomes))
            totals["decisions"] += len(made)
            totals["pairs"] += len({pair for pair, _ in made})
            for k, (pairs, measures) in flips(outcomes, extra, homework).items():
                totals["flips"][k] += pairs
                totals["measure flips"][k] += measures
            for kind, caught in limits(args.honest, seed, homework, folder).items():
                totals["hidden"][kind] += caught
    _print(totals, seeds, args.honest, COPY_KINDS, HIDDEN_KINDS)
    return 0


def _share(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f} %" if whole else "–"


def _print(t: dict, seeds: list[int], honest: int, copy_kinds: tuple, hidden_kinds: tuple) -> None:
    print(f"Copy flags on {len(seeds)} generated hw1 class(es) (seeds {', '.join(map(str, seeds))}; {honest} honest "
          f"students each): {t['honest']} honest students, {t['copies']} copies")
    print()
    print(f"- honest students flagged (a flag naming someone who did not copy them): **{len(t['wrongly'])} of "
          f"{t['honest']}** (false-positive rate {_share(len(t['wrongly']), t['honest'])})")
    for seed, file, flags in t["wrongly"]:
        print(f"  - seed {seed}, {file}: " + "; ".join(f"{f['kind']} with {', '.join(f['with']) or 'no one'}"
                                                        for f in flags))
    print(f"- honest students flagged only with the classmate who copied them: {t['with_copier']}")
    every = [k for kind in copy_kinds for _, k in t["kinds"][kind]]
    caught = sum(bool(k) for k in every)
    print(f"- Copies flagged naming whom they copied: **{caught} of {len(every)}** (catch rate "
          f"{_share(caught, len(every))})")
    print(f"- direction: **{t['right']} of {t['right'] + t['wrong']}** arrows point from the copy to whom it "
          f"copied, **{t['wrong']} the wrong way**; {t['undirected']} of {t['cases']} pairs or groups: \"the "
          "evidence does not say who copied\"")
    print(f"- flips when unrelated students join each class: pairs flagged or not ({t['pairs']} flagged): "
          + ", ".join(f"{k} added: **{t['flips'][k]}**" for k in ADDED)
          + f"; single measures (a pair and a kind of flag, {t['decisions']} flagged): "
          + ", ".join(f"{k} added: {t['measure flips'][k]}" for k in ADDED))
    print(f"- honest pairs listed close to a line, not flagged: {t['near']}")
    print(f"- the mistakes table: \"{mistakes.title(mistakes.OTHER)}\" is **{t['other']} of {t['answers']}** "
          f"wrong answers ({_share(t['other'], t['answers'])}; target under 25 %); the answers of {t['left out']} "
          "student(s) flagged for another's values left out")
    print()
    print("| kind of copy | copies | flagged naming whom they copied | by |")
    print("|---|---|---|---|")
    for kind in copy_kinds:
        rows = t["kinds"][kind]
        hit = sum(bool(k) for _, k in rows)
        by = sorted({k for _, ks in rows for k in ks})
        print(f"| {kind} | {len(rows)} | **{hit} of {len(rows)}** | {', '.join(by) or '–'} |")
    print()
    print("What the flags cannot see (each class again, with copies of these kinds instead):")
    print()
    print("| hidden copy | copies | flagged naming whom they copied | listed close to the line | not seen |")
    print("|---|---|---|---|---|")
    for kind in hidden_kinds:
        seen = t["hidden"][kind]
        print(f"| {kind} | {len(seen)} | {seen.count('flagged')} of {len(seen)} | {seen.count('near')} | "
              f"{seen.count('unseen')} |")
    weight, pair = t["top"]
    same, alike = t["alike"]
    print()
    print(f"Margins: the highest code evidence of an honest pair is {weight:.1f} ({pair}), flagged from "
          f"{copy_likeness.CODE_EVIDENCE:g} (listed close to the line from {copy_likeness.CODE_BAND:g}); the most "
          f"alike honest pair with evidence {copy_likeness.CODE_MIN_EVIDENCE:g} or more shares {same:.0%} of its "
          f"code ({alike or 'none'}), flagged from {copy_likeness.CODE_SIMILARITY:.0%}.")


if __name__ == "__main__":
    sys.exit(results.record("flags", main, markdown=True))
