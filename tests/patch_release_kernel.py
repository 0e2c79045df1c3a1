"""A Python kernel that reports another patch release of Python, to test what Binder's Python does to a lesson.

Binder builds its own Python 3.11.x; only one Python is installed here. This kernel is this environment's
ipykernel with ``language_info["version"]`` set to ``version`` before it starts, so it answers JupyterLab's
kernel-info request exactly as a kernel of that release would. It is installed as kernel ``python3`` in a
Jupyter data folder: any Jupyter whose ``JUPYTER_PATH`` is that folder starts it instead of the real one (in a
virtual environment, ``JUPYTER_DATA_DIR`` comes after the environment's own kernels).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

LAUNCH = ("import sys, ipykernel.ipkernel as k; "
          "k.IPythonKernel.language_info = dict(k.IPythonKernel.language_info, version=sys.argv.pop(1)); "
          "from ipykernel.kernelapp import launch_new_instance; launch_new_instance()")


def install(data_dir: Path, version: str) -> Path:
    """Write the kernel spec into ``data_dir/kernels/python3``; returns its folder."""
    folder = Path(data_dir) / "kernels" / "python3"
    folder.mkdir(parents=True, exist_ok=True)
    spec = {"argv": [sys.executable, "-c", LAUNCH, version, "-f", "{connection_file}"],
            "display_name": "Python 3 (ipykernel)", "language": "python"}
    (folder / "kernel.json").write_text(json.dumps(spec, indent=1))
    return folder
