"""`printkit serve`'s web server: the standard library's threading HTTP server, on 127.0.0.1 only.

Why the standard library: the server answers one person's browser on this computer: a page, two
files, a stream of events and the pictures of the pages. ``http.server`` with a thread a request
does that with no dependency, and server-sent events are a response that does not end; an ASGI
stack (a framework, a server, an event loop) would add three packages for no gain here.

What it answers, and nothing else (no URL is ever turned into a path on the disk):

- ``/``, ``/app.js``, ``/app.css``: the page, read from the package's data/serve/ when the
  server starts;
- ``/state.json`` and ``/events`` (server-sent events): what the page draws, pushed after each build;
- ``/page/BUILD-PAGE-DPI.png``: a page of the last good build, drawn from its PDF;
- ``/kit.pdf``: that PDF;
- ``POST /variant``: another language, paper or two-sided mode, as JSON from the page itself
  (its Origin must be this server's; the values are checked against the known ones).

Every request whose Host header is not exactly ``127.0.0.1:PORT`` is refused with 421 before
anything else is read: a web site that points its own name at 127.0.0.1 (DNS rebinding) reaches
the port but not the preview. The page may run only its own script (Content-Security-Policy).
"""

from __future__ import annotations

import json
import re
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from printkit.base.errors import PrintkitError
from printkit.commands import watch
from printkit.commands.serve_state import Preview, checked_variant
from printkit.kit import file as kitfile

LOOPBACK = "127.0.0.1"
FILES = {  # the page's own files: URL path -> (file in data/serve/, media type)
    "/": ("index.html", "text/html; charset=utf-8"),
    "/app.js": ("app.js", "text/javascript; charset=utf-8"),
    "/app.css": ("app.css", "text/css; charset=utf-8"),
}
PICTURE = re.compile(r"/page/([0-9]{1,9})-([0-9]{1,5})-([0-9]{2,3})\.png")
MAX_BODY = 1024  # bytes of a POST /variant: a few short values
MAX_STREAMS = 8  # event streams open at once (tabs of the preview)
KEEP_ALIVE = 15.0  # seconds between comments on an idle event stream (a closed tab is noticed)
SAFETY = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
        "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Cache-Control": "no-store",
}


class Server(ThreadingHTTPServer):
    """The preview's server: its state, its rebuilds and the page's files."""

    daemon_threads = True  # an open event stream never holds the end of the process

    def __init__(self, port: int, preview: Preview, rebuilds: watch.Rebuilds):
        super().__init__((LOOPBACK, port), Handler)
        self.preview, self.rebuilds = preview, rebuilds
        folder = kitfile.data_dir() / "serve"
        self.files = {path: ((folder / name).read_bytes(), kind) for path, (name, kind) in FILES.items()}
        self.streams = threading.BoundedSemaphore(MAX_STREAMS)
        self.host = f"{LOOPBACK}:{self.server_address[1]}"
        self.origin = f"http://{self.host}"


def bound(port: int, preview: Preview, rebuilds: watch.Rebuilds) -> Server:
    """The server listening on 127.0.0.1:``port`` (0: a free port); one line when it cannot."""
    if not 0 <= port <= 65535:
        raise PrintkitError(f"--port {port}: give a port from 1 to 65535, or leave --port out for a free one")
    try:
        return Server(port, preview, rebuilds)
    except OSError as exc:
        raise PrintkitError(
            f"--port {port}: cannot listen on {LOOPBACK}:{port} ({exc.strerror or exc}); "
            "give another port, or leave --port out for a free one"
        ) from None


class Handler(BaseHTTPRequestHandler):
    """One request: refused unless its Host is this server's, then answered by its exact path."""

    server: Server
    server_version = "printkit"
    sys_version = ""

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the standard library's name
        """Quiet: the terminal shows the builds, not every picture the page fetched."""

    def do_GET(self) -> None:
        if self.foreign_host():
            return
        path = self.path.split("?", 1)[0]
        if path in self.server.files:
            body, kind = self.server.files[path]
            self.reply(HTTPStatus.OK, body, kind)
        elif path == "/state.json":
            self.reply_json(self.server.preview.state())
        elif path == "/events":
            self.stream_events()
        elif path == "/kit.pdf":
            self.reply_pdf()
        else:
            self.reply_picture(PICTURE.fullmatch(path))

    def do_POST(self) -> None:
        if self.foreign_host():
            return
        if self.path != "/variant":
            self.reply_text(HTTPStatus.NOT_FOUND, "not found")
        elif self.headers.get("Origin") != self.server.origin:
            self.reply_text(HTTPStatus.FORBIDDEN, "only the preview's own page may switch what it shows")
        elif self.headers.get_content_type() != "application/json":
            self.reply_text(HTTPStatus.UNSUPPORTED_MEDIA_TYPE, "send JSON")
        else:
            self.switch_variant()

    def foreign_host(self) -> bool:
        """Refuse (421) a request whose Host is not exactly the address the server bound."""
        hosts = self.headers.get_all("Host") or []
        if hosts == [self.server.host]:
            return False
        self.reply_text(HTTPStatus.MISDIRECTED_REQUEST, f"this preview answers only to http://{self.server.host}/")
        return True

    def reply_pdf(self) -> None:
        pdf = self.server.preview.pdf()
        if pdf is None:
            self.reply_text(HTTPStatus.NOT_FOUND, "no build has made pages yet")
        else:
            self.reply(HTTPStatus.OK, pdf, "application/pdf")

    def reply_picture(self, found: re.Match[str] | None) -> None:
        picture = None
        if found is not None:
            build, page, dpi = (int(group) for group in found.groups())
            try:
                picture = self.server.preview.picture(build, page, dpi)
            except PrintkitError as exc:
                self.reply_text(HTTPStatus.UNPROCESSABLE_ENTITY, str(exc))
                return
        if picture is None:
            self.reply_text(HTTPStatus.NOT_FOUND, "not found")
        else:
            self.reply(HTTPStatus.OK, picture, "image/png")

    def switch_variant(self) -> None:
        try:
            length = int(self.headers.get("Content-Length", ""))
        except ValueError:
            length = -1
        if not 0 <= length <= MAX_BODY:
            self.reply_text(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, f"send at most {MAX_BODY} bytes")
            return
        try:
            asked = json.loads(self.rfile.read(length))
            if not isinstance(asked, dict):
                raise PrintkitError("send a JSON object")
            variant = checked_variant(asked.get("lang"), asked.get("paper"), asked.get("two_sided"))
        except (ValueError, PrintkitError) as exc:
            self.reply_text(HTTPStatus.BAD_REQUEST, str(exc))
            return
        self.server.preview.switch(variant)
        self.server.rebuilds.now()
        self.reply(HTTPStatus.NO_CONTENT, b"", "text/plain")

    def stream_events(self) -> None:
        """Server-sent events: the state now, and again after each change, until the page goes."""
        if not self.server.streams.acquire(blocking=False):
            self.reply_text(HTTPStatus.SERVICE_UNAVAILABLE, f"at most {MAX_STREAMS} previews are open at once")
            return
        try:
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", "text/event-stream; charset=utf-8")
            self.safety_headers()
            self.end_headers()
            self.wfile.write(b"retry: 500\n\n")
            preview, seen = self.server.preview, -1
            while not preview.closed:
                version = preview.wait(seen, KEEP_ALIVE)
                if version == seen:
                    self.wfile.write(b": still here\n\n")
                else:
                    state = json.dumps(preview.state(), ensure_ascii=False)
                    self.wfile.write(f"event: state\ndata: {state}\n\n".encode())
                    seen = version
                self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            pass  # the page was closed or reloaded
        finally:
            self.server.streams.release()

    def reply_json(self, value: Any) -> None:
        self.reply(HTTPStatus.OK, json.dumps(value, ensure_ascii=False).encode(), "application/json")

    def reply_text(self, status: HTTPStatus, text: str) -> None:
        self.reply(status, (text + "\n").encode(), "text/plain; charset=utf-8")

    def reply(self, status: HTTPStatus, body: bytes, kind: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.safety_headers()
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def safety_headers(self) -> None:
        for name, value in SAFETY.items():
            self.send_header(name, value)
