"""Publishing what a hostile user hands over: a site is meant to be shared, so it never runs what
it shows. Notebook names become relative links; markdown, HTML and SVG outputs, raw cells and saved
HTML widgets go through a sanitizer (unless the designer trusts the notebooks); each page allows
only its own viewer script by hash and fetches no picture from elsewhere (unless asked); malformed saved widget state and failing notebooks are
refused by name while the other pages and the index are written. The same site is opened in
Chromium in tests/e2e/test_publish_browser.py."""

from __future__ import annotations

import base64
import hashlib
import io
import json
import random
import re
import subprocess
import sys
from html import unescape
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import nbformat
import pytest
from hypothesis import given
from hypothesis import strategies as st

import icewidgets
from icewidgets.publishing.notebooks import PublishError
from icewidgets.publishing.page import BOARD_TYPE
from icewidgets.publishing.sanitize import clean_html
from icewidgets.publishing.saved import WIDGET_VIEW, SavedStateError, replace_widgets, widget_states

from hostile_site import (
    MARK,
    board_widget,
    code,
    hostile_notebook,
    new_notebook,
    normal_board,
    output,
    saved_widget,
    widget_view,
    write_hostile_site,
)
from json_mutations import JSON, mutate
from strength import examples

ROOT = Path(__file__).resolve().parent.parent
VIEWER = (ROOT / "icewidgets/static/publish.js").read_text(encoding="utf-8").replace("</script", "<\\/script")
URL_ATTRIBUTES = {"href", "src", "action", "formaction", "data", "srcdoc", "xlink:href", "background", "poster"}


class Elements(HTMLParser):
    """Every element of a page: tag, attributes, and each script's text."""

    def __init__(self, page: str):
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, dict[str, str]]] = []
        self.scripts: list[tuple[dict[str, str], str]] = []
        self._script: dict[str, str] | None = None
        self.feed(page)

    def handle_starttag(self, tag, attrs):
        attributes = {k: v or "" for k, v in attrs}
        self.elements.append((tag, attributes))
        if tag == "script":
            self._script = attributes
            self.scripts.append((attributes, ""))

    def handle_endtag(self, tag):
        if tag == "script":
            self._script = None

    def handle_data(self, data):
        if self._script is not None:
            attributes, text = self.scripts[-1]
            self.scripts[-1] = (attributes, text + data)


def dangers(page: str) -> list[str]:
    """What in a page could run script or take it over: scripts other than the viewer and the
    boards' data, event handlers, URLs with a scheme that runs or renders script, frames, forms,
    objects, a <base>, a refresh, a stylesheet or a style that lifts content out of its place."""
    found = []
    parsed = Elements(page)
    for attributes, text in parsed.scripts:
        if attributes.get("type") == BOARD_TYPE:
            json.loads(text)
        elif text != VIEWER:
            found.append(f"script {attributes} {text[:60]!r}")
    for tag, attributes in parsed.elements:
        if tag in ("iframe", "frame", "object", "embed", "form", "base", "applet", "link") or (
                tag == "meta" and "http-equiv" in attributes and attributes["http-equiv"].lower() == "refresh"):
            found.append(f"<{tag}>")
        for name, value in attributes.items():
            squeezed = re.sub(r"[\x00-\x20]", "", value).lower()
            if name.startswith("on"):
                found.append(f"<{tag} {name}>")
            if name in URL_ATTRIBUTES and (squeezed.startswith(("javascript:", "vbscript:")) or (
                    squeezed.startswith("data:") and not (tag == "img" and squeezed.startswith("data:image/")))):
                found.append(f"<{tag} {name}={value[:40]!r}>")
            if name == "style" and re.search(r"position|url\(|expression|behavior|binding", squeezed):
                found.append(f"<{tag} style={value[:40]!r}>")
            if name == "class" and tag != "div" and "icw-published-board" in value:
                found.append(f"<{tag} class={value!r}>")
    return found


def holders(page: str) -> int:
    return sum(1 for tag, a in Elements(page).elements if "icw-published-board" in a.get("class", "").split())


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory):
    base = tmp_path_factory.mktemp("hostile")
    expected = write_hostile_site(base / "notebooks")
    with pytest.raises(PublishError) as refused:
        icewidgets.publish(base / "notebooks", base / "site", execute=False, jobs=2)
    return base / "site", expected, refused.value


# -- 15: names ----------------------------------------------------------------------------------

def test_index_links_are_relative_paths_to_the_pages_whatever_the_notebooks_are_named(hostile_site):
    site, expected, _ = hostile_site
    index = (site / "index.html").read_text(encoding="utf-8")
    links = [a["href"] for tag, a in Elements(index).elements if tag == "a"]
    assert sorted(unquote(href) for href in links) == sorted(expected["pages"].values())
    for href in links:
        assert urlsplit(href).scheme == "" and not href.startswith(("/", "\\")), href
        assert (site / unquote(href)).is_file()
    assert "javascript:alert(document.domain).ipynb" in index  # the name, shown as text
    assert dangers(index) == []


# -- 16: content ----------------------------------------------------------------------------------

def test_no_page_of_the_hostile_site_holds_anything_that_runs(hostile_site):
    site, expected, _ = hostile_site
    pages = sorted(site.glob("*.html"))
    assert sorted(p.name for p in pages) == sorted([*expected["pages"].values(), "index.html"])
    for path in pages:
        page = path.read_text(encoding="utf-8")
        assert dangers(page) == [], path.name
        assert not [(tag, a) for tag, a in Elements(page).elements  # nor anywhere else in an attribute
                    if any("javascript:" in re.sub(r"[\x00-\x20]", "", v).lower() for v in a.values())], path.name


def test_what_the_hostile_notebook_shows_survives_as_text_and_harmless_markup(hostile_site):
    site, _, _ = hostile_site
    page = (site / "hostile.html").read_text(encoding="utf-8")
    assert "<b>bold</b>" in page and "<i>value</i>" in page  # the HTML output's and the HTML widget's own markup
    assert "&lt;script&gt;window.icwPwned='label'&lt;/script&gt;" in page  # a label is text
    assert "[a link]" not in page and ">a link</a>" in page  # the link is kept, its URL dropped
    svg = re.search(r'src="data:image/svg\+xml;base64,([^"]+)"', page).group(1)
    assert "onload" in base64.b64decode(svg).decode()  # an SVG output is a picture (<img>): it runs nothing
    assert holders(page) == 1  # the one board; the note that claims the class is not a board


def test_every_page_allows_only_its_own_viewer_script_by_hash(hostile_site):
    site, _, _ = hostile_site
    digest = base64.b64encode(hashlib.sha256(VIEWER.encode("utf-8")).digest()).decode()
    for path in sorted(site.glob("*.html")):
        page = path.read_text(encoding="utf-8")
        policy = [a["content"] for tag, a in Elements(page).elements
                  if tag == "meta" and a.get("http-equiv", "").lower() == "content-security-policy"]
        assert len(policy) == 1, path.name
        scripts = re.search(r"script-src ([^;]*)", policy[0]).group(1).split()
        assert scripts == ([f"'sha256-{digest}'"] if holders(page) else ["'none'"]), path.name
        assert "'unsafe-inline'" not in scripts and "default-src 'none'" in policy[0]
        assert "<script" not in page[:page.index("Content-Security-Policy")], path.name


def legit_notebook() -> object:
    """What a designer's notebook shows: headings, emphasis, links, a table, pictures as data URIs
    (markdown, an HTML output, matplotlib's PNG and SVG), code, a pandas table."""
    pd = pytest.importorskip("pandas")
    from matplotlib.figure import Figure

    fig = Figure(figsize=(1, 1))
    fig.add_subplot().plot([1, 2])
    png, svg = io.BytesIO(), io.StringIO()
    fig.savefig(png, format="png")
    fig.savefig(svg, format="svg")
    dot = base64.b64encode(png.getvalue()).decode()
    markdown = (f"# Study\n\n## Openings *compared*\n\n**bold**, `code`, [rules](https://example.org/rules)\n\n"
                f"| a | b |\n|---|---|\n| 1 | 2 |\n\n![dot](data:image/png;base64,{dot})\n\n"
                '```python\nboard.play("b1:2-a2")\n```\n\n<span style="color: red; font-weight: bold">red</span>\n\n'
                '<details><summary>more</summary>hidden</details>')
    frame = pd.DataFrame({"wins": [3, 4]}, index=["Ann", "Ben"])
    return new_notebook([
        nbformat.v4.new_markdown_cell(markdown),
        code(output({"text/html": frame._repr_html_(), "text/plain": repr(frame)}), source="frame"),
        code(output({"image/png": dot, "text/plain": "<Figure>"})),
        code(output({"image/svg+xml": svg.getvalue(), "text/plain": "<Figure>"})),
        code(output({"text/html": f'<img src="data:image/png;base64,{dot}" alt="plot"> <a href="#Study">top</a>'})),
    ])


def test_what_a_designer_s_notebook_shows_survives_the_sanitizer(tmp_path):
    nbformat.write(legit_notebook(), str(tmp_path / "study.ipynb"))
    icewidgets.publish(tmp_path / "study.ipynb", tmp_path / "site", execute=False)
    page = (tmp_path / "site/study.html").read_text(encoding="utf-8")
    assert re.search(r'<h2 id="Openings-compared">Openings <em>compared</em>', page)
    assert "<strong>bold</strong>" in page and "<code>code</code>" in page
    assert re.search(r'<a href="https://example.org/rules"[^>]*>rules</a>', page)
    assert re.search(r"<table>\s*<thead>\s*<tr>\s*<th>a</th>", page)
    assert page.count('src="data:image/png;base64,') == 3  # markdown, HTML output, the plot
    svg = re.search(r'<img [^>]*src="data:image/svg\+xml;base64,([^"]+)"', page).group(1)
    assert base64.b64decode(svg).decode().lstrip().startswith("<?xml")  # matplotlib's SVG, whole
    assert '<table border="1" class="dataframe">' in page and "<th>Ann</th>" in page
    assert re.search(r'<span style="color: ?red; ?font-weight: ?bold;?">red</span>', page)
    assert "<details><summary>more</summary>hidden</details>" in page
    assert 'href="#Study"' in page and 'class="highlight' in page  # a code block, highlighted
    assert dangers(page) == []


def test_trusted_notebooks_keep_their_raw_html_and_their_pages_no_policy(tmp_path):
    board = normal_board()
    nbformat.write(hostile_notebook(board), str(tmp_path / "mine.ipynb"))
    icewidgets.publish(tmp_path / "mine.ipynb", tmp_path / "site", execute=False, trust=True)
    page = (tmp_path / "site/mine.html").read_text(encoding="utf-8")
    assert f'<script>{MARK}="md-script"</script>' in page and "onerror=\"window.icwPwned='html-img'\"" in page
    assert f"{MARK}='js-output'" in page and "onerror=\"window.icwPwned='widget-html'\"" in page
    assert "Content-Security-Policy" not in page
    assert "&lt;/pre&gt;&lt;script&gt;" in page  # a mermaid output is text even so (no renderer)


def test_the_command_line_trusts_on_request_only(tmp_path):
    nbformat.write(hostile_notebook(normal_board()), str(tmp_path / "mine.ipynb"))
    for flags, scripts in (([], False), (["--trust"], True)):
        done = subprocess.run([sys.executable, "-m", "icewidgets", "publish", str(tmp_path / "mine.ipynb"),
                               str(tmp_path / "out"), "--saved", *flags], capture_output=True, text=True, cwd=ROOT,
                              timeout=120)
        assert done.returncode == 0, done.stderr
        page = (tmp_path / "out/mine.html").read_text(encoding="utf-8")
        assert (f'<script>{MARK}="md-script"</script>' in page) is scripts


# -- pictures from elsewhere ------------------------------------------------------------------------

DOT = "data:image/gif;base64,R0lGODlhAQABAAAAACw="
REMOTE = {  # each picture's URL: what its link points to, and its link's text
    "https://example.com/logo.png": ("https://example.com/logo.png", "image: logo"),
    "https://example.org/chart.svg?w=1&h=2": ("https://example.org/chart.svg?w=1&h=2", "image: chart"),
    "//cdn.example.net/x.png": ("https://cdn.example.net/x.png", "image: cdn"),
    "figures/plot.png": ("figures/plot.png", "image: beside"),
    "http://example.com/widget.png": ("http://example.com/widget.png", "image: widget"),
}


def pictures_notebook() -> object:
    """Pictures fetched from elsewhere in markdown, an HTML output and a saved HTML widget (an
    absolute URL, a protocol-relative one, a file beside the notebook), and one the page carries."""
    return new_notebook([
        nbformat.v4.new_markdown_cell("# Pictures\n\n![logo](https://example.com/logo.png) ![beside](figures/plot.png)"),
        code(output({"text/html": '<img src="https://example.org/chart.svg?w=1&amp;h=2" alt="chart">'
                                  f'<img src="//cdn.example.net/x.png" alt="cdn"><img src="{DOT}" alt="dot">'})),
        code(widget_view("w")),
    ], {"w": saved_widget("HTMLModel", value='<img src="http://example.com/widget.png" alt="widget">')})


def policy_of(page: str) -> dict[str, list[str]]:
    """A page's Content-Security-Policy, each directive's sources by its name."""
    (content,) = [a["content"] for tag, a in Elements(page).elements
                  if tag == "meta" and a.get("http-equiv", "").lower() == "content-security-policy"]
    return {d.split()[0]: d.split()[1:] for d in content.split(";") if d.strip()}


def pictures(page: str) -> list[str]:
    return [a["src"] for tag, a in Elements(page).elements if tag == "img" and "src" in a]


def image_links(page: str) -> dict[str, str]:
    """Each link whose text says it is a picture: its href by its text."""
    return {text: unescape(href) for href, text in re.findall(r'<a href="([^"]*)"[^>]*>(image: [^<]*)</a>', page)}


def publish_pictures(tmp_path: Path, **options: object) -> str:
    nbformat.write(pictures_notebook(), str(tmp_path / "pictures.ipynb"))
    icewidgets.publish(tmp_path / "pictures.ipynb", tmp_path / "site", execute=False, **options)
    return (tmp_path / "site/pictures.html").read_text(encoding="utf-8")


def test_pictures_from_elsewhere_become_links_and_the_policy_loads_none(tmp_path):
    page = publish_pictures(tmp_path)
    assert pictures(page) == [DOT]  # the one the page carries
    assert image_links(page) == {text: href for href, text in REMOTE.values()}
    assert policy_of(page) == {"default-src": ["'none'"], "script-src": ["'none'"],
                               "style-src": ["'unsafe-inline'"], "img-src": ["data:", "blob:"],
                               "font-src": ["data:"], "base-uri": ["'none'"], "form-action": ["'none'"]}
    assert dangers(page) == []


def test_remote_images_keeps_http_and_https_pictures_and_lets_the_policy_load_them(tmp_path):
    page = publish_pictures(tmp_path, remote_images=True)
    kept = ["https://example.com/logo.png", "https://example.org/chart.svg?w=1&h=2", "http://example.com/widget.png"]
    assert sorted(pictures(page)) == sorted([*kept, DOT])
    assert image_links(page) == {"image: cdn": "https://cdn.example.net/x.png", "image: beside": "figures/plot.png"}
    policy = policy_of(page)
    assert policy["img-src"] == ["data:", "blob:", "https:", "http:"]
    assert policy["default-src"] == ["'none'"] and policy["script-src"] == ["'none'"]  # images only


def test_trusted_pages_keep_their_pictures_as_they_are_with_no_policy(tmp_path):
    page = publish_pictures(tmp_path, trust=True)
    assert {"https://example.com/logo.png", "//cdn.example.net/x.png", "figures/plot.png"} <= set(pictures(page))
    assert image_links(page) == {} and "Content-Security-Policy" not in page


def test_the_command_line_keeps_remote_pictures_on_request_only(tmp_path):
    nbformat.write(pictures_notebook(), str(tmp_path / "pictures.ipynb"))
    for flags, kept in (([], []), (["--remote-images"], ["https://example.com/logo.png"])):
        done = subprocess.run([sys.executable, "-m", "icewidgets", "publish", str(tmp_path / "pictures.ipynb"),
                               str(tmp_path / "out"), "--saved", *flags], capture_output=True, text=True, cwd=ROOT,
                              timeout=120)
        assert done.returncode == 0, done.stderr
        page = (tmp_path / "out/pictures.html").read_text(encoding="utf-8")
        assert [src for src in pictures(page) if "logo" in src] == kept


@pytest.mark.parametrize(("html", "expected"), [
    ('<a href="https://example.com/"><img src="https://img.example.com/badge.svg" alt="build"></a>',
     '<a href="https://example.com/" rel="noopener noreferrer">image: build</a>'),  # no link inside a link
    ('<img src="HTTPS://example.com/a.png">',
     '<a href="HTTPS://example.com/a.png" rel="noopener noreferrer">image: HTTPS://example.com/a.png</a>'),
    ('<p title="<img src=x>"><img src="a.png" alt="<b>"></p>',
     '<p title="&lt;img src=x&gt;"><a href="a.png" rel="noopener noreferrer">image: &lt;b&gt;</a></p>'),
    ('<img alt="none">', '<img alt="none">'),  # no source: nothing to fetch
])
def test_the_sanitizer_turns_each_picture_from_elsewhere_into_a_link(html, expected):
    assert clean_html(html) == expected


# -- 17: files and failures -------------------------------------------------------------------------

def test_a_target_that_is_a_file_is_refused_by_name(tmp_path):
    nbformat.write(new_notebook([nbformat.v4.new_markdown_cell("# A")]), str(tmp_path / "a.ipynb"))
    (tmp_path / "taken").write_text("mine", encoding="utf-8")
    with pytest.raises(PublishError, match=re.escape(str(tmp_path / "taken")) + ".*not a folder"):
        icewidgets.publish(tmp_path / "a.ipynb", tmp_path / "taken", execute=False)
    done = subprocess.run([sys.executable, "-m", "icewidgets", "publish", str(tmp_path / "a.ipynb"),
                           str(tmp_path / "taken"), "--saved"], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert str(tmp_path / "taken") in done.stderr and "not a folder" in done.stderr
    assert (tmp_path / "taken").read_text(encoding="utf-8") == "mine"


def test_notebooks_whose_pages_would_share_a_name_get_names_of_their_own(tmp_path):
    for name in ("index", "index-notebook", "Index-Notebook", "plain"):
        nbformat.write(new_notebook([nbformat.v4.new_markdown_cell(f"# {name} here")]), str(tmp_path / f"{name}.ipynb"))
    pages = icewidgets.publish(tmp_path, tmp_path / "site", execute=False)
    names = [p.path.name for p in pages]
    assert len({n.lower() for n in names}) == 4 and "index.html" not in names
    for page in pages:  # each page is its own notebook's
        assert f"{page.source.stem} here" in page.path.read_text(encoding="utf-8")
    index = (tmp_path / "site/index.html").read_text(encoding="utf-8")
    assert sorted(unquote(a["href"]) for t, a in Elements(index).elements if t == "a") == sorted(names)


@pytest.mark.notebook
def test_a_failing_notebook_is_named_and_the_others_and_the_index_are_written(tmp_path):
    nbformat.write(new_notebook([nbformat.v4.new_markdown_cell("# Fine"), nbformat.v4.new_code_cell("1 + 1")]),
                   str(tmp_path / "fine.ipynb"))
    nbformat.write(new_notebook([nbformat.v4.new_code_cell("1 / 0")]), str(tmp_path / "broken.ipynb"))
    done = subprocess.run([sys.executable, "-m", "icewidgets", "publish", str(tmp_path), str(tmp_path / "site"),
                           "--jobs", "2"], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert re.search(r"broken\.ipynb.*ZeroDivisionError", done.stderr, re.S), done.stderr
    assert "fine.ipynb" not in done.stderr and "fine.html" in done.stdout
    index = (tmp_path / "site/index.html").read_text(encoding="utf-8")
    assert 'href="fine.html"' in index and "broken" not in index
    assert not (tmp_path / "site/broken.html").exists()


@pytest.mark.notebook
def test_what_a_kernel_writes_to_its_own_stderr_stays_out_of_the_report(tmp_path):
    """A kernel's log (zmq's shutdown noise, say) is not the publisher's to print."""
    noisy = "import sys; print('Traceback (most recent call last):', file=sys.__stderr__, flush=True)"
    nbformat.write(new_notebook([nbformat.v4.new_code_cell(noisy)]), str(tmp_path / "noisy.ipynb"))
    done = subprocess.run([sys.executable, "-m", "icewidgets", "publish", str(tmp_path), str(tmp_path / "site")],
                          capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr


# -- 18: malformed saved widget state ------------------------------------------------------------

def test_malformed_saved_widget_state_is_refused_naming_the_notebook_and_the_widget(hostile_site):
    _, expected, error = hostile_site
    message = str(error)
    for notebook, widget in expected["refused"].items():
        line = next((ln for ln in message.splitlines() if notebook in ln), "")
        assert widget in line, (notebook, message)
    assert "Traceback" not in message and len(message) < 3000
    assert sorted(p.source.name for p in error.pages) == sorted(expected["pages"])  # the others were written
    assert sorted(f.name for f in error.failures) == sorted(expected["refused"])


def test_the_normal_board_of_the_hostile_site_still_steps_through_its_record(hostile_site):
    site, _, _ = hostile_site
    page = (site / "normal.html").read_text(encoding="utf-8")
    (data,) = [json.loads(t) for a, t in Elements(page).scripts if a.get("type") == BOARD_TYPE]
    assert [row[3] for row in data["timeline"]] == [
        "start", "the small from b1 to a2", "the small from b5 to e2", "the small from d1 takes e2"]


def saved_board() -> dict:
    """A board's saved widget state, less what publishing does not read (the bundle, the styles,
    the controls' traits), so that a mutation lands where it is read."""
    widget = board_widget(normal_board())
    kept = ("_model_name", "scene", "_timeline", "cursor", "variant_schema", "seed", "title", "status", "viewer")
    return {**widget, "state": {k: widget["state"][k] for k in kept if k in widget["state"]}}


SAVED_BOARD = json.dumps(saved_board())


@examples(300)
@given(junk=JSON, seed=st.integers(0, 2**16))
def test_saved_widget_state_mutated_anywhere_is_published_or_refused_by_name(junk, seed):
    """One leaf or entry of a board's saved state (or of a box, a label or an HTML widget around
    it) replaced by junk: the page is made, or a SavedStateError names the widget; never another
    error."""
    rng = random.Random(seed)
    widgets = {
        "b": json.loads(SAVED_BOARD),
        "box": {"model_name": "VBoxModel", "state": {"_model_name": "VBoxModel", "children": ["IPY_MODEL_b", "IPY_MODEL_h"]}},
        "h": {"model_name": "HTMLModel", "state": {"_model_name": "HTMLModel", "value": "<b>x</b>"}},
    }
    target = rng.choice(sorted(widgets))
    widgets[target] = mutate(widgets[target], rng, junk)
    nb = new_notebook([code(widget_view("box")), code(widget_view("b"))], widgets)
    nb = nbformat.reads(json.dumps(nb), as_version=4)
    try:
        replace_widgets(nb, {}, widget_states(nb), trust=False)
    except SavedStateError as e:
        assert e.widget in widgets, e
    else:
        assert all(WIDGET_VIEW not in o.data for c in nb.cells for o in c.outputs)
