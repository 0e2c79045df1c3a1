"""What in a submission's code reaches the answer key, read from one code cell without running it (the
``answer-key`` flag of gamelib_grader/integrity/copying.py).

The answer key is public code (gamelib/homework/marking.py), as every method of the kit is; a student's
notebook has no need of it. A cell is flagged when it imports the homework's internals (anything of
``gamelib.homework`` but ``my_numbers``: its submodules, ``HOMEWORK``, ...), names the key's functions or the
homework objects' private parts (as attributes, or as text given to ``getattr``), reaches through the
introspection attributes that lead from an object to a module's globals (``__globals__``, ``__dict__``, ...),
runs code built from text (``exec``, ``eval``, ``__import__``, ``importlib``), which no static read can
follow, or hides the names it uses from this read: ``gamelib.homework`` imported under a name of its own,
``getattr`` given text made at run time, ``sys.modules``, the garbage collector's lists of objects.

A composed set's questions are the lessons' exercises (gamelib/homework/composed.py): its key is the
exercise's check, run on the practice instance dealt for the student. So a cell is flagged, too, when it reaches
an instance's check or its answer (``.checker``, ``.answer``, the grader's ``_seed``), or deals an exercise
(``deal``) from a seed computed at run time, as the student's own would be; ``deal("7.2", seed=3)``, practice
on a seed typed out, is not.

Ordinary code is never flagged: a private name of Python's own (``os._exit``, a named tuple's ``._asdict()``),
``.__class__``, or ``import gamelib.homework`` to call ``help`` on it.
"""

from __future__ import annotations

import ast

from gamelib.parsing import python_tree

#: Modules whose import in a student's code reaches the answer key.
KEY_MODULES = ("gamelib.homework",)
#: What gamelib.homework may be imported for, by name (the handout imports my_numbers).
HARMLESS_IMPORTS = frozenset({"my_numbers", "DEMO_COURSE_CODE", "EXAMPLE_STUDENT_ID", "NoNumbers", "Numbers",
                              "Checked", "normalise_student_id", "normalise_course_code"})
#: What only the answer key (gamelib/homework/marking.py) and the homework's internals are called.
KEY_ATTRIBUTES = frozenset({"one_right_answer", "answer_key", "accepts", "mark", "key", "marking", "HOMEWORK",
                            "_homework", "_numbers", "_answer_key", "_values", "_question", "_REGISTRY",
                            "checker", "answer", "_seed", "GENERATORS", "composed"})
#: The key's names that are never an honest variable's (``key`` or ``mark`` may be: those count as attributes).
KEY_NAMES = frozenset({"one_right_answer", "answer_key", "marking", "HOMEWORK"})
#: Text that names the key's parts (given to ``getattr``, ``vars(...)[...]`` or an import by name).
KEY_TEXTS = frozenset({"one_right_answer", "answer_key", "marking", "HOMEWORK", "_homework", "_numbers",
                       "_answer_key", "_REGISTRY", "accepts", "checker", "_seed", "GENERATORS", "composed"})
#: Attributes that reach from an object to the module that made it (its globals), or to every object.
INTROSPECTION = frozenset({"__dict__", "__globals__", "__closure__", "__code__", "__self__", "__func__",
                           "__wrapped__", "__subclasses__", "__mro__", "__bases__", "__getattribute__",
                           "__builtins__", "__loader__", "__spec__", "__module__", "__init_subclass__"})
#: Names whose call runs or imports code built at run time (which no static read can follow).
DYNAMIC = frozenset({"__import__", "importlib", "exec", "eval", "compile", "execfile", "runpy"})
#: Ways to any loaded module or object by name or by search, around every name above: ``sys.modules[...]``,
#: the garbage collector's lists of every object, ``operator.attrgetter``.
REACH = frozenset({"modules", "get_objects", "get_referrers", "get_referents", "attrgetter", "methodcaller"})


def _homework_module(node: ast.AST) -> bool:
    """Whether ``node`` is the expression ``gamelib.homework``."""
    return (isinstance(node, ast.Attribute) and node.attr == "homework" and isinstance(node.value, ast.Name)
            and node.value.id == "gamelib")


def _dealt_from_a_computed_seed(call: ast.Call) -> bool:
    """Whether ``call`` is ``deal(...)`` (or ``x.deal(...)``) with a seed that is not a number typed out."""
    name = call.func.id if isinstance(call.func, ast.Name) else call.func.attr if isinstance(call.func,
                                                                                                 ast.Attribute) else ""
    if name != "deal":
        return False
    seed = call.args[1] if len(call.args) > 1 else next((k.value for k in call.keywords if k.arg == "seed"), None)
    if seed is None and any(k.arg is None for k in call.keywords):  # deal(*args, **bounds): cannot be read here
        return True
    return seed is not None and not (isinstance(seed, ast.Constant) and type(seed.value) is int)


def key_use(text: str) -> list[str]:
    """What in one code cell reaches the answer key or around a static read (see the module docstring).

    >>> key_use("from gamelib.homework.marking import one_right_answer\\nq4_leave = one_right_answer(mine, 'q4')")
    ['imports gamelib.homework.marking', 'uses one_right_answer']
    >>> key_use("from gamelib.homework import my_numbers\\nmine = my_numbers('hw1', student_id, course_code)")
    []
    >>> key_use("import os, gamelib.homework\\nhelp(gamelib.homework)\\nrow._asdict(); type(x).__class__; os._exit")
    []
    >>> key_use("getattr(vars(mine)['_home' + 'work'], 'question')")
    ['names the text _home']

    The package under a name of the cell's choosing, or an attribute named by text made at run time, would
    hide every name above:

    >>> key_use("import gamelib.homework as h\\nq = h.homework('hw1').question('q4')\\nk = getattr(q, 'ke' + 'y')")
    ['imports gamelib.homework as h', 'uses getattr with a name made at run time']
    >>> key_use("import sys\\nm = sys.modules['gamelib.homework' + '.marking']")
    ['uses .modules']

    A composed set's key is the check of the practice instance dealt for the student:

    >>> key_use("q1_answer = deal('7.2', seed=mine_seed).answer")
    ['uses .answer', 'uses deal with a seed made at run time']
    >>> key_use("practice = deal('7.2', seed=3)\\npractice.question")
    []
    """
    try:
        tree = python_tree(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return []
    found: list[str] = []

    def note(what: str) -> None:
        if what not in found:
            found.append(what)

    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(KEY_MODULES):
            names = [a.name for a in node.names if a.name not in HARMLESS_IMPORTS]
            if node.module != "gamelib.homework" or names:
                note(f"imports {node.module}" + (f" ({', '.join(names)})" if node.module == "gamelib.homework" else ""))
        elif isinstance(node, ast.ImportFrom) and node.module == "gamelib" and any(a.name == "homework"
                                                                                   for a in node.names):
            # the package under a name of its own: its parts are then read through that name, unseen here
            note(f"imports gamelib.homework as {next(a.asname or a.name for a in node.names if a.name == 'homework')}")
        elif isinstance(node, ast.ImportFrom) and node.module in ("sys", "gc", "operator"):
            for alias in node.names:
                if alias.name in REACH:
                    note(f"imports {node.module}.{alias.name}")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith(tuple(m + "." for m in KEY_MODULES)) or alias.name.split(".")[0] in DYNAMIC:
                    note(f"imports {alias.name}")
                elif alias.name in KEY_MODULES and alias.asname:
                    note(f"imports {alias.name} as {alias.asname}")
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("getattr", "hasattr")
              and len(node.args) >= 2 and not isinstance(node.args[1], ast.Constant)):
            note(f"uses {node.func.id} with a name made at run time")
        elif isinstance(node, ast.Call) and _dealt_from_a_computed_seed(node):
            note("uses deal with a seed made at run time")
        elif isinstance(node, ast.Attribute):
            if node.attr in REACH:
                note(f"uses .{node.attr}")
            elif node.attr in INTROSPECTION:
                note(f"uses .{node.attr}")
            elif node.attr in KEY_ATTRIBUTES or (_homework_module(node.value) and node.attr not in HARMLESS_IMPORTS
                                                 and not node.attr.startswith("__")):
                note(f"uses .{node.attr}")
        elif isinstance(node, ast.Name) and (node.id in KEY_NAMES or node.id in DYNAMIC):
            note(f"uses {node.id}")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if "gamelib.homework." in node.value:
                note(f"names {node.value[:60]!r}")
            elif node.value in KEY_TEXTS or (node.value.startswith("_") and len(node.value) > 2
                                             and any(t.startswith(node.value) for t in KEY_TEXTS)):
                note(f"names the text {node.value[:40]}")
    return found[:10]
