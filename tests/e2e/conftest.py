"""Fixtures for the browser tests: one JupyterLab server per test process, Debian's Chromium
(skipped, naming it, where the machine lacks it).

Chromium comes from pytest-playwright's `browser`/`page` fixtures, launched with our executable
and arguments (never a downloaded browser). Run with `pytest -m e2e tests/e2e`.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # for `import lab` under any --import-mode


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    from lab import CHROMIUM, CHROMIUM_ARGS

    if not os.access(CHROMIUM, os.X_OK):
        missing = f"needs Chromium, which this machine lacks ({CHROMIUM}): apt-get install chromium"
        if os.environ.get("ICEWIDGETS_REQUIRE_EXTRAS", "") not in ("", "0"):
            pytest.fail(missing, pytrace=False)
        pytest.skip(missing)
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": {"width": 1280, "height": 1000}}


@pytest.fixture(scope="session")
def lab(tmp_path_factory):
    from lab import Lab

    with Lab(tmp_path_factory.mktemp("lab")) as server:
        yield server
