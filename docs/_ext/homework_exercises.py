"""The exercises a composed homework set can use, made from the code: every id of
``gamelib.exercises.PRACTISED`` with what it deals (its generator's bounds in words), the bounds a set file may
give it (name, meaning, whole numbers allowed, default: ``gamelib.exercises.bounds_of``), the kinds of mistake
its check names (the check's ``kinds``, titled by ``gamelib.homework.mistakes.KINDS``) and how often two
students share its right answers at the default bounds (``gamelib.homework.composed.sharing``, sampled).

It writes ``docs/_generated/homework-exercises.md``, which docs/reference/homework-exercises.md includes; the
exercises that do not deal (``NOT_PRACTISED``) are listed after them with the reason.
"""

from __future__ import annotations

from pathlib import Path

from sphinx.application import Sphinx

from docs._ext.fragments import GENERATED, markdown_text, write_if_changed

#: Draws per exercise for the shared-answers column (a guide to choosing, not the build's own measure).
SAMPLES = 1000


def exercise_rows(samples: int = SAMPLES) -> list[dict]:
    """One row per exercise a set can use: ``id``, ``deals``, ``bounds`` (texts), ``kinds`` (titles) and
    ``shared`` (the chance at the default bounds, from ``samples`` draws)."""
    from gamelib.exercises import PRACTISED, bounds_of, deal
    from gamelib.exercises.core import NOT_OF_ITS_FORM
    from gamelib.exercises.practice import GENERATORS
    from gamelib.homework.exercise_questions import Item
    from gamelib.homework.mistakes import KINDS
    from gamelib.homework.sharing import sharing

    rows = []
    for exercise in PRACTISED:
        kinds = [NOT_OF_ITS_FORM, *getattr(deal(exercise, 0).checker, "kinds", ())]
        rows.append({"id": exercise, "deals": GENERATORS[exercise].bounds_text(),
                     "bounds": [b.text() for b in bounds_of(exercise)],
                     "kinds": list(dict.fromkeys(KINDS[k] for k in kinds)) + [KINDS["other"]],
                     "shared": sharing(Item(1, exercise, None, 1), samples).chance})
    return rows


def exercises_markdown(rows: list[dict]) -> str:
    from gamelib.exercises.practice import NOT_PRACTISED

    out = ["| Exercise | What it deals | Bounds a set may give | Kinds of mistake its check names | Two students "
           "share the right answer |", "|---|---|---|---|---|"]
    for row in rows:
        bounds = "<br>".join(f"`{b.split(':', 1)[0]}`:{markdown_text(b.split(':', 1)[1])}" for b in row["bounds"])
        shared = f"1 in {round(1 / row['shared']):,}" if row["shared"] else "none of the draws alike"
        out.append(f'| <span id="exercise-{row["id"].replace(".", "-")}"></span>{row["id"]} | '
                   f'{markdown_text(row["deals"])} | {bounds or "none"} | '
                   f'{"; ".join(markdown_text(k) for k in row["kinds"])} | {shared} |')
    out += ["", "These exercises do not deal instances on new numbers; a set asks them as written questions:", ""]
    out += [f"- **{exercise}**: {markdown_text(why)}" for exercise, why in sorted(NOT_PRACTISED.items())]
    return "\n".join(out) + "\n"


def write_page(app: Sphinx) -> None:
    write_if_changed(Path(app.srcdir) / GENERATED / "homework-exercises.md", exercises_markdown(exercise_rows()))


def setup(app: Sphinx) -> dict:
    app.connect("builder-inited", write_page)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
