"""The kit's Jupyter server settings: kernel messages reach the browser without waiting on TCP, and a saved
notebook keeps each panel's still picture instead of a live view that cannot come back.

Installed beside JupyterLab's other settings, in every environment that serves the lessons (``make venv``,
Binder's ``postBuild``, the hub's image), as ``<sys.prefix>/etc/jupyter/jupyter_server_config.py``.

No Nagle delay. A widget step sends the browser a few small messages in a row (the busy sign, the picture, the
status line). jupyter_server leaves Nagle's algorithm on for the kernel's websocket, so a small message
written while an earlier one is not yet acknowledged waits for the browser's delayed acknowledgement, up to
40 ms on Linux, on every step. ``TCP_NODELAY`` sends each message at once (measured with ``make
bench-browser``: the busy sign after typing a set and pressing Enter came 55 ms after the key press before,
25-30 ms after).

Saved panels reopen clean. A live panel's output holds a widget *view* (a reference to a model in the running
kernel) beside the panel's still picture (``gamelib.widgets.panel.StaticFallback``: its first figure, or the
game's position, and "Run this cell to play"). JupyterLab saves no widget state by default, so a notebook
saved with the view reopens as "Error displaying widget: model not found" where every panel was. The save
hook below drops each view the reopened notebook could not show — every view that has a still picture beside
it, and every view whose model state is not saved — so the picture shows instead; everything else (the
student's code, text and other outputs) is saved as it is.
"""

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


class NoDelayKernelConnection(ZMQChannelsWebsocketConnection):
    """jupyter_server's kernel websocket connection, with Nagle's algorithm off on its socket."""

    def connect(self):
        self.websocket_handler.set_nodelay(True)
        return super().connect()


def keep_still_pictures(model, **kwargs):
    """Pre-save hook: remove from a notebook being saved the widget views it could not show when reopened
    (see the module docstring); an output left with nothing to show is removed."""
    notebook = model.get("content") if model.get("type") == "notebook" else None
    if not isinstance(notebook, dict):
        return
    saved = ((notebook.get("metadata") or {}).get("widgets") or {}).get(WIDGET_STATE) or {}
    saved_models = saved.get("state") or {}
    for cell in notebook.get("cells") or []:
        if cell.get("cell_type") != "code" or not cell.get("outputs"):
            continue
        kept = []
        for output in cell["outputs"]:
            data = output.get("data")
            view = data.get(WIDGET_VIEW) if isinstance(data, dict) else None
            if view is not None and ("text/html" in data or (view or {}).get("model_id") not in saved_models):
                del data[WIDGET_VIEW]
                if not set(data) - {"text/plain"}:
                    continue  # a widget with no picture of its own: its plain repr would read as garbage
            kept.append(output)
        cell["outputs"] = kept


c.ServerApp.kernel_websocket_connection_class = NoDelayKernelConnection  # noqa: F821 (c: the config being loaded)
c.ContentsManager.pre_save_hook = keep_still_pictures  # noqa: F821
