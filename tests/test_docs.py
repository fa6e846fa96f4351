"""The documentation lives in the project and says what the code does: every path the Markdown
files and the package's docstrings name exists, nothing points outside the repository, the code map
in ARCHITECTURE.md names every module, and each game's rules document (docs/rules/<game>.md) has
the options table of its variant, its rule methods and an example game that replays."""

from __future__ import annotations

import ast
import fnmatch
import importlib.util
import re
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import icewidgets

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "icewidgets"
RULES = ROOT / "docs" / "rules"
SKIPPED_DIRS = {".git", "node_modules", "__pycache__", ".pytest_cache", ".hypothesis", ".ipynb_checkpoints",
                "build", "dist", "site"}
BUILT = PACKAGE / "static"  # the front end's bundles: built, not kept in the repository
EXTENSIONS = {".py", ".md", ".ts", ".js", ".mjs", ".css", ".csv", ".toml", ".json", ".ipynb", ".txt", ".j2",
              ".png", ".svg", ".sh"}
TEXT_SUFFIXES = EXTENSIONS - {".png", ".svg"}
OUTSIDE = re.compile(r"(?<![\w/-])(?:shared|reference)/|\bshared reference\b", re.IGNORECASE)


def _load_writer() -> Any:
    path = Path(__file__).with_name("write_docs.py")
    spec = importlib.util.spec_from_file_location("write_docs", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


writer = _load_writer()
DOCUMENTS = writer.documents()
SHIPPED = sorted(path.stem for path in DOCUMENTS)


# -- the repository's files ----------------------------------------------------------------------


def _walk(folder: Path) -> list[Path]:
    found = []
    for path in folder.iterdir():
        if path.name in SKIPPED_DIRS or path.name.endswith(".egg-info") or path == BUILT:
            continue
        found.append(path)
        if path.is_dir() and not path.is_symlink():
            found += _walk(path)
    return found


@cache
def repository() -> frozenset[str]:
    """Every file and folder of the repository (folders with a trailing slash), and the bundles the
    front end's build writes (js/build.mjs names them)."""
    paths = {p.relative_to(ROOT).as_posix() + ("/" if p.is_dir() else "") for p in _walk(ROOT)}
    built = re.findall(r"\$\{OUT\}/([\w.-]+)", (ROOT / "js" / "build.mjs").read_text(encoding="utf-8"))
    assert built, "js/build.mjs names no bundle"
    paths |= {f"icewidgets/static/{name}" for name in built} | {"icewidgets/static/"}
    return frozenset(paths)


@cache
def folder_names() -> frozenset[str]:
    return frozenset(p.rstrip("/").rsplit("/", 1)[-1] for p in repository() if p.endswith("/"))


def looks_like_path(word: str) -> bool:
    """A repository path as the docs write one: `core/game.py`, `examples/`, `js/tests/fixtures/*.json`
    (not a move text like `castle/suns`, nor a MIME type, nor a folder a user makes, `site/`)."""
    if "/" not in word or "://" in word or re.search(r"\s", word):
        return False
    first = word.lstrip("./").split("/", 1)[0]
    return Path(word.rstrip("/")).suffix in EXTENSIONS or first in folder_names()


def exists(word: str) -> bool:
    """The path names a file or folder of the repository, from its root or from any folder in it
    (`core/game.py` is icewidgets' own); `*` and `<game>` stand for any name."""
    pattern = re.sub(r"<[^>]+>", "*", word.lstrip("./"))
    folder = pattern.endswith("/")  # a trailing slash names a folder; without one, either
    pattern = pattern.rstrip("/")
    for path in repository():
        if folder and not path.endswith("/"):
            continue
        path = path.rstrip("/")
        if fnmatch.fnmatchcase(path, pattern) or fnmatch.fnmatchcase(path, "*/" + pattern):
            return True
    return False


# -- (a) what the Markdown files name --------------------------------------------------------------


def markdown_files() -> list[Path]:
    return sorted(p for p in _walk(ROOT) if p.suffix == ".md" and p.is_file())


def named_paths(text: str) -> list[str]:
    """The repository paths in a Markdown text's inline code spans (fenced blocks are examples)."""
    prose = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)
    words = (w.strip(",;:()\"'") for span in re.findall(r"`([^`\n]+)`", prose) for w in span.split())
    return [w for w in words if looks_like_path(w)]


def links(text: str) -> list[str]:
    """The relative targets of a Markdown text's links and images."""
    targets = re.findall(r"\]\(([^)\s]+)\)", text)
    return [t.split("#", 1)[0] for t in targets if not re.match(r"[a-z]+:|#", t)]


@pytest.mark.parametrize("doc", markdown_files(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_path_a_markdown_file_names_exists(doc):
    text = doc.read_text(encoding="utf-8")
    missing = [w for w in named_paths(text) if not exists(w)]
    missing += [f"({t})" for t in links(text) if not (doc.parent / t).exists()]
    assert not missing, f"{doc.relative_to(ROOT)} names paths that are not in the repository: {missing}"


def test_the_markdown_files_include_the_readme_architecture_and_rules():
    names = {p.relative_to(ROOT).as_posix() for p in markdown_files()}
    assert {"README.md", "ARCHITECTURE.md", *(f"docs/rules/{g}.md" for g in SHIPPED)} <= names


def text_files() -> list[Path]:
    return sorted(p for p in _walk(ROOT) if p.suffix in TEXT_SUFFIXES and p.is_file()
                  and p.name != "package-lock.json" and p != Path(__file__).resolve())


def test_nothing_points_outside_the_repository():
    """The rules texts the games were written from are not part of the project: what a user needs
    is in docs/, and nothing names a folder of rules or references beside the repository."""
    found = [f"{p.relative_to(ROOT)}:{n}: {line.strip()}" for p in text_files()
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if OUTSIDE.search(line)]
    assert not found, "these lines point outside the repository:\n" + "\n".join(found)


def test_the_readme_links_each_games_rules():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for game in SHIPPED:
        assert f"](docs/rules/{game}.md)" in readme, f"README.md does not link docs/rules/{game}.md"


# -- (b) the code map ------------------------------------------------------------------------------


def code_map() -> dict[str, set[str]]:
    """ARCHITECTURE.md's code map (its first fenced block): the file names it lists per folder.
    A line starts with a folder (`icewidgets/core/`) or a file path, or, indented, continues the
    folder above with a file name; `<g>` stands for every game's folder."""
    text = (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")
    block = re.search(r"^```\n(.*?)^```", text, re.S | re.M)
    assert block, "ARCHITECTURE.md has no code map (a fenced block)"
    named: dict[str, set[str]] = {}
    folder = ""
    for line in block.group(1).splitlines():
        words = line.split()
        if not words:
            continue
        if not line[0].isspace():
            head = words.pop(0)
            folder, _, file = head.rpartition("/")
            folder += "/"
            if file:
                words.insert(0, file)
        if words and re.fullmatch(r"[\w.*-]+\.\w+", words[0]):
            named.setdefault(folder, set()).add(words[0])
    return named


def test_the_code_map_names_every_module_of_the_package():
    named = code_map()
    games = {p.name for p in (PACKAGE / "games").iterdir() if (p / "__init__.py").exists()}
    missing = []
    for module in sorted(PACKAGE.rglob("*.py")):
        rel = module.relative_to(ROOT).as_posix()
        folder, name = rel.rsplit("/", 1)
        generic = folder.replace(f"games/{module.parent.name}", "games/<g>") if module.parent.name in games else None
        if name not in named.get(folder + "/", set()) and (generic is None or name not in named.get(generic + "/", set())):
            missing.append(rel)
    assert not missing, f"ARCHITECTURE.md's code map does not name: {missing}"


def test_what_the_code_map_names_exists():
    games = sorted(p.name for p in (PACKAGE / "games").iterdir() if (p / "__init__.py").exists())
    missing = []
    for folder, names in code_map().items():
        folders = [folder.replace("<g>", g) for g in games] if "<g>" in folder else [folder]
        missing += [f + n for f in folders for n in names if not any(ROOT.glob(f + n))]
    assert not missing, f"ARCHITECTURE.md's code map names what is not in the tree: {missing}"


def test_architecture_names_every_front_end_module():
    """The front end's modules are told in prose (one per thing drawn or decided): each is named
    there, by its file name or, for a region kind, by its kind."""
    text = (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")
    spans = set(re.findall(r"`([^`\n]+)`", text))
    missing = [p.relative_to(ROOT).as_posix() for p in sorted((ROOT / "js" / "src").rglob("*.ts"))
               if p.name not in text and p.stem not in spans]
    assert not missing, f"ARCHITECTURE.md does not name these front-end modules: {missing}"


# -- (c) each game's rules document ------------------------------------------------------------------


def test_each_shipped_game_has_a_rules_document():
    games = {name for name, cls in icewidgets.core.GAMES.items() if cls.__module__.startswith("icewidgets.games.")}
    assert games == set(SHIPPED)
    assert all(path.exists() for path in DOCUMENTS), [p.name for p in DOCUMENTS if not p.exists()]


@pytest.mark.parametrize("game", SHIPPED)
def test_the_options_table_is_the_variants(game):
    """Written by `python tests/write_docs.py` from the variant metadata: run it after changing an
    option."""
    path = RULES / f"{game}.md"
    text = path.read_text(encoding="utf-8")
    want = writer.with_table(text, writer.options_table(icewidgets.game_class(game).variant_type), path)
    assert text == want, f"{path.name}'s options table differs from the variant: run python tests/write_docs.py"


@pytest.mark.parametrize("game", SHIPPED)
def test_the_rule_methods_are_the_games(game):
    text = (RULES / f"{game}.md").read_text(encoding="utf-8")
    section = re.search(r"^## House rules\n(.*?)^## ", text, re.S | re.M)
    assert section, f"{game}.md has no House rules section"
    named = [n for n in re.findall(r"`([\w.]+)`", section.group(1)) if "." not in n]
    assert tuple(named) == icewidgets.game_class(game).rule_methods


@pytest.mark.parametrize("game", SHIPPED)
def test_the_example_game_replays(game):
    """Every move of the document's example game is legal: the notation shown is the engine's."""
    text = (RULES / f"{game}.md").read_text(encoding="utf-8")
    examples = re.findall(r"^```text\n(\[Game .*?)^```", text, re.S | re.M)
    assert examples, f"{game}.md has no example game"
    for example in examples:
        record = icewidgets.loads_text(example)
        assert record.game.name == game and len(record.mainline()) >= 4


def test_the_ice_fortress_readings_the_code_cites_exist():
    """The code cites Ice Fortress's readings by number, `(R11, R12)`, `(R23-R25)`: each is one of
    the document's numbered readings."""
    readings = {int(n) for n in re.findall(r"^- \*\*R(\d+)\.", (RULES / "icefortress.md").read_text(encoding="utf-8"),
                                          re.M)}
    assert readings == set(range(1, len(readings) + 1))
    cited = set()
    for module in (PACKAGE / "games" / "icefortress").glob("*.py"):
        for group in re.findall(r"\((R\d[^()]*)\)", module.read_text(encoding="utf-8")):
            for a, b in re.findall(r"\bR(\d+)(?:-R(\d+))?\b(?!\.)", group):
                cited |= set(range(int(a), int(b or a) + 1))
    assert cited and cited <= readings, f"cited but not in docs/rules/icefortress.md: {sorted(cited - readings)}"


# -- (d) what the package's docstrings name ------------------------------------------------------------


def docstrings() -> list[tuple[str, str]]:
    found = []
    for module in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(module.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                doc = ast.get_docstring(node)
                if doc:
                    found.append((f"{module.relative_to(ROOT)}:{getattr(node, 'name', 'module')}", doc))
    return found


def test_every_path_a_docstring_names_exists():
    missing = [f"{where}: {word}" for where, doc in docstrings()
               for word in (w.lstrip("(\"'`").rstrip(",;:()\"'`.") for w in doc.split())
               if looks_like_path(word) and not exists(word)]
    assert not missing, "docstrings name paths that are not in the repository:\n" + "\n".join(missing)


def test_the_path_checks_can_fail():
    """The checks above see a path that is not there, and leave move texts and MIME types alone."""
    assert looks_like_path("reference/ascendancy.md") and not exists("reference/ascendancy.md")
    assert looks_like_path("widget/gone.py") and not exists("widget/gone.py")
    assert exists("core/game.py") and exists("js/tests/fixtures/*.json") and exists("icewidgets/games/<g>/rules.py")
    assert not any(looks_like_path(w) for w in ("castle/suns", "image/svg+xml", "site/", "T3/2", "1/k"))
    assert OUTSIDE.search("see shared/rules/icetowers.txt") and not OUTSIDE.search("a shared install")


# -- (e) the reference site (docs/: Sphinx over the guide, the rules, the API and the gallery) ---------

SITE = ROOT / "docs"
PUBLIC_MODULES = ("icewidgets", "icewidgets.agents", "icewidgets.analysis", "icewidgets.kit")


def api_names() -> list[str]:
    """The names the API pages (docs/api/*.rst) document: each autodoc or py: directive's object."""
    text = "\n".join(p.read_text(encoding="utf-8") for p in sorted((SITE / "api").glob("*.rst")))
    return re.findall(r"^\.\. (?:auto\w+|py:\w+):: ([\w.]+)", text, re.M)


def public_homes(obj: Any, name: str) -> list[str]:
    """The public modules whose __all__ has `name` for this object."""
    modules = [importlib.import_module(m) for m in PUBLIC_MODULES]
    return [m.__name__ for m in modules if name in m.__all__ and getattr(m, name) is obj]


@pytest.mark.parametrize("module_name", PUBLIC_MODULES)
def test_the_api_pages_document_every_public_name(module_name):
    """Every name of the module's __all__ is documented once: under the module, or where the module
    imports it from another public one (`icewidgets.MCTS` is `icewidgets.agents.MCTS`), under that
    module, and then the module's page links it."""
    module = importlib.import_module(module_name)
    names = api_names()
    page = (SITE / "api" / f"{module_name.rpartition('.')[2]}.rst").read_text(encoding="utf-8")
    missing = []
    for name in module.__all__:
        homes = [h for h in public_homes(getattr(module, name), name) if f"{h}.{name}" in names]
        if not homes or (module_name not in homes and f"{homes[0]}.{name}`" not in page):
            missing.append(name)
    assert not missing, f"the API pages do not document {module_name}'s {missing}"
    assert len(names) == len(set(names)), "an API page documents a name twice"


def test_the_site_shows_every_rules_document_and_example():
    index = (SITE / "index.md").read_text(encoding="utf-8")
    assert all(f"\nrules/{game}\n" in index for game in SHIPPED), "docs/index.md leaves out a game's rules"
    from icewidgets.publishing.notebooks import notebooks_in, page_names

    pages = set(page_names(notebooks_in(ROOT / "examples")).values())
    linked = set(re.findall(r'href="examples/([\w.-]+\.html)"', (SITE / "gallery.md").read_text(encoding="utf-8")))
    assert linked == pages | {"index.html"}, f"docs/gallery.md links {sorted(linked)}, the examples publish as {sorted(pages)}"


def test_the_docs_command_builds_the_site_or_says_what_it_needs(tmp_path):
    """`python -m icewidgets docs` builds the site where the docs extra is installed (tests/run_all.sh
    builds it so), and elsewhere says what to install."""
    done = subprocess.run([sys.executable, "-m", "icewidgets", "docs", str(tmp_path / "site"), "--no-examples"],
                          cwd=ROOT, capture_output=True, text=True, timeout=600, check=False)
    if importlib.util.find_spec("sphinx") is None:
        assert done.returncode == 1 and 'pip install -e ".[docs]"' in done.stderr, done.stderr
    else:
        assert done.returncode == 0, done.stderr
        assert (tmp_path / "site" / "api" / "icewidgets.html").is_file()
        assert not (tmp_path / "site" / "examples").exists()
