"""Submissions that attack the grader (tests/grading_attacks.py) score what they deserve — 0, having no right
answer — and change nothing else: the other students' results stay as they were, no process of theirs is left
running, and nothing outside the sandbox's own scratch space is written.

Graded with the real bwrap. Honest submissions are graded first; the attacks then run into the same output
folder, two at a time, with a short time limit (the endless loop has one of its own).
"""

import csv
import fcntl
import hashlib
import os
import re
import signal
import subprocess
import time
from pathlib import Path

import mistune
import nbformat
import pytest
from gamelib_grader import cli as grade_homework
from gamelib_grader.intake.layout import scan_folder
from gamelib_grader.marking import batch, records
from gamelib_grader.reporting import outputs
from gamelib_grader.sandbox import bwrap as sandbox
from grading_attacks import ATTACKS, MARKER, attack_submission, submission
from homework_build import COURSE, RIGHT, ROOT, SET, built_sets, right_literals

from gamelib.homework import numbers

pytestmark = [pytest.mark.filterwarnings("ignore:Traits should be given as instances:DeprecationWarning"),
              pytest.mark.slow]


SANDBOX_UIDS = sandbox.SANDBOX_UIDS


def _tree(folder: Path) -> dict[str, str]:
    """Every file under ``folder`` with the hash of its bytes."""
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def _left_behind(proc: Path, uid: int) -> bool:
    """Whether the process ``proc`` of sandbox user ``uid`` was left behind: no sandbox holds ``uid`` (another
    test process grading at the same time would, and it lets the id go only once its processes are gone), and
    the process still lives while this test holds the id."""
    with open(sandbox.UID_LOCKS / str(uid), "a") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return proc.exists()  # closing the file releases the lock


def _survivors() -> list[str]:
    """Processes an attack may have left: ones carrying the attack marker, or running as a sandbox user that
    no sandbox holds now (this module's have all ended)."""
    found = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            cmdline = (proc / "cmdline").read_bytes()
            uid = int(re.search(rb"^Uid:\s+(\d+)", (proc / "status").read_bytes(), re.MULTILINE)[1])
        except (OSError, TypeError):
            continue
        if MARKER.encode() in cmdline or (uid in SANDBOX_UIDS and _left_behind(proc, uid)):
            found.append(f"{proc.name} uid {uid}: {cmdline[:100]!r}")
    return found


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """Honest work graded first, then every attack into the same output folder; what each step left."""
    built = built_sets()
    homework = grade_homework.load_set("hw1", built[SET].autograder_zip)
    folder = tmp_path_factory.mktemp("submissions")
    out = tmp_path_factory.mktemp("graded")
    nbformat.write(submission(SET, RIGHT, "alice"), folder / "alice.ipynb")
    nbformat.write(submission(SET, {**RIGHT, "q4_leave": "27"}, "carol"), folder / "carol.ipynb")
    honest, _ = scan_folder(folder)
    quiet = {"report": lambda _: None, "jobs": 2}
    before = {o.file: o for o in batch.grade_all(honest, homework, out, limits=sandbox.Limits(timeout=60),
                                                 **quiet)}
    results_before = _tree(out / "results")

    attacks = folder / "attacks"
    attacks.mkdir()
    for attack in ATTACKS:
        nbformat.write(attack_submission(SET, attack), attacks / f"{attack}.ipynb")
    submissions_before = _tree(folder)
    tmp_before = set(os.listdir("/tmp"))
    found, _ = scan_folder(folder)
    endless = [s for s in found if s.file == "attacks/endless-loop.ipynb"]
    others = [s for s in found if s not in endless]
    start = time.perf_counter()
    outcomes = batch.grade_all(others, homework, out, limits=sandbox.Limits(timeout=30), **quiet)
    outcomes += batch.grade_all(endless, homework, out, limits=sandbox.Limits(timeout=3), **quiet)
    seconds = time.perf_counter() - start
    survivors = _survivors()
    time.sleep(1)  # a detached process would act now, after grading
    gradebook = outputs.write_all(outcomes + list(before.values()), [], homework, out)
    return {"before": before, "after": {o.file: o for o in outcomes}, "results_before": results_before,
            "out": out, "folder": folder, "submissions_before": submissions_before, "tmp_before": tmp_before,
            "survivors": survivors, "gradebook": gradebook, "seconds": seconds, "homework": homework}


def test_honest_work_is_graded_right_first(graded):
    alice, carol = graded["before"]["alice.ipynb"], graded["before"]["carol.ipynb"]
    assert (alice.status, alice.score, alice.possible) == ("graded", 11, 11), alice.problems
    assert (carol.score, carol.questions["q4"]["score"]) == (9, 0)


@pytest.mark.parametrize("attack", list(ATTACKS))
def test_an_attack_gains_no_point(graded, attack):
    outcome = graded["after"][f"attacks/{attack}.ipynb"]
    assert outcome.score == 0 and outcome.possible == 11, (outcome.questions, outcome.problems)
    assert outcome.status in ("graded", "graded, with problems")
    assert all(q["score"] == 0 for q in outcome.questions.values())


def test_each_attack_is_reported_for_what_it_did(graded):
    after = graded["after"]
    assert any("stopped after 3 s" in p for p in after["attacks/endless-loop.ipynb"].problems)
    assert any("ended before reporting its answers" in p or "stopped after" in p
               for p in after["attacks/exit.ipynb"].problems)
    assert any(re.search(r"printed \d+\.\d MB of output", p) for p in after["attacks/huge-output.ipynb"].problems)
    lying = after["attacks/lying-objects.ipynb"].questions
    assert "_Liar, not a plain value" in " ".join(lying["q1"]["feedback"])
    assert "_LiarInt, not a plain value" in " ".join(lying["q4"]["feedback"])


def test_text_from_an_attack_is_made_harmless(graded):
    trouble = graded["after"]["attacks/unicode-trouble.ipynb"]
    assert any("raised ValueError: ? <script>" in p for p in trouble.problems), trouble.problems
    assert "`q4_leave` is a __main__.?img?src?x?onerror?alert?1??, not a plain value" in " ".join(
        trouble.questions["q4"]["feedback"])
    # (every attack sits in one folder, "attacks/": one student's submissions, with one feedback file, for the
    # latest; each file's feedback is the same text a course site's feedback file carries)
    feedback = records.feedback_text(trouble, graded["homework"], {})
    rendered = mistune.html(feedback)
    assert "\\<script>" in feedback and "<script" not in rendered and "<img" not in rendered
    cells = [cell for row in csv.reader(graded["gradebook"].open()) for cell in row]
    assert not [c for c in cells if c.startswith(("=", "+", "-", "@"))]


def test_attacks_leave_the_other_results_unchanged(graded):
    out = graded["out"]
    now = _tree(out / "results")
    for name, digest in graded["results_before"].items():
        assert now[name] == digest, f"{name} changed while the attacks were graded"
    rows = {r["file"]: r for r in csv.DictReader(graded["gradebook"].open())}
    assert (rows["alice.ipynb"]["score"], rows["carol.ipynb"]["score"]) == ("11", "9")
    assert all(rows[f"attacks/{a}.ipynb"]["score"] == "0" for a in ATTACKS)
    # the grader saved one result per submission, and nothing else, in its results folder
    assert sorted(now) == sorted(f"{records.slug(f)}.json" for f in rows)


def test_no_process_of_a_submission_survives_grading(graded):
    assert graded["survivors"] == []


def test_nothing_outside_the_sandbox_changed(graded):
    assert _tree(graded["folder"]) == graded["submissions_before"]
    assert not [name for name in set(os.listdir("/tmp")) - graded["tmp_before"] if "attack" in name]
    assert not list(graded["out"].rglob("gamelib-attack-fill.bin"))
    assert not list(graded["folder"].rglob("gamelib-attack-fill.bin"))
    assert not (ROOT / "homework" / "build" / "gamelib-attack-fill.bin").exists()


def test_attacks_are_graded_quickly(graded):
    # 11 attacks, two at a time, under a 30 s limit (3 s for the endless loop): none may hit the 30 s limit
    assert not [f for f, o in graded["after"].items() if "stopped after 30 s" in " ".join(o.problems)]


def test_the_sandbox_sees_only_the_submission_and_python(tmp_path):
    """A notebook reports what it can reach; the repository, other files and the network are not there."""
    code = "\n".join([
        "import os, socket",
        "top = sorted(os.listdir('/'))",
        f"repo = sorted(os.listdir({str(ROOT)!r})) if os.path.isdir({str(ROOT)!r}) else []",
        "home = sorted(os.listdir('.'))",
        "pids = sorted(int(p) for p in os.listdir('/proc') if p.isdigit())",
        "uid = os.getuid()",
        "hostname = socket.gethostname()",
        "try:",
        "    socket.create_connection(('127.0.0.1', 22), timeout=2); network = 'open'",
        "except OSError as error:",
        "    network = type(error).__name__",
        "try:",
        "    open('/usr/gamelib-attack-write', 'w'); wrote = True",
        "except OSError:",
        "    wrote = False",
    ])
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(code)])
    names = ["top", "repo", "home", "pids", "uid", "hostname", "network", "wrote"]
    run = sandbox.run_sandboxed(nbformat.writes(nb).encode(), "hw.ipynb", names, [], sandbox.Limits(timeout=60))
    from gamelib_grader.sandbox.plain import read_report

    seen = read_report(run.report).values
    # The system folders, plus the top folder of wherever this Python environment lives (it is bound at its own
    # path, so a clone under /work or /check shows that one name and nothing else of that folder's contents).
    environment_tops = {path.parts[1] for path in sandbox.environment_paths()}
    sandbox_own = {Path(sandbox.HOME).parts[1], Path(sandbox.GRADER_DIR).parts[1]}  # home, opt
    assert set(seen["top"]) <= {"usr", "bin", "lib", "lib64", "sbin", "etc", "dev", "proc", "tmp", "home",
                                "lib32", "libx32"} | sandbox_own | environment_tops, seen["top"]
    assert set(seen["repo"]) <= {"gamelib", ".venv"}, seen["repo"]  # not homework/, tools/, tests/
    assert seen["home"] == ["hw.ipynb"]
    assert len(seen["pids"]) <= 3  # bwrap's init, the notebook's Python (and nothing of the grader's)
    assert seen["hostname"] == "sandbox" and seen["network"] != "open" and seen["wrote"] is False
    if os.geteuid() == 0:
        assert seen["uid"] in sandbox.SANDBOX_UIDS


def test_a_missing_bwrap_stops_grading_with_install_advice(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(sandbox.shutil, "which", lambda name: None)
    with pytest.raises(sandbox.SandboxUnavailable, match="apt-get install bubblewrap"):
        sandbox.check_sandbox()
    (tmp_path / "in").mkdir()
    assert grade_homework.main(["hw1", str(tmp_path / "in"), "--out", str(tmp_path / "out"),
                                "--autograder", str(built_sets()[SET].autograder_zip)]) == 2
    said = capsys.readouterr().err
    assert "bwrap` is not installed" in said and "--unsandboxed" in said
    assert not (tmp_path / "out").exists()


def test_unsandboxed_results_say_so_on_every_row(tmp_path):
    built = built_sets()
    (tmp_path / "in").mkdir()
    nbformat.write(submission(SET, RIGHT, "alice"), tmp_path / "in" / "alice.ipynb")
    assert grade_homework.main(["hw1", str(tmp_path / "in"), "--out", str(tmp_path / "out"), "--unsandboxed",
                                "--autograder", str(built[SET].autograder_zip)]) == 0
    rows = list(csv.DictReader((tmp_path / "out" / f"{SET}-results.csv").open()))
    assert [(r["file"], r["score"], r["sandbox"]) for r in rows] == [
        ("alice.ipynb", "11", "UNSANDBOXED (trusted run)")]
    assert numbers("hw1", "alice", COURSE).plain  # the questions were marked on alice's own numbers


def _grade_folder(tmp_path, notebooks: dict[str, nbformat.NotebookNode]) -> dict:
    """Grade ``notebooks`` (relative path -> notebook) in the sandbox; the outcomes by file and the output folder."""
    folder, out = tmp_path / "in", tmp_path / "out"
    for relative, nb in notebooks.items():
        (folder / relative).parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(nb, folder / relative)
    homework = grade_homework.load_set("hw1", built_sets()[SET].autograder_zip)
    found, skipped = scan_folder(folder)
    outcomes = batch.grade_all(found, homework, out, limits=sandbox.Limits(timeout=60),
                               report=lambda _: None)
    outputs.write_all(outcomes, skipped, homework, out)
    return {"by_file": {o.file: o for o in outcomes}, "out": out}


def test_running_with_another_students_numeric_id_gains_nothing_unseen(tmp_path):
    """Mallory types her own id, then runs with Alice's as a number (not text), and answers question 5 for
    Alice's set. The gradebook must not show Mallory's id while question 5 is checked against Alice's set."""
    mallory = submission(SET, RIGHT, "7654321")
    cell = next(c for c in mallory.cells if c.source.startswith("mine = my_numbers("))
    cell.source = 'student_id = int("1234567")\n' + cell.source
    assert numbers("hw1", 1234567, COURSE).plain != numbers("hw1", "7654321", COURSE).plain
    graded = _grade_folder(tmp_path, {"Alice Smith_101_assignsubmission_file_/hw1.ipynb":
                                      submission(SET, RIGHT, "1234567"),
                                      "Mallory X_102_assignsubmission_file_/hw1.ipynb": mallory})
    outcome = graded["by_file"]["Mallory X_102_assignsubmission_file_/hw1.ipynb"]
    assert outcome.student_id == "7654321"
    assert outcome.questions["q5"]["score"] == 0, "question 5 was checked against an id the gradebook does not show"
    assert any("ran with student_id 1234567" in p for p in outcome.problems), outcome.problems


def test_a_typed_id_cannot_write_headings_or_html_into_the_teachers_files(tmp_path):
    """The typed id goes into the headings of answers/q6.md and the feedback: one line of text there, so it
    cannot forge another student's block in the file the teacher marks from, nor bring raw HTML into it."""
    forged = ("eve\n\n## Alice Smith, student_id 1234567\n\nFile: `x`\n\n> I copied from Bob "
              "<img src=x onerror=alert(1)>")
    graded = _grade_folder(tmp_path, {"Alice Smith_101_assignsubmission_file_/hw1.ipynb":
                                      submission(SET, RIGHT, "1234567"),
                                      "Eve_103_assignsubmission_file_/hw1`<b>x</b>.ipynb":
                                      submission(SET, RIGHT, forged)})
    answers = (graded["out"] / "answers" / "q6.md").read_text()
    headings = [line for line in answers.splitlines() if line.startswith("#")]
    assert len(headings) == 3, headings  # the file's title, Alice, Eve: no forged heading
    assert headings[1] == "## Alice Smith, student_id 1234567"
    eve = next(p.read_text() for p in (graded["out"] / "feedback").iterdir() if p.name.startswith("Eve"))
    assert [line for line in eve.splitlines() if line.startswith("#")] == ["# hw1-subtraction-grundy: feedback"]
    for text in (answers, eve):  # escaped for Markdown (a backslash before <), so no previewer makes them tags
        rendered = mistune.html(text)
        assert "<img" not in rendered and "<b>" not in rendered
    assert "\\<img" in answers


def _id_with_the_set_of(other_id: str, prefix: str) -> str:
    """An id ``prefix-N`` whose question-5 set is ``other_id``'s: the few seconds of search a student can do."""
    from gamelib.homework.draw import Draw
    from gamelib.homework.pools import OWN

    wanted = numbers("hw1", other_id, COURSE).q5.S
    return next(f"{prefix}-{n}" for n in range(10**6) if OWN.draw(Draw(COURSE, "hw1", "q5", f"{prefix}-{n}")) == wanted)


def test_an_id_made_to_share_another_students_set_gains_nothing_and_copied_values_are_flagged(tmp_path):
    """Mallory searches for an id whose question-5 set is Alice's and types Alice's answers as values. Every
    other number of hers still differs (and question 5's heaps), so the values score nothing, and the copying
    pass names Alice."""
    from gamelib_grader.integrity.copying import flag_copying

    forged = _id_with_the_set_of("1234567", "7654321")
    graded = _grade_folder(tmp_path, {"Alice Smith_101_assignsubmission_file_/hw1.ipynb":
                                      submission(SET, RIGHT, "1234567"),
                                      "Mallory X_102_assignsubmission_file_/hw1.ipynb":
                                      submission(SET, right_literals(SET, "1234567"), forged),
                                      "Bob Jones_103_assignsubmission_file_/hw1.ipynb": submission(SET, RIGHT, "bob")})
    outcomes = list(graded["by_file"].values())
    flags = flag_copying(outcomes, grade_homework.load_set("hw1", built_sets()[SET].autograder_zip))
    mallory = graded["by_file"]["Mallory X_102_assignsubmission_file_/hw1.ipynb"]
    assert mallory.score == 0, mallory.questions
    assert [(f["kind"], f["with"]) for f in flags[mallory.file]] == [
        ("other-numbers", ["Alice Smith_101_assignsubmission_file_/hw1.ipynb"])]
    assert flags["Bob Jones_103_assignsubmission_file_/hw1.ipynb"] == []


def test_a_zip_member_that_cannot_be_written_is_listed_not_fatal(tmp_path):
    """A name too long for the disk (90 Chinese characters are 270 bytes), or a file where another member
    needs a folder: each is listed as not graded, and every other submission is still found."""
    import zipfile

    from gamelib_grader.intake.layout import unpack_zip

    archive = tmp_path / "download.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        zf.writestr("Ann_1_assignsubmission_file_/hw1.ipynb", "{}")
        zf.writestr("Ann_1_assignsubmission_file_/hw1.ipynb/again.ipynb", "{}")
        zf.writestr("Bo_2_assignsubmission_file_/" + "作业" * 45 + ".ipynb", "{}")
        zf.writestr("Cy_3_assignsubmission_file_/hw1.ipynb", "{}")
    found, skipped = unpack_zip(archive, tmp_path / "unpacked")
    assert [s.file for s in found] == ["Ann_1_assignsubmission_file_/hw1.ipynb",
                                       "Cy_3_assignsubmission_file_/hw1.ipynb"]
    assert sorted(s.file.split("/")[0] for s in skipped) == ["Ann_1_assignsubmission_file_",
                                                             "Bo_2_assignsubmission_file_"]
    assert all("could not be unpacked" in s.reason for s in skipped), skipped



def test_file_names_reach_the_teachers_terminal_without_control_characters(tmp_path, capsys):
    """A file name is partly the student's upload name: escape sequences in it must not reach the terminal
    (rewriting the line shown, setting the window title, or worse in some terminals)."""
    name = "Eve_4_assignsubmission_file_/hw1\x1b]0;pwned\x07\x1b[2K\rgraded 11-11.ipynb"
    folder = tmp_path / "in"
    (folder / name).parent.mkdir(parents=True)
    nbformat.write(submission(SET, {}, "eve"), folder / name)
    (folder / "notes\x1b[31m.txt").write_text("not a notebook")
    assert grade_homework.main(["hw1", str(folder), "--out", str(tmp_path / "out"), "--timeout", "60",
                                "--autograder", str(built_sets()[SET].autograder_zip)]) == 0
    printed = capsys.readouterr().out
    assert "notes" in printed and "Eve_4" in printed
    assert not [c for c in printed if not c.isprintable() and c != "\n"], repr(printed)


def test_a_huge_cell_costs_the_grader_little_memory():
    """The grader reads the typed id with ``ast`` in its own process, unsandboxed: a 20 MB cell of
    ``student_id = 1`` lines used to take 3.3 GB and 50 s there. Cells far larger than any id cell are not
    parsed (the id then counts as not typed, and the one the notebook ran with is shown and noted)."""
    import tracemalloc

    from gamelib_grader.intake.notebook import MAX_ID_CELL_CHARS, declared_student_id

    nb = submission(SET, {}, "mallory")
    nb.cells.append(nbformat.v4.new_code_cell("student_id = 1\n" * 150_000))
    tracemalloc.start()
    try:
        typed = declared_student_id(nb)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert typed == "mallory" and peak < 20 * 2**20, (typed, peak)
    nb.cells[-1].source = "student_id = 'eve'\n" + "#" * (MAX_ID_CELL_CHARS - 19)
    assert declared_student_id(nb) == "eve"  # a cell just under the limit is still read


@pytest.mark.slow
def test_reading_a_huge_notebook_without_running_it_is_bounded():
    """QA, issue 19: a 19.7 MB notebook of 170 code cells of ~97,000 characters, each with a ``student_id = ``
    line, cost the grader's own process ~27 s + 30 s of CPU to read the id and the course code (each cell parsed
    whole), and nothing said so. Only the assignment lines are parsed now, and the rest of the static read
    (code shapes, the answer key's use) stops at a stated budget, which the problems say."""
    from gamelib_grader.intake import notebook

    nb = submission(SET, RIGHT, "mallory")
    body = "student_id = 'eve'\n" + "y = [1, 2, 3]  # padding\n" * 3900
    nb.cells += [nbformat.v4.new_code_cell(body) for _ in range(150)]
    raw = nbformat.writes(nb).encode()
    assert 18 * 2**20 < len(raw) <= notebook.MAX_NOTEBOOK_BYTES
    handout = nbformat.read(ROOT / "notebooks" / "homework" / f"{SET}.ipynb", as_version=4)
    read, shown = notebook.read_submission(raw)
    typed = notebook.declared_student_id(read), notebook.declared_course_code(read)
    budget = notebook.Budget()
    notebook.fingerprint(read, handout, budget, shown)
    assert typed == ("eve", COURSE)
    assert budget.problem and "larger than the grader reads without running it (400,000 characters" in budget.problem


def test_saved_outputs_cost_the_grader_little():
    """The grader never uses a submission's saved outputs (it runs the notebook again), but validating and
    writing 190,000 of them out for the sandbox took 27 s and 520 MB in its own process. They are dropped
    when the notebook is read."""
    import json
    import tracemalloc

    from gamelib_grader.intake.notebook import cell_text, read_notebook

    nb = submission(SET, RIGHT, "mallory")
    printed = nbformat.v4.new_output("stream", text="x")
    nb.cells.append(nbformat.v4.new_code_cell("print(1)", outputs=[printed] * 10_000))
    raw = nbformat.writes(nb).encode()
    tracemalloc.start()
    try:
        read = read_notebook(raw)
        sent = nbformat.writes(read)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 10 * len(raw), (peak, len(raw))
    assert all(cell.get("outputs", []) == [] for cell in json.loads(sent)["cells"])
    assert [cell_text(c) for c in read.cells] == [cell_text(c) for c in nb.cells]


def test_a_hand_mark_reaches_a_file_whose_name_the_gradebook_had_to_change(tmp_path):
    """The gradebook shows a file name on one line and never as a formula (``-`` at the start gets a quote,
    runs of spaces become one): the teacher's mark, read back from that cell, must still reach the file."""
    from gamelib_grader.marking.grader import GRADED, Outcome
    from gamelib_grader.marking.handmarks import read_hand_marks
    from gamelib_grader.marking.records import write_gradebook
    from gamelib_grader.reporting.classgrades import class_grades
    from gamelib_grader.reporting.coursesite import write_feedback

    homework = grade_homework.load_set("hw1", built_sets()[SET].autograder_zip)
    files = ["Anne  Marie_5_assignsubmission_file_/hw1.ipynb", "-x_6_assignsubmission_file_/hw1\t.ipynb"]
    outcomes = [Outcome(f, name=f.split("_")[0], status=GRADED, score=11.0, possible=11.0) for f in files]
    book = tmp_path / "book.csv"
    write_gradebook(outcomes, homework, book, {})
    rows = list(csv.DictReader(book.open()))
    for row in rows:
        row["q6 (by hand, 2)"] = "2"
    with book.open("w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    marks = read_hand_marks(book, homework)
    write_gradebook(outcomes, homework, book, marks)
    assert [r["total"] for r in csv.DictReader(book.open())] == ["13", "13"]
    grades = class_grades(outcomes, [], homework, marks)
    feedback = "".join(p.read_text() for p in write_feedback(grades, homework, marks, tmp_path / "feedback"))
    assert feedback.count("| q6 (written) | 2 / 2 |") == 2


@pytest.mark.skipif(os.geteuid() != 0, reason="user ids are leased only when grading as root")
def test_each_sandbox_leases_its_own_user_id_and_hands_it_back_only_when_its_processes_are_gone(
        monkeypatch, tmp_path):
    """Two sandboxes at once (two grading runs on one machine) never share a user id, and a user id is not
    handed back while a process of it is alive, so a fork bomb dying in one sandbox cannot use up the process
    limit of the next sandbox given that user id."""
    monkeypatch.setattr(sandbox, "PROCESS_EXIT_WAIT", 0.3)  # then what is left is killed
    # The last four user ids, leased through a lock folder of this test's own: the sandboxes of the other
    # pytest worker lease the lowest free ids meanwhile, and under load one of them held 61000 when this test
    # leased its first id and had handed it back when the test leased again (61000 != 61001).
    monkeypatch.setattr(sandbox, "SANDBOX_UIDS", SANDBOX_UIDS[-4:])
    monkeypatch.setattr(sandbox, "UID_LOCKS", tmp_path / "uids")
    with sandbox.leased_uid() as first:
        with sandbox.leased_uid() as second:
            assert first != second and {first, second} <= set(sandbox.SANDBOX_UIDS)
        # A process of that user id, still running when the block ends: it says when it runs as that user.
        survivor = subprocess.Popen(["setpriv", f"--reuid={first}", f"--regid={first}", "--clear-groups",
                                     "sh", "-c", "echo running; exec sleep 30"], stdout=subprocess.PIPE, text=True)
        assert survivor.stdout is not None and survivor.stdout.readline() == "running\n"
        assert sandbox.processes_of(first) == [survivor.pid]
    # Leaving the block waited for the survivor, then killed it, before handing the user id back.
    assert survivor.wait() == -signal.SIGKILL
    survivor.stdout.close()
    assert sandbox.processes_of(first) == []
    with sandbox.leased_uid() as again:
        assert again == first  # free again: the lowest one
