"""Progress store: settings, best times, saved games, and surviving damage and crashes."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from game.core.board import Cell
from game.core.play.moves import Paint
from game.core.play.session import Session
from game.core.puzzle import Puzzle
from game.core.store.progress import ProgressStore, PuzzleRecord, default_directory

PUZZLE = Puzzle.from_grid([[1, 0, 1], [1, 1, 1], [0, 1, 0]], title="tiny")
KEY = PUZZLE.fingerprint()
OTHER = "pack:starter/02"  # a second record: a save that changes the progress file


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
    assert set(data) == {"version", "settings", "puzzles", "last_played", "daily"}


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
    store.mark_solved(KEY, 30)
    store.mark_solved(KEY, 20)
    backup = json.loads((tmp_path / "progress.json.bak").read_text())
    assert backup["puzzles"][KEY]["best_time"] == 30
    # The settings file keeps its own backup the same way.
    store.set_setting("theme", "light")
    store.set_setting("theme", "dark")
    backup = json.loads((tmp_path / "settings.json.bak").read_text())
    assert backup["settings"]["theme"] == "light"


def test_corrupted_file_is_set_aside_and_backup_used(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    store.mark_solved(KEY, 30)
    store.mark_solved(OTHER, 40)  # the backup now holds the solved record
    (tmp_path / "progress.json").write_bytes(b'{"version": 1, "puzzles": {"ab')

    recovered = ProgressStore(tmp_path)
    assert recovered.record(KEY).best_time == 30
    # The damage is an error; the recovery from the backup is news, not an error.
    assert levels_of(recovered) == [("damaged", "error"), ("restored from the backup", "info")]
    aside = corrupt_files(tmp_path)
    assert len(aside) == 1
    assert aside[0].read_bytes() == b'{"version": 1, "puzzles": {"ab'
    # QA: the message named the file alone; the player does not know the folder.
    assert f"set aside as {aside[0].name} in {tmp_path}." in recovered.messages[0].text
    # The next save writes a good main file and keeps the good backup.
    recovered.mark_solved(OTHER, 35)
    assert ProgressStore(tmp_path).messages == []
    assert ProgressStore(tmp_path).record(KEY).best_time == 30


@pytest.mark.parametrize(
    "damage",
    [
        b"\xff\xfe\x00garbage",
        b"[1, 2, 3]",
        b'{"version": 0, "puzzles": {}}',
        b'{"version": 1, "puzzles": {',  # cut short (a list of puzzles that is not an
        # object costs only the list: see test_a_broken_puzzle_list_keeps_the_settings...)
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
    # Two problems named, the rest counted, the folder last (QA: the toast's four lines
    # were spent on five puzzle keys and the end was cut).
    assert " more)" in store.messages[0].text
    assert store.messages[0].text.endswith(f"{corrupt_files(tmp_path)[0].name} in {tmp_path}.")


def test_a_broken_puzzle_list_keeps_the_settings_and_daily_times(tmp_path: Path) -> None:
    # The whole file was set aside for its puzzle list alone, settings and daily times with
    # it (QA): now only the list is lost, and the backup's records come back.
    backup = ProgressStore(tmp_path)
    backup.mark_solved(KEY, 33)
    backup.save()
    backup.mark_solved(OTHER, 44)  # a second save: the first becomes the backup
    backup.save()
    document = {
        "version": 1,
        "settings": {"sound": False, "theme": "high contrast"},
        "puzzles": ["not", "an", "object"],
        "daily": {"2026-11-24": 95.5},
    }
    (tmp_path / "progress.json").write_text(json.dumps(document))
    store = ProgressStore(tmp_path)
    assert store.get_setting("sound") is False
    assert store.get_setting("theme") == "high contrast"
    assert store.daily_times()["2026-11-24"] == 95.5
    assert store.record(KEY).best_time == 33, "the backup's records came back"
    assert [message.level for message in store.messages] == ["error"]
    assert "the puzzle list" in store.messages[0].text
    assert len(corrupt_files(tmp_path)) == 1, "the original is copied aside"


def test_missing_main_file_uses_the_backup(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    store.mark_solved(KEY, 10)
    store.mark_solved(OTHER, 1)
    (tmp_path / "progress.json").unlink()
    again = ProgressStore(tmp_path)
    assert again.record(KEY).best_time == 10
    assert levels_of(again) == [("backup was used", "info")]


def test_unsaved_progress_says_why_what_was_played_is_not_on_disk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The game asks before quitting when it is so (QA: a session's wins lost without a word).
    store = ProgressStore(tmp_path / "ok")
    store.mark_solved(KEY, 50)
    assert store.unsaved_progress is None

    def full(source: object, target: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    store.mark_solved(OTHER, 5)
    assert store.unsaved_progress == "Your latest progress could not be saved."
    monkeypatch.undo()
    assert store.save()
    assert store.unsaved_progress is None
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    off = ProgressStore(blocker / "hanjie")
    assert off.saving_disabled and off.unsaved_progress is None  # nothing played yet
    off.mark_solved(KEY, 50)
    assert off.unsaved_progress == off.saving_disabled


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
    store.mark_solved(OTHER, 5)  # this write "crashes"
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
    assert store.record(OTHER).best_time == 5
    assert store.save()
    assert ProgressStore(tmp_path).record(OTHER).best_time == 5


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


# --- hardening: file names, ranges, leftovers, two windows, permissions ---------------------

BAD_NAME = os.fsdecode(b"/home/me/caf\xe9.non")  # as Python hands over a non-UTF-8 name


def test_a_file_name_that_is_not_utf8_is_kept_exactly_and_saving_goes_on(
    tmp_path: Path,
) -> None:
    store = ProgressStore(tmp_path)
    session = Session(PUZZLE)
    session.apply(Paint(0, 0, 0, 0, Cell.FILLED))
    # The autosave, the win and "last played" all carry the name; none may raise.
    store.save_session(KEY, session.to_json(), title="caf\udce9", path=BAD_NAME)
    store.set_last_played(KEY, os.fsencode(BAD_NAME))
    assert store.mark_solved("other", 7, title="x", path=Path(BAD_NAME))
    store.set_setting("last_folder", os.fsdecode(b"/home/me/d\xe9j\xe0"))
    assert store.messages == []
    raw = (tmp_path / "progress.json").read_bytes()
    raw.decode("utf-8")  # the file stays UTF-8 text
    assert b"\\udce9" in raw

    again = ProgressStore(tmp_path)
    assert again.messages == []
    record = again.record(KEY)
    assert os.fsencode(record.path) == b"/home/me/caf\xe9.non"
    assert record.shown_path == "/home/me/caf\ufffd.non"
    assert record.title == "caf\udce9"
    assert again.last_played_path == BAD_NAME
    assert os.fsencode(again.record("other").path) == b"/home/me/caf\xe9.non"
    assert os.fsencode(again.get_setting("last_folder")) == b"/home/me/d\xe9j\xe0"
    # Saving goes on after the bad name (it used to stop every save for the session).
    again.set_setting("sound", False)
    assert ProgressStore(tmp_path).get_setting("sound") is False


def good_store_with_backup(folder: Path) -> None:
    store = ProgressStore(folder)
    store.set_setting("volume", 3)
    store.mark_solved(KEY, 30, title="tiny")
    store.set_setting("theme", "light")  # settings.json.bak now holds the volume
    store.mark_solved(OTHER, 40)  # progress.json.bak now holds the win


@pytest.mark.parametrize(
    "best_time",
    ["1" + "0" * 400, "NaN", "Infinity", "1e999", "-5", '"12"', "true", "[1]", "1e12"],
)
def test_an_impossible_best_time_sets_the_file_aside_and_the_backup_fills_it(
    tmp_path: Path, best_time: str
) -> None:
    good_store_with_backup(tmp_path)
    text = (tmp_path / "progress.json").read_text()
    damaged = text.replace('"best_time": 30.0', f'"best_time": {best_time}')
    assert damaged != text
    (tmp_path / "progress.json").write_text(damaged)

    store = ProgressStore(tmp_path)
    assert store.record(KEY).best_time == 30
    assert store.record(OTHER).best_time == 40, "the good rest of the main file is kept"
    assert [message.level for message in store.messages] == ["error"]
    assert "best_time" in store.messages[0].text and "backup" in store.messages[0].text
    assert [path.read_text() for path in corrupt_files(tmp_path)] == [damaged]
    store.mark_solved(OTHER, 35)
    assert ProgressStore(tmp_path).messages == []
    assert ProgressStore(tmp_path).record(KEY).best_time == 30


@pytest.mark.parametrize(
    ("where", "value"),
    [
        ("settings", "1" + "0" * 400),
        ("settings", "NaN"),
        ("version", "true"),
        ("version", "1.0"),
    ],
)
def test_impossible_numbers_elsewhere_never_crash_the_start(
    tmp_path: Path, where: str, value: str
) -> None:
    good_store_with_backup(tmp_path)
    if where == "settings":  # settings.json: the same checks and repairs as progress.json
        text = '{"version": 1, "settings": {"volume": %s, "theme": "dark"}, "puzzles": {}}'
        (tmp_path / "settings.json").write_text(text % value)
    else:
        text = '{"version": %s, "settings": {}, "puzzles": {}}'
        (tmp_path / "progress.json").write_text(text % value)
    store = ProgressStore(tmp_path)
    assert store.messages and store.messages[0].is_error
    aside = sorted(tmp_path.glob(f"{'settings' if where == 'settings' else 'progress'}.json.c*"))
    assert len(aside) == 1
    if where == "settings":  # the bad value from the backup, the good one kept
        assert store.get_setting("volume") == 3 and store.get_setting("theme") == "dark"
    else:  # not a progress file at all: the backup whole
        assert store.record(KEY).best_time == 30


def test_a_saved_game_with_an_impossible_time_is_dropped_not_a_crash(tmp_path: Path) -> None:
    session = Session(PUZZLE)
    session.apply(Paint(0, 0, 0, 0, Cell.FILLED))
    data = session.to_json()
    for elapsed in (10**400, float("nan"), -1.0, "5", None, 1e300):
        bad = dict(data, elapsed=elapsed)
        with pytest.raises(ValueError, match="not usable"):
            Session.from_json(PUZZLE, bad)  # Continue catches ValueError
    store = ProgressStore(tmp_path)
    store.save_session(KEY, data)
    text = (tmp_path / "progress.json").read_text()
    huge = text.replace('"elapsed": 0.0', '"elapsed": 1' + "0" * 400)
    (tmp_path / "progress.json").write_text(huge)
    again = ProgressStore(tmp_path)
    assert again.record(KEY).session is None
    assert "session of puzzle" in again.messages[0].text
    with pytest.raises(ValueError):
        again.save_session(KEY, dict(data, elapsed=10**400))


def test_odd_shapes_in_a_saved_game_are_a_value_error(tmp_path: Path) -> None:
    data = Session(PUZZLE).to_json()
    for key, value in (("history", [[1]]), ("history", {"a": 1}), ("board", 7), ("redo", [None])):
        with pytest.raises(ValueError, match="not usable"):
            Session.from_json(PUZZLE, dict(data, **{key: value}))


def test_settings_that_cannot_be_saved_are_refused(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    for value in (float("nan"), float("inf"), 10**400, {"a": object()}, [1j], {1: 2}):
        with pytest.raises(ValueError):
            store.set_setting("x", value)
    assert not (tmp_path / "progress.json").exists()


def test_leftovers_of_killed_saves_are_removed_at_start(tmp_path: Path) -> None:
    good_store_with_backup(tmp_path)
    long_ago = 1_000_000_000
    for index in range(5):
        leftover = tmp_path / f".progress.json.kill{index}.tmp"
        leftover.write_bytes(b"x" * 1000)
        os.utime(leftover, (long_ago, long_ago))
    (tmp_path / ".progress.json.bak.kill9.tmp").write_bytes(b"x")
    os.utime(tmp_path / ".progress.json.bak.kill9.tmp", (long_ago, long_ago))
    (tmp_path / ".progress.json.live.tmp").write_bytes(b"another window saving right now")
    store = ProgressStore(tmp_path)
    assert store.messages == []
    assert sorted(p.name for p in tmp_path.glob(".*.tmp")) == [".progress.json.live.tmp"]


def test_two_windows_on_one_folder_both_keep_their_wins(tmp_path: Path) -> None:
    first, second = ProgressStore(tmp_path), ProgressStore(tmp_path)
    session = Session(PUZZLE)
    session.apply(Paint(0, 0, 0, 0, Cell.FILLED))
    second.save_session(KEY, session.to_json())
    first.mark_solved("A", 50)
    second.mark_solved("B", 60)  # this save used to drop A
    first.set_setting("theme", "dark")
    second.set_setting("sound", False)
    first.mark_solved(KEY, 40)  # solved in the first window: the second's session goes
    first.clear_session(KEY)
    second.mark_solved("A", 70)  # slower than the first window's time: 50 stays
    second.set_setting("volume", 2)

    final = ProgressStore(tmp_path)
    assert final.messages == []
    assert {key: final.record(key).best_time for key in ("A", "B", KEY)} == {
        "A": 50,
        "B": 60,
        KEY: 40,
    }
    assert final.record(KEY).session is None, "a finished game's save is not brought back"
    assert (final.get_setting("theme"), final.get_setting("sound")) == ("dark", False)
    assert final.get_setting("volume") == 2
    # The backup is a good earlier file, not the first window's lost one.
    assert "B" in json.loads((tmp_path / "progress.json.bak").read_text())["puzzles"]


def test_a_window_that_started_before_a_faster_win_keeps_the_faster_time(
    tmp_path: Path,
) -> None:
    slow, fast = ProgressStore(tmp_path), ProgressStore(tmp_path)
    fast.mark_solved(KEY, 20)
    slow.mark_solved(KEY, 90)
    assert ProgressStore(tmp_path).record(KEY).best_time == 20


def test_a_file_we_may_not_read_is_not_called_damaged_nor_overwritten(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    good_store_with_backup(tmp_path)
    store = ProgressStore(tmp_path)
    store.mark_solved(KEY, 25)  # main now newer than the backup
    main = tmp_path / "progress.json"
    before = main.read_bytes()
    real_open = os.open

    def guarded_open(file: object, *args: object, **kwargs: object) -> object:
        if Path(str(file)) == main:
            raise PermissionError(13, "Permission denied")
        return real_open(file, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", guarded_open)
    locked = ProgressStore(tmp_path)
    monkeypatch.undo()
    assert locked.messages[0].is_error
    text = locked.messages[0].text
    assert "cannot be read (Permission denied)" in text and "damaged" not in text
    assert corrupt_files(tmp_path) == []
    assert locked.record(KEY).best_time == 30, "the backup is shown meanwhile"
    assert locked.saving_disabled is not None
    assert locked.mark_solved("new", 5)
    assert locked.save(), "saving is off for the session: no error on every autosave"
    assert len(locked.messages) == 1, "told once"
    assert main.read_bytes() == before


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")
@pytest.mark.usefixtures("enforced_permissions")
def test_real_permissions_on_the_file_and_the_folder(tmp_path: Path) -> None:
    good_store_with_backup(tmp_path)
    main = tmp_path / "progress.json"
    main.chmod(0)
    try:
        store = ProgressStore(tmp_path)
        assert "cannot be read" in store.messages[0].text
        assert corrupt_files(tmp_path) == []
    finally:
        main.chmod(0o644)
    closed = tmp_path / "closed"
    closed.mkdir()
    good_store_with_backup(closed)
    closed.chmod(0)
    try:
        for home in (closed / "home", closed):  # cannot be made; cannot be entered
            store = ProgressStore(home)
            assert [message.level for message in store.messages] == ["error"]
            assert store.mark_solved(KEY, 3) and store.save()
    finally:
        closed.chmod(0o755)
    read_only = tmp_path / "read_only"
    read_only.mkdir()
    read_only.chmod(0o555)
    try:
        store = ProgressStore(read_only)
        assert "cannot be saved" in store.messages[0].text
        store.set_setting("sound", False)
        assert store.get_setting("sound") is False
    finally:
        read_only.chmod(0o755)


def test_a_home_folder_that_cannot_be_made_gives_one_message_and_a_working_store(
    tmp_path: Path,
) -> None:
    (tmp_path / "file").write_text("not a folder")
    store = ProgressStore(tmp_path / "file" / "hanjie")
    assert [message.level for message in store.messages] == ["error"]
    assert "kept only until you quit" in store.messages[0].text
    assert store.mark_solved(KEY, 12)
    store.set_setting("sound", False)
    assert store.save()
    assert store.record(KEY).best_time == 12 and store.get_setting("sound") is False
    assert len(store.messages) == 1
    assert store.user_puzzles_dir() == tmp_path / "file" / "hanjie" / "puzzles"


def test_a_file_where_the_progress_folder_should_be_is_named_so(tmp_path: Path) -> None:
    # QA: the data folder replaced by a file said "(File exists)", mkdir's words.
    (tmp_path / "hanjie").write_text("not a folder")
    store = ProgressStore(tmp_path / "hanjie")
    assert store.messages[0].text == (
        f"Progress cannot be saved in {tmp_path / 'hanjie'} (it is a file, not a folder): "
        "this session's progress is kept only until you quit."
    )
    assert (tmp_path / "hanjie").read_text() == "not a folder"


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX modes")
def test_progress_files_get_normal_permissions(tmp_path: Path) -> None:
    previous = os.umask(0o022)
    try:
        store = ProgressStore(tmp_path)
        store.mark_solved(KEY, 3)
        store.mark_solved(KEY, 2)
    finally:
        os.umask(previous)
    for name in ("progress.json", "progress.json.bak"):
        assert (tmp_path / name).stat().st_mode & 0o777 == 0o644


def test_a_file_from_a_newer_game_is_left_as_it_is_and_never_written(tmp_path: Path) -> None:
    good_store_with_backup(tmp_path)
    newer = b'{"version": 2, "settings": {}, "puzzles": {}, "new_field": [1]}'
    (tmp_path / "progress.json").write_bytes(newer)
    store = ProgressStore(tmp_path)
    assert [message.level for message in store.messages] == ["error"]
    assert "newer" in store.messages[0].text and "\n" not in store.messages[0].text
    assert store.saving_disabled is not None
    assert store.record(KEY).best_time == 30  # this session plays on from the backup
    store.mark_solved("another", 4)
    assert (tmp_path / "progress.json").read_bytes() == newer
    assert corrupt_files(tmp_path) == []


def test_a_byte_order_mark_from_a_hand_edit_is_still_the_players_file(tmp_path: Path) -> None:
    good_store_with_backup(tmp_path)
    path = tmp_path / "progress.json"
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    store = ProgressStore(tmp_path)
    assert store.messages == []
    assert store.record(KEY).best_time == 30
    assert corrupt_files(tmp_path) == []


@pytest.mark.parametrize("damage", [b"", b"  \n", b"\xef\xbb\xbf"])
def test_an_empty_progress_file_is_called_empty(tmp_path: Path, damage: bytes) -> None:
    # QA: an empty file was "not valid JSON (Expecting value: line 1 column 1 (char 0))".
    (tmp_path / "progress.json").write_bytes(damage)
    store = ProgressStore(tmp_path)
    assert store.messages[0].text.startswith("Your progress file was damaged (it is empty);")
    assert "fresh" in store.messages[-1].text


def test_a_backup_that_cannot_be_written_does_not_stop_the_save(tmp_path: Path) -> None:
    # QA: a folder named progress.json.bak made every save fail ("Is a directory"): the
    # progress itself was never written.
    store = ProgressStore(tmp_path)
    store.mark_solved(KEY, 40)
    (tmp_path / "progress.json.bak").unlink(missing_ok=True)
    (tmp_path / "progress.json.bak").mkdir()
    (tmp_path / "progress.json.bak" / "keep.txt").write_text("mine")
    store.mark_solved(OTHER, 5)
    assert store.save()
    store.mark_solved(OTHER, 4)
    assert store.save()
    again = ProgressStore(tmp_path)
    assert again.record(OTHER).best_time == 4
    assert again.record(KEY).best_time == 40
    notes = [message.text for message in store.messages]
    assert len(notes) == 1 and "saved without it" in notes[0]
    assert (tmp_path / "progress.json.bak" / "keep.txt").read_text() == "mine"


def test_settings_live_in_the_config_folder_and_old_ones_move_there(tmp_path: Path) -> None:
    """Issue 49: the settings lived in the data folder's progress.json. An older game's
    progress.json keeps its records; its settings move to settings.json in the config
    folder with the next save, and one already there is not overwritten."""
    data, config = tmp_path / "data", tmp_path / "config"
    data.mkdir()
    old = {
        "version": 1,
        "settings": {"theme": "dark", "volume": 2},
        "puzzles": {KEY: {"solved": True, "best_time": 12.0}},
    }
    (data / "progress.json").write_text(json.dumps(old))
    config.mkdir()
    (config / "settings.json").write_text(
        json.dumps({"version": 1, "settings": {"volume": 7}, "puzzles": {}})
    )
    store = ProgressStore(data, settings_directory=config)
    assert store.messages == []
    assert store.get_setting("theme") == "dark" and store.get_setting("volume") == 7
    assert store.record(KEY).best_time == 12.0
    assert store.save()
    assert json.loads((data / "progress.json").read_text())["settings"] == {}
    kept = json.loads((config / "settings.json").read_text())["settings"]
    assert kept == {"volume": 7, "theme": "dark"}
    again = ProgressStore(data, settings_directory=config)
    assert again.get_setting("theme") == "dark" and again.record(KEY).solved


def test_the_default_settings_folder_is_the_platforms_config_folder(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import platformdirs

    from game.core.store.progress import default_settings_directory

    monkeypatch.delenv("HANJIE_HOME", raising=False)
    assert default_settings_directory() == Path(
        platformdirs.user_config_dir("hanjie", appauthor=False)
    )
    monkeypatch.setenv("HANJIE_HOME", "/somewhere")
    assert default_settings_directory() == Path("/somewhere")
