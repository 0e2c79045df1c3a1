"""benchmarks/results.py: a benchmark's printed report kept as a results file, and read back checked."""

from __future__ import annotations

import json
import sys

import pytest

from benchmarks import results


def test_a_run_keeps_what_it_printed_and_how_it_ran(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(sys, "argv", ["run.py", "--quick"])

    def main() -> int:
        print("| a | b |\n|---|---|")
        print("done")
        return 0

    assert results.record("run", main, markdown=True, folder=tmp_path) == 0
    assert capsys.readouterr().out == "| a | b |\n|---|---|\ndone\n"  # printed as before
    kept = results.read(tmp_path / "run.json")
    assert kept["output"] == "| a | b |\n|---|---|\ndone\n"
    assert kept["arguments"] == ["--quick"] and kept["format"] == "markdown" and kept["benchmark"] == "run"
    assert kept["machine"]["cores"] >= 1 and len(kept["machine"]["load_before"]) == 3
    assert results.read_all(tmp_path) == {"run": kept}


@pytest.mark.parametrize("outcome", [1, "raise"])
def test_a_failed_run_keeps_nothing(tmp_path, outcome):
    def main() -> int:
        print("half a report")
        if outcome == "raise":
            raise RuntimeError("broke")
        return outcome

    if outcome == "raise":
        with pytest.raises(RuntimeError):
            results.record("run", main, folder=tmp_path)
    else:
        assert results.record("run", main, folder=tmp_path) == 1
    assert not (tmp_path / "run.json").exists()
    assert sys.stdout is not None and "Tee" not in type(sys.stdout).__name__  # standard output given back


def test_a_malformed_results_file_is_refused_with_its_name(tmp_path):
    good = {"benchmark": "run", "arguments": [], "format": "text", "finished": "2026-11-25T10:00:00Z",
            "seconds": 1.0, "output": "x\n",
            "machine": {"cores": 2, "load_before": [0, 0, 0], "load_after": [0, 0, 0], "python": "3.11.7",
                        "platform": "Linux"}}
    path = tmp_path / "run.json"
    for change, message in [({"format": "html"}, "format is 'html'"), ({"output": " \n"}, "output is empty"),
                            ({"benchmark": "browser"}, "holds the results of 'browser'"),
                            ({"machine": {"cores": 2}}, "machine must have"), ({"extra": 1}, "expected the keys")]:
        path.write_text(json.dumps({**good, **change}))
        with pytest.raises(ValueError, match=f"run.json: .*{message}"):
            results.read(path)
    path.write_text("{not json")
    with pytest.raises(ValueError, match="run.json: not JSON"):
        results.read(path)
    path.write_text(json.dumps(good))
    assert results.read(path) == good


def test_the_committed_results_files_are_well_formed():
    for name, result in results.read_all().items():
        assert result["benchmark"] == name
