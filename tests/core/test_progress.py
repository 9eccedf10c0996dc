"""Progress store: settings, best times, saved games, and surviving damage and crashes."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from game.core.board import Cell
from game.core.moves import Paint
from game.core.progress import ProgressStore, PuzzleRecord, default_directory
from game.core.puzzle import Puzzle
from game.core.session import Session

PUZZLE = Puzzle.from_grid([[1, 0, 1], [1, 1, 1], [0, 1, 0]], title="tiny")
KEY = PUZZLE.fingerprint()


def corrupt_files(directory: Path) -> list[Path]:
    return sorted(directory.glob("progress.json.corrupt-*"))


PHRASES = ("damaged", "restored from the backup", "backup was used")


def levels_of(store: ProgressStore) -> list[tuple[str, str]]:
    """Each message as (the first of PHRASES it holds, its level)."""
    return [
        (next(phrase for phrase in PHRASES if phrase in message.text), message.level)
        for message in store.messages
    ]


def test_home_variable_chooses_the_folder(hanjie_home: Path) -> None:
    assert default_directory() == hanjie_home
    store = ProgressStore()
    assert store.directory == hanjie_home
    assert store.messages == []
    assert store.record(KEY) == PuzzleRecord(False, None, None)
    assert store.last_played is None


def test_everything_survives_a_restart(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    store.set_setting("sound", False)
    assert store.mark_solved(KEY, 42.5, title="tiny", path="levels/a/01.non")
    session = Session(PUZZLE)
    session.apply(Paint(0, 0, 2, 0, Cell.CROSSED))
    store.save_session(KEY, session.to_json())
    store.set_last_played(KEY, "levels/a/01.non")

    again = ProgressStore(tmp_path)
    assert again.messages == []
    assert again.get_setting("sound") is False
    assert again.get_setting("missing", 7) == 7
    record = again.record(KEY)
    assert record.solved and record.best_time == 42.5
    assert record.title == "tiny" and record.path == "levels/a/01.non"
    assert record.session is not None
    assert Session.from_json(PUZZLE, record.session).board == session.board
    assert again.last_played == KEY
    assert again.last_played_path == "levels/a/01.non"
    again.clear_session(KEY)
    assert ProgressStore(tmp_path).record(KEY).session is None
    data = json.loads((tmp_path / "progress.json").read_text())
    assert data["version"] == 1
    assert set(data) == {"version", "settings", "puzzles", "last_played"}


def test_best_time_only_improves(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    assert store.mark_solved(KEY, 90)
    assert not store.mark_solved(KEY, 120)
    assert store.record(KEY).best_time == 90
    assert store.mark_solved(KEY, 60.25)
    assert not store.mark_solved(KEY, 60.25)
    assert ProgressStore(tmp_path).record(KEY).best_time == 60.25
    with pytest.raises(ValueError):
        store.mark_solved(KEY, float("nan"))
    with pytest.raises(ValueError):
        store.mark_solved(KEY, -1)
    assert store.record(KEY).best_time == 60.25


def test_backup_is_the_previous_good_file(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    store.set_setting("theme", "light")
    store.set_setting("theme", "dark")
    backup = json.loads((tmp_path / "progress.json.bak").read_text())
    assert backup["settings"]["theme"] == "light"


def test_corrupted_file_is_set_aside_and_backup_used(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    store.mark_solved(KEY, 30)
    store.set_setting("volume", 3)  # the backup now holds the solved record
    (tmp_path / "progress.json").write_bytes(b'{"version": 1, "puzzles": {"ab')

    recovered = ProgressStore(tmp_path)
    assert recovered.record(KEY).best_time == 30
    # The damage is an error; the recovery from the backup is news, not an error.
    assert levels_of(recovered) == [("damaged", "error"), ("restored from the backup", "info")]
    aside = corrupt_files(tmp_path)
    assert len(aside) == 1
    assert aside[0].read_bytes() == b'{"version": 1, "puzzles": {"ab'
    # The next save writes a good main file and keeps the good backup.
    recovered.set_setting("volume", 4)
    assert ProgressStore(tmp_path).messages == []
    assert ProgressStore(tmp_path).record(KEY).best_time == 30


@pytest.mark.parametrize(
    "damage",
    [
        b"\xff\xfe\x00garbage",
        b"[1, 2, 3]",
        b'{"version": 99, "puzzles": {}}',
        b'{"version": 1, "puzzles": []}',
        b"",
        b"[" * 100_000,
    ],
)
def test_any_damage_to_both_files_starts_fresh_and_keeps_them(
    tmp_path: Path, damage: bytes
) -> None:
    (tmp_path / "progress.json").write_bytes(damage)
    (tmp_path / "progress.json.bak").write_bytes(b"not json either")
    store = ProgressStore(tmp_path)
    assert store.record(KEY) == PuzzleRecord()
    assert [message.level for message in store.messages] == ["error", "error"]
    assert "fresh" in store.messages[-1].text
    assert [path.read_bytes() for path in corrupt_files(tmp_path)] == [damage]
    backups = sorted(tmp_path.glob("progress.json.bak.corrupt-*"))
    assert [path.read_bytes() for path in backups] == [b"not json either"]
    store.mark_solved(KEY, 5)
    assert ProgressStore(tmp_path).record(KEY).best_time == 5


def test_damaged_entries_are_skipped_but_the_rest_kept(tmp_path: Path) -> None:
    document = {
        "version": 1,
        "settings": {"sound": True},
        "puzzles": {
            KEY: {"solved": True, "best_time": 12.0, "session": "oops", "title": 5},
            "other": "not a record",
        },
        "last_played": {"key": 3},
    }
    (tmp_path / "progress.json").write_text(json.dumps(document))
    store = ProgressStore(tmp_path)
    record = store.record(KEY)
    assert record.solved and record.best_time == 12.0 and record.session is None
    assert store.get_setting("sound") is True
    assert store.last_played is None
    assert [message.level for message in store.messages] == ["error"]
    assert "skipped" in store.messages[0].text
    assert len(corrupt_files(tmp_path)) == 1, "the original is copied aside"


def test_missing_main_file_uses_the_backup(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    store.mark_solved(KEY, 10)
    store.set_setting("x", 1)
    (tmp_path / "progress.json").unlink()
    again = ProgressStore(tmp_path)
    assert again.record(KEY).best_time == 10
    assert levels_of(again) == [("backup was used", "info")]


def test_crash_between_write_and_rename_leaves_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = ProgressStore(tmp_path)
    store.mark_solved(KEY, 50)
    before = (tmp_path / "progress.json").read_bytes()

    def crash(source: object, target: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", crash)
    assert store.save()  # nothing new yet: no write, nothing to fail
    store.set_setting("sound", False)  # this write "crashes"
    assert [(message.level, str(message)) for message in store.messages] == [
        ("error", "Could not save your progress (No space left on device).")
    ]
    monkeypatch.undo()

    assert (tmp_path / "progress.json").read_bytes() == before
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []
    reloaded = ProgressStore(tmp_path)
    assert reloaded.messages == []
    assert reloaded.record(KEY).best_time == 50
    # The store in memory still has the change and saves it once the disk works again.
    assert store.get_setting("sound") is False
    assert store.save()
    assert ProgressStore(tmp_path).get_setting("sound") is False


def test_crash_after_temp_file_written_leaves_a_readable_store(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    store.mark_solved(KEY, 8)
    # A crash may leave a half-written temporary file behind: it must not matter.
    (tmp_path / ".progress.json.abc123.tmp").write_text('{"version": 1, "puz')
    again = ProgressStore(tmp_path)
    assert again.messages == []
    assert again.record(KEY).best_time == 8


def test_bad_arguments_are_refused(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    with pytest.raises(ValueError):
        store.set_setting("bad", object())
    with pytest.raises(ValueError):
        store.mark_solved("", 3)
    with pytest.raises(ValueError):
        store.save_session(KEY, {"x": object()})
    assert not (tmp_path / "progress.json").exists(), "nothing was written"


def test_user_puzzles_dir_is_created_on_demand(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path / "new")
    folder = store.user_puzzles_dir()
    assert folder == tmp_path / "new" / "puzzles"
    assert folder.is_dir()
