"""Octal games against the published sequences and against brute force written here.

Published data: OEIS A002186 (Kayles, 0.77; terms n = 0 .. 104; "from n = 71 on periodic with period 12")
and A002187 (Dawson's chess, 0.137; terms n = 0 .. 131; "period 34, the only exceptions at n = 0, 14, 16,
17, 31, 34 and 51"; "0.07 (Dawson's Kayles) has values a(n - 1)").
"""


import re

import numpy as np
import pytest
from brute_octal import octal_values
from hypothesis import given, settings
from hypothesis import strategies as st
from kernel_paths import both_loops  # noqa: F401 (the fixture below)

import gamelib.analysis.heap_values as heap_values_module
import gamelib.analysis.progress as progress_module
import gamelib.games.octal as octal_module
from gamelib import LimitError, PeriodNotFoundError, SubtractionGame
from gamelib.analysis import engine
from gamelib.games.octal import OctalGame, parse_octal_code

pytestmark = pytest.mark.usefixtures("both_loops")  # every test with the compiled loop, then the numpy loop

KAYLES_A002186 = [
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2, 1, 8, 6, 7,
    4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 6, 7,
    4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1,
]
DAWSONS_CHESS_A002187 = [
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4, 0, 1,
    1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2,
    0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3,
    1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
]


def test_the_published_data_says_what_the_tests_rely_on():
    assert len(KAYLES_A002186) == 105 and len(DAWSONS_CHESS_A002187) == 132
    k = KAYLES_A002186
    assert all(k[n + 12] == k[n] for n in range(71, 105 - 12)) and k[70] != k[82]
    d = DAWSONS_CHESS_A002187
    assert all(d[n + 34] == d[n] for n in range(52, 132 - 34)) and d[51] != d[85]


# ------------------------------------------------------------------------------- independent brute force
class RowOfPins:
    """Rows of pins; a move knocks down ``width`` neighbouring pins in one row, for some width in ``widths``.

    Kayles: widths (1, 2). Dawson's Kayles: width 2. A position is a sorted tuple of row lengths.
    """

    def __init__(self, widths):
        self.widths = widths

    def moves(self, rows):
        found = set()
        for i, row in enumerate(rows):
            rest = rows[:i] + rows[i + 1 :]
            for width in self.widths:
                for left in range(row - width + 1):
                    right = row - width - left
                    found.add(tuple(sorted(r for r in (*rest, left, right) if r)))
        return found


class OctalRules:
    """The octal code read digit by digit, straight from its definition, on tuples of heaps."""

    def __init__(self, code):
        before, after = code.split(".")
        self.digits = [int(before or 0)] + [int(d) for d in after]

    def moves(self, heaps):
        found = set()
        for i, heap in enumerate(heaps):
            rest = heaps[:i] + heaps[i + 1 :]
            for k, digit in enumerate(self.digits):
                left_over = heap - k
                if left_over < 0:
                    continue
                results = []
                if digit & 1 and left_over == 0:
                    results.append(())
                if digit & 2 and left_over > 0 and k > 0:
                    results.append((left_over,))
                if digit & 4:
                    results += [(a, left_over - a) for a in range(1, left_over)]
                found.update(tuple(sorted(rest + r)) for r in results)
        return found


def test_the_reference_recurrence_agrees_with_the_published_data():
    assert octal_values("0.77", 105) == KAYLES_A002186
    assert octal_values("0.137", 132) == DAWSONS_CHESS_A002187


# ------------------------------------------------------------------------------------ published sequences
def test_kayles_matches_oeis_a002186():
    assert OctalGame("0.77").grundy_values(105).tolist() == KAYLES_A002186


def test_dawsons_chess_matches_oeis_a002187():
    assert OctalGame("0.137").grundy_values(132).tolist() == DAWSONS_CHESS_A002187


def test_dawsons_kayles_is_dawsons_chess_shifted_by_one_heap():
    kayles_07 = OctalGame("0.07").grundy_values(3001)
    chess_137 = OctalGame("0.137").grundy_values(3000)
    assert kayles_07[0] == 0 and np.array_equal(kayles_07[1:], chess_137)
    assert kayles_07[1:133].tolist() == DAWSONS_CHESS_A002187


@pytest.mark.parametrize("code, preperiod, period", [
    ("0.77", 71, 12),   # Kayles: last exception at n = 70
    ("0.137", 52, 34),  # Dawson's chess: last exception at n = 51
    ("0.07", 53, 34),   # Dawson's Kayles: the same, one heap later
])
def test_published_periods(code, preperiod, period):
    p = OctalGame(code).periodicity()
    assert (p.preperiod, p.period, p.proven, p.kind) == (preperiod, period, True, "grundy")
    assert len(p.prefix) == preperiod and len(p.block) == period
    t = OctalGame(code).largest_removal
    # the Guy-Smith range was really computed: n0 <= n < 2 n0 + p + t, plus p more for the comparison
    assert p.checked_up_to >= 2 * preperiod + 2 * period + t
    assert p.window == (preperiod, preperiod + period, preperiod + period + t)
    assert f"n = {preperiod}" in p.explanation and "Guy and Smith" in p.explanation


def test_grundy_of_astronomical_heaps_follows_the_published_period():
    kayles, chess = OctalGame("0.77"), OctalGame("0.137")
    for n in (10**18, 10**18 + 5, 3**40, 10**30 + 7):
        assert kayles.grundy(n) == KAYLES_A002186[71 + (n - 71) % 12]
        assert chess.grundy(n) == DAWSONS_CHESS_A002187[52 + (n - 52) % 34]
        assert OctalGame("0.07").grundy(n + 1) == chess.grundy(n)


def test_values_through_the_period_equal_values_computed_directly():
    for code in ("0.77", "0.07", "0.137"):
        direct = OctalGame(code).grundy_values(5000)  # no period known yet: computed from the rules
        through_period = OctalGame(code)
        through_period.periodicity()
        assert np.array_equal(through_period.grundy_values(10**6)[:5000], direct)
        assert [through_period.grundy(n) for n in (4999, 4321, 777)] == [direct[4999], direct[4321], direct[777]]


def test_ten_million_values_are_small_and_periodic():
    values = OctalGame("0.77").grundy_values(10**7)
    assert values.dtype == np.uint8 and len(values) == 10**7
    assert values[:105].tolist() == KAYLES_A002186
    whole = (10**7 - 71) // 12 * 12
    assert (values[71 : 71 + whole].reshape(-1, 12) == np.array(KAYLES_A002186[71:83])).all()
    assert values[71 + whole :].tolist() == KAYLES_A002186[71 : 71 + 10**7 - 71 - whole]


# ----------------------------------------------------------------------------- brute force on heap tuples
@pytest.mark.parametrize("code, widths", [("0.77", (1, 2)), ("0.07", (2,))])
def test_row_of_pins_brute_force(code, widths):
    game, pins = OctalGame(code), RowOfPins(widths)
    positions = [(n,) for n in range(16)] + [(a, b) for a in range(1, 9) for b in range(a, 9)] + [(1, 2, 3), (2, 4, 5)]
    for position in positions:
        assert game.grundy(position) == engine.grundy(pins, position), position
        assert set(game.moves(position)) == pins.moves(position), position


codes = st.builds(
    lambda d0, rest: f"{d0}." + "".join(map(str, rest)),
    st.sampled_from([0, 0, 0, 4]),
    st.lists(st.integers(0, 7), min_size=1, max_size=4),
)


@given(codes)
@settings(max_examples=30, deadline=None)
def test_any_code_agrees_with_the_rules_read_from_the_definition(code):
    game, rules = OctalGame(code), OctalRules(code)
    for position in [(n,) for n in range(11)] + [(2, 5), (1, 3, 4), (6, 6)]:
        assert set(game.moves(position)) == rules.moves(position), (code, position)
        assert game.grundy(position) == engine.grundy(rules, position), (code, position)


@given(codes)
@settings(max_examples=25, deadline=None)
def test_any_code_periodicity_is_proven_and_minimal(code):
    t = OctalGame(code).largest_removal
    try:
        p = OctalGame(code).periodicity(max_search=256)
    except PeriodNotFoundError as error:
        assert error.checked_up_to == 256
        return
    n0, per = p.preperiod, p.period
    length = max(2 * n0 + 2 * per + t, 150)
    g = octal_values(code, length)
    assert list(p.prefix) + list(p.block) == g[: n0 + per]
    assert all(g[n + per] == g[n] for n in range(n0, length - per))  # the period holds where computed
    if n0:
        assert g[n0 - 1 + per] != g[n0 - 1]  # and it cannot start earlier
    for q in range(1, per):  # no smaller period passes the Guy-Smith check on this stretch
        bad = [n for n in range(length - q) if g[n + q] != g[n]]
        start = bad[-1] + 1 if bad else 0
        assert 2 * start + 2 * q + t > length, (code, q)


def test_a_subtraction_game_written_in_octal():
    # 0.333: take 1, 2 or 3 from a heap, never splitting it -- the subtraction game S = {1, 2, 3}
    assert np.array_equal(OctalGame("0.333").grundy_values(500), SubtractionGame({1, 2, 3}).grundy_values(500))
    assert (OctalGame("0.333").periodicity().preperiod, OctalGame("0.333").periodicity().period) == (0, 4)


def test_winning_moves_are_exactly_the_moves_to_zero():
    game, pins = OctalGame("0.77"), RowOfPins((1, 2))
    for position in [(5,), (1, 2, 4), (3, 4, 5), (7, 9), (2, 2), (10,)]:
        expected = sorted(m for m in pins.moves(position) if engine.grundy(pins, m) == 0)
        assert game.winning_moves(position) == expected, position
        assert game.outcome(position) == ("P" if not expected else "N")
    assert game.winning_moves((5,)) == [(2, 2)]  # the symmetry strategy: knock out the middle pin


# ---------------------------------------------------------------------------------------- code and names
@pytest.mark.parametrize("code, canonical, title", [
    ("0.77", "0.77", "Kayles (0.77)"),
    (".07", "0.07", "Dawson's Kayles (0.07)"),
    ("0.070", "0.07", "Dawson's Kayles (0.07)"),
    (" 0.137 ", "0.137", "Dawson's chess (0.137)"),
    ("4.07", "4.07", "octal game 4.07"),
    ("0.0", "0.0", "octal game 0.0"),
])
def test_codes_are_normalised_and_named(code, canonical, title):
    game = OctalGame(code)
    assert game.code == canonical and game.title == title and repr(game) == f"OctalGame({canonical!r})"


def test_digit_meanings():
    assert parse_octal_code("0.137") == (0, 1, 3, 7)
    assert OctalGame("0.1").moves(1) == [()] and OctalGame("0.1").moves(2) == []    # 1: only a whole heap
    assert OctalGame("0.2").moves(1) == [] and OctalGame("0.2").moves(3) == [(2,)]  # 2: one heap left
    assert OctalGame("0.4").moves(2) == [] and OctalGame("0.4").moves(4) == [(1, 2)]  # 4: split in two
    assert OctalGame("4.0").moves(4) == [(1, 3), (2, 2)]                           # 4 before the point


@pytest.mark.parametrize("code, error, shown", [
    ("0.8", ValueError, "'8'"),
    ("0.7a", ValueError, "'a'"),
    ("77", ValueError, "'77'"),
    ("", ValueError, "''"),
    ("0.", ValueError, "at least one digit"),
    ("0.7.7", ValueError, "one point"),
    ("1.07", ValueError, "0 or 4"),
    ("2.07", ValueError, "0 or 4"),
    ("04.7", ValueError, "0 or 4"),
    (0.77, TypeError, "0.77"),
    (None, TypeError, "None"),
])
def test_invalid_codes_are_refused_clearly(code, error, shown):
    with pytest.raises(error, match=shown.replace(".", r"\.")):
        OctalGame(code)


@pytest.mark.parametrize("position, error", [(-1, ValueError), ((3, -2), ValueError), (2.5, TypeError),
                                             ("5", TypeError), ([1, 2.0], TypeError)])
def test_invalid_positions_are_refused(position, error):
    with pytest.raises(error):
        OctalGame("0.77").grundy(position)


def test_positions_accept_ints_lists_and_zeros():
    game = OctalGame("0.77")
    assert game.moves(3) == game.moves((3,)) == game.moves([0, 3, 0])
    assert game.grundy([4, 0, 5]) == game.grundy((5, 4)) == 1 ^ 4


def test_huge_heaps_of_a_splitting_game_have_too_many_moves_to_list():
    with pytest.raises(LimitError, match="100,000"):
        OctalGame("0.77").moves(10**6)
    assert OctalGame("0.33").moves(10**18) == [(10**18 - 2,), (10**18 - 1,)]  # no split: few moves


# ------------------------------------------------------------------------------------------------- limits
@pytest.mark.parametrize("code", ["0.1", "0.11", "0.4", "4.0", "0.02", "0.2", "0.3", "0.33", "0.7", "0.77"])
def test_a_generous_max_search_is_no_reason_to_refuse(code):
    game = OctalGame(code)
    p = game.periodicity(max_search=2**20)  # the reproducer: LimitError, although proven at once
    assert p.proven and p.checked_up_to <= 256
    truth = octal_values(code, 600)
    assert list(p.prefix + p.block) == truth[: p.preperiod + p.period]
    assert all(truth[n] == p.value(n) for n in range(600))
    assert OctalGame(code).periodicity(max_search=10**12).period == p.period  # any bound: the work decides


def test_values_are_given_without_a_period(monkeypatch):
    # the reproducer: grundy_values(32768) of 0.16 started a period search, failed, and gave nothing
    values = OctalGame("0.16").grundy_values(32768)
    assert values.dtype == np.uint8 and len(values) == 32768
    assert values[:600].tolist() == octal_values("0.16", 600)
    assert np.array_equal(values[:8192], OctalGame("0.16", rare_mask=0).grundy_values(8192))  # every pair examined


def test_a_search_that_reaches_max_search_says_how_far_it_got_and_keeps_the_values():
    treblecross = OctalGame("0.007")  # no period is known for Treblecross
    with pytest.raises(PeriodNotFoundError, match="512") as caught:
        treblecross.periodicity(max_search=512)
    assert caught.value.checked_up_to == 512 and len(treblecross._table) == 512
    with pytest.raises(PeriodNotFoundError):
        treblecross.periodicity(max_search=512)  # asked again: answered from what is known, nothing recomputed
    assert treblecross.grundy(700) == octal_values("0.007", 701)[700]  # computed directly, beyond the search


def test_the_work_budget_stops_a_search_and_the_next_call_goes_on():
    treblecross = OctalGame("0.007")
    with pytest.raises(LimitError, match="past its budget of 20,000,000") as caught:
        treblecross.periodicity(max_search=10**6, budget=2 * 10**7)
    message = str(caught.value)
    spent = int(re.search(r"after ([\d,]+) units", message).group(1).replace(",", ""))
    reached = len(treblecross._table)
    assert f"heaps 0 .. {reached - 1:,} computed" in message and "the same call again goes on" in message
    assert 2 * 10**7 < spent < 2 * 10**7 + 1024 * reached  # stopped at the first count past the budget
    assert reached % 1024 == 0 and reached < 10**6  # work is counted every 1024 heaps
    with pytest.raises(LimitError):
        treblecross.periodicity(max_search=10**6, budget=2 * 10**7)
    assert len(treblecross._table) > reached  # went on from there
    assert treblecross.grundy_values(800).tolist() == octal_values("0.007", 800)


def test_the_budget_is_of_work_done_not_of_heaps_asked_for():
    # 20,000 heaps of 0.16 are cheap by the rare-value method and dear by the full scan: the same request fits
    # the same budget one way and not the other (the rare-value method spends about 3.4e6 units in the compiled
    # loop and 6.7e7 in the numpy loop; the full scan 1.0e8 and 1.4e8)
    with pytest.raises(PeriodNotFoundError) as caught:  # every heap searched, within the budget
        OctalGame("0.16").periodicity(max_search=20_000, budget=8 * 10**7)
    assert caught.value.checked_up_to == 20_000
    with pytest.raises(LimitError, match="past its budget of 80,000,000"):
        OctalGame("0.16", rare_mask=0).periodicity(max_search=20_000, budget=8 * 10**7)


def test_beyond_the_memory_bound_only_a_proven_period_gives_values(monkeypatch):
    monkeypatch.setattr(octal_module, "MAX_COMPUTED_HEAPS", 4096)
    monkeypatch.setattr(heap_values_module, "MAX_COMPUTED_HEAPS", 4096)
    monkeypatch.setattr(octal_module, "OCTAL_SEARCH", 1024)
    treblecross = OctalGame("0.007")
    assert treblecross.grundy(4000) == treblecross.grundy_values(4001)[4000]  # computed directly
    with pytest.raises(PeriodNotFoundError) as caught:
        treblecross.grundy(5000)  # beyond the bound: needs a period, and the default search finds none
    assert caught.value.checked_up_to == 1024
    with pytest.raises(LimitError, match="4,096 heaps"):
        treblecross.periodicity(max_search=10**6)
    assert OctalGame("0.77").grundy(10**6) == OctalGame("0.77").periodicity().value(10**6)  # a period: fine


def test_progress_is_reported_and_an_interrupt_keeps_the_values(monkeypatch):
    monkeypatch.setattr(progress_module, "REPORT_EVERY", 0.0)  # a report after every 1024 heaps
    reports = []
    game = OctalGame("0.156")
    game.periodicity(max_search=2**15, progress=reports.append)
    assert [r.status for r in reports][-1] == "proven" and reports[-1].heaps == game.periodicity().checked_up_to
    assert all(r.status == "running" for r in reports[:-1]) and len(reports) >= 5
    assert [r.heaps for r in reports] == sorted(r.heaps for r in reports)
    assert "octal game 0.156" in str(reports[0]) and reports[-1].rare == 15

    def interrupt(report):
        reports.append(report)
        if report.status == "running" and report.heaps >= 3072:
            raise KeyboardInterrupt  # as the notebook's stop button does, in the middle of the search

    reports.clear()
    treblecross = OctalGame("0.007")
    with pytest.raises(KeyboardInterrupt):
        treblecross.periodicity(max_search=10**5, progress=interrupt)
    assert reports[-1].status == "interrupted" and reports[-1].heaps == len(treblecross._table) >= 3072
    assert treblecross._table.values[:800].tolist() == octal_values("0.007", 800)
    with pytest.raises(PeriodNotFoundError):
        treblecross.periodicity(max_search=4096)  # goes on from the values kept
    with pytest.raises(TypeError, match="progress must be a function"):
        treblecross.periodicity(progress="bar")
