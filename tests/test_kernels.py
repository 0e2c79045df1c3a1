"""The kernels the tools and tests start themselves talk over private socket files (tools/kernels.py), so no
other process can take their ports between the choice and the bind."""

from __future__ import annotations

from pathlib import Path

import nbformat
from nbclient import NotebookClient

from tools.kernels import kernel_manager, started_kernel


def test_a_notebook_runs_over_socket_files_in_a_private_folder_removed_afterwards():
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("print(6 * 7)")])
    with kernel_manager() as first, kernel_manager() as second:
        assert first.transport == second.transport == "ipc"
        folder = Path(first.ip).parent
        assert folder != Path(second.ip).parent and folder.exists()
        NotebookClient(nb, km=first, timeout=60).execute()
    assert nb.cells[0].outputs[0]["text"] == "42\n"
    assert not folder.exists() and not first.has_kernel  # its kernel shut down, not left to outlive us


def test_a_started_kernel_answers_over_socket_files():
    with started_kernel() as client:
        assert client.transport == "ipc"
        reply = client.execute_interactive("x = 2 + 3", timeout=60)
        assert reply["content"]["status"] == "ok"
