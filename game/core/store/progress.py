"""Saved progress: settings, solved puzzles, best times and games in progress.

Progress lives in one JSON document, ``progress.json``, in the user data folder
(``$HANJIE_HOME`` when set, else platformdirs' ``user_data_dir("hanjie")``); its shape and
its checks are in :mod:`game.core.store.progress_document`. The settings live in the config
folder (``user_config_dir("hanjie")``; ``$HANJIE_HOME`` too when set) as ``settings.json``, a
document of the same shape kept with the same guarantees (backup, repair, merge, lock): the
settings an older game kept in ``progress.json`` move there with the next save, and a
``settings.json`` already there wins over them.

Writes go through :func:`game.core.store.fileio.write_atomically`, and the previous good document
is kept as ``progress.json.bak``. A damaged file is never deleted: it is set aside as
``progress.json.corrupt-<time>``, the backup is used, and a message for the player is added
to :attr:`ProgressStore.messages`, with its severity: "error" for a problem, "info" when the
store put things right (a backup used). A file that only has some bad values keeps the rest;
the bad values are taken from the backup.

Two game windows may share one folder: each save re-reads the file when someone else wrote
it since, and merges (our changes win, wins from both sides are kept: solved stays solved,
the best time is the least), under a short lock (filelock: every platform).

When the folder cannot be written or the progress file cannot be read, the store says so
once and keeps everything in memory (:attr:`ProgressStore.saving_disabled`): the game runs,
and a file it could not read is never overwritten.
"""

from __future__ import annotations

import contextlib
import copy
import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import platformdirs

from game.core.seconds import is_seconds
from game.core.store.bundled_paths import local, portable
from game.core.store.bundled_paths import migrate as migrate_paths
from game.core.store.fileio import (
    PathLike,
    free_path,
    path_text,
    readable,
    write_text_atomically,
)
from game.core.store.progress_document import (
    MAX_TEXT,
    PROGRESS_VERSION,
    DamagedFile,
    NewerFile,
    blank_record,
    field_is_valid,
    is_day,
    is_setting_value,
    parse_document,
)
from game.core.store.progress_file import (
    CORRUPT_SUFFIX,
    ProgressFile,
    StoreMessage,
    Unreadable,
)
from game.resources import levels_dir

__all__ = [
    "PROGRESS_VERSION",
    "DamagedFile",
    "ProgressStore",
    "PuzzleRecord",
    "StoreMessage",
    "default_directory",
    "parse_document",
]


def default_directory() -> Path:
    """Where progress lives: ``$HANJIE_HOME`` if set, else the platform's user data folder."""
    home = os.environ.get("HANJIE_HOME")
    if home:
        return Path(home)
    return Path(platformdirs.user_data_dir("hanjie", appauthor=False))


SETTINGS_FILE = "settings.json"


def default_settings_directory() -> Path:
    """Where the settings live: ``$HANJIE_HOME`` if set, else the user config folder."""
    home = os.environ.get("HANJIE_HOME")
    if home:
        return Path(home)
    return Path(platformdirs.user_config_dir("hanjie", appauthor=False))


@dataclass(frozen=True)
class PuzzleRecord:
    solved: bool = False
    best_time: float | None = None
    session: dict[str, Any] | None = None
    title: str = ""
    # The file name exactly as given (it opens the file); ``shown_path`` is for people.
    path: str = ""

    @property
    def shown_path(self) -> str:
        return readable(self.path)


def _no_migration(document: dict[str, Any]) -> None:
    """settings.json needs none yet."""


class ProgressStore:
    """The player's saved progress. Every change is written to disk at once (the file's
    side is :class:`~game.core.store.progress_file.ProgressFile`'s)."""

    def __init__(
        self,
        directory: PathLike | None = None,
        *,
        levels: Path | None = None,
        settings_directory: PathLike | None = None,
    ) -> None:
        self.directory = (
            Path(path_text(directory)) if directory is not None else default_directory()
        )
        # The bundled levels' folder: their files are kept by pack and name (bundled_paths).
        self.levels = levels if levels is not None else levels_dir()
        self.messages: list[StoreMessage] = []
        # A store given its folder keeps its settings there too, unless told otherwise.
        if settings_directory is not None:
            settings_folder = Path(path_text(settings_directory))
        elif directory is not None:
            settings_folder = self.directory
        else:
            settings_folder = default_settings_directory()
        self.settings_file = ProgressFile(
            settings_folder, self.messages, _no_migration, name=SETTINGS_FILE, what="settings"
        )
        self._settings_document = self.settings_file.load()
        # The settings' news is told after the progress's; a folder that cannot be used is
        # told once when both live in it.
        settings_news = self.messages[:]
        self.messages.clear()
        self.file = ProgressFile(self.directory, self.messages, self._migrate)
        self.path = self.file.path
        self.backup_path = self.file.backup_path
        self._document = self.file.load()
        if settings_folder == self.directory and self.file.saving_disabled is not None:
            told = self.settings_file.saving_disabled
            settings_news = [message for message in settings_news if message.text != told]
        self.messages.extend(settings_news)
        self._migrate(self._document)  # written with the next save

    def _migrate(self, document: dict[str, Any]) -> None:
        migrate_paths(document, self.levels)
        # Settings an older game kept in progress.json move to settings.json (where the same
        # setting is already kept, that one stays); progress.json is written without them.
        settings: dict[str, Any] = self._settings_document["settings"]
        for name, value in document["settings"].items():
            settings.setdefault(name, copy.deepcopy(value))
        if self.settings_file.saving_disabled is None:  # else they stay where they are kept
            document["settings"] = {}

    @property
    def saving_disabled(self) -> str | None:
        """Why nothing is written this session (told once, at start), or None."""
        return self.file.saving_disabled or self.settings_file.saving_disabled

    def save(self) -> bool:
        """Write the settings, then the progress, each atomically, keeping the previous one
        as the backup, after merging whatever another window saved meanwhile. False (and a
        message) when the disk refuses; nothing in memory is lost and the next save tries
        again."""
        kept, self._settings_document = self.settings_file.save(self._settings_document)
        saved, self._document = self.file.save(self._document)
        return kept and saved

    @property
    def unsaved_progress(self) -> str | None:
        """Why progress recorded this session is not on disk, or None when all of it is.
        Quitting then loses it, and the game asks first (QA)."""
        progress = self.file.unsaved(self._document)
        settings = self.settings_file.unsaved(self._settings_document)
        if settings is not None and settings == self.settings_file.saving_disabled:
            # One folder for both that cannot be used: said in the progress's words, as at
            # the start.
            shared = self.settings_file.directory == self.directory
            settings = self.file.saving_disabled if shared else settings
        return progress or settings

    # --- settings ----------------------------------------------------------------------

    @property
    def settings(self) -> dict[str, Any]:
        settings: dict[str, Any] = self._settings_document["settings"]
        return settings

    def get_setting(self, key: str, default: Any = None) -> Any:
        return self.settings.get(key, default)

    def set_setting(self, key: str, value: Any) -> None:
        if not isinstance(key, str) or not is_setting_value(value):
            raise ValueError(f"setting {key!r}: {value!r} cannot be saved")
        if self.settings.get(key, object()) == value:
            return
        # A copy, so that the caller changing its list later cannot change the store unseen.
        self.settings[key] = copy.deepcopy(value)
        self.save()

    # --- puzzles -----------------------------------------------------------------------

    def _entry(self, puzzle_key: str) -> dict[str, Any]:
        if not isinstance(puzzle_key, str) or not puzzle_key:
            raise ValueError(f"{puzzle_key!r} is not a puzzle key")
        puzzles: dict[str, dict[str, Any]] = self._document["puzzles"]
        entry = puzzles.get(puzzle_key)
        if entry is None:
            entry = blank_record()
            puzzles[puzzle_key] = entry
        return entry

    def _describe(self, entry: dict[str, Any], title: str | None, path: PathLike | None) -> None:
        # Any file name is kept as given (bytes as surrogates, written as escapes), so it
        # opens the same file again; only an absurd length is cut.
        if title is not None:
            entry["title"] = str(title)[:MAX_TEXT]
        if path is not None:
            entry["path"] = portable(path_text(path), self.levels)[:MAX_TEXT]

    def record(self, puzzle_key: str) -> PuzzleRecord:
        entry = self._document["puzzles"].get(puzzle_key)
        if entry is None:
            return PuzzleRecord()
        return PuzzleRecord(
            solved=entry["solved"],
            best_time=entry["best_time"],
            session=entry["session"],
            title=entry["title"],
            path=local(entry["path"], self.levels),
        )

    def puzzle_keys(self) -> list[str]:
        return list(self._document["puzzles"])

    def mark_solved(
        self,
        puzzle_key: str,
        seconds: float,
        *,
        title: str | None = None,
        path: PathLike | None = None,
        helped: bool = False,
    ) -> bool:
        """Record a win; True when ``seconds`` is a new best time. A best time only improves.
        A ``helped`` win (the solver's answer was on screen) marks the puzzle solved and
        sets no best time (so no daily streak either)."""
        if not is_seconds(seconds):
            raise ValueError(f"{seconds!r} is not a time in seconds")
        entry = self._entry(puzzle_key)
        self._describe(entry, title, path)
        entry["solved"] = True
        best = entry["best_time"]
        is_new_best = not helped and (best is None or seconds < best)
        if is_new_best:
            entry["best_time"] = float(seconds)
        self.save()
        return is_new_best

    def save_session(
        self,
        puzzle_key: str,
        session_json: dict[str, Any],
        *,
        title: str | None = None,
        path: PathLike | None = None,
    ) -> None:
        """Keep a game in progress (``Session.to_json()``)."""
        if not isinstance(session_json, dict):
            raise ValueError("a saved game must be a JSON object")
        if not field_is_valid("session", session_json):
            raise ValueError("the saved game cannot be written as JSON")
        entry = self._entry(puzzle_key)
        self._describe(entry, title, path)
        entry["session"] = copy.deepcopy(session_json)
        self.save()

    def set_aside_session(self, puzzle_key: str) -> Path | None:
        """Copy the saved game of ``puzzle_key``, which could not be resumed, to a file of
        its own beside the progress file (``session-<key>.corrupt-<time>.json``, with the
        puzzle's title and path): the game starts afresh and the next save replaces the
        saved game, which must not take the player's moves with it. None when there is no
        saved game, nothing may be written, or the disk refuses."""
        entry = self._document["puzzles"].get(puzzle_key)
        if entry is None or entry["session"] is None or self.saving_disabled is not None:
            return None
        # The key names the file: only its plain characters (a damaged file's key may be
        # anything).
        name = "".join(char for char in puzzle_key[:40] if char.isalnum()) or "puzzle"
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = free_path(self.directory, f"session-{name}{CORRUPT_SUFFIX}{stamp}", ".json")
        kept = {
            "puzzle": puzzle_key,
            "title": entry.get("title", ""),
            "path": entry.get("path", ""),
            "session": entry["session"],
        }
        try:
            write_text_atomically(target, json.dumps(kept, indent=1, ensure_ascii=False) + "\n")
        except (OSError, ValueError):
            return None
        return target

    def backup_session(self, puzzle_key: str) -> dict[str, Any] | None:
        """The saved game of ``puzzle_key`` in the backup file (the progress as it was one
        save earlier), when it differs from the one in the store: what a saved game that
        cannot be resumed falls back to. None when the backup has none or cannot be read."""
        try:
            _, parsed, _ = self.file.read(self.backup_path)
        except (DamagedFile, NewerFile, Unreadable, OSError):
            return None
        entry = parsed.document["puzzles"].get(puzzle_key)
        session = entry.get("session") if isinstance(entry, dict) else None
        current = self._document["puzzles"].get(puzzle_key)
        if not isinstance(session, dict) or (current is not None and current["session"] == session):
            return None
        return copy.deepcopy(session)

    def clear_session(self, puzzle_key: str) -> None:
        entry = self._document["puzzles"].get(puzzle_key)
        if entry is None or entry["session"] is None:
            return
        entry["session"] = None
        self.save()

    # --- last played -------------------------------------------------------------------

    @property
    def last_played(self) -> str | None:
        last = self._document["last_played"]
        return None if last is None else str(last["key"])

    @property
    def last_played_path(self) -> str | None:
        last = self._document["last_played"]
        return None if last is None else local(str(last.get("path", "")), self.levels)

    def set_last_played(self, key: str, path: PathLike) -> None:
        if not isinstance(key, str) or not key:
            raise ValueError(f"{key!r} is not a puzzle key")
        entry = self._entry(key)
        self._describe(entry, None, path)
        self._document["last_played"] = {"key": key, "path": entry["path"]}
        self.save()

    # --- daily puzzles -----------------------------------------------------------------

    def daily_times(self) -> dict[str, float]:
        """The daily puzzles solved: ISO date -> best seconds (see ``game.core.generate.daily``)."""
        return dict(self._document["daily"])

    def mark_daily(self, day: str, seconds: float) -> bool:
        """Record the daily puzzle of ``day`` ("2025-03-14") solved in ``seconds``; True when
        that is a new best for the day. A day's best only improves."""
        if not is_day(day):
            raise ValueError(f"{day!r} is not a date")
        if not is_seconds(seconds):
            raise ValueError(f"{seconds!r} is not a time in seconds")
        times: dict[str, float] = self._document["daily"]
        best = times.get(day)
        if best is not None and best <= seconds:
            return False
        times[day] = float(seconds)
        self.save()
        return True

    # --- player's own puzzles ----------------------------------------------------------

    def user_puzzles_dir(self) -> Path:
        """The "My puzzles" folder, created on first use when the disk allows (a caller that
        writes there meets the disk's refusal itself; listing a missing folder finds none)."""
        folder = self.directory / "puzzles"
        with contextlib.suppress(OSError):
            folder.mkdir(parents=True, exist_ok=True)
        return folder
