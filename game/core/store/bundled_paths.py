"""How progress names the files of the bundled levels: by pack and file name, not by where
this copy of the game happens to be installed.

A level played from the install folder was recorded by its absolute path
(``.../site-packages/game/_data/levels/first-steps/03-goblet.non``); after a reinstall
elsewhere (another virtual environment, another Python) that file was gone, and Continue
went on to some other saved game. On disk such a path is now ``bundled:first-steps/03-goblet.non``
and read back as the file in this install's ``levels`` folder; records from before are
migrated when the progress is loaded. Any other file keeps its name exactly as given.
"""

from __future__ import annotations

from pathlib import Path, PurePath
from typing import Any

BUNDLED = "bundled:"
# levels/<pack>/<file>
_DEPTH = 2


def portable(name: str, levels: Path) -> str:
    """``name`` as progress keeps it: ``bundled:<pack>/<file>`` for a file of ``levels``."""
    if name.startswith(BUNDLED) or not Path(name).is_absolute():
        return name  # a relative name is kept as typed (recorded_file finds it later)
    try:
        inside = Path(name).resolve().relative_to(levels.resolve())
    except (OSError, ValueError, RuntimeError):
        return name  # not under levels (or a name the system cannot even resolve)
    if len(inside.parts) != _DEPTH:
        return name
    return BUNDLED + inside.as_posix()


def local(stored: str, levels: Path) -> str:
    """The file name of a stored path in this install (a bundled one under ``levels``)."""
    if not stored.startswith(BUNDLED):
        return stored
    parts = PurePath(stored.removeprefix(BUNDLED)).parts
    if len(parts) != _DEPTH or any(part in ("..", ".", "") for part in parts):
        return stored  # not one of ours: left as it is, it opens nothing
    return str(levels.joinpath(*parts))


def _migrated(name: str, levels: Path) -> str:
    """An old record's path as ``bundled:<pack>/<file>`` when it names a bundled level of any
    install (absolute, or relative as typed: ``levels/<pack>/<file>``) that this install
    has too; else unchanged."""
    if not name or name.startswith(BUNDLED):
        return name
    parts = PurePath(name).parts
    if levels.name not in parts[:-_DEPTH]:
        return name
    last = len(parts) - 1 - parts[::-1].index(levels.name)
    rest = parts[last + 1 :]
    try:
        if len(rest) != _DEPTH or not levels.joinpath(*rest).is_file():
            return name
    except (OSError, ValueError):
        return name
    return BUNDLED + "/".join(rest)


def migrate(document: dict[str, Any], levels: Path) -> int:
    """Rewrite, in a progress document, the old paths of bundled levels; how many changed."""
    changed = 0
    for record in document["puzzles"].values():
        new = _migrated(record["path"], levels)
        changed += new != record["path"]
        record["path"] = new
    last = document["last_played"]
    if last is not None:
        new = _migrated(last.get("path", ""), levels)
        changed += new != last.get("path", "")
        last["path"] = new
    return changed
