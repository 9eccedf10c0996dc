"""The lesson screen: offered once on a first start, reachable from Options, driven by real
mouse and key events; a wrong click is refused on screen, a finished picture gets the reveal,
and the last lesson's end is remembered."""

from __future__ import annotations

import pygame

from game.core.board import Cell
from game.core.play.lesson import Lesson, Step, Want, cells_in
from game.ui.app import App
from game.ui.scenes.menu.options import OptionsScene
from game.ui.scenes.menu.scene import MenuScene
from game.ui.scenes.play.lesson import OFFER, LessonScene
from game.ui.settings import LESSON_DONE, LESSON_OFFERED, LESSONS_FINISHED
from game.ui.widgets.dialog import DialogScene
from tests.ui.ui_events import click


def _open() -> LessonScene:
    app = App(headless=True)
    scene = LessonScene(app)
    app.push(scene)
    app.step()
    return scene


def _key(scene: LessonScene, code: int, mod: int = 0) -> None:
    scene.app.feed(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0))
    scene.app.feed(pygame.event.Event(pygame.KEYUP, key=code, mod=mod, unicode="", scancode=0))
    scene.app.step()


def _drag(
    scene: LessonScene, start: tuple[int, int], end: tuple[int, int], button: int = 1
) -> None:
    a, b = scene.layout.cell_box(*start).centre, scene.layout.cell_box(*end).centre
    app = scene.app
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=button))
    app.feed(pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(0, 0), buttons=(1, 0, 0)))
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=button))
    app.step()


def test_a_first_start_offers_the_lesson_once_and_remembers_the_answer() -> None:
    app = App(headless=True)
    app.push(MenuScene(app, offer_lesson=True))
    app.step()
    app.step()
    dialog = app.top
    assert isinstance(dialog, DialogScene) and dialog.name == OFFER
    click(app, dialog.button("Start the lesson").rect.center)
    app.step()
    assert isinstance(app.top, LessonScene)
    assert app.setting(LESSON_OFFERED)
    # A second start with the same progress does not ask again.
    again = App(headless=True)
    again.push(MenuScene(again, offer_lesson=True))
    again.step()
    again.step()
    assert isinstance(again.top, MenuScene)


def test_options_opens_the_lesson() -> None:
    app = App(headless=True)
    options = OptionsScene(app)
    app.push(options)
    app.step()
    assert options.lesson.label == "Take the first lesson"
    click(app, options.lesson.rect.center)
    app.step()
    assert isinstance(app.top, LessonScene)


def test_finishing_the_lesson_from_options_leaves_enter_on_back() -> None:
    # QA: back in Options the keyboard was still on the lesson's button, so the Enter
    # after "Finish the lesson" began it again at lesson 1.
    app = App(headless=True)
    app.set_setting(LESSONS_FINISHED, 4)  # the last lesson is next
    options = OptionsScene(app)
    app.push(options)
    app.step()
    options.focus.focus_widget(options.lesson)
    _key(options, pygame.K_RETURN)  # type: ignore[arg-type]
    scene = app.top
    assert isinstance(scene, LessonScene) and scene.run.lesson_index == 4
    for _ in range(len(scene.run.lesson.steps)):
        click(app, scene.skip_button.rect.center)
    _key(scene, pygame.K_RETURN)  # skips the reveal
    _key(scene, pygame.K_RETURN)  # Finish the lesson
    assert app.top is options and app.setting(LESSON_DONE)
    assert options.focus.focused is options.back
    _key(options, pygame.K_RETURN)  # type: ignore[arg-type]
    assert app.top is not options and not isinstance(app.top, LessonScene)


def test_the_first_steps_by_mouse_and_key_with_a_gentle_correction() -> None:
    scene = _open()
    run = scene.run
    assert run.step.want == Want.NEXT
    _key(scene, pygame.K_RETURN)
    assert run.step.want == Want.FILL
    _drag(scene, (0, 0), (0, 2))  # down column 1: not what row 1 asks
    assert not run.board.known_mask().any()
    assert scene.message_kind == "error" and "only the outlined cells" in scene.message
    assert scene.app.sounds.played[-1] == "oops"
    _drag(scene, (0, 0), (1, 0))  # half the row: right, and the correction goes
    assert run.step_index == 1 and scene.message == ""
    _drag(scene, (2, 0), (3, 0))
    assert run.step_index == 2 and scene.message == ""
    assert scene.app.sounds.played[-1] == "step"
    accent = scene.app.theme.accent
    box = scene.layout.cell_box(0, 1)  # the next cell to fill is outlined
    y = box.centre[1]
    edge = [tuple(scene.app.screen.get_at((x, y)))[:3] for x in range(box.x, box.centre[0])]
    assert accent in edge
    inside = scene.layout.cell_box(1, 1)  # not asked for: no outline
    row = range(inside.x, inside.centre[0])
    assert accent not in [tuple(scene.app.screen.get_at((x, y)))[:3] for x in row]


def test_skip_and_back_buttons_and_the_reveal_at_a_lesson_end() -> None:
    scene = _open()
    app, run = scene.app, scene.run
    for _ in range(len(run.lesson.steps)):
        click(app, scene.skip_button.rect.center)
    assert run.lesson_done and scene.reveal is not None and scene.wake_in() == 0.0
    assert app.sounds.played[-1] == "reveal"
    _key(scene, pygame.K_SPACE)  # skips the reveal
    assert scene.reveal.done and scene.wake_in() is None
    assert scene.next_button.label.startswith("Next lesson")
    click(app, scene.back_button.rect.center)  # back into the last step, picture undone
    assert not run.lesson_done and run.step.want == Want.SOLVE and scene.reveal is None
    click(app, scene.skip_button.rect.center)
    _key(scene, pygame.K_RETURN)  # skip the reveal
    _key(scene, pygame.K_RETURN)  # next lesson
    assert run.lesson_index == 1 and run.board.filled_count == 0


def test_trial_keys_and_the_hint_key_in_their_lessons() -> None:
    app = App(headless=True)
    scene = LessonScene(app, start=3)  # trial marks
    app.push(scene)
    app.step()
    run = scene.run
    click(app, scene.skip_button.rect.center)  # rows 2 and 3
    _key(scene, pygame.K_t)
    assert run.trial_mode and run.step.want == Want.TRIAL_FILL
    click(app, scene.layout.cell_box(0, 0).centre)
    assert run.board.get(0, 0) == Cell.TRIAL_FILLED
    assert scene.grid_view.column_look(0).contradicted  # its clue shows red
    _key(scene, pygame.K_d)
    assert run.board.get(0, 0) == Cell.UNKNOWN and run.step.want == Want.CROSS
    hints = LessonScene(app, start=4)
    app.push(hints)
    app.step()
    _key(hints, pygame.K_h)
    assert hints.run.step.want == Want.FILL and hints.message_kind == "hint"
    assert hints.hint_cells == hints.run.step.cells and "row 3" in hints.message.lower()


def test_finishing_the_last_lesson_is_remembered_and_leaves() -> None:
    app = App(headless=True)
    app.push(MenuScene(app, offer_lesson=False))
    scene = LessonScene(app, start=4)
    app.push(scene)
    app.step()
    while not scene.run.finished:
        click(app, scene.skip_button.rect.center)
    assert app.setting(LESSON_DONE)
    _key(scene, pygame.K_RETURN)  # skip the reveal
    _key(scene, pygame.K_RETURN)  # finish
    app.step()
    assert isinstance(app.top, MenuScene)


def test_esc_asks_before_leaving() -> None:
    scene = _open()
    _key(scene, pygame.K_ESCAPE)
    dialog = scene.app.top
    assert isinstance(dialog, DialogScene) and dialog.name == "leave lesson"
    click(scene.app, dialog.button("Keep learning").rect.center)
    scene.app.step()
    assert scene.app.top is scene


def test_h_in_a_guided_step_is_guidance_in_the_hint_colour_not_the_error_red() -> None:
    """QA: H in a guided step showed "The outlined cells are this step's answer." in the
    refusal's red; a refused move alone is red."""
    scene = _open()
    _key(scene, pygame.K_RETURN)
    _key(scene, pygame.K_h)
    assert "outlined" in scene.message and scene.message_kind == "hint"
    _drag(scene, (0, 0), (0, 0), button=3)  # a cross where the step wants fills
    assert scene.message_kind == "error"


def test_next_is_enabled_on_a_marking_step_whose_cells_are_already_done() -> None:
    app = App(headless=True)
    lesson = Lesson(
        "Done twice",
        ("##", ".."),
        (
            Step("Fill row 1.", Want.FILL, cells_in(0, 0, 1, 0), rows=(0,)),
            Step("Fill row 1 again.", Want.FILL, cells_in(0, 0, 1, 0), rows=(0,)),
            Step("Finish.", Want.SOLVE),
        ),
    )
    scene = LessonScene(app, (lesson,))
    app.push(scene)
    app.step()
    assert not scene.next_button.enabled
    _drag(scene, (0, 0), (1, 0))
    assert scene.run.step_index == 1 and scene.next_button.enabled
    _key(scene, pygame.K_RETURN)
    assert scene.run.step.want == Want.SOLVE


def test_options_resumes_at_the_first_lesson_not_finished() -> None:
    """QA: Options restarted at lesson 1 after lessons 1 and 2 were done."""
    app = App(headless=True)
    scene = LessonScene(app)
    app.push(scene)
    app.step()
    for _ in range(2):  # lessons 1 and 2, each done by Skip, then on to the next
        while not scene.run.lesson_done:
            click(app, scene.skip_button.rect.center)
        _key(scene, pygame.K_RETURN)  # skip the reveal
        _key(scene, pygame.K_RETURN)  # next lesson
    assert app.setting(LESSONS_FINISHED) == 2
    _key(scene, pygame.K_ESCAPE)
    leave = app.top
    assert isinstance(leave, DialogScene)
    click(app, leave.button("Leave").rect.center)
    app.step()
    options = OptionsScene(app)
    app.push(options)
    app.step()
    assert options.lesson.label.startswith("Continue the lesson")
    click(app, options.lesson.rect.center)
    app.step()
    again = app.top
    assert isinstance(again, LessonScene) and again.run.lesson_index == 2
    click(app, again.back_button.rect.center)  # Back chooses an earlier lesson
    assert again.run.lesson_index == 1 and again.run.step_index == 0


def test_shift_arrows_paint_in_the_lesson_as_in_play() -> None:
    # QA: Space then Shift+Right along row 1 filled one cell; in play it paints the row.
    scene = _open()
    _key(scene, pygame.K_RETURN)  # the rules, then "fill row 1"
    run = scene.run
    assert run.step.want == Want.FILL
    _key(scene, pygame.K_SPACE)
    for _ in range(3):
        _key(scene, pygame.K_RIGHT, pygame.KMOD_LSHIFT)
    assert run.step_index == 2  # row 1 filled: on to column 1
    assert [int(v) for v in run.board.cells[0]] == [1, 1, 1, 1]


def test_a_finished_picture_says_well_done_once_and_what_comes_next() -> None:
    # The top bar's title says "Well done!"; the side panel names the next lesson instead
    # of saying it a second time.
    scene = _open()
    app, run = scene.app, scene.run
    said: list[str] = []
    draw_paragraph = scene.panel._paragraph

    def paragraph(surface: pygame.Surface, text: str, *args: object, **kwargs: object) -> int:
        said.append(text)
        return draw_paragraph(surface, text, *args, **kwargs)  # type: ignore[arg-type]

    scene.panel._paragraph = paragraph  # type: ignore[method-assign]
    while not run.lesson_done:
        click(app, scene.skip_button.rect.center)
    _key(scene, pygame.K_SPACE)  # skips the reveal: the panel's words come
    assert "Picture done" in said and "Well done!" not in said
    assert f"Next lesson: {run.lessons[1].title}." in said
