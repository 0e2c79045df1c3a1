"""Start a private JupyterLab and find Debian's chromium: shared by the browser tests and the browser benchmark.

``LabServer(root, home)`` runs JupyterLab on 127.0.0.1 (free port, random token) with ``root`` as its server
root and every config, data, runtime, settings and workspace folder under ``home``, so nothing touches the
repository or the user's own setup. ``chromium()`` is the browser to hand to Playwright (its own download
cannot work here). No pytest in here: the benchmark imports it too.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

# Flags that work for Debian's chromium as root in a container.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-quic"]

# User settings for the private JupyterLab: no news toast over the outputs, no autosave writing outputs
# back, every cell attached to the DOM (the default windowing only renders cells in view).
LAB_SETTINGS = {
    "@jupyterlab/apputils-extension/notification": {"fetchNews": "false", "checkForUpdates": False},
    "@jupyterlab/docmanager-extension/plugin": {"autosave": False},
    "@jupyterlab/notebook-extension/tracker": {"windowingMode": "none"},
    "@jupyterlab/extensionmanager-extension/plugin": {"enabled": False},
}

VIEWPORT = {"width": 1400, "height": 1000}

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
KIT_SETTINGS = Path(__file__).resolve().parents[2] / "jupyterlab"


def install_kit_settings(home: Path) -> None:
    """Put this checkout's server, kernel and JupyterLab settings (``jupyterlab/``) where a server and its
    kernels started with ``home`` as their config folders (and ``home / "app-settings"`` as JupyterLab's
    application settings) read them: the settings under test, whatever an older install left in the
    environment."""
    for name, folder in (("jupyter_server_config.py", home / "config"),
                         ("ipython_kernel_config.py", home / "ipython" / "profile_default"),
                         ("overrides.json", home / "app-settings")):
        folder.mkdir(parents=True, exist_ok=True)
        shutil.copy2(KIT_SETTINGS / name, folder / name)


def copy_server_root(destination: Path) -> list[str]:
    """Copy the files at the top of notebooks/ (the lessons and their index page; not homework/) into
    ``destination``, the folder a private JupyterLab will serve. Returns the names copied."""
    names = []
    for file in sorted(NOTEBOOKS.iterdir()):
        if file.is_file() and file.suffix in (".ipynb", ".md"):
            shutil.copy2(file, destination / file.name)
            names.append(file.name)
    return names


def chromium() -> str | None:
    """Debian's chromium, or the executable named by $CHROMIUM; None when there is none."""
    path = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    return path if os.access(path, os.X_OK) else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LabServer:
    """A running JupyterLab serving ``root``; ``base_url`` and ``token`` reach it. Use as a context manager
    (or call :meth:`stop`). Raises RuntimeError, with the server's log, if it exits or does not answer."""

    def __init__(self, root: Path, home: Path, start_timeout: float = 60, windowing: str = "none",
                 kit_settings: bool = True):
        """``windowing`` is the notebook's windowing mode: ``"none"`` (every cell drawn, as the tests need to
        reach any cell) or JupyterLab's default, ``"contentVisibility"``, which students have. Without
        ``kit_settings`` the server runs as a student's own JupyterLab would: none of ``jupyterlab/`` is put in
        its folders, and its application settings folder is empty (JupyterLab's defaults: widget messages go
        to kernel subshells); the server and kernel config files an environment made by ``make venv`` holds
        still apply, and change nothing of that."""
        self.root, self.home = Path(root), Path(home)
        settings = self.home / "settings"
        chosen = {**LAB_SETTINGS, "@jupyterlab/notebook-extension/tracker": {"windowingMode": windowing}}
        for plugin, values in chosen.items():
            file = settings / f"{plugin}.jupyterlab-settings"
            file.parent.mkdir(parents=True, exist_ok=True)
            file.write_text(json.dumps(values))
        if kit_settings:
            install_kit_settings(self.home)
        else:
            (self.home / "app-settings").mkdir(parents=True, exist_ok=True)
        env = dict(os.environ,
                   JUPYTER_CONFIG_DIR=str(self.home / "config"), JUPYTER_DATA_DIR=str(self.home / "data"),
                   JUPYTER_RUNTIME_DIR=str(self.home / "runtime"), JUPYTERLAB_SETTINGS_DIR=str(settings),
                   JUPYTERLAB_WORKSPACES_DIR=str(self.home / "workspaces"), IPYTHONDIR=str(self.home / "ipython"),
                   JUPYTER_PLATFORM_DIRS="1",
                   # The kernel spec runs `python`: make it this environment's, where gamelib is installed.
                   PATH=os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", ""))
        port, self.token = _free_port(), secrets.token_hex(16)
        self.base_url = f"http://127.0.0.1:{port}"
        self.log_path = self.home / "jupyterlab.log"
        self._log = self.log_path.open("w")
        started = time.perf_counter()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root",
             "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
             f"--IdentityProvider.token={self.token}", f"--ServerApp.root_dir={self.root}",
             "--LabApp.expose_app_in_browser=True", f"--LabApp.app_settings_dir={self.home / 'app-settings'}",
             "--LabApp.check_for_updates_class=jupyterlab.handlers.announcements.NeverCheckForUpdate"],
            env=env, stdout=self._log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, cwd=self.root)
        try:
            self._wait_until_answering(started, start_timeout)
        except BaseException:
            self.stop()
            raise
        #: Seconds from starting the process to the server answering /api/status.
        self.start_seconds = time.perf_counter() - started

    def _wait_until_answering(self, started: float, timeout: float) -> None:
        while True:
            if self.process.poll() is not None:
                raise RuntimeError(f"JupyterLab exited ({self.process.returncode}):\n{self.log_path.read_text()}")
            if time.perf_counter() - started > timeout:
                raise RuntimeError(f"JupyterLab did not answer in {timeout:.0f} s:\n{self.log_path.read_text()}")
            try:
                with urllib.request.urlopen(self._request("/api/status"), timeout=2):
                    return
            except OSError:
                time.sleep(0.1)  # polling the server's own readiness, not waiting for the page

    def _request(self, path: str, method: str = "GET") -> urllib.request.Request:
        return urllib.request.Request(f"{self.base_url}{path}", method=method,
                                      headers={"Authorization": f"token {self.token}"})

    def sessions(self) -> list[dict]:
        """The server's sessions (one per open notebook with a kernel)."""
        with urllib.request.urlopen(self._request("/api/sessions")) as answer:
            return json.load(answer)

    def kernels(self) -> list[dict]:
        """The server's running kernels."""
        with urllib.request.urlopen(self._request("/api/kernels")) as answer:
            return json.load(answer)

    def shut_down_sessions(self) -> None:
        """Stop every session's kernel, so they do not pile up on a 2-core machine."""
        for session in self.sessions():
            urllib.request.urlopen(self._request(f"/api/sessions/{session['id']}", method="DELETE")).close()

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self._log.close()

    def __enter__(self) -> LabServer:
        return self

    def __exit__(self, *exc) -> None:
        self.stop()
