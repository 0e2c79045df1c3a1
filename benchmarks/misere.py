"""Misère quotients: the kit against Aaron Siegel's MisereSolver (part of CGSuite), side by side.

Run ``.venv/bin/python -m benchmarks.misere`` (or ``make bench-misere``). It prints

* the time of ``misere_quotient("0.07", 30)`` (Dawson's Kayles, heaps 1 .. 30: 360 elements) in a fresh Python
  process, its start included, wall clock and CPU, the median of several runs;
* with ``MISERE_SOLVER`` set to a command that takes an octal code and a heap and prints the quotient (a few
  lines of Java of your own around MisereSolver's ``next()``, built outside this repository: MisereSolver is
  GPL, so the kit neither ships nor builds it), the same run of MisereSolver, Java's start included, the two
  programs alternating round by round, and the median ratio of the pairs. Other work on the machine slows both
  alike within a pair, so the ratio of a pair is steadier than either time;
* the largest heap of Kayles (0.77) whose quotient the kit proves within a minute, heap by heap.

This is a measurement, not a test: nothing fails; the goal is printed with "met" or "NOT met", and without a
working MisereSolver (no MISERE_SOLVER, no java, a command that does not answer: CI machines have none) the
comparison is printed as SKIPPED with the reason, never as met.
``make bench`` prints the first and last figures too (its section ``misere``).
"""

from __future__ import annotations

import os
import resource
import shlex
import shutil
import statistics
import subprocess
import sys
import time

from benchmarks import results

#: Within this factor of MisereSolver, start-up included (the issue's goal).
GOAL_RATIO = 2.0
ROUNDS = 5
KIT = "from gamelib import misere_quotient; q = misere_quotient({code!r}, {heap}); print(q.order)"
KAYLES_SECONDS = 60.0


def fresh(command: list[str]) -> tuple[float, float, str]:
    """Run a command in a new process: (wall seconds, CPU seconds of the process and its children, its output)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=True, timeout=1800)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.stdout


def kit_command(code: str, heap: int) -> list[str]:
    return [sys.executable, "-c", KIT.format(code=code, heap=heap)]


def solver_command() -> tuple[list[str], str]:
    """MisereSolver's command from MISERE_SOLVER, tried once on Kayles to heap 4 (6 elements): (the command, "")
    when it answers so, else ([], why it is not measured)."""
    text = os.environ.get("MISERE_SOLVER", "").strip()
    if not text:
        return [], ("MISERE_SOLVER is not set (a command that runs MisereSolver, built outside this repository: "
                    "see the notes at the top of benchmarks/misere.py)")
    try:
        command = shlex.split(text)
    except ValueError as error:
        return [], f"MISERE_SOLVER={text!r} is not a command line ({error})"
    if shutil.which(command[0]) is None:
        return [], f"MISERE_SOLVER={text!r}: {command[0]!r} is not found (is a JDK installed?)"
    try:
        done = subprocess.run([*command, "0.77", "4"], capture_output=True, text=True, timeout=300)
    except (OSError, subprocess.TimeoutExpired) as error:
        return [], f"MISERE_SOLVER={text!r} could not run: {error}"
    if done.returncode or "|Q|=6" not in done.stdout:
        said = (done.stderr.strip() or done.stdout.strip() or "nothing").splitlines()[0][:200]
        return [], (f"MISERE_SOLVER={text!r} did not print Kayles' 6 elements for heaps up to 4 (exit "
                    f"{done.returncode}; it said: {said})")
    return command, ""


def dawson(rounds: int = ROUNDS) -> None:
    """0.07 to heap 30: the kit alone, or paired with MisereSolver when MISERE_SOLVER names it."""
    solver, why_not = solver_command()
    kit_walls, kit_cpus, solver_walls, solver_cpus, ratios = [], [], [], [], []
    for i in range(rounds):
        order = ["kit", "solver"] if i % 2 == 0 else ["solver", "kit"]
        pair = {}
        for who in order:
            if who == "kit":
                wall, cpu, out = fresh(kit_command("0.07", 30))
                if out.split() != ["360"]:
                    raise RuntimeError(f"the kit found {out!r} elements, not 360")
                kit_walls.append(wall)
                kit_cpus.append(cpu)
            elif solver:
                wall, cpu, out = fresh([*solver, "0.07", "30"])
                if "|Q|=360" not in out:
                    raise RuntimeError(f"MisereSolver printed {out[:200]!r}, without |Q|=360")
                solver_walls.append(wall)
                solver_cpus.append(cpu)
            else:
                continue
            pair[who] = wall
        if solver:
            ratios.append(pair["kit"] / pair["solver"])
            print(f"  round {i + 1} ({' then '.join(order)}): kit {pair['kit']:6.2f} s, "
                  f"MisereSolver {pair['solver']:6.2f} s, ratio {ratios[-1]:.2f}")
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"0.07 (Dawson's Kayles), heaps 1..30, 360 elements, a fresh process each, start-up included "
          f"({rounds} runs, median):")
    print(f"  kit          wall {statistics.median(kit_walls):6.2f} s   CPU {statistics.median(kit_cpus):6.2f} s")
    if solver:
        ratio = statistics.median(ratios)
        print(f"  MisereSolver wall {statistics.median(solver_walls):6.2f} s   CPU "
              f"{statistics.median(solver_cpus):6.2f} s   (JVM start included)")
        print(f"  paired ratio kit / MisereSolver (median of {rounds} pairs): {ratio:.2f}; goal within "
              f"{GOAL_RATIO:g}x: {'met' if ratio <= GOAL_RATIO else 'NOT met'}")
    else:
        print(f"  MisereSolver: SKIPPED, not measured: {why_not}. No ratio, and the goal (within "
              f"{GOAL_RATIO:g}x) is not judged")
    print(f"  load average (1, 5, 15 min) at the end: {load}")


def kayles(seconds: float = KAYLES_SECONDS) -> None:
    """How far Kayles' quotient is proven, heap by heap, in ``seconds`` of this process's own CPU time."""
    from gamelib.analysis.quotient_search import HeapByHeap
    from gamelib.games.quotients import heap_rules

    title, moves = heap_rules("0.77")
    search = HeapByHeap(moves, 10**15, title)
    start = time.process_time()
    wall = time.perf_counter()
    grew = []
    while time.process_time() - start < seconds:
        order = search.monoid.order
        search.advance()
        if search.monoid.order != order:
            grew.append(f"{search.heap}: {search.monoid.order}")
    print(f"Kayles (0.77): proven to heap {search.heap:,} in {seconds:.0f} s of CPU "
          f"({time.perf_counter() - wall:.0f} s wall); the order grew at heap {', '.join(grew)}, then stayed")


def main() -> int:
    print(f"Misère quotients -- Python {sys.version.split()[0]}")
    dawson()
    kayles()
    return 0


if __name__ == "__main__":
    sys.exit(results.record("misere", main))
