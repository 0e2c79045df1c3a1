"""``import gamelib`` loads nothing else: each public name is imported on first use (PEP 562), and numpy's
OpenBLAS is asked for one thread when gamelib imports numpy first. Every public name works as before: as
``gamelib.X``, ``from gamelib import X``, ``from gamelib import *`` and in ``dir(gamelib)``."""

from __future__ import annotations

import array
import ast
import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import gamelib

ROOT = Path(__file__).resolve().parent.parent


def fresh(code: str, **environment: str) -> dict:
    """Run ``code`` in a new Python process (this checkout first on the path); it prints one JSON value."""
    env = {key: value for key, value in os.environ.items() if key != "OPENBLAS_NUM_THREADS"}
    env.update(environment, PYTHONPATH=os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")]))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    return json.loads(done.stdout)


LOADED = "import json, sys; print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in {}))); "


def test_importing_the_package_loads_no_module_of_it_and_not_numpy():
    loaded = fresh("import gamelib; " + LOADED.format({"gamelib", "numpy"}))
    assert loaded == ["gamelib"]


def test_octal_games_load_only_what_they_need():
    loaded = fresh("from gamelib import OctalGame; OctalGame('0.16').grundy(10); "
                   + LOADED.format({"gamelib", "matplotlib", "ipywidgets"}))
    assert "gamelib.games.octal" in loaded
    # Other games, the period survey and everything that draws stay unloaded.
    for other in ("gamelib.games.chomp", "gamelib.games.hackenbush", "gamelib.games.node_kayles",
                  "gamelib.analysis.survey", "gamelib.analysis.misere", "gamelib.plots", "matplotlib", "ipywidgets"):
        assert other not in loaded


@pytest.mark.parametrize("game", ["OctalGame('0.16')", "GrundysGame()"])
def test_computing_values_loads_no_period_search_and_no_heavy_standard_module(game):
    """A script that only computes values (benchmarks/octal_values.py) pays for no proof, hash, thread, path or
    typing module (building the compiled loop, once per user, may load more; typing and pathlib each cost a
    fresh process about 10 ms of CPU); asking for the period loads its search then."""
    watched = {"gamelib", "hashlib", "threading", "array", "typing", "pathlib"}
    loaded = fresh(f"import gamelib; game = gamelib.{game}; game._table.compute(5000); " + LOADED.format(watched),
                   GAMELIB_KERNEL="c")  # the compiled loop (the numpy loop imports numpy, and numpy imports typing)
    assert "gamelib.analysis.heap_values" in loaded
    for module in ("gamelib.analysis.periodicity", "gamelib.analysis.period_scan", "gamelib.analysis.observed",
                   "hashlib", "threading", "array", "typing", "pathlib"):
        assert module not in loaded
    asked = fresh(f"import gamelib; game = gamelib.{game}\ntry:\n    game.periodicity(max_search=300)\n"
                  f"except gamelib.PeriodNotFoundError:\n    pass\n" + LOADED.format(watched))
    assert "gamelib.analysis.periodicity" in asked


@pytest.mark.parametrize("game", ["OctalGame('0.165')", "GrundysGame()", "OctalGame('0.56', rare_mask='5b')"])
def test_values_computed_by_the_compiled_loop_need_no_numpy(game):
    """With the compiled loop loaded, a script that computes values and reads them back as Python data (what
    benchmarks/octal_values.py does) never imports numpy; the values are the numpy loop's, bit for bit."""
    script = (f"import gamelib; game = gamelib.{game}; table = game._table; table.compute(3000); "
              "values, raw = table.plain(3000), table.raw(3000).hex(); "
              "first = [game.heap_value(n) for n in range(40)]; "
              "import json, sys; print(json.dumps([values, raw, first, 'numpy' in sys.modules, "
              "sorted(m for m in sys.modules if m.startswith('gamelib.analysis'))]))")
    values, raw, first, numpy_loaded, analysis = fresh(script, GAMELIB_KERNEL="c")
    assert not numpy_loaded
    assert "gamelib.analysis.kernel_loop" in analysis and "gamelib.analysis.numpy_loop" not in analysis
    reference, _, reference_first, numpy_used, analysis = fresh(script, GAMELIB_KERNEL="numpy")
    assert numpy_used and "gamelib.analysis.numpy_loop" in analysis and "gamelib.analysis.kernel_loop" not in analysis
    assert values == reference and first == reference_first == values[:40] and len(values) == 3000
    assert bytes.fromhex(raw) == array.array("H", values).tobytes()  # 16-bit numbers, this machine's order


@pytest.mark.parametrize("name", gamelib.__all__)
def test_every_public_name_is_the_object_its_module_defines(name):
    module = importlib.import_module(gamelib._WHERE[name])
    assert getattr(gamelib, name) is getattr(module, name)
    assert name in dir(gamelib)


def test_the_registrations_agree():
    # _PUBLIC (what runs), __all__ (what the reference documents) and the TYPE_CHECKING imports (what type
    # checkers read) name the same names, each from the same module.
    assert sorted(gamelib._WHERE) == sorted(gamelib.__all__) and len(gamelib.__all__) == len(set(gamelib.__all__))
    tree = ast.parse((ROOT / "gamelib" / "__init__.py").read_text(encoding="utf-8"))
    (checking,) = [node for node in tree.body if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"]
    imported = {alias.name: node.module for node in checking.body if isinstance(node, ast.ImportFrom)
                for alias in node.names}
    assert imported == gamelib._WHERE


def test_star_import_and_from_import_give_every_name_in_a_fresh_process():
    names = fresh("from gamelib import *; import json; "
                  "print(json.dumps(sorted(k for k in dir() if k[0] != '_' and k != 'json')))")
    assert names == sorted(gamelib.__all__)
    assert fresh("from gamelib import Nim, LimitError, plots; import json; "
                 "print(json.dumps([Nim.__module__, LimitError.__module__, plots.__name__]))") == [
        "gamelib.games.nim", "gamelib.arguments", "gamelib.plots"]


def test_subpackages_load_when_first_used_as_attributes():
    assert fresh("import gamelib, json; print(json.dumps(gamelib.games.__name__))") == "gamelib.games"


def test_an_unknown_name_is_an_attribute_error_naming_it():
    with pytest.raises(AttributeError, match="'NoSuchGame'"):
        gamelib.NoSuchGame  # noqa: B018
    assert not hasattr(gamelib, "numpy")


def test_openblas_gets_one_thread_when_gamelib_imports_numpy_first():
    read = "import gamelib.games.octal, os, json; print(json.dumps(os.environ.get('OPENBLAS_NUM_THREADS')))"
    assert fresh(read) == "1"
    assert fresh(read, OPENBLAS_NUM_THREADS="2") == "2"  # the user's choice stands
    assert fresh("import numpy; " + read) is None  # numpy came first: too late to matter, so left alone
