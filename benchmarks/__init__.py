"""Benchmarks that print figures (not timed tests): run from the repository root as ``python -m benchmarks.<name>``."""
