"""Run a submitted notebook in a bubblewrap sandbox and bring back its answer report, bounded.

Inside the sandbox (``bwrap``, Debian package ``bubblewrap``) the student's code sees: a read-only Python
environment (the interpreter, the virtual environment, and the ``gamelib`` package the grader itself imported,
from wherever it did: an install, a worktree on ``PYTHONPATH``; :func:`gamelib_home`), its own notebook, a
private ``/tmp`` and home folder (small in-memory file systems) and nothing else: not the repository, the
autograder, the solutions, other submissions or the grader's processes. It has no network (own network
namespace), its own PID, IPC and UTS namespaces, no capabilities, and limits on CPU time, memory, processes,
file size and open files. When the notebook's Python process ends, or the time is up, the PID namespace
ends and the kernel kills every process the submission started.

``/dev`` holds only the usual devices (null, zero, random, the terminal) and is read-only: unprivileged bwrap
would otherwise leave it a writable in-memory file system as large as half the machine's memory. Where the
machine lets the grader make control groups (gamelib_grader/sandbox/cpugroups.py), each sandbox runs in one of its
own, so sandboxes share the CPU equally however many processes each starts.

The answer report leaves through one pipe (at most :data:`grading.plain.MAX_REPORT_BYTES`); the notebook's
printed output through another, of which only the first :data:`KEPT_OUTPUT_BYTES` are kept.

Without bwrap, :func:`run_unsandboxed` runs the same script as an ordinary child process: for trusted
submissions only (the grader marks every such result).
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from importlib.util import find_spec
from pathlib import Path

from gamelib_grader.sandbox import cpugroups
from gamelib_grader.sandbox.plain import MAX_REPORT_BYTES

RUNNER = Path(__file__).resolve().parent / "run_notebook.py"
INSTALL_HELP = (
    "Grading runs each submission in a bubblewrap sandbox, and `bwrap` {problem}.\n"
    "Install it: `sudo apt-get install bubblewrap` (Debian, Ubuntu), `sudo dnf install bubblewrap` (Fedora), "
    "or `make grading-deps` from the repository (as root).\n"
    "On Linux the sandbox also needs user namespaces (on by default almost everywhere). bwrap does not exist "
    "for macOS or Windows: grade there inside a Linux VM or container.\n"
    "Only for submissions you trust (your own test notebooks), `--unsandboxed` grades without it."
)
#: Printed output kept per submission (for the teacher's log); the rest is read and thrown away.
KEPT_OUTPUT_BYTES = 64 * 1024
#: Where the submission sits inside the sandbox (the home folder of a user that does not exist outside).
HOME = "/home/student"
GRADER_DIR = "/opt/grader"
#: When the grader runs as root, sandboxed code runs as one of these user ids: users with no files anywhere
#: (below systemd's dynamic users, 61184 on). Each sandbox leases one (:func:`leased_uid`), so the process
#: count limit (RLIMIT_NPROC, counted per user) counts only that sandbox's processes, even with several
#: grading runs on one machine and a fork bomb's last processes still dying in the one before.
SANDBOX_UIDS = range(61000, 61128)
#: Where the leases live: one lock file per user id, in a folder only root can enter, at one path for every
#: grader on the machine (``/run``, not the grader's own ``$TMPDIR``, which may differ between graders).
UID_LOCKS = Path("/run" if os.path.isdir("/run") else tempfile.gettempdir()) / "gamelib-sandbox-uids"
#: Longest wait for the processes of an ended sandbox to disappear before they are killed by user id.
PROCESS_EXIT_WAIT = 10.0


class SandboxUnavailable(RuntimeError):
    """bwrap is missing or cannot start a sandbox on this machine."""


@dataclass(frozen=True)
class Limits:
    """What one submission may use. ``timeout`` is wall-clock seconds for the whole run."""

    timeout: float = 120
    memory_mb: int = 1536
    processes: int = 64
    file_mb: int = 32
    scratch_mb: int = 64
    open_files: int = 256


DEFAULT_LIMITS = Limits()


@dataclass
class RunResult:
    """What came back from one run: the raw report (untrusted bytes) and what the grader saw of the run."""

    report: bytes = b""
    report_too_long: bool = False
    output: bytes = b""
    output_bytes: int = 0
    returncode: int | None = None
    timed_out: bool = False
    seconds: float = 0.0


def _drain(stream, keep: int, into: dict) -> None:
    """Read ``stream`` to its end, keeping the first ``keep`` bytes and counting the rest."""
    kept, total = bytearray(), 0
    while True:
        chunk = stream.read(65536)
        if not chunk:
            break
        total += len(chunk)
        if len(kept) <= keep:
            kept += chunk[: keep + 1 - len(kept)]
    into["kept"], into["total"] = bytes(kept), total


def _python() -> str:
    """This interpreter's path, without ``..`` (only the bound folders exist inside the sandbox)."""
    return os.path.normpath(os.path.abspath(sys.executable))


def gamelib_home() -> Path:
    """The folder the grader imported ``gamelib`` from (the folder holding the package, as on ``sys.path``): the
    sandboxed Python imports it from there too, so the student's handout computes with the same code the grader
    marks with."""
    spec = find_spec("gamelib")
    if spec is None or not spec.submodule_search_locations:
        raise SandboxUnavailable("the grader cannot import gamelib itself (is it installed?)")
    return Path(next(iter(spec.submodule_search_locations))).resolve().parent


def environment_paths() -> list[Path]:
    """The folders the sandboxed Python needs, read-only: the interpreter's installation, the virtual
    environment, and the packages installed from a source folder (an editable ``gamelib``)."""
    prefix = Path(os.path.normpath(os.path.abspath(sys.prefix)))
    paths = {Path(sys.base_prefix).resolve(), prefix.resolve(), prefix}
    # Installed packages only: never a plain folder on sys.path (the tools' folder, or a repository root).
    paths.update(Path(p).resolve() for p in sys.path if p and Path(p).name in ("site-packages", "dist-packages")
                 and Path(p).is_dir())
    for module in ("gamelib", "IPython", "traitlets", "numpy", "matplotlib"):
        spec = find_spec(module)
        if spec is not None and spec.submodule_search_locations:
            paths.update(Path(p).resolve() for p in spec.submodule_search_locations)
    # Keep the outermost of nested folders; /usr comes in as a whole anyway.
    ordered = sorted(paths, key=lambda p: len(p.parts))
    kept: list[Path] = []
    for path in ordered:
        if not any(path == k or k in path.parents for k in kept + [Path("/usr")]):
            kept.append(path)
    return kept


def processes_of(uid: int) -> list[int]:
    """The process ids of every live process of user ``uid`` (read from /proc; zombies, already dead and
    waiting for their parent to collect them, are left out)."""
    found = []
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            try:
                if os.stat(entry.path).st_uid != uid:
                    continue
                with open(f"{entry.path}/stat", "rb") as stat:
                    state = stat.read().rsplit(b")", 1)[1].split()[0]
            except (OSError, IndexError):  # gone meanwhile
                continue
            if state != b"Z":
                found.append(int(entry.name))
    return found


def _until_no_processes(uid: int) -> None:
    """Wait until no process of ``uid`` is left; kill what is left after :data:`PROCESS_EXIT_WAIT`."""
    deadline = time.monotonic() + PROCESS_EXIT_WAIT
    while processes_of(uid):
        if time.monotonic() > deadline:
            for pid in processes_of(uid):
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            deadline = time.monotonic() + PROCESS_EXIT_WAIT
        time.sleep(0.02)


@contextmanager
def leased_uid() -> Iterator[int]:
    """A user id of :data:`SANDBOX_UIDS` that no other sandbox on this machine holds, with none of its
    processes running; held (a lock file) until the block ends and the sandbox's processes are gone."""
    UID_LOCKS.mkdir(mode=0o700, exist_ok=True)
    for uid in SANDBOX_UIDS:
        lock = open(UID_LOCKS / str(uid), "w")  # noqa: SIM115 (held across the yield)
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            lock.close()
            continue
        try:
            _until_no_processes(uid)  # left by a grader that was killed before it could wait
            yield uid
            _until_no_processes(uid)
        finally:
            lock.close()  # releases the lock
        return
    raise SandboxUnavailable(f"all {len(SANDBOX_UIDS)} sandbox user ids are in use by other sandboxes")


def bwrap_command(workdir: Path, notebook_name: str, answers_fd: int, limits: Limits,
                  uid: int | None = None) -> list[str]:
    """The full command that runs ``workdir/submission.ipynb`` in a sandbox (see the module docstring).

    ``workdir`` holds ``submission.ipynb`` and ``spec.json``; both are bound read-only into the sandbox, the
    notebook under ``notebook_name`` in the home folder (the name its own ``otter.Notebook(...)`` cell expects).
    ``uid`` is the user id the notebook runs as when the grader is root (from :func:`leased_uid`).
    """
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        raise SandboxUnavailable(INSTALL_HELP.format(problem="is not installed"))
    command = [bwrap, "--die-with-parent", "--new-session", "--unshare-pid", "--unshare-ipc",
               "--unshare-uts", "--unshare-net", "--unshare-cgroup-try", "--hostname", "sandbox"]
    as_root = os.geteuid() == 0
    if as_root:
        # Privileged bwrap: no user namespace; the code drops to an unused uid through setpriv below.
        command += ["--cap-drop", "ALL", "--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID"]
    else:
        command += ["--unshare-user", "--disable-userns", "--cap-drop", "ALL"]
    command += ["--ro-bind", "/usr", "/usr"]
    for top in ("/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"):
        if os.path.islink(top):
            command += ["--symlink", os.readlink(top), top]
        elif os.path.isdir(top):
            command += ["--ro-bind", top, top]
    for etc in ("/etc/ld.so.cache", "/etc/fonts", "/etc/localtime", "/etc/alternatives", "/etc/mime.types"):
        command += ["--ro-bind-try", etc, etc]
    scratch = str(limits.scratch_mb * 1024 * 1024)
    command += ["--dev", "/dev", "--remount-ro", "/dev", "--proc", "/proc",
                "--perms", "1777", "--size", scratch, "--tmpfs", "/tmp",
                "--perms", "0755", "--dir", str(Path(HOME).parent),
                "--perms", "1777", "--size", scratch, "--tmpfs", HOME]
    # bwrap makes missing parent folders private (0700); the unprivileged user must pass through them.
    bound = environment_paths()
    parents = sorted({str(parent) for path in bound + [Path(GRADER_DIR)] for parent in path.parents
                      if parent not in (Path("/"), Path("/tmp"), Path(HOME).parent)} | {GRADER_DIR}, key=len)
    for parent in parents:
        command += ["--perms", "0755", "--dir", parent]
    for path in bound:
        command += ["--ro-bind", str(path), str(path)]
    command += ["--ro-bind", str(workdir / "submission.ipynb"), f"{HOME}/{notebook_name}",
                "--ro-bind", str(RUNNER), f"{GRADER_DIR}/run_notebook.py",
                "--ro-bind", str(workdir / "spec.json"), f"{GRADER_DIR}/spec.json",
                "--remount-ro", "/",
                "--chdir", HOME, "--clearenv",
                "--setenv", "HOME", HOME, "--setenv", "PATH", "/usr/local/bin:/usr/bin:/bin",
                "--setenv", "MPLBACKEND", "Agg", "--setenv", "MPLCONFIGDIR", "/tmp/matplotlib",
                "--setenv", "IPYTHONDIR", "/tmp/ipython",
                "--setenv", "OPENBLAS_NUM_THREADS", "1", "--setenv", "OMP_NUM_THREADS", "1",
                "--setenv", "PYTHONDONTWRITEBYTECODE", "1", "--setenv", "LANG", "C.UTF-8", "--"]
    if as_root:
        if uid is None:
            raise ValueError("a sandbox started as root needs a user id to run the notebook as (leased_uid())")
        command += ["setpriv", f"--reuid={uid}", f"--regid={uid}", "--clear-groups", "--no-new-privs", "--"]
    cpu = str(int(limits.timeout) + 5)
    command += ["prlimit", f"--cpu={cpu}", f"--as={limits.memory_mb * 1024 * 1024}",
                f"--nproc={limits.processes}", f"--fsize={limits.file_mb * 1024 * 1024}",
                f"--nofile={limits.open_files}", "--core=0", "--",
                _python(), "-I", f"{GRADER_DIR}/run_notebook.py", f"{HOME}/{notebook_name}",
                f"{GRADER_DIR}/spec.json", str(answers_fd), str(gamelib_home())]
    return command


def _run(command: list[str], answers_read: int, answers_write: int, timeout: float, cwd: Path,
         env: dict | None = None) -> RunResult:
    """Start ``command``, collect its report and output on threads, stop it at ``timeout``."""
    result = RunResult()
    start = time.perf_counter()
    report: dict = {}
    output: dict = {}
    try:
        process = subprocess.Popen(command, cwd=cwd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT, pass_fds=(answers_write,), start_new_session=True,
                                   env=env)
    finally:
        os.close(answers_write)
    with os.fdopen(answers_read, "rb") as answers:
        readers = [threading.Thread(target=_drain, args=(answers, MAX_REPORT_BYTES, report), daemon=True),
                   threading.Thread(target=_drain, args=(process.stdout, KEPT_OUTPUT_BYTES, output), daemon=True)]
        for reader in readers:
            reader.start()
        try:
            result.returncode = process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            result.timed_out = True
        _stop(process)
        for reader in readers:
            reader.join(timeout=10)
    if process.stdout is not None:  # always a pipe: Popen was given stdout=PIPE
        process.stdout.close()
    result.report = report.get("kept", b"")
    result.report_too_long = report.get("total", 0) > MAX_REPORT_BYTES
    result.output, result.output_bytes = output.get("kept", b""), output.get("total", 0)
    result.seconds = time.perf_counter() - start
    return result


def _stop(process: subprocess.Popen) -> None:
    """Kill the process group (bwrap, or the unsandboxed runner) and wait for it. In the sandbox, bwrap's
    death ends the PID namespace (``--die-with-parent``), which kills everything the submission started."""
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    process.wait()


def _prepare(workdir: Path, notebook: bytes, names: list[str], skip: list[str], files: dict | None = None) -> None:
    # Readable by the sandbox's unprivileged user (the folder itself is not listed to anyone else).
    os.chmod(workdir, 0o711)
    spec = {"names": names, "skip": skip, "files": files or {}}
    for name, data in (("submission.ipynb", notebook), ("spec.json", json.dumps(spec).encode())):
        (workdir / name).write_bytes(data)
        os.chmod(workdir / name, 0o644)


@contextmanager
def _cpu_group(name: str) -> Iterator[Callable[[list[str]], list[str]] | None]:
    """For one sandbox, a function that puts a command in a CPU group of its own where the machine allows it
    (else None); the group is removed afterwards."""
    groups = cpugroups.find()
    if groups is None:
        yield None
        return
    with groups.group(name) as group:
        yield lambda command: groups.command(group, command)


def run_sandboxed(notebook: bytes, notebook_name: str, names: list[str], skip: list[str],
                  limits: Limits = DEFAULT_LIMITS, files: dict | None = None) -> RunResult:
    """Run ``notebook`` (the submission's bytes) in a fresh sandbox; the report lists ``names``. ``files``
    (``{path: text}``, paths relative to the notebook, such as a composed set's file) are written beside the
    notebook before it runs (by the runner, in the sandbox's own home folder)."""
    with tempfile.TemporaryDirectory(prefix="sandbox-") as tmp:
        workdir = Path(tmp)
        _prepare(workdir, notebook, names, skip, files)
        # The group outlives the user id's lease: it is removed once the lease has seen every process gone.
        with _cpu_group(workdir.name) as in_group:
            if os.geteuid() != 0:  # unprivileged bwrap: a user namespace of its own, nothing to lease
                answers_read, answers_write = os.pipe()
                command = bwrap_command(workdir, notebook_name, answers_write, limits)
                command = in_group(command) if in_group else command
                return _run(command, answers_read, answers_write, limits.timeout, workdir)
            with leased_uid() as uid:
                answers_read, answers_write = os.pipe()
                command = bwrap_command(workdir, notebook_name, answers_write, limits, uid)
                command = in_group(command) if in_group else command
                return _run(command, answers_read, answers_write, limits.timeout, workdir)


def run_unsandboxed(notebook: bytes, notebook_name: str, names: list[str], skip: list[str],
                    limits: Limits = DEFAULT_LIMITS, files: dict | None = None) -> RunResult:
    """The same run as an ordinary child process (trusted submissions only): same report, same time limit,
    but the notebook sees the whole machine with the grader's permissions."""
    with tempfile.TemporaryDirectory(prefix="unsandboxed-") as tmp:
        workdir = Path(tmp)
        _prepare(workdir, notebook, names, skip, files)
        (workdir / notebook_name).write_bytes(notebook)
        answers_read, answers_write = os.pipe()
        command = [_python(), "-I", str(RUNNER), str(workdir / notebook_name), str(workdir / "spec.json"),
                   str(answers_write), str(gamelib_home())]
        env = {**os.environ, "IPYTHONDIR": str(workdir / "ipython"), "MPLBACKEND": "Agg"}
        return _run(command, answers_read, answers_write, limits.timeout, workdir, env)


def check_sandbox() -> None:
    """Start one tiny sandbox; raise :class:`SandboxUnavailable` with install advice if that fails, or with one
    line saying where it looked when the sandboxed Python does not import gamelib from where the grader did
    (honest work would otherwise score 0 with no word why)."""
    home = gamelib_home()
    source = ("x = 1\ntry:\n    import gamelib\n    found = gamelib.__file__\nexcept Exception as error:\n"
              "    found = f'no gamelib ({type(error).__name__}: {error})'")
    notebook = json.dumps({"cells": [{"cell_type": "code", "source": source, "metadata": {}}],
                           "metadata": {}, "nbformat": 4, "nbformat_minor": 5}).encode()
    try:
        result = run_sandboxed(notebook, "check.ipynb", ["x", "found"], [], Limits(timeout=60))
    except OSError as error:
        raise SandboxUnavailable(INSTALL_HELP.format(problem=f"could not be started ({error})")) from None
    if b'"x": {"value": 1}' not in result.report:
        said = result.output.decode(errors="replace").strip()[-500:]
        raise SandboxUnavailable(INSTALL_HELP.format(problem=f"failed to start a sandbox here:\n  {said}"))
    expected = str(home / "gamelib" / "__init__.py")
    try:
        found = json.loads(result.report)["answers"]["found"]["value"]
    except (ValueError, KeyError, TypeError):
        found = "nothing it could report"
    if found != expected:
        raise SandboxUnavailable(f"the sandbox looked for gamelib in {home} (where the grader imported it from) "
                                 f"and found {str(found)[:200]}")
