"""What each library picture makes on Random's boards, worked out once: the outcomes table.

Random's "Picture" (:class:`~game.core.generate.picture_puzzles.PictureGeneration`) tries
pictures in the seed's order and takes the first one rated at the level asked. Where few
pictures reach a level (Expert in colour at 30x30) that took up to 60 attempts, each a Make it
fair search and a rating solve: 2 s of CPU. An attempt
(:func:`~game.core.generate.picture_puzzles.attempt`) depends only on the picture, the board
and the detail or colours, and every limit in it counts engine work, never seconds, so what
each picture makes is the same on every machine and can be worked out once:
``tools/build_picture_outcomes.py`` writes ``assets/pictures/outcomes.json``, the stars each
picture is rated at on each of Random's boards (or that it is refused there).

The table is a guide, never the answer. The search goes through its own steps as before, in
the same order and with the same limits, reading an outcome from the table where it has one
and making live only the attempts it lacks (two pictures side by side on a wide black and
white board: their pairing follows the seed; a board or colours not in the table; a picture
whose file changed since the table was built) and the one it takes. When that one does not
come out as the table says, the table is out of date and the search starts again live, as
without a table. So with a table that is up to date a seed makes the same puzzle as the live
search, at the cost of one or two attempts. Nothing here imports pygame.

The file: ``pictures``, each picture's name and a hash of its file (an outcome counts only
while the file is the same), and ``boards``, one string per board (``"30x30/4"``: 4 colours,
the background counted; ``"30x30/d1"``: black and white at detail 1) with a character per
picture in the order of ``pictures``: ``1``-``5`` the stars, ``0`` refused, ``.`` not tried
(a picture Random does not draw on that board's shape).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

OUTCOMES_FILE = "outcomes.json"
REFUSED = 0
NOT_TRIED = "."


def board_key(width: int, height: int, detail: int | None, colours: int) -> str:
    """A board's key in the table: ``"30x30/4"`` in colour, ``"30x30/d1"`` black and white."""
    kind = f"d{detail}" if detail is not None else str(colours)
    return f"{width}x{height}/{kind}"


def file_hash(path: Path) -> str:
    """The short hash an outcome is kept against ("" when the file cannot be read)."""
    try:
        return hashlib.sha1(path.read_bytes()).hexdigest()[:12]
    except OSError:
        return ""


@dataclass
class Outcomes:
    """The table of one library folder (see the module text)."""

    folder: Path
    hashes: dict[str, str]
    index: dict[str, int]
    boards: dict[str, str]
    # name -> whether its file still has the table's hash (checked once, when first asked).
    _current: dict[str, bool] = field(default_factory=dict)

    def stars(self, names: tuple[str, ...], files: tuple[str, ...], key: str) -> int | None:
        """The stars the picture ``names`` (files ``files`` in the folder) is rated at on
        the board ``key``, :data:`REFUSED` (0) when it makes no puzzle there, or None when
        the table does not know (two pictures side by side, a board not in it, a file
        changed)."""
        if len(names) != 1:
            return None
        name = names[0]
        row = self.boards.get(key)
        number = self.index.get(name)
        if row is None or number is None or number >= len(row):
            return None
        mark = row[number]
        if mark == NOT_TRIED or not self._is_current(name, files[0]):
            return None
        return int(mark)

    def _is_current(self, name: str, file: str) -> bool:
        current = self._current.get(name)
        if current is None:
            current = file_hash(self.folder / file) == self.hashes.get(name)
            self._current[name] = current
        return current


def parse_outcomes(folder: Path, raw: object) -> Outcomes:
    """The table from its JSON; ValueError when it is not one."""
    if not isinstance(raw, dict):
        raise ValueError("the outcomes table is not an object")
    pictures, boards = raw.get("pictures"), raw.get("boards")
    if not isinstance(pictures, list) or not isinstance(boards, dict):
        raise ValueError("the outcomes table needs 'pictures' and 'boards'")
    hashes: dict[str, str] = {}
    index: dict[str, int] = {}
    for number, item in enumerate(pictures):
        if not (
            isinstance(item, list) and len(item) == 2 and all(isinstance(v, str) for v in item)
        ):
            raise ValueError(f"picture {number} of the outcomes table is not [name, hash]")
        hashes[item[0]] = item[1]
        index[item[0]] = number
    for key, row in boards.items():
        if not isinstance(row, str) or len(row) != len(pictures):
            raise ValueError(f"board {key!r} of the outcomes table does not fit its pictures")
        if set(row) - set("012345" + NOT_TRIED):
            raise ValueError(f"board {key!r} of the outcomes table has an unknown mark")
    return Outcomes(folder, hashes, index, dict(boards))


@cache
def outcomes(folder: Path) -> Outcomes | None:
    """The table of the library in ``folder``, or None when it has none that reads."""
    try:
        raw = json.loads((folder / OUTCOMES_FILE).read_text(encoding="utf-8"))
        return parse_outcomes(folder, raw)
    except (OSError, ValueError):
        return None
