"""Notebooks as offline HTML pages: run each one (or take its saved outputs), turn every Board
output into a published board that steps through its record, and write the pages with nbconvert's
JupyterLab look, every script and style inlined, and an index page.

Where the boards come from:
- executed (the default): after the last cell, the same kernel publishes every live Board
  (`kernel.show_boards`): the record as the notebook leaves it, every node's scene.
- saved outputs: the widget state saved in the notebook (`saved.py`).

A site is meant to be shared, so a page runs nothing it shows: unless the notebooks are trusted,
their markdown, HTML and markdown outputs and raw HTML cells go through the sanitizer
(`sanitize.py`) as nbconvert's sanitizing mode does with its own, script outputs are left out,
and each page's Content-Security-Policy lets only its own viewer script run and loads pictures
only from the page itself (unless `remote_images`). A notebook that
cannot be published is named with its error; the others' pages and the index are still written.
"""

from __future__ import annotations

import html
import os
import re
import tempfile
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import quote

from ..core.errors import RecordError, cut, quoted
from ..core.sealed import seal_key
from .errors import NotebooksFailed, PublishError
from .kernel import BOARDS_MIME
from .page import PAGE_CSS, head_assets, policy, viewer_code, viewer_script
from .play import Play, write_runtime
from .sanitize import check_sanitizer, clean_html
from .saved import replace_widgets, widget_states

__all__ = ["Page", "PublishError", "publish"]

TEMPLATES = Path(__file__).resolve().parent / "templates"
PACKAGE_ROOT = Path(__file__).resolve().parents[2]  # the folder icewidgets is imported from
COLLECT = "from icewidgets.publishing.kernel import show_boards as _icw_show_boards\n_icw_show_boards({})"


@dataclass
class Page:
    """One published notebook."""

    source: Path
    path: Path
    title: str
    boards: int


# -- running --------------------------------------------------------------------------------

def run_notebook(nb: Any, folder: Path, timeout: int, play: Play | None = None) -> dict[str, dict[str, Any]]:
    """Execute `nb` in place (in `folder`, as its own directory) and return the published data
    of every Board alive at its end, by widget model id (playable with `play`)."""
    import nbformat
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError, CellTimeoutError, DeadKernelError

    collector = nbformat.v4.new_code_cell(COLLECT.format("" if play is None else
                                                         f"play=True, seat={play.seat!r}, agent={play.agent!r}, "
                                                         f"page={play.page!r}, seal_to={play.seal_to!r}"))
    nb.cells.append(collector)
    kernel = nb.metadata.get("kernelspec", {}).get("name", "python3")
    client = NotebookClient(nb, timeout=timeout, kernel_name=kernel, resources={"metadata": {"path": str(folder)}})
    # a kernel of this Python imports the icewidgets that publishes, even from a source tree (an
    # installed one it finds anyway; another environment's packages are not put on its path)
    env = dict(os.environ)
    if PACKAGE_ROOT.name not in ("site-packages", "dist-packages"):
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(PACKAGE_ROOT), env.get("PYTHONPATH")]))
    # the kernel's own log (zmq's shutdown noise among it) is kept apart, and quoted only if it dies
    with tempfile.TemporaryFile(mode="w+", encoding="utf-8", errors="replace") as kernel_log:
        try:
            client.execute(env=env, stderr=kernel_log)
        except CellExecutionError as e:
            failed = next((i for i, c in enumerate(nb.cells, 1)
                           if any(o.get("output_type") == "error" for o in c.get("outputs", []))), "?")
            raise PublishError(f"cell {failed} failed: {e.ename}: {cut(str(e.evalue), 2000)}") from None
        except CellTimeoutError:
            raise PublishError(f"a cell ran longer than {timeout} s") from None
        except DeadKernelError as e:
            kernel_log.seek(0)
            said = kernel_log.read().strip().splitlines()[-3:]
            raise PublishError(f"the kernel died: {cut(' '.join([str(e), *said]))}") from None
        finally:
            nb.cells.remove(collector)
    boards: dict[str, dict[str, Any]] = {}
    for output in collector.get("outputs", []):
        boards.update(output.get("data", {}).get(BOARDS_MIME, {}))
        if output.get("output_type") == "error":
            raise PublishError(f"the boards could not be published: {cut(str(output.get('evalue')))}")
    return boards


# -- pages ----------------------------------------------------------------------------------

def title_of(nb: Any, fallback: str) -> str:
    """The notebook's first heading, else `fallback`."""
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            m = re.search(r"^#{1,6}\s+(.+?)\s*$", cell.source, re.MULTILINE)
            if m:
                return m.group(1).strip()
    return fallback


def notebook_html(nb: Any, with_boards: bool, trust: bool, play: bool = False, remote_images: bool = False) -> str:
    """The page of a notebook: nbconvert's JupyterLab template with no script or style fetched;
    untrusted, in nbconvert's sanitizing mode with our sanitizer, under a policy that runs only
    the viewer (`remote_images`: and shows pictures from http and https URLs)."""
    from nbconvert import HTMLExporter

    for cell in nb.cells:
        for output in cell.get("outputs", []):
            output.get("metadata", {}).pop("filenames", None)  # the page is one file: no pictures beside it
    exporter = HTMLExporter(extra_template_basedirs=[str(TEMPLATES)], template_name="icewidgets",
                            sanitize_html=not trust,
                            filters={} if trust else {"clean_html": partial(clean_html, remote_images=remote_images)})
    scripts = [viewer_code()] if with_boards else []
    page_policy = "" if trust else policy(scripts, play and with_boards, remote_images)
    resources = {"icewidgets": {"policy": page_policy, "head": head_assets(),
                                "viewer": viewer_script() if with_boards else ""}}
    body, _ = exporter.from_notebook_node(nb, resources=resources)
    return str(body)


def read_notebook(source: Path) -> Any:
    """A notebook file, checked against the notebook format."""
    import nbformat

    try:
        nb = nbformat.read(str(source), as_version=4)
    except Exception as e:
        raise PublishError(f"not a notebook: {cut(str(e))}") from None
    try:
        nbformat.validate(nb)
    except nbformat.ValidationError as e:
        raise PublishError(f"not a valid notebook: {cut(str(e.message))}") from None
    return nb


def publish_notebook(source: Path, target: Path, *, execute: bool, timeout: int, trust: bool = False,
                     play: Play | None = None, remote_images: bool = False) -> Page:
    """Write one notebook's page."""
    nb = read_notebook(source)
    states = widget_states(nb)  # refused before a kernel is started for it
    play = None if play is None else replace(play, page=target.name)
    boards = run_notebook(nb, source.parent, timeout, play) if execute else {}
    count = replace_widgets(nb, boards, widget_states(nb) if execute else states, trust=trust, play=play,
                            remote_images=remote_images)
    nb.metadata.pop("widgets", None)  # drawn above: the page needs no widget manager
    title = title_of(nb, source.stem)
    nb.metadata["title"] = title
    target.write_text(notebook_html(nb, count > 0, trust, play is not None, remote_images), encoding="utf-8")
    return Page(source, target, title, count)


def index_html(pages: Iterable[Page], title: str) -> str:
    """The index page: a link to each page, by a relative path whatever its file is called."""
    items = "\n".join(
        f'<li><a href="{html.escape(quote(p.path.name, safe=""))}">{html.escape(p.title)}</a>'
        f' <span class="note">{html.escape(p.source.name)}'
        f'{f", {p.boards} board" + ("s" if p.boards != 1 else "") if p.boards else ""}</span></li>'
        for p in pages
    )
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"{policy([])}\n"
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{html.escape(title)}</title>\n<style>{PAGE_CSS}\n"
        "body { margin: 2rem auto; max-width: 48rem; padding: 0 1rem; font-family: system-ui, sans-serif;"
        " color: #1f2328; line-height: 1.5; }\n li { margin: 0.4rem 0; } .note { color: #5e6164; }\n"
        f"</style>\n</head>\n<body>\n<main>\n<h1>{html.escape(title)}</h1>\n<ul>\n{items}\n</ul>\n</main>\n"
        "</body>\n</html>\n"
    )


def page_names(notebooks: list[Path]) -> dict[Path, str]:
    """Each notebook's page: its name as .html, made distinct where two would share one (also
    where only the case differs, as on a file system that ignores it); index.html is the index's."""
    taken, names = {"index"}, {}
    for notebook in notebooks:
        base = "index-notebook" if notebook.stem.lower() == "index" else notebook.stem
        name, n = base, 1
        while name.lower() in taken:
            n += 1
            name = f"{base}-{n}"
        taken.add(name.lower())
        names[notebook] = f"{name}.html"
    return names


def notebooks_in(source: Path) -> list[Path]:
    if source.is_file():
        return [source]
    if not source.is_dir():
        raise PublishError(f"{source} is neither a notebook nor a folder")
    found = sorted(p for p in source.glob("*.ipynb") if p.is_file() and not p.name.startswith("."))
    if not found:
        raise PublishError(f"{source} holds no notebooks")
    return found


def make_folder(folder: Path) -> None:
    if folder.exists() and not folder.is_dir():
        raise PublishError(f"{folder} is a file, not a folder for the pages")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise PublishError(f"{folder}: the folder for the pages cannot be made ({e.strerror or e})") from None


def publish(source: str | os.PathLike[str], target: str | os.PathLike[str], *, execute: bool = True,
            timeout: int = 600, title: str = "icewidgets notebooks", jobs: int = 1, trust: bool = False,
            play: bool = False, seat: int | None = None, agent: str = "greedy",
            remote_images: bool = False, seal_to: str | os.PathLike[str] | None = None) -> list[Page]:
    """Publish notebooks as offline HTML: one page per notebook and an index page in `target`.

    `source` is a notebook or a folder of them. With `execute` (the default) each notebook runs
    in a fresh kernel in its own folder, and its boards step through their records as the
    notebook leaves them; without it the saved outputs are used. `jobs` notebooks run at once, each
    in its own kernel. Every script and style is inlined: the pages open from disk with no network.
    `trust`: the notebooks are the designer's own, and their HTML and scripts are published as
    they are, pictures from anywhere included (else sanitized, and the pages run only their viewer).
    `remote_images`: untrusted pages keep the pictures of http and https URLs, and their policy
    lets them load (else each becomes a link to its URL). `play`: the boards are
    played in the reader's browser (from saved outputs, those whose saved state holds their
    records), the site's shared runtime written in `target`/icewidgets-play; `seat`: each board is
    for that seat, the others played by `agent`, in a fresh game dealt in the reader's browser,
    whose records are sealed for the designer where the game hides information (to the key
    made on first use in the user's configuration folder, or to the public key in the PEM file
    `seal_to`; `icewidgets.load` and `journal` open them).

    A notebook that cannot be published does not stop the others: their pages and the index
    are written, then `NotebooksFailed` names each failure with its error.
    """
    if not isinstance(jobs, int) or isinstance(jobs, bool) or jobs < 1:
        raise PublishError(f"jobs is a whole number from 1, not {quoted(jobs)}")
    if not trust:
        check_sanitizer()
    src, dst = Path(source), Path(target)
    notebooks = notebooks_in(src)
    played = Play(seat, agent, None if seal_to is None else os.fspath(seal_to)) if play or seat is not None else None
    if seat is not None:
        try:
            seal_key(seal_to)  # made once here, before the kernels that seal with it start
        except RecordError as e:
            raise PublishError(str(e)) from None
    make_folder(dst)
    if played is not None:
        write_runtime(dst)
    names = page_names(notebooks)

    def one(notebook: Path) -> Page | str:
        try:
            return publish_notebook(notebook, dst / names[notebook], execute=execute, timeout=timeout, trust=trust,
                                    play=played, remote_images=remote_images)
        except PublishError as e:
            return str(e)
        except Exception as e:  # a file, a kernel or a converter that failed: named, the rest go on
            return f"{type(e).__name__}: {cut(str(e))}"

    with ThreadPoolExecutor(max_workers=jobs) as pool:  # the work is in the kernels' processes
        done = dict(zip(notebooks, pool.map(one, notebooks), strict=True))
    pages = [r for r in done.values() if isinstance(r, Page)]
    (dst / "index.html").write_text(index_html(pages, title), encoding="utf-8")
    failures = {nb: r for nb, r in done.items() if isinstance(r, str)}
    if failures:
        raise NotebooksFailed(pages, failures)
    return pages
