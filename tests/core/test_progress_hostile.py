"""Progress files a hostile or unlucky folder holds (issue 36): a FIFO, a repeated key, a
dangling link. Each is said in one line, nothing hangs and no win is lost."""

from __future__ import annotations

import json
import os
import sys
import threading
from pathlib import Path

import pytest

from game.core.store.progress import ProgressStore

KEY = "pack:starter/01"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_named_progress_json_is_set_aside_not_read(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "progress.json")
    done: list[ProgressStore] = []
    opening = threading.Thread(target=lambda: done.append(ProgressStore(tmp_path)), daemon=True)
    opening.start()
    opening.join(5.0)
    if not done:  # unblock the reader so the thread ends, then fail
        with open(tmp_path / "progress.json", "wb"):
            pass
        pytest.fail("opening the progress store hung on a FIFO")
    store = done[0]
    text = store.messages[0].text
    assert "not a regular file" in text and "set aside" in text and "\n" not in text
    # The FIFO is out of the way and the next save writes a real file.
    assert store.mark_solved(KEY, 12.0)
    assert (tmp_path / "progress.json").is_file()
    assert ProgressStore(tmp_path).record(KEY).solved


def test_a_repeated_top_level_key_is_damage_and_the_backup_keeps_the_wins(
    tmp_path: Path,
) -> None:
    store = ProgressStore(tmp_path)
    assert store.mark_solved(KEY, 30.0)
    assert store.mark_solved("pack:starter/02", 40.0)  # the first win is now the backup too
    good = (tmp_path / "progress.json").read_text()
    # A hand edit (or a merge tool) leaves a second, empty "puzzles" after the real one.
    damaged = good.rstrip().rstrip("}") + ', "puzzles": {}\n}'
    assert json.loads(damaged)["puzzles"] == {}  # what a plain reader would keep
    (tmp_path / "progress.json").write_text(damaged)

    again = ProgressStore(tmp_path)
    assert any("twice" in m.text and "set aside" in m.text for m in again.messages)
    assert again.record(KEY).solved  # from the backup
    assert list(tmp_path.glob("progress.json.corrupt-*"))
    # Two saves later the wins are still on disk, in the file and in its backup.
    again.set_setting("sound", False)
    again.set_setting("sound", True)
    for name in ("progress.json", "progress.json.bak"):
        assert KEY in json.loads((tmp_path / name).read_text())["puzzles"]


@pytest.mark.skipif(sys.platform == "win32", reason="symbolic links need rights on Windows")
def test_a_dangling_progress_link_says_why_saves_fail(tmp_path: Path) -> None:
    (tmp_path / "progress.json").symlink_to(tmp_path / "gone" / "progress.json")
    store = ProgressStore(tmp_path)
    assert len(store.messages) == 1
    text = store.messages[0].text
    assert "link" in text and "gone" in text
    assert store.saving_disabled is not None
    # Nothing is written through it, and the link is left for the player to mend.
    store.mark_solved(KEY, 5.0)
    assert (tmp_path / "progress.json").is_symlink()
    assert not (tmp_path / "gone").exists()


def test_the_save_lock_excludes_a_second_window_without_fcntl(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 36: the lock was fcntl's alone, so on Windows two windows' saves interleaved
    (2-12 of 400 wins lost, simulated). Without fcntl the second window still waits."""
    from game.core.store import progress_file

    monkeypatch.setitem(sys.modules, "fcntl", None)  # importing it now fails, as on Windows
    monkeypatch.setattr(progress_file, "LOCK_WAIT_SECONDS", 0.0)
    first, second = ProgressStore(tmp_path), ProgressStore(tmp_path)
    with first.file.lock() as held:
        assert held
        with second.file.lock() as also_held:
            assert not also_held
    with second.file.lock() as held_after:
        assert held_after


def test_two_windows_saving_at_once_lose_no_win(tmp_path: Path) -> None:
    stores = [ProgressStore(tmp_path), ProgressStore(tmp_path)]

    def play(index: int) -> None:
        for n in range(40):
            assert stores[index].mark_solved(f"w{index}-{n}", 10.0 + n)

    threads = [threading.Thread(target=play, args=(index,)) for index in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    again = ProgressStore(tmp_path)
    assert all(again.record(f"w{i}-{n}").solved for i in range(2) for n in range(40))


@pytest.mark.skipif(sys.platform == "win32", reason="symbolic links need rights on Windows")
def test_a_dangling_progress_link_still_shows_the_backups_progress(tmp_path: Path) -> None:
    """Issue 49: the game started empty while progress.json.bak held the progress."""
    store = ProgressStore(tmp_path)
    assert store.mark_solved(KEY, 30.0)
    assert store.mark_solved("pack:starter/02", 40.0)  # the first win is now the backup
    (tmp_path / "progress.json").unlink()
    (tmp_path / "progress.json").symlink_to(tmp_path / "gone" / "progress.json")
    again = ProgressStore(tmp_path)
    assert again.record(KEY).best_time == 30.0
    assert again.saving_disabled is not None and "link" in again.saving_disabled
    assert [m.text for m in again.messages][-1] == "Your progress was read from the backup."
    assert not (tmp_path / "gone").exists()


def test_a_huge_setting_value_is_skipped_in_one_line_not_kept(tmp_path: Path) -> None:
    """Issue 49: a hand-edited 60 MB setting was kept and written again on every save."""
    huge = "x" * (4 * 1024 * 1024)
    text = json.dumps({"version": 1, "settings": {"note": huge, "theme": "dark"}, "puzzles": {}})
    (tmp_path / "progress.json").write_text(text)
    store = ProgressStore(tmp_path)
    (message,) = store.messages
    assert "skipped (setting note)" in message.text and "\n" not in message.text
    assert store.get_setting("note") is None and store.get_setting("theme") == "dark"
    with pytest.raises(ValueError, match="cannot be saved"):
        store.set_setting("note", huge)
    store.set_setting("theme", "light")
    assert len((tmp_path / "progress.json").read_text()) < 10_000
