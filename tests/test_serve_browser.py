"""`printkit serve` in a real browser: Debian's headless chromium, driven by selenium. The page
shows as many pages as the PDF has, a save that adds cards shows the new page, a broken kit shows
its finding with its line (dimming the last good pages) and a fix clears it, a duplex sheet shows face and back
side by side, and the switches rebuild in another language and paper."""

from __future__ import annotations

import io

import pypdf
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from printkit.commands.new import new_kit
from serving import NO_CHROMIUM, chromium, have_chromium, painted, request, save, served, wait_for

pytestmark = pytest.mark.skipif(not have_chromium(), reason=NO_CHROMIUM)

DECK = """\
kit:
  title: {pl: "Talia", cs: "Balíček", en: "Deck"}
  players: {min: 1, max: 2}
  languages: [pl, cs, en]
  default_lang: en
  author: "printkit tests"
components:
  - id: cards
    kind: cards
    title: {pl: "Karty", cs: "Karty", en: "Cards"}
    width: 44mm
    height: 62mm
    types:
      - {id: one, count: 4, letter: "1", name: {pl: "Jeden", cs: "Jedna", en: "One"}}
    face:
      - {type: letter, box: [4, 4, 36, 22], size_pt: 48}
rules:
  - heading: {pl: "Zasady", cs: "Pravidla", en: "Rules"}
    body: {pl: "Ciągnij kartę.", cs: "Táhni kartu.", en: "Draw a card."}
"""


@pytest.fixture(scope="module")
def browser():
    driver = chromium()
    try:
        yield driver
    finally:
        driver.quit()


def shown(browser, session, after: int = 0) -> int:
    """Open the preview (or wait on it) until it has painted a state newer than ``after``."""
    if after == 0:
        browser.get(session.url)
    return wait_for(lambda: painted(browser) > after and painted(browser), "the painted page")


def figures(browser) -> list:
    return browser.find_elements(By.CSS_SELECTOR, "#pages figure")


def drawn_pictures(browser) -> int:
    """How many pages show a picture the browser has decoded."""
    return browser.execute_script(
        "return [...document.querySelectorAll('#pages figure img')]"
        ".filter(i => i.complete && i.naturalWidth > 0).length"
    )


def test_the_page_shows_as_many_pages_as_the_pdf_each_true_to_its_proportions(browser, tmp_path):
    kit = new_kit("hunt", None, tmp_path)
    with served(kit) as session:
        shown(browser, session)
        pdf = pypdf.PdfReader(io.BytesIO(request(session, "/kit.pdf")[1]))
        assert len(figures(browser)) == len(pdf.pages) == 5
        browser.execute_script("window.scrollTo(0, document.body.scrollHeight)")
        wait_for(lambda: drawn_pictures(browser) == 5, "every page's picture")
        for figure, page in zip(figures(browser), pdf.pages, strict=True):
            assert proportion(figure) == pytest.approx(
                float(page.mediabox.width) / float(page.mediabox.height), rel=0.01
            )
        assert browser.find_element(By.ID, "problems").get_attribute("hidden") is not None


def test_an_edit_to_a_count_shows_the_new_page(browser, tmp_path):
    kit = tmp_path / "deck.yaml"
    kit.write_text(DECK, encoding="utf-8")
    with served(kit) as session:
        first = shown(browser, session)
        assert len(figures(browser)) == 2  # the rules and one page of cards
        save(kit, "count: 4,", "count: 40,")
        wait_for(lambda: len(figures(browser)) == 4, "the deck's new pages")
        shown(browser, session, first)
        browser.execute_script("window.scrollTo(0, document.body.scrollHeight)")
        wait_for(lambda: drawn_pictures(browser) == 4, "the new pages' pictures")
        assert browser.find_element(By.ID, "status").text == "build 2, pages: 4"


def test_a_broken_kit_shows_its_finding_at_its_line_and_a_fix_clears_it(browser, tmp_path):
    kit = new_kit("hunt", None, tmp_path)
    with served(kit) as session:
        before = shown(browser, session)
        save(kit, "{id: one, count: 6,", "{id: one, count: 24,")
        broken = shown(browser, session, before)
        findings = [item.text for item in browser.find_elements(By.CSS_SELECTOR, "#findings li")]
        assert findings[0].startswith(f"{kit}:66: components[2].types[0].count: deck: the rules state 16 cards")
        assert "stale" in browser.find_element(By.ID, "pages").get_attribute("class")
        assert len(figures(browser)) == 5 and drawn_pictures(browser) >= 1  # the last good pages stay
        pin = browser.find_element(By.CSS_SELECTOR, "figure[data-page='4'] .pin")
        assert pin.text == "1" and pin.get_attribute("title") == findings[0]
        save(kit, "{id: one, count: 24,", "{id: one, count: 6,")
        shown(browser, session, broken)
        wait_for(lambda: browser.find_element(By.ID, "problems").get_attribute("hidden") is not None, "the fix")
        assert "stale" not in browser.find_element(By.ID, "pages").get_attribute("class")
        assert not browser.find_elements(By.CSS_SELECTOR, ".pin")


def test_a_duplex_sheet_shows_its_face_and_back_side_by_side(browser):
    """kpn prints duplex: eight pages, four sheets (two colours of tiles a sheet), each page beside
    the back printed on its paper."""
    with served("kpn", lang="en") as session:
        shown(browser, session)
        rows = browser.find_elements(By.CSS_SELECTOR, "#pages .row")
        assert [len(row.find_elements(By.TAG_NAME, "figure")) for row in rows] == [2] * 4
        for number, row in enumerate(rows):
            face, back = row.find_elements(By.TAG_NAME, "figcaption")
            assert back.text == f"page {2 * number + 2} · back" and face.text.startswith(f"page {2 * number + 1}")
            face_box, back_box = (figure.rect for figure in row.find_elements(By.CSS_SELECTOR, ".paper"))
            assert back_box["x"] > face_box["x"] + face_box["width"] and back_box["y"] == face_box["y"]


def test_language_and_paper_switch_without_a_restart(browser, tmp_path):
    kit = new_kit("hunt", None, tmp_path)
    with served(kit) as session:
        shown(browser, session)
        Select(browser.find_element(By.ID, "lang")).select_by_value("cs")
        wait_for(lambda: browser.execute_script("return document.documentElement.lang") == "cs", "the Czech build")
        assert browser.find_element(By.CSS_SELECTOR, "[data-word='paper']").text == "Papír"
        Select(browser.find_element(By.ID, "paper")).select_by_value("letter")
        wait_for(lambda: session.preview.good and session.preview.good.paper == "letter", "the Letter build")
        letter = 215.9 / 279.4
        wait_for(lambda: abs(first_proportion(browser) - letter) < 0.01, "Letter's proportions")


def first_proportion(browser) -> float:
    """The first page's width over its height, read in one step in the page (its elements are
    made anew while the new layout comes, and one held from before would be stale)."""
    return browser.execute_script(
        "const box = document.querySelector('#pages .paper').getBoundingClientRect(); return box.width / box.height"
    )


def proportion(figure) -> float:
    size = figure.find_element(By.CSS_SELECTOR, ".paper").size
    return size["width"] / size["height"]
