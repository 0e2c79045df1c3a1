"""The rare-value method's per-heap loop, compiled: heap_kernel.c, built with the system's C compiler on first use.

The driver in :mod:`gamelib.analysis.kernel_loop` fills a :class:`~gamelib.analysis.heap_store.HeapStore`
by calling the C function a block of heaps at a time (it comes back to Python only for a new rare heap, a
value needing more bits, or a check of the work budget), and chooses masks through three smaller C functions.
Nothing is compiled at install: the first computation that needs it runs ``cc`` once (a fraction of a second)
and keeps the library in a per-user cache folder, named by a hash of the source, the compiler, its flags and
the platform (CRC-32 and Adler-32, 64 bits: zlib loads in a fraction of the time hashlib takes), so a changed
source or compiler builds a new one. Two processes building at once
each write their own file and rename it into place (an atomic step), so neither ever loads a half-written
library.

Where there is no compiler, or the build or the load fails, the pure numpy + Python loop runs instead, with
the same values (the tests run both). The environment variable ``GAMELIB_KERNEL`` chooses:

* ``auto`` (or unset): the compiled loop when it can be had, else numpy;
* ``numpy``: always the numpy loop (the reference the tests compare against);
* ``c``: the compiled loop, or an error saying why it cannot be had.

>>> kernel_choice() in ("auto", "numpy", "c")
True
"""

from __future__ import annotations

import _thread
import ctypes
import os
import sys
import zlib

TYPE_CHECKING = False  # typing itself is not imported at run time: see gamelib/__init__.py
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import Any

# subprocess and tempfile (which imports shutil) are imported only to build the library, platform only where
# os.uname is missing: loading a built one needs none of them, and they cost a fresh process about 5 ms and
# 7 ms of CPU at its start. Paths are plain text (pathlib imports re, fnmatch and urllib: about 10 ms more).
# The driver of the loop (gamelib.analysis.kernel_loop) imports no numpy either.

SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "heap_kernel.c")
#: How the library is built (part of the cache key).
FLAGS = ("-O2", "-shared", "-fPIC")
ENVIRONMENT = "GAMELIB_KERNEL"
CHOICES = ("auto", "numpy", "c")
#: What the C function's out[1] says (see heap_kernel.c).
STATUS_DONE, STATUS_RARE, STATUS_WIDER, STATUS_ROOM = 0, 1, 2, 3
#: No limit, as a C int64.
UNLIMITED = 2**63 - 1
#: Seconds a build may take before it counts as failed.
BUILD_TIMEOUT = 120
#: Pairs the compiled loop examines before it comes back to Python (about 10 ms), so that an interrupt and
#: a progress report are never far away.
KERNEL_PAIRS = 2**23

_lock = _thread.allocate_lock()
_state: dict[str, object] = {}  # "kernel": the loaded Kernel or None; "why": how it was had, or why not


class Kernel:
    """The C functions (for 16-bit and 32-bit value tables), with their argument types set."""

    def __init__(self, library: ctypes.CDLL, path: str):
        self.path = path
        pointer, i32, i64 = ctypes.c_void_p, ctypes.c_int32, ctypes.c_int64
        self.fill: dict[int, Any] = {}
        for name, width in (("gamelib_fill_u16", 2), ("gamelib_fill_u32", 4)):
            function = getattr(library, name)
            function.restype = i64
            function.argtypes = [pointer, i64, i64, pointer, i32, i32, i32, i32, i32, i32, i32, i32, i64,
                                 pointer, pointer, i64, i64, i64, pointer, pointer, i64, i64, pointer]
            self.fill[width] = function
        self.borders: dict[int, Any] = {}  # the failure function of the period scan, by value width
        for name, width in (("gamelib_borders_u16", 2), ("gamelib_borders_u32", 4)):
            function = getattr(library, name)
            function.restype = None
            function.argtypes = [pointer, i64, pointer]
            self.borders[width] = function
        # the split's bookkeeping without numpy (see heap_kernel.c): the largest value, the best mask, the rare heaps
        self.largest: dict[int, Any] = {}
        self.choose: dict[int, Any] = {}
        self.rare: dict[int, Any] = {}
        for width, kind in ((2, "u16"), (4, "u32")):
            self.largest[width] = _typed(getattr(library, f"gamelib_largest_{kind}"), i64, [pointer, i64])
            self.choose[width] = _typed(getattr(library, f"gamelib_choose_{kind}"), None,
                                        [pointer, i64, i64, i32, pointer, i64, pointer, pointer])
            self.rare[width] = _typed(getattr(library, f"gamelib_rare_{kind}"), i64,
                                      [pointer, i64, pointer, i32, i32, pointer, pointer, i64])


def _typed(function: Any, result: Any, arguments: list) -> Any:
    """``function`` (from the library) with its result and argument types set."""
    function.restype = result
    function.argtypes = arguments
    return function


def kernel_choice() -> str:
    """What ``GAMELIB_KERNEL`` asks for: ``'auto'`` (the default), ``'numpy'`` or ``'c'``."""
    choice = os.environ.get(ENVIRONMENT, "auto").strip().lower() or "auto"
    if choice not in CHOICES:
        raise ValueError(f"{ENVIRONMENT} must be one of {', '.join(CHOICES)} (or unset), got {choice!r}")
    return choice


def cache_folder() -> str:
    """Where built libraries are kept: ``$XDG_CACHE_HOME/gamelib``, else ``~/.cache/gamelib``."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "gamelib")


def library_name(compiler: str) -> str:
    """The file name of the library built by ``compiler``: a hash of the source, the compiler, the flags and
    the platform. (Not a cryptographic hash: it tells versions apart, it does not guard against forgery; the
    cache folder is the user's own. hashlib would cost every fresh process about 3 ms of its start.)"""
    with open(SOURCE, "rb") as source:
        text = source.read()
    key = b"\0".join((text, os.path.realpath(compiler).encode(), " ".join(FLAGS).encode(),
                      sys.platform.encode(), machine().encode()))
    return f"heap_kernel-{zlib.crc32(key):08x}{zlib.adler32(key):08x}.so"


def machine() -> str:
    """The machine's kind, as ``platform.machine()`` says it (``x86_64``, ``arm64``)."""
    if hasattr(os, "uname"):
        return os.uname().machine  # what platform.machine() reads on a POSIX system
    import platform

    return platform.machine()


def build(compiler: str, folder: str) -> str:
    """Compile heap_kernel.c into ``folder`` (unless it is there already) and return the library's path.

    Raises OSError or RuntimeError (with the compiler's message) when that cannot be done."""
    target = os.path.join(folder, library_name(compiler))
    if os.path.exists(target):
        return target
    import subprocess
    import tempfile

    os.makedirs(folder, mode=0o700, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=".building-", suffix=".so", dir=folder)
    os.close(handle)
    try:
        try:
            done = subprocess.run([compiler, *FLAGS, "-o", temporary, SOURCE], capture_output=True, text=True,
                                  timeout=BUILD_TIMEOUT, check=False)
        except subprocess.SubprocessError as error:  # the build took too long
            raise RuntimeError(f"{compiler} could not build {os.path.basename(SOURCE)}: {error}") from error
        if done.returncode != 0:
            raise RuntimeError(f"{compiler} could not build {os.path.basename(SOURCE)}: {done.stderr.strip()[-400:]}")
        os.replace(temporary, target)  # atomic: another process sees the old name or the whole new file
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)
    return target


def find_compiler() -> str | None:
    """The path of ``cc`` on the PATH, as ``shutil.which("cc")`` finds it (without importing shutil)."""
    for folder in os.environ.get("PATH", os.defpath).split(os.pathsep):
        candidate = os.path.join(folder, "cc")
        if os.access(candidate, os.F_OK | os.X_OK) and not os.path.isdir(candidate):
            return candidate
    return None


def _folders() -> Iterator[str]:
    """Where to build: the user's cache folder, else a folder of the user's in the temporary directory."""
    yield cache_folder()
    import tempfile

    yield os.path.join(tempfile.gettempdir(), f"gamelib-{os.getuid()}-kernel")


def _load() -> tuple[Kernel | None, str]:
    compiler = find_compiler()
    if compiler is None:
        return None, "no C compiler (cc) found: the numpy loop is used"
    errors = []
    for folder in _folders():
        try:
            path = build(compiler, folder)
            return Kernel(ctypes.CDLL(path), path), f"compiled loop {path}"
        except (OSError, RuntimeError, AttributeError) as error:
            errors.append(f"{folder}: {error}")
    return None, "the compiled loop could not be built or loaded (" + "; ".join(errors) + "): the numpy loop is used"


def load() -> Kernel | None:
    """The compiled loop, built and loaded once per process; None when the numpy loop is to be used.

    ``GAMELIB_KERNEL=numpy`` always gives None; ``GAMELIB_KERNEL=c`` raises RuntimeError (saying why) when
    the compiled loop cannot be had."""
    choice = kernel_choice()
    if choice == "numpy":
        return None
    with _lock:
        if "kernel" not in _state:
            _state["kernel"], _state["why"] = _load()
    kernel = _state["kernel"]
    if kernel is None and choice == "c":
        raise RuntimeError(f"{ENVIRONMENT}=c, but {_state['why']}")
    return kernel  # type: ignore[return-value]


def kernel_status() -> str:
    """Which loop computes heap values in this process, and why (for benchmarks and bug reports).

    >>> isinstance(kernel_status(), str)
    True
    """
    choice = kernel_choice()
    if choice == "numpy":
        return f"numpy loop ({ENVIRONMENT}=numpy)"
    try:
        load()
    except RuntimeError as error:
        return str(error)
    return str(_state["why"])


__all__ = ["ENVIRONMENT", "Kernel", "cache_folder", "kernel_choice", "kernel_status", "load", "machine"]
