"""The progress file on disk: its folder, its lock, reading it (a damaged file set aside,
the backup used, a file with some bad values repaired from the backup), and writing it
atomically with the previous good text kept as the backup, after merging what another
window wrote meanwhile.

:class:`ProgressFile` knows the document only through ``progress_document`` (parse, dump,
merge, fill gaps); what the document holds and how the game reads it is
:class:`~game.core.store.progress.ProgressStore`'s. Messages for the player go to the list
it is given, with their severity.
"""

from __future__ import annotations

import contextlib
import copy
import os
import shutil
import stat
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import filelock

from game.core.store.fileio import (
    check_writable,
    free_path,
    readable,
    remove_stale_temporaries,
    write_text_atomically,
)
from game.core.store.progress_document import (
    DamagedFile,
    NewerFile,
    Parsed,
    blank_record,
    dump_document,
    fill_gaps,
    fresh_document,
    merge,
    parse_document,
)

FILE_NAME = "progress.json"
BACKUP_SUFFIX = ".bak"
CORRUPT_SUFFIX = ".corrupt-"
LOCK_NAME = ".progress.json.lock"
MAX_FILE_BYTES = 64 * 1024 * 1024
LOCK_WAIT_SECONDS = 1.0

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


class ProgressFile:
    """``progress.json`` (and its backup) in ``directory``. ``migrate`` brings a document
    read from disk up to date (it may have been written by an older game's window)."""

    def __init__(
        self,
        directory: Path,
        messages: list[StoreMessage],
        migrate: Callable[[dict[str, Any]], None],
        *,
        name: str = FILE_NAME,
        what: str = "progress",
    ) -> None:
        self.directory = directory
        self.messages = messages
        self.migrate = migrate
        # The same document, guarantees and messages keep the settings (settings.json in the
        # config folder, ProgressStore): ``what`` names the file for the player.
        self.what = what
        self._were = "were" if what == "settings" else "was"  # "your settings were"
        self.path = directory / name
        self.backup_path = directory / (name + BACKUP_SUFFIX)
        self.lock_path = directory / (LOCK_NAME if name == FILE_NAME else f".{name}.lock")
        # Why nothing is written this session (told once, at start), or None.
        self.saving_disabled: str | None = None
        self._save_failed = False  # the last save met a disk error (unsaved)
        self._backup_failed = False  # said once: the backup could not be written
        # The text of progress.json as last read or written, when it was good: it becomes
        # the backup on the next save.
        self._good_text_on_disk: str | None = None
        # progress.json as we last read or wrote it, and the document it held: the common
        # ancestor when another window's save has to be merged with ours.
        self._disk_stamp: Stamp | None = None
        self.base: dict[str, Any] = fresh_document()

    def load(self) -> dict[str, Any]:
        """The document on disk (or the backup's, or a fresh one), the folder made first."""
        return self._load() if self._prepare_directory() else fresh_document()

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
                f"{self.what.capitalize()} cannot be saved in {readable(str(self.directory))} "
                f"({reason}): this session's {self.what} {'are' if self._were == 'were' else 'is'} "
                "kept only until you quit."
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
    def lock(self) -> Iterator[bool]:
        """Hold the folder's save lock, so two windows' read-merge-write cannot interleave;
        yields whether it is held.

        filelock locks on every platform (fcntl on POSIX, msvcrt on Windows, where the lock
        was fcntl's alone: two windows there lost 2-12 of 400 wins). Best effort: when the
        lock cannot be had in time, or the folder refuses the lock file, the save goes ahead
        anyway (the merge still keeps almost every race harmless)."""
        lock = filelock.FileLock(self.lock_path, thread_local=False)
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

    def read(self, path: Path) -> tuple[str, Parsed, Stamp]:
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
            f"Your {self.what} file {readable(str(self.path))} is a link to "
            f"{readable(str(target))}, whose folder does not exist: nothing will be saved "
            "until the link is mended or removed."
        )

    def _load(self) -> dict[str, Any]:
        main_error: str | None = None
        partial: Parsed | None = None
        broken = self._broken_link()
        if broken is not None:
            self._disable(broken)
            # Nothing can be saved, but the backup beside the link still shows the progress
            # (the game started empty while the backup held it: issue 49).
            backup = self._load_backup("unreadable", None)
            if backup is None:
                return fresh_document()
            self._info(f"Your {self.what} {self._were} read from the backup.")
            self.base = copy.deepcopy(backup)
            return backup
        if self._exists(self.path):
            try:
                text, parsed, stamp = self.read(self.path)
            except Unreadable as error:
                self._disable(
                    f"Your {self.what} file {readable(str(self.path))} cannot be read ({error}); "
                    "it was left as it is, and nothing will be saved until it can be read."
                )
                main_error = "unreadable"
            except NewerFile as error:
                # Setting it aside would lose it for the newer game; writing over it would
                # downgrade it. So it stays as it is, and this session saves nothing.
                self._disable(
                    f"Your {self.what} file was {error}; it was left as it is, and this game "
                    "will save nothing until you quit."
                )
                main_error = "unreadable"
            except DamagedFile as error:
                main_error = str(error)
            else:
                self._disk_stamp = stamp
                if not parsed.problems:
                    self._good_text_on_disk = text
                    self.base = copy.deepcopy(parsed.document)
                    return parsed.document
                partial = parsed
            if partial is None and main_error != "unreadable":
                kept = self._set_aside(self.path)
                where = f"it was set aside as {_aside(kept)}" if kept else "it was left in place"
                self._error(f"Your {self.what} file was damaged ({main_error}); {where}.")
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
            self._error(f"There is no backup: starting with fresh {self.what}.")
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
            f"Part of your {self.what} file was damaged and was skipped ({shown})"
            + (f"; {found} of them came back from the backup" if found else "")
            + (f"; the original is kept as {_aside(kept)}." if kept else ".")
        )
        # The base is the damaged file's clean part, so the next save rewrites the repairs
        # (and the damaged text never becomes the backup).
        self.base = copy.deepcopy(parsed.document)
        for gap in parsed.gaps:
            if gap[0] == "puzzle" and gap[1] in self.base["puzzles"]:
                self.base["puzzles"][gap[1]] = blank_record()
        return parsed.document

    def _load_backup(self, main_error: str | None, partial: Parsed | None) -> dict[str, Any] | None:
        if not self._exists(self.backup_path):
            return None
        try:
            _, parsed, _ = self.read(self.backup_path)
        except Unreadable as error:
            self._error(
                f"The backup {self.what} file cannot be read ({error}); it was left as it is."
            )
            return None
        except DamagedFile as error:
            kept = self._set_aside(self.backup_path, keep_original=True)
            self._error(
                f"The backup {self.what} file is damaged too ({error})"
                + (f"; it is kept as {_aside(kept)}." if kept else ".")
                + ("" if partial is not None else f" Starting with fresh {self.what}.")
            )
            return None
        if partial is None and main_error != "unreadable":  # that message said enough
            if main_error is None:
                self._info(f"The {self.what} file was missing; the backup was used.")
            else:
                self._info(f"Your {self.what} {self._were} restored from the backup.")
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

    def save(self, document: dict[str, Any]) -> tuple[bool, dict[str, Any]]:
        """Write ``document`` atomically, keeping the previous one as the backup, after
        merging whatever another window saved meanwhile.

        Returns whether it was written, and the document as merged (the store keeps that
        one). False (and a message) when the disk refuses; nothing in memory is lost and
        the next save tries again. When saving is off for this session
        (:attr:`saving_disabled`, told once at start) it is True without writing.
        """
        if self.saving_disabled is not None:
            return True, document
        self._document = document
        try:
            with self.lock():
                saved = self._save_locked()
        except OSError as error:
            # A link that broke since the start names what is missing (the bare "No such
            # file or directory" did not say which).
            self._error(
                self._broken_link() or f"Could not save your {self.what} ({_reason(error)})."
            )
            self._save_failed = True
            return False, self._document
        self._save_failed = False
        return saved, self._document

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
                        f"The {self.what} backup {readable(str(self.backup_path))} could not be "
                        f"written ({_reason(error)}); your {self.what} "
                        f"{'are' if self._were == 'were' else 'is'} saved without it."
                    )
        written = write_text_atomically(self.path, text)
        self._disk_stamp = _stamp(written)
        self._good_text_on_disk = text
        self.base = copy.deepcopy(self._document)
        return True

    def unsaved(self, document: dict[str, Any]) -> str | None:
        """Why ``document`` is not on disk, or None when all of it is: saving is off (said
        once, in a toast a dialog could hide) or the last save failed."""
        if self.saving_disabled is not None:
            return self.saving_disabled if document != self.base else None
        return f"Your latest {self.what} could not be saved." if self._save_failed else None

    def _merge_from_disk(self, current: Stamp | None) -> None:
        """Someone else wrote (or removed) progress.json since we last saw it: take in their
        changes so that writing ours does not undo them."""
        self._disk_stamp = current
        if current is None:
            return
        try:
            text, parsed, stamp = self.read(self.path)
        except Unreadable as error:
            raise PermissionError(13, f"the {self.what} file cannot be read ({error})") from None
        except DamagedFile as error:
            kept = self._set_aside(self.path)
            if kept is not None:
                self._error(
                    f"Your {self.what} file was damaged on disk ({error}); it was set aside as "
                    f"{_aside(kept)} and your {self.what} {self._were} written again."
                )
            self._disk_stamp = None
            return
        self._disk_stamp = stamp
        self._document = merge(self.base, self._document, parsed.document)
        self.migrate(self._document)  # an older game's window may have written it
        if not parsed.problems:
            self._good_text_on_disk = text
        self.base = copy.deepcopy(parsed.document)
