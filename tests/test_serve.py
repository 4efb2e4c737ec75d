"""`printkit serve` as a server, without a browser: it answers only to its own address, serves only
what the last build made (no URL reaches the disk), switches only to known values and only for its
own page, and pins each finding on the piece it concerns."""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import socket
import subprocess
import sys
import urllib.request

import pytest

from printkit import pipeline
from printkit.base.errors import PrintkitError, Problem
from printkit.commands import serve_http, serve_state
from printkit.commands.new import new_kit
from serving import request, served, wait_for

ESCAPES = [
    "/../hunt.yaml",
    "/../../../../etc/passwd",
    "/%2e%2e/hunt.yaml",
    "/%2e%2e/%2e%2e/etc/passwd",
    "/%252e%252e/hunt.yaml",
    "/%252e%252e/%252e%252e/etc/passwd",
    "/..%2fhunt.yaml",
    "/..%2f..%2fetc%2fpasswd",
    "/..\\hunt.yaml",
    "//etc/passwd",
    "/etc/passwd",
    "/tmp",
    "/hunt.yaml",
    "/app.js/../hunt.yaml",
    "/page/1-1-96.png/../../hunt.yaml",
    "/page/../../hunt.yaml",
    "/page/1-1-96.png%00.yaml",
    "/C:/Windows/win.ini",
    "http://127.0.0.1/../etc/passwd",
    "file:///etc/passwd",
    "/index.html",
    "/data/serve/app.js",
]


@pytest.fixture(scope="module")
def session(tmp_path_factory):
    kit = new_kit("hunt", None, tmp_path_factory.mktemp("serve"))
    with served(kit) as running:
        assert not running.preview.failed
        yield running


@pytest.mark.parametrize("target", ESCAPES)
def test_a_path_that_would_escape_gets_404_and_nothing_of_the_disk(session, target):
    status, body = request(session, target)
    assert status == 404
    assert b"root:" not in body and b"Treasure" not in body and b"components" not in body


def test_the_page_its_files_its_state_its_pictures_and_its_pdf_are_served(session):
    assert request(session, "/")[0] == 200 and b"/app.js" in request(session, "/")[1]
    assert request(session, "/app.js")[0] == 200 and request(session, "/app.css")[0] == 200
    status, body = request(session, "/state.json")
    state = json.loads(body)
    assert status == 200 and state["build"] == 1 and len(state["pages"]) == 5 and not state["failed"]
    status, picture = request(session, "/page/1-1-96.png")
    assert status == 200 and picture.startswith(b"\x89PNG")
    width, height = int.from_bytes(picture[16:20], "big"), int.from_bytes(picture[20:24], "big")
    assert (width, height) == (794, 1123)  # A4 at 96 dpi, rounded up
    status, pdf = request(session, "/kit.pdf")
    assert status == 200 and pdf.startswith(b"%PDF")


@pytest.mark.parametrize("target", ["/page/2-1-96.png", "/page/1-6-96.png", "/page/1-0-96.png", "/page/1-1-97.png"])
def test_a_picture_of_another_build_page_or_resolution_is_not_found(session, target):
    assert request(session, target)[0] == 404


@pytest.mark.parametrize(
    "host",
    ["evil.example", "evil.example:{port}", "localhost:{port}", "127.0.0.1", "127.0.0.1:{other}", "[::1]:{port}", ""],
)
@pytest.mark.parametrize("target", ["/", "/state.json", "/events", "/page/1-1-96.png", "/kit.pdf"])
def test_a_foreign_host_is_refused(session, host, target):
    """DNS rebinding: a site whose name now points at 127.0.0.1 reaches the port, but its requests
    name its own host and get 421 before anything is read."""
    port = session.server.server_address[1]
    status, body = request(session, target, host.format(port=port, other=port + 1))
    assert status == 421
    assert f"http://127.0.0.1:{port}/".encode() in body


def test_two_host_headers_are_refused(session):
    port = session.server.server_address[1]
    status, _ = request(session, "/", headers=[("Host", "evil.example")])
    assert status == 421, f"127.0.0.1:{port} then evil.example"


def test_every_answer_lets_the_page_run_only_its_own_script(session):
    port = session.server.server_address[1]
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("GET", "/")
    headers = dict(connection.getresponse().getheaders())
    connection.close()
    assert "script-src 'self'" in headers["Content-Security-Policy"]
    assert headers["X-Content-Type-Options"] == "nosniff"


def origin(session) -> tuple[str, str]:
    return ("Origin", f"http://127.0.0.1:{session.server.server_address[1]}")


JSON = ("Content-Type", "application/json")


@pytest.mark.parametrize(
    "headers, status",
    [([JSON], 403), ([JSON, ("Origin", "http://evil.example")], 403), ([("Content-Type", "text/plain")], 415)],
)
def test_a_switch_from_elsewhere_is_refused(session, headers, status):
    body = json.dumps({"lang": "cs", "paper": "a4", "two_sided": "duplex"}).encode()
    if status == 415:
        headers = [*headers, origin(session)]
    assert request(session, "/variant", method="POST", headers=headers, body=body)[0] == status
    assert json.loads(request(session, "/state.json")[1])["asked"]["lang"] is None


@pytest.mark.parametrize(
    "asked",
    [
        {"lang": "de", "paper": "a4", "two_sided": "duplex"},
        {"lang": None, "paper": "a9", "two_sided": "duplex"},
        {"lang": None, "paper": "1e999x3", "two_sided": "duplex"},
        {"lang": None, "paper": "9" * 100, "two_sided": "duplex"},
        {"lang": None, "paper": ["a4"], "two_sided": "duplex"},
        [1],
    ],
)
def test_a_switch_to_an_unknown_value_is_refused(session, asked):
    body = json.dumps(asked).encode()
    assert request(session, "/variant", method="POST", headers=[JSON, origin(session)], body=body)[0] == 400


def test_a_switch_from_its_own_page_rebuilds_in_that_language_and_paper(tmp_path):
    kit = new_kit("hunt", None, tmp_path)
    with served(kit) as session:
        body = json.dumps({"lang": "cs", "paper": "letter", "two_sided": "duplex"}).encode()
        assert request(session, "/variant", method="POST", headers=[JSON, origin(session)], body=body)[0] == 204
        state = json.loads(request(session, "/state.json")[1])
        assert state["built"] == {"lang": "cs", "paper": "letter", "two_sided": "duplex"}
        assert state["build"] == 2 and state["pages"][0]["width"] == pytest.approx(215.9)


def test_a_broken_kit_keeps_its_last_good_pages_and_pins_its_finding(tmp_path):
    kit = new_kit("hunt", None, tmp_path)
    with served(kit) as session:
        text = kit.read_text(encoding="utf-8")
        kit.write_text(text.replace("{id: one, count: 6,", "{id: one, count: 24,"), encoding="utf-8")
        wait_for(lambda: session.preview.failed, "the failed build")
        state = json.loads(request(session, "/state.json")[1])
        assert state["build"] == 1 and len(state["pages"]) == 5
        assert state["findings"][0]["text"].startswith(f"{kit}:66: components[2].types[0].count: deck:")
        pinned = [pin for pin in state["pins"] if pin["finding"] == 0]
        assert [pin["page"] for pin in pinned] == [4]  # on the cards' page, the first card of type one
        assert request(session, "/page/1-4-48.png")[0] == 200  # the last good pages stay


def test_pins_name_the_first_piece_of_the_component_on_each_page():
    good = serve_state.Good(
        build=1,
        document=None,
        options=None,
        correction=(1.0, 1.0),
        pages=[],
        components=["board", "cards"],
        parts=[[], ["one", "two"]],
        languages=["en"],
        lang="en",
        paper="a4",
        two_sided="duplex",
        page_pieces=[
            [{"component": "board", "x": 10.0, "y": 10.0, "width": 100.0, "height": 100.0}],
            [
                {"component": "cards", "part": "one", "x": 5.0, "y": 6.0, "width": 44.0, "height": 62.0},
                {"component": "cards", "part": "two", "x": 50.0, "y": 6.0, "width": 44.0, "height": 62.0},
            ],
        ],
    )
    findings = [
        Problem("k.yaml", 3, "kit.title", "x"),
        Problem("k.yaml", 9, "components[1].types[1].count", "y"),
        Problem("k.yaml", 8, "components[1].width", "z"),
    ]
    assert serve_state.pins(findings, good) == [
        {"finding": 1, "page": 2, "x": 50.0, "y": 6.0, "width": 44.0, "height": 62.0},
        {"finding": 2, "page": 2, "x": 5.0, "y": 6.0, "width": 44.0, "height": 62.0},
    ]


def test_a_port_in_use_is_one_line():
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    try:
        port = taken.getsockname()[1]
        with pytest.raises(PrintkitError, match=rf"^--port {port}: cannot listen on 127.0.0.1:{port} \("):
            serve_http.bound(port, None, None)  # type: ignore[arg-type]
    finally:
        taken.close()


def test_serve_refuses_a_port_out_of_range_and_an_unknown_language(run):
    result = run("serve", "ogrod", "--port", "70000")
    assert result.code == 1 and result.err.strip().startswith("--port 70000: give a port from 1 to 65535")
    result = run("serve", "ogrod", "--lang", "de")
    assert result.code == 1 and "printkit speaks pl, cs, en" in result.err


def test_ctrl_c_stops_serve_cleanly_and_frees_the_port(tmp_path):
    """`printkit serve` as a user runs it: it prints its address, answers, and Ctrl-C ends it with
    exit 0, one line and no traceback; the port is free again."""
    kit = new_kit("hunt", None, tmp_path)

    def as_at_a_terminal() -> None:  # a suite started in the background (`pytest &`) ignores SIGINT, and
        signal.signal(signal.SIGINT, signal.SIG_DFL)  # its children with it; Ctrl-C at a terminal is not

    process = subprocess.Popen(
        [sys.executable, "-m", "printkit", "serve", str(kit)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=dict(os.environ, PYTHONUNBUFFERED="1"),
        preexec_fn=as_at_a_terminal,
    )
    try:
        assert process.stdout is not None
        first = process.stdout.readline()
        address = r"(http://127\.0\.0\.1:(\d+)/)"
        found = re.fullmatch(rf"serving {re.escape(str(kit))} at {address} \(Ctrl-C stops\)\n", first)
        assert found, first

        def state() -> dict:
            return json.loads(urllib.request.urlopen(found[1] + "state.json", timeout=10).read())

        wait_for(lambda: state()["build"], "the first build")
        assert state()["kit"] == "hunt.yaml"
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
    finally:
        process.kill() if process.poll() is None else None
    assert process.returncode == 0, err
    assert out.splitlines()[-1] == "stopped serving" and "Traceback" not in err
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection(("127.0.0.1", int(found[2])), timeout=5).close()


def test_a_page_keeps_its_digest_until_a_save_changes_what_it_draws(tmp_path):
    """Only the pages a save changed are drawn again: the same kit laid out twice gives the same
    digests, and a word more in the rules changes the rules page's alone."""
    kit = new_kit("hunt", None, tmp_path)

    def digests() -> list[str]:
        loaded = pipeline.load(kit)
        document = pipeline.lay_out(loaded, pipeline.context(loaded, "en"))
        return serve_state.page_digests(document, "", 1)

    first = digests()
    assert digests() == first and len(set(first)) == 5
    text = kit.read_text(encoding="utf-8")
    kit.write_text(text.replace("move your explorer exactly", "move your own explorer exactly", 1), encoding="utf-8")
    changed = [a != b for a, b in zip(first, digests(), strict=True)]
    assert changed == [True, False, False, False, False]


def test_a_kit_broken_from_the_start_shows_its_findings_and_no_pages(tmp_path):
    kit = new_kit("hunt", None, tmp_path)
    kit.write_text(kit.read_text(encoding="utf-8").replace("cell: 25mm", "cell: 0", 1), encoding="utf-8")
    with served(kit) as session:
        state = json.loads(request(session, "/state.json")[1])
        assert state["failed"] and state["build"] is None and state["pages"] == []
        texts = [finding["text"] for finding in state["findings"]]
        assert any(text.startswith(f"{kit}:35: components[0].cell: 0.0 is out of range") for text in texts), texts
        assert request(session, "/kit.pdf")[0] == 404 and request(session, "/page/1-1-96.png")[0] == 404
