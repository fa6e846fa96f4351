"""Published pages in Chromium, opened from file:// with every network request blocked and
counted: the example notebooks' site, built by the README's command, draws every board with no
request leaving the page; a published game steps through its record, each position drawn as the
record says; the SVG export of a node is the live board's drawing of it, and the download button
gives the very text Python writes; a move is refused with a word of why; a notebook saved from
JupyterLab with its widget state publishes the boards a run publishes, every game with its
switcher; a site published from a hostile folder runs none of its payloads, links no
`javascript:` URL, and still draws its board."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from urllib.parse import unquote, urlsplit

import nbformat
import pytest
from playwright.sync_api import expect

import icewidgets
from icewidgets.core.record import record_from_json
from icewidgets.publishing.play import PACKAGE_ZIP, PYODIDE_FILES, RUNTIME, started
from icewidgets.publishing.shipped_code import run_codes

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/, for long_games and hostile_site

from hostile_site import write_hostile_site
from lab import REPO, open_notebook, run_all, run_cell
from long_games import long_board
from play_page import Page, boards_in

pytestmark = pytest.mark.e2e

SVG = "{http://www.w3.org/2000/svg}"
LOCAL = ("file:", "data:", "blob:", "about:")


class OfflinePage:
    """A browser page whose requests beyond the local file system are aborted and counted."""

    def __init__(self, browser):
        self.context = browser.new_context(viewport={"width": 1280, "height": 1000}, accept_downloads=True)
        self.left: list[str] = []  # requests that would have left the page
        self.context.route("**/*", self._route)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))

    def _route(self, route):
        url = route.request.url
        if url.startswith(LOCAL):
            route.continue_()
        else:
            self.left.append(url)
            route.abort()

    def open(self, path: Path) -> None:
        self.page.goto(path.resolve().as_uri())
        if self.page.locator(".icw-published-board").count():
            self.page.wait_for_selector("html[data-icw-boards]", state="attached", timeout=15_000)

    def close(self) -> None:
        self.context.close()


@pytest.fixture(scope="module")
def examples_pages(examples_site) -> Path:
    """The pages of the examples, published by the README's command (run once a test run)."""
    assert examples_site.returncode == 0, examples_site.stderr[-3000:]
    return examples_site.folder


@pytest.fixture(scope="module")
def journey(tmp_path_factory) -> tuple[Path, Path]:
    """A published notebook that loads a long IceTowers game with a variation, comments and an
    annotation (the record file the test holds too)."""
    base = tmp_path_factory.mktemp("journey")
    board = long_board("icetowers", 40, comments=4)
    board.goto(6)
    board.play(board.legal_moves()[-1])
    board.comment("a line not taken")
    board.annotate(node=3, marks=["T1"], arrows=[["T1", "T2"]], highlights=["T1"])
    board.save(base / "journey.json")
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [nbformat.v4.new_markdown_cell("# Journey"),
                nbformat.v4.new_code_cell('import icewidgets\nicewidgets.load("journey.json")')]
    nbformat.write(nb, str(base / "journey.ipynb"))
    icewidgets.publish(base / "journey.ipynb", base / "site")
    return base / "site" / "journey.html", base / "journey.json"


def test_every_board_of_the_examples_site_carries_its_games_and_its_worker_starts_from_them(examples_pages):
    """Every board of every page carries its games (but a house rule of a notebook's own, which the
    page says it does not play), and the page's Python starts from them."""
    boards, unplayable = 0, set()
    for notebook in sorted((REPO / "examples").glob("*.ipynb")):
        html = (examples_pages / f"{notebook.stem}.html").read_text(encoding="utf-8")
        for data in boards_in(html):
            if "play" not in data:
                assert f"This board is not played here: {data['title']} is defined outside icewidgets" in html
                unplayable.add(notebook.name)
                continue
            play = started(data["play"])
            run_codes(play.get("code"))  # a game of the notebook's own, shipped with its page
            records = [record_from_json(r) for r in play["records"]]
            assert records[play["shown"]].game.title == data["title"], notebook.name
            page = Page(play)
            assert page.fields["title"] == data["title"] and page.fields["_timeline"], notebook.name
            boards += 1
    assert boards >= 8  # the tours' boards, their variants and the loaded records
    assert unplayable == {"house-rules.ipynb"}
    assert all((examples_pages / RUNTIME / name).is_file() for name in (*PYODIDE_FILES, PACKAGE_ZIP))


def test_the_examples_site_draws_every_board_with_no_request_leaving_the_page(examples_pages, browser):
    pages = sorted(examples_pages.glob("*.html"))
    notebooks = sorted(p.stem for p in (REPO / "examples").glob("*.ipynb"))
    assert [p.stem for p in pages if p.stem != "index"] == notebooks
    offline = OfflinePage(browser)
    try:
        offline.open(examples_pages / "index.html")
        links = offline.page.locator("a").evaluate_all("(as) => as.map((a) => a.getAttribute('href'))")
        assert sorted(links) == [f"{n}.html" for n in notebooks]
        boards_seen = 0
        for path in pages:
            offline.open(path)
            holders = offline.page.locator(".icw-published-board")
            boards = offline.page.locator(".icw-published-board .icw-board")
            expect(boards).to_have_count(holders.count())
            for i in range(boards.count()):
                board = boards.nth(i)
                assert board.locator("svg.icw-scene .icw-region").count() > 0, f"{path.name}: board {i} drew nothing"
                # each steps to its start and back to where it was published
                shown = board.get_attribute("data-cursor")
                if shown == "0":
                    continue  # a new game, shown at its start
                board.locator('.icw-nav button[data-nav="start"]').click()
                expect(board).to_have_attribute("data-cursor", "0")
                board.locator(f'.icw-timeline [data-node="{shown}"]').click()
                expect(board).to_have_attribute("data-cursor", shown)
            assert offline.page.locator(".icw-scene-error").count() == 0
            boards_seen += boards.count()
        assert boards_seen >= 8  # the tours' boards, their variants and the loaded records
        assert offline.left == [], offline.left
        assert offline.errors == []
    finally:
        offline.close()


def element_rows(root: ET.Element) -> list[tuple[str, dict[str, str], str]]:
    """Each element of an exported SVG, in order: tag, attributes (styles aside), its own text."""
    rows = []
    for el in root.iter():
        dropped = ("style", "width", "height") if el is root else ("style",)  # the root's size is the file's
        attrs = {k: v for k, v in el.attrib.items() if k not in dropped}
        rows.append((el.tag.removeprefix(SVG), attrs, (el.text or "").strip()))
    return rows


LIVE_ROWS = """(svg) => {
  const props = PROPS;
  return [svg, ...svg.querySelectorAll("*")].map((el) => {
    const attrs = {};
    for (const a of el.attributes) if (a.name !== "style") attrs[a.name] = a.value;
    const text = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.nodeValue).join("").trim();
    const cs = getComputedStyle(el);
    const styles = {};
    for (const p of props) styles[p] = cs.getPropertyValue(p);
    return [el.localName, attrs, text, styles];
  });
}"""
PROPS = ["fill", "fill-opacity", "stroke", "stroke-width", "stroke-dasharray", "opacity", "font-size",
         "font-weight", "font-style", "text-anchor", "stroke-linejoin", "display"]


def colour(value: str) -> tuple[float, ...] | str:
    """A colour as numbers (rgb() or hex; transparent as a zero alpha), else the text."""
    v = value.strip().lower()
    if v == "transparent":
        return (0.0, 0.0, 0.0, 0.0)
    if m := re.fullmatch(r"#([0-9a-f]{3}|[0-9a-f]{6})", v):
        digits = m.group(1) if len(m.group(1)) == 6 else "".join(c + c for c in m.group(1))
        return (*(float(int(digits[i:i + 2], 16)) for i in (0, 2, 4)), 1.0)
    if m := re.fullmatch(r"color\(srgb ([^)]*)\)", v):  # how Chromium gives a color-mix()
        parts = [float(x) for x in re.split(r"[\s/]+", m.group(1)) if x]
        return (*(255 * x for x in parts[:3]), parts[3] if len(parts) > 3 else 1.0)
    if m := re.fullmatch(r"rgba?\(([^)]*)\)", v):
        parts = [float(x) for x in re.split(r"[\s,/]+", m.group(1)) if x]
        return (*parts[:3], parts[3] if len(parts) > 3 else 1.0)
    return v


def same_style(prop: str, exported: str, computed: str) -> bool:
    if prop in ("fill", "stroke"):
        a, b = colour(exported), colour(computed)
        if isinstance(a, tuple) and isinstance(b, tuple):
            return all(abs(x - y) <= 1.01 for x, y in zip(a, b, strict=True))
        return a == b
    numbers = lambda s: [float(x) for x in re.findall(r"-?[\d.]+", s)]  # noqa: E731
    if prop in ("stroke-width", "stroke-dasharray", "font-size", "opacity", "fill-opacity", "font-weight"):
        if exported in ("bold", "normal") or computed in ("bold", "normal"):
            return {"600": "600", "bold": "700", "normal": "400"}.get(exported, exported) == computed
        return numbers(exported) == pytest.approx(numbers(computed)) or (exported == "none" == computed)
    return exported.strip() == computed.strip()


def compare_drawing(page, board, svg_text: str, styles: bool = True) -> None:
    """The live drawing of the board equals the exported SVG: the same elements, attributes and
    text in the same order, and (`styles`) each exported inline style equal to the live computed
    style. A notebook page wears JupyterLab's theme, whose greys differ a shade from the board's
    own palette that a picture is drawn in: styles are compared on a page of the board alone."""
    root = ET.fromstring(svg_text.encode("utf-8"))
    exported = element_rows(root)
    live = board.locator("svg.icw-scene").evaluate(LIVE_ROWS.replace("PROPS", repr(PROPS)))
    assert len(live) == len(exported)
    marks = re.compile(r"\s*\bicw-(target|selected|kind-\S+|hinted)\b")
    for (etag, eattrs, etext), (ltag, lattrs, ltext, lstyle), el in zip(exported, live, root.iter(), strict=True):
        lattrs.pop("xmlns", None)
        eattrs.pop("xmlns", None)
        if "class" in lattrs:
            lattrs["class"] = marks.sub("", lattrs["class"])
        assert (ltag, lattrs, ltext) == (etag, eattrs, etext)
        for decl in filter(None, (el.get("style") or "").split(";")):
            prop, value = decl.split(":", 1)
            if styles and prop in lstyle and ltag != "svg":
                assert same_style(prop, value, lstyle[prop]), (etag, eattrs.get("class"), prop, value, lstyle[prop])


def test_a_published_game_steps_through_its_record_drawn_as_the_record_says(journey, browser):
    page_path, record_path = journey
    board_py = icewidgets.load(record_path)
    record = board_py.record
    offline = OfflinePage(browser)
    try:
        offline.open(page_path)
        page = offline.page
        board = page.locator(".icw-board")
        end = record.mainline()[-1].id
        expect(board).to_have_attribute("data-cursor", str(end))
        room = int(board.get_attribute("data-room"))
        # back through the main line by the key, every position as the record draws it
        board.focus()
        for node in reversed(record.mainline()):
            expect(board).to_have_attribute("data-cursor", str(node.id))
            expect(board.locator(".icw-status")).to_have_text(board_py.game.status(node.state, record.players))
            compare_drawing(page, board, board_py.to_svg(node, width=room), styles=False)
            page.keyboard.press("ArrowLeft")
        expect(board).to_have_attribute("data-cursor", "0")
        # the variation, from the move list; its comment and the annotation show
        variation = next(n for n in record.nodes if n.comment == "a line not taken")
        board.locator(f'.icw-timeline [data-node="{variation.id}"]').click()
        expect(board).to_have_attribute("data-cursor", str(variation.id))
        compare_drawing(page, board, board_py.to_svg(variation, width=room), styles=False)
        expect(board.locator(".icw-comment-text")).to_have_text("a line not taken")
        # only what a reader can use: no comment box that cannot save, no agents, no editor, no form
        expect(board.locator(".icw-published-note")).to_contain_text("need a running notebook")
        for hidden in (".icw-comment textarea", ".icw-agents", ".icw-chance", ".icw-hints"):
            expect(board.locator(hidden)).to_be_hidden()
        expect(board.locator(".icw-variant, .icw-edit button:visible")).to_have_count(0)
        noted = next(n for n in record.nodes if n.annotations)
        board.locator(f'.icw-timeline [data-node="{noted.id}"]').click()
        expect(board.locator(".icw-annotations")).to_have_text("marks: T1")
        # the download button gives the very SVG Python writes for this node
        with page.expect_download() as download:
            board.locator("button.icw-download").click()
        assert Path(download.value.path()).read_text(encoding="utf-8") == board_py.to_svg(noted, width=room)
        # a move is refused with a word of why, and nothing changes
        board.locator('svg.icw-scene [data-id^="free:"]').first.click()
        expect(board.locator(".icw-error")).to_contain_text("need a running notebook")
        expect(board).to_have_attribute("data-cursor", str(noted.id))
        assert offline.left == [] and offline.errors == []
    finally:
        offline.close()


def test_the_svg_export_is_the_live_board_s_drawing_styles_and_all(journey, browser, tmp_path):
    _, record_path = journey
    board_py = icewidgets.load(record_path)
    offline = OfflinePage(browser)
    try:
        offline.open(board_py.to_html(tmp_path / "board.html"))
        board = offline.page.locator(".icw-board")
        room = int(board.get_attribute("data-room"))
        for node in (board_py.record.mainline()[-1], board_py.record.node(3), board_py.record.root):
            board.locator(f'.icw-timeline [data-node="{node.id}"]').click()
            expect(board).to_have_attribute("data-cursor", str(node.id))
            compare_drawing(offline.page, board, board_py.to_svg(node, width=room))
        assert offline.left == [] and offline.errors == []
    finally:
        offline.close()


def test_jupyterlab_shows_the_widget_not_the_picture_that_comes_with_it(lab, page):
    open_notebook(page, lab, "picture.ipynb", ['import icewidgets\nboard = icewidgets.play("stacktics", seed=0)\nboard'])
    run_all(page)
    expect(page.locator(".icw-board")).to_have_count(1)
    expect(page.locator('.jp-OutputArea-output[data-mime-type="image/svg+xml"]')).to_have_count(0)
    page.locator(".icw-board button.icw-download").wait_for()


SAVED_CELLS = [
    'import icewidgets, json\nfrom icewidgets.publishing.payload import board_published\n'
    'board = icewidgets.play("icetowers", players=2, seed=4, names=["Ann", "Ben"])\nboard',
]
# After the page's move: a variation and a comment, then a game set up from the position shown,
# a move there, and back to the first game
PLAYED = ('board.play("g1>r2"); board.goto(1); board.play("g1>r1"); board.comment("or this")\n'
          'board.setup(); board.play(board.legal_moves()[0]); board.switch_game(0)')


def test_a_notebook_saved_with_its_widget_state_publishes_the_boards_its_run_does(lab, page, browser, tmp_path):
    """JupyterLab saves the widget state the page holds, the move list's splices and the records'
    patches applied: `publish --saved` rebuilds the board from it, each game, as a run would."""
    open_notebook(page, lab, "saved.ipynb", SAVED_CELLS)
    run_all(page)
    board = page.locator(".icw-board")
    board.locator('.icw-actors button[data-seat="0"]').click()
    board.locator('svg.icw-scene .icw-target[data-id="free:r3"]').click()
    board.locator('svg.icw-scene .icw-target[data-id="free:g3"]').click()
    expect(board).to_have_attribute("data-cursor", "1")
    run_cell(page, PLAYED)
    expect(board.locator(".icw-games select option")).to_have_count(2)
    ran = json.loads(run_cell(page, "print(json.dumps(board_published(board)))"))
    page.locator("#jp-menu-panel .lm-MenuBar-itemLabel", has_text=re.compile("^Settings$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile("^Save Widget State Automatically$")).click()
    page.locator("#jp-menu-panel .lm-MenuBar-itemLabel", has_text=re.compile("^File$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile("^Save Notebook$")).click()
    path = lab.root / "saved.ipynb"
    expect(page.locator(".jp-mod-dirty")).to_have_count(0)
    saved = nbformat.read(str(path), as_version=4)
    assert "widgets" in saved.metadata, "JupyterLab saved no widget state"
    icewidgets.publish(path, tmp_path / "site", execute=False)
    published = (tmp_path / "site" / "saved.html").read_text(encoding="utf-8")
    (data,) = boards_in(published)
    assert data == ran
    assert [label for label, _ in data["games"]] == ["1: IceTowers, 2 players, seed 4", data["games"][1][0]]

    offline = OfflinePage(browser)
    try:
        offline.open(tmp_path / "site" / "saved.html")
        shown = offline.page.locator(".icw-published-board .icw-board")
        expect(shown.locator(".icw-timeline [data-node]")).to_have_count(len(data["timeline"]))
        shown.locator(".icw-games select").select_option("1")
        expect(shown.locator(".icw-timeline [data-node]")).to_have_count(len(data["games"][1][1]["timeline"]))
        assert offline.left == [] and offline.errors == []
    finally:
        offline.close()


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory) -> tuple[Path, dict]:
    """The command over a folder of hostile notebooks beside a normal one, from their saved outputs."""
    base = tmp_path_factory.mktemp("hostile")
    expected = write_hostile_site(base / "notebooks")
    done = subprocess.run([sys.executable, "-m", "icewidgets", "publish", "notebooks/", "site/", "--saved", "--jobs", "2"],
                          cwd=base, capture_output=True, text=True, timeout=300)
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr[-3000:]
    for notebook, widget in expected["refused"].items():
        assert re.search(rf"{re.escape(notebook)}: .*{re.escape(widget)}", done.stderr), done.stderr
    return base / "site", expected


URLS = """() => [...document.querySelectorAll("*")].flatMap((el) => [...el.attributes]
  .filter((a) => ["href", "src", "action", "formaction", "data", "xlink:href"].includes(a.name))
  .map((a) => a.value))"""


def test_a_hostile_site_runs_none_of_its_payloads_and_still_draws_its_board(hostile_site, browser, tmp_path):
    site, expected = hostile_site
    offline = OfflinePage(browser)
    page = offline.page
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    refused: list[str] = []  # what the page's policy had to stop
    page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)

    def assert_nothing_ran(name: str) -> None:
        page.wait_for_timeout(300)  # a handler that fires after load (ontoggle, a failed image) has fired
        assert page.evaluate("() => window.icwPwned") is None, name
        urls = page.evaluate(URLS)
        assert not [u for u in urls if re.sub(r"[\x00-\x20]", "", u).lower().startswith("javascript:")], name

    try:
        offline.open(site / "index.html")
        assert_nothing_ran("index.html")
        links = page.locator("main a")
        assert links.count() == len(expected["pages"])
        for i in range(links.count()):  # every link opens its page
            offline.open(site / "index.html")
            links.nth(i).click()
            page.wait_for_load_state()
            assert page.url.startswith("file://") and Path(unquote(urlsplit(page.url).path)).is_file(), page.url
            assert_nothing_ran(page.url)
        for name in expected["pages"].values():
            offline.open(site / name)
            assert_nothing_ran(name)
            assert page.locator(".icw-scene-error").count() == 0, name
        # the hostile page's board (a seat's view: the one position saved) draws, its markup as text
        offline.open(site / "hostile.html")
        frozen = page.locator(".icw-published-board .icw-board")
        expect(frozen).to_have_count(1)
        assert frozen.locator("svg.icw-scene .icw-region").count() > 0
        # the normal board draws and steps through its record
        offline.open(site / "normal.html")
        board = page.locator(".icw-published-board .icw-board")
        expect(board).to_have_count(1)
        assert board.locator("svg.icw-scene .icw-region").count() > 0
        expect(board).to_have_attribute("data-cursor", "3")
        board.locator('.icw-nav button[data-nav="start"]').click()
        expect(board).to_have_attribute("data-cursor", "0")
        board.locator('.icw-timeline [data-node="3"]').click()
        expect(board).to_have_attribute("data-cursor", "3")
        assert refused == []  # the sanitizer left the policy nothing to stop
        # what got past a sanitizer would still not run: the policy runs only the viewer
        smuggled = (site / "normal.html").read_text(encoding="utf-8").replace(
            "<main>", "<main><img src=x onerror=\"window.icwPwned='past'\"><script>window.icwPwned='inline'</script>", 1)
        (site / "smuggled.html").write_text(smuggled, encoding="utf-8")
        offline.open(site / "smuggled.html")
        page.wait_for_timeout(300)
        assert page.evaluate("() => window.icwPwned") is None
        assert len(refused) >= 2 and page.locator(".icw-published-board .icw-board svg.icw-scene").count() == 1
        assert dialogs == [] and offline.errors == [] and offline.left == [], (dialogs, offline.errors, offline.left)
    finally:
        offline.close()
