"""Binder builds from binder/ alone: its pins must match requirements.txt, and the build must work.

The strongest checks possible without Docker: repo2docker prints the Dockerfile it would build, and a fresh
venv made only from the binder/ files imports gamelib and runs the lessons.
"""

import os
import re
import shutil
import stat
import subprocess
import sys
import time
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BINDER = ROOT / "binder"


def pins(path: Path) -> dict[str, str]:
    """{normalised name: version} of a requirements file; every requirement must be pinned with ==."""
    found = {}
    for line in path.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        match = re.fullmatch(r"([A-Za-z0-9][A-Za-z0-9._-]*)\s*==\s*([^\s;]+)", line)
        assert match, f"{path.name}: not an exact pin: {line!r}"
        found[re.sub(r"[-_.]+", "-", match[1]).lower()] = match[2]
    return found


def test_binder_pins_are_the_runtime_pins():
    binder, runtime = pins(BINDER / "requirements.txt"), pins(ROOT / "requirements.txt")
    assert binder == runtime
    assert {"numpy", "matplotlib", "ipywidgets", "jupyterlab"} <= binder.keys()


def test_binder_runtime_and_postbuild():
    assert (BINDER / "runtime.txt").read_text().strip() == "python-3.11"
    post_build = BINDER / "postBuild"
    lines = post_build.read_text().splitlines()
    assert lines[0] == "#!/bin/bash" and "set -e" in lines
    assert "pip install --no-deps ." in lines
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


def _copy_repo(destination: Path) -> Path:
    ignore = shutil.ignore_patterns(".venv", ".git", "__pycache__", "*.egg-info", "build", "dist", ".*_cache",
                                    ".hypothesis", ".ipynb_checkpoints", "screenshots")
    return Path(shutil.copytree(ROOT, destination, ignore=ignore, symlinks=True))


@pytest.mark.slow
def test_a_venv_built_from_binder_files_runs_the_lessons(tmp_path, capsys):
    started = time.perf_counter()
    repo = _copy_repo(tmp_path / "repo")
    env_dir = tmp_path / "binder-venv"
    venv.create(env_dir, with_pip=True)
    bin_dir = env_dir / "bin"
    env = dict(os.environ, PATH=f"{bin_dir}{os.pathsep}{os.environ['PATH']}", VIRTUAL_ENV=str(env_dir))
    env.pop("PYTHONPATH", None)

    def run(*args, cwd=repo):
        result = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=900)
        assert result.returncode == 0, f"{' '.join(map(str, args))}\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
        return result.stdout

    # What Binder does: install binder/requirements.txt, then run postBuild from the repository root.
    # --no-compile: skipping .pyc files makes this ~40% faster and changes nothing that is checked.
    run("pip", "install", "--disable-pip-version-check", "--no-compile", "-r", "binder/requirements.txt")
    run("bash", "binder/postBuild")
    _report(capsys, f"binder venv built from binder/ files: {time.perf_counter() - started:.1f} s")

    # A real (not editable) install: gamelib comes from site-packages, with its py.typed marker.
    location = run(str(bin_dir / "python"), "-c", "import gamelib, os; print(os.path.dirname(gamelib.__file__))",
                   cwd=tmp_path).strip()
    assert Path(location).is_relative_to(env_dir), location
    assert (Path(location) / "py.typed").exists()

    lessons = sorted(p.relative_to(repo).as_posix() for p in (repo / "notebooks").glob("[0-9]*.ipynb"))
    if lessons:
        # The test tools go into this venv only for the check, at the versions make test uses.
        started = time.perf_counter()
        test_pins = pins(ROOT / "requirements-test.txt")
        run("pip", "install", "--disable-pip-version-check", "--no-compile", f"pytest=={test_pins['pytest']}",
            f"nbval=={test_pins['nbval']}")
        run(str(bin_dir / "python"), "-m", "pytest", "-p", "no:cacheprovider", "--nbval-lax", "--nbval-current-env",
            "--nbval-sanitize-with", "tests/nbval_sanitize.cfg", *lessons)
        _report(capsys, f"binder venv: {len(lessons)} lessons pass nbval: {time.perf_counter() - started:.1f} s")
