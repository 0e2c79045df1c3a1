"""MathJax served by the site itself, so that the lessons' maths renders with no network.

Sphinx loads MathJax from a CDN by default; offline, every formula of the lessons would show as raw TeX.
``make docs-deps`` installs MathJax 3 from npm into ``docs/node_modules`` (pinned by ``docs/package-lock.json``);
conf.py points ``mathjax_path`` at ``mathjax/tex-mml-chtml.js`` under the site's ``_static``, and this copies
there the files a page may load: the combined TeX + MathML + CHTML component, its web fonts, the TeX
extensions it loads on demand (``\\cancel``, ``\\boldsymbol`` ...), and the menu's accessibility parts (the
expression explorer and its speech rules), which a reader may switch on. MathJax's other combined components
(SVG output, the server-side adaptors) are left out.

Without the npm install the build stops at once and says what to run.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.errors import ConfigError

#: Where npm puts MathJax's browser files (relative to the docs folder).
SOURCE = Path("node_modules") / "mathjax" / "es5"
#: Where the site serves them from (relative to the built site's _static folder); conf.py's mathjax_path.
TARGET = "mathjax"
#: The combined component the pages load.
COMPONENT = "tex-mml-chtml.js"
#: What the component may fetch later, relative to its own folder (MathJax's ``[mathjax]`` path).
ON_DEMAND = ("output/chtml/fonts/woff-v2", "input/tex/extensions", "input/mml", "ui", "a11y", "sre")


def source(app: Sphinx) -> Path:
    return Path(app.srcdir) / SOURCE


def check_installed(app: Sphinx, config) -> None:
    if not (source(app) / COMPONENT).is_file():
        raise ConfigError(f"MathJax is not installed ({SOURCE / COMPONENT} is missing in docs/): run `make docs-deps` "
                          "(npm installs it from docs/package-lock.json)")


def copy_mathjax(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    here, there = source(app), Path(app.outdir) / "_static" / TARGET
    there.mkdir(parents=True, exist_ok=True)
    shutil.copy2(here / COMPONENT, there / COMPONENT)
    for folder in ON_DEMAND:
        if (here / folder).is_dir():
            shutil.copytree(here / folder, there / folder, dirs_exist_ok=True)


def setup(app: Sphinx) -> dict:
    app.connect("config-inited", check_installed)
    app.connect("build-finished", copy_mathjax)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
