# JupyterHub for one class on one server: every student logs in with the class password, gets a home folder
# and a JupyterLab of their own, and pulls the lessons with an nbgitpuller link.
#
# Run by `make hub` (hub/hubctl.py), `make hub-load` and tests/test_hub_in_browser.py; usable as it is with
# `jupyterhub -f hub/jupyterhub_config.py` in the environment of requirements.lock + hub/requirements.txt.
# Settings come from the environment, so the same file serves a laptop demo and a class server:
#   GAMELIB_HUB_PASSWORD     the class password (required, 8 characters or more)
#   GAMELIB_HUB_DIR          hub state and student homes (default: .hub/ beside this folder)
#   GAMELIB_HUB_IP           where the hub listens (default 127.0.0.1; 0.0.0.0 on a server behind HTTPS)
#   GAMELIB_HUB_PORT         the public port (default 8000); the hub API and the proxy API take the next two
#   GAMELIB_HUB_ADMIN        a user name that may see and stop everyone's server (default: none)
#   GAMELIB_HUB_START_TIMEOUT seconds a server may take to start (default 240, see below)
#   GAMELIB_HUB_CULL_AFTER   seconds of inactivity before a server is stopped (default 3600)
#   GAMELIB_HUB_SERVER_ARGS  extra options for every student's server (default: none)
#   GAMELIB_HUB_RUNTIME      a short folder for kernel sockets (default /tmp/gamelib-hub-<hash of the state dir>)
import hashlib
import os
import sys
from pathlib import Path

c = get_config()  # type: ignore[name-defined]  # noqa: F821 (JupyterHub provides get_config)

HERE = Path(__file__).resolve().parent
STATE = Path(os.environ.get("GAMELIB_HUB_DIR", HERE.parent / ".hub")).resolve()
PORT = int(os.environ.get("GAMELIB_HUB_PORT", "8000"))
IP = os.environ.get("GAMELIB_HUB_IP", "127.0.0.1")
(STATE / "homes").mkdir(parents=True, exist_ok=True)

c.JupyterHub.ip = IP
c.JupyterHub.port = PORT
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = PORT + 1
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{PORT + 2}"
c.ConfigurableHTTPProxy.pid_file = str(STATE / "proxy.pid")
c.JupyterHub.db_url = f"sqlite:///{STATE / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(STATE / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(STATE / "jupyterhub.pid")
# Stopping the hub stops every student's server (make hub and hub-load leave nothing running).
c.JupyterHub.cleanup_servers = True

# --- Who gets in -----------------------------------------------------------------------------------------
# One password for the class, any user name. Students choose their own names, so anyone with the password
# can also log in as someone else: fine for a lab session, not for graded work (use your institution's login,
# e.g. oauthenticator, or the native authenticator with sign-up for that).
c.JupyterHub.authenticator_class = "shared-password"
c.SharedPasswordAuthenticator.user_password = os.environ["GAMELIB_HUB_PASSWORD"]
c.Authenticator.allow_all = True
if os.environ.get("GAMELIB_HUB_ADMIN"):
    c.Authenticator.admin_users = {os.environ["GAMELIB_HUB_ADMIN"]}

# --- Each student's server ----------------------------------------------------------------------------------
# Every server runs as the hub's own user, in a home of its own. That is what a single machine without one
# system account per student allows; The Littlest JupyterHub (systemdspawner) gives each student a system user.
c.JupyterHub.spawner_class = "jupyterhub.spawner.SimpleLocalProcessSpawner"
c.SimpleLocalProcessSpawner.home_dir_template = str(STATE / "homes" / "{username}")
c.Spawner.cmd = [str(Path(sys.executable).with_name("jupyterhub-singleuser"))]  # this environment's
c.Spawner.default_url = "/lab"
c.Spawner.args = [
    # Kernels talk to their server over Unix sockets, not TCP ports: with TCP, kernels of thirty servers
    # starting at once race for the same free ports and some die with "ZMQError: Address already in use".
    "--KernelManager.transport=ipc",
]
# Extra options for every student's server, split on spaces (tests/browser/test_hub_in_browser.py exposes the
# JupyterLab app to its browser driver this way).
c.Spawner.args.extend(os.environ.get("GAMELIB_HUB_SERVER_ARGS", "").split())
if os.geteuid() == 0:
    c.Spawner.args.append("--allow-root")  # a demo run as root (containers); a real server has no root students

# Unix socket paths must stay under 107 characters, and a home can be deep: keep each student's runtime
# folder (connection files and sockets) short, and apart from other hubs on the same machine.
RUNTIME_ROOT = Path(os.environ.get("GAMELIB_HUB_RUNTIME")
                    or f"/tmp/gamelib-hub-{hashlib.sha256(str(STATE).encode()).hexdigest()[:8]}")
# Named by the student's number in the hub's database, not their name: names are free text and can be long.
c.Spawner.environment = {"JUPYTER_RUNTIME_DIR": lambda spawner: str(RUNTIME_ROOT / f"u{spawner.user.id}")}

# Thirty servers starting together took 61-85 s on two busy cores (docs/guides/own-server.md),
# beyond JupyterHub's default of 60 s, after which a spawn counts as failed. 240 s leaves room for a slower
# machine; http_timeout is how long a started process may take to answer.
c.Spawner.start_timeout = int(os.environ.get("GAMELIB_HUB_START_TIMEOUT", "240"))
c.Spawner.http_timeout = c.Spawner.start_timeout

# Memory and CPU: JupyterHub's spawners read these, but the local process spawner only passes them on as
# MEM_LIMIT and CPU_LIMIT environment variables and does NOT enforce them. systemdspawner (The Littlest
# JupyterHub: `tljh-config set limits.memory 1G`) and kubespawner (Zero to JupyterHub) do. The figures are
# what a student running lessons 1 and 3 needs, measured by `make hub-load`, with room for the later lessons.
c.Spawner.mem_limit = "1G"
c.Spawner.cpu_limit = 1.0

# --- Idle servers are stopped -------------------------------------------------------------------------------
# A closed laptop lid leaves a server running; the culler stops servers idle for an hour (a student's files
# stay in their home: the next login starts a fresh server on them).
CULL_AFTER = int(os.environ.get("GAMELIB_HUB_CULL_AFTER", "3600"))
c.JupyterHub.services = [{
    "name": "idle-culler",
    "command": [sys.executable, "-m", "jupyterhub_idle_culler", f"--timeout={CULL_AFTER}",
                f"--cull-every={max(60, CULL_AFTER // 10)}"],
}]
c.JupyterHub.load_roles = [{
    "name": "idle-culler",
    "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
    "services": ["idle-culler"],
}]
