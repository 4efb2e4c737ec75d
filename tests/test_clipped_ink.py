"""The page checks measure a clipped group's ink inside its clip: a tiled pattern is drawn a
repeat past its piece and clipped to it, and `build kpn --backs none` (tiles on the card grid,
near the paper's edge) was refused for lines the clip hides."""

from __future__ import annotations

from printkit.layout.bounds import clipped
from printkit.layout.primitives import Group, Rect
from printkit.validate.pages import Seen, drawing


def test_a_clipped_groups_ink_ends_at_its_clip():
    square = ((2.0, 2.0), (12.0, 2.0), (12.0, 12.0), (2.0, 12.0))
    wide = Group(key=("clipped-test",), x=0, y=0, w=14, h=14, items=(Rect(0, 0, 14, 14, None, "#000000"),), clip=square)
    assert drawing(wide, Seen()).ink == (2.0, 2.0, 12.0, 12.0)
    unclipped = Group(key=("unclipped-test",), x=0, y=0, w=14, h=14, items=(Rect(0, 0, 14, 14, None, "#000000"),))
    assert drawing(unclipped, Seen()).ink == (0.0, 0.0, 14.0, 14.0)


def test_ink_wholly_outside_the_clip_is_none():
    assert clipped((20.0, 20.0, 30.0, 30.0), ((0.0, 0.0), (10.0, 0.0), (10.0, 10.0))) is None
    assert clipped(None, ((0.0, 0.0), (1.0, 1.0))) is None
