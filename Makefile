# Everything runs from .venv, which `make venv` creates and keeps in step with the requirements.
# Needs only python3 (3.10+), make and git.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
# Touched after a complete install: the install re-runs when the dev lock, pyproject.toml or the lab settings
# are newer than it (or when .venv is missing, since the stamp lives inside it). A changed top-level
# requirements file needs `make lock` first; tests/test_lock.py says so.
STAMP  := $(VENV)/.installed
# Top-level lessons, and the notes on the sources beside them; notebooks/homework/ is tested by its own tools.
LESSONS = $(wildcard notebooks/[0-9]*.ipynb notebooks/notes-on-the-sources.ipynb)

# The tests run in JOBS processes (pytest-xdist), one per core of the 2-core machine the kit is tested on; a test
# module (and a notebook) stays in one process where its fixtures are costly (--dist loadfile). Python may keep
# compiled modules (__pycache__, ignored by git) while testing, even where the environment says not to: pytest
# otherwise rewrites the asserts of all 230 test modules in every process of every run (5 s each).
JOBS ?= 2
PYTEST = PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -n $(JOBS)

# The lesson environment is locked: requirements.lock pins every package the lessons need (students'
# servers, Binder, the hub); requirements-dev.lock is that plus the test tools and the hub, at the same versions.
LOCK     := requirements.lock
DEV_LOCK := requirements-dev.lock
UV       := uv==0.13.9
COMPILE   = $(BIN)/uv pip compile --quiet --python-version 3.11 --no-header --annotation-style line $(UPGRADE)

# The kit's JupyterLab, server and kernel settings (no news toast, no update check, no Nagle delay, saved panels
# keep their still picture, kernels load gamelib.kernel_help), installed into every environment that runs the
# lessons: this venv (make lab, the hub), Binder and hub images (binder/postBuild).
LAB_SETTINGS := jupyterlab/overrides.json jupyterlab/page_config.json jupyterlab/jupyter_server_config.py \
	jupyterlab/ipython_kernel_config.py

.PHONY: venv lock lab test test-fast measure-slow test-busy notebooks bench bench-browser homework browser-deps hub hub-deps hub-load clean \
	docs docs-test docs-deps test-deploy

venv: $(STAMP)

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Order-only on the interpreter: recreating it must not by itself force a reinstall decision.
$(STAMP): $(DEV_LOCK) pyproject.toml grader/pyproject.toml $(LAB_SETTINGS) | $(BIN)/python
	$(BIN)/python -m pip install --disable-pip-version-check -r $(DEV_LOCK)
# editable_mode=compat: a plain path in a .pth file. setuptools' default editable finder imports pathlib,
# urllib and more at every start of every Python of this venv (15 ms of CPU each; students' installs have none).
	$(BIN)/python -m pip install --disable-pip-version-check --no-deps -e . --config-settings editable_mode=compat
# The homework grader (grader/, command gamelib-grade): a teacher's tool, in this venv only, never in students'
# environments (requirements.lock, Binder, the hub image).
	$(BIN)/python -m pip install --disable-pip-version-check --no-deps -e ./grader --config-settings editable_mode=compat
	install -D -m 644 jupyterlab/overrides.json $(VENV)/share/jupyter/lab/settings/overrides.json
	install -D -m 644 jupyterlab/page_config.json $(VENV)/etc/jupyter/labconfig/page_config.json
	install -D -m 644 jupyterlab/jupyter_server_config.py $(VENV)/etc/jupyter/jupyter_server_config.py
	install -D -m 644 jupyterlab/ipython_kernel_config.py $(VENV)/etc/ipython/ipython_kernel_config.py
	touch $@

# Re-resolve the locks from the top-level pins (requirements.txt, requirements-test.txt, hub/requirements.txt),
# keeping every version that still fits; `make lock UPGRADE=--upgrade` moves everything to the newest.
# binder/requirements.txt is a copy of the lesson lock under a header.
lock: | $(BIN)/python
	$(BIN)/python -m pip install --disable-pip-version-check --quiet $(UV)
	$(COMPILE) requirements.txt -o $(LOCK)
	$(COMPILE) requirements.txt requirements-test.txt hub/requirements.txt -c $(LOCK) -o $(DEV_LOCK)
	{ printf '%s\n' $(BINDER_HEADER); cat $(LOCK); } > binder/requirements.txt

BINDER_HEADER = "\# Binder installs this file: a copy of ../requirements.lock that \`make lock\` writes (do not edit;" \
	"\# tests/test_binder.py checks they agree). gamelib itself is installed by postBuild, so that Binder can cache" \
	"\# this layer (a local path such as \`-e .\` here would disable that cache)."

# A file argument is taken relative to the current folder; JupyterLab refuses root without --allow-root.
lab: venv
	$(BIN)/jupyter lab --ServerApp.root_dir=notebooks $(if $(filter 0,$(shell id -u)),--allow-root) \
		notebooks/01-playing-subtraction-games.ipynb

# Three steps after the static checks (lint, the layer contract, types: mypy reads [tool.mypy]); make stops at the
# first that fails, so `make test` fails if any of them does. The notebook run is separate because nbval and
# --doctest-modules do not mix.
test: venv
	$(BIN)/ruff check .
	$(BIN)/lint-imports
	$(BIN)/mypy
	$(PYTEST) -p no:nbval --dist loadfile tests gamelib --doctest-modules -m "not docs and not deploy"
ifneq ($(strip $(LESSONS)),)
	$(PYTEST) --dist loadfile --nbval-lax --nbval-current-env \
		--nbval-sanitize-with tests/nbval_sanitize.cfg $(LESSONS)
else
	@echo "nbval: no lesson notebooks (notebooks/[0-9]*.ipynb) yet"
endif

# The edit loop: lint and every test not marked slow, browser or docs (no notebooks, no browser, no sandbox);
# under a minute on the idle 2-core machine. `make test`, `make test-deploy` and `make docs-test`
# are the complete run that CI makes.
# The fast lane's pytest arguments: `make test-fast` runs them, `make measure-slow` times them.
FAST_LANE = -p no:nbval tests gamelib --doctest-modules -q -m "not slow and not browser and not docs"

test-fast: venv
	$(BIN)/ruff check .
	$(PYTEST) $(FAST_LANE)

# Which tests the fast lane leaves to make test (tests/measured_slow.txt): run on an idle machine until it adds none.
measure-slow: venv
	$(BIN)/python -m tools.measure_slow $(if $(FRESH),--fresh) -- $(PYTEST) $(FAST_LANE)

# make test beside two busy processes, started and stopped by tools/with_busy.py: no test may depend on an idle machine.
test-busy: venv
	$(BIN)/python -m tools.with_busy 2 -- $(MAKE) test

notebooks: venv
	$(BIN)/python -m tools.run_notebooks

# The documentation site (docs/conf.py): Sphinx with MyST-NB into docs/_build/html, offline, any warning an
# error, then every link inside it checked (no network). Always from a fresh environment (-E): an incremental
# build would not repeat the warnings of the pages it skips.
docs: venv docs-deps
	$(BIN)/python -m sphinx -E -W --keep-going -q -b html docs docs/_build/html
	$(BIN)/python -m tools.check_links docs/_build/html

# The site's tests (marked docs, kept out of `make test`): it builds with no warning, its links resolve, every
# lesson, public name and limit is on it, and chromium shows it (pictures, search, maths). CI runs it after make test.
docs-test: venv docs-deps
	$(BIN)/python -m pytest tests -m docs

# The site serves MathJax itself (offline, the lessons' maths would otherwise stay raw TeX): from npm into
# docs/node_modules (docs/package-lock.json), copied into the site by docs/_ext/mathjax_local.py.
MATHJAX := docs/node_modules/mathjax/es5/tex-mml-chtml.js

docs-deps: $(MATHJAX)

$(MATHJAX): docs/package.json docs/package-lock.json
	@command -v npm >/dev/null 2>&1 || { echo "docs-deps: npm is missing: apt-get install nodejs npm" >&2; exit 1; }
	cd docs && npm ci --no-audit --no-fund --loglevel=error
	touch $@

# Whole deployments in Chromium (marked deploy, kept out of `make test` for its five minutes): three students on
# the shipped hub, and a lesson opened under Binder's own Python patch release. CI runs it after make test.
test-deploy: venv
	$(BIN)/python -m pytest tests -m deploy

bench: venv
	$(BIN)/python -m benchmarks.run

# Misère quotients against MisereSolver (benchmarks/misere.py): set MISERE_SOLVER to a command running it.
.PHONY: bench-misere
bench-misere: venv
	$(BIN)/python -m benchmarks.misere

# Widgets in JupyterLab + chromium (`make browser-deps`): as the machine is, then with both cores kept busy.
bench-browser: venv
	$(BIN)/python -m benchmarks.browser --load

# `make homework COURSE=CODE` builds for the course code your students type (kept, private, in
# homework/build/course-code.txt for the next build); without one, the kept code, else the public demo code.
homework: venv
	$(BIN)/python -m tools.build_homework $(if $(COURSE),--course '$(COURSE)')

# Grading runs every submission in a bubblewrap sandbox (Debian package bubblewrap); like browser-deps,
# installing needs root, and without root this only says what to do.
.PHONY: grading-deps bench-grading
grading-deps:
	@if command -v bwrap >/dev/null 2>&1; then \
		echo "bwrap is installed: $$(command -v bwrap)"; \
	elif [ "$$(id -u)" = 0 ]; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq bubblewrap </dev/null; \
	else \
		echo "grading-deps: bwrap is missing and installing it needs root:"; \
		echo "  sudo apt-get install bubblewrap   (Fedora: sudo dnf install bubblewrap)"; \
	fi

# Seconds per submission, sandboxed and not (needs `make homework` first).
bench-grading: venv
	$(BIN)/python -m benchmarks.grading

# The same for a composed set (homework/sets/; the set after lesson 7 unless ARGS='--set NAME').
.PHONY: bench-grading-composed
bench-grading-composed: venv
	$(BIN)/python -m benchmarks.grading_composed $(ARGS)

# An honest submission's seconds alone and beside a sandbox of 63 busy processes, with and without CPU groups.
.PHONY: bench-isolation
bench-isolation: venv
	$(BIN)/python -m benchmarks.grading_isolation

# What a well-formed guess scores, per question and set, over 300 random students of a course (no sandbox).
.PHONY: bench-guessing
bench-guessing: venv
	$(BIN)/python -m benchmarks.grading_guessing

# The copy flags' calibration: a generated class of honest students and copies of every kind, graded; prints the
# false-positive rate (honest students flagged) and the detection rate per kind of copy (benchmarks/flags.py).
.PHONY: bench-flags
bench-flags: venv
	$(BIN)/python -m benchmarks.flags

# The browser tests drive Debian's chromium through Playwright (Playwright's own download cannot work
# offline); installing it needs root, and without root this only says what to do. They audit every lesson
# with axe-core, from npm into tests/browser/node_modules (tests/browser/package-lock.json).
AXE := tests/browser/node_modules/axe-core/axe.min.js

browser-deps: $(AXE)
	@if command -v chromium >/dev/null 2>&1; then \
		echo "chromium is installed: $$(command -v chromium)"; \
	elif [ "$$(id -u)" = 0 ]; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium </dev/null; \
	else \
		echo "browser-deps: chromium is missing and installing it needs root:"; \
		echo "  sudo apt-get install chromium   (the browser tests are skipped until then)"; \
	fi

$(AXE): tests/browser/package.json tests/browser/package-lock.json
	@command -v npm >/dev/null 2>&1 || { echo "browser-deps: npm is missing: apt-get install nodejs npm" >&2; exit 1; }
	cd tests/browser && npm ci --no-audit --no-fund --loglevel=error
	touch $@

# --- A class on one server (hub/) --------------------------------------------------------------------
# configurable-http-proxy, the hub's proxy, comes from npm into hub/node_modules (needs node and npm).
PROXY := hub/node_modules/.bin/configurable-http-proxy

hub-deps: $(PROXY)

$(PROXY): hub/package.json hub/package-lock.json
	@command -v npm >/dev/null 2>&1 || { echo "hub-deps: npm is missing: apt-get install nodejs npm" >&2; exit 1; }
	cd hub && npm ci --no-audit --no-fund --loglevel=error
	touch $@

# A hub on 127.0.0.1:$(PORT) until Ctrl-C; the printed link pulls REPO (default: this clone) and opens lesson 1.
PORT ?= 8000
hub: venv hub-deps
	$(BIN)/python hub/hubctl.py --port $(PORT) $(if $(REPO),--repo $(REPO)) $(if $(BRANCH),--branch $(BRANCH))

# N students at once: log in, spawn, pull, run lessons 1 and 3; prints the figures, fails if any student did.
N ?= 30
hub-load: venv hub-deps
	$(BIN)/python hub/load.py -n $(N) $(if $(REPO),--repo $(REPO)) $(if $(BRANCH),--branch $(BRANCH))

clean:
	rm -rf $(VENV) .hub hub/node_modules tests/browser/node_modules build dist *.egg-info .pytest_cache .ruff_cache .mypy_cache .hypothesis tests/browser/screenshots
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
	find . -name .ipynb_checkpoints -type d -prune -exec rm -rf {} +
