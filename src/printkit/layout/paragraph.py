"""Wrapped text: printkit's own paragraph engine, as pure data.

Layout, the validator and the renderer all ask this module where a paragraph's lines break, so
the height the validator proves is the height that is drawn. It breaks lines the way reportlab's
Paragraph does with printkit's settings (greedy, spaces may shrink by 5 % to fit one more word,
a word wider than the box split between letters), which the tests prove line by line on every
paragraph of the shipped kits and on generated text; it replaces reportlab's engine because that
engine costs about 40 ms of start-up (its import compiles large Unicode patterns) in a build
that takes a few hundred. Two quirks of reportlab's that squeeze spaces for nothing are not
copied: a line followed by a word of which not even the first letter fits after it is measured
with a trailing space; a run holding a no-break space makes empty words whose spaces count towards
the 5 % a line may shrink. Beyond reportlab's engine it hyphenates at soft hyphens or by a
language's patterns and justifies (see ``wrap``); a soft hyphen takes no room and prints nothing
unless the line breaks there; a no-break space takes the word spacing like a space (the PDF's Tw
moves both), and gives way where a run it holds is wider than the box, before letters are parted.

Markup: ``<b>``, ``<i>`` (the family has no italic: regular), ``<font size=N>``, ``<br/>`` and
HTML character references; anything else is a layout bug. Widths are worked in points, as the
font's metrics are; the lines come out in millimetres.
"""

from __future__ import annotations

import functools
import html
import math
import re
from collections.abc import Callable

from msgspec import Struct

from printkit import fonts
from printkit.base.units import MM_PER_POINT
from printkit.layout import hyphenation
from printkit.layout.line_sums import PartSums
from printkit.layout.primitives import Align, RichText
from printkit.words.textchars import SOFT_HYPHEN

SPACE_SHRINK = 0.05  # a line may take a word more if its spaces shrink by at most this much
HYPHENATE_ROOM = 0.1  # a word is hyphenated only when at least this share of the line is left
JUSTIFY_SHRINK = 0.2  # justified: a space may shrink by this much (Noto Serif's 0.26 em to 0.21 em)
MAX_WORD_GAP = 0.5  # em: a justified line whose spaces would open wider is set ragged-right
# Ragged-right text is broken as a whole too (total_fit), never in more lines than the greedy
# breaker: a line costs the square of the room it leaves in RAGGED_ZONE of the width, so a
# hyphen (RAGGED_HYPHEN) is taken only to save a line about 30 % short; at most HYPHEN_RUN lines
# in a row end in a hyphen, a second in a row costing RUN_COST; a last line of one short word
# (under RUNT_SHARE of the width) after others costs RUNT_COST, and a line but the last that fills
# less than RAG_FLOOR of the width SHORT_COST, as does a hyphen on a line under HYPHEN_FULL; a line
# but the last that the next word would fit EARLY_COST (reviews counted nine hyphens on plateau's
# Polish page, a "score / nothing." runt in ogrod's English, "něko-/lika" on a line 80 % full and
# English lines broken after a semicolon with room for the next word).
RAGGED_ZONE = 0.2
HYPHEN_FULL = 0.9
EARLY_COST = 2.0
CLAUSE_EARLY = 4.0  # times EARLY_COST after a semicolon, colon or comma: it reads as a forced break
RAGGED_HYPHEN = 2.5
HYPHEN_RUN = 2
RUN_COST = 4.0
RUNT_SHARE = 0.25
RUNT_COST = 6.0
RUNT_TINY = 0.12  # a last word under this share of the width costs SHORT_COST more (kpn's aid: "koloru.")
RAG_FLOOR = 0.75
SHORT_COST = 50.0
_TAG = re.compile(r"<(/?)([a-z]+)\s*([^>]*?)\s*(/?)>")
_SIZE = re.compile(r"""size\s*=\s*["']?([0-9.]+)["']?$""")
_SPACES = re.compile(r"[^\S\xa0]+")  # white space that separates words; a no-break space does not
_BREAK = None  # a <br/> in the stream of pieces


class Run(Struct, frozen=True):
    """Text in one font on a line, starting ``dx`` mm from the line's left end."""

    text: str
    bold: bool
    size_pt: float
    dx: float


class Line(Struct, frozen=True):
    """One set line of a paragraph: its runs and how it is spaced."""

    runs: tuple[Run, ...]
    width: float  # mm, from the first letter to the last at natural spacing (no trailing space)
    size_pt: float  # the largest font size on the line
    word_space: float = 0.0  # mm added to every space; negative on a line that fits by shrinking them

    def offset(self, box_width: float, align: Align) -> float:
        """Where the line starts in a box ``box_width`` mm wide; a line with shrunk spaces fills
        the box from its left edge."""
        if self.word_space or align in ("left", "justify"):
            return 0.0
        return (box_width - self.width) / (2 if align == "center" else 1)


class Wrapped(Struct, frozen=True):
    """A paragraph broken into lines, and its leading."""

    lines: tuple[Line, ...]
    leading_pt: float

    @property
    def height(self) -> float:
        """Millimetres the paragraph takes: one leading a line."""
        return len(self.lines) * self.leading_pt * MM_PER_POINT

    def baselines(self, top: float) -> list[float]:
        """Each line's baseline in mm, for a paragraph whose box starts at ``top``: the first line
        one font size below the top, the others a leading apart."""
        if not self.lines:
            return []
        first = top + self.lines[0].size_pt * MM_PER_POINT
        return [first + n * self.leading_pt * MM_PER_POINT for n in range(len(self.lines))]


Font = tuple[bool, float]  # bold, size in points
Piece = tuple[str, bool, float]  # text, bold, size in points


class _Word(Struct):
    """A word while a paragraph is broken: its pieces and the space after it."""

    pieces: list[Piece]
    space: Font | None = None  # the font of the white space after it, if any
    face: str = "pieces"

    @property
    def width(self) -> float:
        return sum(fonts.width_pt(text, size, bold, self.face) for text, bold, size in self.pieces)

    @property
    def trailing_space(self) -> float:
        """The width of one space after the word, in the white space's own font (0 when none)."""
        return fonts.width_pt(" ", self.space[1], self.space[0], self.face) if self.space else 0.0


def wrap(
    markup: str,
    width: float,
    size_pt: float,
    leading_pt: float,
    bold: bool = False,
    face: str = "pieces",
    lang: str | None = None,
    justify: bool = False,
) -> Wrapped:
    """``markup`` broken into lines no wider than ``width`` mm, in the font that prints ``face``;
    with ``lang``, a word that does not fit may be hyphenated by that language's patterns; with
    ``justify``, every line but a paragraph's last fills the width by widening its spaces."""
    family = fonts.current_faces()[face]
    return Wrapped(_lines(markup, width, size_pt, bold, family, face, lang, justify), leading_pt)


@functools.lru_cache(maxsize=4096)
def _lines(
    markup: str,
    width: float,
    size_pt: float,
    bold: bool,
    family: tuple[str, str],  # the face's regular and bold fonts: a cached wrap is never another kit's font
    face: str,
    lang: str | None,
    justify: bool,
) -> tuple[Line, ...]:
    """The lines ``wrap`` breaks a paragraph into, cached without the leading, which moves no
    break: fitting the rules tries several leadings on the same text (plateau's build set each
    paragraph four times over, 40 ms of it)."""
    words = _words(_pieces(markup, bold, size_pt), face)
    breaker = _Breaker(width / MM_PER_POINT, size_pt, face, hyphenation.hyphenator(lang), justify)
    if justify:
        fitted = breaker.total_fit(words)
        return tuple(fitted if fitted is not None else breaker.lines(words))
    if breaker.hyphenator is None:
        return tuple(breaker.lines(words))
    return tuple(_ragged(words, lambda: _Breaker(width / MM_PER_POINT, size_pt, face, breaker.hyphenator), width))


def _ragged(words: list[_Word | None], breaker: Callable[[], _Breaker], width: float) -> list[Line]:
    """Ragged-right lines: the greedy breaks, or where ``_worth_refitting`` says so the total fit's,
    each stretch between two <br/> fitted on its own (a player aid's "…nieużywanego / koloru."
    ended a stretch in one word); never a line more than the greedy breaks, so the columns, pages
    and boxes stay as laid."""
    greedy = breaker().lines(words)
    if not _worth_refitting(greedy, width):
        return greedy
    if _BREAK in words:
        at = words.index(_BREAK)
        head = _ragged(words[:at], breaker, width) if at else breaker().lines([_BREAK])
        return head + _ragged(words[at + 1 :], breaker, width)
    fitted = breaker().total_fit(words)
    return fitted if fitted is not None and len(fitted) <= len(greedy) else greedy


def _worth_refitting(lines: list[Line], width: float) -> bool:
    """Whether greedy breaks leave what the total fit mends: a hyphen, a line but the last under
    RAG_FLOOR of the ``width`` (mm), or a last line of one short word. Most paragraphs have none,
    and a paragraph set well by the greedy breaker is not broken again (start-up: each total fit
    measures thousands of runs)."""
    if len(lines) < 2:
        return False
    texts = ["".join(run.text for run in line.runs).rstrip() for line in lines]
    if any(text.endswith("-") and not text.endswith(" -") for text in texts[:-1]):
        return True
    if any(line.width < RAG_FLOOR * width for line in lines[:-1]):
        return True
    return " " not in texts[-1].replace("\xa0", " ") and lines[-1].width < RUNT_SHARE * width


def of(item: RichText) -> Wrapped:
    """A RichText's lines, as layout, the validator and the renderer all see them."""
    justify = item.align == "justify"
    wrapped = wrap(item.markup, item.w, item.size_pt, item.leading_pt, item.bold, item.face, item.lang, justify)
    if item.lines is None:
        return wrapped
    first, last = item.lines
    return Wrapped(wrapped.lines[first:last], wrapped.leading_pt)


def height(
    markup: str,
    width: float,
    size_pt: float,
    leading_pt: float,
    bold: bool = False,
    face: str = "pieces",
    lang: str | None = None,
    justify: bool = False,
) -> float:
    """Millimetres ``markup`` needs at ``width`` mm."""
    return wrap(markup, width, size_pt, leading_pt, bold, face, lang, justify).height


def _pieces(markup: str, bold: bool, size_pt: float) -> list[Piece | None]:
    """The markup as text in fonts, with _BREAK where a <br/> is."""
    fonts_open: list[Font] = [(bold, size_pt)]
    pieces: list[Piece | None] = []
    at = 0
    for tag in _TAG.finditer(markup):
        _add_text(pieces, markup[at : tag.start()], fonts_open[-1])
        at = tag.end()
        closing, name, attributes, empty = tag.groups()
        current_bold, current_size = fonts_open[-1]
        if name == "br" and not closing:
            pieces.append(_BREAK)
        elif closing and name in ("b", "i", "font") and len(fonts_open) > 1:
            fonts_open.pop()
        elif closing:
            raise ValueError(f"a closing tag the paragraph engine did not open: {tag.group(0)!r} in {markup!r}")
        elif name == "b" and not empty:
            fonts_open.append((True, current_size))
        elif name == "i" and not empty:
            fonts_open.append((current_bold, current_size))
        elif name == "font" and (size := _SIZE.match(attributes)):
            fonts_open.append((current_bold, float(size.group(1))))
        else:
            raise ValueError(f"markup the paragraph engine does not know: {tag.group(0)!r} in {markup!r}")
    _add_text(pieces, markup[at:], fonts_open[-1])
    return pieces


def _add_text(pieces: list[Piece | None], raw: str, font: Font) -> None:
    if raw:
        pieces.append((html.unescape(raw), *font))


def _words(pieces: list[Piece | None], face: str) -> list[_Word | None]:
    """Words (runs of letters between white space, which may change font inside) and breaks;
    white space next to a break is dropped."""
    words: list[_Word | None] = []
    current: _Word | None = None
    for piece in pieces:
        if piece is _BREAK:
            current = None
            words.append(_BREAK)
            continue
        text, bold, size = piece
        parts = _SPACES.split(text)
        for n, part in enumerate(parts):
            if n > 0 and current is not None:
                current.space = (bold, size)
                current = None
            if part:
                if current is None:
                    current = _Word([], face=face)
                    words.append(current)
                current.pieces.append((part, bold, size))
    return words


class _Breaker:
    """Greedy line breaking in points."""

    def __init__(
        self,
        width: float,
        size_pt: float,
        face: str = "pieces",
        hyphenator: hyphenation.Hyphenator | None = None,
        justify: bool = False,
    ):
        self.width = width
        self.size_pt = size_pt  # the size of a line left empty by a <br/>
        self.face = face
        self.hyphenator = hyphenator
        self.justify = justify
        # justified text shrinks its spaces further and hyphenates whenever a word does not fit,
        # so that its lines stretch less (ragged text keeps reportlab's breaks)
        self.shrink = JUSTIFY_SHRINK if justify else SPACE_SHRINK
        self.hyphenate_room = 0.0 if justify else HYPHENATE_ROOM
        self.lines_done: list[Line] = []
        self._start()

    def _start(self) -> None:
        self.line: list[tuple[_Word, float]] = []  # the words on the line and where each starts
        self.used = 0.0  # width up to the end of the last word
        self.space = 0.0  # the space owed before the next word
        self.spaces = 0.0  # the widths of the spaces between the line's words

    def lines(self, words: list[_Word | None]) -> list[Line]:
        queue = list(reversed(words))
        while queue:
            word = queue.pop()
            if word is _BREAK:
                self._end_line(last=True)
                continue
            width = word.width
            wanted = self.used + self.space + width if self.line else width
            limit = self.width + self.shrink * (self.spaces + self.space)
            if self.line and wanted > limit or not self.line and width > self.width:
                if width > self.width and len(loose := _unbound(word, self.face)) > 1:
                    queue.extend(reversed(loose))  # no-break spaces give way before letters are parted
                    continue
                parts_of_word = self._split(word) if width > self.width else []
                if len(parts_of_word) > 1:
                    queue.extend(reversed(parts_of_word))
                    continue
                if parts_of_word:  # one letter wider than the whole line: alone on a line (the checks say so)
                    if self.line:
                        self._end_line()
                    self._place(word, 0.0)
                    continue
                parts = self._hyphenated(word) if self.line else None
                if parts:
                    self._place(parts[0], self.used + self.space)
                    queue.append(parts[1])
                self._end_line()
                if parts:
                    continue
                wanted = width
            self._place(word, wanted - width)
        if self.line:
            self._end_line(last=True)
        return self.lines_done

    def total_fit(self, words: list[_Word | None]) -> list[Line] | None:
        """A paragraph's lines chosen together, as a book sets them: of every way to break it
        (between words and at the language's hyphenation points) the one whose lines cost least
        (``_badness``: justified, they stretch or shrink their spaces least; ragged-right, they
        leave the least room), never more than HYPHEN_RUN hyphens in a row; None for a paragraph
        with a <br/> or a word wider than the line, which the greedy ``lines`` breaks."""
        if any(word is _BREAK for word in words):
            return None
        parts = [part for word in words if word is not None for part in self._parts(word)]
        if not parts or any(part.width > self.width for part, _ in parts):
            return None
        sums = PartSums(parts, self.face)
        # best[end][run]: the least cost of breaking parts[:end] with its last ``run`` lines ending
        # in a hyphen, and where that line starts (and the run before it)
        best: list[list[tuple[float, int, int]]] = [[(0.0, 0, 0)] + [(math.inf, 0, 0)] * HYPHEN_RUN]
        best += [[(math.inf, 0, 0)] * (HYPHEN_RUN + 1) for _ in parts]
        for end in range(1, len(parts) + 1):
            cut = parts[end - 1][1] == "cut"
            for start in range(end - 1, -1, -1):
                cost = self._badness(parts, sums, start, end, last=end == len(parts))
                if cost is None:
                    break  # a longer line (an earlier start) fits even less
                for run, (before, _, _) in enumerate(best[start]):
                    now = run + 1 if cut else 0
                    if now > HYPHEN_RUN or before == math.inf:
                        continue
                    total = before + cost + (RUN_COST if cut and run else 0.0)
                    if total < best[end][now][0]:
                        best[end][now] = (total, start, run)
        breaks = [len(parts)]
        run = min(range(HYPHEN_RUN + 1), key=lambda k: best[len(parts)][k][0])
        while breaks[-1]:
            _, start, run = best[breaks[-1]][run]
            breaks.append(start)
        breaks.reverse()
        for start, end in zip(breaks, breaks[1:], strict=False):
            for word in _joined(parts[start:end], self.face):
                self._place(word, self.used + self.space if self.line else 0.0)
            self._end_line(last=end == len(parts))
        return self.lines_done

    def _parts(self, word: _Word) -> list[tuple[_Word, str]]:
        """The word cut at every hyphenation point ``_hyphenated`` may choose: each part and how a
        line may end after it ("word": the word's end, "cut": with a hyphen added). A compound's
        own hyphen is no break: readers and the tests take a hyphen at a line's end for a cut."""
        text, bold, size = word.pieces[-1]
        start = text.rfind("\xa0") + 1
        cuts = self._break_points(text[start:])
        if not cuts:
            return [(word, "word")]
        parts: list[tuple[_Word, str]] = []
        at = 0
        for n, (head_end, tail_start) in enumerate(cuts):
            before = word.pieces[:-1] if n == 0 else []
            parts.append((_Word(before + [(text[at : start + head_end], bold, size)], None, self.face), "cut"))
            at = start + tail_start
        parts.append((_Word([(text[at:], bold, size)], word.space, self.face), "word"))
        return parts

    def _badness(
        self, parts: list[tuple[_Word, str]], sums: PartSums, start: int, end: int, last: bool
    ) -> float | None:
        """What setting ``parts[start:end]`` as one line costs: the square of how far its spaces
        stretch (in quarter ems) or shrink (as a share of what they may give up), 1 a line, 3 a
        hyphen, 50 more a line set ragged-right as its spaces would open wider than MAX_WORD_GAP;
        None when it is too wide even with its spaces shrunk."""
        cut = parts[end - 1][1] == "cut"
        if not self.justify:
            natural, spaces, words_on = sums.line(start, end, cut)
            if natural > self.width + self.shrink * spaces + 1e-6:
                return None
            early = not last and sums.line(start, sums.word_end[end], False)[0] <= self.width
            early_cost = EARLY_COST * (CLAUSE_EARLY if sums.clause[end - 1] else 1.0) if early else 0.0
            return self._ragged_badness(natural, cut, last, alone=start > 0 and words_on == 1) + early_cost
        words = _joined(parts[start:end], self.face)
        natural = sum(word.width for word in words) + sum(word.trailing_space for word in words[:-1])
        spaces = sum(word.trailing_space for word in words[:-1])
        if natural > self.width + self.shrink * spaces + 1e-6:
            return None
        hyphen = 3.0 if cut else 0.0
        if last:
            return hyphen
        gaps = _gaps([piece for word in words for piece in word.pieces]) + len(words) - 1
        if natural > self.width:
            return 1.0 + hyphen + ((natural - self.width) / (self.shrink * spaces)) ** 2
        size = max(size for word in words for _, _, size in word.pieces)
        stretch = (self.width - natural) / max(gaps, 1)
        badness = 1.0 + hyphen + (stretch / (0.25 * size)) ** 2
        space = fonts.width_pt(" ", size, False, self.face)
        return badness + 50.0 if not gaps or space + stretch > MAX_WORD_GAP * size else badness

    def _ragged_badness(self, natural: float, cut: bool, last: bool, alone: bool) -> float:
        """What a line of ragged-right text costs: the square of the room it leaves (in RAGGED_ZONE
        of the width), RAGGED_HYPHEN more when it ends in a hyphen, SHORT_COST more when it fills
        less than RAG_FLOOR of the width; a paragraph's last line
        nothing for its room but RUNT_COST when it is one short word under lines before it."""
        if last:
            runt = alone and natural < RUNT_SHARE * self.width
            tiny = alone and natural < RUNT_TINY * self.width  # as bad as a stray short line
            return (RAGGED_HYPHEN if cut else 0.0) + (RUNT_COST if runt else 0.0) + (SHORT_COST if tiny else 0.0)
        room = max(self.width - natural, 0.0) / (RAGGED_ZONE * self.width)
        short = natural < (HYPHEN_FULL if cut else RAG_FLOOR) * self.width  # reads as a stray break
        return 1.0 + room * room + (RAGGED_HYPHEN if cut else 0.0) + (SHORT_COST if short else 0.0)

    def _place(self, word: _Word, x: float) -> None:
        if self.line:
            self.spaces += self.space
        self.line.append((word, x))
        self.used = x + word.width
        self.space = word.trailing_space

    def _hyphenated(self, word: _Word) -> tuple[_Word, _Word] | None:
        """The word cut at the language's hyphenation point that fills most of what is left of the
        line (the head ending in a hyphen), or None: no patterns, too little room to be worth a
        hyphen, or no point that fits. Only the word's last run of text after a no-break space is
        cut, so "w\xa0ogrodzie" may become "w\xa0ogro-" and "dzie"."""
        room = self.width - self.used - self.space
        if room <= self.hyphenate_room * self.width:
            return None
        if self.justify:  # the head may take what the line's spaces may give up
            room += self.shrink * (self.spaces + self.space)
        text, bold, size = word.pieces[-1]
        start = text.rfind("\xa0") + 1
        before = word.width - fonts.width_pt(text, size, bold, self.face)
        for head_end, tail_start in reversed(self._break_points(text[start:])):
            head = text[: start + head_end] + "-"
            if before + fonts.width_pt(head, size, bold, self.face) <= room:
                head_word = _Word(word.pieces[:-1] + [(head, bold, size)], None, self.face)
                return head_word, _Word([(text[start + tail_start :], bold, size)], word.space, self.face)
        return None

    def _break_points(self, text: str) -> list[tuple[int, int]]:
        """Where ``text`` may be hyphenated, as (end of the head, start of the tail): at its soft
        hyphens when it has any (the writer chose them: the language's patterns are not asked),
        else at the language's hyphenation points."""
        if SOFT_HYPHEN in text:
            return [(at, at + 1) for at, char in enumerate(text) if char == SOFT_HYPHEN]
        if self.hyphenator is None:
            return []
        return [(cut, cut) for cut in self.hyphenator.points(text)]

    def _split(self, word: _Word) -> list[_Word | None]:
        """A word wider than a whole line, cut between letters: the first part fills what is
        left of this line, each next part a line of its own, the last goes on as a word."""
        room = self.width - (self.used + self.space if self.line else 0.0)
        parts: list[_Word | None] = []
        part: list[Piece] = []
        part_width = 0.0
        for text, bold, size in word.pieces:
            for letter in text:
                letter_width = fonts.width_pt(letter, size, bold, self.face)
                if part_width + letter_width > room and (part or letter_width <= self.width):
                    parts.extend((_Word(part, face=self.face), _BREAK) if part else (_BREAK,))
                    part, part_width, room = [], 0.0, self.width
                part = _append_letter(part, letter, bold, size)
                part_width += letter_width
        parts.append(_Word(part, word.space, self.face))
        return parts

    def _end_line(self, last: bool = False) -> None:
        segments: list[Piece] = []
        for index, (word, _) in enumerate(self.line):
            segments.extend(word.pieces)
            if word.space and index < len(self.line) - 1:
                segments.append((" ", *word.space))
        size = max((size for word, _ in self.line for _, _, size in word.pieces), default=self.size_pt)
        word_space = self._shrink(segments) or (self._stretch(segments, size) if self.justify and not last else 0.0)
        word_space *= MM_PER_POINT
        self.lines_done.append(Line(_runs(segments, word_space, self.face), self.used * MM_PER_POINT, size, word_space))
        self._start()

    def _shrink(self, segments: list[Piece]) -> float:
        """Points taken from each space of a line wider than the box (0 for one that fits).
        As reportlab counts them: the gaps between words plus every no-break space."""
        over = self.used - self.width
        gaps = len(self.line) - 1 + sum(text.count("\xa0") for text, _, _ in segments)
        return -over / gaps if over >= 1e-8 and gaps > 0 else 0.0

    def _stretch(self, segments: list[Piece], size: float) -> float:
        """Points added to each space so a justified line fills the box; 0 (the line set
        ragged-right) when its spaces would open wider than MAX_WORD_GAP em."""
        gaps = _gaps(segments)
        if not gaps:
            return 0.0
        stretch = (self.width - self.used) / gaps
        space = fonts.width_pt(" ", size, False, self.face)
        return stretch if space + stretch <= MAX_WORD_GAP * size + 1e-9 else 0.0


def _gaps(segments: list[Piece]) -> int:
    """The spaces the PDF's word spacing (Tw) moves on a line: those between words and every
    no-break space, which reportlab's subsets print with the same code as a space."""
    return sum(text.count(" ") + text.count("\xa0") for text, _, _ in segments)


def _joined(parts: list[tuple[_Word, str]], face: str) -> list[_Word]:
    """A line's parts of words joined into its words, the last ending in a hyphen when the line
    breaks inside it."""
    words: list[_Word] = []
    how = "word"
    for part, how_next in parts:
        if words and how != "word":
            words[-1] = _Word(words[-1].pieces + part.pieces, part.space, face)
        else:
            words.append(part)
        how = how_next
    if how == "cut":
        text, bold, size = words[-1].pieces[-1]
        words[-1] = _Word(words[-1].pieces[:-1] + [(text + "-", bold, size)], None, face)
    return words


def _unbound(word: _Word, face: str) -> list[_Word]:
    """A run held by no-break spaces ("1\xa0až\xa04\xa0hráče") as the words it joins."""
    words: list[_Word] = []
    for text, bold, size in word.pieces:
        for n, chunk in enumerate(text.split("\xa0")):
            if n or not words:
                words.append(_Word([], (bold, size), face))
            words[-1].pieces += [(chunk, bold, size)] if chunk else []
    words[-1].space = word.space
    return [loose for loose in words if loose.pieces]


def _append_letter(part: list[Piece], letter: str, bold: bool, size: float) -> list[Piece]:
    if part and part[-1][1:] == (bold, size):
        return part[:-1] + [(part[-1][0] + letter, bold, size)]
    return part + [(letter, bold, size)]


def _runs(segments: list[Piece], word_space: float, face: str) -> tuple[Run, ...]:
    """Consecutive text of one font joined, each run placed where the text before it ends (a
    space between words is ``word_space`` mm wider or narrower than the font's)."""
    runs: list[Run] = []
    x = 0.0
    for text, bold, size in segments:
        if SOFT_HYPHEN in text:  # not broken there: it prints nothing
            text = text.replace(SOFT_HYPHEN, "")
        if runs and (runs[-1].bold, runs[-1].size_pt) == (bold, size):
            runs[-1] = Run(runs[-1].text + text, bold, size, runs[-1].dx)
        else:
            runs.append(Run(text, bold, size, x))
        x += fonts.width_pt(text, size, bold, face) * MM_PER_POINT + word_space * _gaps([(text, bold, size)])
    return tuple(runs)
