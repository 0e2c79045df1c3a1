"""The kit's Jupyter server settings: kernel messages reach the browser without waiting on TCP.

Installed beside JupyterLab's other settings, in every environment that serves the lessons (``make venv``,
Binder's ``postBuild``, the hub's image), as ``<sys.prefix>/etc/jupyter/jupyter_server_config.py``.

Why: a widget step sends the browser a few small messages in a row (the busy sign, the picture, the status
line). jupyter_server leaves Nagle's algorithm on for the kernel's websocket, so a small message written
while an earlier one is not yet acknowledged waits for the browser's delayed acknowledgement, up to 40 ms on
Linux, on every step. ``TCP_NODELAY`` sends each message at once (measured with ``make bench-browser``: the
busy sign after typing a set and pressing Enter came 55 ms after the key press before, 25-30 ms after).
"""

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection


class NoDelayKernelConnection(ZMQChannelsWebsocketConnection):
    """jupyter_server's kernel websocket connection, with Nagle's algorithm off on its socket."""

    def connect(self):
        self.websocket_handler.set_nodelay(True)
        return super().connect()


c.ServerApp.kernel_websocket_connection_class = NoDelayKernelConnection  # noqa: F821 (c: the config being loaded)
