"""The example notebooks run top to bottom: each in a kernel of its own, by the README's publish
command (run once a test run, its site shared with the published-site tests), every cell without
an error, and each written as a page with the boards it shows."""

from __future__ import annotations

import pytest

from examples_site import NOTEBOOKS

pytestmark = pytest.mark.notebook

BOARDLESS = {"variants.ipynb"}  # the self-play study shows tables and plots, no board


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_the_example_notebook_runs_top_to_bottom_and_publishes_its_boards(examples_site, notebook):
    failure = examples_site.failure(notebook)
    assert failure is None, failure
    page = examples_site.page(notebook)
    assert page is not None, f"no page of {notebook} among what the command printed:\n{examples_site.stdout}"
    path, boards = page
    assert (examples_site.folder.parent / path).is_file()
    assert (boards == 0) == (notebook in BOARDLESS), f"{notebook}: {boards} boards"


def test_the_publish_command_published_every_example(examples_site):
    assert examples_site.returncode == 0, examples_site.stderr[-3000:]
    assert f"{len(NOTEBOOKS)} pages and index.html" in examples_site.stdout
