"""The converter's core: images the tests draw themselves, grids checked cell by cell."""

from __future__ import annotations

import io
import struct
import zlib
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from game.core.convert.converter import Converter
from game.core.convert.grid import grid_from_mask, hsv_dark_mask, otsu_threshold
from game.core.convert.load import (
    MAX_SOURCE_PIXELS,
    WORKING_SIDE,
    ConvertError,
    load_image,
    source_from_image,
    uniform_border_box,
)
from game.core.convert.options import ConvertOptions, parse_method, parse_size
from game.core.create.conversion import convert, grid_text, puzzle_from_grid
from game.core.create.fairness import (
    Report,
    UniquenessCheck,
    check_uniqueness,
    grid_warnings,
    report_from_result,
)
from game.core.solver.result import SolveResult


def _converter(image: Image.Image) -> Converter:
    return Converter(source_from_image(image))


def _grid(image: Image.Image, **options: object) -> np.ndarray:
    return _converter(image).grid(ConvertOptions(**options))  # type: ignore[arg-type]


def _rows(text: str) -> np.ndarray:
    return np.array([[char == "#" for char in line] for line in text.split()], dtype=bool)


# --------------------------------------------------------------------------- shapes


def test_black_square_on_white_lands_on_exact_cells() -> None:
    image = Image.new("RGB", (100, 100), "white")
    ImageDraw.Draw(image).rectangle((20, 40, 59, 79), fill="black")
    expected = _rows(
        """
        .....
        .....
        .##..
        .##..
        .....
        """
    )
    for method in ("hsv", "otsu", "threshold"):
        assert np.array_equal(_grid(image, width=5, height=5, method=method), expected), method


def test_coloured_disc_is_filled_by_the_hsv_rule_and_symmetric() -> None:
    image = Image.new("RGB", (200, 200), "white")
    ImageDraw.Draw(image).ellipse((40, 40, 159, 159), fill=(220, 30, 30))
    grid = _grid(image, width=10, height=10, method="hsv")
    assert grid[5, 5] and grid[2, 5] and grid[5, 2]
    assert not grid[0].any() and not grid[:, 0].any() and not grid[9].any()
    assert np.array_equal(grid, grid[::-1]) and np.array_equal(grid, grid[:, ::-1])
    # A bright saturated red is brighter than the mean: only saturation makes it dark.
    assert _grid(image, width=10, height=10, method="threshold", threshold=0.3).sum() == 0


def test_text_is_drawn_inside_its_box() -> None:
    image = Image.new("RGB", (240, 120), "white")
    font = ImageFont.load_default(size=90)
    ImageDraw.Draw(image).text((20, 5), "HI", fill="black", font=font)
    grid = _grid(image, width=24, height=12, fit="stretch")
    box = Image.new("L", image.size, 255)
    ImageDraw.Draw(box).text((20, 5), "HI", fill=0, font=font)
    x0, y0, x1, y1 = Image.eval(box, lambda v: 255 - v).getbbox()  # type: ignore[misc]
    assert 20 <= grid.sum() <= 24 * 12 // 2
    ys, xs = np.nonzero(grid)
    assert xs.min() >= x0 // 10 and xs.max() <= x1 // 10
    assert ys.min() >= y0 // 10 and ys.max() <= y1 // 10
    # "H" has two uprights: some row crosses at least three separate runs (H's two, I's one).
    assert max(len(puzzle_from_grid(grid).row_clues[y]) for y in range(12)) >= 3


def test_gradient_splits_where_the_threshold_says() -> None:
    ramp = np.tile(np.linspace(0, 255, 200).astype(np.uint8), (100, 1))
    image = Image.fromarray(ramp, "L")
    half = _grid(image, width=10, height=5, method="threshold", threshold=0.5, fit="stretch")
    assert np.array_equal(half, np.tile(np.arange(10) < 5, (5, 1)))
    quarter = _grid(image, width=20, height=5, method="threshold", threshold=0.25, fit="stretch")
    assert quarter[0].sum() == 5
    otsu = _grid(image, width=10, height=5, method="otsu", fit="stretch")
    assert 4 <= otsu[0].sum() <= 6 and otsu[0, 0] and not otsu[0, -1]
    hsv = _grid(image, width=10, height=5, method="hsv", fit="stretch")
    assert np.array_equal(hsv, half)
    inverted = _grid(image, width=10, height=5, method="threshold", invert=True, fit="stretch")
    assert np.array_equal(inverted, ~half)


def test_transparency_is_laid_on_white() -> None:
    image = Image.new("RGBA", (100, 100), (0, 0, 0, 0))  # transparent *black*
    ImageDraw.Draw(image).rectangle((0, 0, 49, 49), fill=(0, 0, 0, 255))
    ImageDraw.Draw(image).rectangle((50, 50, 99, 99), fill=(0, 0, 0, 40))  # faint
    source = source_from_image(image)
    assert tuple(source.rgb[-1, 0]) == (255, 255, 255)  # bottom left: was transparent
    grid = Converter(source).grid(ConvertOptions(width=10, height=10, method="otsu"))
    assert grid[:5, :5].all()
    assert not grid[5:, :].any() and not grid[:, 5:].any()


def test_palette_gif_transparency_is_white(tmp_path: Path) -> None:
    image = Image.new("P", (60, 60), 0)
    image.putpalette([0, 0, 0, 255, 0, 0] + [0, 0, 0] * 254)
    ImageDraw.Draw(image).rectangle((0, 0, 29, 59), fill=1)
    path = tmp_path / "half.gif"
    image.save(path, transparency=0)
    grid = Converter(load_image(path)).grid(ConvertOptions(width=6, height=6))
    assert grid[:, :3].all() and not grid[:, 3:].any()


def _landscape(tint: tuple[float, float, float], noise: float) -> np.ndarray:
    """A photo-like scene: a soft sky gradient over a dark hill, with sensor noise."""
    rng = np.random.default_rng(7)
    ys, xs = np.mgrid[0:300, 0:400]
    sky = 200 - ys * 0.2
    hill = (ys - 300) ** 2 + ((xs - 200) * 0.8) ** 2 < 160**2
    scene = np.where(hill, 50.0, sky) + rng.normal(0, noise, ys.shape)
    return np.clip(np.stack([scene * part for part in tint], axis=2), 0, 255).astype(np.uint8)


@pytest.mark.parametrize(
    ("method", "tint"),
    [("hsv", (1.0, 1.0, 1.0)), ("otsu", (1.0, 1.0, 1.0)), ("otsu", (1.0, 0.9, 0.8))],
)
def test_noisy_photo_keeps_its_shape(method: str, tint: tuple[float, float, float]) -> None:
    options = ConvertOptions(width=20, height=15, method=method, fit="stretch")  # type: ignore[arg-type]
    from_noisy = _converter(Image.fromarray(_landscape(tint, 25))).grid(options)
    from_clean = _converter(Image.fromarray(_landscape(tint, 0))).grid(options)
    assert (from_noisy == from_clean).mean() >= 0.95
    assert from_noisy[-1].all() and not from_noisy[:6].any()
    assert from_noisy[8, 10] and not from_noisy[8, 0]


def test_hsv_rule_reads_a_tinted_photo_by_saturation_noise() -> None:
    # The Sevilla rule's known weakness, kept on purpose: in an evenly tinted picture every
    # pixel has about the mean saturation, so rounding decides. Otsu is the method for these.
    tinted = _converter(Image.fromarray(_landscape((1.0, 0.9, 0.8), 0)))
    hsv = tinted.grid(ConvertOptions(width=20, height=15, method="hsv"))
    otsu = tinted.grid(ConvertOptions(width=20, height=15, method="otsu"))
    assert hsv.mean() > 0.9 and 0.1 < otsu.mean() < 0.5


# --------------------------------------------------------------------------- HSV rule


def test_hsv_rule_on_crafted_pixels() -> None:
    # brightness: 1.0, 1.0, 0.5, 0.2 -> mean 0.675; saturation 0, 1, 0, 0 -> mean 0.25
    pixels = np.array(
        [[[255, 255, 255], [255, 0, 0], [128, 128, 128], [51, 51, 51]]], dtype=np.uint8
    )
    source = source_from_image(Image.fromarray(np.repeat(np.repeat(pixels, 5, 0), 5, 1)))
    step = source.width // 4
    centres = slice(step // 2, None, step)
    mask = hsv_dark_mask(source.brightness[centres, centres], source.saturation[centres, centres])
    # white: bright and grey -> light; red: bright but saturated -> dark; greys: too dim.
    assert mask.tolist() == [[False, True, True, True]]


def test_hsv_rule_brightness_equal_to_mean_is_light() -> None:
    flat = np.full((10, 10, 3), 120, dtype=np.uint8)
    source = source_from_image(Image.fromarray(flat))
    assert not hsv_dark_mask(source.brightness, source.saturation).any()


def test_cell_is_filled_when_at_least_half_its_pixels_are_dark() -> None:
    mask = np.zeros((4, 8), dtype=bool)
    mask[0:2, 0:4] = True  # cell (0,0): 8 of 16 dark -> filled
    mask[0:1, 4:8] = True
    mask[1, 4:7] = True  # cell (1,0): 7 of 16 dark -> empty
    assert grid_from_mask(mask, 2, 1, "stretch").tolist() == [[True, False]]


# --------------------------------------------------------------------------- options


def test_pad_keeps_proportions_and_stretch_fills() -> None:
    image = Image.new("RGB", (200, 100), "black")
    assert _grid(image, width=10, height=10, fit="stretch", method="threshold").all()
    padded = _grid(image, width=10, height=10, fit="pad", method="threshold")
    assert padded[3:7].all()  # rows 2.5..7.5 hold the picture
    assert not padded[:2].any() and not padded[8:].any()


def test_keep_aspect_derives_height() -> None:
    converter = _converter(Image.new("RGB", (300, 150), "white"))
    assert converter.resolved(ConvertOptions(width=20, keep_aspect=True)).height == 10
    assert converter.grid(ConvertOptions(width=20, keep_aspect=True)).shape == (10, 20)
    tall = _converter(Image.new("RGB", (100, 1000), "white"))
    assert tall.resolved(ConvertOptions(width=20, keep_aspect=True)).height == 50


def test_crop_trims_uniform_borders() -> None:
    image = Image.new("RGB", (300, 300), (200, 220, 240))
    ImageDraw.Draw(image).rectangle((100, 120, 159, 179), fill="black")
    ImageDraw.Draw(image).rectangle((100, 120, 129, 149), fill="white")
    source = source_from_image(image)
    assert source.crop_box == (100, 120, 160, 180)
    cropped = Converter(source).grid(
        ConvertOptions(width=6, height=6, crop=True, method="threshold")
    )
    expected = np.ones((6, 6), dtype=bool)
    expected[:3, :3] = False
    assert np.array_equal(cropped, expected)
    assert uniform_border_box(np.zeros((20, 30, 3), dtype=np.uint8)) == (0, 0, 30, 20)


def test_options_are_validated() -> None:
    with pytest.raises(ConvertError, match="between 5 and 50"):
        ConvertOptions(width=4)
    with pytest.raises(ConvertError, match="between 5 and 50"):
        ConvertOptions(height=51)
    with pytest.raises(ConvertError, match="method"):
        ConvertOptions(method="magic")  # type: ignore[arg-type]
    with pytest.raises(ConvertError, match="threshold"):
        ConvertOptions(threshold=1.5)


def test_parse_size_and_method() -> None:
    assert parse_size("20x15") == (20, 15)
    assert parse_size("25") == (25, 25)
    for bad in ("4x20", "20x", "axb", "1x2x3", "60x60"):
        with pytest.raises(ConvertError):
            parse_size(bad)
    assert parse_method("hsv") == ("hsv", None)
    assert parse_method("OTSU") == ("otsu", None)
    assert parse_method("threshold=0.45") == ("threshold", 0.45)
    for bad in ("threshold=abc", "threshold=2", "edges"):
        with pytest.raises(ConvertError):
            parse_method(bad)
    # A method without a level given one is named as such, not "unknown method" (QA).
    with pytest.raises(ConvertError, match="otsu takes no level: write it alone"):
        parse_method("otsu=0.3")


def test_otsu_separates_two_levels() -> None:
    values = np.concatenate([np.full(500, 0.2), np.full(500, 0.8)]).astype(np.float32)
    level = otsu_threshold(values.reshape(10, 100))
    assert 0.2 < level <= 0.8


def test_tiny_icon_is_upscaled_exactly() -> None:
    icon = np.full((5, 5), 255, dtype=np.uint8)
    icon[1:4, 2] = 0
    grid = _grid(Image.fromarray(icon, "L"), width=5, height=5, method="threshold")
    assert np.array_equal(grid, icon == 0)
    big = _grid(Image.fromarray(icon, "L"), width=10, height=10, method="threshold")
    assert np.array_equal(big, np.kron(icon == 0, np.ones((2, 2), dtype=bool)))


# --------------------------------------------------------------------------- files


def test_every_format_loads(tmp_path: Path) -> None:
    image = Image.new("RGB", (80, 80), "white")
    ImageDraw.Draw(image).rectangle((0, 0, 39, 79), fill="black")
    for suffix in ("png", "jpg", "gif", "bmp", "webp"):
        path = tmp_path / f"half.{suffix}"
        image.save(path)
        grid = Converter.open(path).grid(ConvertOptions(width=8, height=8))
        assert grid[:, :4].all() and not grid[:, 4:].any(), suffix


def test_sixteen_bit_greyscale_png_keeps_its_picture(tmp_path: Path) -> None:
    # PNG's 16-bit samples run 0..65535: a dark left half (0x1000) and a light right half
    # (0xF000). Both are above 255, which Pillow's own conversion clipped to white.
    samples = np.full((40, 40), 0xF000, dtype=np.uint16)
    samples[:, :20] = 0x1000
    path = tmp_path / "grey16.png"
    Image.fromarray(samples).save(path)
    assert Image.open(path).mode.startswith("I")
    grid = Converter.open(path).grid(ConvertOptions(width=8, height=8, method="otsu"))
    assert grid[:, :4].all() and not grid[:, 4:].any()
    # The in-memory route (the drawing canvas, tests) reads it the same way.
    again = Converter(source_from_image(Image.open(path))).grid(
        ConvertOptions(width=8, height=8, method="otsu")
    )
    assert np.array_equal(again, grid)


def test_exif_rotated_jpeg_is_turned_upright(tmp_path: Path) -> None:
    stored = Image.new("RGB", (200, 100), "white")
    ImageDraw.Draw(stored).rectangle((0, 0, 49, 49), fill="black")  # stored top-left
    exif = Image.Exif()
    exif[0x0112] = 6  # "rotate 90 clockwise to display"
    path = tmp_path / "rotated.jpg"
    stored.save(path, exif=exif.tobytes(), quality=95)
    source = load_image(path)
    assert (source.width, source.height) != (0, 0)
    assert source.height > source.width  # now portrait
    assert source.original_size == (100, 200)  # reported upright too
    grid = Converter(source).grid(ConvertOptions(width=10, height=20, fit="stretch"))
    # Turned clockwise, the stored top-left corner is now at the top right.
    assert grid[:5, 5:].all() and not grid[:, :5].any() and not grid[5:].any()


def test_animated_gif_uses_the_first_frame(tmp_path: Path) -> None:
    frames = []
    for left in (True, False):
        frame = Image.new("RGB", (50, 50), "white")
        box = (0, 0, 24, 49) if left else (25, 0, 49, 49)
        ImageDraw.Draw(frame).rectangle(box, fill="black")
        frames.append(frame)
    path = tmp_path / "anim.gif"
    frames[0].save(path, save_all=True, append_images=frames[1:], duration=100, loop=0)
    source = load_image(path)
    assert source.frame_count == 2
    grid = Converter(source).grid(ConvertOptions(width=10, height=10))
    assert grid[:, :5].all() and not grid[:, 5:].any()


def test_big_jpeg_is_reduced_early(tmp_path: Path) -> None:
    image = Image.new("RGB", (2400, 1800), "white")
    ImageDraw.Draw(image).ellipse((600, 300, 1800, 1500), fill="black")
    path = tmp_path / "big.jpg"
    image.save(path, quality=80)
    source = load_image(path)
    assert source.original_size == (2400, 1800)
    assert max(source.width, source.height) == WORKING_SIDE
    grid = Converter(source).grid(ConvertOptions(width=20, height=15, fit="stretch"))
    assert grid[7, 10] and not grid[0, 0]


# --------------------------------------------------------------------------- bad input


def _png_chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def bomb_png(width: int = 30000, height: int = 30000) -> bytes:
    """A few hundred bytes claiming a huge picture: a header and a token IDAT."""
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _png_chunk(b"IHDR", header)
        + _png_chunk(b"IDAT", zlib.compress(b"\0" * 64))
        + _png_chunk(b"IEND", b"")
    )


def test_text_file_named_png(tmp_path: Path) -> None:
    path = tmp_path / "notes.png"
    path.write_text("this is not a picture\n")
    with pytest.raises(ConvertError, match="not an image"):
        load_image(path)


def test_truncated_png(tmp_path: Path) -> None:
    buffer = io.BytesIO()
    noise = np.random.default_rng(1).integers(0, 255, (200, 200, 3), dtype=np.uint8)
    Image.fromarray(noise).save(buffer, "PNG")
    path = tmp_path / "cut.png"
    path.write_bytes(buffer.getvalue()[: len(buffer.getvalue()) // 2])
    with pytest.raises(ConvertError, match=r"incomplete|damaged"):
        load_image(path)


def test_a_jpeg_cut_short_says_so_in_plain_words(tmp_path: Path) -> None:
    """QA: a JPEG cut to a tenth said "...(cut short): image file is truncated (1 bytes not
    processed)": Pillow's words, repeated, with a byte count that is not the missing part."""
    buffer = io.BytesIO()
    noise = np.random.default_rng(2).integers(0, 255, (300, 400, 3), dtype=np.uint8)
    Image.fromarray(noise).save(buffer, "JPEG", quality=90)
    path = tmp_path / "cut.jpg"
    path.write_bytes(buffer.getvalue()[: len(buffer.getvalue()) // 10])
    with pytest.raises(ConvertError) as caught:
        load_image(path)
    assert str(caught.value) == "the image file is incomplete (cut short)"


def test_an_empty_file_is_called_empty(tmp_path: Path) -> None:
    """QA: a 0-byte .png was "not an image Hanjie can read; Hanjie reads PNG, ...": it is a
    PNG by name, and what is wrong is that it holds nothing."""
    path = tmp_path / "empty.png"
    path.write_bytes(b"")
    with pytest.raises(ConvertError) as caught:
        load_image(path)
    assert str(caught.value) == "the file is empty (0 bytes)"


@pytest.mark.parametrize("size", [(30000, 30000), (10000, 9000)])
def test_decompression_bomb_is_refused_before_decoding(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    path = tmp_path / "bomb.png"
    path.write_bytes(bomb_png(*size))
    assert path.stat().st_size < 1000
    assert size[0] * size[1] > MAX_SOURCE_PIXELS
    with pytest.raises(ConvertError, match=r"too large|safely"):
        load_image(path)


def test_one_pixel_image_says_why(tmp_path: Path) -> None:
    path = tmp_path / "dot.png"
    Image.new("RGB", (1, 1), "black").save(path)
    with pytest.raises(ConvertError, match=r"only 1x1 pixels.*at least 5"):
        load_image(path)


def test_unreadable_paths(tmp_path: Path) -> None:
    with pytest.raises(ConvertError, match="no such file"):
        load_image(tmp_path / "missing.png")
    with pytest.raises(ConvertError, match="folder"):
        load_image(tmp_path)


def test_blank_results_warn_but_stay_valid() -> None:
    white = _grid(Image.new("RGB", (50, 50), "white"), width=5, height=5, method="threshold")
    black = _grid(Image.new("RGB", (50, 50), "black"), width=5, height=5, method="threshold")
    assert not white.any() and black.all()
    assert "empty" in grid_warnings(white)[0]
    assert "filled" in grid_warnings(black)[0]
    assert puzzle_from_grid(white).filled_total == 0
    assert puzzle_from_grid(black).row_clues[0] == (5,)
    assert grid_warnings(np.eye(5, dtype=bool)) == ()


# --------------------------------------------------------------------------- reports


def test_report_lists_cells_where_two_solutions_differ() -> None:
    first = np.zeros((5, 5), dtype=bool)
    second = first.copy()
    first[1, 1] = first[2, 2] = True
    second[1, 2] = second[2, 1] = True
    report = report_from_result(SolveResult("multiple", [first, second]), 0.01)
    assert set(report.ambiguous_cells) == {(1, 1), (2, 2), (2, 1), (1, 2)}
    assert "4 cells" in report.summary and report.stars == 0
    timed_out = report_from_result(SolveResult("unknown", timed_out=True), 0.0)
    assert timed_out.status == "unknown" and "ran out of time" in timed_out.summary
    assert "time" in Report("unknown", note="").summary


def test_grid_text() -> None:
    assert grid_text(np.array([[True, False], [False, True]])) == "#.\n.#"


# --------------------------------------------------------------------------- with the solver


def _ambiguous_grid() -> np.ndarray:
    """Two diagonal cells in a 2x2 block can swap with the other diagonal: two solutions."""
    grid = np.zeros((5, 5), dtype=bool)
    grid[1, 1] = grid[2, 2] = True
    grid[4, :] = True
    return grid


def test_uniqueness_report_names_the_ambiguous_cells() -> None:
    report = check_uniqueness(puzzle_from_grid(_ambiguous_grid()), timeout=2.0)
    assert report.status == "multiple"
    assert set(report.ambiguous_cells) == {(1, 1), (2, 1), (1, 2), (2, 2)}
    plus = np.zeros((5, 5), dtype=bool)
    plus[2, :] = plus[:, 2] = True
    assert check_uniqueness(puzzle_from_grid(plus), timeout=2.0).status == "unique"


def test_uniqueness_check_in_small_slices_agrees() -> None:
    puzzle = puzzle_from_grid(_ambiguous_grid())
    check = UniquenessCheck(puzzle)
    slices = 0
    while not check.advance(0.0):
        slices += 1
        assert slices < 10_000
    assert check.report is not None and check.report.status == "multiple"
    assert set(check.report.ambiguous_cells) == set(check_uniqueness(puzzle).ambiguous_cells)


def test_convert_end_to_end_on_a_file(tmp_path: Path) -> None:
    image = Image.new("RGB", (120, 120), "white")
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 48, 119, 71), fill="black")
    draw.rectangle((48, 0, 71, 119), fill="black")
    path = tmp_path / "plus.png"
    image.save(path)
    result = convert(path, ConvertOptions(width=5, height=5), title="Plus", timeout=2.0)
    assert result.puzzle.title == "Plus" and result.puzzle.goal is not None
    assert result.report.status == "unique" and result.report.warnings == ()
    assert result.puzzle.row_clues[2] == (5,) and result.puzzle.row_clues[0] == (1,)
    white = tmp_path / "white.png"
    Image.new("RGB", (50, 50), "white").save(white)
    empty = convert(white, ConvertOptions(width=5, height=5, method="otsu"))
    assert not empty.grid.any() and "all white" in empty.report.warnings[0]
    assert empty.report.status == "unique"  # an empty picture is still a fair puzzle


def test_oversized_file_is_refused_before_reading(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import game.core.convert.load as convert_module

    path = tmp_path / "big.png"
    Image.new("RGB", (64, 64), "white").save(path)
    monkeypatch.setattr(convert_module, "MAX_FILE_BYTES", 10)
    with pytest.raises(ConvertError, match="a picture may have"):
        load_image(path)


def test_pad_cells_never_hold_more_pixels_than_their_area() -> None:
    """Each pad edge was rounded on its own, so a half-pixel shift rounded to even went up
    and down in turn; a cell then counted more pixels than its area and a dark margin cell's
    mean colour came out negative (NaN in Lab)."""
    from game.core.convert.grid import blocks_for

    for width in range(5, 51, 3):
        for height in range(5, 51, 4):
            for pixels in ((320, 299), (640, 427), (101, 333), (7, 640)):
                blocks = blocks_for(width, height, *pixels, "pad")
                xs, ys = blocks.clamped(*pixels)
                inside = np.outer(np.diff(ys), np.diff(xs))
                assert (inside <= blocks.area).all(), (width, height, pixels)
                assert (np.diff(blocks.xs) == blocks.widths).all()


def test_a_jpeg_with_a_garbage_exif_block_is_read_upright(tmp_path: Path) -> None:
    """Issue 36: a JPEG whose EXIF block cannot be written back (the camera-make text tag
    holding a float) crashed the converter, though its pixels are fine. Its orientation (6:
    turned a quarter) is still honoured."""
    image = Image.new("RGB", (60, 40), "white")
    ImageDraw.Draw(image).rectangle((0, 0, 29, 39), fill="black")
    entries = struct.pack("<HHII", 0x0112, 3, 1, 6) + struct.pack("<HHIf", 0x010F, 11, 1, 1.5)
    exif = b"Exif\x00\x00II*\x00\x08\x00\x00\x00" + struct.pack("<H", 2) + entries + b"\0" * 4
    path = tmp_path / "garbage-exif.jpg"
    image.save(path, "JPEG", quality=95, exif=exif)
    source = load_image(path)
    assert source.original_size == (40, 60)
    # The black left half, turned a quarter clockwise, is the top half.
    top, bottom = source.luminance[: source.height // 3], source.luminance[-source.height // 3 :]
    assert top.mean() < 0.2 and bottom.mean() > 0.8


def test_a_tga_named_png_is_called_a_tga_not_a_cur(tmp_path: Path) -> None:
    """Issue 36: an uncompressed TGA starts with the four bytes of a CUR icon; a TGA named
    .png was "a CUR file". Icons hold at least one image, a TGA's header has to add up."""
    picture = Image.new("RGB", (40, 30), "red")
    picture.save(tmp_path / "real.tga")
    (tmp_path / "photo.png").write_bytes((tmp_path / "real.tga").read_bytes())
    with pytest.raises(ConvertError) as caught:
        load_image(tmp_path / "photo.png")
    assert str(caught.value).startswith("this is a TGA file;")
    picture.save(tmp_path / "icon.ico")
    (tmp_path / "icon.png").write_bytes((tmp_path / "icon.ico").read_bytes())
    with pytest.raises(ConvertError, match=r"^this is an ICO file;"):
        load_image(tmp_path / "icon.png")
    (tmp_path / "notes.png").write_text("a shopping list, not a picture\n")
    with pytest.raises(ConvertError, match=r"not an image Hanjie can read, though named \.png"):
        load_image(tmp_path / "notes.png")
