"""What the tests share: the `frontend` mark, for the tests that make a Board (or draw through the
front end's bundles), skipped with a word of what to do where the front end is not built."""

from __future__ import annotations

from pathlib import Path

import pytest

BUNDLE = Path(__file__).resolve().parent.parent / "icewidgets" / "static" / "board.js"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "frontend: needs the built front end (icewidgets/static)")


def pytest_runtest_setup(item: pytest.Item) -> None:
    if item.get_closest_marker("frontend") and not BUNDLE.is_file():
        pytest.skip("the front end is not built (icewidgets/static/board.js is missing): "
                    "run `npm run build` in js/ or `pip install -e .`")
