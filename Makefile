# Everything runs from .venv, which `make venv` creates and keeps in step with the requirements.
# Needs only python3 (3.10+), make and git.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
# Touched after a complete install: the install re-runs when a requirements file or pyproject.toml
# is newer than it (or when .venv is missing, since the stamp lives inside it).
STAMP  := $(VENV)/.installed
# Top-level lessons, and the notes on the sources beside them; notebooks/homework/ is tested by its own tools.
LESSONS = $(wildcard notebooks/[0-9]*.ipynb notebooks/notes-on-the-sources.ipynb)

.PHONY: venv lab test notebooks bench homework browser-deps clean

venv: $(STAMP)

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Order-only on the interpreter: recreating it must not by itself force a reinstall decision.
$(STAMP): requirements.txt requirements-test.txt pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --disable-pip-version-check -r requirements.txt -r requirements-test.txt
	$(BIN)/python -m pip install --disable-pip-version-check --no-deps -e .
	touch $@

# A file argument is taken relative to the current folder; JupyterLab refuses root without --allow-root.
lab: venv
	$(BIN)/jupyter lab --ServerApp.root_dir=notebooks $(if $(filter 0,$(shell id -u)),--allow-root) \
		notebooks/01-playing-subtraction-games.ipynb

# Three steps; make stops at the first that fails, so `make test` fails if any of them does.
# The notebook run is separate because nbval and --doctest-modules do not mix.
test: venv
	$(BIN)/ruff check .
	$(BIN)/lint-imports
	$(BIN)/python -m pytest tests gamelib --doctest-modules
ifneq ($(strip $(LESSONS)),)
	$(BIN)/python -m pytest --nbval-lax --nbval-current-env \
		--nbval-sanitize-with tests/nbval_sanitize.cfg $(LESSONS)
else
	@echo "nbval: no lesson notebooks (notebooks/[0-9]*.ipynb) yet"
endif

notebooks: venv
	$(BIN)/python tools/run_notebooks.py

bench: venv
	$(BIN)/python benchmarks/run.py

homework: venv
	$(BIN)/python tools/build_homework.py

# The browser tests drive Debian's chromium through Playwright (Playwright's own download cannot work
# offline). Installing it needs root; without root this only says what to do.
browser-deps:
	@if command -v chromium >/dev/null 2>&1; then \
		echo "chromium is installed: $$(command -v chromium)"; \
	elif [ "$$(id -u)" = 0 ]; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium </dev/null; \
	else \
		echo "browser-deps: chromium is missing and installing it needs root:"; \
		echo "  sudo apt-get install chromium   (the browser tests are skipped until then)"; \
	fi

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .ruff_cache .hypothesis tests/browser/screenshots
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
	find . -name .ipynb_checkpoints -type d -prune -exec rm -rf {} +
