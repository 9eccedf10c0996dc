"""The puzzles each picture pack opens with: the three that read best, scored blind (issue 46).

The packs are ordered by level, then the clearest at a glance first
(:func:`game.core.generate.glance.glance_score`), but that score follows a player's eye only
loosely (correlation 0.52), and the black-and-white packs still opened with pictures a player
could not name. So each pack's first three are chosen by eye: every Easy and Medium puzzle
of the black-and-white packs and every Easy one of the two weakest colour packs was drawn on
the shuffled, untitled sheets ``tools/readability/s22-openers-{1,2}.png`` and scored 0-3
before the key was read (``s22-openers-*-scores.txt``). The three best of each pack (ties in
the pack's order) come first within their level, in the order named; the play order stays by
level (a pack's one or two Easy puzzles still open it: ``tests/test_levels.py`` holds the
order to the rating), and the rest of a level follows the clearest first. A pack not named
here (the scenes: none of its easy pictures scored 2) keeps the plain order.
"""

from __future__ import annotations

# Pack folder -> the title slugs of its three best-read easy puzzles, the best first.
OPENERS: dict[str, tuple[str, ...]] = {
    "21-animals": ("bat", "bird", "rooster"),
    "23-food": ("fork-and-knife", "banana", "pear"),
    "24-food-in-colour": ("egg", "cookie", "tomato"),
    "25-travel": ("desert-island", "sailing-boat", "statue-of-liberty"),
    "26-travel-in-colour": ("bus", "traffic-light", "lorry"),
    "27-things": ("floppy-disk", "trophy", "boot"),
    "29-play": ("robot", "wizard", "ghost"),
    "31-nature": ("star", "fir-tree", "cactus"),
    "35-icons": ("sailing-boat", "house", "camel"),
}


def pack_order(pack: str, name: str, stars: int, clarity: float) -> tuple[int, int, int, float]:
    """The sort key of puzzle ``name`` (its title's slug) in ``pack`` (the folder's name):
    by level; within a level the openers first, in their order, then the clearest first."""
    openers = OPENERS.get(pack, ())
    if name in openers:
        return stars, 0, openers.index(name), -clarity
    return stars, 1, 0, -clarity
