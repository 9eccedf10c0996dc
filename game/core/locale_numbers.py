"""Numbers and dates as the player's language writes them: "1.234,5" in German, "1 234,5" in
French, "2025年3月13日" in Japanese.

Small tables rather than a library: the game writes counts, a few decimals (solver times,
seconds, a zoom) and the daily puzzle's date, in seven languages, and CLDR's rules for those
fit in a screen of code (a dependency as large as Babel would not earn its place). The
language is the one :mod:`game.core.i18n` speaks now; ``language`` overrides it (tests).
No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from game.core.i18n import current_language


@dataclass(frozen=True)
class NumberStyle:
    """How a language writes a number: its decimal mark, the mark between groups of three
    digits, and from how many digits it groups (Spanish leaves 4-digit numbers whole)."""

    decimal: str
    group: str
    group_from: int = 4  # digits in the whole part before groups are marked


# CLDR's symbols for each language (French groups with a narrow no-break space).
STYLES: dict[str, NumberStyle] = {
    "en": NumberStyle(".", ","),
    "ja": NumberStyle(".", ","),
    "de": NumberStyle(",", "."),
    "nl": NumberStyle(",", "."),
    "hr": NumberStyle(",", "."),
    "es": NumberStyle(",", ".", group_from=5),
    "fr": NumberStyle(",", "\u202f"),
}

# The months as a date names them (CLDR's format forms: Croatian's genitive "ožujka",
# lower case where the language writes them so); Japanese writes the month's number.
MONTHS: dict[str, tuple[str, ...]] = {
    "en": ("January", "February", "March", "April", "May", "June", "July", "August",
           "September", "October", "November", "December"),
    "es": ("enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto",
           "septiembre", "octubre", "noviembre", "diciembre"),
    "nl": ("januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus",
           "september", "oktober", "november", "december"),
    "de": ("Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August",
           "September", "Oktober", "November", "Dezember"),
    "fr": ("janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août",
           "septembre", "octobre", "novembre", "décembre"),
    "hr": ("siječnja", "veljače", "ožujka", "travnja", "svibnja", "lipnja", "srpnja",
           "kolovoza", "rujna", "listopada", "studenoga", "prosinca"),
}  # fmt: skip

# How each language writes a day's date: {day}, {month} (its name), {number} (the month's
# number) and {year}.
DATE_PATTERNS: dict[str, str] = {
    "en": "{day} {month} {year}",
    "es": "{day} de {month} de {year}",
    "nl": "{day} {month} {year}",
    "de": "{day}. {month} {year}",
    "fr": "{day} {month} {year}",
    "hr": "{day}. {month} {year}.",
    "ja": "{year}年{number}月{day}日",
}


def _style(language: str | None) -> NumberStyle:
    return STYLES.get(language or current_language(), STYLES["en"])


def _grouped(whole: str, style: NumberStyle) -> str:
    if len(whole) < style.group_from:
        return whole
    head = len(whole) % 3 or 3
    parts = [whole[:head]] + [whole[index : index + 3] for index in range(head, len(whole), 3)]
    return style.group.join(parts)


def format_int(value: int, language: str | None = None) -> str:
    """A whole number with its groups marked: 12,345 / 12.345 / 12 345."""
    style = _style(language)
    sign = "-" if value < 0 else ""
    return sign + _grouped(str(abs(int(value))), style)


def format_decimal(value: float, places: int, language: str | None = None) -> str:
    """``value`` to ``places`` decimals: 3.5 / 3,5 (and its whole part grouped)."""
    style = _style(language)
    text = f"{abs(value):.{places}f}"
    whole, _dot, fraction = text.partition(".")
    sign = "-" if value < 0 and float(text) != 0 else ""
    grouped = _grouped(whole, style)
    return sign + (grouped + style.decimal + fraction if fraction else grouped)


def format_date(day: date, language: str | None = None) -> str:
    """``day`` as the language writes a date: "13 March 2025", "13. März 2025",
    "2025年3月13日"."""
    code = language or current_language()
    pattern = DATE_PATTERNS.get(code, DATE_PATTERNS["en"])
    month = MONTHS.get(code, MONTHS["en"])[day.month - 1]
    return pattern.format(day=day.day, month=month, number=day.month, year=day.year)
