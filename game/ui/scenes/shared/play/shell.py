"""The play shell: what every puzzle kind's play screen does the same way.

A kind's play screen (nonograms: :class:`~game.ui.scenes.play.scene.PlayScene`; Kakuro:
:class:`~game.ui.scenes.kakuro.play.KakuroPlayScene`) is this shell plus its own board,
panel and input. The shell holds the game (a :class:`~game.core.play.midend.Midend` of the
kind) and its :class:`~game.core.play.keeping.GameKeeper`, and does the rest once:

- resuming the saved game (with the keeper's note when it could not be read), the autosave
  a moment after each change, saving on the way out and on quit;
- apply / undo / redo with their sounds; after every change the kind's
  :meth:`PlayShell.changed` hook, then the win when the change solved the board;
- the clock: running only while the game is on top (or under a question that keeps it
  running), paused under the pause menu or when the window loses focus;
- the win: the record in progress, the reveal's clock and its chime, a key or click that
  skips to the win buttons, Enter for the next puzzle and Esc for level select;
- messages, the pause menu and "restart?".

A kind fills in :meth:`~PlayShell.fresh_game`, :meth:`~PlayShell.read_game`,
:meth:`~PlayShell.shown_name`, and what it draws; it may extend the other hooks.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from game.core.i18n import N_, _
from game.core.play.keeping import GameKeeper, WinState
from game.core.play.midend import Midend, SolvedChange
from game.ui.input import Action, Device, Input, Kind
from game.ui.layout import PlayRegions
from game.ui.scene import Scene
from game.ui.widgets.button import Button
from game.ui.widgets.dialog import DialogButton, DialogScene
from game.ui.widgets.text import format_time
from game.ui.widgets.win_reveal import BUTTONS_AT, TITLE_AT

if TYPE_CHECKING:
    from game.ui.app import App

# The dialogs under which the game is paused: the clock waits and the board is hidden.
PAUSE = "pause"
RESTART = "restart"
LEAVE = "leave"  # "leave without saving?", asked on the way out of the pause menu
PAUSING_DIALOGS = (PAUSE, RESTART, LEAVE)

_MOUSE_EVENTS = (Kind.POINTER_MOVE, Kind.POINTER_DOWN, Kind.POINTER_UP)
_GO_ON = (Action.CONFIRM, Action.SELECT)

M = TypeVar("M")  # the kind's move
C = TypeVar("C", bound=SolvedChange)  # what a move changed
G = TypeVar("G", bound=Midend[Any, Any, Any])  # the kind's game: a Midend[M, record, C]


def pause_dialog(
    app: App,
    name: str,
    size_text: str,
    elapsed: float,
    *,
    restart: Callable[[], None],
    level_select: Callable[[], None],
    menu: Callable[[], None],
    editor: Callable[[], None] | None = None,
) -> DialogScene:
    """The pause menu of a game of any kind: its name, size and time on one line (the size
    once: "Random 15x15 #7" names it already), and the ways on from there; Esc resumes.
    ``editor``: "Back to the editor" (a game started from one)."""
    back = [DialogButton(N_("Back to the editor"), editor)] if editor is not None else []
    if size_text in name:
        name, size_text = name.replace(f" {size_text}", "", 1), size_text
    return DialogScene(
        app,
        _("Paused"),
        name,
        [
            DialogButton(N_("Resume"), primary=True),
            *back,
            DialogButton(N_("Restart"), restart),
            DialogButton(N_("Level select"), level_select),
            DialogButton(N_("Menu"), menu),
        ],
        cancel_index=0,
        vertical=True,
        name=PAUSE,
        tail=f" · {size_text} · {format_time(elapsed)}",
    )


class PlayShell(Scene, Generic[M, C, G]):
    """One game of one puzzle of some kind being played. ``key`` names its record in the
    player's progress; ``title`` and ``path`` are what the record keeps."""

    #: Where the board, the panel and the bars go (the kind places them).
    regions: PlayRegions
    #: The side panel's buttons while the game is played (the kind makes them).
    play_buttons: list[Button]
    #: What "restart?" says is lost (translated where it is shown).
    restart_loses = N_("Your marks and their undo history are lost.")
    #: Seconds a flash of a check's verdict lasts (the kind draws it).
    flash_seconds = 1.8

    def __init__(self, app: App, key: str, title: str, path: Path | None) -> None:
        super().__init__(app)
        self.key = key
        self.title = title
        self._path = path
        self.keeper: GameKeeper[G] = GameKeeper(
            app.store,
            key,
            title=title,
            path=path,
            fresh=self.fresh_game,
            parse=self.read_game,
            write_store=app.save_store,
        )
        resumed = self.keeper.resume()
        if resumed.note is not None:
            app.toast(resumed.note, error=True, seconds=8.0)
        self.session: G = resumed.game
        self.win: WinState | None = None
        self.message = ""
        self.message_kind = "info"  # info / error / success / hint
        self.focus_lost = False
        self.show_cursor = True
        self.version = 0  # counts board changes, so drawings know when to redo
        self.next_button = Button(N_("Next puzzle"), self.next_puzzle, primary=True, font_size=20)
        self.levels_button = Button(N_("Level select"), self.go_level_select, font_size=20)
        self.menu_button = Button(N_("Menu"), self.go_menu, font_size=20)
        self.win_buttons = [self.next_button, self.levels_button, self.menu_button]

    @property
    def is_won(self) -> bool:
        """The game was won (its result and the ways on are shown)."""
        return self.win is not None

    @property
    def path(self) -> Path | None:
        """The puzzle's file, if it has one; the record in progress keeps it."""
        return self._path

    @path.setter
    def path(self, path: Path | None) -> None:
        self._path = path
        self.keeper.set_path(path)

    # --- the kind's hooks --------------------------------------------------------------

    def fresh_game(self) -> G:
        """A new game of the puzzle."""
        raise NotImplementedError

    def read_game(self, data: object) -> G:
        """The game saved in ``data`` (a ValueError when it cannot be resumed)."""
        raise NotImplementedError

    def shown_name(self) -> str:
        """What the puzzle is called on screen."""
        return self.title

    @property
    def size_text(self) -> str:
        raise NotImplementedError

    def sound_of(self, move: object) -> str:
        """The sound a move makes."""
        return "fill"

    def changed(self, change: C | None) -> None:
        """Follow a change of the board (before the win, if it solved the board)."""

    def won(self) -> None:
        """The board was just solved and recorded (``self.win`` is set)."""

    def restarted(self) -> None:
        """The game was started again from an empty board."""

    def next_puzzle(self) -> None:
        self.go_level_select()

    def go_level_select(self) -> None:
        raise NotImplementedError

    def go_menu(self) -> None:
        raise NotImplementedError

    def pause_extras(self) -> dict[str, Callable[[], None]]:
        """More ways on from the pause menu (``editor``: back to the editor)."""
        return {}

    def before_pause(self) -> None:
        """Let go of anything under way before the pause menu comes up."""

    # --- saving ------------------------------------------------------------------------

    def save(self) -> None:
        """Write the game to the store now (a won game leaves nothing to keep)."""
        self.keeper.save(self.session if self.win is None else None)

    def on_exit(self) -> None:
        self.save()

    def on_quit(self) -> None:
        self.save()

    # --- moves -------------------------------------------------------------------------

    def apply(self, move: M, sound: str | None = None) -> bool:
        """Make a move through the game; everything that follows a change follows here."""
        if self.win is not None:
            return False
        change = self.session.apply(move)
        if change is None:
            return False
        self.app.sounds.play(sound if sound is not None else self.sound_of(move))
        self.after_change(change)
        return True

    def undo(self) -> None:
        change = self.session.undo() if self.win is None else None
        if change is not None:
            self.app.sounds.play("click")
            self.after_change(change)

    def redo(self) -> None:
        change = self.session.redo() if self.win is None else None
        if change is not None:
            self.app.sounds.play("click")
            self.after_change(change)

    def after_change(self, change: C | None = None) -> None:
        """What follows every change of the board: the kind's follow-up, the autosave, and
        the win when the board is solved."""
        self.changed(change)
        self.version += 1
        self.keeper.save_soon()
        if self.session.solved:
            self.record_win()

    def answer_was_shown(self) -> bool:
        """The solver's answer was on screen during the game: its win sets no best time."""
        return False

    def record_win(self) -> None:
        self.win = self.keeper.record_win(self.session.elapsed, helped=self.answer_was_shown())
        self.next_button.enabled = bool(self.has_next())
        self.set_message("")
        self.won()
        self.app.sounds.play("reveal")  # the wave's shimmer; the chime follows the title

    def has_next(self) -> bool:
        return False

    def set_message(self, text: str, kind: str = "info") -> None:
        self.message = text
        self.message_kind = kind

    # --- the clock and pausing ---------------------------------------------------------

    def dialog(self) -> DialogScene | None:
        """The dialog right over this scene (the pause menu, a question), if one is up."""
        top = self.app.top
        if isinstance(top, DialogScene) and self.app.scene_below(top) is self:
            return top
        return None

    @property
    def paused(self) -> bool:
        """The pause menu (or a question it leads to) is up or the window lost focus: the
        clock waits, the board hides (a stopped clock must not buy free thinking time). A
        solved game has no time left to buy: its board stays in view under any question."""
        if self.win is not None:
            return False
        dialog = self.dialog()
        return (dialog is not None and dialog.name in PAUSING_DIALOGS) or self.focus_lost

    @property
    def clock_running(self) -> bool:
        """Only while the game is the top scene, or under a question that keeps it running
        ("clear the board?"): the replay over it or the pause menu stop the clock."""
        if self.paused or self.win is not None:
            return False
        if self.app.top is self:
            return True
        dialog = self.dialog()
        return dialog is not None and dialog.below_runs

    def focus_event(self, event: Input) -> bool:
        """The window losing or gaining focus (the clock stops while it is away)."""
        if event.kind is Kind.FOCUS_LOST:
            self.focus_lost = True
            return True
        if event.kind is Kind.FOCUS_GAINED:
            self.focus_lost = False
            return True
        return False

    def game_key(self, event: Input) -> bool | None:
        """The keys every kind's game takes alike: Ctrl+Z undo, Ctrl+Y or Ctrl+Shift+Z
        redo, Esc the pause menu. True when taken; False for another Ctrl key (which no
        game takes); None when the kind should look at it."""
        if event.pressed(Action.REDO):
            self.redo()
            return True
        if event.pressed(Action.UNDO):
            self.undo()
            return True
        if event.ctrl and event.device is Device.KEYBOARD:
            return False
        if event.pressed(Action.PAUSE):
            self.open_pause()
            return True
        return None

    def handle_won(self, event: Input) -> bool:
        """Events once the game is won: a click or key during the reveal skips to its end,
        then the win buttons; Enter (or Space) goes on, Esc goes to level select."""
        win = self.win
        assert win is not None
        if win.age < BUTTONS_AT:
            if event.kind in (Kind.POINTER_DOWN, Kind.PRESS):
                win.age = BUTTONS_AT
                return True
            return event.kind in _MOUSE_EVENTS
        if event.kind in _MOUSE_EVENTS:
            return any(button.handle(event) for button in self.win_buttons if button.enabled)
        if event.kind is Kind.PRESS:
            if event.pressed(*_GO_ON):
                self.go_on()
                return True
            if event.pressed(Action.BACK):
                self.go_back()
                return True
        return False

    def go_on(self) -> None:
        """Enter on the win: the next puzzle, else level select."""
        (self.next_puzzle if self.next_button.enabled else self.go_level_select)()

    def go_back(self) -> None:
        """Esc on the win: back where the player came from."""
        self.go_level_select()

    def tick_game(self, dt: float, *, hands_busy: bool = False) -> None:
        """A frame's time for the game: its clock, the autosave and the win's reveal."""
        session = self.session
        if self.clock_running:
            session.resume()
        else:
            session.pause()
        session.tick(dt)
        self.keeper.tick(dt, session if self.win is None else None, hands_busy=hands_busy)
        if self.win is not None:
            before, self.win.age = self.win.age, self.win.age + dt
            if before < TITLE_AT <= self.win.age:
                self.app.sounds.play("win")  # the chime as the title appears

    def clock_wake(self) -> float | None:
        """The time until the clock shows its next second (or the autosave is due); None
        with the clock stopped and nothing due."""
        due = [] if self.keeper.save_in is None else [max(0.0, self.keeper.save_in)]
        if self.clock_running:
            due.append(1.0 - self.session.elapsed % 1.0)
        return min(due) if due else None

    # --- the pause menu and restarting -------------------------------------------------

    def open_pause(self) -> None:
        self.before_pause()
        self.app.push(
            pause_dialog(
                self.app,
                self.shown_name(),
                self.size_text,
                self.session.elapsed,
                restart=lambda: self.ask_restart(from_pause=True),
                level_select=self.go_level_select,
                menu=self.go_menu,
                **self.pause_extras(),
            )
        )

    def ask_restart(self, from_pause: bool = False) -> None:
        """Ask before starting again; Cancel goes back where the question came from (the
        pause menu, or the game when a panel's button asked)."""
        self.app.push(
            DialogScene(
                self.app,
                _("Restart?"),
                _("Start this puzzle again from an empty board, with the clock at zero.")
                + " "
                + _(self.restart_loses),
                [
                    DialogButton(N_("Restart"), self.restart, primary=True),
                    (N_("Cancel"), self.open_pause if from_pause else None),
                ],
                vertical=True,
                name=RESTART,
            )
        )

    def restart(self) -> None:
        self.session = self.fresh_game()
        self.set_message("")
        self.version += 1
        self.restarted()
        self.save()
