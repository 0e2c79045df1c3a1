"""Marking: grading each submission from the sandbox's plain answers, late rules, hand marks, and the record kept
of each graded submission."""
