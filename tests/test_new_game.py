"""The checklist of a new game: every place a game of the kit must appear, checked for every game, with a message
that names each place missing and what to write there (docs/guides/contributing.md walks the same list).

A new game is four files: ``gamelib/games/NAME.py`` (the rules, and its presentation: the words it is shown
with), ``gamelib/plots/NAME.py`` if it needs a new kind of picture, ``tests/test_NAME.py`` (its tests and its
``TOO_LARGE_REQUESTS``), and one registration, in ``gamelib/__init__.py``.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from pathlib import Path

import gamelib
import gamelib.games
from gamelib.games.base import Game
from gamelib.games.presentation import presentation_of
from gamelib.plots import FIGURES
from gamelib.plots.positions import NO_PICTURE
from tests.test_refusals import REQUESTS

TESTS = Path(__file__).resolve().parent
#: Classes other games are built on: not games of their own (a new base class is listed here).
BASES = {"Game", "OneHeapGame", "HeapsGame", "ExploredGame", "CoinTurningGame", "TakeAndBreakGame"}
#: What a presentation says, never the model (the model knows no word: gamelib.games.presentation imports it).
WORDS = ("how_to_move", "choice_words", "square_noun", "labelled_moves", "why_not", "values_text", "change_text",
         "symbol", "caption")


def games_of_the_kit() -> list[type]:
    """Every game class defined in a module of gamelib/games (not a base class, not private)."""
    found = []
    for info in pkgutil.iter_modules(gamelib.games.__path__):
        module = importlib.import_module(f"gamelib.games.{info.name}")
        for name, obj in vars(module).items():
            if (inspect.isclass(obj) and issubclass(obj, Game) and obj.__module__ == module.__name__
                    and not name.startswith("_") and name not in BASES):
                found.append(obj)
    return found


def _test_texts() -> dict[str, str]:
    return {path.name: path.read_text(encoding="utf-8") for path in sorted(TESTS.glob("test_*.py"))}


def missing_places(game: type, tests: dict[str, str] | None = None) -> list[str]:
    """What is missing for ``game`` to be a game of the kit, each as "FILE: what to write there"."""
    tests = _test_texts() if tests is None else tests
    name, module = game.__name__, game.__module__
    file = module.replace(".", "/") + ".py"
    stem = module.rsplit(".", 1)[-1]
    missing = []
    if name not in getattr(importlib.import_module(module), "__all__", [name]):
        missing.append(f"{file}: list {name!r} in the module's __all__")
    if getattr(gamelib, name, None) is not game or name not in gamelib.__all__:
        missing.append(f"gamelib/__init__.py: the one registration, {name!r} beside {module!r} in _PUBLIC, in "
                       f"__all__, and `from {module} import {name}` under TYPE_CHECKING")
    kind = game.figure_kind
    if kind not in FIGURES and kind != NO_PICTURE.kind:
        missing.append(f"gamelib/plots/{stem}.py: the view of the kind {kind!r}, a drawing registered with "
                       f"@figure_kind({kind!r}, play=...) (or name an existing kind: {', '.join(sorted(FIGURES))})")
    if presentation_of(game) is presentation_of(Game):  # the plain words of no game in particular
        missing.append(f"{file}: its words, presents({name}, Presentation('how a move is made')) or a Presentation "
                       "subclass of its own (or build it on a game class that has one)")
    worded = [word for word in WORDS if any(word in vars(cls) for cls in game.__mro__ if cls is not Game)]
    if worded:
        missing.append(f"{file}: move {', '.join(worded)} from the game class into its presentation (the model holds "
                       "no word a panel shows)")
    named = [file_name for file_name, text in tests.items() if re.search(rf"\b{name}\b", text)]
    if not named:
        missing.append(f"tests/test_{stem}.py: tests of {name} (worked examples, brute force, the theorems)")
    if name not in REQUESTS:
        missing.append(f"tests/test_{stem}.py: TOO_LARGE_REQUESTS = {{{name!r}: [a request too large to answer, "
                       "refused with LimitError]}} (tests/test_refusals.py runs it)")
    return missing


def test_every_game_of_the_kit_appears_everywhere_a_game_must():
    games = games_of_the_kit()
    assert {"Nim", "Chomp", "GreenHackenbush", "SubtractionGame", "MockTurtles"} <= {g.__name__ for g in games}
    tests = _test_texts()
    report = {game.__name__: missing_places(game, tests) for game in games}
    assert not any(report.values()), "a game is missing from some places:\n" + "\n".join(
        f"  {name}: {place}" for name, places in report.items() for place in places)


def test_the_checklist_names_each_place_a_new_game_is_missing_from():
    class SparrowGame(Game):  # a game written here: in no list, no test file, with a kind nobody drew
        figure_kind = "sparrows"
        how_to_move = "move a sparrow"  # words on the model

        def moves(self, position):
            return []

    SparrowGame.__module__ = "gamelib.games.base"  # as if it were written in a module of the kit
    places = missing_places(SparrowGame, tests={})
    files = [place.split(":")[0] for place in places]
    assert files == ["gamelib/games/base.py", "gamelib/__init__.py", "gamelib/plots/base.py", "gamelib/games/base.py",
                     "gamelib/games/base.py", "tests/test_base.py", "tests/test_base.py"]
    assert "@figure_kind('sparrows'" in places[2] and "move how_to_move" in places[4]
    assert "TOO_LARGE_REQUESTS" in places[6]


def test_the_guide_walks_the_same_places_with_the_real_file_names():
    guide = (TESTS.parent / "docs" / "guides" / "contributing.md").read_text(encoding="utf-8")
    section = guide.split("## Adding a game", 1)[1].split("\n## ", 1)[0]
    for place in ["gamelib/games/NAME.py", "presents(NAME", "gamelib/plots/NAME.py", "@figure_kind(",
                  "tests/test_NAME.py", "TOO_LARGE_REQUESTS", "gamelib/__init__.py", "tests/test_new_game.py"]:
        assert place in section, f"docs/guides/contributing.md no longer names {place}"
    for path in re.findall(r"`((?:gamelib|tests)/[\w/]+\.py)`", section):
        assert "NAME" in path or (TESTS.parent / path).is_file(), f"the guide names {path}, which does not exist"
