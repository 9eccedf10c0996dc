"""The game's words in the player's language: gettext catalogues from the standard library.

Every string a player reads is written in English in the code and passed through :func:`_`
(``ngettext`` where a count chooses the form) at the moment it is shown; a string kept in a
module-level table is marked with :func:`N_` (which only marks it for extraction) and
translated where it is drawn. ``tools/i18n.py`` extracts the marked strings into
``game/locale/hanjie.pot``, keeps each language's ``hanjie.po`` in step and compiles the
``hanjie.mo`` files the game reads (kept in the repository, so a plain install needs no
build step). ``game/locale/languages.json`` records, for each catalogue, how many of the
template's strings it translates: a language is offered only when its catalogue is complete.

The language follows the system's locale (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
``LANG``), unless the player chose one in Options; English is the code's own text. No
pygame here.
"""

from __future__ import annotations

import gettext
import json
import os
from dataclasses import dataclass
from pathlib import Path

DOMAIN = "hanjie"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
ENGLISH = "en"
# The setting's value that follows the system's locale.
SYSTEM = "system"


@dataclass(frozen=True)
class Language:
    """A language the game may speak: its code, its own name and its catalogue's state."""

    code: str
    name: str  # in the language itself ("Español")
    translated: int = 0
    total: int = 0

    @property
    def complete(self) -> bool:
        return self.code == ENGLISH or (self.total > 0 and self.translated == self.total)


# The languages the game has catalogues for, in the order Options lists them.
NAMES: dict[str, str] = {
    ENGLISH: "English",
    "es": "Español",
    "nl": "Nederlands",
    "hr": "Hrvatski",
    "de": "Deutsch",
    "fr": "Français",
    "ja": "日本語",
}

_translations: gettext.NullTranslations = gettext.NullTranslations()
_current = ENGLISH


def _(message: str) -> str:
    """``message`` in the current language (itself in English or where not translated; ""
    stays "", where gettext would answer the catalogue's header)."""
    return _translations.gettext(message) if message else message


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of ``singular``/``plural`` for ``count`` in the current language."""
    return _translations.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language as the catalogue translates it in ``context``
    (a picture's title "Drop" is not the button "Drop")."""
    return _translations.pgettext(context, message) if message else message


def N_(message: str) -> str:
    """Marks ``message`` for the catalogue without translating it (translate where shown)."""
    return message


class Said:
    """Words said when they are read rather than when they are made: a template marked with
    :func:`N_` and its named fields, in the language spoken at ``str()`` time. A message made
    before the player's language is known (what the saved-progress files tell at start, read
    before the Language setting is) still reads in that language. A field may be a Said too;
    a template the catalogue does not hold (pure punctuation, "{first}; {second}") stays as
    written."""

    __slots__ = ("fields", "template")

    def __init__(self, template: str, **fields: object) -> None:
        self.template = template
        self.fields = fields

    def __str__(self) -> str:
        words = {name: str(value) for name, value in self.fields.items()}
        return _(self.template).format(**words) if words else _(self.template)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Said):
            return (self.template, self.fields) == (other.template, other.fields)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.template)

    def __repr__(self) -> str:
        return f"Said({self.template!r}, {self.fields!r})"


def languages() -> list[Language]:
    """Every language with a catalogue, with how much of the template it translates."""
    try:
        counts = json.loads((LOCALE_DIR / "languages.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        counts = {}
    found = []
    for code, name in NAMES.items():
        entry = counts.get(code, {}) if isinstance(counts, dict) else {}
        translated = int(entry.get("translated", 0)) if isinstance(entry, dict) else 0
        total = int(entry.get("total", 0)) if isinstance(entry, dict) else 0
        found.append(Language(code, name, translated, total))
    return found


# Whether every string a player sees goes through the catalogue. Until it does, a complete
# catalogue still leaves screens in English (the converter, the replay, Kakuro, the lessons,
# the solver's hints and steps: tests/ui/test_catalogue_coverage.py lists what is left), and
# a half-translated game is not offered: only English is.
EVERY_STRING_MARKED = True


def offered() -> list[Language]:
    """The languages Options offers: English, and once every visible string is marked
    (``EVERY_STRING_MARKED``), every language whose catalogue is complete."""
    if not EVERY_STRING_MARKED:
        return [language for language in languages() if language.code == ENGLISH]
    return [language for language in languages() if language.complete]


def system_language(environ: dict[str, str] | None = None) -> str:
    """The language code the system's locale asks for, among those offered; else English.
    ``LANGUAGE`` may list several (``nl:de``); "C" and "POSIX" mean English."""
    env = os.environ if environ is None else environ
    codes = {language.code for language in offered()}
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(variable, "")
        if not value:
            continue
        for part in value.split(":"):
            code = part.split(".")[0].split("@")[0].split("_")[0].lower()
            if code in ("c", "posix"):
                return ENGLISH
            if code in codes:
                return code
        if variable != "LANGUAGE":
            break  # the first of LC_ALL, LC_MESSAGES, LANG that is set decides
    return ENGLISH


def set_language(choice: str, environ: dict[str, str] | None = None) -> str:
    """Speak ``choice`` (a code, or :data:`SYSTEM` for the system's locale); a language not
    offered (its catalogue incomplete, or unknown) falls back to English. Returns the code."""
    global _translations, _current
    code = system_language(environ) if choice == SYSTEM else choice
    if code not in {language.code for language in offered()}:
        code = ENGLISH
    if code == ENGLISH:
        _translations = gettext.NullTranslations()
    else:
        _translations = gettext.translation(DOMAIN, LOCALE_DIR, [code], fallback=True)
    _current = code
    return code


def use_catalogue(code: str) -> None:
    """Speak ``code`` whether or not its catalogue is complete (tools and tests: a
    screenshot of a language being translated, the coverage check's pseudo-language)."""
    global _translations, _current
    _translations = gettext.translation(DOMAIN, LOCALE_DIR, [code], fallback=True)
    _current = code


def use_translations(translations: gettext.NullTranslations, code: str) -> None:
    """Speak through ``translations`` (tests: a pseudo-language that marks every string the
    catalogue holds, so a screen's unmarked English shows)."""
    global _translations, _current
    _translations = translations
    _current = code


def current_language() -> str:
    """The code of the language spoken now."""
    return _current
