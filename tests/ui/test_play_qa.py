"""Play-scene regressions found by playing the game in a real window."""

from __future__ import annotations

import numpy as np
import pygame

from game.ui.scenes.play import PlayScene
from tests.ui.play_helpers import drag, key, open_play


def _map_colours(scene: PlayScene) -> int:
    """How many different colours the mini-map shows."""
    box = scene.minimap.box
    area = scene.app.screen.subsurface(pygame.Rect(box.x, box.y, box.w, box.h))
    pixels = pygame.surfarray.array3d(area).reshape(-1, 3)
    return len(np.unique(pixels, axis=0))


def test_the_mini_map_hides_the_picture_while_paused() -> None:
    scene = open_play()
    app = scene.app
    drag(scene, (0, 1), (9, 1))
    # The map shows paper and ink; paused, it is one flat colour (the pause veil dims it).
    assert _map_colours(scene) == 2
    key(scene, pygame.K_ESCAPE)  # the pause menu hides the board...
    assert scene.paused
    assert _map_colours(scene) == 1  # ...and the map as well
    key(scene, pygame.K_ESCAPE)
    assert not scene.paused
    assert _map_colours(scene) == 2
    app.feed(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    app.step()
    assert _map_colours(scene) == 1
