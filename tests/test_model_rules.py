"""One place per fact in the model: the P/N-from-Grundy rule, the pattern a figure shows, the Chomp bite."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gamelib import Chomp, GrundysGame, OctalGame, SubtractionGame, TakeAwayGame, nonzero_digits
from gamelib.analysis.observed import HeapPattern, heap_pattern
from gamelib.games.base import outcome_from_grundy, outcomes_from_grundy

PACKAGE = Path(__file__).resolve().parents[1] / "gamelib"
# "P" if g == 0 else "N", and its numpy form np.where(values == 0, ord("P"), ...)
RULE = re.compile(r"""["']P["'] if [^\n]*== 0 else ["']N["']|== 0, [^\n]*ord\(["']P["']\)""")


def test_the_rule_p_exactly_when_g_is_0_is_written_only_in_games_base():
    writers = sorted(str(path.relative_to(PACKAGE)) for path in PACKAGE.rglob("*.py") if RULE.search(path.read_text()))
    assert writers == ["games/base.py"]


def test_the_guard_would_see_the_rule_written_elsewhere():
    assert RULE.search('    return "P" if self.grundy(n) == 0 else "N"')
    assert RULE.search("np.where(values == 0, ord('P'), ord('N'))")
    assert not RULE.search('return "P" if sum(heaps) % 2 == 1 else "N"')  # misère Nim's own rule


def test_outcome_from_grundy_and_its_table_form_agree():
    values = SubtractionGame({2, 5, 7}).grundy_values(60)
    assert outcomes_from_grundy(values) == "".join(outcome_from_grundy(int(g)) for g in values)
    assert outcome_from_grundy(0) == "P" and outcome_from_grundy(1) == "N"


@pytest.mark.parametrize("S", [(1, 2, 3), (2, 5, 7), (4, 9, 11), (1, 3, 4)])
def test_heap_pattern_of_grundy_values_is_the_proven_period(S):
    p = SubtractionGame(S).periodicity()
    assert heap_pattern(SubtractionGame(S)) == HeapPattern(p.preperiod, p.period, True)


@pytest.mark.parametrize("S", [(1, 2, 3), (2, 5, 7), (4, 9, 11), (1, 3, 4), (3, 4)])
def test_heap_pattern_of_outcomes_is_the_smallest_pattern_the_outcomes_really_have(S):
    """Checked against the outcomes themselves, far past the pattern: minimal start and minimal period."""
    found = heap_pattern(SubtractionGame(S), outcomes=True)
    text = SubtractionGame(S).outcomes(3000)
    start, period = found.preperiod, found.period
    assert found.proven
    assert all(text[n] == text[n + period] for n in range(start, 3000 - period))
    assert start == 0 or text[start - 1] != text[start - 1 + period]
    assert not any(all(text[n] == text[n + d] for n in range(start, 3000 - d)) for d in range(1, period))


def test_misere_pattern_is_the_proven_outcome_period():
    p = SubtractionGame({1, 3, 4}, misere=True).periodicity()
    assert heap_pattern(SubtractionGame({1, 3, 4}, misere=True)) == (p.preperiod, p.period, True)


def test_take_away_pattern_is_only_observed_and_grundys_game_shows_none():
    assert heap_pattern(TakeAwayGame(nonzero_digits), outcomes=True) == (0, 10, False)
    assert heap_pattern(GrundysGame()) is None
    assert heap_pattern(OctalGame("0.77")) == (71, 12, True)


def test_chomp_bite_is_the_rule_its_moves_use():
    game = Chomp(3, 4)
    position = (4, 3, 1)
    bites = [(r, c) for r in range(3) for c in range(position[r]) if r or c]
    assert sorted(game.bite(position, r, c) for r, c in bites) == sorted(game.moves(position))
    assert game.bite(position, 1, 1) == (4, 1, 1)
    with pytest.raises(ValueError, match="poisoned"):
        game.bite(position, 0, 0)
    with pytest.raises(ValueError, match="not left"):
        game.bite(position, 2, 3)
    assert [game.bite(position, r, c) for r, c in game.winning_bites(position)] == game.winning_moves(position)
