"""A notebook as JupyterLab saves it, with a board's output and its widget state, for the tests
of publishing from saved outputs."""

from __future__ import annotations

import json
from pathlib import Path

import nbformat

import icewidgets
from icewidgets.publishing.saved import WIDGET_STATE


def saved_notebook(path: Path, board: icewidgets.Board, timeline: list | None = None) -> Path:
    """Write the notebook to `path` (`timeline`: a move list of the state's own, as a state saved
    older than its records)."""
    nb = nbformat.v4.new_notebook()
    data, _ = board._repr_mimebundle_()
    cell = nbformat.v4.new_code_cell("board")
    cell.outputs = [nbformat.v4.new_output("execute_result", data=data, execution_count=1)]
    nb.cells = [nbformat.v4.new_markdown_cell("# Saved"), cell]
    state = json.loads(json.dumps(board.get_state(), default=str))
    if timeline is not None:
        state["_timeline"] = timeline
    nb.metadata["widgets"] = {WIDGET_STATE: {"state": {board.model_id: {
        "model_name": "AnyModel", "model_module": "anywidget", "model_module_version": "*", "state": state}},
        "version_major": 2, "version_minor": 0}}
    nbformat.write(nb, str(path))
    return path
