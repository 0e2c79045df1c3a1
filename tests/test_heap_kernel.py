"""The compiled loop of the rare-value method (gamelib/analysis/heap_kernel.c) against the numpy loop and the
values the engine computed before the loop was compiled.

CHECKSUMS were computed at commit d600381 (the numpy + Python engine, before heap_kernel existed): the
SHA-256 of g(0) .. g(heaps - 1) as little-endian 16-bit numbers, first 16 hex digits. The heap counts cover
the Guy--Smith window of each published game (2 n0 + 2 p + t), and 2**20 heaps of Grundy's game, 0.376 and
0.354 (whose proofs need far more).
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from brute_octal import octal_values
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib import GrundysGame, OctalGame
from gamelib.analysis import heap_kernel, period_scan, rare_values

CHECKSUMS = {  # game: (heaps, checksum), from the engine before the compiled loop
    "0.45": (1100, "7de01a608e0361f7"),
    "0.156": (7700, "816fdf994955b0d7"),
    "0.356": (15000, "e2f428581f845429"),
    "0.644": (7800, "950b689e9a1c4d18"),
    "0.165": (13500, "cc6557e67f370967"),
    "0.127": (93200, "c3cf627bb92190b7"),
    "0.16": (509700, "4e62c7b0ddc48e8a"),
    "0.56": (653600, "56895c230661f773"),
    "0.354": (2**20, "f3848ccd6e03870e"),
    "0.376": (2**20, "a2b5926053c12e97"),
    "grundy": (2**20, "2760b60483b8faae"),
}
#: Too slow for the numpy loop in a test run (10 s to a minute or more each): the compiled loop only, whose values
#: the numpy loop then equals on 2**15 heaps of each (the numpy loop's checksums are those of the smaller games).
COMPILED_ONLY = ("0.16", "0.56", "0.354", "0.376", "grundy")
SLOW = ("0.16", "0.56", "0.354", "0.376", "grundy")


def values_of(game_name: str, heaps: int) -> np.ndarray:
    game = GrundysGame() if game_name == "grundy" else OctalGame(game_name)
    game._table.compute(heaps, budget=10**15)
    return game._table.values[:heaps]


def checksum(values: np.ndarray) -> str:
    return hashlib.sha256(np.asarray(values, dtype="<u2").tobytes()).hexdigest()[:16]


def cases(loop):
    for name, (heaps, digest) in CHECKSUMS.items():
        if loop == "numpy" and name in COMPILED_ONLY:
            continue
        marks = [pytest.mark.slow] if name in SLOW else []
        yield pytest.param(loop, name, heaps, digest, marks=marks, id=f"{loop}-{name}")


@pytest.mark.parametrize("loop, name, heaps, digest", [*cases("c"), *cases("numpy")])
def test_values_are_those_of_the_engine_before_the_compiled_loop(monkeypatch, loop, name, heaps, digest):
    monkeypatch.setenv(heap_kernel.ENVIRONMENT, loop)
    assert checksum(values_of(name, heaps)) == digest


@pytest.mark.slow  # 1.5 s each; the fast lane compares the loops on the checksums of the smaller games
@pytest.mark.parametrize("name", COMPILED_ONLY)
def test_both_loops_agree_where_the_numpy_loop_is_too_slow_for_the_checksum(monkeypatch, name):
    monkeypatch.setenv(heap_kernel.ENVIRONMENT, "c")
    compiled = values_of(name, 2**15)
    monkeypatch.setenv(heap_kernel.ENVIRONMENT, "numpy")
    assert np.array_equal(compiled, values_of(name, 2**15))


codes = st.builds(lambda d0, rest: f"{d0}." + "".join(map(str, rest)), st.sampled_from([0, 0, 4]),
                  st.lists(st.integers(0, 7), min_size=1, max_size=5))


@given(codes, st.sampled_from([None, 0, "1", "3", "1e", "fe", "1+pos"]))
@settings(max_examples=60, deadline=None)
def test_the_compiled_loop_equals_the_brute_force_on_any_code_and_mask(code, mask):
    game = OctalGame(code)
    if mask == "1+pos" and game.rules.split_parity is None:
        mask = "1"  # the position variant needs splits of one parity
    os.environ[heap_kernel.ENVIRONMENT] = "c"
    try:
        assert values_of_game(OctalGame(code, rare_mask=mask), 300) == octal_values(code, 300)
    finally:
        del os.environ[heap_kernel.ENVIRONMENT]


@pytest.mark.parametrize("loop", ["c", "numpy"])
def test_many_rare_heaps_are_listed_as_they_come_with_room_made_on_the_way(monkeypatch, loop):
    # Under the given mask 1 about half the heaps of 0.16 are rare: far more than the 64 the rare lists start
    # with, so the compiled loop runs out of room many times and lists every rare heap itself.
    monkeypatch.setenv(heap_kernel.ENVIRONMENT, loop)
    game = OctalGame("0.16", rare_mask="1")
    assert values_of_game(game, 1500) == octal_values("0.16", 1500)
    assert game._table.split().rare_count > 500


@given(st.lists(st.integers(0, 3), max_size=60), st.integers(0, 40), st.sampled_from([np.uint16, np.uint32]))
@settings(max_examples=150, deadline=None)
def test_the_compiled_failure_function_gives_the_periods_python_gives(head, repeats, dtype):
    # a stretch that repeats a few times after a head, so that lists with many periods come up often
    items = head + head[-3:] * repeats
    os.environ[heap_kernel.ENVIRONMENT] = "c"
    original = period_scan.COMPILED_SCAN
    period_scan.COMPILED_SCAN = 0  # every length through the compiled function
    try:
        assert period_scan.periods_of_values(np.array(items, dtype=dtype)) == period_scan.periods_of(items)
    finally:
        period_scan.COMPILED_SCAN = original
        del os.environ[heap_kernel.ENVIRONMENT]


@given(st.lists(st.integers(0, 40), max_size=300), st.integers(0, 299), st.sampled_from([None, 0, 1]),
       st.sampled_from([2, 4]))
@settings(max_examples=150, deadline=None)
def test_the_compiled_mask_choice_and_rare_list_are_the_numpy_ones(values, counted, parity, width):
    """kernel_loop's bookkeeping in C (no numpy) against rare_values' numpy functions, the reference: the best
    mask of heaps 1 .. len - 1, counted in two stretches, and the rare heaps under it."""
    os.environ[heap_kernel.ENVIRONMENT] = "c"
    try:
        kernel = heap_kernel.load()
    finally:
        del os.environ[heap_kernel.ENVIRONMENT]
    values = [0, *values]  # heap 0 has value 0
    stored = np.array(values, dtype=np.uint16 if width == 2 else np.uint32)
    size = 2 << int(stored.max()).bit_length()
    counts, scratch, chosen = (np.zeros(size, dtype=np.int64) for _ in range(3))
    middle = max(1, min(counted, len(values)))
    for first, stop in ((1, middle), (middle, len(values))):  # counts add up across calls, as the loop uses them
        kernel.choose[width](stored.ctypes.data, first, stop, -1 if parity is None else parity,
                             counts.ctypes.data, size, scratch.ctypes.data, chosen.ctypes.data)
    mask, position, rare = rare_values.best_mask(stored, parity)
    assert (int(chosen[0]) >> 1, bool(chosen[0] & 1), int(chosen[1])) == (mask, position, rare)
    assert kernel.largest[width](stored.ctypes.data, len(values)) == max(values)
    classes = rare_values.mask_parities(size, mask)
    room = len(values)
    heaps, heap_values = np.zeros(room, dtype=np.int64), np.zeros(room, dtype=np.int64)
    found = kernel.rare[width](stored.ctypes.data, len(values), classes.ctypes.data, position,
                               parity or 0, heaps.ctypes.data, heap_values.ctypes.data, room)
    expected = rare_values.rare_heaps_of(stored, mask, position, parity)
    expected = expected[expected > 0]  # heap 0 is never part of a split
    assert heaps[:found].tolist() == expected.tolist() and heap_values[:found].tolist() == stored[expected].tolist()
    if found > 1:  # with too little room: as many as fit, and the count of them all
        assert kernel.rare[width](stored.ctypes.data, len(values), classes.ctypes.data, position, parity or 0,
                                  heaps.ctypes.data, heap_values.ctypes.data, 1) == found


def values_of_game(game, heaps):
    game._table.compute(heaps)
    return game._table.values[:heaps].tolist()


def test_the_environment_variable_chooses_the_loop(monkeypatch):
    monkeypatch.setenv(heap_kernel.ENVIRONMENT, "numpy")
    assert heap_kernel.load() is None and "numpy" in heap_kernel.kernel_status()
    monkeypatch.setenv(heap_kernel.ENVIRONMENT, "c")
    assert heap_kernel.load() is not None and "compiled loop" in heap_kernel.kernel_status()
    monkeypatch.setenv(heap_kernel.ENVIRONMENT, "fast please")
    with pytest.raises(ValueError, match="GAMELIB_KERNEL must be one of auto, numpy, c .*'fast please'"):
        heap_kernel.load()


def test_the_compiler_is_found_where_shutil_which_finds_it(tmp_path, monkeypatch):
    import shutil

    folders = [tmp_path / name for name in ("a-folder-named-cc", "not-executable", "executable", "second")]
    for folder in folders:
        folder.mkdir()
    (folders[0] / "cc").mkdir()
    (folders[1] / "cc").write_text("")
    for folder in folders[2:]:
        (folder / "cc").write_text("#!/bin/sh\n")
        (folder / "cc").chmod(0o755)
    for order, found in ((folders, folders[2]), (folders[:2], None), (folders[::-1], folders[3])):
        monkeypatch.setenv("PATH", os.pathsep.join(map(str, order)))
        assert heap_kernel.find_compiler() == shutil.which("cc") == (found and str(found / "cc"))


def test_the_library_is_renamed_when_its_source_compiler_flags_or_platform_change(tmp_path, monkeypatch):
    """A cached library is used only for the very source, compiler, flags and platform it was built from."""
    source = tmp_path / "heap_kernel.c"
    source.write_bytes(Path(heap_kernel.SOURCE).read_bytes())
    monkeypatch.setattr(heap_kernel, "SOURCE", source)
    cc, clang = str(tmp_path / "cc"), str(tmp_path / "clang")  # two compilers (no links: named as they are)
    names = [heap_kernel.library_name(cc)]
    assert names[0] == heap_kernel.library_name(cc)  # the same inputs, the same name
    source.write_bytes(Path(heap_kernel.SOURCE).read_bytes().replace(b"++gen;", b"gen += 1;"))
    names.append(heap_kernel.library_name(cc))
    names.append(heap_kernel.library_name(clang))
    monkeypatch.setattr(heap_kernel, "FLAGS", (*heap_kernel.FLAGS, "-O3"))
    names.append(heap_kernel.library_name(clang))
    monkeypatch.setattr(heap_kernel.sys, "platform", "darwin")
    names.append(heap_kernel.library_name(clang))
    monkeypatch.setattr(heap_kernel, "machine", lambda: "arm64")
    names.append(heap_kernel.library_name(clang))
    assert len(set(names)) == len(names), names
    assert all(name.startswith("heap_kernel-") and name.endswith(".so") for name in names)


def test_the_machine_is_named_as_the_platform_module_names_it():
    """The cache key reads the machine from os.uname (the platform module costs a fresh process 7 ms)."""
    import platform

    assert heap_kernel.machine() == platform.machine() != ""


def run_fresh(code: str, env: dict) -> subprocess.CompletedProcess:
    """Python code in a new process (nothing loaded), with the worktree importable."""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1]), **env}
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300)


def test_without_a_compiler_the_numpy_loop_runs_with_the_same_values(tmp_path):
    """No cc on PATH and an empty cache: auto falls back (same values), c says why it cannot."""
    code = ("from gamelib import OctalGame; from gamelib.analysis import heap_kernel;"
            "print(OctalGame('0.16').grundy_values(3000).sum(), heap_kernel.load() is None)")
    env = {"PATH": str(tmp_path), "XDG_CACHE_HOME": str(tmp_path / "cache"), heap_kernel.ENVIRONMENT: "auto"}
    done = run_fresh(code, env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [str(sum(octal_values("0.16", 3000))), "True"]
    failed = run_fresh(code, {**env, heap_kernel.ENVIRONMENT: "c"})
    assert failed.returncode != 0 and "no C compiler (cc) found" in failed.stderr


def test_processes_building_at_once_share_one_library_and_agree(tmp_path):
    """Four fresh processes race to build into one empty cache folder: each loads a whole library."""
    code = ("from gamelib import GrundysGame; from gamelib.analysis import heap_kernel;"
            "print(heap_kernel.load().path, GrundysGame().grundy_values(5000).sum())")
    env = {"XDG_CACHE_HOME": str(tmp_path), heap_kernel.ENVIRONMENT: "c"}
    started = [subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True, env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1]),
                                                **env}) for _ in range(4)]
    outputs = [process.communicate(timeout=300) for process in started]
    assert all(process.returncode == 0 for process in started), [err for _, err in outputs]
    assert len({out for out, _ in outputs}) == 1  # one library path, one answer
    assert [p.name for p in (tmp_path / "gamelib").iterdir()] == [Path(outputs[0][0].split()[0]).name]


def test_the_kit_imports_without_loading_or_building_the_loop(tmp_path):
    """Lessons without octal games pay nothing: importing gamelib builds and loads no library."""
    code = ("import sys, os, gamelib; print('gamelib.analysis.heap_kernel' in sys.modules, "
            "os.path.exists(sys.argv[1])); "
            "gamelib.OctalGame('0.16').grundy(50); print('gamelib.analysis.heap_kernel' in sys.modules, "
            "os.path.exists(sys.argv[1]))")
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1]), "XDG_CACHE_HOME": str(tmp_path),
           heap_kernel.ENVIRONMENT: "auto"}
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path / "gamelib")], capture_output=True, text=True,
                          env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "False", "True", "True"]
