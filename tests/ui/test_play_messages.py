"""What the play screen says stays true: a message about the board goes when the board
changes under it."""

from __future__ import annotations

import pygame

from tests.ui.play_helpers import click, key, open_play


def test_a_contradiction_message_goes_when_the_wrong_mark_is_undone() -> None:
    scene = open_play()  # row 1 of WIDE is empty: its clue is 0
    click(scene, 0, 0)
    scene.check()
    assert scene.message == "Row 1 contradicts its clue."
    key(scene, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.session.board.get(0, 0) == 0
    for _ in range(30):  # the check asked before the undo does not come back later
        scene.app.step()
    assert scene.message == ""
