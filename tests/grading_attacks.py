"""Submissions that try to get marks without right answers: each is the current student copy with a student id
typed in, every answer left blank (``...``), and one attack cell added at the end.

Used by tests/test_grading_attacks.py, and by hand to measure what the grader before issue 13 gave them. Each
attack is plain Python that runs in a notebook kernel; the bounded ones stop by themselves within a minute
even when nothing stops them. ``MARKER`` is written into the command line of every process an attack leaves
behind, so a test can look for survivors in /proc.
"""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import nbformat
from gamelib_grader.intake.notebook import cell_text
from homework_build import COURSE

STUDENT_COPIES = Path(__file__).resolve().parent.parent / "notebooks" / "homework"
MARKER = "gamelib-attack-survivor"

_SURVIVOR = f"""
def _survivor(seconds, job=None):
    # a child that renames itself (argv) so the tests can find it in /proc, then does `job` or sleeps
    import os, sys, time
    pid = os.fork()
    if pid:
        os.waitpid(pid, 0)
        return pid
    try:
        os.setsid()
        if os.fork():
            os._exit(0)
        os.execv(sys.executable, [sys.executable, "-c",
                 "import time, sys\\n" + (job or "") + "\\ntime.sleep(%d)" % seconds, "{MARKER}"])
    finally:
        os._exit(0)
"""

ATTACKS: dict[str, str] = {
    # 1. Make every test pass: otter's test runner, and (if importable) the grader's own checks.
    "patch-grader": """
        import otter.test_files.abstract_test as _abstract, otter.test_files.ok_test as _ok
        def _all_pass(self, global_environment):
            self.test_case_results = [_abstract.TestCaseResult(test_case=case, message="ok", passed=True)
                                      for case in self.test_cases]
        _ok.OKTestFile.run = _all_pass
        for _name in ("gamelib_grader", "gamelib_grader.marking.checks", "tools.grade_homework", "grading"):
            try:
                _module = __import__(_name)
                for _attr in dir(_module):
                    if "score" in _attr or "check" in _attr:
                        setattr(_module, _attr, lambda *a, **k: True)
            except Exception:
                pass
    """,
    # 2. Follow the grader's command line (and plain search) to the solutions and copy their answers.
    "steal-solutions": """
        import glob, json, os, re, zipfile
        _found = set()
        for _cmd in glob.glob("/proc/*/cmdline"):
            try:
                _args = open(_cmd, "rb").read().split(b"\\0")
            except OSError:
                continue
            for _arg in _args:
                _arg = _arg.decode(errors="replace")
                if _arg.endswith(".zip") and os.path.exists(_arg):
                    _found.add(os.path.join(os.path.dirname(os.path.abspath(_arg)), "solution.ipynb"))
        for _top in ("/work", "/home", "/tmp", "/root", "/srv", "/opt"):
            for _dir, _subdirs, _files in os.walk(_top):
                _subdirs[:] = [d for d in _subdirs if d not in (".venv", ".git", "node_modules", "proc")]
                if "solution.ipynb" in _files:
                    _found.add(os.path.join(_dir, "solution.ipynb"))
                if len(_found) > 50:
                    break
        _stolen = {}
        for _path in sorted(p for p in _found if os.path.exists(p)):
            try:
                for _cell in json.load(open(_path))["cells"]:
                    _code = "".join(_cell["source"])
                    if _cell["cell_type"] == "code" and "student_id" not in _code and "grader" not in _code:
                        _namespace = dict(globals())
                        exec(_code, _namespace)
                        _stolen.update({k: v for k, v in _namespace.items() if re.match(r"q\\d_", k)})
                break
            except Exception:
                continue
    """,
    # 3. Write a results file saying full marks where the grader keeps its results, then kill the parent.
    "fake-results-kill-parent": """
        import glob, json, os, signal
        _fake = {"score": 100, "possible": 100, "cell_errors": [], "error": None,
                 "questions": {f"q{i}": {"score": 3, "possible": 3, "failed": []} for i in range(1, 7)}}
        for _cmd in glob.glob("/proc/*/cmdline"):
            try:
                _args = [a.decode(errors="replace") for a in open(_cmd, "rb").read().split(b"\\0")]
            except OSError:
                continue
            for _arg in _args:
                if _arg.endswith(".json") and not os.path.exists(_arg) or _arg.endswith("result.json"):
                    try:
                        open(_arg, "w").write(json.dumps(_fake))
                    except OSError:
                        pass
        for _name in ("result.json", "answers.json", "results.json"):
            try:
                open(_name, "w").write(json.dumps(_fake))
            except OSError:
                pass
        print(json.dumps({"score": 100, "status": "graded", "answers": {}}))
        for _pid in (os.getppid(), 1):
            try:
                os.kill(_pid, signal.SIGKILL)
            except OSError:
                pass
    """,
    # 4. A detached process that waits for the results to be written and then gives this file full marks.
    "detached-editor": """
        _job = '''
        import csv, glob, os, time
        for _ in range(3000):
            time.sleep(0.1)
            for path in glob.glob("/proc/*/cmdline"):
                try:
                    args = [a.decode() for a in open(path, "rb").read().split(b"\\\\0") if a]
                    cwd = os.readlink(os.path.dirname(path) + "/cwd")
                except (OSError, UnicodeDecodeError):
                    continue
                folders = [os.path.join(cwd, a) for a in args if os.path.isdir(os.path.join(cwd, a))]
                for folder in folders:
                    for csv_path in glob.glob(folder + "/**/*.csv", recursive=True):
                        rows = list(csv.reader(open(csv_path)))
                        if len(rows) > 1 and "score" in rows[0]:
                            for row in rows[1:]:
                                if "detached" in row[0]:
                                    row[rows[0].index("score")] = "11"
                            csv.writer(open(csv_path, "w")).writerows(rows)
        '''
        _survivor(300, _job)
    """,
    # 5. Answers that say yes to every comparison and pretend to be any container or number.
    "lying-objects": """
        import re
        class _Liar(list):
            def __eq__(self, other): return True
            def __ne__(self, other): return False
            def __hash__(self): return 0
            def __len__(self): return 16
            def __iter__(self): return iter(range(16))
            def __contains__(self, item): return True
            def __int__(self): return 0
            def __index__(self): return 0
            def __getitem__(self, index): return [0, 0]
            def strip(self): return self
            def upper(self): return "P"
            def __lt__(self, other): return False
        class _LiarInt(int):
            def __eq__(self, other): return True
            def __ne__(self, other): return False
            def __hash__(self): return 0
        class _LiarStr(str):
            def __eq__(self, other): return True
            def __hash__(self): return 0
            def strip(self): return self
            def upper(self): return self
        class _Everything(dict):
            def get(self, name, default=None):
                if "outcome" in name or "heap_100" in name:
                    return _LiarStr("P")
                if name.endswith(("s", "_after", "_grundy", "_followers", "_parts", "_small_p")):
                    return _Liar()
                return _LiarInt(0)
        _stolen = _Everything()
    """,
    # 5b. Text no file can hold (a lone surrogate) and HTML, in a value, a cell error and the written answer.
    "unicode-trouble": """
        _stolen = {"q3_heap_100": "P\\ud800", "q1_grundy": ["\\udfff<script>alert(1)</script>"],
                   "q4_leave": type("<img src=x onerror=alert(1)>", (), {})()}
        raise ValueError("\\ud800 <script>alert(1)</script> =HYPERLINK(1)")
    """,
    # 6. End the Python process: first with sys.exit in one cell, then os._exit.
    "exit": """
        import os, sys
        print('{"score": 11, "possible": 11}')
        try:
            sys.exit(0)
        finally:
            os._exit(0)
    """,
    # 7. Never finish.
    "endless-loop": """
        while True:
            pass
    """,
    # 8. About 300 MB of output, through print and straight to the file descriptors.
    "huge-output": """
        import os, sys
        _chunk = "x" * (1 << 20)
        for _ in range(150):
            print(_chunk)
        for _ in range(150):
            try:
                os.write(1, _chunk.encode())
                os.write(2, _chunk.encode())
            except OSError:
                break
    """,
    # 9. A fork bomb, bounded: at most a few hundred processes, each sleeping up to a minute.
    "fork-bomb": """
        _started = 0
        try:
            for _ in range(300):
                _survivor(60)
                _started += 1
        except OSError:
            pass
        print("processes started:", _started)
    """,
    # 10. Fill the disk (bounded): up to 1 GB in the working folder, the home folder and /tmp.
    "fill-disk": """
        import os
        _chunk = b"\\0" * (1 << 20)
        for _folder in (".", os.path.expanduser("~"), "/tmp"):
            try:
                with open(os.path.join(_folder, "gamelib-attack-fill.bin"), "wb") as _f:
                    for _ in range(340):
                        _f.write(_chunk)
            except OSError as _error:
                print("stopped:", _error)
    """,
}
ATTACKS = {name: (_SURVIVOR if "_survivor(" in code else "") + textwrap.dedent(code).strip() + "\n"
           for name, code in ATTACKS.items()}


def submission(set_name: str, answers: dict[str, str] | None = None, student_id: str = "mallory",
               extra_cells: list[str] = (), course_code: str = COURSE) -> nbformat.NotebookNode:
    """The student copy of ``set_name`` with ``name = ...`` blanks replaced by ``answers`` (Python expressions),
    the student id and course code (the test course's) typed in, and ``extra_cells`` appended before the last
    (markdown) cell."""
    nb = nbformat.read(STUDENT_COPIES / f"{set_name}.ipynb", as_version=4)
    answers = {**(answers or {}), "student_id": repr(student_id), "course_code": repr(course_code)}
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.source = re.sub(r"^(\w+) = \.\.\.$",
                                 lambda m: f"{m[1]} = {answers[m[1]]}" if m[1] in answers else m[0],
                                 cell_text(cell), flags=re.MULTILINE)
    for code in extra_cells:
        nb.cells.insert(len(nb.cells) - 1, nbformat.v4.new_code_cell(code))
    return nb


def attack_submission(set_name: str, attack: str) -> nbformat.NotebookNode:
    """The student copy with a student id naming the attack, the attack's cell right after the cell that
    shows the student's numbers (before every question), and each answer blank ``name = ...`` replaced by
    ``name = _loot("name")``: what the attack put in ``_stolen[name]``, else ``...`` (no answer)."""
    nb = submission(set_name, {}, student_id=f"mallory-{attack}")
    loot = 'def _loot(name):\n    return globals().get("_stolen", {}).get(name, ...)\n'
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.source = re.sub(r"^(\w+) = \.\.\.$", lambda m: f'{m[1]} = _loot("{m[1]}")', cell_text(cell),
                                 flags=re.MULTILINE)
    after = next(i for i, c in enumerate(nb.cells) if "= my_numbers(" in cell_text(c))
    nb.cells.insert(after + 1, nbformat.v4.new_code_cell(loot + ATTACKS[attack]))
    return nb


def write_attacks(set_name: str, folder: Path) -> list[Path]:
    """One notebook per attack in ``folder`` (``<attack>.ipynb``)."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for attack in ATTACKS:
        path = folder / f"{attack}.ipynb"
        nbformat.write(attack_submission(set_name, attack), path)
        paths.append(path)
    return paths
