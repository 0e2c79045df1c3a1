"""An IPython extension the kit's kernels load: the slips of a student's second day, and the kit's own refusals of a
bad argument, said in one line.

The kit's environments (``make venv``, Binder's ``postBuild``, the hub's image) install
``jupyterlab/ipython_kernel_config.py``, which loads this extension into every kernel they start, so it is
there before any cell of a lesson has run. It handles a ``NameError`` raised by the code of a cell itself:

* a name the lessons import (``check``, ``play_game``, ``SubtractionGame``, ...): the kernel was restarted,
  or the cells above have not run, so the line says to run them (a panel cell or an exercise cell run alone
  after *Kernel › Restart*);
* a near-miss of one of those names, or of ``answer`` (``NodeKayle``, ``anwser``): the line names the one it is
  close to ("did you mean NodeKayles?"), when exactly one is close;
* ``P`` or ``N`` written without quotes (``answer = P``): the line says to put the word in quotes and shows
  the line as it should be typed;
* an id or course code typed without quotes in a homework (:func:`gamelib.homework.handout.hint_for`).

It also handles the ``TypeError`` and ``ValueError`` (``LimitError`` among them) that the kit raises on purpose
when a cell calls it with an argument it cannot take (``NodeKayles([(0, 1), ...])``, ``practice("9.11")``), and
the kit's own exceptions (``PeriodNotFoundError``: a search that stopped at its stated limit says how far it got
and how to ask for more): the message already names the value and says what is expected, so the line is that
message, not a traceback into ``gamelib`` whose code the student did not write (:func:`kit_refusal`). A kit call
given arguments it does not take (``periodicity(max_heap=100)``) gets Python's words and how the call is written
(:func:`wrong_call`). A refusal reached through the student's own function, an error the kit did not raise on
purpose (a bug), and any error of the student's own code keep their full traceback.

Every other error shows as it always does. The cell still fails (so *Run All* stops there), nothing the
student typed is rewritten or run, and nothing is evaluated.

>>> slip_message("answer = P", "P")
'put words in quotes: answer = "P"'
>>> print(slip_message("check('1.4', taken)", "check"))  # doctest: +NORMALIZE_WHITESPACE
check is not defined: the kernel was restarted, or the cells above have not run. Run › Run All Above
Selected Cell (or Run › Run All Cells), then run this cell again.
>>> slip_message("check('9.7', anwser)", "anwser")
'anwser is not defined: did you mean answer? (a name is spelled exactly, capitals too)'
>>> slip_message("answer = taken", "taken") is None
True
"""

from __future__ import annotations

import difflib
import linecache
import re
from functools import cache
from typing import Any

#: The words of the lessons' answers that are written in quotes: a position's outcome.
QUOTED_WORDS = ("P", "N")

#: What to do when a name the lessons import is missing.
RUN_ABOVE = ("the kernel was restarted, or the cells above have not run. Run \u203a Run All Above Selected "
             "Cell (or Run \u203a Run All Cells), then run this cell again.")

#: Modules whose public names (``__all__``) the lessons import, and the standard names they import too.
KIT_MODULES = ("gamelib", "gamelib.exercises", "gamelib.plots", "gamelib.widgets", "gamelib.widgets.progress")
STANDARD_NAMES = ("combinations", "product", "reduce", "xor")
#: Names the exercise cells give the student to fill in: a near-miss of one is a slip too.
EXERCISE_NAMES = ("answer",)
#: How alike (difflib's ratio) a missing name and a known one must be to be called a near-miss.
NEAR_MISS = 0.8


@cache
def kit_names() -> frozenset[str]:
    """Every name a lesson's import cells define (imported on first use: a kernel pays only on an error)."""
    from importlib import import_module

    names = set(STANDARD_NAMES)
    for module in KIT_MODULES:
        names.update(getattr(import_module(module), "__all__", ()))
    return frozenset(names)


def quoted(line: str, word: str) -> str:
    """``line`` with every bare ``word`` (not already inside quotes) put in double quotes.

    >>> quoted("answer = P  # P or N", "P")
    'answer = "P"  # P or N'
    """
    code, hash_, comment = line.partition("#")
    return re.sub(rf"(?<![\w'\"]){re.escape(word)}(?![\w'\"])", f'"{word}"', code) + hash_ + comment


def near_miss(missing: str) -> str | None:
    """The one kit or exercise name that ``missing`` is close to, or None (none, or several: no guess).

    >>> near_miss("NodeKayle"), near_miss("play_gmae"), near_miss("heap_sise")
    ('NodeKayles', 'play_game', None)
    """
    close = difflib.get_close_matches(missing, sorted(kit_names() | set(EXERCISE_NAMES)), n=2, cutoff=NEAR_MISS)
    return close[0] if len(close) == 1 else None


def slip_message(line: str, missing: str) -> str | None:
    """The one line shown for ``NameError`` about ``missing`` raised on ``line`` of a cell, or None when it
    is not one of the slips this module knows (see the module docstring)."""
    from gamelib.homework.handout import hint_for

    said = hint_for(line, missing)
    if said is not None:
        return said
    if missing in QUOTED_WORDS:
        return f"put words in quotes: {quoted(line.strip(), missing)}"
    if missing in kit_names():
        return f"{missing} is not defined: {RUN_ABOVE}"
    meant = near_miss(missing)
    if meant is not None:
        return f"{missing} is not defined: did you mean {meant}? (a name is spelled exactly, capitals too)"
    return None


def _frames(tb: Any) -> list:
    """The traceback's entries, the cell's first."""
    found = []
    while tb is not None:
        found.append(tb)
        tb = tb.tb_next
    return found


def _kit_module(name: object) -> bool:
    """``name`` is the name of the gamelib package or of one of its modules."""
    return isinstance(name, str) and (name == "gamelib" or name.startswith("gamelib."))


def _in_kit(entry: Any) -> bool:
    """The traceback entry runs code of the gamelib package."""
    return _kit_module(entry.tb_frame.f_globals.get("__name__", ""))


def kit_exception(etype: type) -> bool:
    """The exception class is one the kit defines (its message is written for the student, as the kit's refusals).

    >>> from gamelib import PeriodNotFoundError
    >>> kit_exception(PeriodNotFoundError), kit_exception(RuntimeError), kit_exception(ZeroDivisionError)
    (True, False, False)
    """
    return _kit_module(getattr(etype, "__module__", ""))


#: Python's words for a call given the wrong arguments (before the function runs): the called name comes first.
_WRONG_CALL = re.compile(
    r"(?P<name>[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\(\) (?:got an unexpected keyword argument '\w+'"
    r"|missing \d+ required (?:positional|keyword-only) arguments?: .+"
    r"|takes (?:from \d+ to )?\d+ positional arguments? but \d+ (?:was|were) given"
    r"|got multiple values for argument '\w+')")


def wrong_call(message: str, namespace: dict) -> str | None:
    """The one line for Python's refusal of a call's arguments (``message``), when the call is to a function or
    class of the kit that the cell's ``namespace`` names (a method through its class: ``OctalGame.periodicity``):
    the message, then how the call is written. None for any other call: the student's own function keeps its
    traceback.

    >>> from gamelib import OctalGame
    >>> said = wrong_call("OctalGame.periodicity() got an unexpected keyword argument 'max_heap'",
    ...                   {"OctalGame": OctalGame})
    >>> print(said)  # doctest: +NORMALIZE_WHITESPACE
    TypeError: OctalGame.periodicity() got an unexpected keyword argument 'max_heap'; it is called as
    periodicity(max_search=None, progress=None, budget=None)
    >>> exec("def mine(n): return n", cell := {"__name__": "__main__"})
    >>> wrong_call("mine() missing 1 required positional argument: 'n'", cell) is None
    True
    """
    import inspect

    found = _WRONG_CALL.fullmatch(message)
    if found is None:
        return None
    called: Any = namespace
    try:  # the student's own objects are asked nothing but their class attributes, and may refuse
        for part in found["name"].split("."):
            called = called.get(part) if isinstance(called, dict) else getattr(called, part, None)
            if called is None:
                return None
        module = getattr(called, "__module__", None)
    except Exception:
        return None
    if not _kit_module(module):
        return None
    try:
        signature = inspect.signature(called)
    except (TypeError, ValueError):
        return None
    empty = inspect.Parameter.empty
    shown = signature.replace(return_annotation=empty, parameters=[
        p.replace(annotation=empty) for p in signature.parameters.values() if p.name not in ("self", "cls")])
    parts = found["name"].split(".")
    written = parts[-2] if parts[-1] == "__init__" and len(parts) > 1 else parts[-1]
    return f"TypeError: {message}; it is called as {written}{shown}"


def kit_refusal(etype: type, value: BaseException, tb: Any, namespace: dict) -> str | None:
    """The one line shown for an error the kit raised on purpose for a bad argument of a call made by a cell, or
    None for any other error. It is one when the error is a ``TypeError``, a ``ValueError`` or an exception class
    of the kit's own (:func:`kit_exception`), the traceback goes from the cell's own top-level code (in
    ``namespace``, the student's) straight into ``gamelib`` and stays there, and its last line is a ``raise`` of
    the kit's; or when the call in the cell is refused by Python before a kit function runs (:func:`wrong_call`).

    >>> import sys
    >>> from gamelib import NodeKayles
    >>> try:
    ...     exec("NodeKayles([(0, 1), ...])", namespace := {"NodeKayles": NodeKayles})
    ... except ValueError:
    ...     print(kit_refusal(*sys.exc_info(), namespace))  # doctest: +NORMALIZE_WHITESPACE
    ValueError: edges item 2 is ... (Ellipsis), which stands for the edges left out: write every one of them, as
    [(0, 1), (1, 2)]
    >>> try:
    ...     exec("def mine(n):\\n    return NodeKayles(n)\\nmine(5)", namespace)
    ... except TypeError:
    ...     print(kit_refusal(*sys.exc_info(), namespace))  # through the student's own function: a traceback
    None
    """
    if not (issubclass(etype, (TypeError, ValueError)) or kit_exception(etype)):
        return None
    entries = _frames(tb)  # IPython's own frames first, then the cell's
    cells = [i for i, entry in enumerate(entries)
             if entry.tb_frame.f_code.co_name == "<module>" and entry.tb_frame.f_globals is namespace]
    kit = entries[cells[-1] + 1:] if cells else []
    if cells and not kit and issubclass(etype, TypeError):  # raised by the call itself, in the cell
        return wrong_call(str(value), namespace)
    if not kit or not all(_in_kit(entry) for entry in kit):
        return None
    last = kit[-1]
    if not linecache.getline(last.tb_frame.f_code.co_filename, last.tb_lineno).lstrip().startswith("raise"):
        return None  # not refused on purpose: an error inside the kit keeps its traceback, to be reported
    text = " ".join(str(value).split("\n"))
    return f"{etype.__name__}: {text}"


def _handler(shell: Any, etype: type, value: BaseException, tb: Any, tb_offset: int | None = None) -> None:
    """IPython's custom exception handler: it shows the error itself (IPython's run_code does not)."""
    refused = kit_refusal(etype, value, tb, shell.user_ns)
    if refused is not None:
        shell._showtraceback(etype, value, [refused])
        return None
    last = tb
    while last is not None and last.tb_next is not None:
        last = last.tb_next
    missing = getattr(value, "name", None)
    # Only a name missing in a cell's own top-level code (the student's namespace), never inside a function.
    top_level = last is not None and last.tb_frame.f_code.co_name == "<module>"
    if top_level and isinstance(missing, str) and last.tb_frame.f_globals is shell.user_ns:
        line = linecache.getline(last.tb_frame.f_code.co_filename, last.tb_lineno)
        said = slip_message(line, missing)
        if said is not None:
            shell._showtraceback(etype, value, [f"NameError: {said}"])
            return None
    shell.showtraceback((etype, value, tb), tb_offset=tb_offset, running_compiled_code=True)
    return None


def load_ipython_extension(shell: Any) -> None:
    """Called by IPython (``%load_ext gamelib.kernel_help`` or the kit's kernel config): install the handler."""
    # RuntimeError for the kit's PeriodNotFoundError (named without importing the kit: a kernel pays only on an
    # error); any other RuntimeError is shown as usual.
    shell.set_custom_exc((NameError, TypeError, ValueError, RuntimeError), _handler)
