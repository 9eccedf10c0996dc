"""The application: the window, the clock, the scene stack and the one place events are read.

``App`` owns everything scenes share: the progress ``store`` (settings, best times, saved
sessions), the colour ``theme``, the ``sounds``, the ``fonts``, the ``screen`` and the
``ratings`` worked out this run. What a scene can count on (switches, ``layout``,
overlays, what an unused event does) is written down in ``game.ui.scene``.

Tests and tools drive it without a loop: ``App(headless=True)`` opens a window on SDL's dummy
driver, ``feed(event)`` queues synthetic events and ``step(dt)`` runs exactly one frame
(switches, events -> top scene, update, draw, switches). ``run()`` is the real loop: up to
60 FPS while something moves, and asleep until the next event while nothing does (``pump``
is its frame, drawn only when needed; see ``game.ui.pacing``).

Settings are typed keys (``SOUND`` is a ``Setting[bool]``): ``app.setting(SOUND)`` is the
player's value or the default, ``app.set_setting(SOUND, False)`` changes it in memory; the
store is written when the window closes (and when a screen saves, e.g. leaving Options).
"""

from __future__ import annotations

import contextlib
import gc
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, overload

import pygame

from game.core.i18n import ENGLISH, SYSTEM, _, current_language, set_language
from game.core.store.fileio import os_reason
from game.core.store.progress import ProgressStore
from game.ui import opening
from game.ui.fonts import Fonts
from game.ui.input import Action, Device, Input, Kind
from game.ui.input.bindings import Bindings
from game.ui.input.translate import Translator, open_controllers
from game.ui.opening import PlayContext
from game.ui.pacing import FramePacer, wait_for_events
from game.ui.scene import Scene
from game.ui.settings import (
    BINDINGS,
    FULLSCREEN,
    INTERFACE_SIZE,
    LANGUAGE,
    SETTINGS,
    SOUND,
    THEME,
    VOLUME,
    WINDOW_SIZE,
    Setting,
)
from game.ui.sounds import Sounds
from game.ui.stack import SceneStack
from game.ui.theme import Theme, theme_named, ui_scale
from game.ui.widgets.toast import Toasts
from game.ui.window import (
    MIN_WINDOW,
    cover_desktop,
    first_size,
    open_window,
    set_icon,
    start_size,
    uncover_desktop,
)

if TYPE_CHECKING:
    from game.core.puzzle import Puzzle
    from game.core.store.ratings import Ratings
    from game.ui.router import Router

FPS = 60
MAX_FRAME_SECONDS = 0.25  # a frame after a stall (window dragged, laptop asleep) counts as this
# An F11 press closer than this to the previous one is the same key still held (see
# ``_full_screen_key``).
FULL_SCREEN_KEY_GAP = 0.5
TITLE = "Hanjie"

T = TypeVar("T")


class App(SceneStack):
    """The window and the scene stack. See the module docstring for the frame's order.

    ``store`` is the player's progress (a ``ProgressStore`` on ``$HANJIE_HOME`` or
    ``~/.hanjie`` unless one is given); ``clock`` is the wall clock F11's key-repeat guard
    reads (tests inject one).
    """

    def __init__(
        self,
        headless: bool = False,
        size: tuple[int, int] = (1280, 800),
        *,
        store: ProgressStore | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        from game.core.store.ratings import Ratings

        self.headless = headless
        if headless and not pygame.display.get_init():
            # Never open a real window for tests and screenshots, even on a desktop.
            os.environ["SDL_VIDEODRIVER"] = "dummy"
            os.environ["SDL_AUDIODRIVER"] = "dummy"
        pygame.display.init()
        pygame.font.init()
        self.store = store if store is not None else ProgressStore()
        self._router: Router | None = None
        self.clock = clock
        SceneStack.__init__(self)
        self._fed: list[pygame.event.Event] = []
        self.running = True
        self._quit_done = False
        self._quit_question: Scene | None = None  # the "quit and lose…?" dialog, while shown
        self.time = 0.0  # seconds of frames run, for animations
        self.frame_count = 0
        self.pacer = FramePacer()  # whether the next frame must be drawn (see ``pump``)
        self.mouse_pos = (0, 0)
        # Whether the player's last input was a key (not the mouse): a screen reached by a
        # key shows its keyboard focus from the start, where Enter would act on it.
        self.keyboard_last = False
        self.toasts = Toasts()
        self.fonts = Fonts()
        # Difficulty and pictures worked out this run, shared by every level select.
        self.ratings: Ratings = Ratings()
        self.theme: Theme = theme_named(self.setting(THEME))
        self._speak()
        self.sounds = Sounds(
            enabled=self.setting(SOUND),
            volume=self._volume_setting(),
            use_mixer=not headless,
        )
        self.fullscreen = False
        self._full_screen_key_at: float | None = None  # clock time of the last F11 press
        # Whether the window's size is the player's (kept from last time, or resized since):
        # only such a size is remembered, so a first window sized to one desktop does not
        # keep a later, bigger screen at that size.
        self.size_chosen = self.setting(WINDOW_SIZE) is not None
        self._windowed_size = self._start_size(size)
        self._windowed_position: tuple[int, int] | None = None  # where F11 found the window
        self.window = open_window(TITLE, self._windowed_size)
        if not headless:
            set_icon(self.window)
        self.screen = self.window.get_surface()
        if not headless and self.setting(FULLSCREEN):
            self.screen = self._open_fullscreen()
        self._arranged_size = self.screen_size  # the size scenes were last arranged for
        pygame.key.set_repeat(300, 35)
        # The input layer: pygame's events in, the game's actions out (game.ui.input).
        self.input = Translator(
            Bindings.with_overrides(self.setting(BINDINGS)), clock, lambda: self.screen_size
        )
        open_controllers()
        # A recovery (the backup used) is news in the neutral colour, a problem is red.
        for message in self.store.messages:
            self.toast(message.text, error=message.is_error)

    # -- settings ---------------------------------------------------------------------------

    @property
    def router(self) -> Router:
        """The app's navigation (``game.ui.router``): every screen is made there. Made on
        first use, so starting a command that never shows a screen stays quick."""
        if self._router is None:
            from game.ui.router import Router

            self._router = Router(self)
        return self._router

    @overload
    def setting(self, key: Setting[T]) -> T: ...
    @overload
    def setting(self, key: str) -> object: ...

    def setting(self, key: Setting[Any] | str) -> object:
        """The player's value for ``key``, or its default (also for a value of the wrong
        type in a hand-edited file). A plain name reads an untyped value (or None)."""
        if isinstance(key, str):
            if key not in SETTINGS:
                return self.store.get_setting(key)
            key = SETTINGS[key]
        value = self.store.get_setting(key.key, key.default)
        return value if key.valid(value) else key.default

    @overload
    def set_setting(self, key: Setting[T], value: T) -> None: ...
    @overload
    def set_setting(self, key: str, value: object) -> None: ...

    def set_setting(self, key: Setting[Any] | str, value: object) -> None:
        """Change a setting; the theme and the sounds follow at once. The change is kept in
        memory and written with the rest of the progress (on quit, or by ``save_store``): a
        slider or a toggle clicked ten times does not write the file ten times."""
        if isinstance(key, str):
            key = SETTINGS[key]  # a KeyError for a name no setting has
        if not key.valid(value):
            raise ValueError(f"setting {key.key!r}: {value!r} is not a valid value")
        # The file is JSON: a window size (a tuple) is stored as a list.
        self.store.settings[key.key] = list(value) if isinstance(value, tuple) else value
        if key is THEME:
            self.theme = theme_named(self.setting(THEME))
        elif key is SOUND:
            self.sounds.enabled = self.setting(SOUND)
        elif key is VOLUME:
            self.sounds.volume = self._volume_setting()
        elif key is INTERFACE_SIZE:
            self._arranged_size = (0, 0)
            self._set_screen(self.screen)
        elif key is LANGUAGE:
            self._speak()
            # Every label is measured again in the new words (and, for Japanese, its font).
            self._arranged_size = (0, 0)
            self._set_screen(self.screen)

    def _speak(self) -> None:
        """Speak the language the setting asks for. A headless app (tests, screenshots)
        follows the system's locale only when told to: its text is what tests read."""
        choice = self.setting(LANGUAGE)
        if self.headless and choice == SYSTEM:
            choice = ENGLISH
        set_language(choice)
        self.fonts.set_language(current_language())

    def _volume_setting(self) -> float:
        return max(0.0, min(1.0, float(self.setting(VOLUME))))

    # -- window -----------------------------------------------------------------------------

    def _start_size(self, size: tuple[int, int]) -> tuple[int, int]:
        if self.headless:
            return size
        saved = self.setting(WINDOW_SIZE)
        if saved is not None:
            return start_size((int(saved[0]), int(saved[1])))
        return start_size(first_size(size))

    def _open_fullscreen(self) -> pygame.Surface:
        """The window full screen at the desktop's size (the same window, not a new one)."""
        try:
            self._windowed_position = cover_desktop(self.window)
            self.window.set_fullscreen(desktop=True)
            self.fullscreen = True
        except pygame.error:
            self.fullscreen = False
            uncover_desktop(self.window, self._windowed_size, self._windowed_position)
        return self.window.get_surface()

    def _set_screen(self, surface: pygame.Surface) -> None:
        """The window's surface changed: every scene on the stack lays out for its size."""
        self.screen = surface
        size = self.screen_size
        # Compared with the size last arranged for, not the old surface's: SDL may hand back
        # the same surface object, already resized.
        if size != self._arranged_size:
            self._arranged_size = size
            for scene in self.scenes:
                scene.arrange(size)

    def toggle_fullscreen(self) -> None:
        """F11: full screen on or off; the windowed size is kept for coming back."""
        if self.fullscreen:
            self.fullscreen = False
            self.window.set_windowed()
            uncover_desktop(self.window, self._windowed_size, self._windowed_position)
            self._set_screen(self.window.get_surface())
        else:
            self._windowed_size = self.screen.get_size()
            self._set_screen(self._open_fullscreen())
        self.set_setting(FULLSCREEN, self.fullscreen)

    def _full_screen_key(self) -> None:
        """F11. When the window switching modes takes the focus while F11 is still
        held, SDL reports the key pressed again (and pygame's key repeat follows), so the
        window flipped back and forth for as long as the key was down. A press counts only
        after a pause since the previous one; held-key presses keep pushing that pause on.
        Wall-clock time (``clock``): the switch itself can stall a frame for longer than the
        gap, so frame time would not do."""
        now = self.clock()
        last = self._full_screen_key_at
        if last is None or now - last >= FULL_SCREEN_KEY_GAP:
            self.toggle_fullscreen()
            now = self.clock()
        self._full_screen_key_at = now

    def _resized(self, size: tuple[int, int]) -> None:
        # A window manager that ignores the minimum size (or none at all) may still make the
        # window smaller: the game keeps the minimum rather than squeezing its screens.
        width = max(1, int(size[0]))
        height = max(1, int(size[1]))
        if not self.fullscreen:
            width, height = max(MIN_WINDOW[0], width), max(MIN_WINDOW[1], height)
        if not self.fullscreen and tuple(self.window.size) != (width, height):
            self.window.size = (width, height)  # the same window, resized
        surface = self.window.get_surface()
        self._set_screen(surface)
        if not self.fullscreen:
            if surface.get_size() != self._windowed_size:
                self.size_chosen = True  # the player's size from now on
            self._windowed_size = surface.get_size()

    @property
    def screen_size(self) -> tuple[int, int]:
        size: tuple[int, int] = self.screen.get_size()
        return size

    @property
    def ui_scale(self) -> float:
        """Sizes are designed for 1280x800 and multiplied by this (0.6 to 3.0): what fits
        the window, times the interface size chosen in Options."""
        return ui_scale(self.screen_size, self.interface_share)

    @property
    def interface_share(self) -> float:
        """The interface size chosen, as a share of what fits the window (1.0: all of it)."""
        return float(self.setting(INTERFACE_SIZE)) / 100

    def scaled(self, value: float) -> int:
        """``value`` design pixels at the current scale, at least 1."""
        return max(1, round(value * self.ui_scale))

    # -- frames -----------------------------------------------------------------------------

    def feed(self, event: pygame.event.Event) -> None:
        """Queue an event for the next ``step`` (tests and tools)."""
        self._fed.append(event)

    def step(self, dt: float = 1 / FPS) -> None:
        """Run one frame with the fed events: handle, update, draw, apply switches."""
        events, self._fed = self._fed, []
        self._frame(events, max(0.0, min(dt, MAX_FRAME_SECONDS)), always_draw=True)

    def pump(self, dt: float) -> bool:
        """The real loop's frame: like ``step``, but drawn only when something changed or a
        scene on screen is due (``Scene.wake_in``). True when it drew."""
        events, self._fed = self._fed, []
        return self._frame(events, max(0.0, dt), always_draw=False)

    def redraw(self) -> None:
        """Draw the next frame: for a still scene whose picture changed outside ``handle``."""
        self.pacer.mark()

    def _frame(self, events: list[pygame.event.Event], dt: float, always_draw: bool) -> bool:
        switched = self.apply_switches()
        for event in events:
            self._dispatch(event)
            # A screen an event opened takes the events after it (keys typed at once
            # after Ctrl+O went to the screen below and were lost to the file browser).
            switched = self.apply_switches() or switched
        raised = self.input.tick()  # a long press, a held d-pad's repeat
        for given in raised:
            self._handle(given)
            switched = self.apply_switches() or switched
        if not self.running and not always_draw:
            return False  # the real loop is closing: the window goes, nothing more to show
        self.time += dt
        self.frame_count += 1
        toasts = len(self.toasts.items)
        self.toasts.update(dt)
        top = self.top
        if top is not None:
            top.update(dt)
        if switched or events or raised or len(self.toasts.items) != toasts:
            self.pacer.mark()
        drew = always_draw or self.pacer.needs_draw(self.time)
        if drew:
            self.draw()
            self.pacer.drawn()
        if self.apply_switches():
            self.pacer.mark()
        if not self.scenes and not self._switches and self.running:
            self.request_quit()
        self.pacer.schedule(self.time, self.wake_in())
        return drew

    def _shown(self) -> list[Scene]:
        """The scenes on screen: the top one, and below an overlay everything down to the
        first opaque scene."""
        first = len(self.scenes) - 1
        while first > 0 and self.scenes[first].transparent:
            first -= 1
        return self.scenes[max(0, first) :]

    def wake_in(self) -> float | None:
        """Seconds until something on screen changes by itself (the soonest of the shown
        scenes and the toasts; 0.0 while something animates), None when only an event can."""
        waits = [scene.wake_in() for scene in self._shown()]
        waits.append(self.toasts.wake_in())
        waits.append(self.input.due_in())
        known = [wait for wait in waits if wait is not None]
        return max(0.0, min(known)) if known else None

    def draw(self) -> None:
        """Draw the scenes that show (the top one, and below an overlay everything down to
        the first opaque scene), then the toasts, onto ``screen``."""
        shown = self._shown()
        if not shown or shown[0].transparent:
            self.screen.fill(self.theme.background)
        for scene in shown:
            scene.draw(self.screen)
        self.toasts.draw(self.screen, self)

    def _dispatch(self, event: pygame.event.Event) -> None:
        """One pygame event: the window's own first (quit, resize), then what the input layer
        makes of it, input by input (see ``_handle``)."""
        kind = event.type
        if kind == pygame.QUIT:
            self.close()
            return
        if kind == pygame.VIDEORESIZE:
            self._resized(event.size)
        for given in self.input.translate(event):
            self._handle(given)

    def _handle(self, given: Input) -> None:
        """One input: the app's own first (F11, a click on a toast, a dropped file), then the
        top scene; what the scene leaves unused falls back to the app (see ``scene``)."""
        if given.kind is Kind.PRESS:
            self.keyboard_last = True
        elif given.kind in (Kind.POINTER_MOVE, Kind.POINTER_DOWN):
            self.keyboard_last = False
        if given.is_pointer:
            self.mouse_pos = given.pos
            if given.down() and self.toasts.handle_click(self.mouse_pos, self):
                return
        if given.pressed(Action.FULL_SCREEN):
            self._full_screen_key()
            return
        if given.kind is Kind.DROP:
            self.open_dropped_file(Path(given.text))
            return
        top = self.top
        used = top.handle(given) if top is not None else False
        if not used and given.kind is Kind.PRESS:
            self._shortcut(given)

    def _shortcut(self, given: Input) -> bool:
        """The app's keys, for a key press the top scene did not use."""
        if given.pressed(Action.QUIT):
            self.close()
            return True
        return False

    @property
    def last_device(self) -> Device:
        """What the player touched last (the prompts show that device's buttons)."""
        return self.input.last_device

    def rebind(self, bindings: Bindings) -> None:
        """Use ``bindings`` from now on, and keep the player's changes in the settings."""
        self.input.bindings = bindings
        self.set_setting(BINDINGS, bindings.overrides())

    def settle(self) -> None:
        """Keep what the start made (the modules, fonts, store and theme: about 32,000 objects,
        alive as long as the game) out of the garbage collector's full passes, once, before
        the first frame. A full pass walked all of them, 10-16 ms, and came now and then in
        the middle of a frame (a 23 ms frame of the converter's colour work); the garbage so
        far is collected first, so none of it is kept."""
        gc.collect()
        gc.freeze()

    def run(self) -> None:
        """The real loop until the window closes or the stack empties: a frame at most 60
        times a second while something moves, and asleep in SDL until an event or the next
        scene is due while nothing does. Then everything is saved and the process ends at
        once (``leave_process``); only a crash returns, as its exception."""
        if self.top is None and not self._switches:
            self.push(self.router.first_screen())
        self.settle()
        clock = pygame.time.Clock()
        last = time.perf_counter()
        closed = False
        try:
            while self.running:
                wait = self.pacer.wait(self.time)
                events = wait_for_events(wait)
                self._fed = events + self._fed
                now = time.perf_counter()
                # A frame after a stall counts as at most MAX_FRAME_SECONDS; a sleep the loop
                # chose (waiting for the next second of play's clock) counts in full.
                dt = min(now - last, wait + MAX_FRAME_SECONDS)
                last = now
                if self.pump(dt):
                    self.window.flip()
                    clock.tick(FPS)  # no more than FPS drawn frames a second
            closed = True
        finally:
            # Ended by an exception (Ctrl+C, a signal, the terminal closing, a crash): nobody
            # answers a question now, so unsaved work is kept rather than asked about.
            self.request_quit(keep_unsaved=not closed)
            pygame.quit()  # which destroys the windows first (window.close_windows)
        if closed:
            leave_process()

    # -- quitting ---------------------------------------------------------------------------

    def unsaved_work(self) -> list[str]:
        """What each scene on the stack would lose if the game closed now (top first)."""
        found: list[str] = []
        for scene in reversed(self.scenes):
            text = scene.unsaved_work()
            if text:
                found.append(text)
        progress = self.store.unsaved_progress
        if progress:
            found.append(progress)
        return found

    def close(self) -> None:
        """The player closes the window (or picks Quit): quit at once, unless a scene holds
        unsaved work — then ask first, Quit or Cancel."""
        if not self.running:
            return
        question = self._quit_question
        if question is not None and (
            question in self.scenes or any(switch.scene is question for switch in self._switches)
        ):
            return  # the question is already up (or about to be): a second close keeps it
        unsaved = self.unsaved_work()
        if not unsaved:
            self.request_quit()
            return
        from game.ui.widgets.dialog import DialogButton, DialogScene

        only_progress = unsaved == [self.store.unsaved_progress]
        self._quit_question = DialogScene(
            self,
            _("Quit and lose this session's progress?")
            if only_progress
            else _("Quit and lose the unsaved puzzle?"),
            " ".join(unsaved),
            [DialogButton(_("Quit"), self.request_quit), DialogButton(_("Cancel"))],
            cancel_index=1,
        )
        self.push(self._quit_question)

    def request_quit(self, keep_unsaved: bool = False) -> None:
        """Close the game: every scene saves what it holds, then the store is written. With
        ``keep_unsaved`` (the game ended with nobody to ask) a scene's unsaved work is also
        written to My puzzles, and where is said on stderr."""
        self.running = False
        if self._quit_done:
            return
        self._quit_done = True
        for scene in reversed(self.scenes):
            try:
                if keep_unsaved and scene.unsaved_work():
                    kept = scene.keep_unsaved()
                    if kept:
                        print(f"hanjie: {kept}", file=sys.stderr)
                scene.on_quit()
            except Exception as error:  # one scene failing must not lose the others' saves
                print(f"hanjie: could not save {type(scene).__name__}: {error}")
        if not self.headless and self.size_chosen:
            self.set_setting(WINDOW_SIZE, list(self._windowed_size))
            self.set_setting(FULLSCREEN, self.fullscreen)
        self.save_store()

    def save_store(self) -> bool:
        """Write the progress file; on failure tell the player and return False."""
        try:
            saved = self.store.save()
        except OSError as error:
            self.toast(
                _("Could not save progress: {reason}").format(reason=os_reason(error)),
                error=True,
            )
            return False
        if saved is False:
            messages = self.store.messages
            self.toast(messages[-1].text if messages else _("Could not save progress."), error=True)
            return False
        return True

    # -- helpers for scenes -----------------------------------------------------------------

    def toast(self, text: str, error: bool = False, seconds: float = 3.5) -> None:
        """Show a short message at the bottom of the window."""
        self.toasts.show(text, seconds=seconds, error=error)
        self.pacer.mark()

    def render_to(self, path: str | Path) -> Path:
        """Save the current frame as a PNG file."""
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.screen, str(target))
        return target

    # Opening a puzzle to play: see game.ui.opening (kept as methods: every screen asks
    # the app).
    def open_dropped_file(self, path: Path) -> bool:
        return opening.open_dropped_file(self, path)

    def open_level_file(self, path: Path) -> bool:
        return opening.open_level_file(self, path)

    def pack_context(self, path: Path, puzzle: Puzzle | None = None) -> PlayContext[Puzzle]:
        return opening.pack_context(self, path, puzzle)

    def play_puzzle(
        self, puzzle: Puzzle, path: Path | None = None, context: PlayContext[Puzzle] | None = None
    ) -> bool:
        return opening.play_puzzle(self, puzzle, path, context)


def leave_process() -> None:
    """End the process now that the window is closed and everything is saved. The
    interpreter's own teardown (freeing every module and object: pygame, numpy, Pillow, the
    caches) took 0.25 s of the 0.45 s from a click on Quit to the exit, measured under Xvfb;
    nothing is left that needs it, so only the output streams are flushed."""
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    os._exit(0)
