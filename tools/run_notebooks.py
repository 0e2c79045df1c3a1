"""Re-execute every lesson top to bottom and save it with its outputs, the same way every time.

Usage: ``python -m tools.run_notebooks [LESSON_FILE ...]`` (``make notebooks`` runs it on all lessons and on
the notes in ``lessons.NOTES``); ``python -m tools.run_notebooks --metadata-only NOTEBOOK ...`` only writes the
kernel metadata (below) of the kernel this environment starts, running nothing (Binder's postBuild does).

What makes the result deterministic: navigation cells rewritten from the lesson index, a fixed hash seed,
no per-cell timing metadata, no saved widget state and no widget views (they only work with a live kernel),
matplotlib PNGs (stable bytes), execution counts 1, 2, 3, ... from a fresh kernel, and printed text merged
into one output per stream (how the kernel splits it into messages depends on timing).

What keeps a lesson unmodified when a student opens it: JupyterLab rewrites the notebook's ``kernelspec`` and
``language_info`` metadata from the kernel it starts, and any difference marks the notebook modified. So the
saved ``kernelspec`` is the one of the kernel that ran it (ipykernel calls it "Python 3 (ipykernel)"), and
``language_info`` is the kernel's own (nbclient stores it). ``language_info`` holds the Python version down to
the patch release (3.11.7), and JupyterLab compares it exactly: opened under 3.11.14 the lesson is marked
modified. Binder chooses its own 3.11.x (``runtime.txt`` takes only major.minor, and the patch follows
repo2docker's release), so Binder's ``postBuild`` rewrites the metadata of every notebook in its image with
:func:`stamp`, from a kernel of that image.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import nbformat
from jupyter_client.kernelspec import KernelSpecManager
from nbclient import NotebookClient

from tools.kernels import kernel_manager
from tools.lessons import LESSONS, NOTEBOOKS, NOTES, set_nav

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
KERNEL = "python3"


def kernelspec_metadata(name: str = KERNEL) -> dict:
    """The ``kernelspec`` metadata JupyterLab writes into a notebook when it starts kernel ``name``."""
    spec = KernelSpecManager().get_kernel_spec(name)
    return {"display_name": spec.display_name, "language": spec.language, "name": name}


def kernel_language_info(name: str = KERNEL) -> dict:
    """The ``language_info`` kernel ``name`` reports when it starts: what JupyterLab writes into a notebook."""
    from tools.kernels import started_kernel

    with started_kernel(name) as client:
        return client.kernel_info(reply=True, timeout=60)["content"]["language_info"]


def stamp(paths: list[Path], name: str = KERNEL) -> list[Path]:
    """Give each notebook the ``kernelspec`` and ``language_info`` of kernel ``name`` as this environment starts
    it, so JupyterLab here opens them unmodified; nothing else changes. Returns the notebooks rewritten."""
    metadata = {"kernelspec": kernelspec_metadata(name), "language_info": kernel_language_info(name)}
    changed = []
    for path in paths:
        nb = nbformat.read(path, as_version=4)
        if all(nb.metadata.get(key) == value for key, value in metadata.items()):
            continue
        nb.metadata.update(metadata)
        nbformat.write(nb, path)
        changed.append(path)
    return changed


def merge_streams(outputs: list) -> list:
    """Join consecutive stdout (or stderr) outputs: the kernel flushes them at moments that vary by run."""
    merged: list = []
    for output in outputs:
        previous = merged[-1] if merged else None
        if (output.get("output_type") == "stream" and previous is not None
                and previous.get("output_type") == "stream" and previous.get("name") == output.get("name")):
            previous["text"] += output["text"]
        else:
            merged.append(output)
    return merged


def clean(nb: nbformat.NotebookNode) -> None:
    """Drop what changes from run to run or needs a live kernel: widget state and views, timings.

    A widget's output keeps its other parts: gamelib's panels add a still picture of how they start and a
    line saying to run the cell (``gamelib.widgets.panel.StaticFallback``), so a saved lesson is never blank there.
    """
    nb.metadata.pop("widgets", None)
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        if cell.cell_type == "code":
            for output in cell.outputs:
                output.get("data", {}).pop(WIDGET_VIEW, None)
            cell.outputs = merge_streams([o for o in cell.outputs if o.get("data", True)])


def run(path: Path) -> float:
    nb = nbformat.read(path, as_version=4)
    names = [lesson.filename for lesson in LESSONS]
    if path.name in names:
        set_nav(nb, names.index(path.name))
    started = time.perf_counter()
    with kernel_manager(KERNEL) as manager:
        NotebookClient(nb, km=manager, timeout=600, record_timing=False,
                       resources={"metadata": {"path": str(path.parent)}}).execute()
    clean(nb)
    nb.metadata["kernelspec"] = kernelspec_metadata()
    nbformat.write(nb, path)
    return time.perf_counter() - started


def main(argv: list[str]) -> int:
    if argv[:1] == ["--metadata-only"]:
        paths = [Path(a) for a in argv[1:]]
        changed = stamp(paths)
        print(f"kernel metadata written to {len(changed)} of {len(paths)} notebooks")
        return 0
    os.environ["PYTHONHASHSEED"] = "0"
    os.environ.setdefault("MPLBACKEND", "module://matplotlib_inline.backend_inline")
    paths = [Path(a) for a in argv] or [lesson.path for lesson in LESSONS if lesson.path.exists()] + NOTES
    for path in paths:
        seconds = run(path.resolve())
        print(f"{path.relative_to(NOTEBOOKS.parent) if path.is_absolute() else path}: executed in {seconds:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
