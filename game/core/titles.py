"""A puzzle's title in the player's language.

Titles are data: a bundled picture's title ("Mushroom") is written in English in its file,
and the catalogue holds it (``tools/i18n.py`` extracts every bundled title), so it is
looked up where it is shown. Titles the game composes keep their English in the file and
are said again in the player's words: "Random 15x15 #7", "Random 15x15 in 3 colours #7"
(made by the generators), the daily puzzle's "Daily puzzle 2025-03-13" (its date as the
language writes it: "Tagesrätsel 13. März 2025") and a Kakuro pack's "Starter 05" (its
pack's word and a number).
A title of the player's own, in the catalogue or not, is shown as it is. No pygame here.
"""

from __future__ import annotations

import re
from datetime import date

from game.core.i18n import N_, _, pgettext
from game.core.locale_numbers import format_date
from game.core.palette import colour_count_text

# The words of the bundled Kakuro titles ("Starter 05", "Six 3"), marked for the catalogue.
KAKURO_WORDS = (N_("Starter"), N_("Six"), N_("Eight"), N_("Ten"), N_("Twelve"), N_("Large"))

# The count may be followed (or, in a language read when the title was made, preceded) by
# the word for colours: "in 3 colours", "in 3 Farben".
# The catalogue's context for the bundled titles (tools/i18n.py extracts them with it).
TITLE_CONTEXT = "picture title"
_RANDOM = re.compile(r"Random (\d+x\d+)(?: in \D*?(\d+)\D*?)? #(\d+)")
_NUMBERED = re.compile(r"(\w+) (\d+)")
# The daily puzzle's title: "Daily puzzle 2025-03-13" (game.core.generate.daily).
_DAILY = re.compile(r"Daily puzzle (\d{4})-(\d{2})-(\d{2})")


def display_title(title: str) -> str:
    """``title`` as the player reads it (itself when nothing translates it)."""
    if not title:
        return title
    translated = pgettext(TITLE_CONTEXT, title)
    if translated != title:
        return translated
    random = _RANDOM.fullmatch(title)
    if random is not None:
        size, inks, seed = random.groups()
        if inks is None:
            return _("Random {size} #{seed}").format(size=size, seed=seed)
        colours = colour_count_text(int(inks) + 1)  # the count names the inks
        return _("Random {size} in {colours} #{seed}").format(size=size, colours=colours, seed=seed)
    daily = _DAILY.fullmatch(title)
    if daily is not None:
        try:
            day = date(*(int(part) for part in daily.groups()))
        except ValueError:
            return title
        return _("Daily puzzle {date}").format(date=format_date(day))
    numbered = _NUMBERED.fullmatch(title)
    if numbered is not None and numbered.group(1) in KAKURO_WORDS:
        return f"{_(numbered.group(1))} {numbered.group(2)}"
    return title
