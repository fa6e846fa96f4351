"""Notebooks as offline HTML pages: run each one (or take its saved outputs), turn every Board
output into a published board that steps through its record, and write the pages with nbconvert's
JupyterLab look, every script and style inlined, and an index page.

Where the boards come from:
- executed (the default): after the last cell, the same kernel publishes every live Board
  (`kernel.show_boards`): the record as the notebook leaves it, every node's scene.
- saved outputs: the widget state saved in the notebook (JupyterLab's "save widget state")
  gives each board's move list, variant and seed; the record is replayed from its moves. Where
  that cannot be done (no saved state, a seat's view of a hidden game, a stale list) the page
  shows the saved picture of the position, and says it cannot step.
"""

from __future__ import annotations

import html
import os
import re
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.errors import IcewidgetsError, cut, quoted
from ..core.record import Node, Record
from ..core.registry import GAMES
from .kernel import BOARDS_MIME
from .page import PAGE_CSS, board_holder, head_assets, viewer_script
from .payload import node_data, published

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
TEMPLATES = Path(__file__).resolve().parent / "templates"
PACKAGE_ROOT = Path(__file__).resolve().parents[2]  # the folder icewidgets is imported from
COLLECT = "from icewidgets.publishing.kernel import show_boards as _icw_show_boards\n_icw_show_boards()"


@dataclass
class Page:
    """One published notebook."""

    source: Path
    path: Path
    title: str
    boards: int


class PublishError(IcewidgetsError):
    """A notebook could not be published (a cell failed, or the file is no notebook)."""


# -- running --------------------------------------------------------------------------------

def run_notebook(nb: Any, folder: Path, timeout: int) -> dict[str, dict[str, Any]]:
    """Execute `nb` in place (in `folder`, as its own directory) and return the published data
    of every Board alive at its end, by widget model id."""
    import nbformat
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    collector = nbformat.v4.new_code_cell(COLLECT)
    nb.cells.append(collector)
    kernel = nb.metadata.get("kernelspec", {}).get("name", "python3")
    client = NotebookClient(nb, timeout=timeout, kernel_name=kernel, resources={"metadata": {"path": str(folder)}})
    # a kernel of this Python imports the icewidgets that publishes, even from a source tree (an
    # installed one it finds anyway; another environment's packages are not put on its path)
    env = dict(os.environ)
    if PACKAGE_ROOT.name not in ("site-packages", "dist-packages"):
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(PACKAGE_ROOT), env.get("PYTHONPATH")]))
    try:
        client.execute(env=env)
    except CellExecutionError as e:
        raise PublishError(f"a cell failed:\n{cut(str(e), 4000)}") from e
    finally:
        nb.cells.remove(collector)
    boards: dict[str, dict[str, Any]] = {}
    for output in collector.get("outputs", []):
        boards.update(output.get("data", {}).get(BOARDS_MIME, {}))
        if output.get("output_type") == "error":
            raise PublishError(f"the boards could not be published: {cut(str(output.get('evalue')))}")
    return boards


# -- saved outputs --------------------------------------------------------------------------

def widget_states(nb: Any) -> dict[str, dict[str, Any]]:
    """The saved widget state of a notebook: {model_id: state}."""
    saved = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    return {k: v.get("state", {}) for k, v in saved.items() if isinstance(v, dict)}


def is_board_state(state: dict[str, Any]) -> bool:
    return all(k in state for k in ("scene", "_timeline", "cursor", "variant_schema", "seed"))


def replay_board(state: dict[str, Any]) -> dict[str, Any] | None:
    """A board's published data rebuilt from its saved widget state: the game found by its title,
    the variant from the form's values, the moves replayed from the move list (None where that
    cannot be done)."""
    rows, cursor = state.get("_timeline"), state.get("cursor")
    if not isinstance(rows, list) or not rows or state.get("viewer") is not None:
        return None
    if not isinstance(cursor, int) or cursor not in {r[0] for r in rows if isinstance(r, list) and r}:
        return None  # the saved move list is older than the cursor
    kinds = [cls for cls in GAMES.values() if cls.title == state.get("title")]
    if len(kinds) != 1:
        return None
    try:
        options = {o["name"]: o["value"] for o in state["variant_schema"]}
        game = kinds[0](**options)
        names = [p["name"] for p in sorted(state["scene"].get("players", []), key=lambda p: p["seat"])]
        record = Record(game, int(state["seed"]), names or None)
        nodes: dict[int, Node] = {}
        for row in rows:
            node_id, parent, label, comment = row[0], row[1], row[3], row[6]
            node = record.root if parent is None else record.add_text(nodes[parent], label)
            node.comment = comment or ""
            nodes[node_id] = node
    except (IcewidgetsError, KeyError, TypeError, ValueError, IndexError):
        return None
    data = [node_data(record, node, None, node_id) for node_id, node in nodes.items()]
    return published(game.title, rows, cursor, data)


def frozen_board(state: dict[str, Any]) -> dict[str, Any]:
    """A saved board that cannot be replayed: its move list and the one position saved."""
    cursor = state.get("cursor", 0)
    node = [cursor, state.get("scene", {}), state.get("status", ""), {}]
    return published(str(state.get("title", "")), state.get("_timeline", []), cursor, [node])


# -- ipywidgets other than boards -------------------------------------------------------------

def widget_snapshot(model_id: str, states: dict[str, dict[str, Any]], depth: int = 0) -> str | None:
    """A still of a plain ipywidget as its state was saved (boxes, HTML, labels, progress bars:
    what tqdm's bars are made of); None for anything else."""
    state = states.get(model_id)
    if state is None or depth > 20:
        return None
    name = state.get("_model_name", "")
    if name in ("HBoxModel", "VBoxModel", "BoxModel"):
        parts = [widget_snapshot(str(c).removeprefix("IPY_MODEL_"), states, depth + 1) for c in state.get("children", [])]
        direction = "row" if name == "HBoxModel" else "column"
        inner = "".join(p for p in parts if p)
        return f'<div style="display:flex;flex-direction:{direction};gap:0.5rem;align-items:center">{inner}</div>'
    if name == "HTMLModel":
        return f"<div>{state.get('value', '')}</div>"  # the notebook's own HTML, as nbconvert shows text/html
    if name == "LabelModel":
        return f"<div>{html.escape(str(state.get('value', '')))}</div>"
    if name in ("IntProgressModel", "FloatProgressModel"):
        value, top = state.get("value", 0), state.get("max", 100)
        return f'<progress value="{html.escape(str(value))}" max="{html.escape(str(top))}"></progress>'
    return None


def replace_widgets(nb: Any, boards: dict[str, dict[str, Any]], states: dict[str, dict[str, Any]]) -> int:
    """Turn the notebook's widget outputs into published boards, stills of plain widgets, or
    what else the output holds (a picture, its text); returns the number of boards."""
    count = 0
    for cell in nb.cells:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            view = data.get(WIDGET_VIEW)
            if not isinstance(view, dict):
                continue
            model_id = str(view.get("model_id", ""))
            board = boards.get(model_id)
            if board is None and model_id in states and is_board_state(states[model_id]):
                board = replay_board(states[model_id]) or frozen_board(states[model_id])
            if board is not None:
                output["data"] = {"text/html": board_holder(board)}
                count += 1
                continue
            still = widget_snapshot(model_id, states)
            del data[WIDGET_VIEW]
            if still is not None:
                output["data"] = {"text/html": still}
            elif not data:
                output["data"] = {"text/plain": ""}
    return count


# -- pages ----------------------------------------------------------------------------------

def title_of(nb: Any, fallback: str) -> str:
    """The notebook's first heading, else `fallback`."""
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            m = re.search(r"^#{1,6}\s+(.+?)\s*$", cell.source, re.MULTILINE)
            if m:
                return m.group(1).strip()
    return fallback


def notebook_html(nb: Any, with_boards: bool) -> str:
    """The page of a notebook: nbconvert's JupyterLab template with no script or style fetched."""
    from nbconvert import HTMLExporter

    exporter = HTMLExporter(extra_template_basedirs=[str(TEMPLATES)], template_name="icewidgets")
    resources = {"icewidgets": {"head": head_assets(), "viewer": viewer_script() if with_boards else ""}}
    body, _ = exporter.from_notebook_node(nb, resources=resources)
    return str(body)


def publish_notebook(source: Path, target: Path, *, execute: bool, timeout: int) -> Page:
    """Write one notebook's page."""
    import nbformat

    try:
        nb = nbformat.read(str(source), as_version=4)
    except Exception as e:
        raise PublishError(f"{source} is not a notebook: {cut(str(e))}") from e
    boards = run_notebook(nb, source.parent, timeout) if execute else {}
    count = replace_widgets(nb, boards, widget_states(nb))
    nb.metadata.pop("widgets", None)  # drawn above: the page needs no widget manager
    title = title_of(nb, source.stem)
    nb.metadata["title"] = title
    target.write_text(notebook_html(nb, count > 0), encoding="utf-8")
    return Page(source, target, title, count)


def index_html(pages: Iterable[Page], title: str) -> str:
    items = "\n".join(
        f'<li><a href="{html.escape(p.path.name)}">{html.escape(p.title)}</a>'
        f' <span class="note">{html.escape(p.source.name)}'
        f'{f", {p.boards} board" + ("s" if p.boards != 1 else "") if p.boards else ""}</span></li>'
        for p in pages
    )
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{html.escape(title)}</title>\n<style>{PAGE_CSS}\n"
        "body { margin: 2rem auto; max-width: 48rem; padding: 0 1rem; font-family: system-ui, sans-serif;"
        " color: #1f2328; line-height: 1.5; }\n li { margin: 0.4rem 0; } .note { color: #5e6164; }\n"
        f"</style>\n</head>\n<body>\n<main>\n<h1>{html.escape(title)}</h1>\n<ul>\n{items}\n</ul>\n</main>\n"
        "</body>\n</html>\n"
    )


def page_name(notebook: Path) -> str:
    """The page of a notebook: its name as .html (index.html is the index page's)."""
    return "index-notebook.html" if notebook.stem == "index" else f"{notebook.stem}.html"


def notebooks_in(source: Path) -> list[Path]:
    if source.is_file():
        return [source]
    if not source.is_dir():
        raise PublishError(f"{source} is neither a notebook nor a folder")
    found = sorted(p for p in source.glob("*.ipynb") if not p.name.startswith("."))
    if not found:
        raise PublishError(f"{source} holds no notebooks")
    return found


def publish(source: str | os.PathLike[str], target: str | os.PathLike[str], *, execute: bool = True,
            timeout: int = 600, title: str = "icewidgets notebooks", jobs: int = 1) -> list[Page]:
    """Publish notebooks as offline HTML: one page per notebook and an index page in `target`.

    `source` is a notebook or a folder of them. With `execute` (the default) each notebook runs
    in a fresh kernel in its own folder, and its boards step through their records as the
    notebook leaves them; without it the saved outputs are used. `jobs` notebooks run at once, each
    in its own kernel. Every script and style is inlined: the pages open from disk with no network.
    """
    src, dst = Path(source), Path(target)
    notebooks = notebooks_in(src)
    dst.mkdir(parents=True, exist_ok=True)
    if not isinstance(jobs, int) or jobs < 1:
        raise PublishError(f"jobs is a whole number from 1, not {quoted(jobs)}")
    with ThreadPoolExecutor(max_workers=jobs) as pool:  # the work is in the kernels' processes
        pages = list(pool.map(lambda nb: publish_notebook(nb, dst / page_name(nb), execute=execute, timeout=timeout),
                              notebooks))
    (dst / "index.html").write_text(index_html(pages, title), encoding="utf-8")
    return pages
