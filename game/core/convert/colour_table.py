"""The colour-naming table: common English colour names and a representative sRGB of each.

The names are the ones people use for colours in everyday speech and in the web's named
colours (the CSS Color Module's list: where a name here is also a CSS name, its value is the
CSS one, e.g. "cornflower blue" #6495ED, "steel blue" #4682B4, "gold" #FFD700); names a
player would not say ("papaya whip", "gainsboro") are left out, and a few plain names take a
value nearer the colour most people mean by them than CSS's ("brown" is CSS's "saddle brown",
CSS's own brown being a red; CSS's "dark orange" is a bright orange, and is left out).
:func:`game.core.convert.colour_names.colour_name` picks the
nearest in CIE Lab. Plain data; nothing here imports pygame.
"""

from __future__ import annotations

from game.core.palette import RGB


def _hex(value: str) -> RGB:
    return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16))


# fmt: off
_NAMES = (
        # whites, greys and black
        ("white", "FAFAFA"), ("light grey", "D3D3D3"), ("silver", "C0C0C0"),
        ("grey", "808080"), ("slate grey", "708090"), ("dark grey", "505050"),
        ("black", "0A0A0A"),
        # reds and pinks
        ("red", "D22828"), ("brick red", "B22222"), ("dark red", "78141A"),
        ("salmon", "FA8072"), ("coral", "FF7F50"), ("pink", "FFC0CB"),
        ("hot pink", "FF69B4"), ("rose", "E8879C"), ("magenta", "FF00FF"),
        # purples
        ("plum", "DDA0DD"), ("orchid", "DA70D6"), ("violet", "EE82EE"), ("lilac", "C8A2C8"),
        ("lavender", "E6E6FA"), ("purple", "800080"), ("indigo", "4B0082"),
        # blues
        ("navy", "000080"), ("dark blue", "00008B"), ("blue", "325AD2"),
        ("royal blue", "4169E1"), ("cornflower blue", "6495ED"), ("steel blue", "4682B4"),
        ("sky blue", "87CEEB"), ("light blue", "ADD8E6"), ("powder blue", "B0E0E6"),
        ("light steel blue", "B0C4DE"), ("denim", "1560BD"),
        # blue-greens
        ("turquoise", "40E0D0"), ("teal", "008080"), ("cyan", "00FFFF"),
        ("aquamarine", "7FFFD4"),
        # greens
        ("mint green", "98FF98"), ("sea green", "2E8B57"), ("green", "3CA046"),
        ("lime green", "32CD32"), ("light green", "A0D782"), ("dark green", "19502A"),
        ("forest green", "228B22"), ("olive", "787828"), ("olive green", "6B8E23"),
        ("yellow green", "9ACD32"), ("khaki", "F0E68C"),
        # yellows, oranges, browns
        ("yellow", "F0D228"), ("gold", "FFD700"), ("mustard", "CDA228"), ("cream", "F5E6BE"),
        ("beige", "F5F5DC"), ("wheat", "F5DEB3"), ("sand", "C2B280"), ("tan", "C8A578"),
        ("orange", "F08C1E"), ("burnt orange", "CC5500"),
        ("peach", "FFDAB9"), ("brown", "8B4513"), ("chocolate", "D2691E"),
        ("sienna", "A0522D"), ("rust", "B7410E"), ("dark brown", "5C4033"),
)
# fmt: on
COLOUR_TABLE: tuple[tuple[str, RGB], ...] = tuple((name, _hex(value)) for name, value in _NAMES)
