"""The homework grader's own logic, run by tools/grade_homework.py.

Student code runs only in :mod:`grading.sandbox` (bubblewrap), which sends back each question's answer
variables as plain data; :mod:`grading.plain` reads that data trusting nothing in it, and
:mod:`grading.checks` runs the public and hidden tests on those plain values in the grader's own process.
"""
