""""Upload these, in this order" (gamelib_grader/reporting/upload.py) in the class report, opened from disk in
Chromium: it is the first section under the title, its files are an ordered list in upload order, and it passes
axe-core's audit (WCAG 2.1 A and AA).

The class is a decimal-comma Moodle worksheet's: a grade locked at 9,00 (the site keeps it) and one graded.
"""

from __future__ import annotations

from gamelib_grader.intake.roster import read_roster
from gamelib_grader.marking import records
from gamelib_grader.marking.grader import GRADED, Outcome
from gamelib_grader.reporting import classgrades, report, upload

from tests.course_sites import MOODLE_WORKSHEET_HEADER, write_csv
from tests.made_sets import made_set

AUDIT = """async (selector) => {
  const result = await axe.run({include: [document.querySelector(selector)]}, {runOnly: {type: 'tag',
    values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']}, resultTypes: ['violations']});
  return result.violations.map(v => `${v.id} (${v.impact}): ${v.help}`);
}"""


def test_the_upload_list_comes_first_in_order_and_passes_the_audit(browser_context, axe_script, tmp_path):
    sheet = write_csv(tmp_path / "worksheet.csv", MOODLE_WORKSHEET_HEADER, [
        ["Participant 1", "Bea Locke", "b@x.org", "Submitted", "9,00", "10,00", "No", "-", "-", ""],
        ["Participant 2", "Alice Smith", "a@x.org", "Submitted", "7,50", "10,00", "Yes", "-", "-", ""]])
    outcomes = [Outcome(f"{name}_{n}_assignsubmission_file_/hw1.ipynb", name=name, site_id=str(n), status=GRADED,
                        score=11.0, possible=11.0, sha256=str(n) * 64)
                for name, n in (("Bea Locke", 1), ("Alice Smith", 2))]
    homework = made_set()
    grades = classgrades.class_grades(outcomes, [], homework, {records.submission_key(o): {"q6": 2.0}
                                                               for o in outcomes}, read_roster(sheet))
    made = [tmp_path / "moodle-grading-worksheet.csv", tmp_path / "moodle-feedback.zip"]
    path = report.write_report(tmp_path / "report.html", homework, grades, {}, {}, (),
                               upload.html(upload.plan(grades, made, {"moodle-feedback.zip": 1})))
    audited = browser_context.browser.new_context(bypass_csp=True)  # the report's policy forbids axe's script
    page = audited.new_page()
    try:
        page.goto(path.as_uri())
        headings = page.evaluate("() => [...document.querySelectorAll('main > *')].slice(0, 3).map(e => e.tagName)")
        assert headings[:2] == ["H1", "P"] and page.locator("main > section").first.get_attribute("id") == "upload"
        files = page.locator("#upload > ol > li > p strong").all_inner_texts()
        assert files == ["moodle-grading-worksheet.csv", "moodle-feedback.zip"]
        assert page.locator("#upload").get_attribute("aria-labelledby") == "upload-title"
        assert "Alice Smith 7,50 → 10,00" in page.inner_text("#upload")
        assert "Bea Locke: the site keeps 9,00, the kit's grade is 10,00" in page.inner_text("#upload")
        page.add_script_tag(content=axe_script)
        assert page.evaluate(AUDIT, "#upload") == []
    finally:
        audited.close()
