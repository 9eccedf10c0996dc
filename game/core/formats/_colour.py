"""What the colour readers share: clue items with a colour key (``3a``) and the palette a
file's colour keys make.

A key is what a file calls a colour: a character in ``.non`` and Olšák files, a name in
webpbn XML. Readers collect the keys a file declares (with an RGB, and the line that
declared it) and the keys its clues use, and :class:`PaletteKeys` turns them into a
:class:`~game.core.palette.Palette` and each key's colour number, or one FormatError.
One block colour that is black (or undeclared) is a black-and-white puzzle, read exactly
as before colour existed (no palette).
"""

from __future__ import annotations

import re

from game.core.formats._common import (
    MAX_NUMBER_DIGITS,
    FormatError,
    long_run_reason,
    looks_like_clue,
    negative_reason,
    parse_clue,
    parse_int,
    quote,
    too_many_runs_reason,
)
from game.core.i18n import _
from game.core.palette import (
    MAX_COLOURS,
    RGB,
    Colour,
    Palette,
    PaletteError,
    fallback_rgb,
    rgb_text,
)
from game.core.puzzle import MAX_DIMENSION

# A run and its optional colour key: digits, then at most one character that is not a
# digit or a separator. Matched per token, never across the line.
_ITEM = re.compile(r"(\d+)([^\d\s,]?)")
_SEPARATORS = re.compile(r"[\s,]+")
DEFAULT_KEY = "1"
WHITE: RGB = (255, 255, 255)
BLACK: RGB = (0, 0, 0)


def has_colour_key(text: str) -> bool:
    """Whether a clue line carries any colour key (anything but clue characters)."""
    return bool(text.strip()) and not looks_like_clue(text)


def parse_colour_clue(
    text: str, what: str, path: str, line: int | None
) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """Runs and their colour keys (``DEFAULT_KEY`` for a plain number) of a clue line such
    as ``3a,1b`` or ``3a 1b 2``; a plain line goes through :func:`parse_clue`."""
    if not has_colour_key(text):
        plain = parse_clue(text, what, path, line)
        return plain, (DEFAULT_KEY,) * len(plain)
    parts = _SEPARATORS.split(text.strip(), maxsplit=MAX_DIMENSION + 2)
    tokens = [token for token in parts if token]
    if len(tokens) > MAX_DIMENSION:
        raise FormatError(path, line, too_many_runs_reason(what))
    items = list(map(_ITEM.fullmatch, tokens))
    if None not in items:
        # The common case, in bulk: every token a run with its optional key.
        found = [item.groups() for item in items if item is not None]
        if max(len(digits) for digits, _ in found) <= MAX_NUMBER_DIGITS:
            lengths = list(map(int, (digits for digits, _ in found)))
            if max(lengths) <= MAX_DIMENSION:
                keys = [key or DEFAULT_KEY for _, key in found]
                pairs = [pair for pair in zip(lengths, keys, strict=True) if pair[0]]
                return tuple(n for n, _ in pairs), tuple(key for _, key in pairs)
    for token, item in zip(tokens, items, strict=True):
        if item is None:
            # Not a run: the plain reader's words ("'x' is not a whole number"), or, for a
            # signed number, that a clue cannot be negative.
            value = parse_int(token, what, path, line)
            raise FormatError(path, line, negative_reason(what, value))
        digits = item.group(1)
        if len(digits) > MAX_NUMBER_DIGITS or int(digits) > MAX_DIMENSION:
            raise FormatError(path, line, long_run_reason(what, digits[:12]))
    raise AssertionError("unreachable: the bulk path took every valid line")  # pragma: no cover


class PaletteKeys:
    """The colour keys of one file: declared ones and used ones, in order."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.declared: dict[str, tuple[str, RGB | None, int | None]] = {}
        self.used: dict[str, int | None] = {}
        self.background: tuple[str, RGB] = ("background", WHITE)

    def declare(self, key: str, rgb: RGB | None, line: int | None, name: str | None = None) -> None:
        if key in self.declared:
            reason = _("the colour {key} is declared twice").format(key=quote(key, 20))
            raise FormatError(self.path, line, reason)
        if len(self.declared) >= MAX_COLOURS + 2:
            reason = _(
                "more than {limit} colours: a puzzle may have at most {limit} besides the "
                "background"
            ).format(limit=MAX_COLOURS)
            raise FormatError(self.path, line, reason)
        self.declared[key] = (name or key, rgb, line)

    def use(self, key: str, line: int | None) -> None:
        if key not in self.used:
            self.used[key] = line

    def numbers(self, strict: bool) -> tuple[Palette | None, dict[str, int]]:
        """The palette and each used key's colour number. ``strict``: a key used but not
        declared is refused (when the file declares any colour at all)."""
        keys = list(self.used)
        if strict and self.declared:
            for key, line in self.used.items():
                if key not in self.declared and key != DEFAULT_KEY:
                    known = ", ".join(sorted(self.declared)[:12])
                    reason = _("unknown colour {key} (the file declares {known})").format(
                        key=quote(key, 20), known=known
                    )
                    raise FormatError(self.path, line, reason)
        # Declared ones keep the file's order, then the others in the order first used.
        ordered = [key for key in self.declared if key in self.used] + [
            key for key in keys if key not in self.declared
        ]
        if len(ordered) > MAX_COLOURS:
            line = self.used[ordered[MAX_COLOURS]]
            reason = _(
                "{count} colours: a puzzle may have at most {limit} besides the background"
            ).format(count=len(ordered), limit=MAX_COLOURS)
            raise FormatError(self.path, line, reason)
        numbers = {key: number for number, key in enumerate(ordered, start=1)}
        rgbs = self._rgbs(ordered)
        if len(ordered) <= 1 and all(rgb == BLACK for rgb in rgbs) and self.background[1] == WHITE:
            return None, numbers
        names = [self.declared.get(key, (key, None, None))[0] for key in ordered]
        try:
            palette = Palette(
                Colour(*self.background),
                tuple(Colour(name, rgb) for name, rgb in zip(names, rgbs, strict=True)),
            )
        except PaletteError as error:
            raise FormatError(self.path, None, str(error)) from error
        return palette, numbers

    def _rgbs(self, ordered: list[str]) -> list[RGB]:
        """Each colour's RGB: the file's, else one of ours that no other colour (nor the
        background) has. Two colours the file gives one RGB, or a colour the background's,
        are refused: their cells would look alike, touching runs reading as one (issue 49:
        drawn alike without a word)."""
        given = {key: self.declared.get(key, (key, None, None))[1] for key in ordered}
        taken = {self.background[1], *(rgb for rgb in given.values() if rgb is not None)}
        rgbs: list[RGB] = []
        spare = MAX_COLOURS  # fallbacks past any colour number, for a number's own taken
        for number, key in enumerate(ordered, start=1):
            rgb = given[key]
            if rgb is None and key in (DEFAULT_KEY, "black") and BLACK not in taken:
                rgb = BLACK
            if rgb is None and fallback_rgb(number) not in taken:
                rgb = fallback_rgb(number)
            while rgb is None:
                spare += 1
                candidate = fallback_rgb(spare)
                rgb = None if candidate in taken else candidate
            taken.add(rgb)
            rgbs.append(rgb)
        seen: dict[RGB, str] = {self.background[1]: self.background[0]}
        for key, rgb in zip(ordered, rgbs, strict=True):
            name, _rgb, line = self.declared.get(key, (key, None, self.used.get(key)))
            if rgb in seen:
                other = seen[rgb]
                template = (
                    _(
                        "the colour {key} is {rgb}, the background's colour: its cells would not "
                        "show"
                    )
                    if other == self.background[0]
                    else _(
                        "the colour {key} is {rgb}, the colour of {other}: their cells would "
                        "look alike"
                    )
                )
                reason = template.format(
                    key=quote(name, 20), rgb=rgb_text(rgb), other=quote(other, 20)
                )
                raise FormatError(self.path, line, reason)
            seen[rgb] = name
        return rgbs
