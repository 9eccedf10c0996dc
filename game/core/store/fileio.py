"""The one way the game writes a file, and the path helpers that keep any file name usable.

:func:`write_atomically` replaces a file so that a crash, a kill or a full disk at any moment
leaves either the old file or the new one, never half of one:

1. the bytes go to a temporary file in the same folder (``.<name>.<random>.tmp``), created
   with mode 0666 so the umask decides its permissions like any other new file (tempfile's
   0600 would make an exported puzzle private by accident);
2. an existing target's mode is copied onto it, so replacing a file never changes who may
   read it;
3. the data is fsynced, the temporary file renamed over the target with ``os.replace``
   (atomic on POSIX and Windows), and the folder fsynced so the rename itself survives a
   power cut.

A kill between 1 and 3 leaves the temporary file behind; :func:`remove_stale_temporaries`
clears those for a target once they are old enough that no live writer can own them.

File names are text that may not be valid UTF-8 (``caf\\xe9.non`` on Linux): Python hands
such names over as ``str`` with lone surrogates (``"caf\\udce9.non"``), which open the right
file but cannot be encoded to UTF-8. :func:`readable` is the form to show a person.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import secrets
import stat
import time
from pathlib import Path

from game.core.i18n import ENGLISH, N_, Said, current_language

TEMP_SUFFIX = ".tmp"
# A save takes milliseconds; a temporary file this old belongs to a writer that was killed.
STALE_TEMP_SECONDS = 60.0
# Room left for ".<prefix>.<8 hex>.tmp" under the usual 255-byte limit on a name.
_PREFIX_BYTES = 200

PathLike = str | bytes | os.PathLike[str] | os.PathLike[bytes]


def path_text(path: PathLike) -> str:
    """``path`` as the text Python uses for file names (undecodable bytes as surrogates)."""
    return os.fsdecode(path)


def readable(text: str) -> str:
    """``text`` with every byte that is not valid UTF-8 shown as U+FFFD, safe to print,
    draw or write to a UTF-8 file. Plain text comes back unchanged."""
    try:
        raw = text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:  # a surrogate that no file name produced: show it as "?"
        raw = text.encode("utf-8", "replace")
    return raw.decode("utf-8", "replace")


def free_path(folder: Path, stem: str, suffix: str = ".non") -> Path:
    """``folder/stem.non``, or ``stem-2.non``, ``stem-3.non``… if taken (a dangling link
    counts as taken): never overwrite."""
    candidate = folder / f"{stem}{suffix}"
    number = 2
    while os.path.lexists(candidate):
        candidate = folder / f"{stem}-{number}{suffix}"
        number += 1
    return candidate


def _temp_prefix(name: str) -> str:
    raw = name.encode("utf-8", "surrogateescape")[:_PREFIX_BYTES]
    return "." + os.fsdecode(raw) + "."


def _create_temporary(folder: Path, prefix: str) -> tuple[int, Path]:
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    while True:
        candidate = folder / f"{prefix}{secrets.token_hex(4)}{TEMP_SUFFIX}"
        try:
            return os.open(candidate, flags, 0o666), candidate
        except FileExistsError:
            continue


def _existing_mode(target: Path) -> int | None:
    """The permissions of the file at ``target`` (None when there is none).

    Raises OSError for a device, a pipe or a socket: renaming a file over one would not
    write into it but replace it (``-o /dev/null`` run as root would put a plain file where
    the device was), and ``/dev/stdout`` resolves to no path a file could be renamed to.
    """
    try:
        info = os.stat(target)
    except OSError:
        return None
    if stat.S_ISDIR(info.st_mode) or stat.S_ISREG(info.st_mode):
        return stat.S_IMODE(info.st_mode)  # a folder: os.replace says so itself
    reason = "not a regular file (a device, a pipe or a socket): nothing was written"
    raise OSError(errno.EINVAL, reason, str(target))


def fsync_directory(folder: Path) -> None:
    """Make a rename in ``folder`` durable; a no-op where folders cannot be opened (Windows)."""
    try:
        descriptor = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


def write_atomically(path: PathLike, data: bytes) -> os.stat_result:
    """Replace ``path`` by ``data``: afterwards the file holds either its old or its new bytes.

    A symbolic link stays a link: the file it points to is replaced. Raises OSError when the
    disk refuses; the target is then untouched and no temporary file is left. Returns the
    new file's status, taken before the rename, so a caller can later tell its own file from
    one another process wrote since.
    """
    target = Path(path_text(path))
    mode = _existing_mode(target)  # through a link: /dev/stdout is refused by what it names
    if target.is_symlink():
        target = Path(os.path.realpath(target))
    folder = target.parent
    descriptor, temporary = _create_temporary(folder, _temp_prefix(target.name))
    try:
        with os.fdopen(descriptor, "wb") as stream:
            if mode is not None and hasattr(os, "fchmod"):
                os.fchmod(stream.fileno(), mode)
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
            written = os.fstat(stream.fileno())
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    fsync_directory(folder)
    return written


def write_text_atomically(path: PathLike, text: str) -> os.stat_result:
    """:func:`write_atomically` for UTF-8 text. Text that cannot be UTF-8 (lone surrogates)
    raises UnicodeEncodeError before anything touches the disk."""
    return write_atomically(path, text.encode("utf-8"))


def check_writable(folder: PathLike) -> None:
    """Raise OSError unless a file can be created in ``folder`` (creates and deletes one)."""
    descriptor, probe = _create_temporary(Path(path_text(folder)), ".hanjie-probe.")
    os.close(descriptor)
    with contextlib.suppress(OSError):
        os.unlink(probe)


def remove_stale_temporaries(
    path: PathLike, *, older_than: float = STALE_TEMP_SECONDS, now: float | None = None
) -> int:
    """Delete temporary files a killed :func:`write_atomically` left beside ``path``.

    Only files at least ``older_than`` seconds old go, so a save running in another process
    at this moment keeps its file. Returns how many were removed; never raises for the disk.
    """
    target = Path(path_text(path))
    prefix = _temp_prefix(target.name)
    current = time.time() if now is None else now
    removed = 0
    try:
        entries = list(os.scandir(target.parent))
    except OSError:
        return 0
    for entry in entries:
        name = entry.name
        if not (name.startswith(prefix) and name.endswith(TEMP_SUFFIX)):
            continue
        middle = name[len(prefix) : -len(TEMP_SUFFIX)]
        if "." in middle:  # e.g. ".progress.json.bak.<hex>.tmp" belongs to another target
            continue
        try:
            if not entry.is_file(follow_symlinks=False):
                continue
            if current - entry.stat(follow_symlinks=False).st_mtime < older_than:
                continue
            os.unlink(entry.path)
        except OSError:
            continue
        removed += 1
    return removed


def natural_key(name: str) -> tuple[tuple[int, int, str], ...]:
    """Sorts names as people count: IMG_2.jpg before IMG_10.jpg, case ignored (by plain
    text order p1, p10, p100 came before p2, QA). A run of decimal digits (any script's,
    as ``\\d`` matches) counts as its number; "²" and "①" are digits to ``isdigit()`` but
    not numbers ``int()`` takes (a folder named "Photos 2²" crashed the picture browser),
    so they sort as text."""
    return tuple(
        (0, int(part), part) if part.isdecimal() else (1, 0, part)
        for part in re.split(r"(\d+)", name.casefold())
        if part
    )


# The system's refusals the game says in the player's language (by errno); others keep the
# C library's words, which are English whatever the locale Python runs under.
_OS_REASONS = {
    errno.ENOENT: N_("no such file"),
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("permission denied"),
    errno.EISDIR: N_("it is a folder"),
    errno.ENOTDIR: N_("a part of the path is not a folder"),
    errno.ENAMETOOLONG: N_("file name too long"),
    errno.ELOOP: N_("the path loops through links"),
    errno.EIO: N_("input/output error on the disk"),
    errno.ENOSPC: N_("the disk is full"),
    errno.EROFS: N_("the disk is read-only"),
}


class SystemSaid(Said):
    """Why the system refused a file, said when read: the system's own words in English
    (as every command has always said them), else the player's language where the game
    knows the case."""

    __slots__ = ("english",)

    def __init__(self, error: OSError) -> None:
        english = error.strerror or str(error)
        super().__init__(_OS_REASONS.get(error.errno or 0, english))
        self.english = english

    def __str__(self) -> str:
        return self.english if current_language() == ENGLISH else super().__str__()


def os_reason(error: OSError) -> str:
    """Why the system refused a file, in the language spoken now (see :class:`SystemSaid`)."""
    return str(SystemSaid(error))
