"""A made-up third kind of puzzle, registered in the kind tables, is served by every command
and screen that opens a file, by the router and by the menu's way to the select screens
(issue 45: the kind is one table, not a decision in fifteen places)."""

from __future__ import annotations

import argparse
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from game.cli import main
from game.commands.check import check_file, find_puzzle_files
from game.commands.kinds import KindCommands, register_commands, unregister_commands
from game.core.kinds import PuzzleKind, kind_of, register, unregister
from game.core.opening import Play, Refused, listed_kind, where_opens
from game.core.slicing import SlicedTask
from game.ui.app import App
from game.ui.kinds import KindScreens, Reached, SavedGame, register_screens, unregister_screens
from game.ui.opening import PlayContext
from game.ui.scene import Scene
from game.ui.scenes.kakuro.select import KakuroSelectScene
from game.ui.scenes.levels.select import LevelSelectScene
from game.ui.scenes.menu.scene import MenuScene


@dataclass(frozen=True)
class Word:
    text: str


def read_word(path: Path) -> Word:
    text = path.read_text().strip()
    if not text.isalpha():
        raise ValueError("not a word")
    return Word(text)


def word_solver(word: Word) -> SlicedTask[str, str]:
    def steps() -> Iterator[str]:
        yield word.text

    return SlicedTask(steps(), time_limit=None, clock=time.perf_counter)


WORD: PuzzleKind[Word, list[str]] = PuzzleKind(
    name="word",
    title="Word",
    suffixes=frozenset({".word"}),
    read=read_word,
    session=lambda word: [],
    solver=word_solver,
    rate=lambda word: len(word.text) % 5 + 1,
    formats=("word",),
)


class WordScene(Scene):
    """A screen of the word kind: which one, and what it was made for."""

    def __init__(self, app: App, role: str, word: Word | None = None, name: str = "") -> None:
        super().__init__(app)
        self.role = role
        self.word = word
        self.name = name


class WordSelect(WordScene):
    def __init__(self, app: App) -> None:
        super().__init__(app, "select")


def word_play(app: App, word: Word, path: Path | None, context: PlayContext[Word]) -> Scene:
    return WordScene(app, "play", word, context.pack or "")


def word_replay(app: App, word: Word, name: str | None) -> Scene:
    return WordScene(app, "replay", word, name or "")


@pytest.fixture
def served() -> Iterator[list[str]]:
    """The word kind in the three tables; what each of its commands and screens was asked."""
    asked: list[str] = []

    def command(name: str) -> object:
        def run(args: argparse.Namespace) -> int:
            asked.append(f"{name} {Path(args.file).name}")
            return 0

        return run

    def checked(path: str, timeout: float | None, number: int) -> dict[str, object]:
        asked.append(f"check {Path(path).name}")
        return {"file": path, "status": "unique", "stars": WORD.rate(read_word(Path(path)))}

    def readable(path: str) -> None:
        read_word(Path(path))

    def open_file(app: App, path: Path) -> bool:
        asked.append(f"play {path.name}")
        return True

    def saved(app: App, key: str, path: str) -> SavedGame | None:
        return SavedGame(f"Word {Path(path).stem}", lambda: asked.append("resume"))

    register(WORD)
    register_commands(
        KindCommands(
            WORD,
            command("show"),  # type: ignore[arg-type]
            command("solve"),  # type: ignore[arg-type]
            command("replay"),  # type: ignore[arg-type]
            checked,
            readable,
            lambda args: asked.append(f"generate {args.size[0]}x{args.size[1]}") or 0,
            daily=lambda args: asked.append(f"daily {args.daily} {args.days}") or 0,
        )
    )
    register_screens(
        KindScreens(
            WORD,
            open_file,
            saved,
            lambda: WordSelect,
            word_play,
            word_replay,
            back="words",
            reached=Reached("Words ›", "j", "J words"),
            make=lambda app: WordScene(app, "make"),
        )
    )
    try:
        yield asked
    finally:
        unregister_screens("word")
        unregister_commands("word")
        unregister("word")


def test_a_third_kind_is_served_by_every_command_and_screen(
    served: list[str], tmp_path: Path, hanjie_home: Path
) -> None:
    path = tmp_path / "cat.word"
    path.write_text("cat\n")
    # Core: the file's name says its kind; it opens in its own screens, not the converter.
    assert kind_of(path) is WORD
    assert where_opens(path) == Play(path, WORD)
    refused = where_opens(path, "editor")
    assert isinstance(refused, Refused) and "Word" in refused.reason
    assert listed_kind(path, "game") == "word" and listed_kind(path, "editor") is None
    # The commands ask the table.
    for command in ("show", "solve", "replay"):
        assert main([command, str(path)]) == 0
    assert find_puzzle_files(tmp_path)[0] == [path]
    assert check_file(str(path), None)["stars"] == 4
    assert main(["generate", "--kind", "word", "--size", "5x5"]) == 0
    assert served == [
        "show cat.word",
        "solve cat.word",
        "replay cat.word",
        "check cat.word",
        "generate 5x5",
    ]
    out = str(tmp_path / "daily")
    assert (
        main(["generate", "--kind", "word", "--daily", "2026-12-07", "--days", "2", "-o", out]) == 0
    )
    assert served[-1] == "daily 2026-12-07 2"
    # The screens: a dropped file and the menu's Continue.
    app = App(headless=True)
    assert app.open_dropped_file(path)
    assert app.open_level_file(path)
    assert served[-2:] == ["play cat.word", "play cat.word"]
    app.store.set_last_played("word:cat", str(path))
    app.store.save_session("word:cat", {}, title="cat", path=str(path))
    menu = MenuScene(app, offer_lesson=False)
    app.push(menu)
    app.step()
    assert menu.continue_button.enabled and menu.continue_title == "Word cat"
    menu.continue_last()
    assert served[-1] == "resume"


def test_two_kinds_cannot_claim_one_suffix() -> None:
    with pytest.raises(ValueError, match="nonogram"):
        register(PuzzleKind("clash", "Clash", frozenset({".non"}), read_word, list, word_solver,
                            lambda word: None, ()))  # fmt: skip


def test_the_router_and_the_menu_serve_a_third_kind(served: list[str], hanjie_home: Path) -> None:
    app = App(headless=True)
    menu = MenuScene(app, offer_lesson=False)
    app.push(menu)
    app.step()
    # From the menu's Play, each select screen's switch leads to the next kind in the
    # table: nonograms, Kakuro, then the new kind.
    menu.play_button.activate()
    app.step()
    levels = app.top
    assert isinstance(levels, LevelSelectScene)
    levels.switch_button.activate()
    app.step()
    kakuro = app.top
    assert isinstance(kakuro, KakuroSelectScene)
    assert kakuro.switch_button.label == "Words ›"
    kakuro.switch_button.activate()
    app.step()
    assert isinstance(app.top, WordSelect)
    # The router makes its screens from the table and knows the way back to them.
    word = Word("cat")
    app.router.game(word, None, PlayContext(pack="Animals"), WORD)
    app.step()
    played = app.top
    assert isinstance(played, WordScene) and (played.role, played.word, played.name) == (
        "play",
        word,
        "Animals",
    )
    app.router.watch(WORD, word, "cat")
    app.router.make(WORD)
    app.step()
    assert [s.role for s in app.scenes if isinstance(s, WordScene)][-3:] == [
        "play",
        "replay",
        "make",
    ]
    route = app.router.route("words")
    assert [type(scene) for scene in route.closes] == [WordScene] * 3
    route.go()
    app.step()
    assert isinstance(app.top, WordSelect)
    # Without the new kind, Kakuro's switch leads back to the nonograms.
    unregister_screens("word")
    app.router.back_to("kakuro")
    app.step()
    assert isinstance(app.top, KakuroSelectScene)
    assert app.top.kind.header_switch().label == "Nonograms ›"
