"""A photo's colour grid around its subject (issue 47, game/core/convert/ground.py): a thin
part of the subject keeps its cells, specks go and lines stay, a busy ground round a fish
becomes one colour, a sky over a castle only calms."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

from game.core.convert.converter import Converter
from game.core.convert.first_look import opening_options
from game.core.convert.grid import blocks_for
from game.core.convert.ground import (
    BUSY_GROUND,
    background_votes,
    flatten_ground,
    tidy_pieces,
)
from game.core.convert.load import source_from_image
from game.core.convert.quantise import label_tables, vote_cells
from game.core.convert.saliency import SalientObject


def _object(mask: np.ndarray, contrast: float = 0.5) -> SalientObject:
    ys, xs = np.nonzero(mask)
    box = (int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1)
    return SalientObject(mask, 0.8, float(mask.mean()), box, 0.0, contrast)


# -- a thin part of the subject -----------------------------------------------------------------


def _screwdriver() -> tuple[np.ndarray, np.ndarray]:
    """Labels of a 300x300 picture (10 pixels a cell at 30x30): ground 0, a handle 1 (a
    block) and its shaft 1, 3 pixels wide, running on to the right; and the object's mask on
    the cells (the handle and the shaft's cells, as the saliency map finds them)."""
    labels = np.zeros((300, 300), dtype=np.int8)
    labels[130:170, 60:140] = 1  # the handle
    labels[144:147, 140:260] = 1  # the shaft: 3 of a cell's 10 rows
    mask = np.zeros((30, 30), dtype=bool)
    mask[13:17, 6:26] = True
    return labels, mask


def test_a_thin_shaft_loses_every_cell_to_the_ground_by_plain_votes() -> None:
    labels, _mask = _screwdriver()
    blocks = blocks_for(30, 30, 300, 300, "stretch")
    cells = vote_cells(label_tables(labels, 2), (300, 300), blocks, 0)
    assert cells[13:17, 6:14].all()  # the handle
    assert not cells[:, 14:].any()  # no cell of the shaft


def test_inside_the_subject_the_ground_votes_less_and_the_shaft_keeps_its_cells() -> None:
    labels, mask = _screwdriver()
    blocks = blocks_for(30, 30, 300, 300, "stretch")
    votes = background_votes(_object(mask), (30, 30))
    assert votes is not None
    cells = vote_cells(label_tables(labels, 2), (300, 300), blocks, 0, background_vote=votes)
    assert cells[14, 14:26].all()  # the shaft, one cell thick, unbroken
    assert cells[14].sum() == 20 and cells.sum() == 4 * 8 + 12  # and nothing else grew
    assert background_votes(None, (30, 30)) is None


# -- specks ---------------------------------------------------------------------------------------


def test_specks_of_one_and_two_cells_go_and_a_line_stays() -> None:
    cells = np.zeros((12, 12), dtype=np.int8)
    cells[2, 2] = 1  # a lone speck
    cells[5, 5] = cells[6, 6] = 2  # a speck of two, touching at a corner
    cells[9, 1:8] = 3  # a line one cell thick
    cells[1, 9] = cells[2, 10] = cells[3, 11] = 3  # a diagonal line of three
    cells[10, 10] = 4  # a kept colour (an accent)
    tidied = tidy_pieces(cells, 5, keep=(4,))
    assert tidied[2, 2] == 0 and tidied[5, 5] == 0 and tidied[6, 6] == 0
    assert (tidied[9, 1:8] == 3).all()
    assert tidied[1, 9] == tidied[2, 10] == tidied[3, 11] == 3
    assert tidied[10, 10] == 4


def test_a_speck_takes_the_colour_around_it() -> None:
    cells = np.zeros((6, 6), dtype=np.int8)
    cells[:, 3:] = 1
    cells[2, 4] = 2  # in the field of 1
    cells[3, 1] = 1  # a speck of 1 in the field of 0
    tidied = tidy_pieces(cells, 3)
    assert tidied[2, 4] == 1 and tidied[3, 1] == 0
    assert (tidied[:, :3] == 0).all() and (tidied[:, 3:] == 1).all()


# -- the ground -----------------------------------------------------------------------------------


def _fish_over_coral(rng: np.random.Generator, bottom: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """Cells of a fish (1, with a fin of its colour outside the object's mask) over a ground
    of background 0 broken by patches of 2 and 3; the bottom row is ``bottom``."""
    cells = rng.choice(np.array([0, 0, 2, 3], dtype=np.int8), size=(30, 30))
    cells[12:18, 8:22] = 1
    mask = np.zeros((30, 30), dtype=bool)
    mask[12:18, 8:22] = True
    cells[18:22, 14] = 1  # a fin below the body, outside the mask (grown by 2) and joined
    cells[-1] = bottom
    return cells, mask


def test_a_busy_ground_round_a_fish_becomes_the_background_and_its_fin_stays() -> None:
    cells, mask = _fish_over_coral(np.random.default_rng(3))
    flat = flatten_ground(cells, 4, 0, _object(mask))
    assert (flat[mask] == 1).all()
    assert (flat[18:22, 14] == 1).all()  # the fin, joined to the fish
    far = np.ones((30, 30), dtype=bool)
    far[8:24, 4:26] = False
    assert (flat[far] == 0).all()  # the ground, one colour
    assert set(np.unique(flat).tolist()) <= {0, 1, 2, 3}


def test_a_quiet_ground_or_a_faint_object_is_left_as_it_is() -> None:
    cells, mask = _fish_over_coral(np.random.default_rng(3))
    assert flatten_ground(cells, 4, 0, _object(mask, contrast=0.2)) is cells
    assert flatten_ground(cells, 4, 0, None) is cells
    quiet = np.zeros((30, 30), dtype=np.int8)
    quiet[12:18, 8:22] = 1
    quiet[25:, :] = 2  # a table's edge: one long boundary, not texture
    assert flatten_ground(quiet, 3, 0, _object(mask)) is quiet


def test_without_the_background_under_the_subject_the_ground_is_calmed_not_flattened() -> None:
    """A castle under a sky: the ground below is not the sky's colour, so the grid keeps its
    own ground, only with its specks and ragged patches evened out."""
    rng = np.random.default_rng(4)
    cells, mask = _fish_over_coral(rng, bottom=2)
    cells[20:29] = rng.choice(np.array([2, 2, 2, 3], dtype=np.int8), size=(9, 30))
    flat = flatten_ground(cells, 4, 0, _object(mask))
    assert (flat[24:] != 0).all()  # the ground stays ground
    assert (flat[mask] == 1).all()
    outside = np.ones((30, 30), dtype=bool)
    outside[10:20, 6:24] = False
    changes = (flat[:, 1:] != flat[:, :-1])[outside[:, 1:]].mean()
    assert changes < (cells[:, 1:] != cells[:, :-1])[outside[:, 1:]].mean() / 2
    assert BUSY_GROUND > 0


# -- a drawn photo through the converter ---------------------------------------------------------


def _fish_photo(seed: int = 2) -> Image.Image:
    """An orange fish with a tail in the middle of a 480x360 reef of many small patches in
    greens, purples and browns, blurred and noisy."""
    rng = np.random.default_rng(seed)
    width, height = 480, 360
    image = Image.new("RGB", (width, height), (40, 70, 60))
    draw = ImageDraw.Draw(image)
    colours = ((60, 110, 70), (110, 70, 110), (120, 100, 60), (30, 50, 45), (90, 130, 120))
    for _ in range(1400):
        x, y = rng.uniform(0, width), rng.uniform(0, height)
        size = rng.uniform(6, 18)
        draw.ellipse((x, y, x + size, y + size), fill=colours[int(rng.integers(len(colours)))])
    draw.ellipse((170, 140, 310, 215), fill=(240, 140, 30))  # the fish
    draw.polygon(((300, 178), (350, 140), (350, 215)), fill=(240, 140, 30))  # its tail
    draw.ellipse((190, 165, 202, 177), fill=(20, 20, 20))  # its eye
    image = image.filter(ImageFilter.GaussianBlur(1.0))
    noise = rng.normal(0, 4, (height, width, 3))
    return Image.fromarray(np.clip(np.asarray(image) + noise, 0, 255).astype(np.uint8))


def test_auto_colours_draw_the_fish_on_a_plain_ground() -> None:
    converter = Converter(source_from_image(_fish_photo()))
    options = replace(opening_options(converter.source, 30, 30), colours="auto")
    assert converter.is_photo
    coloured = converter.colour_cells(options)
    cells = coloured.cells
    found = converter.cell_object(options)
    assert found is not None
    rgbs = {number: coloured.palette.colour(number).rgb for number in range(1, 9)
            if number <= coloured.palette.count}  # fmt: skip
    orange = [number for number, (red, _g, blue) in rgbs.items() if red > 180 and blue < 120]
    assert orange and np.isin(cells, orange).sum() >= 40  # the fish is there
    ys, xs = np.nonzero(np.isin(cells, orange))
    border = np.concatenate([cells[0], cells[-1], cells[:, 0], cells[:, -1]])
    assert (border == 0).mean() >= 0.9  # the reef round it is one colour
    outside = np.ones(cells.shape, dtype=bool)
    outside[max(0, ys.min() - 3) : ys.max() + 4, max(0, xs.min() - 3) : xs.max() + 4] = False
    assert (cells[outside] == 0).mean() >= 0.9


def test_the_colour_work_finds_the_grids_object_in_steps_with_dark_lines_off() -> None:
    """With Dark lines off no Auto black-and-white choice prepares the cells' colours first:
    the colour work does it in its own steps, and is ready only when the object is known."""
    converter = Converter(source_from_image(_fish_photo()))
    options = replace(opening_options(converter.source, 30, 30), colours="auto", lines=False)
    steps = converter.preparing_colours(options)
    count = 0
    for _ in steps:
        count += 1
        if count == 1:
            assert not converter.colours_ready(options)
    assert count >= 5 and converter.colours_ready(options)
    assert converter.cell_object(options) is not None
