"""Every visible English string is in the catalogue (issue 48): every screen the screenshot
command knows (and the file browser) is drawn in a pseudo-language that brackets each string
the catalogue's template holds, every text the fonts render is recorded, and any English
word outside brackets is a string the catalogue misses: a string left unmarked, or one
passed through ``_()`` that the template does not hold (a title not extracted, say).

Only words that are no words of the game's are let through: names (the game's and the
other puzzle kind's), the SI unit "ms", and the shots' own data (a file's name, a title or
an author typed by the player or read from their file)."""

from __future__ import annotations

import gettext
import os
import re
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from game.commands.screenshot import collect_shots
from game.core import i18n
from game.ui.app import App
from game.ui.fonts import Fonts
from game.ui.widgets.file_browser import FileBrowserScene
from tools import i18n as tool

OPEN, CLOSE = "⟦", "⟧"


def _bracketed(message: str) -> str:
    """Each word of ``message`` in brackets: a paragraph wrapped over lines, or a label cut
    to fit, keeps every word's mark."""
    return re.sub(r"(\S+)", f"{OPEN}\\1{CLOSE}", message)


def _template() -> frozenset[str]:
    """Every string of the catalogue's template (game/locale/hanjie.pot)."""
    return frozenset(tool.read_po(tool.TEMPLATE)[1])


class Pseudo(gettext.NullTranslations):
    """Brackets each word of a string the template holds; leaves any other as it is."""

    def __init__(self, template: frozenset[str]) -> None:
        super().__init__()
        self.template = template

    def gettext(self, message: str) -> str:
        return _bracketed(message) if message in self.template else message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        chosen = singular if n == 1 else plural
        return _bracketed(chosen) if singular in self.template else chosen

    def pgettext(self, context: str, message: str) -> str:
        held = f"{context}\x04{message}" in self.template
        return _bracketed(message) if held else message


def _file_browser(app: App) -> None:
    """The file browser over the repository's docs (pictures, puzzles, folders)."""
    app.push(FileBrowserScene(app, lambda path: None, start=Path("docs").resolve()))
    app.step(1 / 60)


SHOTS: dict[str, Callable[[App], object]] = {**collect_shots(), "file_browser": _file_browser}

# Names, not words: the game's and the other puzzle kind's.
NAMES = {"Hanjie", "Kakuro"}
# The SI unit of the solver times (written so in every language the game speaks), and the
# labels printed on a pad's buttons (a player reads "LB" on the pad in any language), and the
# right stick's flicks ("RS↑").
UNITS = {"ms", "LB", "RB", "LT", "RT", "L3", "R3", "RS"}
# The shots' own data: titles and authors typed (or read from a file), file names.
DATA = {"Cat", "and", "bird", "in", "colour", "Hanjie", "docs", "lighthouse", "portrait",
        "insect", "cat", "png", "jpg", "non", "PNG", "JPEG", "book", "puzzle", "A",
        "Starter", "from", "the", "Noise", "Ambiguous"}  # fmt: skip
# The file browser's own data: the folder it shows and the names of the files in it.
DOCS = Path("docs").resolve()
DOC_NAMES = {str(DOCS), *(entry.name for entry in DOCS.iterdir())}


def _english(text: str) -> list[str]:
    """The English words of ``text`` outside the pseudo-language's brackets."""
    # A marked string cut to fit ("⟦Create a puz…") loses its closing bracket.
    outside = re.sub(f"{OPEN}[^{CLOSE}]*({CLOSE}|$)", " ", text, flags=re.S)
    words = re.findall(r"[A-Za-z][A-Za-z']+", outside)
    return [word for word in words if word not in NAMES | UNITS]


def _data_words(text: str) -> bool:
    """A text made only of the shots' own data (a file's name, a typed title)."""
    return text in DOC_NAMES or all(word in DATA for word in _english(text))


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


@pytest.mark.parametrize("name", sorted(SHOTS))
def test_every_word_on_the_screen_comes_from_the_catalogue(name: str, drawn: list[str]) -> None:
    shot = SHOTS[name]
    with tempfile.TemporaryDirectory(prefix="hanjie-coverage-") as home:
        os.environ["HANJIE_HOME"] = home
        try:
            app = App(headless=True, size=(1280, 800))
            i18n.use_translations(Pseudo(_template()), "qps")
            shot(app)
            app.render_to(Path(home) / "shot.png")
            app.window.destroy()
        finally:
            os.environ.pop("HANJIE_HOME", None)
    assert drawn, "nothing was drawn"
    leaks = {text for text in drawn if _english(text) and not _data_words(text)}
    assert not leaks, f"{name}: English outside the catalogue: {sorted(leaks)}"


def test_the_check_catches_a_string_the_template_lacks() -> None:
    """The check itself: a string the template holds is bracketed, one it lacks shows."""
    pseudo = Pseudo(frozenset({"Play"}))
    assert _english(pseudo.gettext("Play")) == []
    assert _english(pseudo.gettext("Plaid cardigan")) == ["Plaid", "cardigan"]
    assert not _data_words("Plaid cardigan")


def test_every_language_with_a_complete_catalogue_is_offered() -> None:
    assert i18n.EVERY_STRING_MARKED
    offered = {language.code for language in i18n.offered()}
    complete = {language.code for language in i18n.languages() if language.complete}
    assert offered == complete
