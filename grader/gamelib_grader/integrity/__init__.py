"""Integrity: copy flags and identity flags, raised after the whole class is graded; a flag never changes a
score."""
