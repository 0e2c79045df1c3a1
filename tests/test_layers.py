"""The layer rule is the import-linter contract in pyproject.toml; these tests check that it is kept and that
it can fail (a contract that never breaks would check nothing). The contract against import circles is the
kit's own type (tools/import_circles.py)."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")


def lint_imports(cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(LINT_IMPORTS), "--no-cache"], cwd=cwd, capture_output=True, text=True,
                          env={"PYTHONPATH": f"{cwd}:{cwd / 'grader'}", "PATH": "/usr/bin:/bin"}, timeout=120)


def test_the_package_keeps_its_layers():
    result = lint_imports(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr


def copy_of_the_kit(tmp_path: Path) -> Path:
    """What lint-imports reads, copied: the contracts, both packages and the kit's own contract type."""
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    shutil.copytree(ROOT / "gamelib", tmp_path / "gamelib", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "grader", tmp_path / "grader", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    (tmp_path / "tools").mkdir()
    for name in ("__init__.py", "import_circles.py"):
        shutil.copy(ROOT / "tools" / name, tmp_path / "tools" / name)
    return tmp_path


def add_line(root: Path, module: str, line: str) -> None:
    target = (root / "grader" / module) if module.startswith("gamelib_grader/") else (root / "gamelib" / module)
    target.write_text(target.read_text() + f"\n{line}\n")


@pytest.mark.parametrize(("module", "line", "contract"), [
    ("games/nim.py", "import gamelib.widgets", "Compute below, show above"),
    ("analysis/engine.py", "from gamelib.games.nim import Nim", "Compute below, show above"),
    ("games/sums.py", "import matplotlib", "The model draws nothing"),
    # play is a model of a session: no widget, and no way up to the panel that shows it (no exception)
    ("play/session.py", "import ipywidgets", "The model draws nothing"),
    ("play/__init__.py", "from gamelib.widgets import play_game", "Compute below, show above"),
    ("games/base.py", "import anywidget", "The model draws nothing"),
    # reading text sits below the games that read their positions with it
    ("parsing.py", "from gamelib.games.nim import Nim", "Compute below, show above"),
    # plots and play are independent of each other
    ("plots/figure.py", "import gamelib.play.session", "Compute below, show above"),
    # the one named exception (practice("2.3") shows its panel) lets no other exercise module reach a widget
    # the grader (grader/gamelib_grader): the sandbox imports no later stage, directly or through another module
    ("gamelib_grader/sandbox/cpugroups.py", "import gamelib_grader.reporting.report",
     "The sandbox imports no later stage of the grader"),
    ("gamelib_grader/sandbox/plain.py", "from gamelib_grader.marking import grader",
     "The sandbox imports no later stage of the grader"),
    # only the modules that receive what the sandbox returns import its decoder
    ("gamelib_grader/reporting/report.py", "from gamelib_grader.sandbox.plain import decode_value",
     "One module decodes what the sandbox returns"),
    ("exercises/core.py", "import ipywidgets", "The model draws nothing"),
    ("exercises/practice/session.py", "import gamelib.widgets.practice_panel", "The model draws nothing"),
])
def test_the_contract_breaks_on_an_upward_import(tmp_path, module, line, contract):
    root = copy_of_the_kit(tmp_path)
    add_line(root, module, line)
    result = lint_imports(root)
    assert result.returncode != 0
    assert f"{contract} BROKEN" in result.stdout


@pytest.mark.parametrize(("module", "line", "circle"), [
    # the circles issue 42 cut, each put back as the import that held it (in a function or under TYPE_CHECKING,
    # as it was: it still counts)
    ("games/base.py", "if TYPE_CHECKING:\n    from gamelib.games.presentation import Move",
     "gamelib.games.base <-> gamelib.games.presentation"),
    ("analysis/kernel_loop.py", "if TYPE_CHECKING:\n    from gamelib.analysis.heap_values import HeapValues",
     "gamelib.analysis.heap_values <-> gamelib.analysis.kernel_loop"),
    ("homework/mistakes.py", "def _f():\n    from gamelib.homework.marking import slips",
     "gamelib.homework.marking <-> gamelib.homework.mistakes"),
    # a package and a submodule that imports it back
    ("homework/marking.py", "def _f():\n    from gamelib.homework import homework",
     "gamelib.homework <-> gamelib.homework.marking"),
    ("widgets/play_views.py", "from gamelib.widgets.play_panel import PlayPanel",
     "gamelib.widgets.play_panel <-> gamelib.widgets.play_views"),
    ("gamelib_grader/reporting/report_marking.py", "def _f():\n    from gamelib_grader.reporting.report import render",
     "gamelib_grader.reporting.report <-> gamelib_grader.reporting.report_marking"),
])
def test_the_circles_contract_names_each_circle(tmp_path, module, line, circle):
    root = copy_of_the_kit(tmp_path)
    add_line(root, module, line)
    result = lint_imports(root)
    assert result.returncode != 0
    assert "No import circles BROKEN" in result.stdout
    said = " ".join(result.stdout.split())  # the report wraps its lines
    assert circle in said and "1 import circle:" in said
    importer = module.removesuffix(".py").replace("/", ".")
    assert f"{importer if importer.startswith('gamelib_grader') else 'gamelib.' + importer} ->" in said


def test_the_contract_has_one_named_exception():
    """practice("2.3") in gamelib.exercises shows the practice panel: that one import, from the module that does
    nothing else, is the only exception (the session it shows is plain Python, tests/test_practice.py)."""
    import tomllib

    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    assert len(contracts) == 5  # no circles; gamelib's two, the grader's two (tested above)
    assert [contract.get("ignore_imports", []) for contract in contracts] == [
        [], [], ["gamelib.exercises.practice.panel -> gamelib.widgets.practice_panel"], [], []]
