"""Likeness of two students' code and written answers, counting only what is not public (copying.py
raises the flags; fragments.py cuts the fragments and builds the base).

**Code** (``same-answer-cells``). Each submission's code cells are cut into fragments (token k-grams, winnowed);
a fragment of the base (handouts, solutions, lessons, documentation, gamelib's source) counts for nothing. A
fragment shared by two students and written by ``k`` students of the class in all counts ``1 / (k - 1)``: a
fragment only the two wrote counts 1, one that many wrote almost nothing. A pair is flagged when its shared
fragments count :data:`CODE_EVIDENCE` or more, or when their code is the same: at least
:data:`CODE_SIMILARITY` of all their fragments (each weighing ``1 / k``) in common, and at least
:data:`CODE_MIN_EVIDENCE` of evidence (two students who both filled in the handout's template in the most
natural way, a line or two of their own aside, have the same code too: that is not evidence). There is no
number of students past which shared code is ignored: students whose code is the same, pair by pair, form a
group, flagged pair by pair, however many they are, when their shared fragments count
:data:`CODE_MIN_EVIDENCE` with the group taken as one writer (a fragment counts ``1 / (1 + its writers outside
the group)``): three students running one notebook under their three ids.

**Written answers** (``same-written-answer``). Runs of three words, the base's taken out (the lessons' proofs,
the handout's words, the model answers): a paraphrase of lesson 2's proof shares mostly the lesson's words,
which count for nothing. Two answers are flagged when their shared runs, each counting ``1 / (k - 1)`` as above,
are at least :data:`WRITTEN_SIMILARITY` of all their runs not in the base, and at least
:data:`WRITTEN_MIN_SHARED` of them.

The thresholds come from the calibration ``make bench-flags`` (benchmarks/flags.py): a class of honest
students written independently in varied styles, and copies of every kind.
"""

from __future__ import annotations

from collections import defaultdict
from itertools import combinations

from gamelib_grader.intake.likeness import words
from gamelib_grader.integrity import fragments
from gamelib_grader.integrity.flags import FlagEntry
from gamelib_grader.integrity.flags import flag as _flag
from gamelib_grader.integrity.identity_flags import owner

#: What a pair's shared code fragments must count for a ``same-answer-cells`` flag (see the module docstring);
#: or, when their code is the same (:data:`CODE_SIMILARITY` of it, weighed by rarity), at least this much.
CODE_EVIDENCE, CODE_MIN_EVIDENCE = 10.0, 4.0
#: Share of two students' fragments (each weighing 1/k, k the students who wrote it) that they have in common.
CODE_SIMILARITY = 0.95
#: Share of two written answers' word runs (the base's left out) from which they are flagged, and least number.
WRITTEN_SIMILARITY, WRITTEN_MIN_SHARED = 0.4, 8
#: Least words of a written answer compared.
WRITTEN_MIN_WORDS = 12


def who(o) -> str:
    """A submission as the teacher knows its student (the class list's name, else the file's)."""
    return str(o.who if hasattr(o, "who") else (o.name or o.file))[:80]


def listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def pairs(graded: list):
    """Every two submissions of different students."""
    for a, b in combinations(sorted(graded, key=lambda o: o.file), 2):
        if owner(a) != owner(b):
            yield a, b


def _cells_of(o) -> dict[int, int]:
    """A submission's code fragments: ``{fragment: number of its code cell (from 0)}``."""
    found: dict[int, int] = {}
    for index, item in enumerate((o.fingerprint or {}).get("shapes", [])):
        if isinstance(item, list) and item and isinstance(item[0], str):
            for fragment in fragments.cell_fragments(item[0]):
                found.setdefault(fragment, index)
    return found


def _handout_code(homework) -> tuple[str, ...]:
    handout = getattr(homework, "handout", None)
    if handout is None:
        return ()
    return tuple(("".join(c.source) if isinstance(c.source, list) else c.source) for c in handout.cells
                 if c.cell_type == "code")


def code_flags(graded: list, homework, flags: dict[str, list[FlagEntry]]) -> None:
    """``same-answer-cells`` (see the module docstring)."""
    base = fragments.code_base(_handout_code(homework))
    cells = {o.file: {f: c for f, c in _cells_of(o).items() if f not in base} for o in graded}
    holders: dict[int, set[str]] = defaultdict(set)
    for o in graded:
        for fragment in cells[o.file]:
            holders[fragment].add(owner(o))
    students = len({owner(o) for o in graded})
    measured = {}
    for a, b in pairs(graded):
        shared = set(cells[a.file]) & set(cells[b.file])
        every = set(cells[a.file]) | set(cells[b.file])
        same = sum(1 / len(holders[f]) for f in shared) / sum(1 / len(holders[f]) for f in every) if shared else 0
        measured[a.file, b.file] = (shared, same, sum(1 / (len(holders[f]) - 1) for f in shared))
    group = _same_code_groups(graded, measured)
    for (a_file, b_file), (shared, same, weight) in measured.items():
        a, b = (next(o for o in graded if o.file == f) for f in (a_file, b_file))
        together = a.file in group and group.get(b.file) == group[a.file]
        members = {owner(o) for o in graded if group.get(o.file) == group[a.file]} if together else set()
        only_group = sum(holders[f] <= members for f in shared) if together else 0
        # a group running one notebook is one writer: a fragment counts 1 / (1 + its writers outside the group)
        as_one = sum(1 / (1 + len(holders[f] - members)) for f in shared) if together else weight
        if weight >= CODE_EVIDENCE:
            why = f"evidence {weight:.1f}, flagged from {CODE_EVIDENCE:g}"
        elif same >= CODE_SIMILARITY and as_one >= CODE_MIN_EVIDENCE:
            why = (f"all of their code but what the handouts, lessons and documentation hold is the same ({same:.0%}, "
                   f"weighed by rarity; flagged from {CODE_SIMILARITY:.0%})")
            if len(members) > 2:
                why += (f"; a group of {len(members)} has this same code, and {only_group} of its fragments no one "
                        "outside the group wrote")
        else:
            continue
        alone = sum(len(holders[f]) == 2 for f in shared)
        for mine, theirs in ((a, b), (b, a)):
            in_cells = len({cells[mine.file][f] for f in shared})
            flags[mine.file].append(_flag("same-answer-cells", [theirs], (
                f"{len(shared)} fragments of code in {in_cells} cell(s) are the same as in {who(theirs)}'s, variable "
                f"names aside, and in no handout, lesson, solution or documentation; {alone} of them written by no one "
                f"else of the {students} students (a fragment written by k students counts 1/(k-1): {weight:.1f} in "
                f"all); {why}. No honest pair of the calibration class (make bench-flags) came this close")))


def _same_code_groups(graded: list, measured: dict) -> dict[str, int]:
    """Submissions whose code is the same (:data:`CODE_SIMILARITY`), pair by pair, joined into groups:
    ``{file: group number}``. A group running one notebook is one writer: what only its members wrote counts
    fully, however many they are."""
    parent = {o.file: o.file for o in graded}

    def root(file: str) -> str:
        while parent[file] != file:
            parent[file] = parent[parent[file]]
            file = parent[file]
        return file

    for (a, b), (_, same, _) in measured.items():
        if same >= CODE_SIMILARITY:
            parent[root(a)] = root(b)
    roots = {file: root(file) for file in parent}
    sizes: dict[str, int] = defaultdict(int)
    for r in roots.values():
        sizes[r] += 1
    numbers = {r: i for i, r in enumerate(sorted(r for r in sizes if sizes[r] > 1))}
    return {file: numbers[r] for file, r in roots.items() if r in numbers}


def written_flags(graded: list, homework, flags: dict[str, list[FlagEntry]]) -> None:
    """``same-written-answer`` between students (see the module docstring)."""
    template = {"type", "your", "answer", "here", "replacing", "this", "text"}
    models = tuple((getattr(homework, "model_answers", {}) or {}).values())
    prompts = tuple(q.prompt for q in homework.written)
    base = fragments.prose_base(models + prompts)
    for question in homework.written:
        grams = {}
        for o in graded:
            found = words((o.written or {}).get(question.name, ""))
            if len(found) >= WRITTEN_MIN_WORDS and not set(found) <= template:
                grams[o.file] = fragments.word_grams(found) - base
        holders: dict[int, set[str]] = defaultdict(set)
        for o in graded:
            for gram in grams.get(o.file, ()):
                holders[gram].add(owner(o))
        for a, b in pairs([o for o in graded if o.file in grams]):
            shared = grams[a.file] & grams[b.file]
            every = grams[a.file] | grams[b.file]
            weight = sum(1 / (len(holders[g]) - 1) for g in shared)
            score = weight / len(every) if every else 0.0
            if score >= WRITTEN_SIMILARITY and len(shared) >= WRITTEN_MIN_SHARED:
                how = "the same as" if grams[a.file] == grams[b.file] else "nearly the same as"
                for mine, theirs in ((a, b), (b, a)):
                    flags[mine.file].append(_flag("same-written-answer", [theirs], (
                        f"the written answer to {question.name} is {how} {who(theirs)}'s: {len(shared)} runs of three "
                        f"words in common that no lesson, handout or model answer holds, {score:.0%} of both answers' "
                        f"own runs (flagged from {WRITTEN_SIMILARITY:.0%}; honest answers written apart share at "
                        "most a few)")))
