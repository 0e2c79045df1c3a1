"""Likeness of two students' code and written answers, counting only what is not public (copying.py
raises the flags; fragments.py cuts the fragments and builds the base).

**Code** (``same-answer-cells``). Each submission's code cells are cut into fragments (token k-grams, winnowed);
a fragment of the base (handouts, solutions, lessons, documentation, gamelib's source) counts for nothing. A
fragment two students share counts by how rare it is: ``1 / (1 + o + p)``, where ``o`` is the number of other
students of the class who wrote it too and ``p`` (:func:`prior`) stands for the students a small class lacks:
:data:`PRIOR_SHARE` of each student missing from a class of :data:`REFERENCE_CLASS` is taken to have written
it. A fragment only the two wrote counts 1 in a class of 30 or more, but 0.29 in a class of 5, where being the
only two says little: two honest students of a class of five who write the same loops share a dozen fragments
no one else wrote. A pair is flagged when its shared fragments count :data:`CODE_EVIDENCE` or more, or when
their code is the same: at least :data:`CODE_SIMILARITY` of all their fragments (each weighing
``1 / (k + p)``, ``k`` its writers) in common, and at least :data:`CODE_MIN_EVIDENCE` of evidence (two
students who both filled in the handout's template in the most natural way, a line or two of their own aside,
have the same code too: that is not evidence). For this rule a fragment's other writers are counted up to
:data:`SAME_CODE_OTHERS`: identical code is rare in itself (no honest pair of the calibration classes has
90 % of its code the same), so the rarity of its fragments only needs to tell a template's few idioms from a
notebook's own code, and students joining the class can lower the evidence of the same code only so far. There
is no number of students past which shared code is ignored: students whose code is the same, pair by pair, form
a group, flagged pair by pair, however many they are, when their shared fragments count
:data:`CODE_MIN_EVIDENCE` with the group taken as one writer (a fragment counts ``1 / (1 + its writers outside
the group, at most 3, + p)``): three students running one notebook under their three ids.

**Written answers** (``same-written-answer``). Runs of three words, the base's taken out (the lessons' proofs,
the handout's words, the model answers): a paraphrase of lesson 2's proof shares mostly the lesson's words,
which count for nothing. Two answers are flagged when their shared runs, each counting ``1 / (k - 1)``, ``k`` its
writers, are at least :data:`WRITTEN_SIMILARITY` of all their runs not in the base, and at least
:data:`WRITTEN_MIN_SHARED` of them. (No prior here: honest answers written apart share a run or two of three
words beyond the base in any class, and a copied answer in a class of five is a copy still.)

**Close to the line.** Each measure has a band under its line (:data:`CODE_BAND`, :data:`SIMILARITY_BAND`,
:data:`WRITTEN_BAND`): a pair in it is not flagged, and the report lists it as "close to the line, not
flagged", with its figure (``Outcome.near``). A pair's figures depend on the other students only through the
fragments the pair shares: a student who joins the class and writes none of them changes nothing (but the
prior, in a class under :data:`REFERENCE_CLASS`, which only grows each weight, and by a bounded step: ``1 / (1
+ o + p)`` never exceeds ``1 / (1 + o)``); one who writes some of them lowers their weight, down to
``1 / (4 + p)`` for the same code.

The thresholds come from the calibration ``make bench-flags`` (benchmarks/flags.py): classes of honest
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
#: Share of two students' fragments (each weighing 1/(k + p), k the students who wrote it) they have in common.
CODE_SIMILARITY = 0.95
#: Share of two written answers' word runs (the base's left out) from which they are flagged, and least number.
WRITTEN_SIMILARITY, WRITTEN_MIN_SHARED = 0.4, 8
#: The bands under the lines, "close to the line, not flagged": code evidence from 7; the same code from 85 %
#: (or from 95 % with evidence from 1: short code, or a class too small to tell it rare); written answers
#: from 30 %.
CODE_BAND, SIMILARITY_BAND, MIN_EVIDENCE_BAND, WRITTEN_BAND = 7.0, 0.85, 1.0, 0.3
#: The most other writers a fragment is counted with when two students' code is the same (the rule of
#: :data:`CODE_SIMILARITY`): a fragment of such a pair weighs at least 1/(1 + 3 + p), so 16 fragments of code
#: the same are flagged whoever joins the class.
SAME_CODE_OTHERS = 3
#: The largest share of the class that a group of the same code may be, to be taken as one writer.
GROUP_MAX_SHARE = 0.2
#: The class size from which being the only writers of a fragment counts fully, and the share of each student
#: a smaller class lacks taken to have written a fragment (see :func:`prior`).
REFERENCE_CLASS, PRIOR_SHARE = 30, 0.1


def prior(students: int) -> float:
    """The writers a class of ``students`` lacks, counted into every fragment's rarity (the module docstring).

    >>> prior(5), prior(30), prior(200)
    (2.5, 0.0, 0.0)
    """
    return round(PRIOR_SHARE * max(0, REFERENCE_CLASS - students), 6)
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


def code_flags(graded: list, homework, flags: dict[str, list[FlagEntry]],
               near: dict[str, list[FlagEntry]] | None = None) -> None:
    """``same-answer-cells`` (see the module docstring); pairs close to the line go to ``near``."""
    base = fragments.code_base(_handout_code(homework))
    cells = {o.file: {f: c for f, c in _cells_of(o).items() if f not in base} for o in graded}
    holders: dict[int, set[str]] = defaultdict(set)
    for o in graded:
        for fragment in cells[o.file]:
            holders[fragment].add(owner(o))
    students = len({owner(o) for o in graded})
    p = prior(students)
    measured = {}
    for a, b in pairs(graded):
        shared = set(cells[a.file]) & set(cells[b.file])
        every = set(cells[a.file]) | set(cells[b.file])
        same = (sum(1 / (len(holders[f]) + p) for f in shared) / sum(1 / (len(holders[f]) + p) for f in every)
                if shared else 0)
        measured[a.file, b.file] = (shared, same, sum(1 / (len(holders[f]) - 1 + p) for f in shared))
    group = _same_code_groups(graded, measured)
    by_file = {o.file: o for o in graded}
    for (a_file, b_file), (shared, same, weight) in measured.items():
        a, b = by_file[a_file], by_file[b_file]
        together = a.file in group and group.get(b.file) == group[a.file]
        members = ({owner(o) for o in graded if group.get(o.file) == group[a.file]} if together
                   else {owner(a), owner(b)})
        only_group = sum(holders[f] <= members for f in shared) if together else 0
        # the same code is weighed with the pair (or a group running one notebook) as one writer, and each
        # fragment's other writers counted up to SAME_CODE_OTHERS: students joining the class can lower it only
        # so far (see the module docstring)
        as_one = sum(1 / (1 + min(len(holders[f] - members), SAME_CODE_OTHERS) + p) for f in shared)
        if weight >= CODE_EVIDENCE:
            why = f"evidence {weight:.1f}, flagged from {CODE_EVIDENCE:g}"
        elif same >= CODE_SIMILARITY and as_one >= CODE_MIN_EVIDENCE:
            why = (f"all of their code but what the handouts, lessons and documentation hold is the same ({same:.0%}, "
                   f"weighed by rarity; flagged from {CODE_SIMILARITY:.0%}, with evidence {as_one:.1f} counting each "
                   f"fragment's other writers up to {SAME_CODE_OTHERS}, from {CODE_MIN_EVIDENCE:g})")
            if len(members) > 2:
                why += (f"; a group of {len(members)} has this same code, and {only_group} of its fragments no one "
                        "outside the group wrote")
        else:
            if near is not None and (weight >= CODE_BAND or (same >= SIMILARITY_BAND and as_one >= CODE_MIN_EVIDENCE)
                                     or (same >= CODE_SIMILARITY and as_one >= MIN_EVIDENCE_BAND)):
                near.setdefault(a.file, []).append(_flag("same-answer-cells", [b], (
                    f"code evidence {weight:.1f} (flagged from {CODE_EVIDENCE:g}), {same:.0%} of their code the same "
                    f"(flagged from {CODE_SIMILARITY:.0%} with evidence {CODE_MIN_EVIDENCE:g}: here "
                    f"{as_one:.1f}); {len(shared)} fragments in common")))
            continue
        alone = sum(len(holders[f]) == 2 for f in shared)
        small = f" (here 1/(k-1+{p:g}), the class being under {REFERENCE_CLASS})" if p else ""
        rarity = f"a fragment written by k students counts 1/(k-1){small}: {weight:.1f} in all"
        for mine, theirs in ((a, b), (b, a)):
            in_cells = len({cells[mine.file][f] for f in shared})
            flags[mine.file].append(_flag("same-answer-cells", [theirs], (
                f"{len(shared)} fragments of code in {in_cells} cell(s) are the same as in {who(theirs)}'s, variable "
                f"names aside, and in no handout, lesson, solution or documentation; {alone} of them written by no one "
                f"else of the {students} students ({rarity}); {why}")))


def _same_code_groups(graded: list, measured: dict) -> dict[str, int]:
    """Submissions whose code is the same (:data:`CODE_SIMILARITY`), pair by pair, joined into groups:
    ``{file: group number}``. A group running one notebook is one writer: what only its members wrote counts
    fully. A "group" of more than :data:`GROUP_MAX_SHARE` of the class (at least 3) is the class's common code,
    not one notebook: its members are compared pair by pair, each fragment weighed by all who wrote it
    (twenty-eight students who all wrote the same natural one-liner are not a ring of copiers)."""
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
    largest = max(3, GROUP_MAX_SHARE * len({owner(o) for o in graded}))
    numbers = {r: i for i, r in enumerate(sorted(r for r in sizes if 1 < sizes[r] <= largest))}
    return {file: numbers[r] for file, r in roots.items() if r in numbers}


def written_flags(graded: list, homework, flags: dict[str, list[FlagEntry]],
                  near: dict[str, list[FlagEntry]] | None = None) -> None:
    """``same-written-answer`` between students (see the module docstring); pairs close to the line go to
    ``near``."""
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
            if score < WRITTEN_SIMILARITY or len(shared) < WRITTEN_MIN_SHARED:
                if near is not None and score >= WRITTEN_BAND and len(shared) >= WRITTEN_MIN_SHARED:
                    near.setdefault(a.file, []).append(_flag("same-written-answer", [b], (
                        f"the written answers to {question.name} share {score:.1%} of their own runs of three words "
                        f"(flagged from {WRITTEN_SIMILARITY:.0%}); {len(shared)} runs in common")))
                continue
            how = "the same as" if grams[a.file] == grams[b.file] else "nearly the same as"
            for mine, theirs in ((a, b), (b, a)):
                flags[mine.file].append(_flag("same-written-answer", [theirs], (
                    f"the written answer to {question.name} is {how} {who(theirs)}'s: {len(shared)} runs of three "
                    f"words in common that no lesson, handout or model answer holds, {score:.0%} of both answers' "
                    f"own runs (flagged from {WRITTEN_SIMILARITY:.0%})")))
