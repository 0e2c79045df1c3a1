"""The class hub's settings, read the way JupyterHub reads them, and the nbgitpuller link it prints.

The hub running for real is tests/browser/test_hub_in_browser.py; these check, in a fraction of a second, the
choices that the hand trial showed a class needs (docs/guides/own-server.md).
"""

import importlib.util
import json
import sys
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
import yaml
from traitlets.config.loader import PyFileConfigLoader

ROOT = Path(__file__).resolve().parent.parent
HUB = ROOT / "hub"


def load_config(tmp_path, monkeypatch, **env):
    for name, value in {"GAMELIB_HUB_PASSWORD": "a-class-password", "GAMELIB_HUB_DIR": str(tmp_path), **env}.items():
        monkeypatch.setenv(name, value)
    return PyFileConfigLoader("jupyterhub_config.py", path=str(HUB)).load_config()


def test_the_hub_listens_on_loopback_with_its_three_ports_together(tmp_path, monkeypatch):
    config = load_config(tmp_path, monkeypatch, GAMELIB_HUB_PORT="8700")
    assert (config.JupyterHub.ip, config.JupyterHub.port, config.JupyterHub.hub_port) == ("127.0.0.1", 8700, 8701)
    assert config.ConfigurableHTTPProxy.api_url == "http://127.0.0.1:8702"
    assert config.JupyterHub.db_url == f"sqlite:///{tmp_path / 'jupyterhub.sqlite'}"


def test_students_share_a_password_and_get_a_home_each(tmp_path, monkeypatch):
    config = load_config(tmp_path, monkeypatch)
    assert config.JupyterHub.authenticator_class == "shared-password"
    assert config.SharedPasswordAuthenticator.user_password == "a-class-password"
    assert config.JupyterHub.spawner_class == "jupyterhub.spawner.SimpleLocalProcessSpawner"
    assert config.SimpleLocalProcessSpawner.home_dir_template == str(tmp_path / "homes" / "{username}")


def test_a_class_needs_ipc_kernels_and_a_start_timeout_past_the_measured_spawn(tmp_path, monkeypatch):
    config = load_config(tmp_path, monkeypatch, GAMELIB_HUB_SERVER_ARGS="--LabApp.expose_app_in_browser=True")
    assert "--KernelManager.transport=ipc" in config.Spawner.args
    assert "--LabApp.expose_app_in_browser=True" in config.Spawner.args
    # 30 servers started together took up to 85 s on this machine; JupyterHub's default is 60 s.
    assert config.Spawner.start_timeout >= 2 * 85
    assert config.Spawner.http_timeout == config.Spawner.start_timeout


def test_kernel_sockets_live_in_a_short_folder_per_student(tmp_path, monkeypatch):
    deep = tmp_path / ("a-very-long-folder-name-" * 4)
    config = load_config(tmp_path, monkeypatch, GAMELIB_HUB_DIR=str(deep))
    runtime = config.Spawner.environment["JUPYTER_RUNTIME_DIR"]

    class Spawner:
        class user:
            id = 12345
            name = "a.student.with.a.long.name@an-institution.example.org"

    folder = runtime(Spawner)
    assert folder.startswith("/tmp/gamelib-hub-") and folder.endswith("/u12345")
    # jupyter_client names the sockets after the connection file: <folder>/kernel-<uuid>-ipc-<port>.
    socket_path = f"{folder}/kernel-{'0' * 36}-ipc-65535"
    assert len(socket_path) < 107, socket_path


def test_the_idle_culler_may_stop_servers_and_nothing_more(tmp_path, monkeypatch):
    config = load_config(tmp_path, monkeypatch, GAMELIB_HUB_CULL_AFTER="1800")
    (culler,) = config.JupyterHub.services
    assert culler["command"][1:3] == ["-m", "jupyterhub_idle_culler"] and "--timeout=1800" in culler["command"]
    (role,) = config.JupyterHub.load_roles
    assert role["services"] == ["idle-culler"]
    assert set(role["scopes"]) == {"list:users", "read:users:activity", "read:servers", "delete:servers"}


def test_the_hub_refuses_to_start_without_a_class_password(tmp_path, monkeypatch):
    monkeypatch.delenv("GAMELIB_HUB_PASSWORD", raising=False)
    monkeypatch.setenv("GAMELIB_HUB_DIR", str(tmp_path))
    with pytest.raises(KeyError, match="GAMELIB_HUB_PASSWORD"):
        PyFileConfigLoader("jupyterhub_config.py", path=str(HUB)).load_config()


def _hubctl():
    spec = importlib.util.spec_from_file_location("hubctl", HUB / "hubctl.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_printed_link_pulls_into_gamelib_lessons_and_opens_lesson_1():
    link = _hubctl().pull_link("http://127.0.0.1:8000", "https://github.com/gamelib-kit/gamelib.git", "main")
    assert link == (
        "http://127.0.0.1:8000/hub/user-redirect/git-pull?repo=https%3A%2F%2Fgithub.com%2Fgamelib-kit%2Fgamelib.git"
        "&branch=main&targetpath=gamelib-lessons"
        "&urlpath=lab%2Ftree%2Fgamelib-lessons%2Fnotebooks%2F01-playing-subtraction-games.ipynb")
    # A repository URL ending in .git would otherwise land in "gamelib.git": targetpath names the folder.
    query = parse_qs(urlsplit(link).query)
    assert query["urlpath"][0].startswith(f"lab/tree/{query['targetpath'][0]}/")


def test_the_kit_lab_settings_turn_the_news_off():
    overrides = json.loads((ROOT / "jupyterlab" / "overrides.json").read_text())
    assert overrides["@jupyterlab/apputils-extension:notification"] == {"fetchNews": "false", "checkForUpdates": False}
    page_config = json.loads((ROOT / "jupyterlab" / "page_config.json").read_text())
    assert page_config["disabledExtensions"] == {"@jupyterlab/apputils-extension:announcements": True}
    # make venv installs them where JupyterLab reads them in this environment.
    prefix = Path(sys.prefix)
    assert json.loads((prefix / "share/jupyter/lab/settings/overrides.json").read_text()) == overrides
    installed = json.loads((prefix / "etc/jupyter/labconfig/page_config.json").read_text())
    assert installed["disabledExtensions"] == page_config["disabledExtensions"]


def test_the_kit_lab_settings_keep_widget_messages_on_the_kernels_main_thread():
    # The behaviour is checked in Chromium (tests/browser/test_second_day_in_browser.py): with JupyterLab's
    # default, a panel's steps ran on a subshell's thread too.
    overrides = json.loads((ROOT / "jupyterlab" / "overrides.json").read_text())
    assert overrides["@jupyterlab/apputils-extension:kernels-settings"] == {"commsOverSubshells": "disabled"}


def test_the_kit_server_config_sends_kernel_messages_without_nagle_delay(monkeypatch):
    from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
    from traitlets.config.loader import PyFileConfigLoader

    source = ROOT / "jupyterlab" / "jupyter_server_config.py"
    config = PyFileConfigLoader(source.name, path=str(source.parent)).load_config()
    connection_class = config.ServerApp.kernel_websocket_connection_class
    assert issubclass(connection_class, ZMQChannelsWebsocketConnection)
    calls = []
    monkeypatch.setattr(ZMQChannelsWebsocketConnection, "connect", lambda self: calls.append("connected"))

    class Handler:
        def set_nodelay(self, value):
            calls.append(("nodelay", value))

    connection = connection_class.__new__(connection_class)  # connect() is all that is being checked
    monkeypatch.setattr(connection_class, "websocket_handler", Handler(), raising=False)
    connection.connect()
    assert calls == [("nodelay", True), "connected"]  # Nagle off before the first message goes out
    # make venv installs it where the Jupyter server reads its configuration in this environment.
    assert (Path(sys.prefix) / "etc/jupyter/jupyter_server_config.py").read_text() == source.read_text()


def test_the_kubernetes_config_matches_the_one_server_hub(tmp_path, monkeypatch):
    z2jh = yaml.safe_load((HUB / "z2jh-config.yaml").read_text())
    config = load_config(tmp_path, monkeypatch)
    assert z2jh["hub"]["config"]["JupyterHub"]["authenticator_class"] == config.JupyterHub.authenticator_class
    assert "--KernelManager.transport=ipc" in z2jh["hub"]["config"]["KubeSpawner"]["args"]
    assert z2jh["singleuser"]["memory"]["limit"] == config.Spawner.mem_limit
    assert z2jh["singleuser"]["cpu"]["limit"] == config.Spawner.cpu_limit
    assert z2jh["cull"] == {"enabled": True, "timeout": 3600, "every": 300}
    assert z2jh["singleuser"]["startTimeout"] >= config.Spawner.start_timeout
