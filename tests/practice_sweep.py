"""The practice sweep: every generator, every seed from 0 to ``seeds - 1``, every candidate answer that
tests/brute_practice.py lists for the instance, each checked in every form a student gives it (the value itself,
as a notebook cell passes it, and each way of typing it into the practice panel's box), against the brute force.

A misjudgement is a candidate whose verdict differs from the brute force's (a right answer refused, or a wrong
one accepted). Run ``python tests/practice_sweep.py [SEEDS]`` from the repository (default 60 seeds): it prints
the counts per exercise and in all, and exits 1 if there is any misjudgement.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import brute_practice  # noqa: E402

from gamelib.exercises.practice import PRACTISED, PracticeSession, deal  # noqa: E402

#: Exercises whose answer is a set of heaps, given as a list (their order is not the student's).
LISTED = ("1.1", "2.5", "2.6", "6.3", "6.4", "6.5")


def typed_forms(candidate: object) -> list[str]:
    """The ways a student types ``candidate`` into the answer box: a number as digits; a tuple in brackets, with
    commas, and with spaces only; a list in square brackets; 'P'/'N' as the letter, lower case, and quoted."""
    if isinstance(candidate, str):
        return [candidate, candidate.lower(), repr(candidate)]
    if isinstance(candidate, int):
        return [str(candidate)]
    items = [str(x) for x in candidate]  # type: ignore[attr-defined]
    forms = [f"[{', '.join(items)}]", f"({', '.join(items)}{',' if len(items) == 1 else ''})"]
    if len(items) > 1:
        forms += [", ".join(items), " ".join(items)]
    return forms


def given(exercise: str, candidate: object) -> object:
    """The candidate as a notebook cell passes it (sets of heaps as lists)."""
    return list(candidate) if exercise in LISTED else candidate  # type: ignore[call-overload]


def sweep(exercise: str, seeds: range) -> tuple[int, int, int, list]:
    """(instances, candidates, checks, misjudgements) of one exercise."""
    rng = random.Random(exercise)
    instances = candidates = checks = 0
    wrong: list = []
    for seed in seeds:
        instance = deal(exercise, seed=seed)
        session = PracticeSession(exercise, seed=seed)
        instances += 1
        listed, right = brute_practice.answers(exercise, instance.numbers, rng)
        for candidate in listed:
            candidates += 1
            truth = candidate in right
            verdicts = [("value", instance.check(given(exercise, candidate)).ok)]
            for text in typed_forms(candidate):
                session.solved = False  # each typed form is checked as a first answer to this instance
                verdicts.append((text, session.submit(text).ok))
            checks += len(verdicts)
            wrong += [(exercise, seed, candidate, form, ok) for form, ok in verdicts if ok != truth]
    return instances, candidates, checks, wrong


def main(seeds: int = 60) -> int:
    totals = [0, 0, 0]
    misjudged: list = []
    for exercise in PRACTISED:
        instances, candidates, checks, wrong = sweep(exercise, range(seeds))
        totals = [totals[0] + instances, totals[1] + candidates, totals[2] + checks]
        misjudged += wrong
        print(f"{exercise:>5}: {instances} instances, {candidates:,} candidates, {checks:,} checks, "
              f"{len(wrong)} misjudged")
    print(f"{len(PRACTISED)} generators x {seeds} seeds: {totals[0]:,} instances, {totals[1]:,} candidates, "
          f"{totals[2]:,} checks in every form, {len(misjudged)} misjudgements")
    for item in misjudged[:20]:
        print("  misjudged:", item)
    return 1 if misjudged else 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 60))
