"""Generators for lesson 10, misère quotients: the pretending row, the outcome of a sum, the name of a word.

Each instance is about the quotient of one small octal game with heaps up to a bound (the games below, each
computed in a few hundredths of a second); the checks are the lesson's own.

>>> from gamelib.exercises.practice import deal
>>> dealt = deal("10.2", seed=5)
>>> dealt.question.split(":")[0], dealt.answer
('Misère play of Kayles (0.77)', "'N'")
"""

from __future__ import annotations

import random

from gamelib.exercises.kinds import outcome_checker
from gamelib.exercises.lesson10 import name_checker, pretending_checker, quotient
from gamelib.exercises.practice.core import Dealt, generator

#: (code, largest heap) of the quotients practised: tame and wild, two or three generators, each quotient
#: already given by the sums of at most 10 tokens (its ``test_tokens``), so a search by hand can confirm it.
GAMES = (("0.77", 8), ("0.75", 10), ("0.72", 12), ("0.52", 12), ("0.31", 10), ("0.56", 10), ("0.76", 9))
#: Largest number of tokens in the sum a word of exercise 10.3 stands for (its generators' heaps, with powers).
WORD_TOKENS = 24


@generator("10.1", "a quotient of an octal game of the lesson's kind; a class some heap pretends to be",
           {"code": "0.77", "max_heap": 8, "element": "ab"})
def _pretending(rng: random.Random) -> Dealt:
    code, max_heap = rng.choice(GAMES)
    q = quotient(code, max_heap)
    element = rng.choice(sorted(set(q.pretending[1:])))
    heaps = [n for n in range(1, max_heap + 1) if q.pretending[n] == element]
    return Dealt(f"In the misère quotient of {q.game} with heaps up to {max_heap}, which heaps from 1 to {max_heap} "
                 f"pretend to be {element}?", {"code": code, "max_heap": max_heap, "element": element},
                 pretending_checker(q, element, hint=f"misere_quotient({code!r}, {max_heap}).pretending lists the "
                                                     "class of each heap, heap 0 first."),
                 str(heaps), "a list of heap sizes, e.g. [2, 7]")


@generator("10.2", "a quotient of the lesson's kind; 2 to 4 heaps up to its largest heap",
           {"code": "0.75", "max_heap": 10, "heaps": (3, 3, 3, 5)})
def _sum_outcome(rng: random.Random) -> Dealt:
    code, max_heap = rng.choice(GAMES)
    q = quotient(code, max_heap)
    heaps = tuple(sorted(rng.randint(1, max_heap) for _ in range(rng.randint(2, 4))))
    answer = q.outcome(list(heaps))
    return Dealt(f"Misère play of {q.game}: heaps {', '.join(map(str, heaps))} side by side. Using its quotient "
                 f"with heaps up to {max_heap}, is this a P- or an N-position?",
                 {"code": code, "max_heap": max_heap, "heaps": heaps},
                 outcome_checker(answer, f"the sum of heaps {' + '.join(map(str, heaps))} in misère {q.game}",
                                 hint="multiply the heaps' classes (the pretending row), shorten the product with "
                                      "the relations, then look whether it is in the P-portion."),
                 repr(answer), "'P' or 'N'")


@generator("10.3", "a quotient of the lesson's kind with 2 or more generators; a word of powers 0 to 3, standing for "
                   f"a sum of at most {WORD_TOKENS} tokens, that is not a name",
           {"code": "0.75", "max_heap": 10, "word": "b3c3"})
def _name(rng: random.Random) -> Dealt | None:
    code, max_heap = rng.choice(GAMES)
    q = quotient(code, max_heap)
    if len(q.generators) < 2:
        return None
    powers = [rng.randint(0, 3) for _ in q.generators]
    word = "".join(g + (str(e) if e > 1 else "") for g, e in zip(q.generators, powers, strict=True) if e)
    tokens = sum(e * h for e, h in zip(powers, q.generator_heaps, strict=True))
    if not word or word in q.elements or tokens > WORD_TOKENS:
        return None
    relations = ", ".join(f"{w}={n}" for w, n in q.relations)
    return Dealt(f"In the misère quotient of {q.game} with heaps up to {max_heap} (relations {relations}), which "
                 f"element is the word {word}? Give its name.", {"code": code, "max_heap": max_heap, "word": word},
                 name_checker(q, word, hint="apply the relations one at a time until none applies: what is left is "
                                            "one of the names in q.elements."),
                 repr(q.name(word)), "a word in the generators, e.g. 'ab2'")
