"""The kit's IPython kernel settings: every kernel of the lessons loads ``gamelib.kernel_help``.

Installed in every environment that serves the lessons (``make venv``, Binder's ``postBuild``, the hub's image)
as ``<sys.prefix>/etc/ipython/ipython_kernel_config.py``, where IPython reads it for each kernel it starts. So
after *Kernel › Restart*, a panel or exercise cell run on its own says in one line to run the cells above,
and ``answer = P`` says to put the word in quotes, instead of a traceback (see that module).
"""

c.InteractiveShellApp.extensions = ["gamelib.kernel_help"]  # noqa: F821 (c: the config being loaded)
