"""The reference site: Sphinx over docs/ (the guide, each game's rules, the API from the
docstrings), built offline with every warning an error, and the example notebooks published beside
it as its gallery (docs/gallery.md links their pages)."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from .errors import PublishError

ROOT = Path(__file__).resolve().parent.parent.parent
DOCS = ROOT / "docs"
EXAMPLES = ROOT / "examples"


def build_site(target: str | os.PathLike[str], *, examples: bool = True, execute: bool = True,
               jobs: int = 1) -> Path:
    """Write the reference site to `target` (made if missing) and return its index page. Sphinx
    builds docs/ in a fresh process, nitpicky, with warnings as errors; its warnings go to stderr
    and any one of them raises PublishError with no examples published. Then, unless
    `examples=False`, the notebooks of examples/ are published in `target`/examples (run first
    unless `execute=False`, `jobs` at a time). The sources are the repository's: the docs extra
    (`pip install -e ".[docs]"`) brings Sphinx and MyST."""
    if not (DOCS / "conf.py").is_file():
        raise PublishError(f"the reference site is built from the repository's docs/, which is not beside this "
                           f"icewidgets ({DOCS} has no conf.py): build it from a checkout")
    if importlib.util.find_spec("sphinx") is None or importlib.util.find_spec("myst_parser") is None:
        raise PublishError('the reference site needs Sphinx and MyST: pip install -e ".[docs]"')
    out = Path(target)
    with tempfile.TemporaryDirectory(prefix="icewidgets-doctrees-") as doctrees:
        command = [sys.executable, "-m", "sphinx", "-b", "html", "-q", "-n", "-W", "--keep-going",
                   "-d", doctrees, str(DOCS), str(out)]
        done = subprocess.run(command, cwd=ROOT, check=False)
    if done.returncode != 0:
        raise PublishError(f"Sphinx found problems in docs/ or in the docstrings (above); {out} is incomplete")
    if examples:
        from .notebooks import publish

        publish(EXAMPLES, out / "examples", execute=execute, jobs=jobs, title="icewidgets examples")
    return out / "index.html"
