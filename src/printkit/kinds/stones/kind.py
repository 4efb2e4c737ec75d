"""The stones kind's own checks, then its ``KIND``: what the registry reads about it."""

from __future__ import annotations

import difflib
from typing import TYPE_CHECKING

from printkit.kinds.fits import fits_check, square_frame
from printkit.kinds.stones import layout
from printkit.kinds.stones.model import StonesComponent
from printkit.kit.kinds import Kind, PieceKind
from printkit.layout.symbols import COMPASS

if TYPE_CHECKING:
    from printkit.kit.model import Kit
    from printkit.validate.findings import Findings


def check_stone_faces(kit: Kit, index: int, stones: StonesComponent, found: Findings) -> None:
    """Every stone type's faces are among the component's faces; every move leaves the stone's cell."""
    for number, face in enumerate(stones.faces):
        for move_number, move in enumerate(face.moves):
            steps = [COMPASS[step] for step in move.split()]
            if sum(dx for dx, _ in steps) == 0 and sum(dy for _, dy in steps) == 0:
                loc = ("components", index, "faces", number, "moves", move_number)
                found.add(
                    loc,
                    f"the move '{move}' ends on the cell it starts from; a move goes somewhere else, e.g. 'N' or "
                    "'N NE'",
                )
    known = [face.id for face in stones.faces]
    for number, stone_type in enumerate(stones.types):
        for side, face_id in enumerate(stone_type.faces):
            if face_id not in known:
                hint = difflib.get_close_matches(face_id, known, n=1, cutoff=0.6)
                dym = f"did you mean '{hint[0]}'? " if hint else ""
                found.add(
                    ("components", index, "types", number, "faces", side),
                    f"unknown face '{face_id}'; {dym}the faces are: {', '.join(known)}",
                )


KIND = Kind(
    "stones",
    StonesComponent,
    layout.layout,
    layout.numbers,
    order=60,
    page_role="pieces",
    pieces=(PieceKind("stone", scale_critical=True, cut=True, shop=True),),
    checks=(fits_check(square_frame), check_stone_faces),
    figure_piece=layout.figure_piece,
    first_piece=layout.first_piece,
    strip_pieces=layout.strip_pieces,
)
