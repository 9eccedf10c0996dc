"""The puzzle files of a pack, read on a worker thread (or at once).

A pack's files are the player's own in "My puzzles": any number, up to the readers' size
limit each, maybe on a slow disk. Reading them on the frame loop would freeze the screen for
as long as the slowest file takes, so a :class:`PackReader` reads them in play order on a
daemon thread and the select screen picks up what is ready each frame. Reading is pure (the
kinds' ``read`` functions, ``game.core.store.packs.read_entry`` and
``game.core.kakuro.packs.read_kakuro_entry``, never raise for a bad file), so the thread
shares nothing but the growing list, behind a lock.

Every puzzle kind reads its packs through one: the files it lists and the entry it makes of a
file are the kind's (nonograms by default). Kakuro files are a few hundred bytes, so its
packs are read at once (``background=False``): the reader is done when made.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Generic, TypeVar

from game.core.store.packs import Pack, PuzzleEntry, puzzle_files, read_entry

E = TypeVar("E")


class PackReader(Generic[E]):
    """Reads ``pack``'s files (``files`` lists them in play order, ``read`` makes an entry
    of one) from the moment it is made: on a daemon thread, or at once with
    ``background=False``."""

    def __init__(
        self,
        pack: Pack,
        read: Callable[[Path], E],
        files: Callable[[Path], list[Path]] = puzzle_files,
        *,
        background: bool = True,
    ) -> None:
        self.pack = pack
        self._files = files
        self._read_file = read
        self._entries: list[E] = []
        self._total: int | None = None  # the pack's files, once listed
        self._lock = threading.Lock()
        self._finished = threading.Event()
        if not background:
            self._read()
            return
        self._thread = threading.Thread(target=self._read, name=f"read pack {pack.key}")
        self._thread.daemon = True  # closing the window never waits for a slow disk
        self._thread.start()

    def _read(self) -> None:
        try:
            paths = list(self._files(self.pack.directory))
            with self._lock:
                self._total = len(paths)
            for path in paths:
                entry = self._read_file(path)
                with self._lock:
                    self._entries.append(entry)
                # Let the drawing thread have the interpreter between files: else it waits
                # out the switch interval (5 ms) each time it asks, frames of 30-70 ms.
                time.sleep(0)
        finally:
            self._finished.set()

    @property
    def done(self) -> bool:
        """Every file has been read."""
        return self._finished.is_set()

    def total(self) -> int | None:
        """How many files the pack has, once they are listed (before they are read)."""
        with self._lock:
            return self._total

    def count(self) -> int:
        """How many entries are ready."""
        with self._lock:
            return len(self._entries)

    def entries(self) -> list[E]:
        """The entries read so far, in play order (a copy)."""
        with self._lock:
            return list(self._entries)

    def wait(self, timeout: float | None = None) -> bool:
        """Wait up to ``timeout`` seconds (None: for good) for the last file; True when done."""
        return self._finished.wait(timeout)


def nonogram_reader(pack: Pack) -> PackReader[PuzzleEntry]:
    """A nonogram pack's files read on a worker thread."""
    return PackReader(pack, read_entry)
