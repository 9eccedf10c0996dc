"""The puzzle files of a pack, read on a worker thread.

A pack's files are the player's own in "My puzzles": any number, up to the readers' size
limit each, maybe on a slow disk. Reading them on the frame loop would freeze the screen for
as long as the slowest file takes, so a :class:`PackReader` reads them in play order on a
daemon thread and the level select picks up what is ready each frame. Reading is pure
(``game.core.store.packs.read_entry`` never raises for a bad file), so the thread shares nothing
but the growing list, behind a lock.
"""

from __future__ import annotations

import threading

from game.core.store.packs import Pack, PuzzleEntry, puzzle_files, read_entry


class PackReader:
    """Reads ``pack``'s puzzle files in the background from the moment it is made."""

    def __init__(self, pack: Pack) -> None:
        self.pack = pack
        self._entries: list[PuzzleEntry] = []
        self._lock = threading.Lock()
        self._finished = threading.Event()
        self._thread = threading.Thread(target=self._read, name=f"read pack {pack.key}")
        self._thread.daemon = True  # closing the window never waits for a slow disk
        self._thread.start()

    def _read(self) -> None:
        try:
            for path in puzzle_files(self.pack.directory):
                entry = read_entry(path)
                with self._lock:
                    self._entries.append(entry)
        finally:
            self._finished.set()

    @property
    def done(self) -> bool:
        """Every file has been read."""
        return self._finished.is_set()

    def count(self) -> int:
        """How many entries are ready."""
        with self._lock:
            return len(self._entries)

    def entries(self) -> list[PuzzleEntry]:
        """The entries read so far, in play order (a copy)."""
        with self._lock:
            return list(self._entries)

    def wait(self, timeout: float | None = None) -> bool:
        """Wait up to ``timeout`` seconds (None: for good) for the last file; True when done."""
        return self._finished.wait(timeout)
