"""Opening a picture for the converter a slice at a time, as every solve is worked.

Reading and decoding a photo, working out its channels, its borders, whether it is a photo,
its frame and Auto's choice of method take 60-170 ms on a 2-core machine; done in one frame,
the converter froze for that long (``benchmarks/frame_time.py``, converter scenario).
:class:`PictureOpening` does them as steps of one generator (:func:`~game.core.convert.load.
load_steps`, then the options a new picture starts from, then Auto's candidates one at a
time, :meth:`~game.core.convert.converter.Converter.choosing`), and :meth:`advance` works
for about the seconds it is given. When it is done, :attr:`converter` holds the picture
with Auto's choice cached and :attr:`start` the options ``defaults_for`` gave, so opening
it in the document (:meth:`~game.core.create.editor.ConverterDocument.open_picture`) costs
little; or :attr:`error` says why the file cannot be opened. Nothing here imports pygame.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator
from dataclasses import replace
from pathlib import Path

# np.percentile (whether a picture is a photo) imports numpy.ma on first use: 7-10 ms that
# fell in one frame of the first opening. Imported with this module instead.
import numpy.ma  # noqa: F401

from game.core.convert.converter import Converter
from game.core.convert.first_look import defaults_for
from game.core.convert.load import ConvertError, load_steps
from game.core.convert.options import ConvertOptions
from game.core.convert.saliency import picture_object_steps
from game.core.convert.small_subject import spot_steps


class PictureOpening:
    """One picture being opened; ``options`` are the document's (their size matters)."""

    def __init__(
        self,
        path: Path,
        options: ConvertOptions,
        *,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.path = path
        self.options = options
        self.clock = clock
        self.converter: Converter | None = None
        self.start: dict[str, object] | None = None
        self.error: str | None = None
        self.steps = 0
        self._work: Generator[None, None, None] | None = self._open()

    @property
    def done(self) -> bool:
        return self._work is None

    def _open(self) -> Generator[None, None, None]:
        source = yield from load_steps(self.path)
        yield None
        converter = Converter(source)
        photo = yield from converter.deciding_photo()
        yield None
        yield from source.crop_box_steps()  # drawn over the source when Crop is on
        yield None
        if photo:  # what its frame is chosen from, each remembered for the picture
            yield from spot_steps(source.rgb)
            yield None
            yield from picture_object_steps(source.rgb)
            yield None
        start = defaults_for(source, self.options.width, self.options.height, photo=photo)
        self.start = start
        yield None
        options = replace(self.options, **start)  # type: ignore[arg-type]
        yield from converter.region_steps(options)  # the frame's own borders, with Crop
        yield None
        if options.method == "auto":
            yield from converter.choosing(options)
        self.converter = converter

    def advance(self, seconds: float) -> bool:
        """Work for about ``seconds`` (at least one step); True once done."""
        work = self._work
        if work is None:
            return True
        deadline = self.clock() + seconds
        try:
            while True:
                next(work)
                self.steps += 1
                if self.clock() >= deadline:
                    return False
        except StopIteration:
            self._work = None
        except ConvertError as error:
            self._work = None
            self.error = str(error)
        return True

    def run(self) -> Converter:
        """Open to the end; blocks. ConvertError when the file cannot be opened."""
        while not self.advance(3600.0):
            pass
        if self.error is not None or self.converter is None:
            raise ConvertError(self.error or "the picture did not open")
        return self.converter

    def cancel(self) -> None:
        if self._work is not None:
            self._work.close()
            self._work = None
