"""Pairs and groups: every flag that names a classmate, gathered into one entry per pair or group of students,
with which way the evidence points.

A flag that names a classmate is one of two sorts. **Held by one file about another** (:data:`ONE_SIDED`): the
file holds the classmate's id (typed, or written anywhere in it), saved outputs computed for the classmate's id,
or answers right for the classmate's numbers. The file that holds it is the one that *used* the classmate's
work or id: the evidence points from it to the classmate, and the classmate's row carries nothing of it (a
flag is only about the file it was found in). **Held by both files** (:data:`MUTUAL`): the same run tag, the
same added cells, the same execution history, the same code, the same written answer. Those say that one file
was made from the other, not which.

:func:`cases` joins students linked by any of these into cases (connected pairs and groups), each listed once.
A case's direction comes from its one-sided evidence only: ``X copied from Y`` when X's file holds Y's outputs,
answers or id; ``the evidence does not say who copied`` when it holds only what both files hold. Submission times
are never used: a copier who got the file early hands in first. For each member, :meth:`Case.relation` gives
what the gradebook's flags column says: "copied from Y (evidence: ...)", "their work appears in X's copy
(evidence: ...)" (only when their own file holds evidence too), or "shared with Y (evidence: ...)".
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from gamelib_grader.integrity.flags import LABELS, ORDER, FlagEntry
from gamelib_grader.integrity.identity_flags import owner

#: Held by one file about a classmate's: the holder used the classmate's id, outputs or numbers. Each with the
#: words a case's sentence uses for what the holder's file has ({a}: the holder, {b}: the classmate).
ONE_SIDED = {
    "id-of-another": "{b}'s id typed as its own",
    "duplicate-id": "{b}'s id typed",
    "classmate-id": "{b}'s id written in it",
    "other-id-outputs": "saved outputs made for {b}'s id or numbers",
    "other-numbers": "answers right for {b}'s numbers, not for its own",
}
#: Held by both files, each about the other: one file was made from the other, which one is not said.
MUTUAL = {
    "same-run": "the same run of Python in their saved outputs",
    "same-cell-ids": "the same added cells",
    "same-execution-history": "the same execution history",
    "same-answer-cells": "the same code",
    "same-written-answer": "the same written answer",
    "duplicate-id": "the same id typed",
}
#: The kinds that are evidence of copying work (the others of an id used).
COPYING = frozenset({"other-id-outputs", "other-numbers", *MUTUAL} - {"duplicate-id"})
#: Every kind a case is made of.
CASE_KINDS = frozenset({*ONE_SIDED, *MUTUAL})
COPIED, SOURCE, HOLDS_ID, SHARED, BOTH_WAYS = "copied from", "work appears in a copy", "holds the id of", "shared", \
    "both ways"


@dataclass(frozen=True)
class Item:
    """One flag of a case: its kind, the file that holds it, the classmate's file it is about, its words."""

    kind: str
    holder: str
    about: str
    what: str

    @property
    def label(self) -> str:
        return LABELS.get(self.kind, self.kind.upper())


@dataclass
class Case:
    """A pair or group of students linked by flags: ``members`` (owner keys, see
    :func:`grading.identity_flags.owner`), their names and files, every flag between them (:class:`Item`), and
    which way the evidence points (``arrows``: ``(who used, whose)``)."""

    members: list[str]
    names: dict[str, str]
    files: dict[str, list[str]]
    items: list[Item] = field(default_factory=list)
    arrows: set[tuple[str, str]] = field(default_factory=set)
    owner_of: dict[str, str] = field(default_factory=dict)

    @property
    def rank(self) -> int:
        """Its place in the order of importance: its most important flag's (gamelib_grader/integrity/flags.py)."""
        return min(ORDER.get(i.kind, len(ORDER)) for i in self.items)

    @property
    def kinds(self) -> list[str]:
        """The labels of its kinds of evidence, most important first."""
        kinds = sorted({i.kind for i in self.items}, key=lambda k: ORDER.get(k, len(ORDER)))
        return [LABELS.get(k, k) for k in kinds]

    def holds(self, member: str, other: str | None = None) -> list[Item]:
        """The flags ``member``'s files hold (about ``other``'s files, if given)."""
        return [i for i in self.items if self.owner_of[i.holder] == member
                and (other is None or self.owner_of[i.about] == other)]

    def between(self, a: str, b: str) -> list[Item]:
        return self.holds(a, b) + self.holds(b, a)

    def relation(self, member: str, other: str) -> str:
        """What ``member`` is to ``other``: :data:`COPIED` (the evidence points from member's file to other's, and
        some of it is copying), :data:`HOLDS_ID` (it points so, but is only an id), :data:`SOURCE` (other copied
        from member and member's own file holds evidence too), :data:`SHARED` (no direction), :data:`BOTH_WAYS`,
        or "" (member's own files hold nothing: their row stays clean)."""
        if not self.holds(member, other):
            return ""
        out, back = (member, other) in self.arrows, (other, member) in self.arrows
        if out and back:
            return BOTH_WAYS
        copying = any(i.kind in COPYING for i in self.between(member, other))
        if out:
            return COPIED if copying else HOLDS_ID
        if back:
            return SOURCE if copying else SHARED
        return SHARED

    def mutual_kinds(self) -> list[str]:
        """The kinds held both ways by some two members (each file holds it about the other), most important
        first."""
        both = {i.kind for i in self.items if i.kind in MUTUAL and any(
            j.kind == i.kind and j.about == i.holder for j in self.items if j.holder == i.about)}
        return sorted(both, key=lambda k: ORDER.get(k, len(ORDER)))

    def flagged(self, member: str) -> bool:
        """Whether the member's own files hold any evidence of the case (else their row is clean)."""
        return bool(self.holds(member))

    def sentence(self) -> str:
        """The case in one sentence: who, which way the evidence points, and on what."""
        name = self.names.get
        parts = []
        directed = sorted(self.arrows, key=lambda arrow: (name(arrow[1]) or "", name(arrow[0]) or ""))
        for a, b in directed:
            said = [ONE_SIDED[k].format(a=name(a), b=name(b)) for k in _kinds(self.holds(a, b)) if k in ONE_SIDED
                    and not (k == "duplicate-id" and self.holds(b, a))]
            copying = any(i.kind in COPYING for i in self.between(a, b))
            has = f"{name(a)}'s file has {_listed(said)}"
            parts.append(f"{name(a)} copied from {name(b)}: {has}" if copying else has)
        mutual = self.mutual_kinds()
        if mutual:
            who = [name(m) or m for m in self.members if any(i.kind in mutual for i in self.holds(m))]
            parts.append(f"{_listed(who)} have {_listed([MUTUAL[k] for k in mutual])}")
        undirected = [(a, b) for i, a in enumerate(self.members) for b in self.members[i + 1:]
                      if self.between(a, b) and (a, b) not in self.arrows and (b, a) not in self.arrows]
        if undirected:
            parts.append("the evidence does not say who copied" + ("" if not directed else " between " + _listed(
                [f"{name(a)} and {name(b)}" for a, b in undirected])))
        clean = [name(m) or m for m in self.members if not self.flagged(m)]
        if clean:
            parts.append(f"{_listed(clean)}'s own file{'s show' if len(clean) > 1 else ' shows'} nothing: not "
                         "flagged")
        text = "; ".join(parts)
        return text[:1].upper() + text[1:] + "."


def _kinds(items: list[Item]) -> list[str]:
    return sorted({i.kind for i in items}, key=lambda k: ORDER.get(k, len(ORDER)))


def _listed(names: list) -> str:
    names = [str(n) for n in names]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def cases(outcomes: list, flags: dict[str, list[FlagEntry]]) -> list[Case]:
    """Every pair or group of students linked by flags that name a classmate (:data:`CASE_KINDS`), each once,
    most important first; ``flags`` are every file's (:func:`grading.identity_flags.all_flags`)."""
    by_file = {o.file: o for o in outcomes}
    owner_of = {o.file: owner(o) for o in outcomes}
    items = []
    for file, found in flags.items():
        for f in found:
            if f["kind"] in CASE_KINDS and file in owner_of:
                items += [Item(f["kind"], file, other, f["what"]) for other in dict.fromkeys(f["with"])
                          if other in owner_of and owner_of[other] != owner_of[file]]
    parent: dict[str, str] = {}

    def root(key: str) -> str:
        parent.setdefault(key, key)
        while parent[key] != key:
            parent[key] = parent[parent[key]]
            key = parent[key]
        return key

    for item in items:
        parent[root(owner_of[item.holder])] = root(owner_of[item.about])
    grouped: dict[str, list[Item]] = defaultdict(list)
    for item in items:
        grouped[root(owner_of[item.holder])].append(item)
    found_cases = []
    for group in grouped.values():
        members = sorted({owner_of[f] for i in group for f in (i.holder, i.about)},
                         key=lambda m: _name_of(m, by_file, owner_of).casefold())
        names = {m: _name_of(m, by_file, owner_of) for m in members}
        files = {m: sorted({f for i in group for f in (i.holder, i.about) if owner_of[f] == m}) for m in members}
        case = Case(members, names, files, group, owner_of=owner_of)
        for i in group:
            a, b = owner_of[i.holder], owner_of[i.about]
            mutual_id = i.kind == "duplicate-id" and any(j.kind == "duplicate-id" for j in case.holds(b, a))
            if i.kind in ONE_SIDED and not mutual_id:
                case.arrows.add((a, b))
        found_cases.append(case)
    return sorted(found_cases, key=lambda c: (c.rank, [n.casefold() for n in c.names.values()]))


def _name_of(member: str, by_file: dict, owner_of: dict[str, str]) -> str:
    return next(str(by_file[f].who) for f, m in owner_of.items() if m == member)


def row_texts(outcomes: list, flags: dict[str, list[FlagEntry]]) -> dict[str, list[tuple[int, str]]]:
    """What the gradebook's flags column says of each file's part in the cases: ``{file: [(rank, text)]}``, one
    text per classmate the file holds evidence about: "COPIED FROM Y (evidence: LABEL: ...; ...)", "WORK APPEARS
    IN A COPY: X's (evidence: ...)", "HOLDS THE ID OF Y (evidence: ...)", "SHARED WITH Y (evidence: ...)".
    A file that holds nothing has no text (the innocent row stays clean)."""
    found: dict[str, list[tuple[int, str]]] = defaultdict(list)
    for case in cases(outcomes, flags):
        for member in case.members:
            for other in case.members:
                relation = case.relation(member, other) if other != member else ""
                if not relation:
                    continue
                for file in case.files[member]:
                    held = [i for i in case.holds(member, other) if i.holder == file]
                    if not held:
                        continue
                    evidence = "; ".join(f"{i.label}: {i.what}" for i in sorted(
                        held, key=lambda i: ORDER.get(i.kind, len(ORDER))))
                    found[file].append((min(ORDER.get(i.kind, len(ORDER)) for i in held),
                                        f"{_relation_words(relation, case.names[other])} (evidence: {evidence})"))
    return found


def _relation_words(relation: str, other: str) -> str:
    return {COPIED: f"COPIED FROM {other}", HOLDS_ID: f"HOLDS THE ID OF {other}",
            SOURCE: f"WORK APPEARS IN A COPY: {other}'s", SHARED: f"SHARED WITH {other}",
            BOTH_WAYS: f"SHARED WITH {other} (the evidence points both ways)"}[relation]


def flags_column(outcomes: list, flags: dict[str, list[FlagEntry]]) -> dict[str, str]:
    """The gradebook's flags column of every file, most important first: the flags about the file alone
    ("LABEL: what"), and its part in each case (:func:`row_texts`), each flag said once."""
    files = {o.file for o in outcomes}
    parts = row_texts(outcomes, flags)
    column = {}
    for file in files:
        alone = [(ORDER.get(f["kind"], len(ORDER)), f"{LABELS.get(f['kind'], f['kind'].upper())}: {f['what']}")
                 for f in flags.get(file, []) if not _in_case(f, file, files)]
        column[file] = " / ".join(text for _, text in sorted(alone + parts.get(file, []), key=lambda p: p[0]))
    return column


def _in_case(f: FlagEntry, file: str, files: set[str]) -> bool:
    """Whether a flag is part of a case (it names a classmate's file): else it is about its file alone."""
    return f["kind"] in CASE_KINDS and any(other in files and other != file for other in f["with"])
