"""How fast is gamelib? Measured against the seed texts' algorithms written in plain Python.

Run ``.venv/bin/python -m benchmarks.run`` (or ``make bench``). It prints, in one run:

* Grundy values of S = {2, 5, 7}, {1, 3, 7, 8}, {1, ..., 10} for heaps below 10**6 and 10**7: the textbook's
  mex loop in plain Python (one set per heap) against ``SubtractionGame.grundy_values`` -- the first call
  (which finds and proves the period) and a repeated call (filling the array from the period);
* PTFN (He & Qin's Algorithm 1, plain Python) against the same mex loop, to test the paper's claim that
  PTFN is simpler and more efficient for one heap;
* ``grundy(10**18)``: the first call and the calls after it;
* the periodicity surveys for max_element = 30 and 50;
* octal games: Kayles' proven period and its values for 10**7 heaps;
* misère quotients: Dawson's Kayles (0.07) to heap 30 in a fresh process, and Kayles for a minute
  (benchmarks/misere.py, which also runs MisereSolver beside it when told where it is);
* octal games at research scale (benchmarks/octal.py): 0.16's values against a plain C O(n**2) loop at 2**16
  and 2**19 heaps, five games against a C program of the same rare-value method (fresh processes, CPU and
  peak memory measured from outside), and the published table of solved games reproduced, each from a fresh
  process, with Grundy's game to 2**20 heaps (``--research`` adds 0.376 and 0.354, minutes each, and Grundy to
  2**21).

This is a measurement, not a test: nothing fails; each goal is printed with "met" or "NOT met".
``--quick`` skips the plain-Python runs at 10**7 (about two minutes) and estimates them as ten times the
10**6 runs, clearly marked. ``--only NAME`` runs some sections (names as printed in brackets).

Adding a section: write a function taking the shared ``results`` dict, decorate it with
``@section("name", "Title")``, and put it in the marked block near the end; it then runs in order.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

import numpy as np

from benchmarks import octal as octal_benchmarks
from benchmarks import results
from gamelib import SubtractionGame
from gamelib.analysis.periodicity import Periodicity
from gamelib.analysis.survey import periodicity_survey
from gamelib.games.octal import OctalGame

SETS = [(2, 5, 7), (1, 3, 7, 8), tuple(range(1, 11))]
STOPS = [10**6, 10**7]
GOAL_RATIO = 1000  # gamelib at least this many times the plain-Python mex loop at 10**7
GOAL_HUGE_SECONDS = 1e-3  # grundy(10**18) after the first call
GOAL_SURVEY_SECONDS = {30: 1.0, 50: 10.0}
GOAL_HACKENBUSH_SECONDS = 1.0  # a picture of 100,000 edges, the largest a student could paste

#: The benchmark sections, in the order they run: (name, title, function(results, options)).
SECTIONS: list[tuple[str, str, Callable[[dict, argparse.Namespace], None]]] = []


def section(name: str, title: str) -> Callable:
    """Register a benchmark section (a function of the shared ``results`` dict and the command-line options)."""

    def register(function: Callable[[dict, argparse.Namespace], None]) -> Callable:
        SECTIONS.append((name, title, function))
        return function

    return register


# ------------------------------------------------------------------------------------------------ helpers
def timed(function: Callable[..., Any], *args: Any) -> tuple[float, Any]:
    """Run once; return (seconds, result)."""
    start = time.perf_counter()
    result = function(*args)
    return time.perf_counter() - start, result


def best_of(function: Callable, repeat: int, *args) -> float:
    """The fastest of ``repeat`` runs, in seconds (the least disturbed by other work on the machine)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        function(*args)
        best = min(best, time.perf_counter() - start)
    return best


def show_time(seconds: float) -> str:
    """Seconds in a unit a reader takes in at a glance."""
    if seconds >= 1:
        return f"{seconds:8.2f} s "
    if seconds >= 1e-3:
        return f"{seconds * 1e3:8.2f} ms"
    return f"{seconds * 1e6:8.2f} µs"


def set_label(S: tuple[int, ...]) -> str:
    return "{1, ..., 10}" if S == tuple(range(1, 11)) else "{" + ", ".join(map(str, S)) + "}"


def verdict(ok: bool) -> str:
    return "met" if ok else "NOT met"


# ------------------------------------------------------------------ the seed texts' algorithms, plain Python
def mex_loop(S: tuple[int, ...], stop: int) -> list[int]:
    """The textbook's way: g(n) = mex of {g(n - s) : s in S, s <= n}, one heap after another."""
    g = [0] * stop
    for n in range(stop):
        followers = {g[n - s] for s in S if s <= n}
        m = 0
        while m in followers:
            m += 1
        g[n] = m
    return g


def ptfn_loop(S: tuple[int, ...], stop: int) -> list[int]:
    """He & Qin's Algorithm 1 (with the array bound checked): 0 = P, 1 = N."""
    X = [0] * stop
    for i in range(stop):
        if X[i] == 0:
            for s in S:
                if i + s < stop:
                    X[i + s] = 1
    return X


def plain_time(results: dict, options: argparse.Namespace, kind: str, S: tuple[int, ...], stop: int):
    """Time a plain-Python run once per (kind, S, stop), shared between sections; (seconds, estimated?)."""
    key = (kind, S, stop)
    if key not in results:
        function = mex_loop if kind == "mex" else ptfn_loop
        if options.quick and stop > 10**6:
            small, _ = plain_time(results, options, kind, S, 10**6)
            results[key] = (small * stop / 10**6, True)
        else:
            seconds, values = timed(function, S, stop)
            results[key] = (seconds, False)
            if stop == 10**6:
                results[(kind, S, "values")] = values
    return results[key]


# --------------------------------------------------------------------------------------------- sections
@section("grundy", "Grundy values: the plain-Python mex loop against gamelib")
def grundy_values_section(results: dict, options: argparse.Namespace) -> None:
    print(f"{'S':<14}{'stop':>6}  {'mex loop':>11}  {'gamelib 1st':>11}  {'gamelib':>11}  "
          f"{'ratio':>9}  {'ratio 1st':>9}  values agree")
    worst_ratio = float("inf")
    for S in SETS:
        for stop in STOPS:
            plain, estimated = plain_time(results, options, "mex", S, stop)
            first, values = timed(lambda: SubtractionGame(S).grundy_values(stop))  # noqa: B023
            game = SubtractionGame(S)
            game.grundy_values(1)  # the period is now known; what follows is only the fill
            again = best_of(game.grundy_values, 7, stop)
            if stop == 10**6:
                agree = "yes" if np.array_equal(values, results[("mex", S, "values")]) else "NO"
            else:
                agree = "(checked at 10**6)"
            ratio, ratio_first = plain / again, plain / first
            if stop == 10**7:
                worst_ratio = min(worst_ratio, ratio)
            mark = "~" if estimated else " "
            print(f"{set_label(S):<14}{'10**' + str(len(str(stop)) - 1):>6}  {mark}{show_time(plain)}  "
                  f"{show_time(first)}  {show_time(again)}  {ratio:>8,.0f}x  {ratio_first:>8,.0f}x  {agree}")
    print("  gamelib 1st = a new game: find and prove the period, then fill; gamelib = later calls (fill only).")
    if options.quick:
        print("  ~ = estimated as 10 x the 10**6 time (--quick); run without --quick to measure it.")
    print(f"  goal: gamelib >= {GOAL_RATIO}x the mex loop at 10**7 (later calls): lowest {worst_ratio:,.0f}x, "
          f"{verdict(worst_ratio >= GOAL_RATIO)}")


@section("ptfn", "PTFN against the mex loop (both plain Python; PTFN gives only P/N, not Grundy values)")
def ptfn_section(results: dict, options: argparse.Namespace) -> None:
    print(f"{'S':<14}{'stop':>6}  {'mex loop':>11}  {'PTFN':>11}  {'PTFN faster by':>14}  {'P share':>7}  P/N agree")
    for S in SETS:
        for stop in STOPS:
            mex_seconds, mex_estimated = plain_time(results, options, "mex", S, stop)
            ptfn_seconds, ptfn_estimated = plain_time(results, options, "ptfn", S, stop)
            n_positions = np.array(results[("ptfn", S, "values")]) == 1
            share = 1 - n_positions.mean()
            agree = "(checked at 10**6)"
            if stop == 10**6:
                grundy_nonzero = np.array(results[("mex", S, "values")]) != 0
                agree = "yes" if np.array_equal(grundy_nonzero, n_positions) else "NO"
            mark = "~" if mex_estimated or ptfn_estimated else " "
            print(f"{set_label(S):<14}{'10**' + str(len(str(stop)) - 1):>6}  {mark}{show_time(mex_seconds)}  "
                  f"{mark}{show_time(ptfn_seconds)}  {mex_seconds / ptfn_seconds:>13.2f}x  {share:>7.1%}  {agree}")
    print("  PTFN visits every heap but does work (|S| writes) only at P-positions (the P share above); the mex"
          "\n  loop builds a set of |S| values and searches it at every heap. Both are linear in stop, so the"
          "\n  difference is a constant factor; PTFN answers only P/N, the mex loop gives Grundy values.")


@section("huge", "grundy(10**18) through the proven period")
def huge_section(results: dict, options: argparse.Namespace) -> None:
    for S in SETS:
        first, value = timed(SubtractionGame(S).grundy, 10**18)
        game = SubtractionGame(S)
        game.grundy(0)
        calls = 10_000
        start = time.perf_counter()
        for _ in range(calls):
            game.grundy(10**18)
        later = (time.perf_counter() - start) / calls
        print(f"{set_label(S):<14} g(10**18) = {value}   first call {show_time(first)}   later calls "
              f"{show_time(later)} each   goal < 1 ms after the first call: {verdict(later < GOAL_HUGE_SECONDS)}")


@section("hackenbush", "Green Hackenbush: a random picture of 100,000 edges valued by the colon and fusion principles")
def hackenbush_section(results: dict, options: argparse.Namespace) -> None:
    import random

    from gamelib import GreenHackenbush

    rng = random.Random(1)
    edges = [(rng.randrange(v), v) for v in range(1, 80_001)] + [
        (rng.randrange(80_001), rng.randrange(80_001)) for _ in range(20_000)]
    picture = GreenHackenbush(edges)
    seconds = best_of(lambda: GreenHackenbush(edges).grundy(picture.start), 3)
    print(f"100,000 edges (80,000 of a tree, 20,000 closing cycles): {show_time(seconds)}   "
          f"goal < {GOAL_HACKENBUSH_SECONDS:g} s: {verdict(seconds < GOAL_HACKENBUSH_SECONDS)}")
    results["hackenbush_100000_edges_seconds"] = seconds


@section("survey", "Periodicity surveys: every 3-element subtraction set from 1..max_element")
def survey_section(results: dict, options: argparse.Namespace) -> None:
    for max_element, goal in GOAL_SURVEY_SECONDS.items():
        seconds, records = timed(periodicity_survey, max_element)
        longest = max(records, key=lambda r: r.period)
        latest = max(records, key=lambda r: r.preperiod)
        print(f"max_element = {max_element}: {len(records):,} sets in {show_time(seconds)} "
              f"(goal < {goal:g} s: {verdict(seconds < goal)}); longest period {longest.period} "
              f"for S = {set_label(longest.S)}, longest preperiod {latest.preperiod} for S = {set_label(latest.S)}")


@section("octal", "Octal games: proven periods (Guy-Smith) and values through them")
def octal_section(results: dict, options: argparse.Namespace) -> None:
    for code in ("0.77", "0.07", "0.137"):
        seconds, proof = timed(lambda: OctalGame(code).periodicity())  # noqa: B023
        period = cast(Periodicity, proof)
        game = OctalGame(code)
        game.periodicity()
        fill = best_of(game.grundy_values, 7, 10**7)
        print(f"{game.title:<24} preperiod {period.preperiod}, period {period.period} "
              f"(proven from {period.checked_up_to} heaps in {show_time(seconds).strip()}); "
              f"values for 10**7 heaps {show_time(fill).strip()}")


@section("octal-c", "Octal games: the kit against a plain C O(n**2) mex loop (0.16, the same heaps)")
def octal_c_section(results: dict, options: argparse.Namespace) -> None:
    octal_benchmarks.compare_with_c()


@section("octal-rare", "Octal games: the kit against a C program of the same rare-value method (fresh processes)")
def octal_rare_section(results: dict, options: argparse.Namespace) -> None:
    octal_benchmarks.compare_with_reference()


@section("octal-table", "Octal games: the published table of solved games, each proven from nothing")
def octal_table_section(results: dict, options: argparse.Namespace) -> None:
    octal_benchmarks.table(options.research)


@section("misere", "Misère quotients: Dawson's Kayles to heap 30 (a fresh process), Kayles for a minute")
def misere_section(results: dict, options: argparse.Namespace) -> None:
    from benchmarks import misere

    misere.dawson(rounds=3)
    misere.kayles()


# ============================================================================================ widget steps
GOAL_WIDGET_STEP = 0.100  # seconds per button step: recompute + redraw


def widget_steps() -> list[tuple[str, Callable, Callable]]:
    """(label, make the widget, one press as a person would make it) for the panels' buttons; the sliders and
    text boxes of every lesson are in benchmarks/widget_steps.py."""
    from gamelib import widgets

    return [
        ("labelling_player: step forward", widgets.labelling_player, lambda w, i: w.forward_button.click()),
        ("chomp_explorer: one bite", lambda: widgets.chomp_explorer(3, 5),
         lambda w, i: w.move(2, 4 - i) if i < 4 else w.new_game()),
        ("play_subtraction: a move and the reply", widgets.play_subtraction, lambda w, i: w.move(1)),
    ]


@section("widgets", "Widget steps in Python: every slider and text box of the lessons (build and encode apart), "
                    "then the buttons")
def widgets_section(results: dict, options: argparse.Namespace) -> None:
    import statistics

    from benchmarks import widget_steps as steps
    from gamelib.widgets import panel

    steps.report()
    print(f"\n{'button press':<42} {'wall clock':>11} {'CPU time':>10}   goal < {GOAL_WIDGET_STEP * 1000:.0f} ms")
    for label, make, step in widget_steps():
        widget = make()
        walls, cpus = [], []
        for i in range(7):
            panel.PNG_CACHE.clear()
            wall, cpu = time.perf_counter(), time.process_time()
            step(widget, i)
            walls.append(time.perf_counter() - wall)
            cpus.append(time.process_time() - cpu)
        wall, cpu = statistics.median(walls), statistics.median(cpus)
        print(f"{label:<42} {show_time(wall)} {show_time(cpu)}   {verdict(wall < GOAL_WIDGET_STEP)}")
    print("  (wall clock counts time lost to other programs on the machine; CPU time is this process alone)")


@section("practice", "Practice: dealing an instance of each exercise, and checking one answer (goal < 50 ms each)")
def practice_section(results: dict, options: argparse.Namespace) -> None:
    from benchmarks import practice

    practice.report()


@section("memory", "Peak memory of one kernel that runs every lesson, top to bottom (goal < 400 MB)")
def memory_section(results: dict, options: argparse.Namespace) -> None:
    import nbformat
    from jupyter_client.manager import start_new_kernel

    lessons = sorted((Path(__file__).resolve().parent.parent / "notebooks").glob("[0-9]*.ipynb"))
    manager, client = start_new_kernel(kernel_name="python3", cwd=str(lessons[0].parent))
    try:
        for lesson in lessons:
            for cell in nbformat.read(lesson, as_version=4).cells:
                if cell.cell_type == "code":
                    reply = client.execute_interactive(cell.source, timeout=300, output_hook=lambda _msg: None)
                    if reply["content"]["status"] != "ok":
                        raise RuntimeError(f"{lesson.name}: a cell failed: {cell.source[:60]!r}")
        peak = []
        client.execute_interactive(
            "import resource; print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)", timeout=60,
            output_hook=lambda msg: peak.append(msg["content"].get("text", "")))
        megabytes = int("".join(peak).strip()) / 1024  # ru_maxrss is in kilobytes on Linux
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)
    print(f"{len(lessons)} lessons in one kernel: peak resident memory {megabytes:.0f} MB "
          f"(goal < 400 MB: {verdict(megabytes < 400)})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="estimate the plain-Python runs at 10**7")
    parser.add_argument("--research", action="store_true", help="octal-table: also 0.376 and 0.354 (minutes each)")
    parser.add_argument("--only", nargs="+", metavar="NAME", help="run only these sections: "
                        + ", ".join(name for name, _, _ in SECTIONS))
    options = parser.parse_args(argv)
    unknown = set(options.only or ()) - {name for name, _, _ in SECTIONS}
    if unknown:
        parser.error(f"unknown section(s): {', '.join(sorted(unknown))}")
    print(f"gamelib benchmarks -- Python {sys.version.split()[0]}, numpy {np.__version__}")
    results: dict = {}
    for name, title, function in SECTIONS:
        if options.only and name not in options.only:
            continue
        print(f"\n[{name}] {title}")
        start = time.perf_counter()
        function(results, options)
        print(f"  ({show_time(time.perf_counter() - start).strip()} for this section)")
    return 0


if __name__ == "__main__":
    sys.exit(results.record("run", main))
