"""The lesson index drives the README table and every notebook's navigation: nothing may drift from it."""

import re
from pathlib import Path

import nbformat
import pytest

from tools import lessons

ROOT = Path(__file__).resolve().parent.parent


def test_the_index_names_ten_lessons_in_order():
    numbers = [int(lesson.slug[:2]) for lesson in lessons.LESSONS]
    assert numbers == list(range(1, 11))


def test_every_lesson_in_the_index_exists_and_nothing_else_does():
    on_disk = sorted(p.name for p in (ROOT / "notebooks").glob("[0-9]*.ipynb"))
    assert on_disk == sorted(lesson.filename for lesson in lessons.LESSONS)


def test_readme_table_is_the_one_the_index_makes():
    text = (ROOT / "README.md").read_text()
    assert lessons.readme_with_table(text) == text, "run: python -m tools.lessons"


@pytest.mark.parametrize("index", range(len(lessons.LESSONS)))
def test_navigation_cells_match_the_index(index):
    lesson = lessons.LESSONS[index]
    nb = nbformat.read(lesson.path, as_version=4)
    top, bottom = nb.cells[0], nb.cells[-1]
    assert "nav" in top.metadata.get("tags", []) and "nav" in bottom.metadata.get("tags", [])
    assert top.source == lessons.nav_markdown(index, "top")
    assert bottom.source == lessons.nav_markdown(index, "bottom")


def links(markdown: str) -> list[str]:
    """The targets of the Markdown links in ``markdown``, in order."""
    return re.findall(r"\]\(([^)]+)\)", markdown)


SERVER_ROOT = ROOT / "notebooks"  # JupyterLab's root in `make lab` and on Binder: links cannot leave it


def test_navigation_links_point_at_files_inside_the_server_root():
    for index in range(len(lessons.LESSONS)):
        for target in links(lessons.nav_markdown(index, "top") + lessons.nav_markdown(index, "bottom")):
            assert "#" not in target and "://" not in target, target
            file = (SERVER_ROOT / target).resolve()
            assert file.is_relative_to(SERVER_ROOT) and file.is_file(), f"lesson {index + 1} links to {target}"


def test_navigation_links_lead_to_the_neighbours_and_the_lesson_list():
    names = [lesson.filename for lesson in lessons.LESSONS]
    first, middle, last = 0, 3, len(names) - 1
    assert links(lessons.nav_markdown(first, "bottom")) == ["README.md", names[1]]
    assert links(lessons.nav_markdown(middle, "top")) == [names[2], "README.md", names[4]]
    assert links(lessons.nav_markdown(last, "bottom")) == [names[-2], "README.md"]


def test_lesson_list_page_is_the_one_the_index_makes():
    assert (SERVER_ROOT / "README.md").read_text() == lessons.lesson_list_page(), "run: python -m tools.lessons"


def test_lesson_list_page_links_every_lesson_once_in_order_and_nothing_outside_the_root():
    targets = links((SERVER_ROOT / "README.md").read_text())
    on_disk = sorted(p.name for p in SERVER_ROOT.glob("[0-9]*.ipynb"))
    assert targets == on_disk
    assert len(on_disk) == 10


def test_lesson_list_page_is_not_taken_for_a_lesson():
    """nbval, the Makefile and the browser tests take notebooks/[0-9]*.ipynb as the lessons."""
    assert not lessons.LESSON_LIST.match("[0-9]*.ipynb")
    assert lessons.LESSON_LIST.parent == SERVER_ROOT


@pytest.mark.parametrize("index", range(len(lessons.LESSONS)))
def test_saved_widget_cells_show_a_still_picture_not_a_blank(index):
    nb = nbformat.read(lessons.LESSONS[index].path, as_version=4)
    panels = [c for c in nb.cells if c.cell_type == "code" and re.search(r"(_explorer|_player|play_\w+)\(", c.source)]
    assert panels, "every lesson has at least one interactive panel"
    for cell in panels:
        kinds = {key for output in cell.outputs for key in output.get("data", {})}
        assert "application/vnd.jupyter.widget-view+json" not in kinds, cell.source
        assert kinds & {"image/png", "text/html"}, f"no still picture stored for: {cell.source}"


@pytest.mark.parametrize("index", range(len(lessons.LESSONS)))
def test_saved_kernelspec_is_what_jupyterlab_writes_so_opening_changes_nothing(index):
    """JupyterLab replaces a notebook's kernelspec with its kernel's on opening; a different one (such as
    display_name "Python 3" for ipykernel's "Python 3 (ipykernel)") marks the lesson modified at once."""
    from jupyter_client.kernelspec import KernelSpecManager

    spec = KernelSpecManager().get_kernel_spec("python3")
    nb = nbformat.read(lessons.LESSONS[index].path, as_version=4)
    assert nb.metadata["kernelspec"] == {"name": "python3", "display_name": spec.display_name,
                                         "language": spec.language}
