"""The kit's settings for a student's second day, without a browser (tests/browser/test_second_day_in_browser.py drives
the same in Chromium): the save hook that keeps each panel's still picture, the kernel extension that answers
the restart and unquoted-word slips in one line, and every environment installing both."""

import ast
import re
import shlex
from pathlib import Path

import nbformat
import pytest
from traitlets.config.loader import PyFileConfigLoader

from gamelib import widgets as W
from gamelib.kernel_help import RUN_ABOVE, kit_names, slip_message
from tools.kernels import started_kernel

ROOT = Path(__file__).resolve().parents[1]
SETTINGS = ROOT / "jupyterlab"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def load(name: str):
    return PyFileConfigLoader(name, path=str(SETTINGS)).load_config()


def output_of(bundle: dict) -> dict:
    return {"output_type": "execute_result", "execution_count": 1, "metadata": {}, "data": bundle}


def test_the_save_hook_keeps_each_panels_still_picture_and_the_students_work():
    hook = load("jupyter_server_config.py").ContentsManager.pre_save_hook
    panel = W.play_subtraction()._repr_mimebundle_()
    explorer = W.subtraction_explorer()._repr_mimebundle_()
    plain = {"text/plain": "IntSlider(value=3)", WIDGET_VIEW: {"model_id": "abc", "version_major": 2}}
    kept = {"text/plain": "IntSlider(value=4)", WIDGET_VIEW: {"model_id": "def", "version_major": 2}}
    stream = {"output_type": "stream", "name": "stdout", "text": "[0, 4, 8]\n"}
    notebook = {"cells": [{"cell_type": "code", "source": "play_subtraction()", "outputs": [output_of(panel)]},
                          {"cell_type": "code", "source": "subtraction_explorer()", "outputs": [output_of(explorer)]},
                          {"cell_type": "code", "source": "IntSlider(3)", "outputs": [output_of(plain)]},
                          {"cell_type": "code", "source": "IntSlider(4)", "outputs": [output_of(kept)]},
                          {"cell_type": "code", "source": "print(answer)", "outputs": [stream]},
                          {"cell_type": "markdown", "source": "my notes"}],
                "metadata": {"widgets": {"application/vnd.jupyter.widget-state+json": {"state": {"def": {}}}}}}
    hook(model={"type": "notebook", "content": notebook}, path="lesson.ipynb", contents_manager=None)
    first, second, third, fourth, fifth, notes = notebook["cells"]
    assert set(first["outputs"][0]["data"]) == {"text/html", "text/plain"}
    assert "Run this cell to play." in first["outputs"][0]["data"]["text/html"]
    assert '<img alt="' in second["outputs"][0]["data"]["text/html"]
    assert "Run this cell to use it." in second["outputs"][0]["data"]["text/html"]
    assert third["outputs"] == []  # a view with no state and no picture: nothing left worth showing
    assert WIDGET_VIEW in fourth["outputs"][0]["data"]  # its state is saved, so it can be shown again
    assert fifth["outputs"] == [stream] and notes["source"] == "my notes"


def test_the_save_hook_leaves_other_files_alone():
    hook = load("jupyter_server_config.py").ContentsManager.pre_save_hook
    model = {"type": "file", "content": "text", "format": "text"}
    hook(model=model, path="notes.txt", contents_manager=None)
    assert model == {"type": "file", "content": "text", "format": "text"}


def installs(text: str, prefix: str) -> dict[str, str]:
    """{settings file: where it is installed} from the `install -D -m 644 SRC DEST` lines of a script."""
    found = {}
    for line in text.splitlines():
        if not line.strip().startswith("install -D"):
            continue
        words = shlex.split(line.strip())
        if words[:4] == ["install", "-D", "-m", "644"] and words[4].startswith("jupyterlab/"):
            found[words[4].removeprefix("jupyterlab/")] = words[5].replace(prefix, "PREFIX")
    return found


def test_every_environment_installs_the_server_and_kernel_settings_where_they_are_read():
    wanted = {"jupyter_server_config.py": "PREFIX/etc/jupyter/jupyter_server_config.py",
              "ipython_kernel_config.py": "PREFIX/etc/ipython/ipython_kernel_config.py"}
    make = installs((ROOT / "Makefile").read_text(), "$(VENV)")  # make venv: make lab and the hub
    binder = installs((ROOT / "binder" / "postBuild").read_text(), "$prefix")  # Binder and the hub's image
    for installed in (make, binder):
        assert {name: installed.get(name) for name in wanted} == wanted
    stamp_inputs = re.search(r"^LAB_SETTINGS := (.*?)(?<!\\)$", (ROOT / "Makefile").read_text(), re.M | re.S)
    assert all(f"jupyterlab/{name}" in stamp_inputs.group(1) for name in wanted)  # a change reinstalls them
    assert load("ipython_kernel_config.py").InteractiveShellApp.extensions == ["gamelib.kernel_help"]


def test_every_name_a_lesson_imports_is_one_the_restart_line_knows():
    imported = set()
    for path in sorted((ROOT / "notebooks").glob("[0-9]*.ipynb")):
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.cell_type == "code":
                for node in ast.walk(ast.parse(cell.source)):
                    if isinstance(node, ast.ImportFrom):
                        imported.update(alias.asname or alias.name for alias in node.names)
    assert len(imported) > 30 and imported <= kit_names()


@pytest.mark.parametrize(("line", "missing", "said"), [
    ("answer = P", "P", 'put words in quotes: answer = "P"'),
    ("answer = N  # N or P", "N", 'put words in quotes: answer = "N"  # N or P'),
    ('answer = P if x else "N"', "P", 'put words in quotes: answer = "P" if x else "N"'),
    ('check("6.1", answer)', "check", "check is not defined: the kernel was restarted, or the cells above have not"),
    ("play_game(TurningTurtles())", "play_game", "play_game is not defined: the kernel was restarted"),
    ("student_id = s2100099", "s2100099", 'your id must be in quotes. Type student_id = "s2100099"'),
    ("answer = heap_sise", "heap_sise", None),  # a typo of the student's own name: the usual traceback
    ("k = NodeKayle([(0, 1)])", "NodeKayle", "NodeKayle is not defined: did you mean NodeKayles?"),
    ("check('9.7', anwser)", "anwser", "anwser is not defined: did you mean answer?"),
    ("check('9.7', Answer)", "Answer", "did you mean answer?"),
    ("g = grundy_value(game, 3)", "grundy_value", None),  # close to two kit names: no guess
])
def test_the_slips_of_the_second_day_get_one_line(line, missing, said):
    message = slip_message(line, missing)
    assert message == said if said is None or said.startswith("put") else said in message


@pytest.fixture(scope="module")
def kernel(tmp_path_factory):
    """A kernel started as the kit's environments start it: with jupyterlab/ipython_kernel_config.py read."""
    import os
    import shutil

    ipython = tmp_path_factory.mktemp("ipython")
    (ipython / "profile_default").mkdir()
    shutil.copy2(SETTINGS / "ipython_kernel_config.py", ipython / "profile_default")
    with started_kernel("python3", env={**os.environ, "IPYTHONDIR": str(ipython)}) as client:
        yield client


def run(client, code: str) -> list[str]:
    """The traceback lines of the error ``code`` raises in the kernel ([] when it raises none)."""
    reply = client.execute_interactive(code, timeout=60, output_hook=lambda message: None)
    return reply["content"].get("traceback", []) if reply["content"]["status"] == "error" else []


def test_a_fresh_kernel_says_the_two_slips_in_one_line_and_other_errors_as_usual(kernel):
    assert run(kernel, 'check("1.3", "P")') == [f"NameError: check is not defined: {RUN_ABOVE}"]
    assert run(kernel, "answer = P") == ['NameError: put words in quotes: answer = "P"']
    assert run(kernel, "NodeKayle([(0, 1)])") == [
        "NameError: NodeKayle is not defined: did you mean NodeKayles? (a name is spelled exactly, capitals too)"]
    usual = run(kernel, "answer = heap_sise")
    assert len(usual) > 1 and "heap_sise" in usual[-1]  # IPython's own traceback
    assert run(kernel, "from gamelib.exercises import check\nprint(check('1.3', 'P'))") == []
    inside = run(kernel, "def f():\n    return P\nf()")  # a name missing inside a function: not a typed answer
    assert len(inside) > 1


def test_a_kit_call_with_a_bad_argument_says_so_in_one_line_and_the_students_own_code_keeps_its_traceback(kernel):
    # Before: NodeKayles([(0, 1), ...]), copied from exercise 9.10, ended a traceback into games/digraph.py, and
    # practice("9.11") printed a full traceback.
    assert run(kernel, "from gamelib import DigraphGame, NodeKayles\nfrom gamelib.exercises import practice") == []
    assert run(kernel, 'k = NodeKayles("0-1, 0-2, 1-2")\nassert k.edges == ((0, 1), (0, 2), (1, 2))') == []
    ellipsis = run(kernel, "k = NodeKayles([(0, 1), (0, 2), ...])")
    assert ellipsis == ["ValueError: edges item 3 is ... (Ellipsis), which stands for the edges left out: write every "
                        "one of them, as [(0, 1), (1, 2)]"]
    line = run(kernel, 'practice("9.11")')
    assert len(line) == 1 and line[0].startswith("ValueError: there is no practice for '9.11'")
    assert run(kernel, 'DigraphGame("0-1, 1-0")')[0].startswith("CycleError: the graph has a cycle, 0 → 1 → 0")
    assert len(run(kernel, 'NodeKayles("0-1, 1+2")')) == 1
    # The kit's own exception for a search that stopped at its limit (a RuntimeError): one line, saying how far
    # it got and how to ask for more; a RuntimeError of the student's own keeps its traceback.
    stopped = run(kernel, 'from gamelib import OctalGame\nOctalGame("0.007").periodicity(max_search=100)')
    assert len(stopped) == 1 and stopped[0].startswith("PeriodNotFoundError: Treblecross (0.007): no period"), stopped
    assert "max_search" in stopped[0]
    assert len(run(kernel, 'raise RuntimeError("mine")')) > 1
    # A kit call given arguments it does not take: Python's words, then how the call is written.
    keyword = run(kernel, 'OctalGame("0.07").periodicity(max_heap=100)')
    assert keyword == ["TypeError: OctalGame.periodicity() got an unexpected keyword argument 'max_heap'; it is "
                       "called as periodicity(max_search=None, progress=None, budget=None)"], keyword
    missing = run(kernel, "NodeKayles()")
    assert len(missing) == 1 and missing[0].endswith("it is called as NodeKayles(edges, vertices=())"), missing
    assert len(run(kernel, "def mine(n):\n    return n\nmine()")) > 1  # the student's own function
    # The student's own function in between, the student's own error, an error the kit did not raise on purpose:
    # the usual traceback.
    assert len(run(kernel, "def mine(n):\n    return NodeKayles(n)\nmine(5)")) > 1
    assert len(run(kernel, "int('x')")) > 1
    assert len(run(kernel, "from gamelib.arguments import numbers_text\nnumbers_text(5)")) > 1


def test_a_call_to_the_students_own_class_that_refuses_to_be_asked_is_no_kit_call():
    from gamelib.kernel_help import wrong_call

    class Hostile(type):
        def __getattr__(cls, name):
            raise RuntimeError("asked")

    class Board(metaclass=Hostile):
        pass

    assert wrong_call("Board.play() got an unexpected keyword argument 'x'", {"Board": Board}) is None
