"""A class at once on the hub: `make hub-load N=30` (python hub/load.py -n 30).

Starts a private hub (hub/jupyterhub_config.py, 127.0.0.1, a free port, a temporary folder), then for each of N
students, all at the same time: logs in over HTTP with the class password, starts their server, pulls the lessons
with nbgitpuller (through its EventSource API, as the link's page does), and runs every code cell of lessons 1
and 3 in a kernel of their server through the Jupyter kernel API (REST to start it, the websocket to execute).
Prints the spawn time, each student's run time (median, max), the peak memory of the hub's process tree and the
failures; exits 1 if any student failed. Stops the hub and everything it started, whatever happens.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
import tempfile
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import requests
import websocket
from hubctl import (
    TARGET,
    Hub,
    HubError,
    children_map,
    pull_query,
    server_pids,
    this_clone,
    tree_cpu_seconds,
    tree_memory,
)

LESSONS = ["01-playing-subtraction-games.ipynb", "03-periodicity.ipynb"]


class StudentFailed(RuntimeError):
    pass


class Student:
    """One student's browser, reduced to HTTP: a cookie jar, the hub's URLs and a deadline for every wait."""

    def __init__(self, hub: Hub, name: str, timeout: float):
        self.hub, self.name, self.timeout = hub, name, timeout
        self.http = requests.Session()
        self.user_url = f"{hub.base_url}/user/{name}"

    def log_in(self) -> None:
        self.http.get(f"{self.hub.base_url}/hub/login", timeout=60).raise_for_status()
        answer = self.http.post(f"{self.hub.base_url}/hub/login", timeout=120, allow_redirects=False,
                                data={"username": self.name, "password": self.hub.password,
                                      "_xsrf": self.http.cookies.get("_xsrf", path="/hub/")})
        if answer.status_code != 302:
            raise StudentFailed(f"login answered {answer.status_code}")

    def spawn(self) -> None:
        """Ask for the server as the home page would, and wait until the hub says it is ready."""
        api = f"{self.hub.base_url}/hub/api/users/{self.name}"
        headers = {"X-XSRFToken": self.http.cookies.get("_xsrf", path="/hub/") or ""}
        answer = self.http.post(f"{api}/server", headers=headers, timeout=120)
        if answer.status_code not in (201, 202):
            raise StudentFailed(f"spawn request answered {answer.status_code}: {answer.text[:200]}")
        deadline = time.monotonic() + self.timeout
        while time.monotonic() < deadline:
            model = self.http.get(api, headers=headers, timeout=60).json()
            server = model.get("servers", {}).get("", {})
            if server.get("ready"):
                return
            if not model.get("pending") and not server:
                raise StudentFailed("the server stopped while starting (see the hub log)")
            time.sleep(1)  # the hub's own state, polled until the deadline
        raise StudentFailed(f"server not ready after {self.timeout:.0f} s")

    def open_lab(self) -> None:
        """Follow the OAuth redirects into the student's server, which sets its cookie and _xsrf."""
        answer = self.http.get(f"{self.user_url}/lab", timeout=120)
        answer.raise_for_status()
        if not self.http.cookies.get("_xsrf", path=f"/user/{self.name}/"):
            raise StudentFailed("the student's server set no _xsrf cookie")

    def pull(self, repo: str, branch: str) -> None:
        """nbgitpuller's page opens an EventSource on git-pull/api; the clone happens there, not on the page."""
        query = urlencode({k: v for k, v in pull_query(repo, branch).items() if k != "urlpath"})
        with self.http.get(f"{self.user_url}/git-pull/api?{query}", stream=True, timeout=self.timeout) as answer:
            answer.raise_for_status()
            last = ""
            for raw in answer.iter_lines(decode_unicode=True):
                line = raw.decode() if isinstance(raw, bytes) else raw
                if line and line.startswith("data:"):
                    event = json.loads(line[5:])
                    last = event.get("output", last)
                    if event.get("phase") == "finished":
                        return
                    if event.get("phase") == "error":
                        raise StudentFailed(f"nbgitpuller: {event.get('message') or last}")
        raise StudentFailed(f"nbgitpuller stopped without finishing: {last}")

    def run_notebook(self, lesson: str) -> None:
        """Every code cell of a lesson in a fresh kernel, as Run All would; an error in any cell fails it."""
        path = f"{TARGET}/notebooks/{lesson}"
        headers = {"X-XSRFToken": self.http.cookies.get("_xsrf", path=f"/user/{self.name}/") or ""}
        notebook = self.http.get(f"{self.user_url}/api/contents/{path}", headers=headers, timeout=60)
        notebook.raise_for_status()
        cells = [cell["source"] for cell in notebook.json()["content"]["cells"] if cell["cell_type"] == "code"]
        session = self.http.post(f"{self.user_url}/api/sessions", headers=headers, timeout=120,
                                 json={"path": path, "type": "notebook", "name": lesson,
                                       "kernel": {"name": "python3"}})
        session.raise_for_status()
        session = session.json()
        try:
            ws_url = re.sub("^http", "ws", f"{self.user_url}/api/kernels/{session['kernel']['id']}/channels")
            cookie = "; ".join(f"{k}={v}" for k, v in self.http.cookies.items())
            channel = websocket.create_connection(ws_url, header={"Cookie": cookie}, timeout=self.timeout)
            try:
                for number, code in enumerate(cells, 1):
                    self._execute(channel, code, f"{lesson} cell {number}")
            finally:
                channel.close()
        finally:
            self.http.delete(f"{self.user_url}/api/sessions/{session['id']}", headers=headers, timeout=60)

    def _execute(self, channel, code: str, where: str) -> None:
        msg_id = uuid.uuid4().hex
        channel.send(json.dumps({
            "header": {"msg_id": msg_id, "msg_type": "execute_request", "username": self.name,
                       "session": uuid.uuid4().hex, "version": "5.3"},
            "parent_header": {}, "metadata": {}, "channel": "shell", "buffers": [],
            "content": {"code": code, "silent": False, "store_history": True, "user_expressions": {},
                        "allow_stdin": False, "stop_on_error": True},
        }))
        deadline = time.monotonic() + self.timeout
        while time.monotonic() < deadline:
            message = decode(channel.recv())
            if message.get("parent_header", {}).get("msg_id") != msg_id:
                continue
            if message["msg_type"] == "error":
                raise StudentFailed(f"{where}: {message['content']['ename']}: {message['content']['evalue']}")
            if message["msg_type"] == "execute_reply":
                if message["content"]["status"] != "ok":
                    raise StudentFailed(f"{where}: {message['content'].get('ename')} "
                                        f"{message['content'].get('evalue', '')}")
                return
        raise StudentFailed(f"{where}: no reply in {self.timeout:.0f} s")


def decode(frame: str | bytes) -> dict:
    """A kernel message from the websocket: text is JSON; a binary frame (a message with buffers, e.g. a
    widget's) is a count of parts, their offsets (4-byte big-endian numbers), then the JSON and the buffers."""
    if isinstance(frame, str):
        return json.loads(frame)
    parts = int.from_bytes(frame[:4], "big")
    offsets = [int.from_bytes(frame[4 + 4 * i:8 + 4 * i], "big") for i in range(parts)] + [len(frame)]
    return json.loads(frame[offsets[0]:offsets[1]])


def measure(n: int, repo: str, branch: str, timeout: float, state_dir: Path) -> dict:
    """Run the class; return {spawn: [s], run: [s], failures: {name: why}, peak: bytes, hub_start: s}."""
    figures: dict[str, Any] = {"spawn": [], "run": [], "failures": {}, "peak": 0, "one_server_rss": 0}
    started = time.perf_counter()
    with Hub(state_dir, free_port(), start_timeout=int(timeout)) as hub:
        figures["hub_start"] = time.perf_counter() - started
        stop = threading.Event()

        def sample_memory():
            while not stop.is_set():
                children = children_map()
                figures["peak"] = max(figures["peak"], tree_memory(hub.started().pid, "Pss", children))
                for server in server_pids(hub.process.pid, children):
                    figures["one_server_rss"] = max(figures["one_server_rss"], tree_memory(server, "Rss", children))
                stop.wait(1.0)

        sampler = threading.Thread(target=sample_memory, daemon=True)
        sampler.start()
        everyone_ready = threading.Barrier(n, timeout=2 * timeout)

        def one_student(number: int) -> None:
            student = Student(hub, f"student{number:02d}", timeout)
            try:
                began = time.perf_counter()
                student.log_in()
                student.spawn()
                figures["spawn"].append(time.perf_counter() - began)
            except Exception as error:  # noqa: BLE001 (any failure is a failed student, reported by name)
                figures["failures"][student.name] = f"spawn: {error}"
                everyone_ready.abort()
                return
            try:
                everyone_ready.wait()  # the lessons start together, as when a teacher says "go"
            except threading.BrokenBarrierError:
                pass  # someone failed to spawn: go on anyway, so the others are still measured
            try:
                began = time.perf_counter()
                student.open_lab()
                student.pull(repo, branch)
                for lesson in LESSONS:
                    student.run_notebook(lesson)
                figures["run"].append(time.perf_counter() - began)
            except Exception as error:  # noqa: BLE001
                figures["failures"][student.name] = f"lessons: {error}"

        try:
            with ThreadPoolExecutor(max_workers=n) as pool:
                list(pool.map(one_student, range(1, n + 1)))
        finally:
            stop.set()
            sampler.join(timeout=5)
            figures["cpu"] = tree_cpu_seconds(hub.started().pid)
            if figures["failures"]:
                figures["log"] = hub.log_tail(30)
    return figures


def free_port() -> int:
    """A port p with p, p+1 and p+2 free (the hub uses all three)."""
    import socket

    for _ in range(50):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        if port > 65000:
            continue
        try:
            sockets = [socket.create_server(("127.0.0.1", p)) for p in (port, port + 1, port + 2)]
        except OSError:
            continue
        for s in sockets:
            s.close()
        return port
    raise HubError("no three free ports in a row on 127.0.0.1")


def main(argv: list[str] | None = None) -> int:
    default_repo, default_branch = this_clone()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=30, help="students (default 30)")
    parser.add_argument("--repo", default=default_repo, help="repository to pull (default: this clone)")
    parser.add_argument("--branch", default=default_branch)
    parser.add_argument("--timeout", type=float, default=240,
                        help="seconds for any one step of one student: spawn, pull, a cell (default 240)")
    args = parser.parse_args(argv)
    if not 1 <= args.n <= 200:
        parser.error(f"-n {args.n}: give between 1 and 200 students")
    load = os.getloadavg()
    print(f"hub-load: {args.n} students, lessons {', '.join(LESSONS)}; pulling {args.repo} ({args.branch}); "
          f"load average before {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} cores", flush=True)
    began = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="gamelib-hub-load-") as state:
        try:
            figures = measure(args.n, args.repo, args.branch, args.timeout, Path(state))
        except HubError as error:
            print(f"hub-load: {error}", file=sys.stderr)
            return 1
    spawn, run, failures = figures["spawn"], figures["run"], figures["failures"]

    def spread(values):
        return f"median {statistics.median(values):6.1f} s, max {max(values):6.1f} s" if values else "none"

    peak = figures["peak"] / 2**20
    print(f"hub start          {figures['hub_start']:6.1f} s")
    print(f"spawn (login->ready) {spread(spawn)}   ({len(spawn)}/{args.n} servers)")
    print(f"pull + lessons 1, 3  {spread(run)}   ({len(run)}/{args.n} students)")
    print(f"peak memory (PSS of the hub's process tree) {peak:,.0f} MB = {peak / args.n:,.0f} MB per student")
    one = figures["one_server_rss"] / 2**20
    print(f"largest single student's server + kernel (RSS, nothing shared) {one:,.0f} MB")
    cpu = figures.get("cpu", 0.0)
    print(f"CPU time of the hub's tree {cpu:,.0f} s = {cpu / args.n:,.1f} s per student (spawn, pull, lessons 1 and 3)")
    print(f"failures           {len(failures)}")
    for name, why in sorted(failures.items()):
        print(f"  {name}: {why}")
    if failures:
        print(f"end of the hub's log:\n{figures.get('log', '')}")
    load = os.getloadavg()
    print(f"total {time.perf_counter() - began:.0f} s; load average after {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
