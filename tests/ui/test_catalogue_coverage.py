"""Every visible English string is in the catalogue (issue 48): the screens are drawn in a
pseudo-language that brackets each string the catalogue translates, every text the fonts
render is recorded, and any English word outside brackets is a string the catalogue misses.

The screens still partly unmarked are listed in ``LEFT``, each with what shows there in
English: the list may only shrink. While it is not empty, no language but English is offered
(``game.core.i18n.EVERY_STRING_MARKED``), whatever the catalogues hold."""

from __future__ import annotations

import gettext
import os
import re
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.commands.screenshot import collect_shots
from game.core import i18n
from game.core.formats import read_puzzle
from game.resources import levels_dir
from game.ui.app import App
from game.ui.fonts import Fonts

OPEN, CLOSE = "⟦", "⟧"


def _bracketed(message: str) -> str:
    """Each word of ``message`` in brackets: a paragraph wrapped over lines, or a label cut
    to fit, keeps every word's mark."""
    return re.sub(r"(\S+)", f"{OPEN}\\1{CLOSE}", message)


class Pseudo(gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        return _bracketed(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return _bracketed(singular if n == 1 else plural)


# Screens drawn in the check, and what each still shows in English (the strings outside
# the catalogue, by the module that makes them). Empty: the screen is wholly marked.
SHOTS = ("menu", "options", "level_select", "random", "play-20x20", "play-colour-20x20",
         "play-pause", "play-win", "random-generating", "daily-colour-menu",
         "lesson-first-steps", "lesson-overlap")  # fmt: skip
LEFT: dict[str, set[str]] = {}


# Names, not words: the game's and the other puzzle kind's.
NAMES = {"Hanjie", "Kakuro"}


# Screens not yet marked at all, so not drawn in the check: each still shows its English.
UNMARKED = (
    "converter",  # game/ui/scenes/converter/ (another branch's screens this wave)
    "clue_editor",
    "replay",  # the replay's panel, and its steps' sentences (game/core/solver/)
    "race",
    "kakuro",
    "play-teaching-hint",  # the hints' sentences (game/core/solver/hints, colour_hints)
    "play-hint",
    "win-reveal",
    "file browser",  # game/ui/widgets/file_browser.py
)


def _titles() -> set[str]:
    """Bundled puzzles' titles: data, not yet in the catalogue (a picture's title)."""
    found = set()
    for path in levels_dir().glob("[0-9]*/*.non"):
        found.update(read_puzzle(path).title.split())
    return found


def _english(text: str, titles: set[str]) -> list[str]:
    """The English words of ``text`` outside the pseudo-language's brackets."""
    # A marked string cut to fit ("⟦Create a puz…") loses its closing bracket.
    outside = re.sub(f"{OPEN}[^{CLOSE}]*({CLOSE}|$)", " ", text, flags=re.S)
    words = re.findall(r"[A-Za-z][A-Za-z']+", outside)
    return [word for word in words if word not in titles and word not in NAMES]


@pytest.fixture()
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    texts: list[str] = []
    render = Fonts.render

    def recording(self: Fonts, text: str, *args: object, **kwargs: object) -> pygame.Surface:
        texts.append(text)
        return render(self, text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Fonts, "render", recording)
    yield texts
    i18n.set_language(i18n.ENGLISH)


@pytest.mark.parametrize("name", SHOTS)
def test_every_word_on_the_screen_comes_from_the_catalogue(name: str, drawn: list[str]) -> None:
    shot = collect_shots()[name]
    titles = _titles()
    with tempfile.TemporaryDirectory(prefix="hanjie-coverage-") as home:
        os.environ["HANJIE_HOME"] = home
        try:
            app = App(headless=True, size=(1280, 800))
            i18n.use_translations(Pseudo(), "qps")
            shot(app)
            app.render_to(Path(home) / "shot.png")
            app.window.destroy()
        finally:
            os.environ.pop("HANJIE_HOME", None)
    assert drawn, "nothing was drawn"
    leaks = {word for text in drawn for word in _english(text, titles)}
    left = {word for phrase in LEFT.get(name, set()) for word in phrase.split()}
    assert leaks <= left, f"{name}: English outside the catalogue: {sorted(leaks - left)}"


def test_no_language_is_offered_while_screens_are_left() -> None:
    everything_marked = not LEFT and not UNMARKED
    assert everything_marked is i18n.EVERY_STRING_MARKED
    if LEFT or UNMARKED:
        assert [language.code for language in i18n.offered()] == [i18n.ENGLISH]
