"""Binder builds from binder/ alone: it must install the lesson lock, and the build plan must be right.

The lessons themselves are not run again here: nbval runs them in the dev venv, which tests/test_lock.py
checks is requirements-dev.lock, i.e. requirements.lock (what Binder installs) plus test tools at the same
versions (and that the lock is complete). What can still differ is checked here: binder/requirements.txt is
the lock; repo2docker's Dockerfile installs it and runs
postBuild on Python 3.11; and postBuild's real (not editable) install of gamelib carries every module.
"""

import json
import re
import shutil
import stat
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest
from test_lock import LOCK, pins

from tests import patch_release_kernel
from tools import run_notebooks

ROOT = Path(__file__).resolve().parent.parent
BINDER = ROOT / "binder"


def test_binder_installs_the_lesson_lock():
    assert pins(BINDER / "requirements.txt") == pins(LOCK), "binder/requirements.txt is stale: make lock"
    assert {"numpy", "matplotlib", "ipywidgets", "jupyterlab", "nbgitpuller"} <= pins(LOCK).keys()


def test_binder_runtime_and_postbuild():
    assert (BINDER / "runtime.txt").read_text().strip() == "python-3.11"
    post_build = BINDER / "postBuild"
    lines = post_build.read_text().splitlines()
    assert lines[0] == "#!/bin/bash" and "set -e" in lines
    assert "pip install --no-deps ." in lines
    # The notebooks get this image's kernel metadata (a Python patch release of Binder's choosing).
    stamp = "python -m tools.run_notebooks --metadata-only notebooks/*.ipynb notebooks/homework/*.ipynb"
    assert stamp in lines and lines.index(stamp) > lines.index("pip install --no-deps .")
    assert post_build.stat().st_mode & stat.S_IXUSR, "chmod +x binder/postBuild"
    # Binder gets the mode git stores, not the one on this disk.
    tracked = subprocess.run(["git", "ls-files", "-s", "binder/postBuild"], cwd=ROOT, capture_output=True, text=True)
    if tracked.returncode == 0 and tracked.stdout:
        assert tracked.stdout.startswith("100755"), "git update-index --chmod=+x binder/postBuild"


def _report(capsys, text: str) -> None:
    with capsys.disabled():
        print(f"\n  {text}", end="")


@pytest.mark.slow
def test_repo2docker_plans_the_binder_build(capsys):
    # jupyter-repo2docker is in requirements-test.txt: it installs cleanly beside our pins.
    repo2docker = Path(sys.executable).with_name("repo2docker")
    started = time.perf_counter()
    result = subprocess.run([str(repo2docker), "--no-build", "--debug", "."], cwd=ROOT,
                            capture_output=True, text=True, timeout=120)
    _report(capsys, f"repo2docker --no-build --debug: {time.perf_counter() - started:.1f} s")
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "python=3.11" in output  # runtime.txt was read
    assert re.search(r'pip install .*-r "?binder/requirements\.txt', output), output
    assert "./binder/postBuild" in output


@pytest.mark.slow  # ~15 s: pip fetches setuptools for the isolated build, as Binder's pip does
def test_postbuild_installs_every_gamelib_module(tmp_path):
    """postBuild's `pip install --no-deps .` is a real install: a subpackage missing from pyproject's
    packages list would work in the editable dev venv and break on Binder. Build the wheel and import from it."""
    result = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet",
                             "--disable-pip-version-check", "-w", str(tmp_path), "."],
                            cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-3000:]
    (wheel,) = tmp_path.glob("gamelib-*.whl")
    sources = {p.relative_to(ROOT).as_posix() for p in (ROOT / "gamelib").rglob("*.py")}
    with zipfile.ZipFile(wheel) as archive:
        packed = set(archive.namelist())
        archive.extractall(tmp_path / "site")
    assert sources <= packed, f"not in the wheel: {sorted(sources - packed)}"
    assert "gamelib/py.typed" in packed
    assert "gamelib/analysis/heap_kernel.c" in packed  # the octal engine's C loop is built from it on first use
    modules = sorted(p[:-3].replace("/", ".").removesuffix(".__init__") for p in sources)
    code = ("import importlib, sys; sys.path.insert(0, sys.argv[1]); "
            "[importlib.import_module(m) for m in sys.argv[2:]]; import gamelib; print(gamelib.__file__)")
    imported = subprocess.run([sys.executable, "-c", code, str(tmp_path / "site"), *modules],
                              cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert imported.returncode == 0, imported.stderr[-3000:]
    assert Path(imported.stdout.strip()).is_relative_to(tmp_path / "site")


def test_runtime_txt_cannot_pin_a_patch_release(tmp_path):
    """Why postBuild rewrites the notebooks' metadata instead: repo2docker refuses python-3.11.7."""
    shutil.copytree(BINDER, tmp_path / "binder")
    (tmp_path / "binder" / "runtime.txt").write_text("python-3.11.7\n")
    repo2docker = Path(sys.executable).with_name("repo2docker")
    result = subprocess.run([str(repo2docker), "--no-build", "--debug", "."], cwd=tmp_path,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode != 0
    assert "must always be specified as 'x.y'" in result.stdout + result.stderr


@pytest.mark.slow  # two kernels start (~3 s each)
def test_postbuild_stamps_the_kernel_of_another_patch_release(tmp_path, monkeypatch):
    """What postBuild runs, under a kernel that reports Python 3.11.99: the lesson's metadata becomes that
    kernel's and nothing else in the notebook changes."""
    lesson = ROOT / "notebooks" / "02-grundy-values.ipynb"
    copy = tmp_path / lesson.name
    shutil.copy2(lesson, copy)
    patch_release_kernel.install(tmp_path / "data", "3.11.99")
    monkeypatch.setenv("JUPYTER_PATH", str(tmp_path / "data"))
    assert run_notebooks.stamp([copy]) == [copy]
    before, after = json.loads(lesson.read_text()), json.loads(copy.read_text())
    assert after["metadata"]["language_info"]["version"] == "3.11.99"
    assert before["metadata"]["language_info"]["version"] != "3.11.99"
    expected = {**before["metadata"]["language_info"], "version": "3.11.99"}
    assert after["metadata"]["language_info"] == expected
    assert after["metadata"]["kernelspec"] == before["metadata"]["kernelspec"]
    assert {**after, "metadata": None} == {**before, "metadata": None}
    assert run_notebooks.stamp([copy]) == []  # already right: the file is left alone
