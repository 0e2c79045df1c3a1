"""Start and stop the class hub (hub/jupyterhub_config.py) on this machine, and make nbgitpuller links.

`make hub` runs ``python hub/hubctl.py``: a hub on 127.0.0.1 with a fresh class password, printing the link that
pulls the lessons into a student's home and opens lesson 1. hub/load.py and tests/test_hub_in_browser.py use the
same functions. Everything started is stopped on exit: the hub, its proxy, every student's server and kernel.
"""

from __future__ import annotations

import argparse
import os
import secrets
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from urllib.parse import quote, urlencode

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
CONFIG = HERE / "jupyterhub_config.py"
PROXY = HERE / "node_modules" / ".bin" / "configurable-http-proxy"
TARGET = "gamelib-lessons"  # the folder the lessons land in; nbgitpuller's default keeps ".git" of a URL
LESSON_ONE = min((ROOT / "notebooks").glob("[0-9]*.ipynb")).name


class HubError(RuntimeError):
    """The hub could not be started or did not answer in time."""


def missing() -> list[str]:
    """What the hub needs that is not installed, each with how to install it (empty when all is there)."""
    needs = []
    if not PROXY.exists():
        needs.append(f"configurable-http-proxy ({PROXY.relative_to(ROOT)}): make hub-deps (needs npm)")
    for module, package in [("jupyterhub", "jupyterhub"), ("nbgitpuller", "nbgitpuller"),
                            ("jupyterhub_idle_culler", "jupyterhub-idle-culler")]:
        try:
            __import__(module)
        except ImportError:
            needs.append(f"{package} (Python): make venv")
    return needs


def this_clone() -> tuple[str, str]:
    """(file:// URL, current branch) of the repository this file is in: what `make hub` offers by default."""
    branch = subprocess.run(["git", "rev-parse", "--abbrev-ref", "HEAD"], cwd=ROOT, capture_output=True,
                            text=True, check=True).stdout.strip()
    return ROOT.as_uri(), branch


def pull_query(repo: str, branch: str, lesson: str = LESSON_ONE) -> dict[str, str]:
    """nbgitpuller's parameters: clone `repo` into ~/gamelib-lessons and open `lesson` in JupyterLab."""
    return {"repo": repo, "branch": branch, "targetpath": TARGET,
            "urlpath": f"lab/tree/{TARGET}/notebooks/{lesson}"}


def pull_link(base_url: str, repo: str, branch: str, lesson: str = LESSON_ONE) -> str:
    """The link to give students: it logs them in if needed, starts their server and pulls the lessons."""
    return f"{base_url}/hub/user-redirect/git-pull?{urlencode(pull_query(repo, branch, lesson), quote_via=quote)}"


def _start_time(pid: int) -> int | None:
    """When process `pid` started (clock ticks after boot), or None if it is gone."""
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[19])
    except (OSError, IndexError, ValueError):
        return None


def children_map() -> dict[int, list[int]]:
    """{parent pid: [child pids]} of every live process (read from /proc once)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parent = int(stat.rsplit(")", 1)[1].split()[1])
            children.setdefault(parent, []).append(int(entry.name))
    return children


def descendants(pid: int, children: dict[int, list[int]] | None = None) -> list[int]:
    """Every live process below `pid`."""
    children = children_map() if children is None else children
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def tree_memory(pid: int, kind: str = "Pss", children: dict[int, list[int]] | None = None) -> int:
    """Memory (bytes) of `pid` and its descendants. "Pss" (proportional set size) counts pages shared between
    processes once in total: the machine's cost. "Rss" counts them in every process: what one student's
    container would be charged on Kubernetes, where nothing is shared with other students."""
    total = 0
    for process in [pid, *descendants(pid, children)]:
        try:
            for line in Path(f"/proc/{process}/smaps_rollup").read_text().splitlines():
                if line.startswith(f"{kind}:"):
                    total += int(line.split()[1]) * 1024
                    break
        except OSError:
            continue
    return total


def tree_cpu_seconds(pid: int) -> float:
    """CPU time (user + system, seconds) used so far by `pid`, its live descendants and the children they
    have already waited for (a kernel that was shut down is counted in its server's figure)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for process in [pid, *descendants(pid)]:
        try:
            fields = Path(f"/proc/{process}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += sum(int(value) for value in fields[11:15])  # utime, stime, cutime, cstime
    return total / ticks


def server_pids(hub_pid: int, children: dict[int, list[int]] | None = None) -> list[int]:
    """The students' single-user servers among the hub's children."""
    found = []
    for pid in descendants(hub_pid, children):
        try:
            if b"jupyterhub-singleuser" in Path(f"/proc/{pid}/cmdline").read_bytes():
                found.append(pid)
        except OSError:
            continue
    return found


class Hub:
    """A running hub: ``with Hub(state_dir, port) as hub:`` starts it and waits for it, and stops it all after."""

    def __init__(self, state_dir: Path, port: int, password: str | None = None, start_timeout: int = 240,
                 cull_after: int = 3600, ready_timeout: float = 120, server_args: tuple[str, ...] = ()):
        self.state_dir, self.port = Path(state_dir), port
        self.password = password or secrets.token_urlsafe(12)
        self.base_url = f"http://127.0.0.1:{port}"
        self.start_timeout, self.cull_after, self.ready_timeout = start_timeout, cull_after, ready_timeout
        self.server_args = server_args
        self.process: subprocess.Popen | None = None
        self.log_path = self.state_dir / "jupyterhub.log"
        # The students' kernel sockets: short (Unix socket paths < 107 characters) and removed by stop().
        self.runtime_root = Path(f"/tmp/gamelib-hub-{secrets.token_hex(4)}")

    def __enter__(self) -> Hub:
        if needs := missing():
            raise HubError("the hub cannot start; missing: " + "; ".join(needs))
        self.state_dir.mkdir(parents=True, exist_ok=True)
        bin_dirs = [str(PROXY.parent), str(Path(sys.executable).parent)]
        env = dict(os.environ, PATH=os.pathsep.join([*bin_dirs, os.environ.get("PATH", "")]),
                   GAMELIB_HUB_DIR=str(self.state_dir), GAMELIB_HUB_PORT=str(self.port),
                   GAMELIB_HUB_IP="127.0.0.1", GAMELIB_HUB_PASSWORD=self.password,
                   GAMELIB_HUB_START_TIMEOUT=str(self.start_timeout), GAMELIB_HUB_CULL_AFTER=str(self.cull_after),
                   GAMELIB_HUB_RUNTIME=str(self.runtime_root), GAMELIB_HUB_SERVER_ARGS=" ".join(self.server_args))
        env.pop("JUPYTERHUB_API_TOKEN", None)  # never borrow a token from a hub this may itself run under
        self.log = self.log_path.open("w")
        self.process = subprocess.Popen([str(Path(sys.executable).with_name("jupyterhub")), "-f", str(CONFIG)],
                                        cwd=self.state_dir, env=env, stdout=self.log, stderr=subprocess.STDOUT,
                                        stdin=subprocess.DEVNULL, start_new_session=True)
        try:
            self._wait_ready()
        except BaseException:
            self.stop()
            raise
        return self

    def _wait_ready(self) -> None:
        process = self.started()
        deadline = time.monotonic() + self.ready_timeout
        while time.monotonic() < deadline:
            if process.poll() is not None:
                raise HubError(f"jupyterhub exited ({process.returncode}):\n{self.log_tail()}")
            try:
                with urllib.request.urlopen(f"{self.base_url}/hub/health", timeout=2) as answer:
                    if answer.status == 200:
                        return
            except OSError:
                time.sleep(0.25)  # the hub's own readiness endpoint, polled until the deadline
        raise HubError(f"the hub did not answer {self.base_url}/hub/health in {self.ready_timeout:.0f} s:\n"
                       f"{self.log_tail()}")

    def started(self) -> subprocess.Popen:
        """The hub's process; only after ``start``."""
        if self.process is None:
            raise HubError("the hub has not been started")
        return self.process

    def log_tail(self, lines: int = 40) -> str:
        return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])

    def memory(self) -> int:
        """PSS in bytes of the hub and everything it started (proxy, culler, servers, kernels)."""
        return tree_memory(self.process.pid) if self.process else 0

    def stop(self) -> None:
        """SIGTERM the hub (it stops the servers and the proxy), then kill whatever it left behind."""
        if self.process is None:
            return
        started = {pid: _start_time(pid) for pid in descendants(self.process.pid)}
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        # Servers run in sessions of their own; anything still alive from the tree seen before is ours (the
        # start time tells it apart from a new process that got a freed number).
        for pid, start_time in started.items():
            if start_time is not None and _start_time(pid) == start_time:
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
        self.log.close()
        shutil.rmtree(self.runtime_root, ignore_errors=True)
        self.process = None

    def __exit__(self, *exc) -> None:
        self.stop()


def _interrupt(signum, frame):
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    default_repo, default_branch = this_clone()
    parser = argparse.ArgumentParser(description="Run the class hub on 127.0.0.1 until Ctrl-C.")
    parser.add_argument("--repo", default=default_repo, help="repository the link pulls (default: this clone)")
    parser.add_argument("--branch", default=default_branch, help="its branch (default: the current one)")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--dir", type=Path, default=ROOT / ".hub", help="hub state and student homes")
    args = parser.parse_args(argv)
    signal.signal(signal.SIGTERM, _interrupt)  # `kill` stops everything as cleanly as Ctrl-C
    try:
        with Hub(args.dir, args.port, os.environ.get("GAMELIB_HUB_PASSWORD")) as hub:
            print(f"JupyterHub is running at {hub.base_url} (log: {hub.log_path}).")
            print(f"Log in with any user name and the class password: {hub.password}")
            print(f"Students' homes: {args.dir / 'homes'}. The link that pulls the lessons and opens lesson 1:\n")
            print(f"  {pull_link(hub.base_url, args.repo, args.branch)}\n")
            print("Ctrl-C stops the hub and every student's server.", flush=True)
            process = hub.started()
            while process.poll() is None:
                time.sleep(1)
            print(f"jupyterhub exited ({process.returncode}):\n{hub.log_tail()}", file=sys.stderr)
            return 1
    except KeyboardInterrupt:
        return 0
    except HubError as error:
        print(error, file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
