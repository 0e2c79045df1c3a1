"""The homework grader's own logic, run by tools/grade_homework.py.

Student code runs only in :mod:`grading.sandbox` (bubblewrap), which sends back each question's answer
variables as plain data; :mod:`grading.plain` reads that data trusting nothing in it, and
:mod:`grading.checks` marks those plain values in the grader's own process against each student's own
numbers (:mod:`gamelib.homework`, drawn from the student id and the teacher's course code, which
:func:`grading.homework_set.load_set` reads from the course file ``make homework`` writes). After the whole
class is graded, :func:`grading.copying.flag_copying` flags copying; flags never change a score.
"""
