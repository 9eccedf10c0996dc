"""Photos that keep their subject (issue 47): a small red insect on a green field gets a red
swatch and red cells, the photo opens zoomed on it, and near shades of the ground merge."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

from game.core.convert.accent import keep_subject, salient_mass
from game.core.convert.converter import Converter
from game.core.convert.first_look import opening_options
from game.core.convert.load import source_from_image
from game.core.convert.quantise import choose_count, histogram
from game.core.convert.small_subject import find_spot, small_subject_frame, suggested_size
from game.core.convert.subject import lab

# The insect's box in the 640x400 picture (x0, y0, x1, y1): 0.3% of it, right of centre.
INSECT = (420, 176, 456, 202)


def _insect_on_leaves(seed: int = 5) -> Image.Image:
    """A small red-orange insect on a stem across a field of leaves in many greens, two
    pale blue flowers, blur and noise: the ladybird photo's kind, drawn here."""
    rng = np.random.default_rng(seed)
    width, height = 640, 400
    image = Image.new("RGB", (width, height), (80, 120, 45))
    draw = ImageDraw.Draw(image)
    for _ in range(900):  # leaves in light, mid and dark greens
        x, y = rng.uniform(0, width), rng.uniform(0, height)
        green = (int(rng.integers(50, 170)), int(rng.integers(90, 200)), int(rng.integers(20, 90)))
        draw.ellipse((x, y, x + rng.uniform(20, 60), y + rng.uniform(8, 25)), fill=green)
    for cx, cy in ((120, 90), (520, 320)):  # flowers, off the insect
        draw.ellipse((cx - 30, cy - 30, cx + 30, cy + 30), fill=(140, 165, 225))
    draw.line((0, 260, width, 150), fill=(150, 200, 90), width=8)  # the stem
    x0, y0, x1, y1 = INSECT
    draw.ellipse((x0, y0, x1, y1), fill=(215, 70, 15))
    draw.ellipse((x1 - 8, y0 + 5, x1 + 2, y1 - 5), fill=(20, 20, 20))  # its head
    image = image.filter(ImageFilter.GaussianBlur(1.2))
    noise = rng.normal(0, 4, (height, width, 3))
    return Image.fromarray(np.clip(np.asarray(image) + noise, 0, 255).astype(np.uint8))


def _reds(rgbs: list[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
    """The colours of ``rgbs`` that read as red-orange (Lab hue 20-70 degrees, chroma 45+)."""
    found = []
    for rgb in rgbs:
        _l, a, b = lab(np.array(rgb, dtype=np.float64) / 255.0)
        hue = np.degrees(np.arctan2(b, a))
        if np.hypot(a, b) >= 45 and 20 <= hue <= 70:
            found.append(rgb)
    return found


def test_auto_colours_alone_give_the_small_insect_no_slot() -> None:
    """What the issue saw: Auto's fit spends its colours on greens."""
    rgb = np.asarray(_insect_on_leaves())
    assert not _reds(list(choose_count(histogram(rgb)).rgb))


def test_the_insect_gets_a_slot_and_the_greens_give_way() -> None:
    rgb = np.asarray(_insect_on_leaves())
    hist = histogram(rgb)
    auto = choose_count(hist)
    kept = keep_subject(hist, salient_mass(rgb, hist), auto, rgb)
    assert len(_reds(list(kept.rgb))) == 1
    assert kept.count <= max(auto.count + 1, 3)
    (accent,) = kept.accents
    assert _reds([kept.rgb[accent]])


def test_the_photo_opens_zoomed_on_the_insect_and_its_cells_are_red() -> None:
    source = source_from_image(_insect_on_leaves())
    spot = find_spot(source.rgb)
    assert spot is not None and spot.share < 0.01
    frame = small_subject_frame(source.rgb, 30, 30)
    assert frame is not None
    x0, y0, x1, y1 = frame
    ix0, iy0, ix1, iy1 = (INSECT[0] / 640, INSECT[1] / 400, INSECT[2] / 640, INSECT[3] / 400)
    assert x0 <= ix0 and x1 >= ix1 and y0 <= iy0 and y1 >= iy1  # it holds the insect
    assert (x1 - x0) * (y1 - y0) < 0.15  # ... zoomed: far less than the photo
    converter = Converter(source)
    options = replace(opening_options(source, 30, 30), colours="auto")
    assert options.frame == converter.auto_frame(30, 30)
    coloured = converter.colour_cells(options)
    palette = coloured.palette
    rgbs = [palette.colour(i).rgb for i in range(palette.count + 1)]
    reds = _reds(rgbs)
    assert len(reds) == 1
    red_cells = int((coloured.cells == rgbs.index(reds[0])).sum())
    assert 6 <= red_cells <= 90  # a body of cells, not a speck, not a tenth of the grid
    assert suggested_size(source.rgb, options.frame) in (20, 30)


def test_a_large_subject_keeps_the_coarse_frame_and_no_accent_is_invented() -> None:
    """A photo of one colour family (a yellow flower filling it) gets no extra slot."""
    rng = np.random.default_rng(1)
    yy, xx = np.mgrid[0:300, 0:400]
    petals = (np.sin(np.arctan2(yy - 150, xx - 200) * 12) > 0) & (
        (yy - 150) ** 2 + (xx - 200) ** 2 < 130**2
    )
    rgb = np.zeros((300, 400, 3), dtype=np.float64)
    rgb[...] = (30, 25, 8)
    rgb[petals] = (250, 210, 30)
    rgb += rng.normal(0, 6, rgb.shape)
    pixels = np.clip(rgb, 0, 255).astype(np.uint8)
    hist = histogram(pixels)
    auto = choose_count(hist)
    kept = keep_subject(hist, salient_mass(pixels, hist), auto, pixels)
    assert kept.accents == () and kept.count <= auto.count
    assert find_spot(pixels) is None
