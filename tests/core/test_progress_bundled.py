"""Progress names a bundled level by its pack and file, not by the install folder (issue
36: after a reinstall elsewhere Continue opened a different game)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from game.core.store.progress import ProgressStore
from tests.conftest import REPO_ROOT

PACK, FILE = "01-first-steps", "03-goblet.non"


def install(root: Path) -> Path:
    """A copy of one bundled pack where an install would keep it."""
    levels = root / "site-packages" / "game" / "_data" / "levels"
    shutil.copytree(REPO_ROOT / "levels" / PACK, levels / PACK)
    return levels


def test_a_file_written_today_with_another_installs_paths_is_migrated(tmp_path: Path) -> None:
    """progress.json as the game wrote it before this change, from an install since removed:
    absolute paths into its site-packages. Loaded by this install, Continue finds the same
    level here, and the next save keeps it by pack and name."""
    gone = "/home/me/.venv-old/lib/python3.11/site-packages/game/_data/levels"
    session = {"version": 1, "cells": "0"}
    today = {
        "version": 1,
        "settings": {},
        "puzzles": {
            "abc": {
                "solved": False,
                "best_time": None,
                "session": session,
                "title": "Goblet",
                "path": f"{gone}/{PACK}/{FILE}",
            },
            "mine": {
                "solved": True,
                "best_time": 12.0,
                "session": None,
                "title": "Mine",
                "path": "/home/me/puzzles/mine.non",
            },
        },
        "last_played": {"key": "abc", "path": f"{gone}/{PACK}/{FILE}"},
        "daily": {},
    }
    home = tmp_path / "home"
    home.mkdir()
    (home / "progress.json").write_text(json.dumps(today))
    levels = install(tmp_path / "new")
    store = ProgressStore(home, levels=levels)
    assert store.messages == []
    here = str(levels / PACK / FILE)
    assert store.last_played_path == here
    assert Path(store.last_played_path).is_file()
    assert store.record("abc").path == here
    assert store.record("abc").session == session
    assert store.record("mine").path == "/home/me/puzzles/mine.non"  # not a bundled level
    store.set_setting("sound", True)  # any save writes the migrated paths
    written = json.loads((home / "progress.json").read_text())
    assert written["puzzles"]["abc"]["path"] == f"bundled:{PACK}/{FILE}"
    assert written["last_played"]["path"] == f"bundled:{PACK}/{FILE}"
    assert written["puzzles"]["mine"]["path"] == "/home/me/puzzles/mine.non"


def test_a_level_played_in_one_install_continues_in_another(tmp_path: Path) -> None:
    first, second = install(tmp_path / "one"), install(tmp_path / "two")
    home = tmp_path / "home"
    store = ProgressStore(home, levels=first)
    store.set_last_played("abc", first / PACK / FILE)
    assert "one" not in (home / "progress.json").read_text()
    shutil.rmtree(tmp_path / "one")  # uninstalled
    again = ProgressStore(home, levels=second)
    assert again.last_played_path == str(second / PACK / FILE)
    assert again.record("abc").path == str(second / PACK / FILE)
