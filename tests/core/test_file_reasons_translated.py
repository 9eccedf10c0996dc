"""Why a broken file is refused, in the player's language (issue 48): the readers' reasons
(puzzle formats, Kakuro files, pictures) come from templates in the catalogue, so a player
who opens a broken file in Spanish reads a Spanish reason, still one short line. The command
line never sets a language: its messages stay English."""

from __future__ import annotations

import gettext
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from game.cli import main
from game.core import i18n
from game.core.convert.load import ConvertError, load_image
from game.core.formats import read_puzzle, read_puzzle_text
from game.core.kakuro.packs import read_kakuro_entry
from game.core.play.keeping import GameKeeper
from game.core.play.session import Session
from game.core.store.packs import file_problem
from game.core.store.progress import ProgressStore
from tools import i18n as tool

# Broken files as a player meets them: each a name and its bytes (None: no such file; a
# name ending in "/" is a folder).
BROKEN_PUZZLES: dict[str, bytes | None] = {
    "empty.non": b"",
    "huge.non": b"width 9999\nheight 2\nrows\n1\n1\ncolumns\n1\n",
    "sums.non": b"width 2\nheight 1\nrows\n1\ncolumns\n1\n1\n",
    "too_long.non": b"width 2\nheight 2\nrows\n3\n1\ncolumns\n1\n1\n",
    "words.non": b"width 2\nheight 2\nhello there\n",
    "colour.non": b"width 1\nheight 1\ncolor a #ff0000\ncolor a #00ff00\nrows\n1a\ncolumns\n1a\n",
    "picture.non": b"\x89PNG\r\n\x1a\n" + bytes(24),
    "notes.txt": b"shopping list: eggs, milk\n",
    "broken.xml": b"<puzzleset><puzzle type='grid'><clues>",
    "missing.non": None,
    "folder.non/": None,
    "game.mk": b"3 x\n",
    "goal.non": b'width 1\nheight 1\nrows\n1\ncolumns\n1\ngoal "0"\n',
}
BROKEN_KAKURO: dict[str, bytes] = {
    "size.kak": b"kakuro\nsize 3\n",
    "start.kak": b"size 3x3\n",
    "cell.kak": b"kakuro\nsize 3x3\ngrid\n# # #\n# ? .\n# . .\n",
}
BROKEN_PICTURES: dict[str, bytes] = {
    "empty.png": b"",
    "letter.png": b"Dear reader, this is not a picture at all.",
    "scan.png": b"II*\x00" + bytes(40),
}


def _make(folder: Path, name: str, data: bytes | None) -> Path:
    path = folder / name.rstrip("/")
    if name.endswith("/"):
        path.mkdir()
    elif data is not None:
        path.write_bytes(data)
    return path


def _puzzle_reason(path: Path) -> str:
    with pytest.raises((ValueError, OSError)) as caught:
        read_puzzle(path)
    return file_problem(caught.value, path)


def _kakuro_reason(path: Path) -> str:
    entry = read_kakuro_entry(path)
    assert entry.error is not None, path
    return entry.error


def _picture_reason(path: Path) -> str:
    with pytest.raises(ConvertError) as caught:
        load_image(path)
    return str(caught.value)


def _cases(folder: Path) -> list[tuple[str, Callable[[], str]]]:
    """Each broken file and how the game reads out its reason."""
    cases: list[tuple[str, Callable[[], str]]] = []
    for name, data in BROKEN_PUZZLES.items():
        path = _make(folder, name, data)
        cases.append((name, lambda path=path: _puzzle_reason(path)))
    for name, kakuro in BROKEN_KAKURO.items():
        path = _make(folder, name, kakuro)
        cases.append((name, lambda path=path: _kakuro_reason(path)))
    for name, picture in BROKEN_PICTURES.items():
        path = _make(folder, name, picture)
        cases.append((name, lambda path=path: _picture_reason(path)))
    cases.append(("5x5:2/x", lambda: _puzzle_reason(Path("5x5:2/x"))))  # a mistyped game id
    return cases


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language(i18n.ENGLISH)


class Marked(gettext.NullTranslations):
    """A pseudo-language that wraps every string the catalogue holds in ⟦ ⟧: a reason built
    wholly from the catalogue's templates comes out wrapped end to end."""

    def __init__(self, template: frozenset[str]) -> None:
        super().__init__()
        self.template = template

    def gettext(self, message: str) -> str:
        return f"⟦{message}⟧" if message in self.template else message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        chosen = singular if n == 1 else plural
        return f"⟦{chosen}⟧" if singular in self.template else chosen


@pytest.mark.parametrize("code", ["es", "de", "ja"])
def test_a_broken_files_reason_is_in_the_players_language_and_one_line(
    code: str, tmp_path: Path
) -> None:
    cases = _cases(tmp_path)
    english = {name: reason() for name, reason in cases}
    assert i18n.set_language(code) == code  # the catalogue is complete, so it is offered
    for name, reason in cases:
        shown = reason()
        assert shown != english[name], (code, name, shown)
        assert "\n" not in shown and len(shown) < 300, (code, name, shown)
        if code == "ja":  # no sentence of Latin letters alone: the kana say it
            assert any(ord(char) > 0x3000 for char in shown), (name, shown)


def test_every_reason_is_built_from_the_catalogues_templates(tmp_path: Path) -> None:
    """No English fragment is glued around a translated template: in the pseudo-language
    each reason is one marked template from its first character to its last."""
    cases = _cases(tmp_path)
    template = frozenset(tool.extract())
    i18n.use_translations(Marked(template), "qps")
    for name, reason in cases:
        shown = reason()
        assert shown.startswith("⟦") and shown.endswith("⟧"), (name, shown)


def test_the_command_line_stays_english_whatever_the_locale(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The command line speaks one language to the scripts that read it: a Spanish locale
    changes nothing there (the game's window follows it)."""
    path = _make(tmp_path, "sums.non", BROKEN_PUZZLES["sums.non"])
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    monkeypatch.setenv("LANGUAGE", "es")
    assert main(["show", str(path)]) == 2
    error = capsys.readouterr().err
    assert "row clues fill 1 cell but column clues fill 2" in error
    assert len(error.splitlines()) == 1


# Damaged saved-progress files, each as the folder holds it: read when the game starts,
# before the Language setting (kept in them) is known.
DAMAGED_PROGRESS: dict[str, dict[str, str]] = {
    "not JSON": {"progress.json": "{not json"},
    "newer": {"progress.json": '{"version": 99}'},
    "bad parts": {
        "progress.json": '{"version": 1, "puzzles": {"a": {"best_time": "x"}}, "daily": {"x": 1}}'
    },
    "both damaged": {"progress.json": "[]", "progress.json.bak": ""},
}


@pytest.mark.parametrize("case", sorted(DAMAGED_PROGRESS))
def test_news_of_damaged_progress_reads_in_the_language_chosen_after_it(
    case: str, tmp_path: Path
) -> None:
    """The store's news is made while English is spoken and read after the language is
    set: it reads in that language, and in the marking pseudo-language it is wholly
    marked (no English words glued around the templates)."""
    for name, text in DAMAGED_PROGRESS[case].items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    store = ProgressStore(tmp_path)
    assert store.messages, case
    english = [message.text for message in store.messages]
    i18n.set_language("fr")
    for message, before in zip(store.messages, english, strict=True):
        assert message.text != before and "\n" not in message.text, (case, message.text)
    i18n.use_translations(Marked(frozenset(tool.extract())), "qps")
    for message in store.messages:
        words = _innermost_first(message.text)
        assert not re.search(r"[A-Za-z]{3,}", words), (case, message.text)


def _innermost_first(text: str) -> str:
    """``text`` with every marked template (nested ones first) taken out, leaving what no
    template said: punctuation, numbers and the file's own names."""
    previous = None
    while previous != text:
        previous, text = text, re.sub(r"⟦[^⟦⟧]*⟧", "", text)
    return text


def test_a_damaged_saved_games_note_is_in_the_players_language(tmp_path: Path) -> None:
    """A saved game that cannot be resumed says so in the player's language, naming where
    it is kept, in one line (its inner reason, the save's field names, is left out)."""
    puzzle = read_puzzle_text("width 2\nheight 1\nrows\n2\ncolumns\n1\n1\n", "wide.non")
    store = ProgressStore(tmp_path)
    store.save_session(puzzle.fingerprint(), {"version": 1, "board": "nonsense"})
    i18n.set_language("nl")
    keeper = GameKeeper(
        store,
        puzzle.fingerprint(),
        title="Wide",
        path=None,
        fresh=lambda: Session(puzzle),
        parse=lambda data: Session.from_json(puzzle, data),
        write_store=store.save,
    )
    note = keeper.resume().note
    assert note is not None and "\n" not in note
    assert note.startswith("Je opgeslagen spel van deze puzzel kon niet gelezen worden")
    assert "nonsense" not in note and "board" not in note
    i18n.use_translations(Marked(frozenset(tool.extract())), "qps")
    store.save_session(puzzle.fingerprint(), {"version": 1, "board": "nonsense"})
    note = keeper.resume().note
    assert note is not None and not re.search(r"[A-Za-z]{3,}", _innermost_first(note)), note
