"""The converter's document in colour: the palette's swatches, merging, recolouring and
dropping them, touch-ups in colour, each one undo step, and the colour puzzle it saves."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw

from game.core.convert.converter import Converter
from game.core.convert.load import source_from_image
from game.core.create.editor import ConverterDocument
from game.core.create.fair_edits import Edit
from game.core.create.make_fair import FairResult
from game.core.create.palette_edits import PaletteEditError, PaletteEdits
from game.core.formats import read_puzzle

WHITE, RED, ORANGE, BLUE = (255, 255, 255), (220, 30, 30), (245, 130, 20), (30, 60, 200)


def _picture() -> Converter:
    """120x120 on white: a red block (rows 1-4), an orange one beside it, a blue bar below."""
    image = Image.new("RGB", (120, 120), WHITE)
    draw = ImageDraw.Draw(image)
    draw.rectangle((12, 12, 59, 59), fill=RED)  # cells 1-4 of 10
    draw.rectangle((60, 12, 95, 59), fill=ORANGE)  # cells 5-7
    draw.rectangle((12, 84, 107, 107), fill=BLUE)  # rows 7-8, cells 1-8
    return Converter(source_from_image(image))


def _opened() -> ConverterDocument:
    document = ConverterDocument()
    document.open_picture(_picture(), photo_defaults=False)
    document.set_options(
        replace(document.options, width=10, height=10, fit="stretch", colours=4, clean=False)
    )
    return document


def _label(document: ConverterDocument, rgb: tuple[int, int, int]) -> int:
    swatch = min(
        document.swatches, key=lambda s: sum((a - b) ** 2 for a, b in zip(s.rgb, rgb, strict=True))
    )
    return swatch.label


def _count(document: ConverterDocument, rgb: tuple[int, int, int]) -> int:
    assert document.colour_cells is not None
    return int((document.colour_cells == _label(document, rgb)).sum())


def test_a_colour_picture_shows_its_swatches() -> None:
    document = _opened()
    swatches = document.swatches
    assert len(swatches) == 4 and swatches[0].background
    assert swatches[0].rgb == WHITE
    assert {s.name for s in swatches} == {"white", "red", "orange", "blue"}
    assert _count(document, RED) == 16 and _count(document, ORANGE) == 12
    assert _count(document, BLUE) == 16
    assert document.grid.sum() == 44  # the cells that are not background


def test_merge_takes_the_cells_and_undo_gives_them_back() -> None:
    document = _opened()
    before = document.colour_cells.copy()  # type: ignore[union-attr]
    red, orange = _label(document, RED), _label(document, ORANGE)
    document.merge_swatches(orange, red)
    assert len(document.swatches) == 3
    assert _count(document, RED) == 28
    puzzle = document.puzzle("merged")
    assert puzzle.colour_count == 2
    assert document.undo()
    assert np.array_equal(document.colour_cells, before) and len(document.swatches) == 4
    assert document.redo() and len(document.swatches) == 3


def test_recolour_changes_the_saved_colour_not_the_cells(tmp_path: Path) -> None:
    document = _opened()
    blue = _label(document, BLUE)
    before = document.colour_cells.copy()  # type: ignore[union-attr]
    document.recolour_swatch(blue, (20, 160, 60))
    assert np.array_equal(document.colour_cells, before)
    path = document.save(tmp_path, "recoloured")
    saved = read_puzzle(path)
    assert saved.is_colour and (20, 160, 60) in {c.rgb for c in saved.colours.colours}
    assert BLUE not in {c.rgb for c in saved.colours.colours}
    document.undo()
    assert (20, 160, 60) not in {s.rgb for s in document.swatches}


def test_drop_sends_the_cells_to_the_nearest_colour_left() -> None:
    document = _opened()
    document.drop_swatch(_label(document, ORANGE))
    # Orange is nearer red than blue or white (in Lab): its 12 cells go to red.
    assert len(document.swatches) == 3 and _count(document, RED) == 28
    assert document.undo() and len(document.swatches) == 4


def test_the_background_cannot_go_and_a_colour_must_stay() -> None:
    document = _opened()
    background = document.swatches[0].label
    with pytest.raises(PaletteEditError):
        document.drop_swatch(background)
    with pytest.raises(PaletteEditError):
        document.merge_swatches(background, _label(document, RED))
    document.merge_swatches(_label(document, ORANGE), _label(document, RED))
    document.drop_swatch(_label(document, BLUE))
    with pytest.raises(PaletteEditError, match="one colour"):
        document.drop_swatch(_label(document, RED))
    assert len(document.swatches) == 2


def test_touch_ups_paint_with_a_swatch_and_follow_a_merge_and_a_new_size() -> None:
    document = _opened()
    blue, red = _label(document, BLUE), _label(document, RED)
    document.begin_stroke()
    document.paint([(0, 0), (9, 0)], blue)
    assert document.colour_cells[0, 0] == blue and document.grid[0, 0]  # type: ignore[index]
    document.paint([(2, 2)], document.swatches[0].label)  # background over red
    assert not document.grid[2, 2]
    document.merge_swatches(blue, red)
    assert document.colour_cells[0, 0] == red  # type: ignore[index]
    document.set_options(replace(document.options, width=20, height=20))
    cells = document.colour_cells
    assert cells is not None and cells.shape == (20, 20)
    assert (cells[0:2, 0:2] == red).all() and not document.grid[4:6, 4:6].any()
    document.undo()  # the merge
    document.undo()  # the stroke
    assert document.touched == 0


def test_make_it_fairs_colour_edits_are_one_step() -> None:
    document = _opened()
    red = _label(document, RED)
    _, _, order = document.palette_edits.puzzle_colours(document.colour_cells)  # type: ignore[union-attr, arg-type]
    number = order.index(red)

    edit = Edit(0, 9, True, number, "red")  # what the colour search hands back
    grid = document.grid.copy()
    result = FairResult(True, (edit,), grid, 2, 0.0, 1)
    assert document.apply_fair(result)
    assert document.colour_cells[9, 0] == red  # type: ignore[index]
    assert document.undo() and document.colour_cells[9, 0] != red  # type: ignore[index]


def test_back_to_black_and_white_keeps_the_picture() -> None:
    document = _opened()
    document.set_options(replace(document.options, colours=2, method="otsu"))
    assert document.colour_cells is None and document.swatches == []
    assert not document.puzzle("bw").is_colour


def test_edits_belong_to_their_palette() -> None:
    edits = PaletteEdits.fresh((WHITE, RED, BLUE), 0)
    assert edits.fits((WHITE, RED, BLUE), 0) and not edits.fits((WHITE, RED), 0)
    merged = edits.merge(2, 1)
    assert merged.swatches == (0, 1) and merged.into == (0, 1, 1)
    assert edits.swatches == (0, 1, 2)  # a value: the old one is unchanged
    cells = np.array([[0, 1, 2]], dtype=np.int8)
    assert merged.apply(cells).tolist() == [[0, 1, 1]]


def test_a_swatch_recoloured_next_to_another_is_saved_apart_from_it(tmp_path: Path) -> None:
    # Orange recoloured a shade off red (Delta E ~8): the saved puzzle draws the two at least
    # PLAY_DISTANCE apart, the cells as they were.
    from game.core.convert.distinct_colours import PLAY_DISTANCE, closest_pair

    document = _opened()
    document.recolour_swatch(_label(document, ORANGE), (205, 35, 35))
    cells = document.colour_cells.copy()  # type: ignore[union-attr]
    saved = read_puzzle(document.save(tmp_path, "two reds"))
    rgbs = [saved.colours.background.rgb, *(c.rgb for c in saved.colours.colours)]
    assert closest_pair(rgbs)[0] >= PLAY_DISTANCE
    assert saved.colour_count == 3
    assert np.array_equal(document.colour_cells, cells)


def test_the_swatches_are_numbered_as_the_puzzle_numbers_its_colours() -> None:
    # The converter showed cream as swatch 1 and the game played it as colour 2: swatches
    # came in label order, the puzzle numbers its colours commonest first.
    document = _opened()
    orange = _label(document, ORANGE)
    document.begin_stroke()  # orange painted over the white row 6: now the commonest colour
    document.paint([(x, 6) for x in range(10)] + [(x, 9) for x in range(10)], orange)
    assert document.colour_cells is not None and document.palette_edits is not None
    assert document.swatches[1].label == orange
    _, _, order = document.palette_edits.puzzle_colours(document.colour_cells)
    assert tuple(s.label for s in document.swatches) == order
    counts = [s.cells for s in document.swatches[1:]]
    assert counts == sorted(counts, reverse=True)
