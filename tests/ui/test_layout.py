"""The play screen's pixel <-> cell maths, tested without a window."""

from __future__ import annotations

from game.ui.layout import (
    MAX_CELL,
    Box,
    compute_board_layout,
    compute_play_regions,
    fit_picture,
    is_thick,
)

DEFAULT_AREA = Box(0, 0, 800, 600)


def layout_for(w: int, h: int, area: Box = DEFAULT_AREA, runs: int = 2, digits: int = 1):
    run = 10 ** (digits - 1)
    rows = [tuple([run] * runs)] + [(1,)] * (h - 1)
    columns = [tuple([run] * runs)] + [(1,)] * (w - 1)
    return compute_board_layout(area, w, h, rows, columns)


def test_everything_fits_in_the_area_and_is_centred() -> None:
    area = Box(10, 20, 700, 500)
    for size in (5, 10, 15, 20, 30, 50):
        layout = layout_for(size, size, area, runs=size // 3 + 1)
        outer = layout.outer_box
        assert outer.x >= area.x and outer.y >= area.y
        assert outer.right <= area.right and outer.bottom <= area.bottom
        # Centred: the slack on either side differs by at most one pixel in both directions.
        assert abs((outer.x - area.x) - (area.right - outer.right)) <= 1 or outer.y == area.y
        assert abs((outer.y - area.y) - (area.bottom - outer.bottom)) <= 1 or outer.x == area.x


def test_cell_size_is_capped_for_small_puzzles_and_shrinks_for_large_ones() -> None:
    small = layout_for(5, 5, Box(0, 0, 1600, 1000))
    large = layout_for(30, 30, Box(0, 0, 1600, 1000), runs=8)
    assert small.cell == MAX_CELL
    assert large.cell < small.cell
    assert large.cell >= 20


def test_clue_strips_grow_with_the_longest_clue_and_the_digits() -> None:
    short = layout_for(20, 20, runs=2)
    long = layout_for(20, 20, runs=7)
    assert long.row_runs == 7 and long.column_runs == 7
    assert long.row_clue_width / long.cell > short.row_clue_width / short.cell
    two_digits = layout_for(20, 20, runs=2, digits=2)
    assert two_digits.row_slot / two_digits.cell > short.row_slot / short.cell


def test_empty_clues_still_get_one_slot_for_their_zero() -> None:
    layout = compute_board_layout(Box(0, 0, 400, 400), 3, 3, [(), (), ()], [(), (), ()])
    assert layout.row_runs == 1 and layout.column_runs == 1


def test_thick_lines_every_five_and_on_the_border() -> None:
    assert [k for k in range(16) if is_thick(k, 15)] == [0, 5, 10, 15]
    assert [k for k in range(8) if is_thick(k, 7)] == [0, 5, 7]
    layout = layout_for(12, 7)
    xs = [thick for _, thick in layout.vertical_lines()]
    assert len(xs) == 13 and xs[0] and xs[5] and xs[10] and xs[12] and not xs[1]
    ys = list(layout.horizontal_lines())
    assert ys[0][0] == layout.top and ys[-1][0] == layout.bottom


def test_cell_at_matches_cell_boxes_everywhere() -> None:
    layout = layout_for(7, 4)
    for y in range(4):
        for x in range(7):
            box = layout.cell_box(x, y)
            for px, py in ((box.x, box.y), (box.right - 1, box.bottom - 1), box.centre):
                assert layout.cell_at((px, py)) == (x, y)
            inner = layout.cell_inner(x, y)
            assert box.contains(inner.x, inner.y)
            assert box.contains(inner.right - 1, inner.bottom - 1)


def test_cell_at_is_none_outside_the_grid() -> None:
    layout = layout_for(5, 5)
    assert layout.cell_at((layout.left - 1, layout.top)) is None
    assert layout.cell_at((layout.left, layout.top - 1)) is None
    assert layout.cell_at((layout.right, layout.top)) is None
    assert layout.cell_at((layout.left, layout.bottom)) is None


def test_clamped_hit_testing_picks_the_nearest_edge_cell() -> None:
    layout = layout_for(6, 4)
    assert layout.cell_at_clamped((-500, -500)) == (0, 0)
    assert layout.cell_at_clamped((10_000, layout.top + layout.cell + 1)) == (5, 1)
    assert layout.cell_at_clamped((layout.left + 2 * layout.cell, 10_000)) == (2, 3)


def test_inner_boxes_never_cover_a_grid_line() -> None:
    layout = layout_for(11, 11)
    line_xs = {x for x, _ in layout.vertical_lines()}
    thick_xs = {x - 1 for x, thick in layout.vertical_lines() if thick}
    for x in range(11):
        inner = layout.cell_inner(x, 0)
        covered = set(range(inner.x, inner.right))
        assert not covered & (line_xs | thick_xs)


def test_clue_hit_testing_and_number_slots() -> None:
    layout = layout_for(10, 8, runs=3)
    box = layout.row_clue_box(4)
    assert layout.row_clue_at(box.centre) == 4
    assert layout.row_clue_at(layout.cell_box(0, 4).centre) is None
    cbox = layout.column_clue_box(7)
    assert layout.column_clue_at(cbox.centre) == 7
    assert layout.column_clue_at(layout.cell_box(7, 0).centre) is None
    # Numbers are right-aligned against the grid, with the last one nearest to it.
    last = layout.row_number_box(4, 2, 3)
    first = layout.row_number_box(4, 0, 3)
    assert first.x < last.x and last.right == layout.left - layout.gap
    bottom = layout.column_number_box(7, 1, 2)
    assert bottom.bottom == layout.top - layout.gap
    assert 7 <= layout.clue_font_px <= layout.cell


def test_play_regions_do_not_overlap_and_fill_the_window() -> None:
    for width, height in ((800, 600), (1280, 800), (1920, 1080)):
        regions = compute_play_regions(width, height)
        assert regions.top_bar.bottom == regions.side_panel.y
        assert regions.board_area.right <= regions.side_panel.x
        assert regions.side_panel.bottom == regions.help_line.y
        assert regions.help_line.bottom == height
        assert regions.board_area.w > width // 2


def test_fit_picture_uses_whole_pixels_per_cell() -> None:
    box, per_cell = fit_picture(Box(0, 0, 200, 100), 30, 20)
    assert per_cell == 5
    assert box == Box(25, 0, 150, 100)
    tiny, per = fit_picture(Box(0, 0, 50, 50), 100, 100)
    assert per == 1 and tiny.w == 100


def test_a_zoomed_board_scrolls_under_pinned_clue_strips() -> None:
    area = Box(10, 20, 400, 300)
    clues = [(1, 2, 3)] * 40
    fitted = compute_board_layout(area, 40, 40, clues, clues)
    assert not fitted.scrollable
    zoomed = compute_board_layout(area, 40, 40, clues, clues, cell=20)
    assert zoomed.cell == 20 and zoomed.scrollable
    limit_x, limit_y = zoomed.scroll_limit
    assert limit_x > 0 and limit_y > 0
    assert zoomed.row_clue_box(0).x == area.x and zoomed.column_clue_box(0).y == area.y
    moved = compute_board_layout(area, 40, 40, clues, clues, cell=20, scroll=(60, 10_000))
    assert moved.scroll == (60, limit_y)  # clamped to what there is to see
    assert moved.left == zoomed.left - 60
    assert moved.row_clue_box(3).x == area.x  # the strip stays; its rows move
    assert moved.row_clue_box(3).y == moved.top + 3 * 20
    # At the end of the scroll the last row is in view, inside the area.
    last = moved.cell_box(5, 39)
    assert moved.cells_view.contains(*last.centre) and last.bottom <= area.bottom
    # Cells scrolled under a clue strip cannot be hit there.
    under = (moved.cells_view.x - 3, moved.cells_view.y + 5)
    assert moved.cell_at(under) is None
    assert moved.row_clue_at(under) is not None
    assert moved.geometry == zoomed.geometry


def test_scrolled_to_show_brings_a_cell_into_view() -> None:
    area = Box(0, 0, 300, 300)
    clues = [(1,)] * 50
    layout = compute_board_layout(area, 50, 50, clues, clues, cell=24)
    sx, sy = layout.scrolled_to_show(45, 2)
    moved = compute_board_layout(area, 50, 50, clues, clues, cell=24, scroll=(sx, sy))
    assert moved.cells_view.contains(*moved.cell_box(45, 2).centre)
    assert moved.scrolled_to_show(45, 2) == moved.scroll  # already in view: no change
