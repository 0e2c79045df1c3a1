"""One locked environment: the locks agree with the top-level pins, and the test venv is the dev lock.

requirements.lock (the lessons: students' servers, Binder, the hub) and requirements-dev.lock (that plus the
test tools and the hub) are written by `make lock` from requirements.txt, requirements-test.txt and
hub/requirements.txt. A top-level pin changed by hand without `make lock` fails here.
"""

import re
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCK, DEV_LOCK = ROOT / "requirements.lock", ROOT / "requirements-dev.lock"
TOP_LEVEL = [ROOT / "requirements.txt", ROOT / "requirements-test.txt", ROOT / "hub" / "requirements.txt"]


def normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def pins(path: Path) -> dict[str, str]:
    """{normalised name: version} of a requirements file; every requirement must be pinned with ==."""
    found = {}
    for line in path.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        match = re.fullmatch(r"([A-Za-z0-9][A-Za-z0-9._-]*)\s*==\s*([^\s;]+)", line)
        assert match, f"{path.name}: not an exact pin: {line!r}"
        name = normalise(match[1])
        assert name not in found, f"{path.name}: {name} pinned twice"
        found[name] = match[2]
    return found


def test_pins_parse_exact_pins_only(tmp_path):
    file = tmp_path / "r.txt"
    file.write_text("# a comment\nNumPy==2.4.6  # via x\nsphinxcontrib_qthelp==2.0.0\n")
    assert pins(file) == {"numpy": "2.4.6", "sphinxcontrib-qthelp": "2.0.0"}
    file.write_text("numpy>=2\n")
    try:
        pins(file)
    except AssertionError as error:
        assert "not an exact pin" in str(error)
    else:
        raise AssertionError("a range was accepted as a pin")


def test_the_lesson_lock_holds_every_top_level_lesson_pin():
    lock = pins(LOCK)
    for name, version in pins(ROOT / "requirements.txt").items():
        assert lock.get(name) == version, f"requirements.txt pins {name}=={version}, the lock has {lock.get(name)}"
    # Resolved, not just copied: the lesson stack's dependencies are there too.
    assert {"jupyter-server", "ipykernel", "pyzmq", "contourpy"} <= lock.keys()
    # Nothing for tests or the hub leaks into the students' environment.
    assert not {"pytest", "nbval", "ruff", "hypothesis", "jupyterhub", "jupyter-repo2docker"} & lock.keys()


def test_the_dev_lock_is_the_lesson_lock_plus_tools_at_the_same_versions():
    lock, dev = pins(LOCK), pins(DEV_LOCK)
    differ = {name: (version, dev.get(name)) for name, version in lock.items() if dev.get(name) != version}
    assert not differ, f"requirements-dev.lock disagrees with requirements.lock (lock, dev): {differ}"
    for path in TOP_LEVEL:
        for name, version in pins(path).items():
            assert dev.get(name) == version, f"{path.name} pins {name}=={version}, the dev lock has {dev.get(name)}"


def test_the_test_environment_is_the_dev_lock():
    """make venv installs requirements-dev.lock: what runs the tests is what the lock says, no more, no less."""
    dev = pins(DEV_LOCK)
    installed = {normalise(d.metadata["Name"]): d.version for d in metadata.distributions()}
    wrong = {name: (version, installed.get(name)) for name, version in dev.items() if installed.get(name) != version}
    assert not wrong, f"installed versions differ from requirements-dev.lock (lock, installed): {wrong}; make venv"
    # Installers and the project itself (gamelib and its grader) are not in the lock; uv is there after `make lock`.
    extra = installed.keys() - dev.keys() - {"gamelib", "gamelib-grader", "pip", "setuptools", "wheel", "uv"}
    assert not extra, f"installed but not locked (requirements-dev.lock is incomplete?): {sorted(extra)}"


def closure(top_level: list[Path]) -> dict[str, str]:
    """Every distribution the top-level requirements need here (Python 3.11, Linux), following extras,
    read from the metadata of what is installed: {name: installed version}. Fails on an unmet specifier."""
    from packaging.requirements import Requirement

    wanted = [Requirement(line.split("#", 1)[0].strip()) for path in top_level
              for line in path.read_text().splitlines() if line.split("#", 1)[0].strip()]
    seen: dict[str, set[str]] = {}
    found: dict[str, str] = {}
    while wanted:
        requirement = wanted.pop()
        name = normalise(requirement.name)
        distribution = metadata.distribution(name)
        version = distribution.version
        assert requirement.specifier.contains(version, prereleases=True), f"{requirement} but {version} installed"
        found[name] = distribution.version
        extras = set(requirement.extras)
        if name in seen and extras <= seen[name]:
            continue
        seen.setdefault(name, set()).update(extras)
        for text in distribution.requires or []:
            needed = Requirement(text)
            if needed.marker is None or any(needed.marker.evaluate({"extra": extra}) for extra in seen[name] | {""}):
                wanted.append(needed)
    return found


def test_the_locks_are_exactly_what_the_top_level_pins_need():
    """Fully resolved: every dependency of every locked package is locked, and nothing else is."""
    assert closure([ROOT / "requirements.txt"]) == pins(LOCK)
    assert closure(TOP_LEVEL) == pins(DEV_LOCK)
