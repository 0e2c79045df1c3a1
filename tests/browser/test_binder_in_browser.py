"""Binder's Python is a patch release of its own choosing: a lesson must still open unmodified there.

Binder builds Python 3.11.x with x set by repo2docker (runtime.txt cannot pin it). JupyterLab writes the
kernel's ``language_info`` into the notebook it opens and marks it modified when that differs from what the
file holds. binder/postBuild therefore rewrites the notebooks' kernel metadata from a kernel of the image.
Here a kernel that reports Python 3.11.99 stands in for Binder's (tests/patch_release_kernel.py): the lesson
as committed opens modified under it (the problem), the lesson after postBuild's command opens unmodified.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from labdriver import Lab
from labserver import LabServer

from tests import patch_release_kernel
from tools.lessons import LESSONS

pytestmark = pytest.mark.deploy  # make test-deploy

ROOT = Path(__file__).resolve().parents[2]
VERSION = "3.11.99"

# JupyterLab rewrites the kernelspec and language_info metadata once the kernel's spec and info arrive: wait for
# both (its own handlers were attached first, so they have run), then read the version and the dirty flag.
OPENED = """async () => {
  const panel = window.jupyterapp.shell.currentWidget;
  const kernel = panel.sessionContext.session.kernel;
  await kernel.spec;
  const info = await kernel.info;
  await new Promise(done => requestAnimationFrame(done));
  return {version: info.language_info.version, dirty: panel.context.model.dirty};
}"""


def test_a_lesson_opens_unmodified_under_another_python_patch_release_after_postbuild(
        browser_context, tmp_path, monkeypatch):
    patch_release_kernel.install(tmp_path / "jupyter", VERSION)
    monkeypatch.setenv("JUPYTER_PATH", str(tmp_path / "jupyter"))
    root = tmp_path / "root"
    root.mkdir()
    lesson = LESSONS[1].path
    shutil.copy2(lesson, root / "as-committed.ipynb")
    shutil.copy2(lesson, root / "after-postbuild.ipynb")
    # binder/postBuild's command, run in an environment whose kernel is that other release.
    subprocess.run([sys.executable, "-m", "tools.run_notebooks", "--metadata-only",
                    str(root / "after-postbuild.ipynb")], cwd=ROOT, check=True, timeout=120)

    with LabServer(root, tmp_path / "home") as server:
        page = browser_context.new_page()
        page.set_default_timeout(30_000)
        try:
            lab = Lab(page, server.base_url, server.token, lambda label, seconds: None)
            lab.open("as-committed.ipynb")
            committed = page.evaluate(OPENED)
            assert committed["version"] == VERSION  # the stand-in kernel is the one JupyterLab started
            assert committed["dirty"] is True  # the problem: the committed lesson names another patch release
            server.shut_down_sessions()
            lab.open("after-postbuild.ipynb")
            assert page.evaluate(OPENED) == {"version": VERSION, "dirty": False}
        finally:
            page.close()
