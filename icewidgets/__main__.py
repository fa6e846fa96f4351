"""The command line: `python -m icewidgets publish examples/ site/`, `python -m icewidgets docs site/`."""

from __future__ import annotations

import argparse
import sys
import time

from .agents.registry import agents_for
from .core.errors import IcewidgetsError


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m icewidgets", description="icewidgets from the command line")
    commands = parser.add_subparsers(dest="command", required=True)
    pub = commands.add_parser(
        "publish", help="notebooks as offline HTML pages whose boards step through their games",
        description="Write one HTML page per notebook and an index page. Every script and style is "
                    "inlined: the pages open from disk with no network.")
    pub.add_argument("source", help="a notebook, or a folder of notebooks")
    pub.add_argument("target", help="the folder the pages go in (made if missing)")
    pub.add_argument("--saved", action="store_true",
                     help="use the notebooks' saved outputs instead of running them")
    pub.add_argument("--timeout", type=int, default=600, help="seconds a cell may run (default 600)")
    pub.add_argument("--title", default="icewidgets notebooks", help="the index page's title")
    pub.add_argument("--jobs", type=int, default=1, help="notebooks run at once, each in its own kernel (default 1)")
    pub.add_argument("--trust", action="store_true",
                     help="the notebooks are your own: publish their HTML and scripts as they are (by default "
                          "they are sanitized as JupyterLab shows an untrusted notebook, and a page runs only "
                          "its boards' viewer)")
    pub.add_argument("--remote-images", action="store_true",
                     help="keep the pictures of http and https URLs and let the pages load them (by default "
                          "nothing is fetched from elsewhere: each becomes a link to its URL)")
    pub.add_argument("--play", action="store_true",
                     help="readers play on the boards, the rules running in their browser (serve the folder "
                          "over http); the site gets one shared runtime folder, icewidgets-play")
    pub.add_argument("--seat", type=int, default=None,
                     help="with --play: each board is for this seat (0 is the first) in a fresh game, the "
                          "others played by --agent")
    pub.add_argument("--agent", default="greedy", choices=list(agents_for()),
                     help="who plays the other seats with --seat (default greedy)")
    pub.add_argument("--seal-to", default=None, metavar="PEM",
                     help="with --seat, where a game hides information: seal the readers' records to this public "
                          "key (default: your own, made on first use)")
    docs = commands.add_parser(
        "docs", help="the reference site: the guide, each game's rules, the API and the gallery of examples",
        description="Build the reference site with Sphinx from the repository's docs/ and docstrings (offline, "
                    "every warning an error), and publish the example notebooks in it as its gallery. Needs "
                    "the docs extra.")
    docs.add_argument("target", help="the folder the site goes in (made if missing)")
    docs.add_argument("--no-examples", action="store_true", help="leave out the gallery's published notebooks")
    docs.add_argument("--saved", action="store_true",
                      help="publish the examples from their saved outputs instead of running them")
    docs.add_argument("--jobs", type=int, default=1, help="notebooks run at once (default 1)")
    args = parser.parse_args(argv)
    if args.command == "docs":
        return build_docs(args)

    from .publishing.errors import NotebooksFailed
    from .publishing.notebooks import publish

    start = time.monotonic()
    failed = None
    try:
        pages = publish(args.source, args.target, execute=not args.saved, timeout=args.timeout, title=args.title,
                        jobs=args.jobs, trust=args.trust, play=args.play, seat=args.seat, agent=args.agent,
                        remote_images=args.remote_images, seal_to=args.seal_to)
    except NotebooksFailed as e:
        pages, failed = e.pages, e
    except IcewidgetsError as e:
        print(f"icewidgets publish: {e}", file=sys.stderr)
        return 1
    for page in pages:
        boards = f", {page.boards} board{'s' if page.boards != 1 else ''}" if page.boards else ""
        print(f"{page.source} -> {page.path}{boards}")
    print(f"{len(pages)} page{'s' if len(pages) != 1 else ''} and index.html in {args.target} "
          f"({time.monotonic() - start:.1f} s)")
    if failed is not None:
        print(f"icewidgets publish: {failed}", file=sys.stderr)
        return 1
    return 0


def build_docs(args: argparse.Namespace) -> int:
    from .publishing.site import build_site

    start = time.monotonic()
    try:
        index = build_site(args.target, examples=not args.no_examples, execute=not args.saved, jobs=args.jobs)
    except IcewidgetsError as e:
        print(f"icewidgets docs: {e}", file=sys.stderr)
        return 1
    print(f"{index} ({time.monotonic() - start:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
