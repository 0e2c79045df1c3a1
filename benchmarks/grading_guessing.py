"""What guessing scores: well-formed answers typed without doing the work, marked like any submission.

For each set, ``STUDENTS`` random students of a course (random ids, a course code) each get one guess per
answer, made the way a student who read the question but did not compute would: every number in range, a
move that is legal (a heap the question's set reaches), a P or N at random, a value that follows from the
other guesses where the question says how (the mex of guessed values, the XOR of guessed parts). Answers that
need no computation at all are typed as read: question 2 of hw1 asks for the heaps one move from n, which are
n minus each number of the set. Prints each question's mean score and the set's mean, in points, as a
Markdown table, kept in ``benchmarks/results/grading_guessing.json`` (benchmarks/results.py) for the site::

    make bench-guessing                                         # 300 students per set
    .venv/bin/python -m benchmarks.grading_guessing --students 50

The site's "what a determined student could still do" (docs/explanation/sandbox.md) sums these figures up.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys

from benchmarks import results
from gamelib import Nim, SubtractionGame, mex
from gamelib.games.sums import GameSum
from gamelib.homework import HOMEWORK, numbers
from gamelib.homework.marking import mark

STUDENTS = 300
COURSE = "guessing-bench"


def _subset(rng: random.Random, items: range, must: frozenset[int] | set[int] = frozenset()) -> set[int]:
    return {x for x in items if x in must or rng.random() < 0.5}


def _legal(rng: random.Random, moves: list) -> object:
    return rng.choice(list(moves))


def guess_hw1(mine, rng: random.Random) -> dict:
    top = len(mine.q1.S)
    followers_count = sum(1 for s in mine.q2.S if mine.q2.n - s >= 0)
    followers = [rng.randint(0, top) for _ in range(followers_count)]
    return {"q1_grundy": [0] + [rng.randint(0, top) for _ in range(15)],
            "q2_moves": sorted(mine.q2.n - s for s in mine.q2.S if mine.q2.n - s >= 0),  # read off the question
            "q2_followers": followers, "q2_g": mex(followers),
            "q3_remainders": _subset(rng, range(mine.q3.period), {0}), "q3_heap": rng.choice("PN"),
            "q4_leave": _legal(rng, SubtractionGame(mine.q4.S).moves(mine.q4.n)),
            "q5_p_positions": sorted(_subset(rng, range(mine.q5.start, mine.q5.start + 30))),
            "q5_g": rng.randint(0, len(mine.q5.S))}


def guess_hw2(mine, rng: random.Random) -> dict:
    total = rng.randint(0, 127)
    return {"q1_preperiod": rng.randint(4, 60), "q1_period": rng.randint(2, 40),
            "q2_small_p": sorted(_subset(rng, range(rng.randint(4, 40)), {0})),
            "q2_remainders": _subset(rng, range(rng.randint(2, 20))), "q2_huge": rng.choice("PN"),
            "q3_nim_sum": total, "q3_outcome": "P" if total == 0 else "N",
            "q4_after": _legal(rng, Nim().moves(mine.q4.heaps)),
            "q5_preperiod": rng.randint(0, 40), "q5_period": rng.randint(3, 40), "q5_g": rng.randint(0, 5)}


def guess_hw3(mine, rng: random.Random) -> dict:
    parts = [rng.randint(0, 3) for _ in range(3)]
    total = parts[0] ^ parts[1] ^ parts[2]
    games = GameSum(*(SubtractionGame(S) for S in mine.q2.sets))
    remainders = _subset(rng, range(1, mine.q3.period))
    return {"q1_parts": parts, "q1_total": total, "q1_outcome": "P" if total == 0 else "N",
            "q2_after": _legal(rng, games.moves(mine.q2.heaps)),
            "q3_remainders": remainders,
            "q3_p_positions": [n for n in range(mine.q3.below) if n % mine.q3.period in remainders],
            "q4_after": _legal(rng, Nim(misere=True).moves(mine.q4.heaps)), "q4_ones": rng.choice("PN"),
            "q5_misere_p": sorted(_subset(rng, range(mine.q5.start, mine.q5.start + 30))),
            "q5_sum_grundy": rng.randint(0, 7)}


GUESSERS = {"hw1": guess_hw1, "hw2": guess_hw2, "hw3": guess_hw3}


def measure(name: str, students: int, seed: int = 19) -> dict[str, float]:
    """Mean score per question (and ``"set"``) of one guess per student, over ``students`` random students."""
    rng = random.Random(seed)
    scores: dict[str, list[float]] = {q.name: [] for q in HOMEWORK[name].questions}
    for index in range(students):
        mine = numbers(name, f"guesser-{index}", COURSE)
        guess = GUESSERS[name](mine, rng)
        for q in HOMEWORK[name].questions:
            scores[q.name].append(mark(mine, q.name, guess).score)
    means = {q: statistics.fmean(v) for q, v in scores.items()}
    means["set"] = sum(means.values())
    return means


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=STUDENTS, help=f"students per set (default {STUDENTS})")
    args = parser.parse_args(argv)
    print(f"Mean score of one well-formed guess per answer, {args.students} random students per set")
    print()
    print("| set | points | " + " | ".join(f"q{i}" for i in range(1, 6)) + " | mean of the set |")
    print("|---|---|" + "---|" * 6)
    for name, definition in HOMEWORK.items():
        means = measure(name, args.students)
        points = sum(q.points for q in definition.questions)
        print(f"| {name} | {points:g} | " + " | ".join(f"{means[q.name]:.2f}" for q in definition.questions)
              + f" | **{means['set']:.1f}** |")
    return 0


if __name__ == "__main__":
    sys.exit(results.record("grading_guessing", main, markdown=True))

