"""What the tests share.

- Marks: `frontend` (needs the built front end: skipped with a word of what to do where it is not
  built), `e2e` (a real browser), `notebook` (runs a notebook in a kernel); the quick tier leaves
  out the last two.
- Optional extras: a test that needs a library of an extra the environment lacks (pandas, nbconvert,
  hypothesis, Playwright, ...) is skipped naming the library and the extra, at collection or when
  it runs, never reported as an error; `ICEWIDGETS_REQUIRE_EXTRAS=1` (the whole test command) makes
  such a skip a failure, so that nothing is left out unseen.
- The hypothesis profile (`strength.py`), and the time spent in each tier, printed at the end.
- `examples_site`: the example notebooks run once, by the README's publish command, for every test
  that reads them (see `examples_site.py`).
"""

from __future__ import annotations

import importlib.util
import os
import re
from collections import Counter
from pathlib import Path

import pytest

BUNDLE = Path(__file__).resolve().parent.parent / "icewidgets" / "static" / "board.js"

OPTIONAL = {
    # library (its import name): the extra that brings it ("": icewidgets' own dependencies)
    "anywidget": "", "ipywidgets": "",
    "pandas": "analysis", "matplotlib": "analysis", "tqdm": "analysis", "pyarrow": "analysis",
    "dask": "dask", "distributed": "dask",
    "nbconvert": "publish", "nbclient": "publish", "nbformat": "publish", "ipykernel": "publish",
    "resvg_py": "publish", "nh3": "publish", "cryptography": "publish",
    "sphinx": "docs", "myst_parser": "docs",
    "jupyterlab": "lab", "jupyter_server": "lab",
    "hypothesis": "test", "playwright": "test", "chess": "test", "build": "test", "filelock": "test",
}
REQUIRED = os.environ.get("ICEWIDGETS_REQUIRE_EXTRAS", "") not in ("", "0")

if importlib.util.find_spec("hypothesis") is not None:
    import strength  # noqa: F401  (loads the hypothesis profile)


def pytest_runtest_setup(item: pytest.Item) -> None:
    if item.get_closest_marker("frontend") and not BUNDLE.is_file():
        pytest.skip("the front end is not built (icewidgets/static/board.js is missing): "
                    "run `npm run build` in js/ or `pip install -e .`")


# -- optional extras ----------------------------------------------------------------------------

def missing_extra(module: str | None) -> str | None:
    """Why a test is skipped when `module` failed to import: it belongs to an extra, and is not
    installed (None: a missing module that is no extra's, which is a failure)."""
    top = (module or "").split(".")[0]
    if top not in OPTIONAL:
        return None
    spec = importlib.util.find_spec(top)
    if spec is not None and spec.origin is not None:  # (a folder of that name is no library)
        return None
    extra = f"[{OPTIONAL[top]}]" if OPTIONAL[top] else ""
    return f"needs {top}, which this environment lacks: pip install -e \".{extra}\""


MISSING = re.compile(r"No module named '([\w.]+)'|could not import '([\w.]+)'|"
                     r"cannot import name '\w+' from '([\w.]+)'|needs? the (\w+) library")


def judged(report, why: str | None, line: int = 0) -> None:
    """A report of a test (or a module) that met a missing library: skipped naming the library and
    its extra, or failed where every extra is required."""
    if why is None:
        return
    if REQUIRED:
        report.outcome = "failed"
        report.longrepr = f"{why} (ICEWIDGETS_REQUIRE_EXTRAS is set: every tier must run)"
    else:
        report.outcome = "skipped"
        report.longrepr = (str(report.fspath), line, f"Skipped: {why}")


def named_in(report) -> str | None:
    found = MISSING.search(str(report.longrepr)) if (report.failed or report.skipped) else None
    return missing_extra(next(filter(None, found.groups()))) if found else None


@pytest.hookimpl(wrapper=True)
def pytest_make_collect_report(collector: pytest.Collector):
    report = yield
    judged(report, named_in(report))
    return report


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    report = yield
    error = call.excinfo.value if call.excinfo else None
    line = (item.location[1] or 0) + 1
    if isinstance(error, ImportError) and report.failed:
        judged(report, missing_extra(error.name), line)
    elif report.skipped or report.failed:  # an importorskip, or a refusal that names the library
        judged(report, named_in(report), line)
    return report


# -- the designer's key ---------------------------------------------------------------------------

@pytest.fixture(autouse=True, scope="session")
def config_folder(tmp_path_factory):
    """The tests' own configuration folder (the designer's key for sealed records), never the
    user's: kernels and commands the tests start inherit it."""
    folder = tmp_path_factory.mktemp("config")
    before = os.environ.get("ICEWIDGETS_CONFIG")
    os.environ["ICEWIDGETS_CONFIG"] = str(folder)
    yield folder
    if before is None:
        os.environ.pop("ICEWIDGETS_CONFIG", None)
    else:
        os.environ["ICEWIDGETS_CONFIG"] = before


# -- the time each tier took ----------------------------------------------------------------------

def tier_of(report: pytest.TestReport) -> str:
    if "e2e" in report.keywords:
        return "browser journeys (JupyterLab, published pages)"
    if "notebook" in report.keywords:
        return "notebooks run in a kernel (the examples, publishing)"
    return "everything else (rules, properties, records, widget, analysis)"


TIMES: Counter[str] = Counter()


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    TIMES[tier_of(report)] += report.duration


def pytest_terminal_summary(terminalreporter) -> None:
    if TIMES:
        terminalreporter.section("time in tests by tier, summed over the processes")
        for tier, seconds in TIMES.most_common():
            terminalreporter.write_line(f"{seconds:7.1f} s  {tier}")


# -- the example notebooks, run once ----------------------------------------------------------------

@pytest.fixture(scope="session")
def examples_site(tmp_path_factory, request):
    """The README's publish command over a copy of examples/, run once for the whole run (the
    processes of a parallel run share it): what it printed, and the site."""
    from examples_site import publish_examples_once

    parallel = hasattr(request.config, "workerinput")  # a process of pytest-xdist's
    return publish_examples_once(tmp_path_factory, parallel)
