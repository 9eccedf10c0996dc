"""What every command shares: safe text for the terminal, one-line failures, checked inputs.

Text that comes from a file (a title, an author, a file name, a reader's complaint quoting a
line) goes through :func:`printable` before it reaches a terminal: a title may carry escape
codes that retitle the window or clear the screen. :func:`quote` also shortens it, so a
megabyte-long name is not echoed whole. The streams themselves are set to backslash-escape
what the terminal's encoding cannot show (:func:`make_streams_safe`), so ``PYTHONIOENCODING``
=ascii prints ``Caf\\xe9`` instead of a traceback.

An input path is looked at with ``stat`` before anything opens it (:func:`check_input_file`):
a FIFO would block the reader forever and a device could be endless, so only regular files
are opened. Every refusal is a :class:`CommandError`, which ``cli.main`` prints as one line
on stderr with exit status 2.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import os
import re
import shlex
import stat
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.puzzle import Puzzle

# At most this many characters of any one piece of user input are quoted in a message.
QUOTE_LIMIT = 200

# C0 and C1 controls and DEL, plus the invisible bidirectional overrides that can make a line
# read differently from what it is. Newlines are escaped too: a message stays on one line.
# Lone surrogates too: a file name's undecodable byte (\udcff) was written by the stream's
# backslashreplace as six characters, after the check table had counted it as one (QA).
_UNSAFE = re.compile(
    "[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
)

# The first bytes of the pictures Hanjie converts: a puzzle command given one says so.
# A Pattern game id such as ``5x5:2/1/1/2/...`` names no file.
_GAME_ID = re.compile(r"\s*\d+(x\d+)?:")


class CommandError(Exception):
    """A refusal a command reports as one line (``hanjie: <message>``) and exit status 2."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str) -> str:
    """``text`` with every control character written as a visible escape (``\\x1b``)."""
    return _UNSAFE.sub(_escape, text)


def quote(text: object, limit: int = QUOTE_LIMIT) -> str:
    """A piece of user input fit for a message: printable and at most ``limit`` characters."""
    shown = printable(str(text))
    if len(shown) <= limit:
        return shown
    return f"{shown[: limit - 1]}… ({len(shown)} characters)"


def make_streams_safe() -> None:
    """Let stdout and stderr write any text: what the encoding lacks becomes ``\\u....``."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            # A closed or detached stream has nothing to fix.
            with contextlib.suppress(ValueError, OSError):
                reconfigure(errors="backslashreplace")


def fail(message: str) -> int:
    """Print ``hanjie: message`` as one safe line on stderr; the exit status 2."""
    print(f"hanjie: {printable(message)}", file=sys.stderr)
    return 2


# Written by hatch_build.py when the install built no kernel (pip shows the build's own line
# only with -v): the reason, said again where the player looks.
KERNEL_NOTE = Path(__file__).resolve().parent.parent / "_kernel_note.txt"


def kernel_note() -> str | None:
    """Why the solver runs on pure Python when the install meant it to be compiled (one
    line), or None: the kernel runs, or the player asked for pure Python (``HANJIE_PURE``)."""
    from game.core.solver.kernel import PYTHON, engine_name

    if engine_name() != PYTHON or os.environ.get("HANJIE_PURE", "") not in ("", "0"):
        return None
    try:
        reason = KERNEL_NOTE.read_text(encoding="utf-8").strip().splitlines()
    except (OSError, UnicodeDecodeError):
        reason = []
    why = printable(reason[0]) if reason else "the solver's C kernel is not installed"
    return f"{why}: the solver runs on pure Python, slower, same answers (HANJIE_PURE=1 hides this)"


# pygame-ce 2.5.0 cannot start the game: pygame.Window is not subclassable before 2.5.1.
PYGAME_CE_FLOOR = (2, 5, 1)


def pygame_problem() -> str | None:
    """Why the game window cannot use the pygame that imports, or None. pygame-ce and the
    original pygame both install as ``pygame``; with the original the game started and then
    crashed on its first call that pygame-ce alone has (Ctrl+V)."""
    try:
        import pygame
    except ImportError:
        return "pygame-ce is not installed: pip install pygame-ce"
    found = tuple(getattr(getattr(pygame, "version", None), "vernum", ()) or ())[:3]
    if getattr(pygame, "IS_CE", False) and found and found < PYGAME_CE_FLOOR:
        return (
            f"pygame-ce {'.'.join(map(str, found))} is too old for the game window: "
            "pip install 'pygame-ce>=2.5.1'"
        )
    if not getattr(pygame, "IS_CE", False):
        return (
            "the pygame installed is the original pygame, not pygame-ce, which Hanjie needs: "
            "uninstall pygame, install pygame-ce "
            "(pip uninstall -y pygame && pip install --force-reinstall pygame-ce)"
        )
    return None


def os_reason(error: OSError) -> str:
    """The operating system's short reason (``Permission denied``), without the path."""
    return error.strerror or type(error).__name__


def _kind_refusal(mode: int, wanted: str) -> str | None:
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return f"this is a folder, not {wanted}"
    if stat.S_ISFIFO(mode):
        return f"this is a pipe (FIFO), not {wanted}"
    if stat.S_ISSOCK(mode):
        return f"this is a socket, not {wanted}"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return f"this is a device, not {wanted}"
    return f"this is not a regular file, not {wanted}"


def check_input_file(name: str, wanted: str = "a file") -> bool:
    """Whether ``name`` is a regular file; False when nothing is there (maybe a game id).

    Raises :class:`CommandError` for anything else: a folder, a FIFO, a device, a name too
    long, a folder that may not be entered. Only ``stat`` runs, so nothing can block.
    """
    try:
        info = os.stat(name)
    except (FileNotFoundError, NotADirectoryError):
        return False
    except OSError as error:
        if error.errno == errno.ENAMETOOLONG and _GAME_ID.match(name):
            return False
        raise CommandError(f"{quote(name)}: {os_reason(error)}") from None
    except ValueError:  # a NUL character in the name
        raise CommandError(f"{quote(name)}: the name contains a NUL character") from None
    refusal = _kind_refusal(info.st_mode, wanted)
    if refusal is not None:
        raise CommandError(f"{quote(name)}: {refusal}")
    return True


def check_input_folder(name: str) -> None:
    """Refuse (:class:`CommandError`) unless ``name`` is a folder that can be listed."""
    try:
        info = os.stat(name)
    except OSError as error:
        raise CommandError(f"{quote(name)}: {os_reason(error)}") from None
    except ValueError:
        raise CommandError(f"{quote(name)}: the name contains a NUL character") from None
    if not stat.S_ISDIR(info.st_mode):
        # A pipe or a device is named as such (check's "not a folder" puzzled a player who
        # gave it a FIFO); a plain file is simply not a folder.
        refusal = _kind_refusal(info.st_mode, "a folder") or "not a folder"
        raise CommandError(f"{quote(name)}: {refusal}")


def refuse_taken_names(paths: Sequence[Path]) -> None:
    """Raise when a file a ``--count`` run would write is already there: the same seed makes
    the same name, and the file may be one the player edited since (nothing is written)."""
    for path in paths:
        if os.path.lexists(path):
            raise CommandError(
                f"{quote(path)}: already there, so nothing was written "
                "(the same seed makes the same names): give another --seed or folder"
            )


def may_hold_many(name: str) -> bool:
    """Whether the file ``name`` has the extension of a format whose files may hold many
    puzzles (a TAAI question file, a list of Pattern game ids)."""
    from game.core.formats import FORMATS

    suffix = os.path.splitext(name)[1].lower()
    return any(suffix in fmt.extensions for fmt in FORMATS if fmt.read_all is not None)


def picture_hint(name: str) -> str:
    """The message for a picture given to a command that wants a puzzle file. It names the
    command as installed, ``hanjie`` (the README's, and every message's ``hanjie:``); it
    said ``python -m game convert``, which only works from the source folder (QA). An empty
    file is only a picture by its name: converting it fails too, so it says so at once."""
    from game.core.convert.load import EMPTY_FILE

    shown = quote(name)
    try:
        if os.path.getsize(name) == 0:
            return f"{shown}: {EMPTY_FILE}"
    except OSError:
        pass  # the hint below all the same
    command = quote(shlex.quote(name))
    return f"{shown} is a picture: make a puzzle of it with `hanjie convert {command}`"


def add_puzzle_argument(parser: argparse.ArgumentParser) -> None:
    """``--puzzle N``: which puzzle of a file that holds many."""
    parser.add_argument(
        "--puzzle",
        type=_puzzle_number,
        metavar="N",
        help="which puzzle of a file that holds many (a TAAI question file, a list of Pattern "
        "game ids), from 1 (default: the first)",
    )


def _puzzle_number(text: str) -> int:
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{quote(text)} is not a number") from None
    if number < 1:
        raise argparse.ArgumentTypeError(f"puzzles are numbered from 1, not {number}")
    return number


def open_puzzle(name: str, number: int | None = None, picks: bool = True) -> Puzzle:
    """The puzzle in file ``name`` (or the Pattern game id ``name``), or a CommandError; the
    ``number``-th (from 1) of a file that holds many. Without a number, a file of many gives
    its first, and a line on stderr says so (naming ``--puzzle`` when the command ``picks``)."""
    from game.core.formats import FormatError, pick_puzzle, read_puzzle
    from game.core.kinds import NONOGRAM, kind_of
    from game.core.opening import is_picture

    is_file = check_input_file(name, "a puzzle file")
    kind = kind_of(Path(name)) if is_file else None
    if kind is not None and kind is not NONOGRAM:
        # show, solve, check, play and replay read other kinds' files by their own route
        # (game.commands.kinds); a command that reaches here reads nonograms only, and the
        # nonogram readers would not name it.
        raise CommandError(
            f"{quote(name)} is a {kind.title} puzzle: this command reads nonograms "
            f"(show, solve, check, play and replay read {kind.title} files)"
        )
    try:
        if not is_file or not may_hold_many(name):
            puzzle: Puzzle | None = read_puzzle(name)
            count = 1
        else:
            # Only the puzzle asked for is read: a 2 MB file of Pattern ids took 2 s to show
            # its first, every id parsed to count them.
            puzzle, count = pick_puzzle(name, number or 1)
    except FormatError as error:
        if is_file and is_picture(Path(name)):
            raise CommandError(picture_hint(name)) from None
        where = quote(error.path) if error.line is None else f"{quote(error.path)}:{error.line}"
        raise CommandError(f"{where}: {quote(error.reason, 2 * QUOTE_LIMIT)}") from None
    except OSError as error:
        raise CommandError(f"{quote(name)}: {os_reason(error)}") from None
    if number is None and count > 1:
        other = "--puzzle N picks another; " if picks else ""
        print(
            f"{quote(name)} holds {count} puzzles: this is the first ({other}"
            f"`check {quote(name)}` checks them all)",
            file=sys.stderr,
            flush=True,
        )
    if puzzle is None:
        holds = "one puzzle" if count == 1 else f"{count} puzzles"
        raise CommandError(f"{quote(name)} holds {holds}: there is no puzzle {number}")
    return puzzle
