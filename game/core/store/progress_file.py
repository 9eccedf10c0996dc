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

from game.core.i18n import N_, Said
from game.core.store.fileio import (
    SystemSaid,
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
    right by itself (the backup was used): the game shows the first in its error colour.
    ``words`` is a :class:`Said` (or plain text): the files are read before the player's
    language is known, and :attr:`text` says it in the language spoken when shown."""

    words: Said | str
    level: MessageLevel

    @property
    def text(self) -> str:
        return str(self.words)

    @property
    def is_error(self) -> bool:
        return self.level == "error"

    def __str__(self) -> str:
        return self.text


class Unreadable(Exception):
    """A file that is there but that we may not read: left alone, never set aside."""

    def __init__(self, reason: Said) -> None:
        super().__init__(reason)
        self.reason = reason


def _listed(items: list[Said]) -> Said | str:
    """Items joined with commas, each said when read."""
    if not items:
        return ""
    listed: Said = items[0]
    for item in items[1:]:
        listed = Said(N_("{items}, {item}"), items=listed, item=item)
    return listed


# The identity of the file on disk as we last read or wrote it: another process replacing it
# changes the inode (os.replace), so a changed stamp means "re-read and merge before saving".
Stamp = tuple[int, int, int, int]


def _stamp(status: os.stat_result) -> Stamp:
    return (status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns)


def _aside(kept: Path) -> Said:
    """Where a damaged file was set aside, for the player: its name and its folder (the
    message named the file alone, and nothing says where the progress folder is)."""
    return Said(N_("{name} in {folder}"), name=kept.name, folder=readable(str(kept.parent)))


def _reason(error: OSError) -> Said:
    return SystemSaid(error)


def _joined(*parts: Said | str) -> Said:
    """Sentences joined with semicolons and ended with a full stop, each said when read (the
    joints are the catalogue's too: Japanese joins with 。)."""
    sentence: Said | str = parts[0]
    for more in parts[1:]:
        sentence = Said(N_("{sentence}; {more}"), sentence=sentence, more=more)
    return Said(N_("{sentence}."), sentence=sentence)


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
        self.path = directory / name
        self.backup_path = directory / (name + BACKUP_SUFFIX)
        self.lock_path = directory / (LOCK_NAME if name == FILE_NAME else f".{name}.lock")
        # Why nothing is written this session (told once, at start), or None.
        self._disabled: Said | None = None
        self._save_failed = False  # the last save met a disk error (unsaved)
        self._backup_failed = False  # said once: the backup could not be written
        # The text of progress.json as last read or written, when it was good: it becomes
        # the backup on the next save.
        self._good_text_on_disk: str | None = None
        # progress.json as we last read or wrote it, and the document it held: the common
        # ancestor when another window's save has to be merged with ours.
        self._disk_stamp: Stamp | None = None
        self.base: dict[str, Any] = fresh_document()

    @property
    def saving_disabled(self) -> str | None:
        """Why nothing is written this session (told once, at start), or None."""
        return None if self._disabled is None else str(self._disabled)

    def _say(self, progress: str, settings: str, **fields: object) -> Said:
        """The sentence for this file: each is written twice, for the progress and for the
        settings, as languages give the two words different genders and numbers."""
        return Said(settings if self.what == "settings" else progress, **fields)

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
                Said(N_("it is a file, not a folder"))
                if isinstance(error, FileExistsError) and not self.directory.is_dir()
                else _reason(error)
            )
            self._disable(
                self._say(
                    N_(
                        "Progress cannot be saved in {folder} ({reason}): this session's "
                        "progress is kept only until you quit."
                    ),
                    N_(
                        "Settings cannot be saved in {folder} ({reason}): this session's "
                        "settings are kept only until you quit."
                    ),
                    folder=readable(str(self.directory)),
                    reason=reason,
                )
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

    def _disable(self, words: Said) -> None:
        if self._disabled is None:
            self._disabled = words
            self._error(words)

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
                    raise DamagedFile(Said(N_("it is a folder, not a file")))
                if not stat.S_ISREG(status.st_mode):
                    raise DamagedFile(Said(N_("it is not a regular file (a pipe or a device?)")))
                if status.st_size > MAX_FILE_BYTES:
                    raise DamagedFile(Said(N_("it is far too big to be a progress file")))
                raw = stream.read(MAX_FILE_BYTES + 1)
        except PermissionError as error:
            raise Unreadable(_reason(error)) from None
        except OSError as error:
            raise DamagedFile(
                Said(N_("it cannot be read ({reason})"), reason=_reason(error))
            ) from None
        if len(raw) > MAX_FILE_BYTES:
            raise DamagedFile(Said(N_("it is far too big to be a progress file")))
        try:
            # A byte-order mark is what a hand edit in Notepad adds: still the player's file.
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise DamagedFile(Said(N_("it is not UTF-8 text"))) from None
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

    def _broken_link(self) -> Said | None:
        """Why saves through ``progress.json`` must fail when it is a symbolic link to a
        place that cannot be written (its folder is missing), or None."""
        if not os.path.islink(self.path) or self._exists(self.path):
            return None
        target = Path(os.path.realpath(self.path))
        if target.parent.is_dir():
            return None  # a link to a file not yet made: the first save makes it
        return self._say(
            N_(
                "Your progress file {file} is a link to {target}, whose folder does not exist: "
                "nothing will be saved until the link is mended or removed."
            ),
            N_(
                "Your settings file {file} is a link to {target}, whose folder does not exist: "
                "nothing will be saved until the link is mended or removed."
            ),
            file=readable(str(self.path)),
            target=readable(str(target)),
        )

    def _load(self) -> dict[str, Any]:
        main_error: str | None = None  # "unreadable", "damaged" or None
        damage: DamagedFile | None = None
        partial: Parsed | None = None
        broken = self._broken_link()
        if broken is not None:
            self._disable(broken)
            # Nothing can be saved, but the backup beside the link still shows the progress
            # (the game started empty while the backup held it: issue 49).
            backup = self._load_backup("unreadable", None)
            if backup is None:
                return fresh_document()
            self._info(
                self._say(
                    N_("Your progress was read from the backup."),
                    N_("Your settings were read from the backup."),
                )
            )
            self.base = copy.deepcopy(backup)
            return backup
        if self._exists(self.path):
            try:
                text, parsed, stamp = self.read(self.path)
            except Unreadable as error:
                self._disable(
                    self._say(
                        N_(
                            "Your progress file {file} cannot be read ({reason}); it was left as "
                            "it is, and nothing will be saved until it can be read."
                        ),
                        N_(
                            "Your settings file {file} cannot be read ({reason}); it was left as "
                            "it is, and nothing will be saved until it can be read."
                        ),
                        file=readable(str(self.path)),
                        reason=error.reason,
                    )
                )
                main_error = "unreadable"
            except NewerFile as error:
                # Setting it aside would lose it for the newer game; writing over it would
                # downgrade it. So it stays as it is, and this session saves nothing.
                self._disable(
                    self._say(
                        N_(
                            "Your progress file was {reason}; it was left as it is, and this "
                            "game will save nothing until you quit."
                        ),
                        N_(
                            "Your settings file was {reason}; it was left as it is, and this "
                            "game will save nothing until you quit."
                        ),
                        reason=error,
                    )
                )
                main_error = "unreadable"
            except DamagedFile as error:
                main_error, damage = "damaged", error
            else:
                self._disk_stamp = stamp
                if not parsed.problems:
                    self._good_text_on_disk = text
                    self.base = copy.deepcopy(parsed.document)
                    return parsed.document
                partial = parsed
            if partial is None and main_error != "unreadable":
                kept = self._set_aside(self.path)
                where = (
                    Said(N_("it was set aside as {place}"), place=_aside(kept))
                    if kept
                    else Said(N_("it was left in place"))
                )
                damaged = self._say(
                    N_("Your progress file was damaged ({reason})"),
                    N_("Your settings file was damaged ({reason})"),
                    reason=damage,
                )
                self._error(_joined(damaged, where))
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
            self._error(
                self._say(
                    N_("There is no backup: starting with fresh progress."),
                    N_("There is no backup: starting with fresh settings."),
                )
            )
        return fresh_document()

    def _repair(self, parsed: Parsed, backup: dict[str, Any] | None) -> dict[str, Any]:
        """A main file with some bad values: keep the rest, take those from the backup."""
        kept = self._set_aside(self.path, keep_original=True)
        found = fill_gaps(parsed.document, parsed.gaps, backup) if backup is not None else 0
        problems = parsed.problems
        # Two problems named at most, and the folder last: a toast shows four lines.
        shown = _listed(problems[:2])
        if len(problems) > 2:
            shown = Said(N_("{problems} and {count} more"), problems=shown, count=len(problems) - 2)
        parts: list[Said] = [
            self._say(
                N_("Part of your progress file was damaged and was skipped ({problems})"),
                N_("Part of your settings file was damaged and was skipped ({problems})"),
                problems=shown,
            )
        ]
        if found:
            parts.append(Said(N_("{count} of them came back from the backup"), count=found))
        if kept:
            parts.append(Said(N_("the original is kept as {place}"), place=_aside(kept)))
        self._error(_joined(*parts))
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
                self._say(
                    N_("The backup progress file cannot be read ({reason}); it was left as it is."),
                    N_("The backup settings file cannot be read ({reason}); it was left as it is."),
                    reason=error.reason,
                )
            )
            return None
        except DamagedFile as error:
            kept = self._set_aside(self.backup_path, keep_original=True)
            parts: list[Said] = [
                self._say(
                    N_("The backup progress file is damaged too ({reason})"),
                    N_("The backup settings file is damaged too ({reason})"),
                    reason=error,
                )
            ]
            if kept:
                parts.append(Said(N_("it is kept as {place}"), place=_aside(kept)))
            words = _joined(*parts)
            if partial is None:
                fresh = self._say(
                    N_("Starting with fresh progress."), N_("Starting with fresh settings.")
                )
                words = Said("{damage} {fresh}", damage=words, fresh=fresh)
            self._error(words)
            return None
        if partial is None and main_error != "unreadable":  # that message said enough
            if main_error is None:
                self._info(
                    self._say(
                        N_("The progress file was missing; the backup was used."),
                        N_("The settings file was missing; the backup was used."),
                    )
                )
            else:
                self._info(
                    self._say(
                        N_("Your progress was restored from the backup."),
                        N_("Your settings were restored from the backup."),
                    )
                )
        if parsed.problems:
            self._error(
                Said(
                    N_("Part of the backup was damaged and was skipped ({problems})."),
                    problems=_listed(parsed.problems[:5]),
                )
            )
        return parsed.document

    def _info(self, words: Said) -> None:
        self.messages.append(StoreMessage(words, "info"))

    def _error(self, words: Said) -> None:
        self.messages.append(StoreMessage(words, "error"))

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
                self._broken_link()
                or self._say(
                    N_("Could not save your progress ({reason})."),
                    N_("Could not save your settings ({reason})."),
                    reason=_reason(error),
                )
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
                        self._say(
                            N_(
                                "The progress backup {file} could not be written ({reason}); "
                                "your progress is saved without it."
                            ),
                            N_(
                                "The settings backup {file} could not be written ({reason}); "
                                "your settings are saved without it."
                            ),
                            file=readable(str(self.backup_path)),
                            reason=_reason(error),
                        )
                    )
        written = write_text_atomically(self.path, text)
        self._disk_stamp = _stamp(written)
        self._good_text_on_disk = text
        self.base = copy.deepcopy(self._document)
        return True

    def unsaved(self, document: dict[str, Any]) -> str | None:
        """Why ``document`` is not on disk, or None when all of it is: saving is off (said
        once, in a toast a dialog could hide) or the last save failed."""
        if self._disabled is not None:
            return str(self._disabled) if document != self.base else None
        if not self._save_failed:
            return None
        return str(
            self._say(
                N_("Your latest progress could not be saved."),
                N_("Your latest settings could not be saved."),
            )
        )

    def _merge_from_disk(self, current: Stamp | None) -> None:
        """Someone else wrote (or removed) progress.json since we last saw it: take in their
        changes so that writing ours does not undo them."""
        self._disk_stamp = current
        if current is None:
            return
        try:
            text, parsed, stamp = self.read(self.path)
        except Unreadable as error:
            reason = self._say(
                N_("the progress file cannot be read ({reason})"),
                N_("the settings file cannot be read ({reason})"),
                reason=error.reason,
            )
            raise PermissionError(13, str(reason)) from None
        except DamagedFile as error:
            kept = self._set_aside(self.path)
            if kept is not None:
                self._error(
                    self._say(
                        N_(
                            "Your progress file was damaged on disk ({reason}); it was set aside "
                            "as {place} and your progress was written again."
                        ),
                        N_(
                            "Your settings file was damaged on disk ({reason}); it was set aside "
                            "as {place} and your settings were written again."
                        ),
                        reason=error,
                        place=_aside(kept),
                    )
                )
            self._disk_stamp = None
            return
        self._disk_stamp = stamp
        self._document = merge(self.base, self._document, parsed.document)
        self.migrate(self._document)  # an older game's window may have written it
        if not parsed.problems:
            self._good_text_on_disk = text
        self.base = copy.deepcopy(parsed.document)
