"""The documentation site: ``make docs`` builds it into docs/_build/html, offline, warnings as errors.

Sphinx with MyST-NB: pages are Markdown (MyST) or reStructuredText; the lessons are the committed notebooks,
rendered from their stored outputs (nothing is run). Sphinx itself is already in the locked environment
(otter-grader needs it); MyST-NB and myst-parser are the only packages added for the site.

Most of the site is made from the kit's own sources at build time (``_ext/``, one small extension each):
the lesson pages from the lesson index (``tools/lessons.py``), the API reference from each package's
``__all__`` and docstrings, the limits table from ``gamelib/limits.py``, the exercises a homework set can use
from ``gamelib.exercises`` and the speed tables from ``benchmarks/results/``. What they write goes to
``lessons/`` and ``_generated/``, build folders that are not committed. The front page shows the README's
opening words and its list of pages (``{include}`` between their markers), so neither is written twice;
everything else on the site is written once, here in docs/.
"""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The kit's own packages (gamelib, tools, benchmarks) and the site's extensions (docs._ext, which tests import).
sys.path.insert(0, str(ROOT))

project = "gamelib"
author = "the gamelib authors"
copyright = "the gamelib authors"

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.mathjax",
    "docs._ext.api_pages",
    "docs._ext.docstrings",
    "docs._ext.homework_exercises",
    "docs._ext.kinds_table",
    "docs._ext.lesson_pages",
    "docs._ext.limits_table",
    "docs._ext.mathjax_local",
    "docs._ext.speed_tables",
]

exclude_patterns = ["_build", "_generated", "node_modules", "**/.ipynb_checkpoints"]
root_doc = "index"

# --- Lessons: stored outputs only, never executed here (make notebooks runs them).
nb_execution_mode = "off"
myst_enable_extensions = ["attrs_inline", "dollarmath"]
# $$...$$ inside a paragraph is display maths, as JupyterLab shows it (lesson 4's proof writes it so).
myst_dmath_double_inline = True
myst_heading_anchors = 3

# --- Maths: MathJax from the site itself (make docs-deps; docs/_ext/mathjax_local.py), never from a CDN.
mathjax_path = "mathjax/tex-mml-chtml.js"

# --- API reference
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autosummary_generate = False

# --- HTML
html_theme = "alabaster"
html_title = "gamelib: a teaching kit for impartial games"
html_static_path = ["_static"]
html_copy_source = False
html_show_sourcelink = False
html_theme_options = {
    "description": "Jupyter lessons on impartial games, driven by a small, fast, tested Python package.",
    "fixed_sidebar": True,
    "show_relbars": True,
    "page_width": "1140px",
    "sidebar_width": "240px",
}
