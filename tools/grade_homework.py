"""Grade a folder (or a course site's zip) of homework submissions: ``python -m tools.grade_homework hw1 FOLDER``.

The same command by path, ``python tools/grade_homework.py hw1 FOLDER``, works too. Everything it does lives in
``tools/grading/cli.py``; ``--help`` lists the options.
"""

import sys
from pathlib import Path

if not __package__:  # run by its path: put the repository first, so the grader is imported one way only
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools.grading.cli import main  # noqa: E402 (after the path is set)

if __name__ == "__main__":
    raise SystemExit(main())
