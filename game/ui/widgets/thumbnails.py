"""The file browser's thumbnails: made on one worker thread (a big picture's decoding would
stall a frame), turned into surfaces on the drawing thread, and kept for the session (a
bounded cache by path, size and change time, shared by every browser)."""

from __future__ import annotations

import contextlib
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pygame

from game.core.convert.thumbnail import Thumbnail, picture_thumbnail, puzzle_thumbnail

CACHE_SIZE = 400
Key = tuple[str, int, int, int]  # path, side, modification time (ns), bytes

_MAKERS: dict[str, Callable[[Path, int], Thumbnail | None]] = {
    "picture": picture_thumbnail,
    "nonogram": puzzle_thumbnail,
}


class Thumbnails:
    """Thumbnails asked for by kind and path: :meth:`get` gives the surface once made
    (None until then, and for a file that has none); :meth:`poll` collects what the worker
    made, on the drawing thread."""

    def __init__(self) -> None:
        self._made: OrderedDict[Key, pygame.Surface | None] = OrderedDict()
        self._pending: dict[Key, Future[Thumbnail | None]] = {}
        self._worker: ThreadPoolExecutor | None = None

    @staticmethod
    def _key(path: Path, side: int) -> Key | None:
        try:
            status = path.stat()
        except OSError:
            return None
        return (str(path), side, status.st_mtime_ns, status.st_size)

    def get(self, kind: str, path: Path, side: int) -> pygame.Surface | None:
        maker = _MAKERS.get(kind)
        key = self._key(path, side) if maker is not None else None
        if maker is None or key is None:
            return None
        if key in self._made:
            self._made.move_to_end(key)
            return self._made[key]
        if key not in self._pending:
            if self._worker is None:
                self._worker = ThreadPoolExecutor(1, thread_name_prefix="thumbnails")
            self._pending[key] = self._worker.submit(maker, path, side)
        return None

    @property
    def busy(self) -> bool:
        return bool(self._pending)

    def poll(self) -> bool:
        """Take in the thumbnails the worker finished; True when there were any."""
        done = [key for key, future in self._pending.items() if future.done()]
        for key in done:
            future = self._pending.pop(key)
            picture = None
            with contextlib.suppress(Exception):
                picture = future.result()
            self._made[key] = None if picture is None else _surface(picture)
            while len(self._made) > CACHE_SIZE:
                self._made.popitem(last=False)
        return bool(done)

    def forget_pending(self) -> None:
        """Drop the work not started (the browser closed)."""
        for future in self._pending.values():
            future.cancel()
        self._pending.clear()


def _surface(picture: Thumbnail) -> pygame.Surface:
    return pygame.surfarray.make_surface(np.ascontiguousarray(picture.transpose(1, 0, 2)))


#: One cache for the whole run: a folder opened again shows its thumbnails at once.
THUMBNAILS = Thumbnails()
