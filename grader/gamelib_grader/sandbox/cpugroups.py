"""CPU isolation between sandboxes: each sandbox runs in a control group (cgroup) of its own, and all such
groups have the same CPU weight, so the kernel shares the CPU between *sandboxes*, not between processes.

Without this, a notebook that starts 63 busy processes (each in a session of its own, which escapes the
kernel's per-session fairness) gets 63/64 of the CPU, and a classmate's sandbox running beside it gets
almost none: an honest notebook of about a second took 20 s and was stopped at the time limit.

Where the groups are made:

- cgroup v2 (the unified hierarchy, with the ``cpu`` controller available at its root): a group
  ``gamelib-sandboxes/<sandbox>`` under the root, when the grader may write there (root);
- cgroup v1 (a hierarchy of its own for the ``cpu`` controller): the same, under the grader's own cpu group.

An unprivileged grader cannot make such groups on most machines (systemd hands a user a cgroup of their own,
but moving processes between its children needs the grader to sit outside them). There, grading says so and
advises ``--jobs 1``: a sandbox's processes all die when it ends, so one at a time no sandbox can starve
another, and a result stopped at the time limit beside another sandbox is graded again alone
(gamelib_grader/marking/batch.py).
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

#: The folder of sandbox groups, under the hierarchy's root (v2) or the grader's own cpu group (v1). The kernel
#: weighs the folder as a whole against the machine's other processes: it gets the weight of one ordinary
#: process per core, so sandboxes running one per core weigh as much as they would without groups.
FOLDER = "gamelib-sandboxes"
V1_DEFAULT_SHARES, V2_DEFAULT_WEIGHT = 1024, 100
#: The shell that moves itself into the group (its first argument's ``cgroup.procs``) and then becomes the
#: sandbox: everything the sandbox starts is in the group from its first instruction on.
_JOIN = 'echo $$ > "$1" && shift && exec "$@"'


@dataclass(frozen=True)
class CpuGroups:
    """Where this machine lets the grader make a CPU group per sandbox (``version`` 1 or 2)."""

    base: Path
    version: int

    def command(self, group: Path, command: list[str]) -> list[str]:
        """``command`` started inside ``group``.

        >>> CpuGroups(Path("/sys/fs/cgroup/gamelib-sandboxes"), 2).command(
        ...     Path("/sys/fs/cgroup/gamelib-sandboxes/s1"), ["bwrap", "--", "python"])[3:]
        ['sh', '/sys/fs/cgroup/gamelib-sandboxes/s1/cgroup.procs', 'bwrap', '--', 'python']
        """
        return ["/bin/sh", "-c", _JOIN, "sh", str(group / "cgroup.procs"), *command]

    @contextmanager
    def group(self, name: str) -> Iterator[Path]:
        """A new group ``name`` for one sandbox, removed afterwards (once its processes are gone)."""
        group = self.base / name
        group.mkdir(exist_ok=True)
        try:
            yield group
        finally:
            _remove(group, self.version)


def _remove(group: Path, version: int) -> None:
    """Remove an emptied group; kill what is left in it first (v2) and wait a little for it to go."""
    if version == 2:
        try:
            (group / "cgroup.kill").write_text("1")
        except OSError:
            pass
    for _ in range(100):
        try:
            group.rmdir()
            return
        except FileNotFoundError:
            return
        except OSError:  # busy: a process still exiting
            time.sleep(0.05)


def _mounts() -> list[tuple[str, str, set[str]]]:
    """(mount point, file-system type, options) of every cgroup mount."""
    found = []
    try:
        with open("/proc/self/mounts", encoding="utf-8") as f:
            for line in f:
                parts = line.split()
                if len(parts) >= 4 and parts[2] in ("cgroup", "cgroup2"):
                    found.append((parts[1].replace("\\040", " "), parts[2], set(parts[3].split(","))))
    except OSError:
        pass
    return found


def _own_v1_path(controller: str) -> str:
    """The grader's own group in the v1 hierarchy of ``controller`` (from /proc/self/cgroup)."""
    try:
        for line in Path("/proc/self/cgroup").read_text().splitlines():
            _, controllers, path = line.split(":", 2)
            if controller in controllers.split(","):
                return path
    except (OSError, ValueError):
        pass
    return "/"


def _try_v2(root: Path) -> tuple[CpuGroups | None, str]:
    if "cpu" not in (root / "cgroup.controllers").read_text().split():
        return None, f"the cgroup v2 hierarchy at {root} has no cpu controller"
    if not os.access(root, os.W_OK):
        return None, f"{root} is not writable by this user (uid {os.geteuid()})"
    base = root / FOLDER
    base.mkdir(exist_ok=True)
    (root / "cgroup.subtree_control").write_text("+cpu")
    (base / "cgroup.subtree_control").write_text("+cpu")
    (base / "cpu.weight").write_text(str(min(10000, V2_DEFAULT_WEIGHT * (os.cpu_count() or 1))))
    return CpuGroups(base, 2), ""


def _try_v1(mount: Path) -> tuple[CpuGroups | None, str]:
    own = mount / _own_v1_path("cpu").lstrip("/")
    if not os.access(own, os.W_OK):
        return None, f"{own} is not writable by this user (uid {os.geteuid()})"
    base = own / FOLDER
    base.mkdir(exist_ok=True)
    (base / "cpu.shares").write_text(str(V1_DEFAULT_SHARES * (os.cpu_count() or 1)))
    return CpuGroups(base, 1), ""


@lru_cache(maxsize=1)
def _detect() -> tuple[CpuGroups | None, str]:
    reasons = []
    for mount, kind, options in _mounts():
        try:
            if kind == "cgroup2":
                found, why = _try_v2(Path(mount))
            elif "cpu" in options:
                found, why = _try_v1(Path(mount))
            else:
                continue
        except OSError as error:
            found, why = None, f"{mount}: {error.strerror or error}"
        if found is not None:
            return found, ""
        reasons.append(why)
    return None, "; ".join(reasons) or "no cgroup file system is mounted"


def find() -> CpuGroups | None:
    """Where to make the sandboxes' CPU groups on this machine, or None (:func:`why_not` says why)."""
    return _detect()[0]


def why_not() -> str:
    """Why this machine gives the grader no CPU groups ("" when it does)."""
    return _detect()[1]
