"""What the handout adds to a notebook's kernel: a one-line answer, in place of a traceback, for an id or
course code typed without quotes.

``student_id = s2100099`` raises NameError (Python reads ``s2100099`` as a variable's name). In IPython (a
notebook), once ``gamelib.homework`` is imported, such an error on a ``student_id = ...`` or
``course_code = ...`` line shows as one line that says what to type instead; every other error shows as
it always does. The cell still fails, so *Run All* stops there: nothing the student typed is rewritten or
guessed, and nothing is evaluated. Outside IPython this does nothing.
"""

from __future__ import annotations

import linecache
import re
import sys

#: The handout's lines whose value must be text in quotes.
QUOTED_LINE = re.compile(r"^\s*(?P<variable>student_id|course_code)\s*=\s*(?P<typed>[^\s#'\"]+)\s*(?:#.*)?$")


def hint_for(line: str, missing: str) -> str | None:
    """The one line shown for a NameError about ``missing`` raised on ``line``, if it is an unquoted id or code.

    >>> hint_for("student_id = s2100099", "s2100099")
    'student_id = s2100099: your id must be in quotes. Type student_id = "s2100099" and run this cell again.'
    >>> hint_for("x = s2100099", "s2100099") is None
    True
    """
    match = QUOTED_LINE.match(line)
    if match is None or missing not in match["typed"]:
        return None
    what = "your id" if match["variable"] == "student_id" else "the course code"
    return (f"{match['variable']} = {match['typed']}: {what} must be in quotes. Type {match['variable']} = "
            f"\"{match['typed']}\" and run this cell again.")


def _handler(shell, etype, value, tb, tb_offset=None):
    """IPython's custom exception handler: it shows the error itself (IPython's run_code does not)."""
    last = tb
    while last is not None and last.tb_next is not None:
        last = last.tb_next
    if last is not None and isinstance(getattr(value, "name", None), str):
        code = last.tb_frame.f_code
        said = hint_for(linecache.getline(code.co_filename, last.tb_lineno), value.name)
        if said is not None:
            shell._showtraceback(etype, value, [f"NameError: {said}"])
            return None
    shell.showtraceback((etype, value, tb), tb_offset=tb_offset, running_compiled_code=True)
    return None


def install() -> bool:
    """Show an unquoted id or course code as one line in this IPython kernel (see the module docstring);
    whether a kernel was there to install it in. Installing twice changes nothing."""
    ipython = sys.modules.get("IPython")  # imported only where IPython runs: never imported here
    shell = ipython.get_ipython() if ipython is not None and hasattr(ipython, "get_ipython") else None
    if shell is None or not hasattr(shell, "set_custom_exc"):
        return False
    if NameError not in getattr(shell, "custom_exceptions", ()):
        shell.set_custom_exc((NameError,), _handler)
    return True
