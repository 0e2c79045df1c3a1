"""The homework grader of the gamelib kit, laid out by stage; its command is ``gamelib-grade`` (:mod:`.cli`).

- :mod:`.intake`: the download's layout, each notebook read without running it, the roster, students' ids, the
  teacher's homework set (:func:`.intake.homework_set.load_set` reads the course file ``make homework`` writes).
- :mod:`.sandbox`: student code runs only in :mod:`.sandbox.bwrap` (bubblewrap), which sends back each question's
  answer variables as plain data; :mod:`.sandbox.plain` reads that data trusting nothing in it.
- :mod:`.marking`: :mod:`.marking.checks` marks those plain values in the grader's own process against each
  student's own numbers (:mod:`gamelib.homework`, drawn from the student id and the teacher's course code).
- :mod:`.integrity`: after the whole class is graded, :func:`.integrity.copying.flag_copying` flags copying; flags
  never change a score.
- :mod:`.reporting`: the class report, the gradebook and the course site's files.
"""
