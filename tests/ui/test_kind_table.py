"""A made-up third kind of puzzle, registered in the kind tables, is served by every command
and screen that opens a file (issue 45: the kind is one table, not a decision in fifteen
places)."""

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
from game.ui.kinds import KindScreens, SavedGame, register_screens, unregister_screens
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
        )
    )
    register_screens(KindScreens(WORD, open_file, lambda app: asked.append("select"), saved))
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
    assert served == ["show cat.word", "solve cat.word", "replay cat.word", "check cat.word"]
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
