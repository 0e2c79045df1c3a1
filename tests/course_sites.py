"""What the course sites write, as their sources say, for the tests that make class lists of them.

Moodle's grading worksheet (mod/assign/gradingtable.php, the columns of a download, in order) is headed by
language strings, English here:

=============================  ==========================================================================
column                         string (file in moodle/moodle)
=============================  ==========================================================================
``Identifier``                 ``recordid`` (mod/assign/lang/en/assign.php)
``Full name``                  ``fullname`` (lang/en/moodle.php)
``Email address``              ``email``, an identity field the site shows (lang/en/moodle.php)
``ID number``                  ``idnumber``, an identity field the site shows (lang/en/moodle.php)
``Status``                     ``status`` (mod/assign/lang/en/assign.php)
``Grade``                      ``grade`` (lang/en/moodle.php)
``Maximum Grade``              ``maxgrade`` (mod/assign/lang/en/assign.php defines it twice, "Maximum grade"
                               then "Maximum Grade": the last one counts)
``Grade can be changed``       ``gradecanbechanged`` (mod/assign/lang/en/assign.php)
``Last modified (submission)`` ``lastmodifiedsubmission`` (mod/assign/lang/en/assign.php)
``Online text``                the online text plugin's name, when it is on
``Last modified (grade)``      ``lastmodifiedgrade`` (mod/assign/lang/en/assign.php)
``Feedback comments``          the comments feedback plugin's field, when it is on
=============================  ==========================================================================

Its import (mod/assign/feedback/offline/importgradeslib.php) finds ``Identifier``, ``Grade`` and ``Last
modified (grade)`` by exact name, and each feedback plugin's column by its exact name.
"""

from __future__ import annotations

import csv
from pathlib import Path

MOODLE_WORKSHEET_HEADER = ["Identifier", "Full name", "Email address", "Status", "Grade", "Maximum Grade",
                           "Grade can be changed", "Last modified (submission)", "Last modified (grade)",
                           "Feedback comments"]
#: The same with the institution's student number shown, and the online text plugin on.
MOODLE_WORKSHEET_HEADER_WITH_IDS = ["Identifier", "Full name", "Email address", "ID number", "Status", "Grade",
                                    "Maximum Grade", "Grade can be changed", "Last modified (submission)",
                                    "Online text", "Last modified (grade)", "Feedback comments"]


def write_csv(path: Path, header: list[str], rows: list[list[str]]) -> Path:
    """A CSV file as a course site exports one (UTF-8, a header row)."""
    with path.open("w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        writer.writerow(header)
        writer.writerows(rows)
    return path
