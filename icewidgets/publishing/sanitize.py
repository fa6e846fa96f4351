"""Notebook content made safe to share, as JupyterLab shows an untrusted notebook: the HTML of a
markdown cell, an HTML or markdown output, a raw HTML cell and a saved HTML widget goes through an
allowlist sanitizer (nh3, the ammonia sanitizer), which keeps what a notebook shows (headings,
emphasis, links, tables, lists, code, pictures, data URIs of images, colours and sizes) and drops
what runs or takes over the page: scripts, event handlers, `javascript:` and other URLs that are
not http, https, mailto or an image's data, frames, forms, objects, stylesheets and styles that
place content out of its flow.

Nothing is fetched from elsewhere: a picture whose source is not a data URI of an image becomes a
link to that source, "image: " and its alt text (or its URL), so a reader can still open it. So
does a relative source (a file beside the notebook), which the page does not carry; a
protocol-relative one (`//host/...`) links to https. With `remote_images`, pictures from http and
https sources stay. A picture inside a link becomes its text alone, the link kept.

An SVG output stays a picture: nbconvert's template shows it as an <img> of its data URI, in which
a browser runs no script.
"""

from __future__ import annotations

import re
from html import escape
from html.parser import HTMLParser
from typing import Any

from .errors import PublishError

TAGS = {
    "a", "abbr", "b", "bdi", "bdo", "blockquote", "br", "caption", "center", "cite", "code", "col", "colgroup",
    "data", "dd", "del", "details", "dfn", "div", "dl", "dt", "em", "figcaption", "figure", "footer", "h1", "h2",
    "h3", "h4", "h5", "h6", "header", "hr", "i", "img", "ins", "kbd", "li", "mark", "ol", "p", "pre", "progress",
    "q", "rp", "rt", "ruby", "s", "samp", "section", "small", "span", "strike", "strong", "sub", "summary", "sup",
    "table", "tbody", "td", "tfoot", "th", "thead", "time", "tr", "tt", "u", "ul", "var", "wbr",
}
CELL = {"align", "valign", "colspan", "rowspan", "headers", "scope"}
ATTRIBUTES = {
    "*": {"class", "id", "title", "lang", "dir", "style", "aria-label", "aria-hidden", "role"},
    "a": {"href", "hreflang"},
    "img": {"src", "alt", "width", "height", "align"},
    "table": {"border", "align", "summary"}, "td": CELL, "th": CELL,
    "tr": {"align", "valign"}, "thead": {"align"}, "tbody": {"align"}, "tfoot": {"align"},
    "col": {"span", "align", "width"}, "colgroup": {"span", "align", "width"},
    "ol": {"start", "reversed", "type"}, "li": {"value"},
    "details": {"open"}, "progress": {"value", "max"},
    "blockquote": {"cite"}, "q": {"cite"}, "del": {"cite", "datetime"}, "ins": {"cite", "datetime"},
    "time": {"datetime"}, "data": {"value"},
}
# CSS properties that colour, size and space content; none places it (position, transform, inset,
# z-index), loads anything (background, background-image, cursor, list-style, content, mask,
# filter, border-image) or runs anything (behavior, -moz-binding)
STYLES = {
    "color", "background-color", "opacity", "font", "font-family", "font-size", "font-style", "font-weight",
    "font-variant", "line-height", "letter-spacing", "word-spacing", "text-align", "text-decoration",
    "text-indent", "text-transform", "vertical-align", "white-space", "word-break", "overflow-wrap", "direction",
    "width", "height", "min-width", "max-width", "min-height", "max-height", "display", "float", "clear",
    "margin", "margin-top", "margin-right", "margin-bottom", "margin-left",
    "padding", "padding-top", "padding-right", "padding-bottom", "padding-left",
    "border", "border-top", "border-right", "border-bottom", "border-left", "border-color", "border-style",
    "border-width", "border-radius", "border-collapse", "border-spacing",
    "table-layout", "caption-side", "empty-cells", "list-style-type", "overflow", "text-overflow",
    "flex", "flex-direction", "flex-wrap", "gap", "align-items", "justify-content",
}
URL_SCHEMES = {"http", "https", "mailto", "data"}
IMAGE_DATA = ("data:image/png", "data:image/jpeg", "data:image/gif", "data:image/webp", "data:image/svg+xml")
REMOTE = ("http://", "https://")
# the classes by which the viewer finds the boards it draws: a notebook's markup may not claim them
RESERVED_CLASS = "icw-"


def _attribute(tag: str, name: str, value: str) -> str | None:
    """Narrow what the allowlist lets through: a data URI only as an image's source, and no
    class of the viewer's own."""
    if name in ("href", "src") and "".join(value.split()).lower().startswith("data:"):
        return value if tag == "img" and "".join(value.split()).lower().startswith(IMAGE_DATA) else None
    if name == "class":
        return " ".join(c for c in value.split() if not c.startswith(RESERVED_CLASS)) or None
    return value


def check_sanitizer() -> None:
    """Refuse to publish untrusted notebooks where the sanitizer is not installed."""
    try:
        import nh3  # noqa: F401
    except ImportError:
        raise PublishError('sanitizing notebooks needs nh3: pip install "icewidgets[publish]"') from None


def clean_html(html: Any, remote_images: bool = False) -> str:
    """HTML from a notebook with nothing left that runs or takes over the page, and no picture
    fetched from elsewhere (`remote_images`: but from http and https sources)."""
    import nh3

    text = html.decode("utf-8", "replace") if isinstance(html, bytes) else str(html)
    cleaned = nh3.clean(text, tags=TAGS, clean_content_tags={"script", "style"}, attributes=ATTRIBUTES,
                        attribute_filter=_attribute, url_schemes=URL_SCHEMES, filter_style_properties=STYLES,
                        link_rel="noopener noreferrer")
    return unfetched(cleaned, remote_images)


class _Images(HTMLParser):
    """The <img> tags of sanitized HTML: where each starts and ends, its attributes, and whether
    it is inside a link. nh3 writes well-formed HTML (every `<` and `>` of an attribute or text
    escaped), so this parser finds the tags a browser would."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.line_starts = [0, *(m.end() for m in re.finditer("\n", text))]
        self.found: list[tuple[int, int, dict[str, str], bool]] = []
        self.links = 0
        self.feed(text)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "a":
            self.links += 1
        elif tag == "img":
            line, column = self.getpos()
            start = self.line_starts[line - 1] + column
            end = start + len(self.get_starttag_text() or "")
            self.found.append((start, end, {k: v or "" for k, v in attrs}, self.links > 0))

    def handle_endtag(self, tag: str) -> None:
        if tag == "a":
            self.links = max(0, self.links - 1)


def _stays(src: str, remote_images: bool) -> bool:
    """Whether a picture of this source is shown: one the page carries (or with no source, which
    fetches nothing), or with `remote_images` one from an http or https URL."""
    squeezed = "".join(src.split()).lower()
    return not squeezed or squeezed.startswith(IMAGE_DATA) or (remote_images and squeezed.startswith(REMOTE))


def _image_link(src: str, alt: str, in_link: bool) -> str:
    """What shows in place of a picture fetched from elsewhere: a link to it, or inside a link
    (where another would break the one around it) its text alone."""
    text = escape(f"image: {alt.strip() or src}")
    if in_link:
        return text
    href = f"https:{src}" if src.startswith("//") else src
    return f'<a href="{escape(href)}" rel="noopener noreferrer">{text}</a>'


def unfetched(text: str, remote_images: bool = False) -> str:
    """Sanitized HTML with each picture that would be fetched from elsewhere made a link to it."""
    if "<img" not in text:
        return text
    pieces, done = [], 0
    for start, end, attributes, in_link in _Images(text).found:
        src = attributes.get("src", "")
        if not _stays(src, remote_images):
            pieces += [text[done:start], _image_link(src, attributes.get("alt", ""), in_link)]
            done = end
    return "".join(pieces) + text[done:]
