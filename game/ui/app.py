"""The application: the window, the clock, the scene stack and the one place events are read.

``App`` owns everything scenes share: the progress ``store`` (settings, best times, saved
sessions), the colour ``theme``, the ``sounds``, the ``fonts`` and the ``screen``. Scenes ask
for switches with ``push`` / ``pop`` / ``replace``; the switches are queued and applied after
the frame's events were handled (and again at the end of the frame), so a scene is never
removed in the middle of its own ``handle``.

Tests and tools drive it without a loop: ``App(headless=True)`` opens a window on SDL's dummy
driver, ``feed(event)`` queues synthetic events and ``step(dt)`` runs exactly one frame
(events -> top scene, update, draw, switches). ``run()`` is the real 60 FPS loop.

Settings the player can change live in ``store.settings``; read them with ``app.setting(key)``
(defaults in ``DEFAULT_SETTINGS``) and change them with ``app.set_setting(key, value)``.
"""

from __future__ import annotations

import importlib
import os
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import pygame

from game.ui.fonts import Fonts
from game.ui.scene import Scene
from game.ui.sounds import Sounds
from game.ui.theme import DEFAULT_THEME, Theme, theme_named, ui_scale
from game.ui.widgets.toast import Toasts

if TYPE_CHECKING:
    from game.core.progress import ProgressStore, StoreMessage
    from game.core.puzzle import Puzzle

FPS = 60
MIN_WINDOW = (800, 600)
# The model reads puzzles up to 512 cells a side; beyond this the cells get too small to click.
MAX_PLAYABLE = 100
MAX_FRAME_SECONDS = 0.25  # a frame after a stall (window dragged, laptop asleep) counts as this
# An F11 press closer than this to the previous one is the same key still held (see
# ``_full_screen_key``).
FULL_SCREEN_KEY_GAP = 0.5
TITLE = "Hanjie"

# Setting keys and their defaults. Scenes read them with ``app.setting(SOUND)`` etc.
SOUND = "sound"
VOLUME = "volume"
AUTO_CHECK = "auto_check"
MINIMAP = "minimap"
CLUE_GREYING = "clue_greying"
THEME = "theme"
WINDOW_SIZE = "window_size"
FULLSCREEN = "fullscreen"

DEFAULT_SETTINGS: dict[str, Any] = {
    SOUND: True,
    VOLUME: 0.7,
    AUTO_CHECK: False,
    MINIMAP: True,
    CLUE_GREYING: True,
    THEME: DEFAULT_THEME,
    WINDOW_SIZE: None,
    FULLSCREEN: False,
}

Switch = tuple[str, Scene | None]


def _open_store() -> ProgressStore:
    """The player's progress; an in-memory stand-in if the progress module is missing."""
    try:
        module = importlib.import_module("game.core.progress")
    except ModuleNotFoundError as error:
        if error.name != "game.core.progress":
            raise
        return cast("ProgressStore", _MemoryStore())
    store: ProgressStore = module.ProgressStore()
    return store


class _MemoryRecord:
    def __init__(self) -> None:
        self.solved = False
        self.best_time: float | None = None
        self.session: dict[str, Any] | None = None


class _MemoryStore:
    """Just enough of ``ProgressStore`` to run the UI before the real one exists."""

    def __init__(self) -> None:
        home = os.environ.get("HANJIE_HOME")
        self.directory = Path(home) if home else Path.home() / ".hanjie"
        self.messages: list[StoreMessage] = []
        self.settings: dict[str, Any] = {}
        self.last_played: str | None = None
        self.last_played_path: str | None = None
        self._records: dict[str, _MemoryRecord] = {}

    def get_setting(self, key: str, default: Any = None) -> Any:
        return self.settings.get(key, default)

    def set_setting(self, key: str, value: Any) -> None:
        self.settings[key] = value

    def record(self, key: str) -> _MemoryRecord:
        return self._records.setdefault(key, _MemoryRecord())

    def mark_solved(self, key: str, seconds: float) -> bool:
        record = self.record(key)
        record.solved = True
        if record.best_time is None or seconds < record.best_time:
            record.best_time = seconds
            return True
        return False

    def save_session(self, key: str, session_json: dict[str, Any]) -> None:
        self.record(key).session = session_json

    def clear_session(self, key: str) -> None:
        self.record(key).session = None

    def set_last_played(self, key: str, path: str) -> None:
        self.last_played = key
        self.last_played_path = path

    def save(self) -> bool:
        """Nothing to write: this stand-in keeps everything in memory."""
        return True

    def user_puzzles_dir(self) -> Path:
        return self.directory / "puzzles"


class App:
    """The window and the scene stack. See the module docstring for the frame's order."""

    def __init__(self, headless: bool = False, size: tuple[int, int] = (1280, 800)) -> None:
        self.headless = headless
        if headless and not pygame.display.get_init():
            # Never open a real window for tests and screenshots, even on a desktop.
            os.environ["SDL_VIDEODRIVER"] = "dummy"
            os.environ["SDL_AUDIODRIVER"] = "dummy"
        pygame.display.init()
        pygame.font.init()
        self.store = _open_store()
        self.scenes: list[Scene] = []
        self._switches: list[Switch] = []
        self._fed: list[pygame.event.Event] = []
        self.running = True
        self._quit_done = False
        self._quit_question: Scene | None = None  # the "quit and lose…?" dialog, while shown
        self.time = 0.0  # seconds of frames run, for animations
        self.frame_count = 0
        self.mouse_pos = (0, 0)
        self.toasts = Toasts()
        self.fonts = Fonts()
        self.theme: Theme = theme_named(self.setting(THEME))
        self.sounds = Sounds(
            enabled=bool(self.setting(SOUND)),
            volume=self._volume_setting(),
            use_mixer=not headless,
        )
        self.fullscreen = False
        self._full_screen_key_at: float | None = None  # app time of the last F11 press
        self._windowed_size = self._start_size(size)
        pygame.display.set_caption(TITLE)
        if not headless:
            self._set_icon()
        if not headless and self.setting(FULLSCREEN):
            self.screen = self._open_fullscreen()
        else:
            self.screen = pygame.display.set_mode(self._windowed_size, pygame.RESIZABLE)
        self._set_minimum_size()
        pygame.key.set_repeat(300, 35)
        # A recovery (the backup used) is news in the neutral colour, a problem is red.
        for message in self.store.messages:
            self.toast(message.text, error=message.is_error)

    # -- settings ---------------------------------------------------------------------------

    def setting(self, key: str) -> Any:
        """The player's value for ``key``, or its default."""
        return self.store.get_setting(key, DEFAULT_SETTINGS.get(key))

    def set_setting(self, key: str, value: Any) -> None:
        """Change a setting; the theme and the sounds follow at once. Saved on quit."""
        self.store.set_setting(key, value)
        if key == THEME:
            self.theme = theme_named(value)
        elif key == SOUND:
            self.sounds.enabled = bool(value)
        elif key == VOLUME:
            self.sounds.volume = self._volume_setting()

    def _volume_setting(self) -> float:
        value = self.setting(VOLUME)
        if isinstance(value, int | float) and not isinstance(value, bool):
            return max(0.0, min(1.0, float(value)))
        return float(DEFAULT_SETTINGS[VOLUME])

    # -- window -----------------------------------------------------------------------------

    def _start_size(self, size: tuple[int, int]) -> tuple[int, int]:
        if self.headless:
            return size
        saved = self.setting(WINDOW_SIZE)
        if (
            isinstance(saved, list | tuple)
            and len(saved) == 2
            and all(isinstance(value, int) and not isinstance(value, bool) for value in saved)
        ):
            width, height = saved
            return (max(MIN_WINDOW[0], min(width, 7680)), max(MIN_WINDOW[1], min(height, 4320)))
        return size

    def _set_minimum_size(self) -> None:
        # pygame-ce offers the minimum size only through its Window object; reaching it from
        # a display-module window is flagged as deprecated but is the only way for now.
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                window = pygame.Window.from_display_module()
            window.minimum_size = MIN_WINDOW
        except (AttributeError, pygame.error):
            pass

    def _set_icon(self) -> None:
        # A tiny nonogram heart, drawn rather than shipped.
        pattern = ("01100110", "11111111", "11111111", "11111111",
                   "01111110", "00111100", "00011000", "00000000")  # fmt: skip
        icon = pygame.Surface((32, 32))
        icon.fill((250, 248, 243))
        for y, row in enumerate(pattern):
            for x, cell in enumerate(row):
                if cell == "1":
                    pygame.draw.rect(icon, (196, 52, 44), (x * 4, y * 4, 4, 4))
        pygame.display.set_icon(icon)

    def _open_fullscreen(self) -> pygame.Surface:
        try:
            surface = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            self.fullscreen = True
            return surface
        except pygame.error:
            self.fullscreen = False
            return pygame.display.set_mode(self._windowed_size, pygame.RESIZABLE)

    def toggle_fullscreen(self) -> None:
        """F11: full screen on or off; the windowed size is kept for coming back."""
        if self.fullscreen:
            self.fullscreen = False
            self.screen = pygame.display.set_mode(self._windowed_size, pygame.RESIZABLE)
        else:
            self._windowed_size = self.screen.get_size()
            self.screen = self._open_fullscreen()
        self.store.set_setting(FULLSCREEN, self.fullscreen)

    def _full_screen_key(self) -> None:
        """F11. Switching modes makes a new window; when it takes the focus while F11 is still
        held, SDL reports the key pressed again (and pygame's key repeat follows), so the
        window flipped back and forth for as long as the key was down. A press counts only
        after a pause since the previous one; held-key presses keep pushing that pause on.
        Wall-clock time: the switch itself can stall a frame for longer than the gap."""
        now = time.monotonic()
        last = self._full_screen_key_at
        if last is None or now - last >= FULL_SCREEN_KEY_GAP:
            self.toggle_fullscreen()
            now = time.monotonic()
        self._full_screen_key_at = now

    def _resized(self, size: tuple[int, int]) -> None:
        width = max(1, int(size[0]))
        height = max(1, int(size[1]))
        surface = pygame.display.get_surface()
        if surface is None or surface.get_size() != (width, height):
            surface = pygame.display.set_mode((width, height), pygame.RESIZABLE)
        self.screen = surface
        if not self.fullscreen:
            self._windowed_size = surface.get_size()

    @property
    def screen_size(self) -> tuple[int, int]:
        size: tuple[int, int] = self.screen.get_size()
        return size

    @property
    def ui_scale(self) -> float:
        """Sizes are designed for 1280x800 and multiplied by this (0.6 to 1.6)."""
        return ui_scale(self.screen_size)

    def scaled(self, value: float) -> int:
        """``value`` design pixels at the current scale, at least 1."""
        return max(1, round(value * self.ui_scale))

    # -- scene stack ------------------------------------------------------------------------

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def scene_below(self, scene: Scene) -> Scene | None:
        """The scene under ``scene`` (overlays such as dialogs draw it first)."""
        if scene in self.scenes:
            index = self.scenes.index(scene)
            return self.scenes[index - 1] if index > 0 else None
        return self.top

    def push(self, scene: Scene) -> None:
        self._switches.append(("push", scene))

    def pop(self) -> None:
        self._switches.append(("pop", None))

    def replace(self, scene: Scene) -> None:
        self._switches.append(("replace", scene))

    def _apply_switches(self) -> None:
        while self._switches:
            kind, scene = self._switches.pop(0)
            old = self.top
            if kind == "push" and scene is not None:
                if old is not None:
                    old.on_exit()
                self.scenes.append(scene)
                scene.on_enter()
            elif kind == "pop" and old is not None:
                old.on_exit()
                self.scenes.pop()
                if self.top is not None:
                    self.top.on_enter()
            elif kind == "replace" and scene is not None:
                if old is not None:
                    old.on_exit()
                    self.scenes.pop()
                self.scenes.append(scene)
                scene.on_enter()

    # -- frames -----------------------------------------------------------------------------

    def feed(self, event: pygame.event.Event) -> None:
        """Queue an event for the next ``step`` (tests and tools)."""
        self._fed.append(event)

    def step(self, dt: float = 1 / FPS) -> None:
        """Run one frame with the fed events: handle, update, draw, apply switches."""
        events, self._fed = self._fed, []
        self._frame(events, dt)

    def _frame(self, events: list[pygame.event.Event], dt: float) -> None:
        dt = max(0.0, min(dt, MAX_FRAME_SECONDS))
        self._apply_switches()
        for event in events:
            self._dispatch(event)
        self._apply_switches()
        self.time += dt
        self.frame_count += 1
        self.toasts.update(dt)
        top = self.top
        if top is not None:
            top.update(dt)
        self.draw()
        self._apply_switches()
        if not self.scenes and not self._switches and self.running:
            self.request_quit()

    def draw(self) -> None:
        """Draw the top scene and the toasts onto ``screen``."""
        top = self.top
        if top is None:
            self.screen.fill(self.theme.background)
        else:
            top.draw(self.screen)
        self.toasts.draw(self.screen, self)

    def _dispatch(self, event: pygame.event.Event) -> None:
        kind = event.type
        if kind == pygame.QUIT:
            self.close()
            return
        if hasattr(event, "pos") and kind in (
            pygame.MOUSEMOTION,
            pygame.MOUSEBUTTONDOWN,
            pygame.MOUSEBUTTONUP,
        ):
            self.mouse_pos = (int(event.pos[0]), int(event.pos[1]))
            if (
                kind == pygame.MOUSEBUTTONDOWN
                and event.button == 1
                and self.toasts.handle_click(self.mouse_pos, self)
            ):
                return
        if kind == pygame.KEYDOWN and event.key == pygame.K_F11:
            self._full_screen_key()
            return
        if kind == pygame.VIDEORESIZE:
            self._resized(event.size)
        elif kind == pygame.DROPFILE:
            self.open_dropped_file(Path(event.file))
            return
        top = self.top
        if top is not None:
            top.handle(event)

    def run(self) -> None:
        """The real loop: 60 frames a second until the window closes or the stack empties."""
        if self.top is None and not self._switches:
            from game.ui.scenes.menu import MenuScene

            self.push(MenuScene(self))
        clock = pygame.time.Clock()
        clock.tick(FPS)
        try:
            while self.running:
                dt = clock.tick(FPS) / 1000.0
                events = pygame.event.get()
                events.extend(self._fed)
                self._fed = []
                self._frame(events, dt)
                pygame.display.flip()
        finally:
            self.request_quit()
            pygame.quit()

    # -- quitting ---------------------------------------------------------------------------

    def unsaved_work(self) -> list[str]:
        """What each scene on the stack would lose if the game closed now (top first)."""
        found: list[str] = []
        for scene in reversed(self.scenes):
            text = scene.unsaved_work()
            if text:
                found.append(text)
        return found

    def close(self) -> None:
        """The player closes the window (or picks Quit): quit at once, unless a scene holds
        unsaved work — then ask first, Quit or Cancel."""
        if not self.running:
            return
        question = self._quit_question
        if question is not None and (
            question in self.scenes or any(scene is question for _, scene in self._switches)
        ):
            return  # the question is already up (or about to be): a second close keeps it
        unsaved = self.unsaved_work()
        if not unsaved:
            self.request_quit()
            return
        from game.ui.widgets.dialog import DialogScene

        self._quit_question = DialogScene(
            self,
            "Quit and lose the unsaved puzzle?",
            " ".join(unsaved),
            [("Quit", self.request_quit), ("Cancel", None)],
            cancel_index=1,
        )
        self.push(self._quit_question)

    def request_quit(self) -> None:
        """Close the game: every scene saves what it holds, then the store is written."""
        self.running = False
        if self._quit_done:
            return
        self._quit_done = True
        for scene in reversed(self.scenes):
            try:
                scene.on_quit()
            except Exception as error:  # one scene failing must not lose the others' saves
                print(f"hanjie: could not save {type(scene).__name__}: {error}")
        if not self.headless:
            self.store.set_setting(WINDOW_SIZE, list(self._windowed_size))
            self.store.set_setting(FULLSCREEN, self.fullscreen)
        self.save_store()

    def save_store(self) -> bool:
        """Write the progress file; on failure tell the player and return False."""
        try:
            saved = self.store.save()
        except OSError as error:
            self.toast(f"Could not save progress: {error.strerror or error}", error=True)
            return False
        if saved is False:
            messages = self.store.messages
            self.toast(messages[-1].text if messages else "Could not save progress.", error=True)
            return False
        return True

    # -- helpers for scenes -----------------------------------------------------------------

    def toast(self, text: str, error: bool = False, seconds: float = 3.5) -> None:
        """Show a short message at the bottom of the window."""
        self.toasts.show(text, seconds=seconds, error=error)

    def render_to(self, path: str | Path) -> Path:
        """Save the current frame as a PNG file."""
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.screen, str(target))
        return target

    def open_dropped_file(self, path: Path) -> bool:
        """A file dropped on the window. A top scene with ``accepts_drops`` (the converter,
        its file browser) gets the DROPFILE event itself; otherwise a picture opens the
        converter and anything else is read as a level and played."""
        top = self.top
        if top is not None and getattr(top, "accepts_drops", False):
            return bool(top.handle(pygame.event.Event(pygame.DROPFILE, file=str(path))))
        if is_picture_file(path):
            factory = _optional_scene("game.ui.scenes.converter", "ConverterScene")
            if factory is not None:
                self.push(factory(self, path))
                return True
        return self.open_level_file(path)

    def open_level_file(self, path: Path) -> bool:
        """Read a puzzle file and play it (a dropped file, ``play FILE``); errors are toasts."""
        try:
            from game.core.formats import read_puzzle

            puzzle = read_puzzle(path)
        except ImportError:
            self.toast("This build cannot read puzzle files.", error=True)
            return False
        except (ValueError, OSError) as error:
            self.toast(f"{path.name}: {_reason(error)}", error=True)
            return False
        return self.play_puzzle(puzzle, path=path, **self.pack_context(path))

    def pack_context(self, path: Path) -> dict[str, Any]:
        """``pack``, ``place`` and ``next_puzzles`` for a puzzle file that sits in a pack
        (bundled or "My puzzles"), so resuming it from the menu still names its pack (a
        bundled one's puzzle by its number until solved) and offers the next puzzle after a
        win; nothing for a file from elsewhere."""
        try:
            from game.core.packs import files_after, pack_of_file, place_in_pack
            from game.resources import levels_dir

            user_dir = self.store.user_puzzles_dir()
            pack = pack_of_file(path, levels_dir(), user_dir)
        except (ImportError, OSError):
            return {}
        if pack is None:
            return {}
        return {
            "pack": pack.name,
            "place": place_in_pack(pack, path),
            "next_puzzles": files_after(pack, path),
        }

    def play_puzzle(self, puzzle: Puzzle, path: Path | None = None, **options: Any) -> bool:
        """Push the play scene for ``puzzle``; ``options`` go to ``PlayScene`` unchanged."""
        if puzzle.width == 0 or puzzle.height == 0:
            self.toast(f"{puzzle.title or 'This puzzle'} has no cells to play.", error=True)
            return False
        if max(puzzle.width, puzzle.height) > MAX_PLAYABLE:
            self.toast(
                f"{puzzle.size_text} is too large to play here (at most {MAX_PLAYABLE} cells a "
                "side); `python -m game solve` still reads it.",
                error=True,
            )
            return False
        factory = _optional_scene("game.ui.scenes.play", "PlayScene")
        if factory is None:
            self.toast("The play screen is not available in this build.", error=True)
            return False
        scene = factory(self, puzzle, path=path, **options)
        top = self.top
        # A second dropped file replaces the puzzle being played instead of piling up.
        if top is not None and type(top).__name__ == "PlayScene":
            self.replace(scene)
        else:
            self.push(scene)
        return True


def is_picture_file(path: Path) -> bool:
    """Whether ``path`` names a picture (for the converter) rather than a puzzle file."""
    from game.core.convert import IMAGE_SUFFIXES

    return path.suffix.lower() in IMAGE_SUFFIXES


def _reason(error: BaseException) -> str:
    if isinstance(error, OSError):
        return error.strerror or str(error)
    return str(error)


def _optional_scene(module_name: str, class_name: str) -> Callable[..., Scene] | None:
    """A scene class from a module that may not be written yet; None when it is missing."""
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name == module_name:
            return None
        raise
    factory: Callable[..., Scene] | None = getattr(module, class_name, None)
    return factory


optional_scene = _optional_scene
