"""The track kind's own checks, then its ``KIND``: what the registry reads about it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from printkit.base.errors import Loc
from printkit.kinds.track.layout import layout, numbers, room, spaces
from printkit.kinds.track.model import EdgeTrack, TrackComponent
from printkit.kinds.track.words import MESSAGES
from printkit.kit.kinds import Kind, PieceKind

if TYPE_CHECKING:
    from printkit.kit.model import Kit
    from printkit.validate.findings import Findings


def check_track(kit: Kit, index: int, track: TrackComponent, found: Findings) -> None:
    """The track ends at or after its start, has at most 1,000 spaces, and its specials are on it, once each."""
    loc = ("components", index)
    if track.end < track.start:
        found.add(loc + ("end",), f"the track ends ({track.end}) before it starts ({track.start})")
        return
    if len(spaces(track)) > 1000:
        found.add(loc + ("end",), f"a track has at most 1,000 spaces; this one has {len(spaces(track)):,}")
        return
    check_specials(track, loc, found)


def check_specials(track: TrackComponent | EdgeTrack, loc: Loc, found: Findings) -> None:
    """Every special space is on the track, and special once."""
    seen: dict[int, int] = {}
    for number, special in enumerate(track.specials):
        where = loc + ("specials", number, "at")
        if special.at not in spaces(track):
            found.add(where, f"space {special.at} is not on track '{track.id}' ({track.start} to {track.end})")
        elif special.at in seen:
            found.add(where, f"space {special.at} is already special (specials[{seen[special.at]}])")
        seen.setdefault(special.at, number)


KIND = Kind(
    "track",
    TrackComponent,
    layout,
    numbers,
    order=40,
    page_role="board",
    pieces=(PieceKind("track", scale_critical=True), PieceKind("space", scale_critical=True)),
    checks=(check_track,),
    cell=lambda component: component.space,
    room=room,
    messages=MESSAGES,
)
