"""What the serve tests and benchmarks/serve_latency.py share: a preview served in threads of this
process, raw HTTP requests (no client that tidies a path up), Debian's headless chromium driven by
selenium, and saves of a kit file as an editor makes them."""

from __future__ import annotations

import http.client
import os
import shutil
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

from printkit.commands.serve import ServeOptions, Session
from printkit.layout.paper import paper as paper_named

CHROMIUM, CHROMEDRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"
NO_CHROMIUM = "chromium is not installed (apt-get install chromium chromium-driver); .ci/run installs it"
PATIENCE = 30.0  # seconds: a bound for a slow shared machine, never waited out when all is well


def have_chromium() -> bool:
    return all(shutil.which(tool) or Path(tool).is_file() for tool in (CHROMIUM, CHROMEDRIVER))


@contextmanager
def served(kit: Path | str, lang: str | None = None, paper: str = "a4") -> Iterator[Session]:
    """``kit`` served on a free port, its first build done; stopped after."""
    session = Session(ServeOptions(str(kit), lang, paper_named(paper), 0, False)).start(answer_in_thread=True)
    try:
        wait_for(lambda: session.preview.builds >= 1, "the first build")
        yield session
    finally:
        session.close()


def wait_for(condition, what: str, patience: float = PATIENCE, every: float = 0.01):
    """The first true value of ``condition()`` within ``patience`` seconds; AssertionError naming ``what``."""
    deadline = time.monotonic() + patience
    while True:
        found = condition()
        if found:
            return found
        assert time.monotonic() < deadline, f"{what} never came"
        time.sleep(every)


def request(session: Session, target: str, host: str | None = None, method: str = "GET", headers=(), body=None):
    """A raw request for ``target`` exactly as written (no '..' removed, nothing decoded), with
    ``host`` (default: the server's own) as its Host header; (status, body)."""
    port = session.server.server_address[1]
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=PATIENCE)
    try:
        connection.putrequest(method, target, skip_host=True, skip_accept_encoding=True)
        connection.putheader("Host", host if host is not None else f"127.0.0.1:{port}")
        for name, value in headers:
            connection.putheader(name, value)
        if body is not None:
            connection.putheader("Content-Length", str(len(body)))
        connection.endheaders(body)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def chromium(width: int = 1280, height: int = 900):
    """Headless chromium from Debian's package, through its chromedriver (selenium downloads nothing)."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    options.add_argument(f"--window-size={width},{height}")
    return webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)


def painted(driver) -> int:
    """The version of the state the page last painted (0: none yet)."""
    return int(driver.execute_script("return document.body.dataset.painted || 0"))


def save(path: Path, old: str, new: str) -> float:
    """Replace ``old`` by ``new`` in the file and move its modification time on, as an editor's
    save does; the wall-clock time of the save, in seconds since the epoch."""
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    stat = path.stat()
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    saved = time.time()
    os.utime(path, ns=(stat.st_atime_ns, max(time.time_ns(), stat.st_mtime_ns + 1_000_000)))
    return saved
