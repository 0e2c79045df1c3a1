"""Packaging and repository hygiene: what a fresh clone, pip and Binder rely on."""

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import nbformat
import pytest

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: jupyterlab brings tomli there
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
ALL_NOTEBOOKS = sorted((ROOT / "notebooks").rglob("*.ipynb"))
LESSONS = sorted((ROOT / "notebooks").glob("[0-9]*.ipynb"))


def test_pyproject_names_the_package_and_its_needs():
    project = PYPROJECT["project"]
    # The flat layout has binder/, notebooks/, tools/ beside gamelib/: setuptools must be told, and an
    # explicit list ships no subpackage it does not name (an editable install hides that; Binder does not).
    on_disk = sorted(".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "gamelib").rglob("__init__.py"))
    assert sorted(PYPROJECT["tool"]["setuptools"]["packages"]) == on_disk
    assert project["requires-python"] == ">=3.10"
    assert [dep.split(">")[0].split("=")[0].split("<")[0].strip() for dep in project["dependencies"]] == ["numpy"]


def test_the_grader_is_a_distribution_of_its_own():
    """grader/ names every subpackage of gamelib_grader and the command; students' environments never install it."""
    grader = tomllib.loads((ROOT / "grader" / "pyproject.toml").read_text())
    on_disk = sorted(".".join(p.parent.relative_to(ROOT / "grader").parts)
                     for p in (ROOT / "grader" / "gamelib_grader").rglob("__init__.py"))
    assert sorted(grader["tool"]["setuptools"]["packages"]) == on_disk
    assert {"intake", "sandbox", "marking", "integrity", "reporting"} <= {name.split(".")[-1] for name in on_disk}
    assert grader["project"]["scripts"] == {"gamelib-grade": "gamelib_grader.cli:main"}
    assert not [name for name in PYPROJECT["tool"]["setuptools"]["packages"] if name.startswith("gamelib_grader")]
    makefile = (ROOT / "Makefile").read_text()
    assert "--no-deps -e ./grader" in makefile
    for path in (ROOT / "requirements.lock", ROOT / "binder" / "requirements.txt", ROOT / "binder" / "postBuild"):
        text = path.read_text()
        assert not [word for word in ("gamelib-grader", "gamelib_grader", "./grader") if word in text], path.name


def test_py_typed_is_declared():
    assert (ROOT / "gamelib" / "py.typed").is_file()
    assert "py.typed" in PYPROJECT["tool"]["setuptools"]["package-data"]["gamelib"]


@pytest.mark.slow
def test_wheel_ships_py_typed_and_the_widgets_front_end(tmp_path):
    # Build from a copy of just what the wheel needs, so the build writes nothing into the repo.
    source = tmp_path / "src"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        (source / name).write_bytes((ROOT / name).read_bytes())
    shutil.copytree(ROOT / "gamelib", source / "gamelib", ignore=shutil.ignore_patterns("__pycache__"))
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--disable-pip-version-check", "--no-deps",
                    "-w", str(tmp_path / "dist"), str(source)], check=True, timeout=300)
    (wheel,) = (tmp_path / "dist").glob("gamelib-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "gamelib/py.typed" in names
    static = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "gamelib" / "widgets" / "static").iterdir())
    assert len(static) >= 5 and [f for f in static if f not in names] == []  # the controls' JavaScript and CSS
    modules = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "gamelib").rglob("*.py"))
    assert [m for m in modules if m not in names] == []
    assert not [n for n in names if n.split("/")[0] in {"notebooks", "binder", "tools", "tests", "benchmarks", "grader",
                                                         "gamelib_grader"}]


def test_no_notebook_checkpoints_are_tracked():
    listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True)
    if listed.returncode != 0:
        pytest.skip("not a git checkout")
    assert [p for p in listed.stdout.splitlines() if ".ipynb_checkpoints" in p.split("/")] == []


def test_no_notebook_stores_widget_state():
    """Saved widget state is stale the moment it is committed (and random ids make noisy diffs)."""
    assert [p.relative_to(ROOT).as_posix() for p in ALL_NOTEBOOKS
            if "widgets" in nbformat.read(p, as_version=4).metadata] == []


def test_every_code_cell_of_every_lesson_has_been_run():
    """nbval only compares outputs that are saved: lessons are committed executed (`make notebooks`)."""
    not_run = [f"{p.name} cell {i}"
               for p in LESSONS
               for i, cell in enumerate(nbformat.read(p, as_version=4).cells)
               if cell.cell_type == "code" and cell.source.strip() and cell.execution_count is None]
    assert not_run == []


def test_printed_text_is_saved_as_one_output_per_stream():
    """The kernel splits printed text into messages at moments that vary by run; the runner joins them,
    so that re-running `make notebooks` on unchanged lessons gives an empty diff."""
    split = [f"{p.name} cell {i}"
             for p in LESSONS
             for i, cell in enumerate(nbformat.read(p, as_version=4).cells) if cell.cell_type == "code"
             for a, b in zip(cell.outputs, cell.outputs[1:], strict=False)
             if a.output_type == b.output_type == "stream" and a.name == b.name]
    assert split == []


def test_no_module_of_the_kit_is_over_400_lines():
    sizes = {str(path.relative_to(ROOT)): len(path.read_text(encoding="utf-8").splitlines())
             for folder in ("gamelib", "grader", "tools") for path in (ROOT / folder).rglob("*.py")}
    assert len(sizes) > 40
    assert {name: lines for name, lines in sizes.items() if lines > 400} == {}


@pytest.mark.parametrize("path", LESSONS, ids=[p.name for p in LESSONS])
def test_nbval_markers_are_cell_tags_a_student_never_reads(path):
    from nbval.plugin import find_metadata_tags

    nb = nbformat.read(path, as_version=4)
    code = [cell for cell in nb.cells if cell.cell_type == "code"]
    assert not [cell.source[:60] for cell in code if "NBVAL" in cell.source.upper()]
    checked = [cell for cell in code if dict(find_metadata_tags(cell.metadata)).get("check")]
    assert checked, "every lesson has cells whose output nbval compares (make test runs --nbval-lax)"
    assert all(cell.metadata["tags"] == ["nbval-check-output"] for cell in checked)
