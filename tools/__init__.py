"""The kit's own tools, run from the repository root as ``python -m tools.<name>`` (see the Makefile)."""
