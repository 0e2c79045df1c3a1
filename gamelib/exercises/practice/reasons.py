"""The exercises that do not practise on other numbers, and why (the teaching guide lists them too).

>>> sorted(NOT_PRACTISED)
['3.4', '5.4', '5.7', '6.6']
"""

#: Exercise id → why it has no generator: its skill is not a procedure to repeat on other numbers.
NOT_PRACTISED = {
    "3.4": "it asks the student to search for a set with a preperiod, and many sets answer it already; "
           "the search is the skill, not a computation on given numbers",
    "5.4": "it asks for the misprints in one row of a table printed in He and Qin's paper; other numbers "
           "would have no printed table to check",
    "5.7": "it is an argument about any game G + H, with no numbers to change",
    "6.6": "it needs the misère genus of each part, which lesson 6 works out for S = {1, 3, 4} only; the genus "
           "of another set is not found by hand",
}
