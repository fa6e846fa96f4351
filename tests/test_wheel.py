"""The wheel that `python -m build` makes carries the built front end and nothing of the sources."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_wheel_contains_the_front_end_bundle(tmp_path):
    from build import ProjectBuilder  # noqa: F401  (python -m build: the test extra's)

    subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--outdir", str(tmp_path), str(ROOT)],
        check=True, capture_output=True, timeout=600,
    )
    (wheel,) = tmp_path.glob("icewidgets-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "icewidgets/static/board.js" in names
    assert "icewidgets/static/board.css" in names
    assert "icewidgets/static/publish.js" in names and "icewidgets/static/svg.js" in names  # publishing
    assert "icewidgets/publishing/templates/icewidgets/index.html.j2" in names
    assert "icewidgets/games/icetowers/rules.py" in names
    assert not [n for n in names if n.startswith(("js/", "tests/", "node_modules"))]
    bundle = zipfile.ZipFile(wheel).read("icewidgets/static/board.js")
    assert b"render" in bundle and len(bundle) > 1000
