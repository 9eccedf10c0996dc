"""The select shell (game/ui/scenes/shared/select/shell.py) apart from any one puzzle kind: the
pure key handling, a made-up third kind plugged in, and what the Kakuro select gained by
sharing the shell with level select."""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass, replace
from pathlib import Path

import pygame
import pytest

from game.core.kakuro.fileformat import read_kakuro
from game.core.store.pack_reader import PackReader
from game.core.store.packs import Pack, PackPlace, read_pack
from game.ui.app import App
from game.ui.input.synthetic import pressed
from game.ui.scenes.kakuro.select import KakuroSelectScene
from game.ui.scenes.shared.select.kind import Place, SelectKind, Switch
from game.ui.scenes.shared.select.shell import SelectScene
from game.ui.scenes.shared.select.state import Screen, SelectUI, key_input
from game.ui.settings import LAST_PACK
from tests.ui.ui_events import click, key

KAKURO_LEVELS = Path(__file__).resolve().parent.parent / "data" / "kakuro-levels"
SCREEN = Screen(cards=10, rows=3, packs=2, columns=4, page=8, switch_key="k")


def test_the_first_arrow_shows_the_selection_and_the_next_moves_it() -> None:
    ui, action, used = key_input(SelectUI(), pressed("right"), SCREEN)
    assert used and ui.show_focus and ui.selected == 0 and action is not None
    assert action.name == "show"
    ui, action, used = key_input(ui, pressed("right"), SCREEN)
    assert ui.selected == 1 and action is not None and action.name == "show"


def test_down_on_the_short_last_row_lands_on_the_last_card() -> None:
    shown = SelectUI(show_focus=True, selected=6)  # row 2 of 3, the last row holds 8 and 9
    ui, _, _ = key_input(shown, pressed("down"), SCREEN)
    assert ui.selected == 9
    ui, _, _ = key_input(ui, pressed("page up"), SCREEN)
    assert ui.selected == 1
    ui, _, _ = key_input(replace(ui, selected=4), pressed("left"), SCREEN)
    assert ui.focus == "packs" and ui.selected == 4  # from the first column to the packs


def test_keys_that_leave_are_actions_for_the_shell() -> None:
    ui = SelectUI(show_focus=True, focus="packs", pack_index=1)
    for chord, name, index in (
        ("escape", "back", 0),
        ("k", "switch", 0),
        ("tab", "row", 2),
        ("down", "row", 2),
        ("up", "row", 0),
    ):
        _, action, used = key_input(ui, pressed(chord), SCREEN)
        assert used and action is not None and (action.name, action.index) == (name, index)
    _, action, _ = key_input(replace(ui, panel_open=True), pressed("return"), SCREEN)
    assert action is not None and action.name == "panel"
    _, action, used = key_input(ui, pressed("f5"), SCREEN)
    assert action is None and not used


# -- a third kind: word puzzles, one word a file ------------------------------------------


@dataclass(frozen=True)
class Word:
    text: str

    @property
    def size_text(self) -> str:
        return f"{len(self.text)} letters"


@dataclass(frozen=True)
class WordEntry:
    path: Path
    puzzle: Word | None
    error: str | None = None

    @property
    def key(self) -> str | None:
        return f"word:{self.puzzle.text}" if self.puzzle is not None else None

    @property
    def name(self) -> str:
        return self.path.stem


def read_word(path: Path) -> WordEntry:
    text = path.read_text(encoding="utf-8").strip()
    return WordEntry(path, Word(text)) if text.isalpha() else WordEntry(path, None, "not a word")


def word_files(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.word"))


class WordKind(SelectKind[WordEntry]):
    title = "Words"
    card_size = (200, 262)
    thumbnail_room = 34
    last_pack = LAST_PACK
    reads_at_once = True

    def __init__(self) -> None:
        self.played: list[tuple[str, str | None, int | None, int]] = []
        self.watched: list[str] = []
        self.switched = 0
        self.thumbnails: list[tuple[str, bool]] = []
        self.switch = Switch("Other ›", "o", "O other", self._switch)

    def _switch(self, app: App) -> None:
        self.switched += 1

    def list_packs(self, levels: Path, user_dir: Path) -> list[Pack]:
        return [read_pack(folder) for folder in sorted(levels.iterdir()) if word_files(folder)]

    def reader(self, pack: Pack) -> PackReader[WordEntry]:
        return PackReader(pack, read_word, word_files, background=False)

    def card_title(self, entry: WordEntry, place: PackPlace | None, solved: bool) -> str:
        return entry.name.upper()

    def stars(self, app: App, entry: WordEntry) -> int | None:
        return len(entry.puzzle.text) % 5 + 1 if entry.puzzle is not None else None

    def play(self, app: App, entry: WordEntry, following: list[WordEntry], place: Place) -> None:
        assert entry.puzzle is not None
        number = place.place.number if place.place is not None else None
        self.played.append((entry.puzzle.text, place.pack, number, len(following)))

    def watch(self, app: App, entry: WordEntry, place: PackPlace | None, solved: bool) -> None:
        assert entry.puzzle is not None
        self.watched.append(entry.puzzle.text)

    def draw_thumbnail(
        self, surface: pygame.Surface, app: App, box: pygame.Rect, entry: WordEntry, solved: bool
    ) -> None:
        assert entry.puzzle is not None
        self.thumbnails.append((entry.puzzle.text, solved))


@pytest.fixture
def words(tmp_path: Path) -> Path:
    levels = tmp_path / "words"
    for pack, texts in (("animals", ["cat", "dog", "7"]), ("trees", ["oak", "yew"])):
        folder = levels / pack
        folder.mkdir(parents=True)
        (folder / "pack.json").write_text(json.dumps({"name": pack.title()}))
        for number, text in enumerate(texts, start=1):
            (folder / f"{number:02d}-{text}.word").write_text(text, encoding="utf-8")
    return levels


def test_a_new_kind_gets_the_whole_select_screen_from_the_shell(
    words: Path, tmp_path: Path
) -> None:
    app = App(headless=True)
    kind = WordKind()
    scene = SelectScene(app, kind, words, user_dir=tmp_path / "mine")
    app.push(scene)
    app.step()
    shown = scene.shown()
    assert shown.title == "Words"
    assert shown.rows == [
        ("Animals", "3 puzzles  ·  0 solved"),
        ("Trees", "2 puzzles  ·  0 solved"),
    ]
    cards = [card for card, _ in shown.cards]
    assert [card.title for card in cards] == ["01-CAT", "02-DOG", ""]
    assert cards[2].broken == ("03-7.word", "not a word")  # a broken card, with its reason
    assert shown.help.endswith("O other  ·  Esc back")
    assert ("cat", False) in kind.thumbnails  # the kind drew its thumbnails
    app.store.mark_solved("word:dog", 12.0)
    scene.on_enter()  # back from a game: the solved card is drawn solved
    kind.thumbnails.clear()
    app.step()
    assert ("dog", True) in kind.thumbnails
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    assert kind.played == [("dog", "Animals", 2, 0)]  # the broken file is not next
    click(app, scene._watch_rect(0).center)
    assert kind.watched == ["cat"]
    click(app, scene.card_rect(2).center)  # the broken card says why, plays nothing
    assert len(kind.played) == 1 and any("not a word" in text for text in app.toasts.texts)
    key(app, pygame.K_TAB)
    assert scene.pack is not None and scene.pack.name == "Trees"
    key(app, pygame.K_o)
    assert kind.switched == 1


def test_kakuro_select_opens_on_the_pack_and_card_last_played(tmp_path: Path) -> None:
    # Shared with level select now: back from a Kakuro of the second pack, the screen
    # starts there, on that card (it opened on the pack last browsed, on its first card).
    levels = tmp_path / "levels"
    shutil.copytree(KAKURO_LEVELS / "kakuro-starter", levels / "a-first")
    shutil.copytree(KAKURO_LEVELS / "kakuro-starter", levels / "b-second")
    for folder, order in (("a-first", 1), ("b-second", 2)):
        (levels / folder / "pack.json").write_text(json.dumps({"name": folder, "order": order}))
    last = levels / "b-second" / "06-starter.kak"
    app = App(headless=True)
    app.store.set_last_played(read_kakuro(last).fingerprint(), str(last))
    scene = KakuroSelectScene(app, levels=levels)
    app.push(scene)
    app.step()
    assert scene.pack is not None and scene.pack.name == "b-second"
    assert scene.selected == 5
    assert scene.entries[scene.selected].path == last


def test_a_pack_read_at_once_is_complete_when_its_reader_is_made(tmp_path: Path) -> None:
    folder = tmp_path / "pack"
    folder.mkdir()
    for name in ("b.word", "a.word", "c.txt"):
        (folder / name).write_text("elm", encoding="utf-8")
    reader = PackReader(read_pack(folder), read_word, word_files, background=False)
    assert reader.done and reader.wait(0)
    assert [entry.path.name for entry in reader.entries()] == ["a.word", "b.word"]


def test_a_pack_being_read_shows_its_size_not_the_files_read_so_far(tmp_path: Path) -> None:
    # The pack list said "Things: 28 puzzles" for a pack of 60 while its files came in.
    import threading

    folder = tmp_path / "pack"
    folder.mkdir()
    for index in range(6):
        (folder / f"{index}.word").write_text("elm", encoding="utf-8")
    gate, first_read = threading.Event(), threading.Event()

    def slow_read(path: Path) -> WordEntry:
        if path.name != "0.word":
            first_read.set()
            gate.wait(10)
        return read_word(path)

    reader = PackReader(read_pack(folder), slow_read, word_files)
    try:
        assert first_read.wait(10)
        assert reader.total() == 6 and reader.count() < 6
    finally:
        gate.set()
    assert reader.wait(10) and reader.count() == 6 and reader.total() == 6
