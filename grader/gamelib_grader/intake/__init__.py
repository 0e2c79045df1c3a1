"""Intake: what arrives before anything runs — the download's layout, each notebook read without running it,
the roster, students' ids, and the teacher's homework set."""
