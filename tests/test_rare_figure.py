"""The picture of the rare-value method and the notebook's progress bar: they show what the model gives them."""

from __future__ import annotations

import matplotlib.colors as mcolors
import pytest

import gamelib.analysis.progress as progress_module
import gamelib.widgets.progress as progress_widget
from gamelib import GrundysGame, OctalGame
from gamelib.analysis.progress import SearchProgress
from gamelib.plots.rare import COMMON_COLOUR, RARE_COLOUR, rare_heaps_figure, rare_split_text
from gamelib.plots.style import HIGHLIGHT_COLOUR, SECOND_COLOUR

OKABE_ITO = {"#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7", "#000000"}


def test_the_figure_draws_the_split_it_is_given():
    split = OctalGame("0.16").rare_split(20_000)
    fig = rare_heaps_figure(split)
    assert "0.16" in fig.get_suptitle() and "mask 1e" in fig.get_suptitle()
    assert fig.plotted["rare_heaps"] == list(split.rare_heaps) and fig.plotted["last_rare"] == 13_935
    bars, where = fig.axes
    assert bars.get_xlabel() == "Grundy value" and "heaps" in bars.get_ylabel()
    assert "heap n" in where.get_xlabel() and "Grundy value" in where.get_ylabel()
    points = where.collections[-1].get_offsets()
    assert [int(x) for x, _ in points] == list(split.rare_heaps)
    assert [int(y) for _, y in points] == list(split.rare_values)
    rare_bars = [p for p in bars.patches if p.get_hatch()]  # rare bars are hatched: told apart without colour
    assert sum(round(p.get_height()) for p in rare_bars) == split.rare_count


def test_colours_are_okabe_ito_and_rare_differs_without_colour():
    assert {COMMON_COLOUR, RARE_COLOUR} == {HIGHLIGHT_COLOUR, SECOND_COLOUR}
    assert {mcolors.to_hex(c).upper() for c in (COMMON_COLOUR, RARE_COLOUR)} <= OKABE_ITO
    fig = rare_heaps_figure(GrundysGame(rare_mask="fe").rare_split(3000))
    (points,) = fig.axes[1].collections
    assert len(points.get_paths()[0].vertices) == 4  # the rare heaps are triangles (a closed path of 3 sides)


def test_the_text_alternative_is_one_sentence_with_the_numbers():
    split = OctalGame("0.16").rare_split(20_000)
    text = rare_heaps_figure(split).plotted["alt_text"]
    assert text == rare_split_text(split) and text.count(". ") == 0 and text.endswith(".")
    assert "53 heaps are rare" in text and "13,935" in text and "19,947 are common" in text


def test_a_split_with_no_rare_heap_and_bad_arguments():
    nim_like = OctalGame("0.3", rare_mask="1")  # values 0, 1, 0, 1, ...: under mask 1 the 0s are rare
    fig = rare_heaps_figure(nim_like.rare_split(50))
    assert fig.plotted["rare_heaps"] == list(range(0, 50, 2))
    with pytest.raises(TypeError, match="RareSplit"):
        rare_heaps_figure(OctalGame("0.16"))
    with pytest.raises(ValueError, match="width"):
        rare_heaps_figure(nim_like.rare_split(50), width=1000)


def test_the_progress_bar_follows_a_real_search(monkeypatch):
    shown, at_display = [], []

    def display(box):
        shown.append(box)
        at_display.append((box.children[0].value, box.children[1].value))

    monkeypatch.setattr(progress_widget, "display", display)
    monkeypatch.setattr(progress_module, "REPORT_EVERY", 0.0)
    bar = progress_widget.progress_bar(show_after=0.0)
    p = OctalGame("0.156").periodicity(max_search=2**15, progress=bar)
    assert shown == [bar.box] and bar.bar.value == 1.0 and bar.bar.bar_style == "success"
    assert at_display == [(0.0, "")]  # shown as created: a re-executed notebook stores the same text
    assert f">octal game 0.156: proven after {p.checked_up_to:,} heaps" in bar.text.value
    assert "white-space:normal" in bar.text.value and bar.text.layout.min_width == "0"  # wraps inside the cell
    assert bar.bar.description == "search:"  # the bar has a name a screen reader reads


def test_a_quick_search_shows_nothing_and_an_interrupted_one_says_the_values_are_kept(monkeypatch):
    shown = []
    monkeypatch.setattr(progress_widget, "display", shown.append)
    quick = progress_widget.progress_bar()
    OctalGame("0.77").periodicity(progress=quick)
    assert shown == []
    late = progress_widget.progress_bar(show_after=1.0)
    late(SearchProgress("octal game 0.007", 4096, 10**5, None, 10**7, 10**9, 3.0, "running"))
    late(SearchProgress("octal game 0.007", 5120, 10**5, None, 10**7, 10**9, 3.5, "interrupted"))
    assert shown == [late.box] and late.bar.bar_style == "warning"
    assert "heaps 0 .. 5,119 are kept" in late.text.value and "run the cell again" in late.text.value
