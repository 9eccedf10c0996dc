"""Saved progress: settings, solved puzzles, best times and games in progress.

Everything lives in one JSON document, ``progress.json``, in the user data folder
(``$HANJIE_HOME`` when set, else platformdirs' ``user_data_dir("hanjie")``); its shape and
its checks are in :mod:`game.core.store.progress_document`.

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
import shutil
import stat
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import filelock
import platformdirs

from game.core.seconds import is_seconds
from game.core.store.bundled_paths import local, portable
from game.core.store.bundled_paths import migrate as migrate_paths
from game.core.store.fileio import (
    PathLike,
    check_writable,
    free_path,
    path_text,
    readable,
    remove_stale_temporaries,
    write_text_atomically,
)
from game.core.store.progress_document import (
    MAX_TEXT,
    PROGRESS_VERSION,
    DamagedFile,
    NewerFile,
    Parsed,
    blank_record,
    dump_document,
    field_is_valid,
    fill_gaps,
    fresh_document,
    is_day,
    is_json_value,
    merge,
    parse_document,
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

FILE_NAME = "progress.json"
BACKUP_SUFFIX = ".bak"
CORRUPT_SUFFIX = ".corrupt-"
LOCK_NAME = ".progress.json.lock"
# A progress document is small; anything far bigger is not ours and is not read whole.
MAX_FILE_BYTES = 64 * 1024 * 1024
# Another window holds the lock for one save (milliseconds); never wait longer than this.
LOCK_WAIT_SECONDS = 1.0


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
    # The file name exactly as given (it opens the file); ``shown_path`` is for people.
    path: str = ""

    @property
    def shown_path(self) -> str:
        return readable(self.path)


class Unreadable(Exception):
    """A file that is there but that we may not read: left alone, never set aside."""


# The identity of the file on disk as we last read or wrote it: another process replacing it
# changes the inode (os.replace), so a changed stamp means "re-read and merge before saving".
Stamp = tuple[int, int, int, int]


def _stamp(status: os.stat_result) -> Stamp:
    return (status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns)


def _aside(kept: Path) -> str:
    """Where a damaged file was set aside, for the player: its name and its folder (the
    message named the file alone, and nothing says where the progress folder is)."""
    return f"{kept.name} in {readable(str(kept.parent))}"


def _reason(error: OSError) -> str:
    return error.strerror or str(error)


class ProgressStore:
    """The player's saved progress. Every change is written to disk at once."""

    def __init__(self, directory: PathLike | None = None, *, levels: Path | None = None) -> None:
        self.directory = (
            Path(path_text(directory)) if directory is not None else default_directory()
        )
        # The bundled levels' folder: their files are kept by pack and name (bundled_paths).
        self.levels = levels if levels is not None else levels_dir()
        self.messages: list[StoreMessage] = []
        self.path = self.directory / FILE_NAME
        self.backup_path = self.directory / (FILE_NAME + BACKUP_SUFFIX)
        # Why nothing is written this session (told once, at start), or None.
        self.saving_disabled: str | None = None
        self._save_failed = False  # the last save met a disk error (unsaved_progress)
        self._backup_failed = False  # said once: the backup could not be written
        # The text of progress.json as last read or written, when it was good: it becomes
        # the backup on the next save.
        self._good_text_on_disk: str | None = None
        # progress.json as we last read or wrote it, and the document it held: the common
        # ancestor when another window's save has to be merged with ours.
        self._disk_stamp: Stamp | None = None
        self._base: dict[str, Any] = fresh_document()
        self._document = self._load() if self._prepare_directory() else fresh_document()
        migrate_paths(self._document, self.levels)  # written with the next save

    # --- the folder ----------------------------------------------------------------------

    def _prepare_directory(self) -> bool:
        """Make the folder and check it can be written; False when it is not even there."""
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            check_writable(self.directory)
        except OSError as error:
            # mkdir says "File exists" when a file stands where the folder should be.
            reason = (
                "it is a file, not a folder"
                if isinstance(error, FileExistsError) and not self.directory.is_dir()
                else _reason(error)
            )
            self._disable(
                f"Progress cannot be saved in {readable(str(self.directory))} "
                f"({reason}): this session's progress is kept only until you quit."
            )
            return self._can_list()
        # Saves killed half-way leave temporary files; old enough ones are nobody's.
        remove_stale_temporaries(self.path)
        remove_stale_temporaries(self.backup_path)
        return True

    def _can_list(self) -> bool:
        """Whether the folder's files can be reached at all (it exists and may be entered)."""
        try:
            with os.scandir(self.directory):
                return True
        except OSError:
            return False

    def _disable(self, text: str) -> None:
        if self.saving_disabled is None:
            self.saving_disabled = text
            self._error(text)

    @contextlib.contextmanager
    def _lock(self) -> Iterator[bool]:
        """Hold the folder's save lock, so two windows' read-merge-write cannot interleave;
        yields whether it is held.

        filelock locks on every platform (fcntl on POSIX, msvcrt on Windows, where the lock
        was fcntl's alone: two windows there lost 2-12 of 400 wins). Best effort: when the
        lock cannot be had in time, or the folder refuses the lock file, the save goes ahead
        anyway (the merge still keeps almost every race harmless)."""
        lock = filelock.FileLock(self.directory / LOCK_NAME, thread_local=False)
        try:
            lock.acquire(timeout=LOCK_WAIT_SECONDS, poll_interval=0.005)
        except (filelock.Timeout, OSError):
            yield False
            return
        try:
            yield True
        finally:
            with contextlib.suppress(OSError):
                lock.release()

    # --- loading -----------------------------------------------------------------------

    def _read(self, path: Path) -> tuple[str, Parsed, Stamp]:
        try:
            # Non-blocking, and checked before reading: opening a FIFO to read waits for a
            # writer forever, and a device may never end.
            descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
            with open(descriptor, "rb") as stream:
                status = os.fstat(stream.fileno())
                if stat.S_ISDIR(status.st_mode):
                    raise DamagedFile("it is a folder, not a file")
                if not stat.S_ISREG(status.st_mode):
                    raise DamagedFile("it is not a regular file (a pipe or a device?)")
                if status.st_size > MAX_FILE_BYTES:
                    raise DamagedFile("it is far too big to be a progress file")
                raw = stream.read(MAX_FILE_BYTES + 1)
        except PermissionError as error:
            raise Unreadable(_reason(error)) from None
        except OSError as error:
            raise DamagedFile(f"it cannot be read ({_reason(error)})") from None
        if len(raw) > MAX_FILE_BYTES:
            raise DamagedFile("it is far too big to be a progress file")
        try:
            # A byte-order mark is what a hand edit in Notepad adds: still the player's file.
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise DamagedFile("it is not UTF-8 text") from None
        return text, parse_document(text), _stamp(status)

    def _set_aside(self, path: Path, *, keep_original: bool = False) -> Path | None:
        """Move (or copy) a damaged file to a fresh ``.corrupt-<time>`` name."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = free_path(path.parent, f"{path.name}{CORRUPT_SUFFIX}{stamp}", "")
        try:
            if keep_original:
                shutil.copyfile(path, target)
            else:
                os.replace(path, target)
        except OSError:
            return None
        return target

    @staticmethod
    def _exists(path: Path) -> bool:
        try:
            os.stat(path)
        except (FileNotFoundError, NotADirectoryError):
            return False
        except OSError:
            return True  # there, but not even its size can be seen: reading will say why
        return True

    def _broken_link(self) -> str | None:
        """Why saves through ``progress.json`` must fail when it is a symbolic link to a
        place that cannot be written (its folder is missing), or None."""
        if not os.path.islink(self.path) or self._exists(self.path):
            return None
        target = Path(os.path.realpath(self.path))
        if target.parent.is_dir():
            return None  # a link to a file not yet made: the first save makes it
        return (
            f"Your progress file {readable(str(self.path))} is a link to "
            f"{readable(str(target))}, whose folder does not exist: nothing will be saved "
            "until the link is mended or removed."
        )

    def _load(self) -> dict[str, Any]:
        main_error: str | None = None
        partial: Parsed | None = None
        broken = self._broken_link()
        if broken is not None:
            self._disable(broken)
            return fresh_document()
        if self._exists(self.path):
            try:
                text, parsed, stamp = self._read(self.path)
            except Unreadable as error:
                self._disable(
                    f"Your progress file {readable(str(self.path))} cannot be read ({error}); "
                    "it was left as it is, and nothing will be saved until it can be read."
                )
                main_error = "unreadable"
            except NewerFile as error:
                # Setting it aside would lose it for the newer game; writing over it would
                # downgrade it. So it stays as it is, and this session saves nothing.
                self._disable(
                    f"Your progress file was {error}; it was left as it is, and this game "
                    "will save nothing until you quit."
                )
                main_error = "unreadable"
            except DamagedFile as error:
                main_error = str(error)
            else:
                self._disk_stamp = stamp
                if not parsed.problems:
                    self._good_text_on_disk = text
                    self._base = copy.deepcopy(parsed.document)
                    return parsed.document
                partial = parsed
            if partial is None and main_error != "unreadable":
                kept = self._set_aside(self.path)
                where = f"it was set aside as {_aside(kept)}" if kept else "it was left in place"
                self._error(f"Your progress file was damaged ({main_error}); {where}.")
        backup = self._load_backup(main_error, partial)
        if partial is not None:
            return self._repair(partial, backup)
        if backup is not None:
            return backup
        if (
            main_error is not None
            and main_error != "unreadable"
            and not self._exists(self.backup_path)
        ):
            self._error("There is no backup: starting with fresh progress.")
        return fresh_document()

    def _repair(self, parsed: Parsed, backup: dict[str, Any] | None) -> dict[str, Any]:
        """A main file with some bad values: keep the rest, take those from the backup."""
        kept = self._set_aside(self.path, keep_original=True)
        found = fill_gaps(parsed.document, parsed.gaps, backup) if backup is not None else 0
        problems = parsed.problems
        # Two problems named at most, and the folder last: a toast shows four lines.
        shown = ", ".join(problems[:2]) + (
            f" and {len(problems) - 2} more" if len(problems) > 2 else ""
        )
        self._error(
            f"Part of your progress file was damaged and was skipped ({shown})"
            + (f"; {found} of them came back from the backup" if found else "")
            + (f"; the original is kept as {_aside(kept)}." if kept else ".")
        )
        # The base is the damaged file's clean part, so the next save rewrites the repairs
        # (and the damaged text never becomes the backup).
        self._base = copy.deepcopy(parsed.document)
        for gap in parsed.gaps:
            if gap[0] == "puzzle" and gap[1] in self._base["puzzles"]:
                self._base["puzzles"][gap[1]] = blank_record()
        return parsed.document

    def _load_backup(self, main_error: str | None, partial: Parsed | None) -> dict[str, Any] | None:
        if not self._exists(self.backup_path):
            return None
        try:
            _, parsed, _ = self._read(self.backup_path)
        except Unreadable as error:
            self._error(f"The backup progress file cannot be read ({error}); it was left as it is.")
            return None
        except DamagedFile as error:
            kept = self._set_aside(self.backup_path, keep_original=True)
            self._error(
                f"The backup progress file is damaged too ({error})"
                + (f"; it is kept as {_aside(kept)}." if kept else ".")
                + ("" if partial is not None else " Starting with fresh progress.")
            )
            return None
        if partial is None and main_error != "unreadable":  # that message said enough
            if main_error is None:
                self._info("The progress file was missing; the backup was used.")
            else:
                self._info("Your progress was restored from the backup.")
        if parsed.problems:
            self._error(
                "Part of the backup was damaged and was skipped ("
                + ", ".join(parsed.problems[:5])
                + ")."
            )
        return parsed.document

    def _info(self, text: str) -> None:
        self.messages.append(StoreMessage(text, "info"))

    def _error(self, text: str) -> None:
        self.messages.append(StoreMessage(text, "error"))

    # --- saving ------------------------------------------------------------------------

    def save(self) -> bool:
        """Write the document atomically, keeping the previous one as the backup, after
        merging whatever another window saved meanwhile.

        Returns False (and adds a message) when the disk refuses; nothing in memory is lost
        and the next save tries again. When saving is off for this session
        (:attr:`saving_disabled`, told once at start) it returns True without writing.
        """
        if self.saving_disabled is not None:
            return True
        try:
            with self._lock():
                saved = self._save_locked()
        except OSError as error:
            # A link that broke since the start names what is missing (the bare "No such
            # file or directory" did not say which).
            self._error(self._broken_link() or f"Could not save your progress ({_reason(error)}).")
            self._save_failed = True
            return False
        self._save_failed = False
        return saved

    def _save_locked(self) -> bool:
        try:
            current: Stamp | None = _stamp(os.stat(self.path))
        except FileNotFoundError:
            current = None
        if current != self._disk_stamp:
            self._merge_from_disk(current)
        text = dump_document(self._document)
        if text == self._good_text_on_disk:
            return True
        if self._good_text_on_disk is not None:
            try:
                write_text_atomically(self.backup_path, self._good_text_on_disk)
            except (IsADirectoryError, PermissionError) as error:
                # The progress matters more than its backup: a folder (or a file we may not
                # replace) named progress.json.bak stopped every save (QA). A full disk is
                # the save's failure, said once by save().
                if not self._backup_failed:
                    self._backup_failed = True
                    self._error(
                        f"The progress backup {readable(str(self.backup_path))} could not be "
                        f"written ({_reason(error)}); your progress is saved without it."
                    )
        written = write_text_atomically(self.path, text)
        self._disk_stamp = _stamp(written)
        self._good_text_on_disk = text
        self._base = copy.deepcopy(self._document)
        return True

    @property
    def unsaved_progress(self) -> str | None:
        """Why progress recorded this session is not on disk, or None when all of it is:
        saving is off (said once, in a toast a dialog could hide) or the last save failed.
        Quitting then loses it, and the game asks first (QA)."""
        if self.saving_disabled is not None:
            return self.saving_disabled if self._document != self._base else None
        return "Your latest progress could not be saved." if self._save_failed else None

    def _merge_from_disk(self, current: Stamp | None) -> None:
        """Someone else wrote (or removed) progress.json since we last saw it: take in their
        changes so that writing ours does not undo them."""
        self._disk_stamp = current
        if current is None:
            return
        try:
            text, parsed, stamp = self._read(self.path)
        except Unreadable as error:
            raise PermissionError(13, f"the progress file cannot be read ({error})") from None
        except DamagedFile as error:
            kept = self._set_aside(self.path)
            if kept is not None:
                self._error(
                    f"Your progress file was damaged on disk ({error}); it was set aside as "
                    f"{_aside(kept)} and your progress written again."
                )
            self._disk_stamp = None
            return
        self._disk_stamp = stamp
        self._document = merge(self._base, self._document, parsed.document)
        migrate_paths(self._document, self.levels)  # an older game's window wrote it
        if not parsed.problems:
            self._good_text_on_disk = text
        self._base = copy.deepcopy(parsed.document)

    # --- settings ----------------------------------------------------------------------

    @property
    def settings(self) -> dict[str, Any]:
        settings: dict[str, Any] = self._document["settings"]
        return settings

    def get_setting(self, key: str, default: Any = None) -> Any:
        return self.settings.get(key, default)

    def set_setting(self, key: str, value: Any) -> None:
        if not isinstance(key, str) or not is_json_value(value):
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
    ) -> bool:
        """Record a win; True when ``seconds`` is a new best time. A best time only improves."""
        if not is_seconds(seconds):
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
            _, parsed, _ = self._read(self.backup_path)
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
