"""``python -m gamelib_grader``: the same as the ``gamelib-grade`` command."""

from gamelib_grader.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
