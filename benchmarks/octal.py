"""Octal games at research scale: the kit against C programs, and the published table of solved games.

Run by ``make bench`` (sections ``octal-c``, ``octal-rare`` and ``octal-table`` of benchmarks/run.py), or alone
from the repository root::

    .venv/bin/python -m benchmarks.octal              # both C comparisons, the table, Grundy's game to 2**20
    .venv/bin/python -m benchmarks.octal --research   # also 0.376 and 0.354 (minutes each) and Grundy to 2**21

* **The C reference of the same method.** benchmarks/octal_rare.c computes the values by the rare-value
  method in plain C (no Python). For each game of :data:`REFERENCE_CASES`, it and the kit each compute
  heaps 0 .. N - 1 in a fresh process -- for the kit: start Python, import, load the compiled loop (built
  once per user, see gamelib/analysis/heap_kernel.py), compute, write the values (benchmarks/octal_values.py;
  with the compiled loop loaded, no numpy is imported) -- the values are compared, and the CPU time (user +
  system) and peak memory of each process are printed with the ratio, and beside it the ratio of the
  computations alone. Time and memory are measured from outside, by the small parent ``octal_rare
  --measure`` (wait4), so a process's figures are its own. The floor is printed too: what a bare Python
  costs to start on this machine in the same run, plus the C reference's own computation, over its whole run.
* **The C baseline.** benchmarks/octal_baseline.c, compiled here with the system's ``cc -O2`` when there is
  one, computes g(0) .. g(N - 1) of 0.16 by the plain O(N**2) mex loop; the kit computes the same heaps
  (``OctalGame('0.16').rare_split(N)`` computes every one of them, by the rare-value method), the values are
  compared, and the CPU times of both are printed with their ratio.
* **The table.** Each game runs in a fresh Python process, as from a fresh clone: ``periodicity()`` from
  nothing, and the preperiod, period, largest value and its first heap, mask, rare heaps and last rare heap
  are held against tczajka/octal-games' SolvedGames.md. The time (wall and CPU) and the peak memory of
  that process (measured from outside, as above) are printed, and the C reference's CPU time for the same
  heaps beside them.

A measurement, not a test: nothing fails; each row says whether it matches the published numbers.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

from gamelib.limits import HEAP_WORK_BUDGET

HERE = Path(__file__).resolve().parent
BASELINE = HERE / "octal_baseline.c"
REFERENCE = HERE / "octal_rare.c"
#: Games and heap counts of the comparison with the C reference of the same method ("grundy": Grundy's game).
REFERENCE_CASES = (("0.165", 2**14), ("0.127", 2**17), ("0.16", 2**19), ("0.56", 2**20), ("grundy", 2**20))
#: The goal: the kit's CPU time within this factor of the C reference's, fresh processes on both sides.
GOAL_REFERENCE_FACTOR = 2.0

#: tczajka/octal-games, SolvedGames.md: code -> (preperiod, period, (largest value, its first heap), mask,
#: rare heaps, last rare heap). 0.165 has no published mask.
PUBLISHED = {
    "0.45": (498, 20, (8, 37), "f", 11, 198),
    "0.156": (3479, 349, (23, 1032), "1b", 15, 357),
    "0.356": (7315, 142, (19, 86), "1b", 7, 43),
    "0.644": (3256, 442, (64, 333), "7e", 31, 511),
    "0.165": (5181, 1550, (25, 620), None, None, None),
    "0.127": (46578, 4, (56, 24734), "1+pos", 693, 27106),
    "0.16": (105351, 149459, (23, 229790), "1e", 53, 13935),
    "0.56": (326640, 144, (64, 22778), "5b", 46, 1795),
    "0.376": (2268248, 4, (176, 341612), "fe", 510, 1140540),
    "0.354": (10061916, 1180, (113, 1152), "3f", 132, 3227),
}
#: The two games whose proofs take minutes: run with --research only.
LONG = ("0.376", "0.354")
#: Grundy's game (tczajka/octal-games, UnsolvedGames.md, at 2**21 heaps): the largest value and its first heap,
#: mask, rare heaps, last rare heap. (Flammenkamp's tables list 1,287 rare values known, from far longer runs.)
GRUNDY_PUBLISHED: dict[str, Any] = {"heaps": 2**21, "largest": (231, 763622), "mask": "fe", "rare": 1274, "last": 82860}
#: Goals of the C comparison: the kit faster than the C loop at 2**19 heaps, within this factor at 2**16.
GOAL_SMALL_FACTOR = 3.0
C_SIZES = (2**16, 2**19)


# ------------------------------------------------------------------------------------------ the C baseline
def compile_baseline(folder: Path, source: Path = BASELINE) -> Path | None:
    """Compile ``source`` with the system's ``cc -O2``; None (and why, printed) when that fails."""
    compiler = shutil.which("cc")
    if compiler is None:
        print(f"  no C compiler (cc) on this machine: {source.name} is skipped")
        return None
    binary = folder / source.stem
    done = subprocess.run([compiler, "-O2", "-o", str(binary), str(source)], capture_output=True, text=True)
    if done.returncode != 0:
        print(f"  cc could not compile {source.name}: it is skipped\n{done.stderr[-500:]}")
        return None
    return binary


def measure(launcher: Path, command: list[str], env: dict | None = None) -> dict[str, Any]:
    """Run ``command`` under ``octal_rare --measure``: its stdout, and its CPU seconds (user + system), wall
    seconds and peak memory (MB), measured by that small parent; ``error`` when it failed."""
    done = subprocess.run([str(launcher), "--measure", *command], capture_output=True, text=True, cwd=HERE.parent,
                          env={**os.environ, "PYTHONHASHSEED": "0", **(env or {})})
    lines = done.stderr.strip().splitlines()
    if not lines or not lines[-1].startswith("measured: "):
        return {"error": lines[-1] if lines else f"exit {done.returncode}"}
    user, system, wall, kilobytes = lines[-1].split()[1:]
    result: dict[str, Any] = {"cpu": float(user) + float(system), "wall": float(wall),
                              "memory_mb": int(kilobytes) / 1024, "stdout": done.stdout}
    if done.returncode != 0:
        result["error"] = lines[-2] if len(lines) > 1 else f"exit {done.returncode}"
    return result


def compare_with_reference(cases: tuple[tuple[str, int], ...] = REFERENCE_CASES) -> None:
    """Print, for each case, the kit and the C reference of the same method, each a fresh process; and the
    floor under the kit's figures: what Python, and Python with numpy, cost to start and stop, measured here."""
    from gamelib.analysis import heap_kernel

    with tempfile.TemporaryDirectory() as folder:
        launcher = compile_baseline(Path(folder), REFERENCE)
        if launcher is None:
            return
        built = measure(launcher, [sys.executable, "-c", "from gamelib.analysis import heap_kernel; "
                                   "heap_kernel.load()"], {"XDG_CACHE_HOME": folder, heap_kernel.ENVIRONMENT: "c"})
        print(f"  the kit's loop: {heap_kernel.kernel_status()}; building it from nothing (once per user and "
              f"source): {built.get('error') or format(built['cpu'], '.2f') + ' s CPU'}")
        # Python runs from cached bytecode, as an installed package does (pip writes it at install): this run
        # keeps its own cache, made by one warm-up run, even where PYTHONDONTWRITEBYTECODE is set.
        python = {"PYTHONDONTWRITEBYTECODE": "", "PYTHONPYCACHEPREFIX": str(Path(folder) / "bytecode"),
                  "OPENBLAS_NUM_THREADS": "1"}
        octal_import = "import gamelib.games.octal, gamelib.analysis.heap_kernel, gamelib.analysis.kernel_loop"
        warm = f"{octal_import}, gamelib.games.grundys_game, benchmarks.octal_values"
        measure(launcher, [sys.executable, "-c", warm], python)
        floor = {name: min(measure(launcher, [sys.executable, "-c", code], env).get("cpu", float("nan"))
                           for _ in range(3))  # the best of 3 runs each
                 for name, code, env in (("python", "pass", python), ("numpy", "import numpy", python),
                                         ("kit", octal_import, python),
                                         ("uncached", octal_import, {"PYTHONDONTWRITEBYTECODE": "1"}))}
        print(f"{'game':<8}{'heaps':>7}  {'gamelib: CPU':>12} {'(values)':>9} {'memory':>8}   {'C reference':>11} "
              f"{'(values)':>9} {'memory':>8}   {'gamelib / C':>11} {'(values)':>9} {'floor':>6}  values agree")
        ratios = []
        for code, heaps in cases:
            ours, theirs = Path(folder) / "kit.bin", Path(folder) / "c.bin"
            kit = measure(launcher, [sys.executable, "-m", "benchmarks.octal_values", code, str(heaps), str(ours)],
                          python)
            ref = measure(launcher, [str(launcher), code, str(heaps), str(theirs)])
            if "error" in kit or "error" in ref:
                print(f"{code:<8}  {kit.get('error') or ref.get('error')}")
                continue
            agree = np.array_equal(np.fromfile(ours, dtype="<u2"), np.fromfile(theirs, dtype="<u2"))
            ratios.append(kit["cpu"] / ref["cpu"])
            kit_values, ref_values = float(kit["stdout"]), float(ref["stdout"].split()[0])
            power = f"2**{heaps.bit_length() - 1}"
            print(f"{code:<8}{power:>7}  {kit['cpu']:10.2f} s {kit_values:7.3f} s {kit['memory_mb']:5.0f} MB   "
                  f"{ref['cpu']:9.2f} s {ref_values:7.3f} s {ref['memory_mb']:5.0f} MB   {ratios[-1]:10.2f}x "
                  f"{kit_values / max(ref_values, 1e-6):8.2f}x {(floor['python'] + ref_values) / ref['cpu']:5.2f}x  "
                  f"{'yes' if agree else 'NO'}")
    within = sum(ratio <= GOAL_REFERENCE_FACTOR for ratio in ratios)
    print(f"  CPU = user + system time of the whole fresh process (for the kit: Python's start, the imports, the "
          f"compiled loop loaded, the values, the exit; benchmarks/octal_values.py); (values) = the computation "
          f"alone, as each program times it. Goal: within {GOAL_REFERENCE_FACTOR:g}x of the C reference: {within} "
          f"of {len(ratios)} cases.")
    print(f"  The floor, measured in this run (CPU of a fresh process, best of 3): Python starting and stopping "
          f"{floor['python']:.3f} s; importing what octal games need {floor['kit']:.3f} s ({floor['uncached']:.3f} s "
          f"where no bytecode is cached, e.g. PYTHONDONTWRITEBYTECODE=1); Python importing numpy {floor['numpy']:.3f} "
          f"s, which the kit's side does not do (with the compiled loop loaded, values are computed and written "
          f"without numpy). floor = (bare Python's start + the C reference's own computation) / its whole run: the "
          f"best ratio any Python program could show computing exactly as fast as the C reference.")


def c_values(binary: Path, code: str, heaps: int, folder: Path) -> tuple[float, float, np.ndarray]:
    """Run the C loop: (its CPU seconds, wall seconds, the values it wrote)."""
    out = folder / f"values-{heaps}.bin"
    start = time.perf_counter()
    done = subprocess.run([str(binary), code, str(heaps), str(out)], capture_output=True, text=True, check=True)
    wall = time.perf_counter() - start
    return float(done.stdout), wall, np.fromfile(out, dtype=np.uint16)


def kit_values(code: str, heaps: int) -> tuple[float, float, np.ndarray]:
    """The kit on a new game: (CPU seconds, wall seconds, the values of heaps 0 .. heaps - 1)."""
    from gamelib import OctalGame

    game = OctalGame(code)
    cpu, wall = time.process_time(), time.perf_counter()
    game.rare_split(heaps)  # computes every heap below `heaps` (no period is used to skip any)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    return cpu, wall, game._table.values[:heaps].copy()


def compare_with_c(code: str = "0.16", sizes: tuple[int, ...] = C_SIZES) -> None:
    """Print the kit's time against the C loop's for each size, and whether the values agree."""
    print(f"{'heaps':>9}  {'C loop (cc -O2)':>16}  {'gamelib':>16}  {'C / gamelib':>11}  values agree")
    with tempfile.TemporaryDirectory() as folder:
        binary = compile_baseline(Path(folder))
        if binary is None:
            return
        ratios = {}
        for heaps in sizes:
            c_cpu, c_wall, c_vals = c_values(binary, code, heaps, Path(folder))
            kit_cpu, kit_wall, kit_vals = kit_values(code, heaps)
            ratios[heaps] = c_cpu / kit_cpu
            agree = "yes" if np.array_equal(c_vals, kit_vals) else "NO"
            print(f"2**{heaps.bit_length() - 1:<6}  {c_cpu:8.2f} s CPU  {kit_cpu:10.2f} s CPU  {ratios[heaps]:10.2f}x  "
                  f"{agree}   (wall: C {c_wall:.2f} s, gamelib {kit_wall:.2f} s)")
    small, large = min(sizes), max(sizes)
    fast, close = _verdict(ratios[large] > 1), _verdict(ratios[small] >= 1 / GOAL_SMALL_FACTOR)
    print(f"  {code}: the same heaps, every value computed by both. Goals: faster than C at "
          f"2**{large.bit_length() - 1} "
          f"({fast}), within {GOAL_SMALL_FACTOR:g}x of it at 2**{small.bit_length() - 1} ({close}). CPU time: other "
          "work on the machine adds to the wall clock, not to these.")


# ---------------------------------------------------------------------------------------------- the table
def solve(code: str, max_search: int, budget: int) -> dict:
    """Prove one game's period from nothing (in this process) and say what was found and how fast."""
    from gamelib import GrundysGame, LimitError, OctalGame

    cpu, wall = time.process_time(), time.perf_counter()
    result: dict[str, Any]
    if code == "grundy":
        game = GrundysGame()
        budgets = 1
        while True:  # each call does one work budget's worth and keeps its values: call again to go on
            try:
                split = game.rare_split(max_search)
                break
            except LimitError:
                budgets += 1
        values = game.grundy_values(max_search)
        result = {"heaps": split.heaps, "largest": [int(values.max()), int(values.argmax())],
                  "mask": split.mask_text, "rare": split.rare_count, "last": split.last_rare, "budgets": budgets}
    else:
        p = OctalGame(code).periodicity(max_search=max_search, budget=budget)
        rare = p.rare
        assert rare is not None  # an octal game's proof always says how its values split
        result = {"preperiod": p.preperiod, "period": p.period, "largest": list(p.largest_value()),
                  "mask": rare.mask_text if rare.sparse else None, "rare": rare.rare_count if rare.sparse
                  else None, "last": rare.last_rare if rare.sparse else None, "heaps": p.checked_up_to}
    result["cpu"] = time.process_time() - cpu
    result["wall"] = time.perf_counter() - wall
    return result


def solve_fresh(code: str, max_search: int, budget: int, launcher: Path | None) -> dict:
    """:func:`solve` in a new Python process (nothing computed before), its peak memory measured from outside
    by ``launcher`` (``octal_rare --measure``; None when there is no compiler: no memory figure), and the C
    reference's CPU seconds for as many heaps."""
    command = [sys.executable, "-m", "benchmarks.octal", "--solve", code, str(max_search), str(budget)]
    if launcher is None:
        done = subprocess.run(command, capture_output=True, text=True, cwd=HERE.parent,
                              env=dict(os.environ, PYTHONHASHSEED="0"))
        outside: dict[str, Any] = {"stdout": done.stdout, "memory_mb": None, "reference": None}
        if done.returncode != 0:
            outside["error"] = done.stderr.strip().splitlines()[-1] if done.stderr.strip() else "failed"
    else:
        outside = measure(launcher, command)
    if "error" in outside:
        return {"error": outside["error"]}
    found = json.loads(outside["stdout"])
    found["memory_mb"] = outside["memory_mb"]
    if launcher is not None:
        ref = measure(launcher, [str(launcher), code, str(found["heaps"])])
        found["reference"] = ref.get("cpu")
    return found


def _megabytes(found: dict) -> str:
    return "-" if found.get("memory_mb") is None else f"{found['memory_mb']:.0f} MB"


def table(research: bool = False) -> None:
    """Print the published table, reproduced game by game, each from a fresh process."""
    with tempfile.TemporaryDirectory() as folder:
        launcher = compile_baseline(Path(folder), REFERENCE)
        _table(launcher, research)
        grundys_game(launcher, research)


def _table(launcher: Path | None, research: bool) -> None:
    print(f"{'game':<7}{'preperiod':>10}{'period':>8}{'largest':>14}{'mask':>7}{'rare':>6}{'last rare':>10}"
          f"{'heaps':>11}{'wall':>9}{'CPU':>9}{'memory':>9}{'C ref':>8}  published?")
    for code, published in PUBLISHED.items():
        if code in LONG and not research:
            continue
        preperiod, period, _, _, _, _ = published
        needed = 2 * preperiod + 2 * period + len(code) - 2  # the Guy-Smith window: 2 n0 + 2 p + t heaps
        budget = 10**13 if code in LONG else 10**11
        found = solve_fresh(code, max(2**15, 2 * needed), budget, launcher)
        if "error" in found:
            print(f"{code:<7}  {found['error']}")
            continue
        ours = (found["preperiod"], found["period"], tuple(found["largest"]), found["mask"], found["rare"],
                found["last"])
        if published[3] is None:  # no split published (0.165): compare the rest
            ours = ours[:3] + (None, None, None)
        largest = f"{found['largest'][0]} at {found['largest'][1]:,}"
        print(f"{code:<7}{found['preperiod']:>10,}{found['period']:>8,}{largest:>14}{found['mask'] or '-':>7}"
              f"{found['rare'] if found['rare'] is not None else '-':>6}"
              f"{found['last'] if found['last'] is not None else '-':>10,}"
              f"{found['heaps']:>11,}{found['wall']:>8.2f}s{found['cpu']:>8.2f}s{_megabytes(found):>9}"
              f"{'-' if found['reference'] is None else format(found['reference'], '.2f') + 's':>8}  "
              f"{'matches' if ours == published else 'DIFFERS: ' + str(published)}")
    if not research:
        print(f"  {' and '.join(LONG)}: run with --research (minutes each; times in docs/explanation/engine.md).")
    print("  heaps = values computed to prove the period (at least the Guy-Smith window 2 n0 + 2 p + t); wall and "
          "CPU: the proof in its fresh process (values and period checks, not the start); memory = peak of that "
          "process, measured from outside; C ref = CPU of benchmarks/octal_rare.c computing as many heaps.")


def grundys_game(launcher: Path | None, research: bool = False) -> None:
    """Grundy's game to 2**20 heaps (2**21 with --research), from a fresh process."""
    heaps = 2**21 if research else 2**20
    found = solve_fresh("grundy", heaps, 10**13, launcher)
    if "error" in found:
        print(f"Grundy's game: {found['error']}")
        return
    ref: dict[str, Any] = GRUNDY_PUBLISHED
    print(f"Grundy's game, heaps 0 .. {heaps - 1:,}: largest value {found['largest'][0]} (first at heap "
          f"{found['largest'][1]:,}), mask {found['mask']}, "
          f"{found['rare']:,} rare heaps, the last at {found['last']:,}; {found['wall']:.1f} s wall, "
          f"{found['cpu']:.1f} s CPU, {_megabytes(found)} ({found['budgets']} work budget(s) of "
          f"{HEAP_WORK_BUDGET:,} units: the values are kept between calls)")
    print(f"  published at 2**21 heaps: largest {ref['largest'][0]} (first at {ref['largest'][1]:,}), mask "
          f"{ref['mask']}, {ref['rare']:,} rare, the last at {ref['last']:,}")


def _verdict(ok: bool) -> str:
    return "met" if ok else "NOT met"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--research", action="store_true", help="also 0.376, 0.354 and Grundy's game to 2**21")
    parser.add_argument("--solve", nargs=3, metavar=("CODE", "MAX_SEARCH", "BUDGET"), help=argparse.SUPPRESS)
    options = parser.parse_args(argv)
    if options.solve:
        code, max_search, budget = options.solve
        print(json.dumps(solve(code, int(max_search), int(budget))))
        return 0
    print("[octal-c] The kit against the plain C loop (0.16)")
    compare_with_c()
    print("\n[octal-rare] The kit against a C program of the same rare-value method, fresh processes")
    compare_with_reference()
    print("\n[octal-table] The published table of solved octal games, each proven from nothing")
    table(options.research)
    return 0


if __name__ == "__main__":
    sys.exit(main())
