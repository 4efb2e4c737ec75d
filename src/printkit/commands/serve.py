"""`printkit serve KIT`: the kit's pages live in the browser, rebuilt on every save.

The builds are `build --watch`'s (commands/watch.py's ``Rebuilds``, running build.py's own steps),
so the two never disagree; instead of a PDF file each build leaves its PDF and its findings in a
``Preview`` (serve_state.py), which the web server (serve_http.py) shows: the pages as PNGs drawn
from that very PDF, the findings pinned on the pieces they concern. A build that fails keeps the
last good pages, shown dimmed under its errors. The language, the paper and the two-sided mode are
switched from the page, without a restart.
"""

from __future__ import annotations

import threading
import webbrowser

import click
from msgspec import Struct

from printkit.commands import serve_http, watch
from printkit.commands.serve_state import Preview, checked_variant, paper_key
from printkit.kit import file as kitfile
from printkit.layout.paper import Paper


class ServeOptions(Struct, frozen=True):
    """`printkit serve`."""

    kit: str
    lang: str | None
    paper: Paper
    port: int
    open_browser: bool


class Session:
    """A running preview: the rebuilds following the kit's files in a thread, the server answering
    in threads of its own; ``close`` stops both."""

    def __init__(self, options: ServeOptions):
        kit = kitfile.find_kit(options.kit)
        self.preview = Preview(kit, checked_variant(options.lang, paper_key(options.paper), "duplex"))
        self.rebuilds = watch.Rebuilds(kit, self.preview.build)
        self.server = serve_http.bound(options.port, self.preview, self.rebuilds)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        self.stop = threading.Event()
        self.follower = threading.Thread(target=self.rebuilds.follow, args=(self.stop,), daemon=True)
        self.answering = threading.Thread(target=self.server.serve_forever, args=(0.1,), daemon=True)

    def start(self, answer_in_thread: bool = False) -> Session:
        """The rebuilds begin; with ``answer_in_thread`` the server answers in a thread (tests),
        else the caller runs ``self.server.serve_forever``."""
        self.follower.start()
        if answer_in_thread:
            self.answering.start()
        return self

    def close(self) -> None:
        self.stop.set()
        self.preview.close()
        if self.answering.is_alive():
            self.server.shutdown()
            self.answering.join(5.0)
        self.server.server_close()
        self.follower.join(5.0)


def run(options: ServeOptions) -> None:
    """Serve until Ctrl-C: the first build starts at once, the address is printed, and with --open
    the browser opens it."""
    session = Session(options)
    click.echo(f"serving {session.preview.kit} at {session.url} (Ctrl-C stops)")
    session.start()
    if options.open_browser:
        webbrowser.open(session.url)
    try:
        session.server.serve_forever(poll_interval=0.1)
    except KeyboardInterrupt:
        click.echo("stopped serving")
    finally:
        session.close()
