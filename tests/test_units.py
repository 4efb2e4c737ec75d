import pytest

from printkit.base.units import MM_PER_POINT, mm_to_pt, parse_length


@pytest.mark.parametrize(
    "value, expected",
    [
        (22, 22.0),
        (2.5, 2.5),
        ("63mm", 63.0),
        ("63 mm", 63.0),
        ("2.5in", 63.5),
        ("1cm", 10.0),
        ("72pt", 25.4),
        ("-3mm", -3.0),
    ],
)
def test_lengths_become_millimetres(value, expected):
    assert parse_length(value) == pytest.approx(expected)


@pytest.mark.parametrize("value", ["63 furlongs", "mm", "", True, None, [1]])
def test_bad_lengths_say_what_is_valid(value):
    with pytest.raises(ValueError, match='"63mm"'):
        parse_length(value)


def test_points_round_trip():
    assert mm_to_pt(210) * MM_PER_POINT == pytest.approx(210)
    assert mm_to_pt(25.4) == pytest.approx(72)
