"""Whose work a submission is, and the flags about it: the identity kinds of gamelib_grader/integrity/flags.py.

:func:`owner` tells which student a submission is from, as far as the course site says (a student's own
submissions are never compared as copies, and count once). :func:`flags` raises the identity flags: a typed
id that is another student's on the class list, one that only looks like the student's own (ids.py), one
that is neither, the same id typed by several students, a classmate's id written anywhere else in the
notebook, several submissions from one student.

A flag is only about the file it was found in. The same id typed in two files flags the file whose student it
is not, never the student whose own id it is; a classmate's id in a comment, a string, a call of
``my_numbers``, Markdown or an output flags the file that holds it, naming whose id it is. Without a class
list (nor an id in the file names) the kit cannot tell whose an id is, and both files carry the flag.
:func:`all_flags` puts every flag of a file in one list, most important first: these, the notes about hand
marks (handmarks.py) and the copying pass's (copying.py).
"""

from __future__ import annotations

from gamelib_grader.intake.ids import normal_id, same_id, skeleton, unusual_characters
from gamelib_grader.intake.mentions import MIN_ID_CHARS
from gamelib_grader.intake.roster import Roster, Student
from gamelib_grader.integrity.flags import FlagEntry, ordered
from gamelib_grader.integrity.flags import flag as make_flag
from gamelib_grader.marking.grader import Outcome


def owner(o: Outcome) -> str:
    """Which student a submission is from, as far as the course site tells: the class list's student, else the
    name and site number in the file name (a student's own submissions are never compared as copies)."""
    if o.student is not None:
        return f"list:{o.student}|{o.roster_id or ''}"
    return f"file:{(o.name or o.file).casefold()}|{o.site_id or ''}"


def _scored_as_typed(o: Outcome) -> str:
    typed = o.typed_score or {}
    if "score" not in typed:
        return ""
    return (f"; on the numbers of what is typed (id {typed['student_id']!r}, course code {typed['course_code']!r}) it "
            f"scores {typed['score']:g} of {typed['possible']:g}")


def flags(outcomes: list[Outcome], roster: Roster | None = None, counted: set[str] | None = None
          ) -> dict[str, list[FlagEntry]]:
    """Identity flags per file (gamelib_grader/integrity/flags.py): a typed id that is not the class list's id for the
    student (another student's, a look-alike, or just another), or not the file name's; the same typed id in
    several students' submissions; several submissions from one student (with ``counted``, the files that
    count, saying which one does). Copying is flagged by gamelib_grader/integrity/copying.py."""
    found: dict[str, list[FlagEntry]] = {o.file: [] for o in outcomes}
    by_owner: dict[str, list[Outcome]] = {}
    for o in outcomes:
        by_owner.setdefault(owner(o), []).append(o)
    for o in outcomes:
        typed = o.student_id
        if not typed:
            continue
        given = o.roster_id
        other = roster.owner_of_id(typed) if roster is not None else None
        if (roster is not None and other is not None and o.student is not None
                and (other.name, roster.id_of(other)) != (o.student, o.roster_id)):
            mine = f"; {o.who}'s id on the class list is {given!r}: marked on their own numbers" if given else ""
            theirs = [x for x in outcomes if x.student == other.name]
            found[o.file].append(make_flag("id-of-another", theirs,
                                           f"the notebook has student_id {typed!r}, the id of {other.name} on the "
                                           f"class list{mine}{_scored_as_typed(o)}"))
        elif given is not None and not same_id(typed, given):
            like = _look_alike_owner(roster, typed) if roster is not None else None
            if roster is not None and like is not None and (like.name, roster.id_of(like)) != (o.student, o.roster_id):
                theirs = [x for x in outcomes if x.student == like.name]
                odd = ", ".join(unusual_characters(typed)) or "other characters"
                found[o.file].append(make_flag("id-of-another", theirs, (
                    f"the notebook has student_id {typed!r}, which looks like the id of {like.name} on the class "
                    f"list ({roster.id_of(like)!r}) but is not it ({odd}); {o.who}'s id is {given!r}: marked on "
                    f"their own numbers{_scored_as_typed(o)}")))
            elif skeleton(typed) == skeleton(given):
                found[o.file].append(make_flag("look-alike-id", [], (
                    f"the notebook has student_id {typed!r}, which looks like the class list's {given!r} but is "
                    f"not it ({', '.join(unusual_characters(typed)) or 'other characters'}): marked on the numbers "
                    f"of {given!r}{_scored_as_typed(o)}")))
            else:
                found[o.file].append(make_flag("id-mismatch", [], (
                    f"the notebook has student_id {typed!r}, the class list's {roster.id_column if roster else 'id'} "
                    f"is {given!r}: marked on the numbers of {given!r}{_scored_as_typed(o)}")))
        elif given is None and o.named_id and o.named_id.strip().casefold() != typed.strip().casefold():
            found[o.file].append(make_flag("id-mismatch", [], f"the file name says {o.named_id!r}, the notebook "
                                                              f"{typed!r}: marked on the numbers of {o.named_id!r}"
                                                              f"{_scored_as_typed(o)}"))
    by_id: dict[str, list[Outcome]] = {}
    for o in outcomes:
        if o.student_id:
            by_id.setdefault(skeleton(o.student_id), []).append(o)
    for group in by_id.values():
        if len({owner(o) for o in group}) < 2:
            continue
        for o in group:
            if _own_id(o) or any(f["kind"] == "id-of-another" for f in found[o.file]):
                continue  # its own id, typed by others (they are flagged), or flagged as another's id already
            others = [x for x in group if owner(x) != owner(o)]
            holder = next((x for x in others if _own_id(x)), None)
            whose = f" (the id of {holder.who}: their own)" if holder is not None else ""
            shown = [f"{x.who} ({x.file}" + (", a file that does not count)" if counted is not None
                                              and x.file not in counted else ")") for x in others]
            found[o.file].append(make_flag("duplicate-id", others, (
                f"student_id {o.student_id!r}{whose} is also typed in {_listed(shown)}")))
    for o in outcomes:
        found[o.file] += _classmate_ids(o, outcomes, roster)
    for group in by_owner.values():
        if len(group) < 2:
            continue
        chosen = [o for o in group if counted is not None and o.file in counted]
        for o in group:
            if counted is None:
                said = f"{len(group)} submissions from {o.who}"
            elif o in chosen:
                said = f"{len(group)} submissions from {o.who}: this one counts"
            else:
                said = (f"{len(group)} submissions from {o.who}: not counted"
                        + (f" (the one that counts: {chosen[0].file})" if chosen else ""))
            found[o.file].append(make_flag("several-submissions", [x for x in group if x is not o], said))
    return found


def _own_id(o: Outcome) -> bool:
    """Whether the id typed in ``o`` is its student's own, as the course site says: the class list's id for
    them, else the id in the file's name (False when neither is known)."""
    given = o.roster_id or o.named_id
    return bool(given and o.student_id and same_id(o.student_id, given))


def _known_ids(outcomes: list[Outcome], roster: Roster | None) -> dict[str, tuple[str, str, str]]:
    """``{id as compared: (owner, name, where the id comes from)}`` for every id the class list or the course
    site's file names give a student (without a class list, the ids typed too); an id two students share is
    left out."""
    found: dict[str, set[tuple[str, str, str]]] = {}
    if roster is not None:
        for s in roster.students:
            given = roster.id_of(s)
            for text in s.ids | ({normal_id(given)} if given else set()):
                found.setdefault(text, set()).add((f"list:{s.name}|{given or ''}", s.name, "on the class list"))
    for o in outcomes:
        texts = {o.named_id} | ({o.student_id} if roster is None else set())
        for text in filter(None, texts):
            found.setdefault(normal_id(text), set()).add((owner(o), o.who, "in their own file"))
    return {text: next(iter(owners)) for text, owners in found.items()
            if len({who for who, _, _ in owners}) == 1 and len(text) >= MIN_ID_CHARS}


def _classmate_ids(o: Outcome, outcomes: list[Outcome], roster: Roster | None) -> list[FlagEntry]:
    """``classmate-id``: a classmate's id written anywhere in ``o``'s notebook but as its typed id (a comment,
    a string, a call of ``my_numbers``, Markdown, an output): it flags ``o``, naming whose id it is; the
    classmate's own file shows nothing, so their row stays clean."""
    mentions = (o.fingerprint or {}).get("mentions") or []
    if not mentions:
        return []
    known = _known_ids(outcomes, roster)
    own = {normal_id(x) for x in (o.student_id, o.roster_id, o.named_id) if x}
    own |= {normal_id(s["student"]) for s in (o.fingerprint or {}).get("shown", [])
            if isinstance(s, dict) and isinstance(s.get("student"), str)}  # said by OUTPUTS OF ANOTHER ID
    places: dict[tuple[str, str, str], list[str]] = {}
    for m in mentions:
        if not isinstance(m, dict) or not isinstance(m.get("text"), str):
            continue
        text = normal_id(m["text"])
        whose = known.get(text)
        if whose is None or text in own or whose[0] == owner(o):
            continue
        places.setdefault(whose, []).append(f"cell {m.get('cell')} ({m.get('where')}) holds {m['text'][:64]!r}")
    flags = []
    for (key, name, where), said in places.items():
        theirs = [x for x in outcomes if owner(x) == key]
        flags.append(make_flag("classmate-id", theirs, (
            f"{'; '.join(said[:3])}: the id of {name} {where}, not of this notebook's student")))
    return flags


def _look_alike_owner(roster: Roster, typed: str) -> Student | None:
    """The student of the list whose id ``typed`` looks like (the same skeleton) without being it, if one."""
    found = [s for s in roster.students if (given := roster.id_of(s)) and skeleton(given) == skeleton(typed)]
    return found[0] if len(found) == 1 else None


def _listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def all_flags(outcomes: list[Outcome], roster: Roster | None = None, counted: set[str] | None = None,
              notes: dict[str, list[FlagEntry]] | None = None) -> dict[str, list[FlagEntry]]:
    """Every flag of every file, most important first: identity (:func:`flags`), ``notes`` (handed in again
    after marking), and the copying pass's (``Outcome.flags``)."""
    every = flags(outcomes, roster, counted)
    for file, extra in (notes or {}).items():
        every.setdefault(file, []).extend(extra)
    for o in outcomes:
        every[o.file] = ordered(every[o.file] + list(o.flags or []))
    return every
