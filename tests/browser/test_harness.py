"""The harness checks itself on a throwaway widget notebook: if this fails, the lesson tests mean nothing."""

import time

import nbformat

SELFTEST_CODE = '''\
import ipywidgets as widgets
import matplotlib.pyplot as plt
from IPython.display import display

slider = widgets.IntSlider(value=3, min=1, max=10, description="n")
out = widgets.Output()
label = widgets.Label()

def draw(change=None):
    n = slider.value
    with out:
        out.clear_output(wait=True)
        fig, ax = plt.subplots(figsize=(3, 2))
        ax.bar(range(n), [i + 1 for i in range(n)])
        plt.show()
    label.value = f"value = {n}"  # set after the figure, so the label never runs ahead of the image

slider.observe(draw, names="value")
draw()
display(widgets.VBox([slider, out, label]))
'''


def make_selftest(root):
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [nbformat.v4.new_markdown_cell("# Harness self-test"),
                nbformat.v4.new_code_cell("print(6 * 7)"),
                nbformat.v4.new_code_cell(SELFTEST_CODE)]
    nbformat.write(nb, root / "_harness_selftest.ipynb")
    return "_harness_selftest.ipynb"


def test_harness_runs_a_widget_notebook_and_sees_the_plot_change(lab, lab_root):
    lab.open(make_selftest(lab_root))
    lab.run_all()
    lab.assert_clean()

    label = lab.page.locator(".widget-label").filter(has_text="value =")
    lab.wait_text(label, "value = 3")
    image = lab.image()
    old_src = image.get_attribute("src")
    assert old_src.startswith("data:image/png")

    started = time.perf_counter()
    lab.press_slider(key="ArrowRight")
    lab.wait_text(label, "value = 4")
    lab.wait_src_change(image, old_src)
    lab.record("slider step to new image", time.perf_counter() - started)
    assert lab.page.locator(".widget-readout").first.inner_text() == "4"
    assert lab.widget_problems() == []
