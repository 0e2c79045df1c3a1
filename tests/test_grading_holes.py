"""Holes on the trusted side of grading, each found by trying it, each test written to fail before its fix:

- a file name (`` alice.ipynb``, ``'bob.ipynb``) took another student's hand mark;
- a hand mark survived a resubmission under the same name;
- a cached result outlived a change of ``--name-pattern`` (or of the time and memory limits);
- a result stopped at the time limit while other sandboxes ran beside it was kept as final;
- 63 busy processes in one sandbox starved the sandbox beside it;
- unprivileged bwrap left ``/dev`` writable (a tmpfs of half the machine's memory);
- a zip member whose name is not UTF-8 stopped the whole run;
- escape sequences, bidi overrides and remote images passed into the teacher's files.
"""

from __future__ import annotations

import csv
import doctest
import json
import os
import signal
import subprocess
import threading
import time
import zipfile
from pathlib import Path

import nbformat
import pytest
from course_sites import MOODLE_WORKSHEET_HEADER
from gamelib_grader import cli, safetext
from gamelib_grader.intake import layout
from gamelib_grader.marking import batch, handmarks, records
from gamelib_grader.marking.grader import GRADED, Outcome
from gamelib_grader.reporting import markup, outputs
from gamelib_grader.sandbox import bwrap as sandbox
from gamelib_grader.sandbox import cpugroups
from grading_attacks import submission
from homework_build import RIGHT, SET, built_sets
from made_sets import made_set

from benchmarks.grading_isolation import BUSY

pytestmark = pytest.mark.filterwarnings("ignore:Traits should be given as instances:DeprecationWarning")


@pytest.fixture(scope="module")
def homework():
    """The set as grading holds it, for what grading writes (nothing is run)."""
    return made_set()


@pytest.fixture(scope="module")
def built():
    """The set built for the test course, for tests that run notebooks in the sandbox."""
    return cli.load_set("hw1", built_sets()[SET].autograder_zip)


def _main(*args) -> int:
    return cli.main(["hw1", *map(str, args), "--autograder", str(built_sets()[SET].autograder_zip)])


def _rows(path: Path) -> list[dict]:
    with path.open(newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def _write_rows(path: Path, rows: list[dict]) -> None:
    with path.open("w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)


def _outcome(file: str, student_id: str, sha: str, name: str | None = None) -> Outcome:
    return Outcome(file, name=name, student_id=student_id, status=GRADED, score=11.0, possible=11.0, sha256=sha)


@pytest.mark.parametrize("module", [safetext, cpugroups, markup])
def test_the_docstring_examples_hold(module):
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0


# --- hand marks ----------------------------------------------------------------------------------------

def test_a_file_name_cannot_take_another_students_hand_mark(homework, tmp_path):
    """Mallory hands in `` alice.ipynb`` and ``'bob.ipynb``: in the gradebook their names read like Alice's
    and Bob's (a leading space is dropped, a quote is what a spreadsheet cell shows before a formula sign).
    The teacher marks Alice's and Bob's rows only; Mallory's rows must get nothing."""
    outcomes = [_outcome("alice.ipynb", "alice", "a" * 64), _outcome(" alice.ipynb", "mallory", "b" * 64),
                _outcome("bob.ipynb", "bob", "c" * 64), _outcome("'bob.ipynb", "mallory", "d" * 64)]
    book = tmp_path / "book.csv"
    records.write_gradebook(outcomes, homework, book, {})
    rows = _rows(book)
    for row in rows:
        row["q6 (by hand, 2)"] = {"alice": "2", "bob": "1"}.get(row["student_id"], "")
    _write_rows(book, rows)
    marks = handmarks.read_hand_marks(book, homework)
    records.write_gradebook(outcomes, homework, book, marks)
    given = {(r["student_id"], r["q6 (by hand, 2)"]) for r in _rows(book)}
    assert given == {("alice", "2"), ("bob", "1"), ("mallory", "")}


def test_a_hand_mark_is_dropped_when_the_submission_is_handed_in_again(homework, tmp_path):
    """Alice's answer is marked; then she hands in a changed notebook under the same name. The mark was for the
    answer the teacher read, so it must not count for the new one, and the teacher must be told."""
    out = tmp_path / "out"
    first = [_outcome("Alice Smith_1_assignsubmission_file_/hw1.ipynb", "alice", "a" * 64, "Alice Smith")]
    outputs.write_all(first, [], homework, out)
    rows = _rows(out / f"{SET}-results.csv")
    rows[0]["q6 (by hand, 2)"] = "2"
    _write_rows(tmp_path / "marked.csv", rows)
    handmarks.merge_manual(tmp_path / "marked.csv", homework, out, first)
    outputs.write_all(first, [], homework, out)
    assert _rows(out / f"{SET}-results.csv")[0]["q6 (by hand, 2)"] == "2"

    again = [_outcome("Alice Smith_1_assignsubmission_file_/hw1.ipynb", "alice", "e" * 64, "Alice Smith")]
    outputs.write_all(again, [], homework, out)
    row, = _rows(out / f"{SET}-results.csv")
    assert row["q6 (by hand, 2)"] == "" and row["total"] == ""
    assert "handed in again after hand marking" in row["flags"]
    row["q6 (by hand, 2)"] = "1"  # marked again: the note has done its work
    _write_rows(tmp_path / "marked.csv", [row])
    handmarks.merge_manual(tmp_path / "marked.csv", homework, out, again)
    outputs.write_all(again, [], homework, out)
    row, = _rows(out / f"{SET}-results.csv")
    assert (row["q6 (by hand, 2)"], row["total"], row["flags"]) == ("1", "12", "")


def test_a_gradebook_row_whose_key_was_edited_is_refused(homework, tmp_path):
    outcomes = [_outcome("alice.ipynb", "alice", "a" * 64)]
    book = tmp_path / "book.csv"
    records.write_gradebook(outcomes, homework, book, {})
    rows = _rows(book)
    rows[0]["q6 (by hand, 2)"], rows[0]["key"] = "2", ""
    _write_rows(book, rows)
    with pytest.raises(SystemExit, match="line 2.*no key"):
        handmarks.read_hand_marks(book, homework)


# --- what a cached result depends on -------------------------------------------------------------------

@pytest.mark.slow
def test_a_new_name_pattern_grades_again(tmp_path):
    """Graded first without a name pattern, the file name's id is not read. Run again with a pattern that reads
    it: the cached result (checked against the typed id, no flag) must not be reused."""
    folder = tmp_path / "in"
    folder.mkdir()
    nbformat.write(submission(SET, RIGHT, "s7654321"), folder / "s1234567.ipynb")  # someone else's id typed
    assert _main(folder, "--out", tmp_path / "out", "--timeout", "60") == 0
    row, = _rows(tmp_path / "out" / f"{SET}-results.csv")
    assert (row["flags"], row["score"]) == ("", "11")
    assert _main(folder, "--out", tmp_path / "out", "--timeout", "60", "--name-pattern", r"(?P<student_id>s\d{7})") == 0
    row, = _rows(tmp_path / "out" / f"{SET}-results.csv")
    assert "ID MISMATCH" in row["flags"] and float(row["score"]) < 11


def test_a_cached_result_is_reused_only_with_the_same_settings(tmp_path):
    saved = _outcome("alice.ipynb", "alice", "a" * 64)
    saved.seconds = 40.0
    settings = {"name": None, "site_id": None, "named_id": None, "timeout": 120, "memory_mb": 1536}
    records.save_outcome(saved, tmp_path, settings)

    def reused(**changed) -> bool:
        return records.load_outcome(tmp_path, "alice.ipynb", "a" * 64, True, "", {**settings, **changed}) is not None

    assert reused() and reused(timeout=60)  # it finished in 40 s: any limit above that gives the same result
    assert not reused(timeout=30)
    assert not any([reused(named_id="s1234567"), reused(memory_mb=512), reused(name="Alice"), reused(site_id="7")])
    saved.seconds = 120.0  # stopped at the limit: a lower one stops it too, a higher one may let it finish
    records.save_outcome(saved, tmp_path, settings)
    assert reused(timeout=100) and not reused(timeout=200)


# --- time and the CPU ----------------------------------------------------------------------------------

def _busy_notebook(seconds: float) -> nbformat.NotebookNode:
    return submission(SET, {}, "busy", extra_cells=[BUSY.format(seconds=seconds)])


def _busy_group(groups: cpugroups.CpuGroups, before: set[Path], timeout: float = 120) -> Path:
    """The sandbox group that appeared after ``before`` was listed, once it holds the 63 busy processes (a state
    of the machine, read again until it holds or ``timeout`` passes: how soon a sandbox starts depends on load)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for group in set(groups.base.iterdir()) - before:
            if group.is_dir() and len(_processes(group)) > 63:
                return group
        time.sleep(0.05)
    raise AssertionError(f"no sandbox group under {groups.base} held 63 busy processes within {timeout} s")


def _processes(group: Path) -> list[int]:
    try:
        return [int(pid) for pid in (group / "cgroup.procs").read_text().split()]
    except OSError:  # the group was removed
        return []


@pytest.mark.slow
@pytest.mark.skipif(cpugroups.find() is None, reason=f"no CPU isolation here: {cpugroups.why_not()}")
def test_a_classmates_busy_processes_do_not_starve_a_sandbox(built):
    """63 busy processes in one sandbox, an honest notebook (about a second of work) in the sandbox beside it.
    Without a CPU group per sandbox the honest one got 1/64 of the CPU and was stopped at the time limit.
    The honest run starts once the busy processes run, and they are stopped once it has ended: by states, not
    by times, so a loaded machine that starts a sandbox slowly changes nothing."""
    groups = cpugroups.find()
    assert groups is not None
    names, skip = built.answer_names, []
    honest = nbformat.writes(submission(SET, RIGHT, "alice")).encode()
    busy = nbformat.writes(_busy_notebook(120)).encode()  # busy until stopped below (or its time limit)
    limits = sandbox.Limits(timeout=12)
    results = {}
    before = set(groups.base.iterdir())
    attacker = threading.Thread(target=lambda: results.setdefault(
        "busy", sandbox.run_sandboxed(busy, f"{SET}.ipynb", names, skip, sandbox.Limits(timeout=120))))
    attacker.start()
    group = None
    try:
        group = _busy_group(groups, before)
        results["honest"] = sandbox.run_sandboxed(honest, f"{SET}.ipynb", names, skip, limits)
        busy_still_running = len(_processes(group)) > 63
    finally:
        for pid in _processes(group) if group is not None else []:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        attacker.join()
    assert not results["honest"].timed_out and results["honest"].report, results["honest"].output[-300:]
    assert busy_still_running  # the honest notebook ended while the 63 busy processes still ran beside it


@pytest.mark.slow
def test_a_timeout_beside_another_sandbox_is_graded_again_alone(built, tmp_path, monkeypatch):
    """Without CPU groups (an unprivileged grader), the busy sandbox starves its neighbour past the time limit.
    That result may say nothing about the neighbour's notebook: it is graded again at the end, alone, and
    only that result is kept; the busy one, stopped while alone, is final."""
    monkeypatch.setattr(cpugroups, "find", lambda: None)
    folder = tmp_path / "in"
    folder.mkdir()
    nbformat.write(_busy_notebook(30), folder / "a-busy.ipynb")
    # Her work starts after a second of her own CPU time (not of the clock: a loaded machine slows both
    # sandboxes' starts alike), by which time the busy processes run; beside them it would take half a minute.
    alice = submission(SET, RIGHT, "alice")
    alice.cells.insert(0, nbformat.v4.new_code_cell(
        "import time\n_start = time.process_time()\nwhile time.process_time() - _start < 1:\n    pass"))
    nbformat.write(alice, folder / "b-alice.ipynb")
    found, _ = layout.scan_folder(folder)
    lines = []
    outcomes = batch.grade_all(found, built, tmp_path / "out", jobs=2, limits=sandbox.Limits(timeout=15),
                               report=lines.append)
    by_file = {o.file: o for o in outcomes}
    assert by_file["b-alice.ipynb"].score == 11, by_file["b-alice.ipynb"].problems
    assert by_file["a-busy.ipynb"].score == 0
    assert any("graded again alone" in line for line in lines), lines
    for file in ("a-busy.ipynb", "b-alice.ipynb"):  # both final now: a second run grades nothing
        saved = json.loads((tmp_path / "out" / "results" / f"{records.slug(file)}.json").read_text())
        assert saved["final"] is True


def _unprivileged(command: list[str]) -> list[str]:
    """``command`` run as user ``nobody`` when the tests run as root (else as it is)."""
    if os.geteuid() != 0:
        return command
    return ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", *command]


def test_dev_is_read_only_in_an_unprivileged_sandbox(tmp_path, monkeypatch):
    """Unprivileged bwrap makes /dev a tmpfs owned by the sandbox's own user, half the machine's memory in size:
    a notebook could fill it. The sandbox's file-system options are taken as they are; the Python parts that
    user ``nobody`` cannot read are left out, and a shell tries to write there."""
    monkeypatch.setattr(os, "geteuid", lambda: 65534)
    workdir = tmp_path / "work"
    workdir.mkdir()
    for name in ("submission.ipynb", "spec.json"):
        (workdir / name).write_text("{}")
    command = sandbox.bwrap_command(workdir, "hw.ipynb", 3, sandbox.DEFAULT_LIMITS)
    options = command[:command.index("--clearenv")]
    kept, i = [], 0
    while i < len(options):  # drop the bindings of paths only root can reach (a Python under /root, tmp_path)
        if options[i] in ("--ro-bind", "--bind"):
            if os.access(options[i + 1], os.R_OK) and not options[i + 1].startswith(("/root", str(tmp_path))):
                kept += options[i:i + 3]
            i += 3
        else:
            kept.append(options[i])
            i += 1
    script = "echo x > /dev/gamelib-probe && echo WROTE; echo y > /dev/null && echo NULL-OK"
    os.chmod(tmp_path, 0o755)
    done = subprocess.run(_unprivileged([*kept, "--", "/bin/sh", "-c", script]), capture_output=True, text=True,
                          timeout=60, cwd="/")
    assert "NULL-OK" in done.stdout, done.stderr
    assert "WROTE" not in done.stdout and "Read-only file system" in done.stderr


# --- names that are not text ---------------------------------------------------------------------------

def _zip_with_a_bad_name(path: Path, more: dict[str, str] | None = None) -> None:
    """A zip whose member ``Bo_2_.../XXXé.ipynb`` is flagged as UTF-8 (zipfile flags any name that is not ASCII)
    and then renamed to bytes that are not UTF-8."""
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("Ann_1_assignsubmission_file_/hw1.ipynb", "{}")
        zf.writestr("Bo_2_assignsubmission_file_/XXXé.ipynb", "{}")
        zf.writestr("Cy_3_assignsubmission_file_/hw1.ipynb", "{}")
        for name, text in (more or {}).items():
            zf.writestr(name, text)
    data = path.read_bytes()
    placeholder = "XXXé.ipynb".encode()
    assert data.count(placeholder) == 2  # the local header and the central directory
    path.write_bytes(data.replace(placeholder, b"\xff\xfe\xc0\x80\x80.ipynb"))


def test_a_zip_member_named_in_bytes_that_are_not_utf8_is_listed_not_fatal(tmp_path):
    archive = tmp_path / "download.zip"
    _zip_with_a_bad_name(archive)
    found, skipped = layout.unpack_zip(archive, tmp_path / "unpacked")
    assert [s.file for s in found] == ["Ann_1_assignsubmission_file_/hw1.ipynb",
                                       "Cy_3_assignsubmission_file_/hw1.ipynb"]
    bad, = skipped
    assert bad.file == "Bo_2_assignsubmission_file_/\\xff\\xfe\\xc0\\x80\\x80.ipynb"
    assert "not valid UTF-8" in bad.reason


def test_a_file_named_in_bytes_that_are_not_utf8_is_listed_not_fatal(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "ann.ipynb").write_text("{}")
    with open(os.path.join(os.fsencode(folder), b"b\xffb.ipynb"), "w") as f:
        f.write("{}")
    found, skipped = layout.scan_folder(folder)
    assert [s.file for s in found] == ["ann.ipynb"]
    assert [(s.file, "not valid UTF-8" in s.reason) for s in skipped] == [("b\\xffb.ipynb", True)]


@pytest.mark.slow
def test_a_download_with_a_bad_name_is_graded_all_the_same(tmp_path):
    archive = tmp_path / "download.zip"
    honest = nbformat.writes(submission(SET, RIGHT, "di"))
    _zip_with_a_bad_name(archive, {"Di_4_assignsubmission_file_/hw1.ipynb": honest})
    assert _main(archive, "--timeout", "60") == 0
    rows = _rows(tmp_path / "download-graded" / f"{SET}-results.csv")
    assert [(r["student"], r["score"]) for r in rows if r["score"]] == [("Di", "11")]
    listed = _rows(tmp_path / "download-graded" / "not-graded-files.csv")
    assert any("not valid UTF-8" in r["why it was not graded"] for r in listed)


# --- what reaches the teacher's files -------------------------------------------------------------------

EVIL = ("\x1b]0;owned\x07\x1b[2J\rabc\u202edcba\u2066x\u2069 ![b](http://evil.example/beacon.png) "
        "<img src=http://evil.example/i.png> [r]: http://evil.example/ref.png ![c][r] &#x202E;")


def _hostile_outcome() -> Outcome:
    o = Outcome(f"Eve{EVIL}_9_assignsubmission_file_/hw1{EVIL}.ipynb", name=f"Eve{EVIL}", site_id="9",
                student_id=f"eve{EVIL}", status="graded, with problems", score=3.0, possible=11.0, sha256="f" * 64,
                problems=[f"ValueError: {EVIL}"], written={"q6": f"My answer\n\n{EVIL}\n\n[r]: http://evil.example/x.png"})
    o.questions = {"q1": {"score": 0, "possible": 2, "details": [], "feedback": [f"q1_grundy is {EVIL}"],
                          "right": False, "answers": {"q1_grundy": EVIL}}}
    o.flags = [{"kind": "same-written-answer", "with": [EVIL], "what": EVIL}]
    return o


def _hostile_worksheet(path: Path) -> Path:
    """A Moodle worksheet whose student chose a hostile full name (the site shows what the student typed)."""
    with path.open("w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        writer.writerow(MOODLE_WORKSHEET_HEADER[:-1])
        writer.writerow(["Participant 9", f"Eve{EVIL}", "eve@example.edu", f"Submitted {EVIL}", "", "100.00", "Yes",
                         "-", "-"])
    return path


def _rendered_markdown(text: str) -> str:
    import mistune
    return mistune.html(text)


def _check_harmless(name: str, text: str) -> None:
    assert "\x1b" not in text and "\x07" not in text and "\r" not in text, name
    assert not safetext.BIDI_CONTROLS & set(text), name


def _check_markdown(name: str, text: str) -> None:
    rendered = _rendered_markdown(text)
    assert "<img" not in rendered and "<a " not in rendered, name


def test_student_text_reaches_no_output_as_controls_bidi_html_or_a_remote_image(homework, tmp_path):
    from html.parser import HTMLParser

    from gamelib_grader.intake.roster import read_roster

    out = tmp_path / "out"
    hostile = _hostile_outcome()
    (tmp_path / "nb.ipynb").write_text("{}")
    course = outputs.Course(roster=read_roster(_hostile_worksheet(tmp_path / "worksheet.csv")))
    marks = {records.submission_key(hostile): {"file": hostile.file, "marks": {"q6": 1.0}}}
    out.mkdir()
    (out / "hand-marks.json").write_text(json.dumps(marks))
    written = outputs.write_everything([hostile], [layout.Skipped(f"notes{EVIL}.txt", "not a notebook")], homework, out,
                                       course=course)
    assert {p.name for p in written.files} >= {"moodle-grading-worksheet.csv", "moodle-feedback.zip", "report.html"}
    files = [p for p in out.rglob("*") if p.is_file() and p.suffix in (".csv", ".md", ".html")]
    assert {p.suffix for p in files} == {".csv", ".md", ".html"}
    for path in files:
        text = path.read_text(encoding="utf-8")
        _check_harmless(path.name, text)
        if path.suffix == ".md":
            _check_markdown(path.name, text)
    for path in out.rglob("*.csv"):
        for row in csv.reader(path.open(encoding="utf-8")):
            assert not [cell for cell in row if cell[:1] in ("=", "+", "-", "@") and cell != "-"], (path.name, row)
    with zipfile.ZipFile(out / "moodle-feedback.zip") as zf:
        for name in zf.namelist():
            _check_harmless(name, name)
            _check_markdown(name, zf.read(name).decode())

    class Tags(HTMLParser):
        def __init__(self):
            super().__init__()
            self.found = []

        def handle_starttag(self, tag, attrs):
            self.found.append((tag, dict(attrs)))

    page = (out / "report.html").read_text(encoding="utf-8")
    assert f"Eve{EVIL}"[:3] in page and "evil.example" in page  # the hostile text is there, as text
    parser = Tags()
    parser.feed(page)
    assert not [t for t, _ in parser.found if t in ("script", "a", "iframe", "object", "link", "base")]
    assert all(attrs.get("src", "").startswith("data:image/png;base64,") for t, attrs in parser.found if t == "img")


def test_canvas_feedback_cell_carries_no_student_markup(homework, tmp_path):
    from gamelib_grader.intake.layout import Submission

    notebook = tmp_path / "evesmith_9_77_hw1.ipynb"
    notebook.write_text(json.dumps({"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    hostile = _hostile_outcome()
    hostile.file = notebook.name
    sub = Submission(notebook, notebook.name, f"Eve{EVIL}", "9", site_file_id="77")
    written = outputs.write_everything([hostile], [], homework, tmp_path / "out", submissions=[sub])
    assert tmp_path / "out" / "canvas-feedback.zip" in written.files
    with zipfile.ZipFile(tmp_path / "out" / "canvas-feedback.zip") as zf:
        (name,) = zf.namelist()
        cell = json.loads(zf.read(name))["cells"][0]["source"]
    assert name == notebook.name
    _check_harmless(name, cell)
    _check_markdown(name, cell)


def test_shown_is_the_terminals_text():
    assert cli.shown("a\u202eb\x1bc") == "a?b?c"

