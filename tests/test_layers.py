"""gamelib's layering: each module imports only gamelib modules of the same or a lower layer (see the spec).

The table below is the spec's layer list. A new module must be added to it (in the right layer) before it can
pass: an unknown module fails with a message saying so.
"""

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "gamelib"

LAYERS = {
    "_validate": 0,
    "parsing": 0,
    "engine": 1,
    "periodicity": 1,
    "subtraction": 2,
    "nim": 2,
    "sums": 2,
    "boards": 2,
    "octal": 2,
    "seed_algorithms": 3,
    "survey": 3,
    "plots": 4,
    "widgets": 5,
    "play": 5,
    "exercises": 6,  # a package: every module inside it is layer 6
    "homework": 6,
}
#: The package's own __init__ re-exports from every layer; importing it ("from gamelib import x") pulls in all.
TOP = max(LAYERS.values()) + 1


def module_name(path):
    """Dotted name of a file inside gamelib, e.g. ('gamelib', 'exercises', 'core')."""
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return parts[:-1] if parts[-1] == "__init__" else parts


def layer_of(parts):
    """Layer of a module given as a tuple of name parts starting with 'gamelib'; None when it is not in the table."""
    if parts == ("gamelib",):
        return TOP
    return LAYERS.get(parts[1])


def is_package(path):
    return path.name == "__init__.py"


def imported_modules(path, source=None):
    """Every gamelib module a file imports (anywhere in the file), as tuples of name parts, with line numbers."""
    tree = ast.parse(path.read_text() if source is None else source, filename=str(path))
    here = module_name(path)
    package = here if is_package(path) else here[:-1]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                parts = tuple(alias.name.split("."))
                if parts[0] == "gamelib":
                    found.append((parts[:2], node.lineno))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)]
            else:
                base = ()
            target = base + tuple(node.module.split(".")) if node.module else base
            if not target or target[0] != "gamelib":
                continue
            if len(target) == 1:
                # "from gamelib import x" / "from . import x": x may be a submodule or a name of the package
                for alias in node.names:
                    sub = ("gamelib", alias.name)
                    found.append((sub if layer_of(sub) is not None else ("gamelib",), node.lineno))
            else:
                found.append((target[:2], node.lineno))
    return sorted(found, key=lambda item: item[1])


SOURCES = sorted(PACKAGE.rglob("*.py"))


def test_the_package_has_modules():
    names = {module_name(p) for p in SOURCES}
    assert ("gamelib", "engine") in names and ("gamelib", "_validate") in names


@pytest.mark.parametrize("path", [p for p in SOURCES if module_name(p) != ("gamelib",)],
                         ids=lambda p: str(p.relative_to(PACKAGE.parent)))
def test_module_is_in_the_layer_table(path):
    parts = module_name(path)
    assert layer_of(parts) is not None, (
        f"{'.'.join(parts)} is a new gamelib module that the layer table does not know: add it to LAYERS in "
        "tests/test_layers.py (and to the spec's layer list) in the right layer"
    )


@pytest.mark.parametrize("path", [p for p in SOURCES if module_name(p) != ("gamelib",)],
                         ids=lambda p: str(p.relative_to(PACKAGE.parent)))
def test_module_imports_only_the_same_or_lower_layers(path):
    parts = module_name(path)
    own = layer_of(parts)
    if own is None:
        pytest.fail(f"{'.'.join(parts)} is not in the layer table: add it to LAYERS in tests/test_layers.py")
    for target, line in imported_modules(path):
        layer = layer_of(target)
        assert layer is not None, (
            f"{path.name}:{line} imports {'.'.join(target)}, which is not in the layer table: add it to LAYERS "
            "in tests/test_layers.py"
        )
        assert layer <= own, (
            f"{'.'.join(parts)} (layer {own}) imports {'.'.join(target)} (layer "
            f"{'the package itself' if layer == TOP else layer}) at line {line}: only the same or lower layers"
        )


def test_the_checker_itself_sees_every_spelling_of_an_import():
    source = (
        "from .nim import Nim\n"
        "import gamelib.sums\n"
        "from gamelib import boards\n"
        "from . import _validate\n"
        "def later():\n"
        "    from .plots import sequence_strip\n"
        "from gamelib import SubtractionGame\n"
        "import numpy\n"
    )
    targets = [t for t, _ in imported_modules(PACKAGE / "engine.py", source)]
    assert targets == [("gamelib", "nim"), ("gamelib", "sums"), ("gamelib", "boards"), ("gamelib", "_validate"),
                       ("gamelib", "plots"), ("gamelib",)]
    assert [layer_of(t) for t in targets] == [2, 2, 2, 0, 4, TOP]
    # inside the exercises package, ".." is gamelib and "." is the package
    inner_source = "from ..nim import Nim\nfrom . import kinds\n"
    inner = [t for t, _ in imported_modules(PACKAGE / "exercises" / "core.py", inner_source)]
    assert inner == [("gamelib", "nim"), ("gamelib", "exercises")]
