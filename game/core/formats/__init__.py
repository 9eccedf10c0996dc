"""Puzzle files: one module per format and a registry that picks the right one.

The reader is chosen by the file's extension, then by sniffing the content when the
extension is unknown or the content plainly belongs to another format. Any input gives a
:class:`~game.core.puzzle.Puzzle` or a :class:`FormatError` naming the file, the line when
there is one, and the reason.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from game.core.formats import non, olsak, pzl, seed_text, taai, tatham, webpbn_xml
from game.core.formats._common import (
    MAX_FILE_BYTES,
    MAX_LINE_CHARS,
    FormatError,
    quote,
    too_large_reason,
)
from game.core.formats.taai import read_taai_questions
from game.core.formats.tatham import parse_game_id, read_tatham_ids
from game.core.i18n import N_, _
from game.core.palette import PaletteError
from game.core.puzzle import Puzzle, PuzzleError
from game.core.store.fileio import os_reason, readable, write_text_atomically

__all__ = [
    "FORMATS",
    "MAX_FILE_BYTES",
    "MAX_LINE_CHARS",
    "WRITABLE_FORMATS",
    "FormatError",
    "PuzzleFormat",
    "decode_puzzle_bytes",
    "format_puzzle",
    "guess_format",
    "parse_game_id",
    "read_puzzle",
    "read_puzzle_bytes",
    "read_puzzle_text",
    "read_puzzles",
    "read_taai_questions",
    "read_tatham_ids",
    "write_puzzle",
]

Reader = Callable[[str, str], Puzzle]
Writer = Callable[[Puzzle], str]


@dataclass(frozen=True)
class PuzzleFormat:
    """One file format: how to recognise it, read it and (maybe) write it."""

    name: str
    description: str
    extensions: tuple[str, ...]
    sniff: Callable[[str], bool]
    read: Reader
    write: Writer | None = None
    # Files of this format may hold many puzzles (``read`` gives the first): all of them.
    read_all: Callable[[str, str], list[Puzzle]] | None = None
    # ... and the N-th of them (None past the end) with their count, reading no other.
    pick: Callable[[str, str, int], tuple[Puzzle | None, int]] | None = None


# In sniffing order: the most distinctive signatures first.
FORMATS: tuple[PuzzleFormat, ...] = (
    PuzzleFormat(
        webpbn_xml.NAME,
        N_("webpbn XML export (black-and-white or colour)"),
        webpbn_xml.EXTENSIONS,
        webpbn_xml.sniff,
        webpbn_xml.read,
    ),
    # Before the seed text: a .pzl's free notes line may be "#HORIZONTALES" (its N sections
    # are the surer sign), and the seed text has no N sections.
    PuzzleFormat(
        pzl.NAME, N_(".pzl notes and N sections"), pzl.EXTENSIONS, pzl.sniff, pzl.read, pzl.write
    ),
    PuzzleFormat(
        seed_text.NAME,
        N_("#HORIZONTALES / #VERTICALES text"),
        seed_text.EXTENSIONS,
        seed_text.sniff,
        seed_text.read,
        seed_text.write,
    ),
    PuzzleFormat(
        taai.NAME,
        N_("TAAI 2011 question file"),
        taai.EXTENSIONS,
        taai.sniff,
        taai.read,
        read_all=taai.read_taai_questions,
        pick=taai.pick_taai_question,
    ),
    PuzzleFormat(
        tatham.NAME,
        N_("Simon Tatham Pattern game id"),
        tatham.EXTENSIONS,
        tatham.sniff,
        tatham.read,
        tatham.write,
        read_all=tatham.read_tatham_ids,
        pick=tatham.pick_tatham_id,
    ),
    PuzzleFormat(
        non.NAME, N_(".non keys and clue sections"), non.EXTENSIONS, non.sniff, non.read, non.write
    ),
    PuzzleFormat(
        olsak.MK_NAME, N_("Olšák .mk"), olsak.MK_EXTENSIONS, olsak.sniff_mk, olsak.read_mk
    ),
    PuzzleFormat(olsak.G_NAME, N_("Olšák .g"), olsak.G_EXTENSIONS, olsak.sniff_g, olsak.read_g),
)

_BY_NAME = {fmt.name: fmt for fmt in FORMATS}
# The formats `export` and write_puzzle offer, in the order they are listed.
WRITABLE_FORMATS: tuple[str, ...] = ("non", "txt", "pzl", "tatham")
# The formats that can hold a colour puzzle.
COLOUR_WRITABLE: tuple[str, ...] = ("non",)
_ALIASES = {"seed": "txt", "seed_text": "txt", "text": "txt"}


def _by_extension(name: str) -> list[PuzzleFormat]:
    suffix = Path(name).suffix.lower()
    if not suffix:
        return []
    return [fmt for fmt in FORMATS if suffix in fmt.extensions]


def guess_format(text: str, name: str = "<text>") -> PuzzleFormat:
    """The format to read ``text`` with: the extension's, unless the content says otherwise."""
    candidates = _by_extension(name)
    for fmt in candidates:
        if fmt.sniff(text):
            return fmt
    for fmt in FORMATS:
        if fmt.sniff(text):
            return fmt
    if len(candidates) > 1:
        # .txt is three formats: the first one's complaint ("expected #HORIZONTALES") told
        # the owner of a notes.txt their file was a broken puzzle of that one kind.
        kinds = "; ".join(_(fmt.description) for fmt in candidates)
        suffix = Path(name).suffix.lower()
        reason = _("no puzzle Hanjie knows is in this {suffix} file (it reads these: {kinds})")
        reason = reason.format(suffix=suffix, kinds=kinds)
        raise FormatError(name, None, reason)
    if candidates:
        # Nothing recognises the content: let the extension's reader say what is wrong.
        return candidates[0]
    known = ", ".join(sorted({ext for fmt in FORMATS for ext in fmt.extensions}))
    reason = _("this is not a puzzle file in a known format ({known})").format(known=known)
    raise FormatError(name, None, reason)


def read_puzzle_text(text: str, name: str = "<text>") -> Puzzle:
    """Read a puzzle from text; ``name`` (a file name) is used for the extension and messages."""
    text = text.removeprefix("\ufeff")
    if not text.strip():
        raise FormatError(name, None, _("the file is empty"))
    fmt = guess_format(text, name)
    try:
        return fmt.read(text, name)
    except (PuzzleError, PaletteError) as error:
        raise FormatError(name, None, str(error)) from error
    except RecursionError as error:  # pragma: no cover - a parser guard failed
        raise FormatError(name, None, _("the file is nested too deeply")) from error


def decode_puzzle_bytes(data: bytes, name: str = "<bytes>") -> str:
    """Bytes of a puzzle file as text, refusing binary and oversized data."""
    if len(data) > MAX_FILE_BYTES:
        raise FormatError(name, None, too_large_reason())
    utf16 = _utf16_text(data)
    if utf16 is not None:
        return utf16
    if b"\x00" in data:
        raise FormatError(name, None, _binary_reason(data))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        # Old puzzle files are often Latin-1 or Latin-2; every byte decodes, and the
        # parser then judges the content.
        return data.decode("latin-1")


def _binary_reason(data: bytes) -> str:
    """Why binary data is no puzzle; a picture (a photo.tif, a .heic played or dropped) is
    named as one, so the player knows to use the converter, and which pictures it reads."""
    from game.core.convert.load import READABLE_TEXT, picture_kind

    kind = picture_kind(data[:32])
    if kind is None:
        return _("this is not a text file")
    return _(
        "this is {kind} picture, not a puzzle file (the converter makes puzzles from {readable} "
        "pictures)"
    ).format(kind=_(kind), readable=_(READABLE_TEXT))


def _utf16_text(data: bytes) -> str | None:
    """UTF-16 text (Windows Notepad's "Unicode", PowerShell's ``>``), or None.

    Recognised by its byte-order mark, or, without one, by every other byte being NUL (the
    shape ASCII takes in UTF-16); a binary file fits neither often enough to matter, and
    the parser still judges whatever comes out."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        encoding = "utf-16"
    elif len(data) >= 4 and len(data) % 2 == 0 and not any(data[1::2]) and all(data[0::2]):
        encoding = "utf-16-le"
    elif len(data) >= 4 and len(data) % 2 == 0 and not any(data[0::2]) and all(data[1::2]):
        encoding = "utf-16-be"
    else:
        return None
    try:
        text = data.decode(encoding).removeprefix("\ufeff")
    except UnicodeDecodeError:
        return None
    return None if "\x00" in text else text


def read_puzzle_bytes(data: bytes, name: str = "<bytes>") -> Puzzle:
    return read_puzzle_text(decode_puzzle_bytes(data, name), name)


_TATHAM_ID = re.compile(r"\s*\d+(x\d+)?:[\d./]*\s*")
_TATHAM_ID_START = re.compile(r"\s*\d+(x\d+)?:")


def read_puzzle(path: str | os.PathLike[str]) -> Puzzle:
    """Read the puzzle file at ``path``; a bare Tatham id such as ``5x5:...`` also works.

    A puzzle whose file has no title is named after the file.
    """
    return _read(path, every=False)[0]


def read_puzzles(path: str | os.PathLike[str]) -> list[Puzzle]:
    """Every puzzle in the file at ``path``: one for most formats, all of a TAAI question
    file or a list of Pattern game ids (:func:`read_puzzle` gives the first). Refuses what
    :func:`read_puzzle` refuses, with its messages, and a broken puzzle after the first."""
    return _read(path, every=True)


def _read(path: str | os.PathLike[str], every: bool) -> list[Puzzle]:
    """The first puzzle of the file or game id ``path`` (every puzzle of it when ``every``),
    the file read once."""
    name = os.fspath(path)
    source = _source(name)
    if isinstance(source, Puzzle):
        return [source]
    text = source
    file = Path(name)
    puzzles = _every_puzzle(text, name) if every else [read_puzzle_text(text, name)]
    if len(puzzles) == 1:
        return [_titled(puzzles[0], name)]
    # Untitled ones (Pattern ids) are named after the file and their place in it.
    stem = readable(file.stem)
    return [
        puzzle if puzzle.title else replace(puzzle, title=f"{stem} #{number}")
        for number, puzzle in enumerate(puzzles, 1)
    ]


def _source(name: str) -> str | Puzzle:
    """The text of the puzzle file ``name``, or the puzzle of the Pattern game id ``name``."""
    file = Path(name)
    # Only stat looks before the file is opened: a FIFO or a device is refused by name, never
    # opened (opening a FIFO for reading blocks until someone writes), and a name too long or
    # a folder that may not be entered is one message, not a traceback.
    try:
        info = os.stat(name)
    except (FileNotFoundError, NotADirectoryError, ValueError) as error:
        if _TATHAM_ID.fullmatch(name):
            return read_puzzle_text(name, "<game id>")
        if _TATHAM_ID_START.match(name):  # "5x5:1/x": a game id with a typo, not a file
            try:
                return read_puzzle_text(name, "<game id>")
            except FormatError as wrong:
                reason = _("no such file, and not a Pattern game id either ({reason})")
                reason = reason.format(reason=wrong.reason)
                raise FormatError(name, None, reason) from None
        if isinstance(error, OSError):
            reason = os_reason(error)
        else:
            reason = _("the name contains a NUL character")
        raise FormatError(name, None, reason) from error
    except OSError as error:
        if _TATHAM_ID.fullmatch(name):
            return read_puzzle_text(name, "<game id>")
        raise FormatError(name, None, os_reason(error)) from error
    if stat.S_ISDIR(info.st_mode):
        raise FormatError(name, None, _("this is a folder, not a puzzle file"))
    if not stat.S_ISREG(info.st_mode):
        raise FormatError(name, None, _("this is not a regular file (a pipe, device or socket)"))
    try:
        with file.open("rb") as stream:
            data = stream.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise FormatError(name, None, os_reason(error)) from error
    return decode_puzzle_bytes(data, name)


def pick_puzzle(path: str | os.PathLike[str], number: int = 1) -> tuple[Puzzle | None, int]:
    """The ``number``-th puzzle (from 1) of the file or game id ``path`` and how many it
    holds, reading no other puzzle of a file that holds many (None past its end). Titles as
    :func:`read_puzzles` gives them."""
    name = os.fspath(path)
    source = _source(name)
    if isinstance(source, Puzzle):
        return (source if number == 1 else None), 1
    content = source.removeprefix("\ufeff")
    pick = guess_format(content, name).pick if content.strip() else None
    if pick is not None:
        try:
            puzzle, count = pick(content, name, number)
        except PuzzleError as error:
            raise FormatError(name, None, str(error)) from error
        if count > 1:
            if puzzle is not None and not puzzle.title:
                puzzle = replace(puzzle, title=f"{readable(Path(name).stem)} #{number}")
            return puzzle, count
    puzzle = _titled(read_puzzle_text(source, name), name)
    return (puzzle if number == 1 else None), 1


def _titled(puzzle: Puzzle, name: str) -> Puzzle:
    """A file's only puzzle, named after the file when it has no title of its own."""
    stem = Path(name).stem
    if puzzle.title or not stem:
        return puzzle
    # A title is shown and written, never opened: bytes of the name that are not UTF-8
    # become U+FFFD here rather than lone surrogates no font or file can take.
    return replace(puzzle, title=readable(stem))


def _every_puzzle(text: str, name: str) -> list[Puzzle]:
    """Every puzzle of a file's text: all of them for a format whose files hold many, else
    (or when it holds none) what :func:`read_puzzle_text` reads or says."""
    content = text.removeprefix("\ufeff")
    read_all = guess_format(content, name).read_all if content.strip() else None
    if read_all is not None:
        try:
            puzzles = read_all(content, name)
        except PuzzleError as error:
            raise FormatError(name, None, str(error)) from error
        if puzzles:
            return puzzles
    return [read_puzzle_text(text, name)]


def _writer(fmt: str) -> PuzzleFormat:
    key = _ALIASES.get(fmt.lower(), fmt.lower())
    found = _BY_NAME.get(key)
    if found is None or found.write is None:
        choices = ", ".join(WRITABLE_FORMATS)
        reason = _("cannot write {format}; choose one of {choices}")
        raise FormatError("<format>", None, reason.format(format=quote(fmt), choices=choices))
    return found


def format_puzzle(puzzle: Puzzle, fmt: str) -> str:
    """The puzzle as the text of format ``fmt`` (one of :data:`WRITABLE_FORMATS`)."""
    found = _writer(fmt)
    if puzzle.is_colour and found.name not in COLOUR_WRITABLE:
        reason = _("the {format} format has no colours: write colour puzzles as .non")
        raise FormatError("<format>", None, reason.format(format=found.name))
    writer = found.write
    assert writer is not None
    return writer(puzzle)


def write_puzzle(puzzle: Puzzle, path: str | os.PathLike[str], format: str | None = None) -> None:
    """Write ``puzzle`` to ``path``, in ``format`` or the one its extension names.

    The file is replaced atomically, so a failed write never leaves half a puzzle.
    """
    name = os.fspath(path)
    if format is None:
        suffix = Path(name).suffix.lower()
        matches = [fmt for fmt in FORMATS if fmt.write is not None and suffix in fmt.extensions]
        if not matches:
            choices = ", ".join(WRITABLE_FORMATS)
            reason = _("cannot tell the format from the file name; choose one of {choices}")
            raise FormatError(name, None, reason.format(choices=choices))
        format = matches[0].name
    try:
        text = format_puzzle(puzzle, format)
    except FormatError as error:
        raise FormatError(name, None, error.reason) from error
    try:
        # A title taken from a file name may hold bytes that are not UTF-8: they are
        # written as U+FFFD rather than refusing the whole puzzle.
        write_text_atomically(name, readable(text))
    except OSError as error:
        raise FormatError(name, None, os_reason(error)) from error
