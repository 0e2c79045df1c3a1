"""Lesson 3 exercise checks. Expected answers come from the brute force in brute.py, or from the formula."""


from gamelib.exercises import check

from brute import eventual_period, grundy_sequence


def powers_of_two_up_to(n):
    return [p for p in (2**i for i in range(20)) if p <= n]



def brute_preperiod_and_period(S, stop=3000):
    """Smallest (preperiod, period) of the Grundy values of S, from the brute force alone."""
    return eventual_period(grundy_sequence(S, stop), max(S))


def test_3_1_g_of_ten_to_the_twelve_plus_five():
    block = grundy_sequence((2, 5, 7), 22)
    assert brute_preperiod_and_period((2, 5, 7)) == (0, 22)
    truth = block[(10**12 + 5) % 22]
    assert (10**12 + 5) % 22 == 17 and truth == 2
    assert check("3.1", truth).ok
    result = check("3.1", (truth + 1) % 4)
    assert not result.ok and "(10**12 + 5) % 22" in result.hint
    assert str(truth) not in check("3.1", None).message.replace("3.1", "")  # the example is not the answer
    # the lesson prints g(10**18) = g(12); this exercise must not have the same answer
    assert not check("3.1", block[10**18 % 22]).ok


def test_3_2_pigeonhole_bound():
    k, largest = 3, 8
    assert check("3.2", largest * (k + 1) ** largest).ok
    assert not check("3.2", (k + 1) ** largest).ok  # forgot the factor s_k
    assert not check("3.2", largest * k**largest).ok  # forgot the value k itself


def test_3_3_preperiod_and_period_of_two_four_seven():
    truth = brute_preperiod_and_period((2, 4, 7))
    assert truth == (8, 3)
    assert check("3.3", truth).ok and check("3.3", list(truth)).ok
    twice = check("3.3", (8, 6))
    assert not twice.ok and "not the smallest" in twice.message
    early = check("3.3", (0, 3))
    assert not early.ok and "starts after heap 0" in early.message and "8" not in early.message
    assert not check("3.3", (8, 4)).ok
    assert not check("3.3", (8,)).ok and not check("3.3", "8, 3").ok


def test_3_3_hint_points_the_right_way():
    # The values of S = {2, 4, 7} repeat from heap 8 on: an answer of 5 is too early (the repetition starts
    # after it), an answer of 9 is a preperiod, only not the smallest one (the repetition starts before it).
    early = check("3.3", (5, 3))
    assert not early.ok and "starts after heap 5" in early.message and "before" not in early.message
    late = check("3.3", (9, 3))
    assert not late.ok and "starts before heap 9" in late.message and "after" not in late.message
    assert "a preperiod, but not the smallest" in late.message
    assert "8" not in early.message + late.message  # the hint never gives the answer away


def test_3_4_any_set_with_a_preperiod_is_accepted():
    with_preperiod = [S for S in [(2, 7, 8), (3, 5, 9), (4, 9, 10)] if brute_preperiod_and_period(S)[0]]
    assert len(with_preperiod) == 3
    for S in with_preperiod:
        assert check("3.4", set(S)).ok
    copied = check("3.4", {2, 4, 7})
    assert not copied.ok and "Exercise 3.3" in copied.message
    periodic = check("3.4", {1, 2, 3})
    assert not periodic.ok and "preperiod is 0" in periodic.message
    assert not check("3.4", {4, 9, 11}).ok  # 11 is too large for this question
    assert not check("3.4", [2, 7]).ok


def test_3_5_powers_of_two_from_2024():
    assert powers_of_two_up_to(2024)[-1] == 1024
    winning = [2024 - a for a in powers_of_two_up_to(2024) if (2024 - a) % 3 == 0]
    assert winning and all(check("3.5", heap).ok for heap in winning)
    losing = check("3.5", 2020)
    assert not losing.ok and "N-position" in losing.message
    assert not check("3.5", 2021).ok  # 3 is not a power of 2


def repeats(values, preperiod, period):
    """Whether g(n + period) = g(n) for every n >= preperiod within the values given."""
    return all(values[n + period] == values[n] for n in range(preperiod, len(values) - period))


def test_3_3_every_message_about_a_period_is_true():
    g = grundy_sequence((2, 4, 7), 400)
    # (0, 6): 6 is a multiple of the period, but from heap 0 the values do not repeat with period 6.
    assert not repeats(g, 0, 6) and repeats(g, 8, 6)
    wrong_start = check("3.3", (0, 6))
    assert not wrong_start.ok
    assert "is a period" not in wrong_start.message and "from heap 0 on the values do not repeat with period 6" \
        in wrong_start.message
    # (8, 6): the values do repeat with period 6 from heap 8, and a shorter period exists.
    assert repeats(g, 8, 6) and repeats(g, 8, 3)
    assert "do repeat with period 6 from heap 8" in check("3.3", (8, 6)).message
    # (5, 4): no preperiod makes 4 a period.
    assert not any(repeats(g, n0, 4) for n0 in range(0, 100))
    assert "do not repeat with period 4, from any heap on" in check("3.3", (5, 4)).message
    assert "8" not in check("3.3", (0, 6)).message + check("3.3", (5, 4)).message  # the preperiod is not given away
