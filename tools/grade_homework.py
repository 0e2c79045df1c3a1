"""Grade a folder (or a course site's zip) of homework submissions: ``python -m tools.grade_homework hw1 FOLDER``.

The same command by path, ``python tools/grade_homework.py hw1 FOLDER``, works too. Everything it does lives in
``tools/grading/cli.py``; ``--help`` lists the options.
"""

if __package__:
    from .grading.cli import main
else:  # run by its path: Python put tools/ first on sys.path, so the grading package is found at the top level
    from grading.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
