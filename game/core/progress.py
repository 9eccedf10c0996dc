"""Saved progress: settings, solved puzzles, best times and games in progress.

Everything lives in one JSON document, ``progress.json``, in the user data folder
(``$HANJIE_HOME`` when set, else platformdirs' ``user_data_dir("hanjie")``)::

    {"version": 1,
     "settings": {...},
     "puzzles": {key: {"solved", "best_time", "session", "title", "path"}},
     "last_played": {"key": ..., "path": ...} or null}

Writes are atomic (a temporary file in the same folder, flushed and fsynced, then
``os.replace``), and the previous good document is kept as ``progress.json.bak``. A damaged
file is never deleted: it is set aside as ``progress.json.corrupt-<time>``, the backup is
used, and a message for the player is added to :attr:`ProgressStore.messages`, with its
severity: "error" for a problem, "info" when the store put things right (a backup used).
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import shutil
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import platformdirs

PROGRESS_VERSION = 1
FILE_NAME = "progress.json"
BACKUP_SUFFIX = ".bak"
CORRUPT_SUFFIX = ".corrupt-"
# A progress document is small; anything far bigger is not ours and is not read whole.
MAX_FILE_BYTES = 64 * 1024 * 1024


def default_directory() -> Path:
    """Where progress lives: ``$HANJIE_HOME`` if set, else the platform's user data folder."""
    home = os.environ.get("HANJIE_HOME")
    if home:
        return Path(home)
    return Path(platformdirs.user_data_dir("hanjie", appauthor=False))


MessageLevel = Literal["info", "error"]


@dataclass(frozen=True)
class StoreMessage:
    """A sentence for the player about their saved progress. ``level`` is "error" when
    something is damaged, lost or could not be written, "info" when the store put things
    right by itself (the backup was used): the game shows the first in its error colour."""

    text: str
    level: MessageLevel

    @property
    def is_error(self) -> bool:
        return self.level == "error"

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class PuzzleRecord:
    solved: bool = False
    best_time: float | None = None
    session: dict[str, Any] | None = None
    title: str = ""
    path: str = ""


class DamagedFile(ValueError):
    """A progress file that cannot be used as a whole."""


def _is_seconds(value: object) -> bool:
    return (
        isinstance(value, int | float)
        and not isinstance(value, bool)
        and math.isfinite(value)
        and value >= 0
    )


def _field_is_valid(field: str, value: object) -> bool:
    if field == "solved":
        return isinstance(value, bool)
    if field == "best_time":
        return value is None or _is_seconds(value)
    if field == "session":
        return value is None or isinstance(value, dict)
    return isinstance(value, str)


def _clean_record(key: object, value: object, problems: list[str]) -> dict[str, Any] | None:
    """The usable parts of one puzzle entry; what is dropped is noted in ``problems``."""
    if not isinstance(key, str) or not key or not isinstance(value, dict):
        problems.append(f"puzzle entry {key!r}")
        return None
    record: dict[str, Any] = {
        "solved": False,
        "best_time": None,
        "session": None,
        "title": "",
        "path": "",
    }
    for field in record:
        if field not in value:
            continue
        if _field_is_valid(field, value[field]):
            record[field] = value[field]
        else:
            problems.append(f"{field} of puzzle {key}")
    if record["best_time"] is not None:
        record["best_time"] = float(record["best_time"])
        record["solved"] = True  # a best time is only ever earned by solving
    return record


def parse_document(text: str) -> tuple[dict[str, Any], list[str]]:
    """A clean progress document from ``text``, and the parts that had to be dropped.

    Raises :class:`DamagedFile` when the text is not a progress document at all.
    """
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise DamagedFile(f"it is not valid JSON ({error})") from None
    if not isinstance(data, dict):
        raise DamagedFile("it is not a JSON object")
    version = data.get("version")
    if version != PROGRESS_VERSION:
        raise DamagedFile(f"its version {version!r} is not {PROGRESS_VERSION}")
    problems: list[str] = []
    settings = data.get("settings", {})
    if not isinstance(settings, dict):
        problems.append("settings")
        settings = {}
    raw_puzzles = data.get("puzzles", {})
    if not isinstance(raw_puzzles, dict):
        raise DamagedFile("its puzzle list is not an object")
    puzzles: dict[str, dict[str, Any]] = {}
    for key, value in raw_puzzles.items():
        record = _clean_record(key, value, problems)
        if record is not None:
            puzzles[key] = record
    last_played = data.get("last_played")
    if last_played is not None and not (
        isinstance(last_played, dict)
        and isinstance(last_played.get("key"), str)
        and isinstance(last_played.get("path", ""), str)
    ):
        problems.append("last played puzzle")
        last_played = None
    document = {
        "version": PROGRESS_VERSION,
        "settings": settings,
        "puzzles": puzzles,
        "last_played": last_played,
    }
    return document, problems


def _fresh_document() -> dict[str, Any]:
    return {"version": PROGRESS_VERSION, "settings": {}, "puzzles": {}, "last_played": None}


def _fsync_directory(directory: Path) -> None:
    # Makes the rename itself durable; not possible on every platform (e.g. Windows).
    try:
        descriptor = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


def write_atomically(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` so that a crash leaves either the old or the new file."""
    descriptor, temporary = tempfile.mkstemp(
        prefix=f".{path.name}.", suffix=".tmp", dir=path.parent
    )
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _fsync_directory(path.parent)


class ProgressStore:
    """The player's saved progress. Every change is written to disk at once."""

    def __init__(self, directory: Path | None = None) -> None:
        self.directory = Path(directory) if directory is not None else default_directory()
        self.messages: list[StoreMessage] = []
        self.path = self.directory / FILE_NAME
        self.backup_path = self.directory / (FILE_NAME + BACKUP_SUFFIX)
        # The text of progress.json as last read or written, when it was good: it becomes
        # the backup on the next save.
        self._good_text_on_disk: str | None = None
        self._document = self._load()

    # --- loading -----------------------------------------------------------------------

    def _read(self, path: Path) -> tuple[str, dict[str, Any], list[str]]:
        try:
            if path.stat().st_size > MAX_FILE_BYTES:
                raise DamagedFile("it is far too big to be a progress file")
            raw = path.read_bytes()
        except OSError as error:
            raise DamagedFile(f"it cannot be read ({error.strerror or error})") from None
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise DamagedFile("it is not UTF-8 text") from None
        document, problems = parse_document(text)
        return text, document, problems

    def _set_aside(self, path: Path, *, keep_original: bool = False) -> Path | None:
        """Move (or copy) a damaged file to a fresh ``.corrupt-<time>`` name."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = path.with_name(f"{path.name}{CORRUPT_SUFFIX}{stamp}")
        counter = 1
        while target.exists():
            target = path.with_name(f"{path.name}{CORRUPT_SUFFIX}{stamp}-{counter}")
            counter += 1
        try:
            if keep_original:
                shutil.copyfile(path, target)
            else:
                os.replace(path, target)
        except OSError:
            return None
        return target

    def _load(self) -> dict[str, Any]:
        main_error: str | None = None
        if self.path.exists():
            try:
                text, document, problems = self._read(self.path)
            except DamagedFile as error:
                main_error = str(error)
            else:
                self._good_text_on_disk = text
                if problems:
                    kept = self._set_aside(self.path, keep_original=True)
                    self._error(
                        "Part of your progress file was damaged and was skipped ("
                        + ", ".join(problems[:5])
                        + ("…" if len(problems) > 5 else "")
                        + ")"
                        + (f"; the original is kept as {kept.name}." if kept else ".")
                    )
                    self._good_text_on_disk = None  # do not make a damaged file the backup
                return document
            kept = self._set_aside(self.path)
            where = f"it was set aside as {kept.name}" if kept else "it was left in place"
            self._error(f"Your progress file was damaged ({main_error}); {where}.")
        if self.backup_path.exists():
            try:
                _, document, problems = self._read(self.backup_path)
            except DamagedFile as error:
                kept = self._set_aside(self.backup_path, keep_original=True)
                self._error(
                    f"The backup progress file is damaged too ({error})"
                    + (f"; it is kept as {kept.name}." if kept else ".")
                    + " Starting with fresh progress."
                )
                return _fresh_document()
            if main_error is None:
                self._info("The progress file was missing; the backup was used.")
            else:
                self._info("Your progress was restored from the backup.")
            if problems:
                self._error(
                    "Part of the backup was damaged and was skipped ("
                    + ", ".join(problems[:5])
                    + ")."
                )
            return document
        if main_error is not None:
            self._error("There is no backup: starting with fresh progress.")
        return _fresh_document()

    def _info(self, text: str) -> None:
        self.messages.append(StoreMessage(text, "info"))

    def _error(self, text: str) -> None:
        self.messages.append(StoreMessage(text, "error"))

    # --- saving ------------------------------------------------------------------------

    def save(self) -> bool:
        """Write the document atomically, keeping the previous one as the backup.

        Returns False (and adds a message) when the disk refuses; nothing in memory is lost.
        """
        text = json.dumps(self._document, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
        if text == self._good_text_on_disk:
            return True
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            if self._good_text_on_disk is not None:
                write_atomically(self.backup_path, self._good_text_on_disk)
            write_atomically(self.path, text)
        except OSError as error:
            self._error(f"Could not save your progress ({error.strerror or error}).")
            return False
        self._good_text_on_disk = text
        return True

    # --- settings ----------------------------------------------------------------------

    @property
    def settings(self) -> dict[str, Any]:
        settings: dict[str, Any] = self._document["settings"]
        return settings

    def get_setting(self, key: str, default: Any = None) -> Any:
        return self.settings.get(key, default)

    def set_setting(self, key: str, value: Any) -> None:
        try:
            json.dumps(value)
        except (TypeError, ValueError):
            raise ValueError(f"setting {key!r}: {value!r} cannot be saved") from None
        if self.settings.get(key, object()) == value:
            return
        self.settings[key] = value
        self.save()

    # --- puzzles -----------------------------------------------------------------------

    def _entry(self, puzzle_key: str) -> dict[str, Any]:
        if not isinstance(puzzle_key, str) or not puzzle_key:
            raise ValueError(f"{puzzle_key!r} is not a puzzle key")
        puzzles: dict[str, dict[str, Any]] = self._document["puzzles"]
        entry = puzzles.get(puzzle_key)
        if entry is None:
            entry = {"solved": False, "best_time": None, "session": None, "title": "", "path": ""}
            puzzles[puzzle_key] = entry
        return entry

    def _describe(self, entry: dict[str, Any], title: str | None, path: str | None) -> None:
        if title is not None:
            entry["title"] = str(title)
        if path is not None:
            entry["path"] = str(path)

    def record(self, puzzle_key: str) -> PuzzleRecord:
        entry = self._document["puzzles"].get(puzzle_key)
        if entry is None:
            return PuzzleRecord()
        return PuzzleRecord(
            solved=entry["solved"],
            best_time=entry["best_time"],
            session=entry["session"],
            title=entry["title"],
            path=entry["path"],
        )

    def puzzle_keys(self) -> list[str]:
        return list(self._document["puzzles"])

    def mark_solved(
        self,
        puzzle_key: str,
        seconds: float,
        *,
        title: str | None = None,
        path: str | None = None,
    ) -> bool:
        """Record a win; True when ``seconds`` is a new best time. A best time only improves."""
        if not _is_seconds(seconds):
            raise ValueError(f"{seconds!r} is not a time in seconds")
        entry = self._entry(puzzle_key)
        self._describe(entry, title, path)
        entry["solved"] = True
        best = entry["best_time"]
        is_new_best = best is None or seconds < best
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
        path: str | None = None,
    ) -> None:
        """Keep a game in progress (``Session.to_json()``)."""
        if not isinstance(session_json, dict):
            raise ValueError("a saved game must be a JSON object")
        try:
            copy = json.loads(json.dumps(session_json))
        except (TypeError, ValueError):
            raise ValueError("the saved game cannot be written as JSON") from None
        entry = self._entry(puzzle_key)
        self._describe(entry, title, path)
        entry["session"] = copy
        self.save()

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
        return None if last is None else str(last.get("path", ""))

    def set_last_played(self, key: str, path: str) -> None:
        if not isinstance(key, str) or not key:
            raise ValueError(f"{key!r} is not a puzzle key")
        self._document["last_played"] = {"key": key, "path": str(path)}
        self._entry(key)["path"] = str(path)
        self.save()

    # --- player's own puzzles ----------------------------------------------------------

    def user_puzzles_dir(self) -> Path:
        """The "My puzzles" folder, created on first use."""
        folder = self.directory / "puzzles"
        folder.mkdir(parents=True, exist_ok=True)
        return folder
