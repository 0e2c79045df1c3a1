"""The grader's old command, kept as an alias: ``python -m tools.grade_homework hw1 FOLDER`` is
``gamelib-grade hw1 FOLDER`` (the grader is the package ``gamelib_grader`` in ``grader/``; ``make venv`` installs it).
"""

from gamelib_grader.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
