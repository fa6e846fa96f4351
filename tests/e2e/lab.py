"""Run JupyterLab and drive a notebook in Chromium, for browser tests and benchmarks.

No pytest here: `tests/e2e/conftest.py` and `bench/widget.py` both build on it.

    with Lab(tmp_dir) as lab, sync_playwright() as pw:
        browser = launch_chromium(pw)
        page = browser.new_page()
        open_notebook(page, lab, "demo.ipynb", ["print(1 + 1)"])
        run_all(page)
        print(run_cell(page, "print('hi')"))
"""

from __future__ import annotations

import json
import os
import re
import secrets
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import nbformat

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

# Defaults JupyterLab reads from <app_settings_dir>/overrides.json: no news, no update
# checks, and every cell kept in the DOM (no windowing) so locators see them all.
OVERRIDES = {
    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False},
    "@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"},
}

# Loaded by the server from its config dir when `nodelay=True`: turn off Nagle's algorithm on
# the kernel websockets, so small messages are not held back by the client's delayed ACKs.
NODELAY_CONFIG = """\
from jupyter_server.services.kernels.websocket import KernelWebsocketHandler

_open = KernelWebsocketHandler.open


async def _open_nodelay(self, *args, **kwargs):
    self.set_nodelay(True)
    return await _open(self, *args, **kwargs)


KernelWebsocketHandler.open = _open_nodelay
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Lab:
    """A JupyterLab server on 127.0.0.1 with its own config, data and runtime dirs under `base`.

    Notebooks go in `lab.root`. The kernel sees the repository on its PYTHONPATH.
    """

    def __init__(self, base: Path, nodelay: bool = False, timeout: float = 30):
        self.base = Path(base)
        self.root = self.base / "root"
        self.nodelay = nodelay
        self.timeout = timeout
        self.port = free_port()
        self.token = secrets.token_hex(16)
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = self.base / "lab.log"
        self.proc: subprocess.Popen | None = None

    def _prepare(self) -> dict:
        dirs = {name: self.base / name for name in ("home", "config", "data", "runtime", "settings")}
        for d in [self.root, *dirs.values()]:
            d.mkdir(parents=True, exist_ok=True)
        (dirs["settings"] / "overrides.json").write_text(json.dumps(OVERRIDES, indent=2))
        if self.nodelay:
            (dirs["config"] / "jupyter_server_config.py").write_text(NODELAY_CONFIG)
        env = dict(os.environ)
        env.update(
            HOME=str(dirs["home"]),
            JUPYTER_CONFIG_DIR=str(dirs["config"]),
            JUPYTER_DATA_DIR=str(dirs["data"]),
            JUPYTER_RUNTIME_DIR=str(dirs["runtime"]),
            PYTHONPATH=os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")])),
        )
        return env

    def start(self) -> Lab:
        env = self._prepare()
        cmd = [
            sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root",
            "--ip=127.0.0.1", f"--port={self.port}",
            f"--IdentityProvider.token={self.token}",
            f"--ServerApp.root_dir={self.root}",
            f"--LabApp.app_settings_dir={self.base / 'settings'}",
            "--LabApp.news_url=None",
            "--LabApp.extension_manager=readonly",
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        ]  # fmt: skip
        with open(self.log, "wb") as log:
            self.proc = subprocess.Popen(cmd, env=env, cwd=self.root, stdout=log, stderr=log)
        deadline = time.monotonic() + self.timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"JupyterLab exited with {self.proc.returncode}:\n{self.log_tail()}")
            try:
                with urllib.request.urlopen(f"{self.url}/api/status?token={self.token}", timeout=2):
                    return self
            except OSError:
                time.sleep(0.25)
        self.stop()
        raise RuntimeError(f"JupyterLab did not answer within {self.timeout} s:\n{self.log_tail()}")

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def log_tail(self, lines: int = 30) -> str:
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])

    def notebook_url(self, name: str) -> str:
        return f"{self.url}/lab/tree/{name}?token={self.token}&reset"

    def __enter__(self) -> Lab:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


# Playwright helpers (sync API) ------------------------------------------------------------

CELLS = ".jp-NotebookPanel .jp-Notebook .jp-Cell"
STDOUT = '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stdout"]'
# A traceback: IPython colours its tracebacks, while warnings on stderr are plain text.
ERROR = '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]:has(.ansi-red-fg)'
KERNEL_TIMEOUT = 60_000  # ms


def launch_chromium(playwright):
    """Chromium from Debian (Playwright's own downloads fail on these machines)."""
    if not os.access(CHROMIUM, os.X_OK):
        raise RuntimeError(
            f"{CHROMIUM} not found: install it with "
            "`apt-get update && apt-get install -y chromium` (no `playwright install` here)"
        )
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)


def write_notebook(path: Path, cells: list[str]) -> None:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(src) for src in cells]
    nbformat.write(nb, str(path))


def open_notebook(page, lab: Lab, name: str, cells: list[str]) -> None:
    """Write the notebook afresh into the server root, open it and wait for an idle kernel."""
    write_notebook(lab.root / name, cells)
    page.goto(lab.notebook_url(name))
    wait_idle(page)


def open_example(page, lab: Lab, name: str) -> None:
    """Copy a notebook of examples/ afresh into the server root, open it, wait for an idle kernel."""
    (lab.root / name).write_bytes((REPO / "examples" / name).read_bytes())
    page.goto(lab.notebook_url(name))
    wait_idle(page)


def wait_idle(page) -> None:
    page.locator("#jp-main-statusbar").get_by_text("Idle").wait_for(timeout=KERNEL_TIMEOUT)


class CellError(AssertionError):
    """A cell raised: the message is its traceback as shown."""


def wait_executed(page, index: int) -> None:
    """Wait until cell `index` shows an execution count (`[3]:`, not `[*]:` or `[ ]:`); raise
    CellError if a cell shows a traceback instead (Run All stops at the first one)."""
    done = page.locator(CELLS).nth(index).locator(".jp-InputPrompt").filter(has_text=re.compile(r"\[\d+\]"))
    failed = page.locator(f"{CELLS} {ERROR}")
    done.or_(failed).first.wait_for(timeout=KERNEL_TIMEOUT)
    if failed.count():
        raise CellError("\n".join(failed.all_inner_texts()))


def run_all(page) -> None:
    page.locator("#jp-menu-panel .lm-MenuBar-itemLabel", has_text=re.compile("^Run$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile("^Run All Cells$")).click()
    cells = page.locator(CELLS)
    for i in range(cells.count()):
        if "jp-CodeCell" in (cells.nth(i).get_attribute("class") or ""):
            wait_executed(page, i)


def run_cell(page, code: str) -> str:
    """Add a cell below the last one, run `code` in it, and return its printed output."""
    cells = page.locator(CELLS)
    index = cells.count()
    last = cells.nth(index - 1)
    editor = last.locator(".jp-InputArea-editor .cm-content")
    if not editor.is_visible():  # a rendered markdown cell: a double click shows its editor
        last.dblclick()
    editor.click()
    page.keyboard.press("Escape")  # command mode
    page.keyboard.press("b")  # insert a cell below and select it
    page.keyboard.press("Enter")  # edit it
    cells.nth(index).locator(".cm-content").wait_for()
    page.keyboard.insert_text(code)  # no key events, so no auto-closed brackets
    page.keyboard.press("Control+Enter")
    wait_executed(page, index)
    return stdout(page, index)


def stdout(page, index: int) -> str:
    """The printed output of cell `index`."""
    return "".join(page.locator(CELLS).nth(index).locator(STDOUT).all_inner_texts())
