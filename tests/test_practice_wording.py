"""What a practice question says, read as a student reads it, against what its check marks and tells.

Each test here comes from a review of the words of the practice generators (the numbers are checked against
brute force in tests/test_practice.py): a hint that is a hint, a question that names the order of the heaps it
wants, a message that never says a reachable position cannot be reached.
"""

from __future__ import annotations

from functools import cache

import pytest

from gamelib.exercises.practice import deal

SEEDS = range(60)


def test_the_copycat_practice_hints_at_equal_heaps_and_says_the_copycat_rule_wins():
    # Two-heap Nim: the P-positions are the equal pairs, so the hint names them; a right move is the copycat move.
    for seed in SEEDS:
        instance = deal("4.1", seed)
        a, b = instance.numbers["heaps"]
        wrong = instance.check((a, b))  # the start itself: never a move
        assert not wrong.ok and "both heaps are equal" in wrong.hint, (seed, wrong)
        low = min(a, b)
        right = instance.check((low, low))
        assert right.ok and right.message.endswith("so the copycat rule wins from here."), (seed, right)


@cache
def _wythoff_p(x: int, y: int) -> bool:
    """A position of Wythoff's game is P when no move (from one heap, or the same from both) reaches a P."""
    followers = [(x - k, y) for k in range(1, x + 1)] + [(x, y - k) for k in range(1, y + 1)]
    followers += [(x - k, y - k) for k in range(1, min(x, y) + 1)]
    return not any(_wythoff_p(*f) for f in followers)


def _wythoff_legal(start: tuple[int, int], after: tuple[int, int]) -> bool:
    dx, dy = start[0] - after[0], start[1] - after[1]
    return min(after) >= 0 and (dx, dy) != (0, 0) and (dx == 0 or dy == 0 or dx == dy) and dx >= 0 and dy >= 0


def test_the_wythoff_practice_asks_for_the_heaps_in_order_and_says_so_when_they_are_swapped():
    swapped_seen = 0
    for seed in SEEDS:
        instance = deal("7.2", seed)
        start = instance.numbers["heaps"]
        assert "same order" in instance.question, instance.question
        x, y = start
        for a in range(x + 1):
            for b in range(y + 1):
                if not (_wythoff_legal(start, (a, b)) and _wythoff_p(a, b)) or a == b:
                    continue
                assert instance.check((a, b)).ok, (seed, (a, b))
                if _wythoff_legal(start, (b, a)):
                    continue
                swapped_seen += 1
                told = instance.check((b, a))
                # (b, a) is the same pair of heaps, reached: "cannot be reached" would be false.
                assert not told.ok and "cannot be reached" not in told.message, (seed, (b, a), told)
                assert "order" in told.message, (seed, (b, a), told)
    assert swapped_seen > 20


@pytest.mark.parametrize("exercise", ["5.3", "5.6"])
def test_a_sum_move_question_does_not_read_as_if_the_heaps_after_the_move_were_the_start(exercise):
    for seed in SEEDS:
        instance = deal(exercise, seed)
        heaps = instance.numbers["heaps"]
        assert f"after it {heaps}" not in instance.question, instance.question
        assert f"now {heaps}" in instance.question and "same order" in instance.question, instance.question


def test_the_guy_smith_practice_says_one_token_not_one_tokens():
    seen = set()
    for seed in range(200):
        instance = deal("5.9", seed)
        t = instance.numbers["t"]
        seen.add(t)
        words = "1 token per move" if t == 1 else f"{t} tokens per move"
        assert words in instance.question, instance.question
    assert seen == {1, 2, 3}


def test_the_p_positions_by_values_hint_names_the_heaps_without_a_move():
    # With 1 in S only heap 0 has no move; "heaps below 1" says the same thing in a roundabout way.
    seen = set()
    for seed in SEEDS:
        instance = deal("2.5", seed)
        low = instance.numbers["S"][0]
        hint = instance.check([]).hint
        seen.add(low == 1)
        expected = "heap 0 has no move" if low == 1 else f"heaps below {low} have no move"
        assert expected in hint and "heaps below 1 " not in hint, (seed, hint)
    assert seen == {True, False}


def _single_coin_wins(heads: tuple[int, ...], worth) -> list[int]:
    """Heads-up coins whose turning alone leaves a nim-sum 0 of the coins' worths: a one-coin winning move."""
    total = 0
    for coin in heads:
        total ^= worth(coin)
    return [coin for coin in heads if total == worth(coin)]


@pytest.mark.parametrize(("exercise", "worth"), [
    ("8.1", lambda n: n),               # Turning Turtles: coin n is a Nim heap of n
    ("8.3", lambda n: n & -n),          # the Ruler game: the largest power of 2 dividing n
])
def test_a_one_coin_winning_move_may_be_typed_as_the_coin_alone(exercise, worth):
    from gamelib.exercises.practice import PracticeSession

    seen = 0
    for seed in range(100):
        instance = deal(exercise, seed)
        for coin in _single_coin_wins(instance.numbers["heads"], worth):
            seen += 1
            assert instance.check(coin).ok, (seed, coin, instance.check(coin))
            assert PracticeSession(exercise, seed).submit(str(coin)).ok, (seed, coin)
    assert seen > 10


def test_the_guy_smith_hint_points_to_the_theorem_without_spelling_out_the_answer():
    # The answer is the last n of n0 <= n < 2·n0 + p + t: a hint that states that range leaves one subtraction.
    from gamelib.exercises import check

    hints = [check("5.9", "not an answer").hint]
    for seed in SEEDS:
        instance = deal("5.9", seed)
        n0, p, t = (instance.numbers[k] for k in ("n0", "p", "t"))
        hint = instance.check(-1).hint
        assert str(2 * n0 + p + t - 1) not in hint and str(2 * n0 + p + t) not in hint, (seed, hint)
        hints.append(hint)
    for hint in hints:
        assert "finite check is enough" in hint and "2·n0" not in hint and "<" not in hint, hint


def test_counting_winning_moves_says_how_equal_heaps_count_and_marks_that_count():
    # deal("4.5", seed=3) has heaps (31, 12, 16, 31, 12): three heaps have the nim-sum's highest 1 (both 31s and
    # 16), so three moves, leaving only two different positions. The question said nothing of equal heaps.
    instance = deal("4.5", seed=3)
    heaps = instance.numbers["heaps"]
    assert len(set(heaps)) < len(heaps)
    assert "Equal heaps are different heaps" in instance.question
    z = 0
    for h in heaps:
        z ^= h
    by_heap = sum(1 for h in heaps if h ^ z < h)
    positions = len({tuple(sorted(heaps[:i] + (h ^ z,) + heaps[i + 1:])) for i, h in enumerate(heaps) if h ^ z < h})
    assert (by_heap, positions) == (3, 2)
    assert instance.check(by_heap).ok
    told = instance.check(positions)
    assert not told.ok and "counts the positions" in told.message
    for seed in SEEDS:  # distinct heaps: the question does not talk of equal heaps
        dealt = deal("4.5", seed)
        if len(set(dealt.numbers["heaps"])) == len(dealt.numbers["heaps"]):
            assert "Equal heaps" not in dealt.question


def test_the_nim_sum_is_accepted_in_binary_as_the_exercise_works_in_binary():
    from gamelib.exercises import check
    from gamelib.exercises.practice import PracticeSession

    assert check("4.2", 0b11).ok and check("4.2", 11).ok  # 6 ⊕ 10 ⊕ 15 = 3 = 0b11, typed as 11 in binary digits
    assert "read as binary digits" in check("4.2", 11).message
    session = PracticeSession("4.2", seed=1)  # 16 ⊕ 28 ⊕ 30 = 18 = 0b10010
    assert session.instance.answer == "18" and "binary" in session.instance.question
    for typed in ("18", "0b10010", "10010", " 0B10010 "):
        assert session.submit(typed).ok, typed
    assert not session.submit("10011").ok and not session.submit("0b10011").ok


@pytest.mark.parametrize("exercise", ["5.3", "5.6"])
def test_a_sum_question_reads_as_a_sentence(exercise):
    for seed in SEEDS:
        question = deal(exercise, seed).question
        assert not question.startswith("The sum a heap") and "played side by side" in question, question
