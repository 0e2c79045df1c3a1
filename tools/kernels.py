"""Kernels the tools and tests start themselves, talking over Unix sockets in a folder of their own.

Over TCP (jupyter_client's default) the client picks five free ports, closes them and writes them down; the
kernel binds them a moment later. Another kernel starting meanwhile (the homework build runs two, the browser
tests and nbval more) can take one first, and the kernel dies: "Address already in use", then "Kernel died
before replying to kernel_info". A fresh-clone ``make test`` lost its homework build to that once. A socket
file in a private folder cannot be taken by anyone else. (The hub's kernels use ``ipc`` for the same reason:
hub/jupyterhub_config.py.)
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from jupyter_client.blocking.client import BlockingKernelClient
from jupyter_client.manager import KernelManager


@contextmanager
def kernel_manager(kernel_name: str = "python3") -> Iterator[KernelManager]:
    """A manager of one kernel whose sockets are files in a private folder, removed afterwards; pass it to
    ``nbclient.NotebookClient(nb, km=...)`` or start it yourself."""
    with tempfile.TemporaryDirectory(prefix="gamelib-kernel-") as folder:
        manager = KernelManager(kernel_name=kernel_name, transport="ipc", ip=str(Path(folder) / "socket"))
        try:
            yield manager
        finally:  # a NotebookClient given a manager may leave its kernel running
            if manager.has_kernel:
                manager.shutdown_kernel(now=True)


@contextmanager
def started_kernel(kernel_name: str = "python3", env: dict | None = None,
                   timeout: float = 60) -> Iterator[BlockingKernelClient]:
    """A started kernel (as jupyter_client's ``start_new_kernel``, over private sockets) and its ready client;
    shut down on leaving."""
    with kernel_manager(kernel_name) as manager:
        manager.start_kernel(**({"env": env} if env is not None else {}))
        client = manager.client()
        client.start_channels()
        try:
            client.wait_for_ready(timeout=timeout)
            yield client
        finally:
            client.stop_channels()
            manager.shutdown_kernel(now=True)
