"""A folder of notebooks a hostile user might hand to `publish`, beside a normal one: a notebook
whose name is a `javascript:` URL, a notebook whose markdown, outputs, raw cell and saved widgets
carry script, and notebooks whose saved widget state is malformed. Every payload that runs sets
`window.icwPwned` (or opens a dialog), which the tests read."""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

import nbformat

import icewidgets
from icewidgets.publishing.saved import WIDGET_STATE, WIDGET_VIEW

MARK = "window.icwPwned"

# payloads in markdown (each would set the marker in a page that let it run)
MARKDOWN = f"""# Hostile

<script>{MARK}="md-script"</script>

[a link](javascript:{MARK}='md-link') and [another](JaVaScRiPt:{MARK}='md-link-case')
<a href="jav&#x09;ascript:{MARK}='md-tab'">tabbed</a>
<a href="data:text/html,<script>{MARK}='data-link'</script>">data</a>

<img src="x" onerror="{MARK}='md-img'">

<iframe src="javascript:parent.{MARK}='iframe'"></iframe>
<iframe srcdoc="<script>parent.{MARK}='srcdoc'</script>"></iframe>
<object data="javascript:{MARK}='object'"></object><embed src="javascript:{MARK}='embed'">
<form action="javascript:{MARK}='form'"><button id="submit-me">go</button></form>
<svg><script>{MARK}="svg-script"</script><a href="javascript:{MARK}='svg-a'"><text>t</text></a></svg>
<math><mtext><table><mglyph><style><img src=x onerror="{MARK}='mxss'"></style></mglyph></table></mtext></math>
<details open ontoggle="{MARK}='toggle'"><summary>s</summary></details>
<div style="position:fixed;top:0;left:0;width:100%;height:100%;background:url(javascript:{MARK}='css')">overlay</div>
<style>body {{ display: none; }}</style>
<base href="javascript:{MARK}='base'//">
<meta http-equiv="refresh" content="0;url=javascript:{MARK}='refresh'">
<div class="icw-published-board">not a board</div>

![attached](attachment:evil.png)
"""

HTML_OUTPUT = f'<b>bold</b><img src="x" onerror="{MARK}=\'html-img\'"><script>{MARK}="html-script"</script>'
SVG_OUTPUT = (f'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="{MARK}=\'svg-onload\'">'
              f'<script>{MARK}="svg-output"</script><rect width="10" height="10"/></svg>')
WIDGET_HTML = f'<i>value</i><img src="x" onerror="{MARK}=\'widget-html\'">'


def new_notebook(cells: list[Any], widgets: dict[str, Any] | None = None) -> Any:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = cells
    if widgets is not None:
        nb.metadata["widgets"] = {WIDGET_STATE: {"state": widgets, "version_major": 2, "version_minor": 0}}
    return nb


def output(data: dict[str, Any], metadata: dict[str, Any] | None = None) -> Any:
    return nbformat.v4.new_output("display_data", data=data, metadata=metadata or {})


def code(*outputs: Any, source: str = "x") -> Any:
    cell = nbformat.v4.new_code_cell(source)
    cell.outputs = list(outputs)
    return cell


def widget_view(model_id: str) -> Any:
    return output({WIDGET_VIEW: {"model_id": model_id, "version_major": 2, "version_minor": 0},
                   "text/plain": "a widget"})


def saved_widget(model_name: str, **state: Any) -> dict[str, Any]:
    return {"model_name": model_name, "model_module": "@jupyter-widgets/controls", "model_module_version": "2.0.0",
            "state": {"_model_name": model_name, **state}}


def normal_board() -> icewidgets.Board:
    board = icewidgets.play("stacktics", seed=0, names=["Ann", "Ben"])
    for text in ("b1:2-a2", "b5:2-e2", "d1:2-e2"):
        board.play(text)
    board.comment("a capture")
    return board


def board_widget(board: icewidgets.Board) -> dict[str, Any]:
    """A board's saved widget state, as JupyterLab saves it."""
    state = json.loads(json.dumps(board.get_state(), default=str))
    return {"model_name": "AnyModel", "model_module": "anywidget", "model_module_version": "*", "state": state}


def board_output(board: icewidgets.Board) -> Any:
    data, _ = board._repr_mimebundle_()
    return output(data)


def hostile_notebook(board: icewidgets.Board) -> Any:
    """Script in every place a notebook can hold it, beside a board that cannot be replayed whose
    saved scene and status carry markup."""
    png = base64.b64encode(b"\x89PNG\r\n\x1a\n").decode()
    markdown = nbformat.v4.new_markdown_cell(MARKDOWN)
    markdown.attachments = {"evil.png": {"text/html": base64.b64encode(b"<script>alert(1)</script>").decode()}}
    raw = nbformat.v4.new_raw_cell(f"<script>{MARK}='raw'</script><img src=x onerror=\"{MARK}='raw-img'\">")
    raw.metadata["raw_mimetype"] = "text/html"
    tagged = code(output({"text/html": "<p>tagged</p>"}))
    tagged.metadata["tags"] = [f'"><script>{MARK}="tag"</script>']
    frozen = board_widget(board)
    frozen["state"]["viewer"] = 0  # a seat's view: published as the one position saved
    frozen["state"]["title"] = f"<img src=x onerror=\"{MARK}='title'\">"
    frozen["state"]["status"] = f"<script>{MARK}='status'</script>"
    frozen["state"]["scene"]["title"] = f"<img src=x onerror=\"{MARK}='scene-title'\">"
    cells = [
        markdown, raw, tagged,
        code(output({"text/html": HTML_OUTPUT})),
        code(output({"image/svg+xml": SVG_OUTPUT})),
        code(output({"application/javascript": f"{MARK}='js-output'"})),
        code(output({"text/markdown": f"<script>{MARK}='md-output'</script>[x](javascript:{MARK}='md-output-link')"})),
        code(output({"text/vnd.mermaid": f"</pre><script>{MARK}='mermaid'</script>"})),
        code(output({"text/latex": f"<script>{MARK}='latex'</script>"})),
        code(output({"image/png": png}, {"filenames": {"image/png": f"javascript:{MARK}='filename'"}})),
        code(widget_view("html-widget"), widget_view("box-widget"), widget_view("math-widget")),
        code(widget_view("frozen-board")),
    ]
    widgets = {
        "html-widget": saved_widget("HTMLModel", value=WIDGET_HTML),
        "math-widget": saved_widget("HTMLMathModel", value=f"<script>{MARK}='math'</script>$x$"),
        "label-widget": saved_widget("LabelModel", value=f"<script>{MARK}='label'</script>"),
        "box-widget": saved_widget("HBoxModel", children=["IPY_MODEL_html-widget", "IPY_MODEL_label-widget"]),
        "frozen-board": frozen,
    }
    return new_notebook(cells, widgets)


def malformed_notebooks(board: icewidgets.Board) -> dict[str, tuple[Any, str]]:
    """Notebooks whose saved widget state is malformed: {file name: (notebook, the widget at fault)}."""
    def with_state(**changes: Any) -> dict[str, Any]:
        widget = board_widget(board)
        widget["state"].update(changes)
        return widget

    found: dict[str, tuple[Any, str]] = {}
    for name, widget in [
        ("scene-text", with_state(scene="a scene")),
        ("seed-infinity", with_state(seed=float("inf"))),
        ("state-list", {**board_widget(board), "state": [1, 2]}),
    ]:
        nb = new_notebook([nbformat.v4.new_markdown_cell(f"# {name}"), code(widget_view("bad-board"))],
                          {"bad-board": widget})
        found[f"{name}.ipynb"] = (nb, "bad-board")
    children = new_notebook([code(widget_view("bad-box"))], {"bad-box": saved_widget("VBoxModel", children=7)})
    found["children-number.ipynb"] = (children, "bad-box")
    # a box that holds itself (twice: unbounded, it would double at every level)
    loop = saved_widget("HBoxModel", children=["IPY_MODEL_loop", "IPY_MODEL_loop"])
    found["cycle.ipynb"] = (new_notebook([code(widget_view("loop"))], {"loop": loop}), "loop")
    return found


def write_hostile_site(folder: Path) -> dict[str, Any]:
    """Write the notebooks into `folder`; returns what publishing them should give: the pages
    written (by notebook), and the notebooks refused with the widget at fault."""
    folder.mkdir(parents=True, exist_ok=True)
    board = normal_board()
    nbformat.write(new_notebook([nbformat.v4.new_markdown_cell("# A normal board"), code(board_output(board), source="board")],
                                {board.model_id: board_widget(board)}), str(folder / "normal.ipynb"))
    nbformat.write(new_notebook([nbformat.v4.new_markdown_cell("# Named")]),
                   str(folder / "javascript:alert(document.domain).ipynb"))
    nbformat.write(hostile_notebook(board), str(folder / "hostile.ipynb"))
    refused = {}
    for name, (nb, widget) in malformed_notebooks(board).items():
        nbformat.write(nb, str(folder / name))
        refused[name] = widget
    return {"pages": {"normal.ipynb": "normal.html", "hostile.ipynb": "hostile.html",
                      "javascript:alert(document.domain).ipynb": "javascript:alert(document.domain).html"},
            "refused": refused}
