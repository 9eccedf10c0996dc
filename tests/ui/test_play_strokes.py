"""Shift+arrow painting is one undo step per Shift-held stroke, as a mouse drag is one."""

from __future__ import annotations

import pygame

from game.core.board import Cell
from tests.ui.play_helpers import cells, drag, key, open_play


def test_a_shift_arrow_stroke_is_one_undo_step_like_a_drag() -> None:
    scene = open_play()  # WIDE's first row is empty: room to paint
    key(scene, pygame.K_z)  # fill the cursor's cell: (0, 0), its own step
    key(scene, pygame.K_LSHIFT, up=False)
    for _ in range(4):
        key(scene, pygame.K_RIGHT, pygame.KMOD_SHIFT)
    key(scene, pygame.K_LSHIFT, pygame.KMOD_NONE)  # the Shift goes up: the stroke ends
    assert cells(scene, 0)[:6] == [Cell.FILLED] * 5 + [Cell.UNKNOWN]
    key(scene, pygame.K_z, pygame.KMOD_CTRL)  # one undo takes back the whole stroke
    assert cells(scene, 0)[:6] == [Cell.FILLED] + [Cell.UNKNOWN] * 5
    key(scene, pygame.K_y, pygame.KMOD_CTRL)  # one redo makes it again
    assert cells(scene, 0)[:6] == [Cell.FILLED] * 5 + [Cell.UNKNOWN]
    key(scene, pygame.K_z, pygame.KMOD_CTRL)
    key(scene, pygame.K_z, pygame.KMOD_CTRL)  # and the first fill is a step of its own
    assert cells(scene, 0)[:6] == [Cell.UNKNOWN] * 6
    # The same as a drag over the same cells: one step.
    drag(scene, (0, 0), (4, 0))
    key(scene, pygame.K_z, pygame.KMOD_CTRL)
    assert cells(scene, 0)[:6] == [Cell.UNKNOWN] * 6


def test_a_second_shift_hold_is_a_second_step() -> None:
    scene = open_play()
    key(scene, pygame.K_z)
    for _ in range(2):
        key(scene, pygame.K_LSHIFT, up=False)
        key(scene, pygame.K_RIGHT, pygame.KMOD_SHIFT)
        key(scene, pygame.K_RIGHT, pygame.KMOD_SHIFT)
        key(scene, pygame.K_LSHIFT)
    assert cells(scene, 0)[:5] == [Cell.FILLED] * 5
    key(scene, pygame.K_z, pygame.KMOD_CTRL)
    assert cells(scene, 0)[:5] == [Cell.FILLED] * 3 + [Cell.UNKNOWN] * 2
