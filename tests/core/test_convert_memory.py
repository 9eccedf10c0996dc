"""Big pictures that pass the pixel check are shrunk without a full-size copy (issue 36).

A 16-bit greyscale PNG of 8944x8944 is 155 KB on disk and 80 million pixels: it took
1.5 GB and 4 s (an int64 array of every sample). The files are written here row by row
through zlib, so the test itself never holds the picture.
"""

from __future__ import annotations

import struct
import subprocess
import sys
import textwrap
import tracemalloc
import zlib
from pathlib import Path

import numpy as np
import pytest

from game.core.convert import load
from game.core.convert.load import WORKING_SIDE, ConvertError, load_image

SIDE = 8944  # 80 million pixels: under MAX_SOURCE_PIXELS


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def write_striped_png(path: Path, side: int, depth: int, colour_type: int) -> None:
    """A side x side PNG, black with a white bar on every other 200-row band, streamed."""
    channels = {0: 1, 2: 3, 6: 4}[colour_type]
    pixel = channels * depth // 8
    blank = bytes(1 + side * pixel)
    bar = bytearray(blank)
    bar[1 + 1000 * pixel : 1 + 5000 * pixel] = b"\xff" * (4000 * pixel)
    compressor = zlib.compressobj(6)
    parts = [compressor.compress(bytes(bar) if (y // 200) % 2 else blank) for y in range(side)]
    parts.append(compressor.flush())
    header = struct.pack(">IIBBBBB", side, side, depth, colour_type, 0, 0, 0)
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", b"".join(parts))
        + _chunk(b"IEND", b"")
    )


@pytest.fixture(scope="module")
def grey16(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("big") / "grey16.png"
    write_striped_png(path, SIDE, 16, 0)
    assert path.stat().st_size < 1_000_000
    return path


def test_a_16_bit_grey_png_of_80_megapixels_never_becomes_a_full_size_array(
    grey16: Path,
) -> None:
    tracemalloc.start()
    try:
        source = load_image(grey16)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    # numpy's arrays are traced: a full-size uint16 array alone would be 160 MB.
    assert peak < 40 * 1024 * 1024, f"{peak / 2**20:.0f} MB traced"
    assert source.original_size == (SIDE, SIDE)
    assert max(source.width, source.height) == WORKING_SIDE
    # The picture survived the shrinking: the bars are white, the rest black.
    row = int(250 / SIDE * source.height)
    column = int(3000 / SIDE * source.width)
    assert source.rgb[row, column].min() > 200
    assert source.rgb[int(50 / SIDE * source.height), column].max() < 50


def test_its_peak_memory_stays_bounded(grey16: Path) -> None:
    """The whole process, run on its own: Pillow's decoded picture (160 MB) and little
    more, not the 1.5 GB it took."""
    script = textwrap.dedent(
        f"""
        import resource
        from game.core.convert.load import load_image
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        load_image({str(grey16)!r})
        after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        print((after - before) // 1024)
        """
    )
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=root, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    grown = int(done.stdout.strip())
    assert grown < 300, f"loading grew the process by {grown} MB"


def test_a_picture_that_would_decode_past_the_budget_is_refused_before_decoding(
    tmp_path: Path,
) -> None:
    """An 8-bit RGB PNG of 80 million pixels decodes to 320 MB in Pillow: refused from its
    header, in one line that says how much it would take."""
    path = tmp_path / "rgb.png"
    write_striped_png(path, SIDE, 8, 2)
    tracemalloc.start()
    try:
        with pytest.raises(ConvertError) as caught:
            load_image(path)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    message = str(caught.value)
    assert "\n" not in message
    assert f"{load.MAX_DECODED_BYTES // 2**20} MB" in message and "8944x8944" in message
    assert peak < 20 * 1024 * 1024


def test_a_big_two_colour_gif_is_shrunk_band_by_band_and_keeps_its_picture(
    tmp_path: Path,
) -> None:
    """A 1-bit picture is converted to RGB a band at a time (whole, it took 4 bytes a
    pixel): the bands join up where they should."""
    from PIL import Image, ImageDraw

    picture = Image.new("1", (6000, 4000))
    ImageDraw.Draw(picture).rectangle((1500, 1000, 4500, 3000), fill=1)
    path = tmp_path / "big.gif"
    picture.save(path)
    source = load_image(path)
    assert source.width == WORKING_SIDE
    assert abs(source.height - WORKING_SIDE * 2 / 3) <= 1
    light = source.luminance > 0.5
    # The rectangle covers the middle half each way, with no seam between bands.
    top, bottom = np.flatnonzero(light.any(axis=1))[[0, -1]]
    assert abs(top - source.height / 4) <= 2 and abs(bottom - source.height * 3 / 4) <= 2
    assert light[top + 1 : bottom - 1, source.width // 2].all()
