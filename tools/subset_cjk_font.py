"""Cut Noto Sans CJK JP down to the characters the game's Japanese catalogue uses.

DejaVu Sans has no Japanese glyphs. The whole Noto Sans CJK collection is 20 MB a weight;
the game needs only the kana, kanji and punctuation its Japanese catalogue
(``game/locale/ja/LC_MESSAGES/hanjie.po``) writes, and printable ASCII for numbers and names.
This writes ``assets/fonts/NotoSansCJKjp-subset.otf`` (the regular weight; the game draws
bold by emboldening it) and the licence beside it. Run it again whenever the Japanese
catalogue changes (a test fails when the subset lacks a character the catalogue uses).

Needs fontTools (``pip install fonttools``, a tool for this script only, not a dependency of
the game) and Debian's ``fonts-noto-cjk`` (``apt-get install fonts-noto-cjk``, or
``apt-get download`` it and pass ``--source`` the extracted ``NotoSansCJK-Regular.ttc``).

    python tools/subset_cjk_font.py [--source PATH/NotoSansCJK-Regular.ttc]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from tools.i18n import po_path, read_po  # noqa: E402

SOURCE = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
TARGET = REPO_ROOT / "assets" / "fonts" / "NotoSansCJKjp-subset.otf"
JAPANESE_FACE = "Noto Sans CJK JP"
# Always kept: printable ASCII (numbers, names, file names), the ideographic space and
# punctuation, and the symbols the interface draws (arrows, dots, ellipsis).
ALWAYS = (
    "".join(chr(code) for code in range(0x20, 0x7F))
    + "\u3000、。・「」『』（）！？：ー〜…·←→↑↓‹›«»−–×°✓★☆•“”„"
)


def catalogue_characters() -> set[str]:
    """Every character the Japanese catalogue's translations use."""
    _header, entries = read_po(po_path("ja"))
    return {char for entry in entries.values() for text in entry.strings for char in text}


def needed_characters() -> set[str]:
    return catalogue_characters() | set(ALWAYS)


def main() -> int:
    from fontTools import subset
    from fontTools.ttLib import TTCollection

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=SOURCE)
    options = parser.parse_args()
    collection = TTCollection(str(options.source))
    number = next(
        index
        for index, font in enumerate(collection.fonts)
        if font["name"].getDebugName(4) == JAPANESE_FACE
    )
    characters = needed_characters()
    settings = subset.Options()
    settings.font_number = number
    # The default layout features (kerning, ligatures, vertical forms are not used), every
    # name record (the copyright and licence stay in the file), no hinting (FreeType's
    # auto-hinter draws it at the game's sizes).
    settings.name_IDs = ["*"]
    settings.name_languages = ["*"]
    settings.notdef_outline = True
    settings.hinting = False
    font = subset.load_font(str(options.source), settings)
    subsetter = subset.Subsetter(settings)
    subsetter.populate(text="".join(sorted(characters)))
    subsetter.subset(font)
    subset.save_font(font, str(TARGET), settings)
    print(
        f"{TARGET.relative_to(REPO_ROOT)}: {len(characters)} characters, "
        f"{TARGET.stat().st_size} bytes (from {options.source.name}, face {number})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
