"""The example notebooks, run once a test run: the README's publish command over a copy of
examples/ (the notebooks write their files beside them), which runs each notebook top to bottom in
a kernel of its own and writes the site of their pages. The notebook tests read what it printed,
the published-site tests its pages; the processes of a parallel run share the one run."""

from __future__ import annotations

import json
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from filelock import FileLock

REPO = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted(path.name for path in (REPO / "examples").glob("*.ipynb"))


@dataclass(frozen=True)
class ExamplesSite:
    """What the publish command did: its exit status and words, and the folder of the pages."""

    returncode: int
    stdout: str
    stderr: str
    folder: Path

    def failure(self, notebook: str) -> str | None:
        """What the command said of `notebook` if it was not published (its cell and error)."""
        lines = self.stderr.splitlines()
        said = [i for i, line in enumerate(lines) if re.match(rf"\S*examples/{re.escape(notebook)}: ", line)]
        if not said:
            return None
        after = lines[said[0]:]
        end = next((i for i, line in enumerate(after[1:], 1) if re.match(r"\S*examples/\S+\.ipynb: ", line)), len(after))
        return "\n".join(after[:end])

    def page(self, notebook: str) -> tuple[Path, int] | None:
        """The page the command wrote of `notebook` and its number of boards (None: no page)."""
        for line in self.stdout.splitlines():
            m = re.match(rf"\S*examples/{re.escape(notebook)} -> (\S+)(?:, (\d+) boards?)?$", line)
            if m:
                return Path(m.group(1)), int(m.group(2) or 0)
        return None


def readme_publish_command() -> list[str]:
    """The README's command that publishes the examples (a playable site)."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    found = re.search(r"^python -m icewidgets publish examples/ site/.*$", readme, re.M)
    assert found, "the README names no `python -m icewidgets publish examples/ site/` command"
    return shlex.split(found.group(0))


def publish_examples(base: Path) -> ExamplesSite:
    shutil.copytree(REPO / "examples", base / "examples", ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    command = readme_publish_command()
    done = subprocess.run([sys.executable, *command[1:]], cwd=base, capture_output=True, text=True, timeout=1800)
    return ExamplesSite(done.returncode, done.stdout, done.stderr, base / "site")


def publish_examples_once(tmp_path_factory, parallel: bool) -> ExamplesSite:
    """The one run of the publish command, in a folder every process of the run sees: the first
    to ask runs it, the others wait and read what it did."""
    shared = tmp_path_factory.getbasetemp()
    if parallel:
        shared = shared.parent  # xdist gives each process a folder of its own inside the run's
    base = shared / "examples-site"
    said = shared / "examples-site.json"
    with FileLock(str(shared / "examples-site.lock")):
        if not said.is_file():
            shutil.rmtree(base, ignore_errors=True)
            base.mkdir()
            site = publish_examples(base)
            said.write_text(json.dumps({"returncode": site.returncode, "stdout": site.stdout, "stderr": site.stderr}))
        done = json.loads(said.read_text())
    return ExamplesSite(done["returncode"], done["stdout"], done["stderr"], base / "site")
