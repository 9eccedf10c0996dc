"""The play screen's ways out and the questions before them: the pause menu, "clear the
board?", "restart?" (each a ``DialogScene`` pushed over the play scene), the solver replay,
level select, the menu and the next puzzle."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from game.core.create.fairness import Report
from game.core.i18n import N_, _
from game.core.puzzle import Puzzle
from game.core.store.packs import (
    PackPlace,
    PuzzleEntry,
    file_problem,
    first_unsolved_after,
    list_packs,
    number_in_pack,
    pack_of_file,
    read_pack,
)
from game.ui.scene import EditorScene
from game.ui.scenes.shared.play.shell import LEAVE
from game.ui.widgets.dialog import DialogAction, DialogButton, DialogScene

if TYPE_CHECKING:
    from game.ui.router import Route
    from game.ui.scenes.play.scene import PlayScene


def ambiguity_notice(report: Report | None) -> str:
    """What the play screen says first about a puzzle an editor holds whose clues have more
    than one solution ("" otherwise): the player should know before playing it."""
    if report is None or report.status != "multiple":
        return ""
    return _(
        "These clues have more than one solution ({free}): any picture that fits every clue wins."
    ).format(free=report.free_text)


class PlayExits:
    """Opens the play scene's dialogs and leaves it for another scene."""

    def __init__(self, scene: PlayScene) -> None:
        self.scene = scene
        # Where "Next puzzle" goes once the pack's own puzzles run out (found at the win).
        self.next_pack_entry: PuzzleEntry | None = None
        self.next_pack_name = ""

    # --- dialogs -----------------------------------------------------------------------

    def ask_reset(self) -> None:
        scene = self.scene
        if not scene.session.board.known_mask().any():
            scene.set_message(_("The board is already empty."), "info")
            return
        scene.app.push(
            DialogScene(
                scene.app,
                _("Clear the board?"),
                _("Every mark goes. The clock keeps running, and Undo brings the marks back."),
                [
                    DialogButton(N_("Clear the board"), scene.reset, primary=True),
                    (N_("Cancel"), None),
                ],
                vertical=True,
                name="reset",
                below_runs=True,  # the board stays in view, so the clock must not stop
            )
        )

    # --- other scenes ------------------------------------------------------------------

    def open_solver(self) -> None:
        scene = self.scene
        # The player's board goes along: the replay can start from their marks on request.
        board = scene.session.board.copy()
        scene.solver_view = scene.app.router.replay(
            scene.puzzle, initial_board=board, name=scene.shown_name()
        )

    def back_to_editor(self) -> None:
        """Back to the converter or clue editor whose Play started this game, as it was left
        (grid, title, touch-ups, undo history): nothing is asked, the editor still holds its
        work. The game itself is saved on the way (``on_exit``)."""
        scene = self.scene
        editor = scene.editor
        app = scene.app
        if editor is None or editor not in app.scenes or scene not in app.scenes:
            return
        app.pop_to(type(editor))

    def go_level_select(self) -> None:
        """Back to the level select under the game, else to a new one over the menu, so Esc
        there leads to the menu (not to a converter the game was started from)."""
        if self.scene in self.scene.app.scenes:
            self._leave(self.scene.app.router.route("levels"))

    def go_menu(self) -> None:
        self._leave(self.scene.app.router.route("menu"))

    def _leave(self, route: Route) -> None:
        """Take ``route``, which closes the screens between its goal and the game; ask
        first when any of them holds unsaved work. The screen this game was started from is
        named as such (its game is kept, played from a copy of its own, but the puzzle is
        not in My puzzles) and can be saved from the question; other screens' work (a
        conversion left under a clue editor) is named as theirs, never saved behind the
        player's back. The game saves itself."""
        scene = self.scene
        app = scene.app
        go, dropped = route.go, route.closes
        origin = self._unsaved_origin()
        origin = origin if origin in dropped else None
        others = [
            other
            for other in dropped
            if other is not scene and other is not origin and other.unsaved_work() is not None
        ]
        if origin is None and not others:
            go()
            return

        def save_then_go() -> None:
            assert origin is not None
            path = origin.save()
            if path is None:
                return  # the toast says why; nothing is dropped
            # The game now has a file: Continue can reopen it.
            scene.path = path
            scene.save()
            go()

        lines = []
        if origin is not None and scene.win is not None:
            # A solved game loses nothing: only the editor's work is at stake.
            lines.append(
                f"{origin.unsaved_work()} "
                + _("The solved game is kept; leaving closes the editor.")
            )
        elif origin is not None:
            lines.append(
                f"{origin.unsaved_work()} "
                + _("The game is kept to continue; the puzzle goes to My puzzles only when saved.")
            )
        lines += [
            f"{other.unsaved_work()} " + _("Leaving closes that screen too.") for other in others
        ]
        buttons: list[DialogButton | tuple[str, DialogAction]] = []
        if origin is not None:
            buttons.append(DialogButton(N_("Save the puzzle and go"), save_then_go, primary=True))
        back = scene.open_pause if scene.win is None else None  # Cancel: back to the game
        # With nothing this screen can save, the main (blue) choice is the one that drops
        # nothing: Cancel.
        buttons += [
            DialogButton(N_("Leave without saving"), go),
            DialogButton(N_("Cancel"), back, primary=origin is None),
        ]
        app.push(
            DialogScene(
                app,
                _("Leave without saving?"),
                " ".join(lines),
                buttons,
                vertical=True,
                name=LEAVE,
            )
        )

    def _unsaved_origin(self) -> EditorScene | None:
        """The converter or clue editor right under the game (the one whose Play started it)
        when the puzzle it holds is still this game's and is not saved; else None. A game
        that replaced another, or an editor changed since, finds no match by fingerprint."""
        scene = self.scene
        below = scene.app.router.editor_below(scene)
        if below is None or below.unsaved_work() is None:
            return None
        try:
            held = below.finished_puzzle().fingerprint()
        except ValueError:  # clues no longer a whole puzzle: not the game's puzzle either
            return None
        return below if held == scene.key else None

    def next_puzzle(self) -> None:
        """Play the first of the next puzzles that loads (the others stay next after it);
        level select when none does."""
        scene = self.scene
        remaining = list(scene.next_puzzles)
        while remaining:
            loaded = self._load(remaining.pop(0))
            if loaded is None:
                continue
            puzzle, path = loaded
            place = self._place_of(path)
            scene.app.router.next_game(puzzle, path, scene.pack, place, remaining)
            return
        following = self.next_pack_entry
        if following is not None and following.puzzle is not None:
            app = scene.app
            app.play_puzzle(following.puzzle, following.path, app.pack_context(following.path))
            return
        self.go_level_select()

    def find_next_pack(self) -> PuzzleEntry | None:
        """After a bundled pack's last puzzle: the first unsolved puzzle of the next pack
        (``game.core.store.packs.first_unsolved_after``); kept for "Next puzzle"."""
        from game.resources import levels_dir

        scene = self.scene
        self.next_pack_entry = None
        if scene.path is None or scene.next_puzzles:
            return None
        store = scene.app.store
        try:
            levels, user_dir = levels_dir(), store.user_puzzles_dir()
            current = pack_of_file(scene.path, levels, user_dir)
            if current is None:
                return None
            packs = list_packs(levels, user_dir)

            def solved(puzzle: Puzzle) -> bool:
                return bool(store.record(puzzle.fingerprint()).solved)

            self.next_pack_entry = first_unsolved_after(packs, current, solved)
            if self.next_pack_entry is not None:
                path = self.next_pack_entry.path
                pack = read_pack(path.parent)
                number = number_in_pack(pack, path)
                self.next_pack_name = pack.name + (f" #{number}" if number is not None else "")
        except OSError:
            return None
        return self.next_pack_entry

    def win_note(self) -> str:
        """What the win panel says under its buttons of where the next game is: nothing
        for a game from an editor (no list), else the next pack's puzzle, or where to find
        another when there is no next one."""
        scene = self.scene
        if scene.next_button not in scene.win_buttons:
            return ""
        if not scene.next_button.enabled:
            return self.no_next_note()
        if self.next_pack_entry is not None:
            return _("Next: {name}").format(name=self.next_pack_name)
        return ""

    def no_next_note(self) -> str:
        """What the win panel says when there is no next puzzle. A daily or a random
        puzzle is the only one of its list, so "no next puzzle in this list" left the
        player wondering where the next one is (QA): it says where instead."""
        from game.core.generate.files import daily_folder, random_folder

        scene = self.scene
        folder = scene.path.parent if scene.path is not None else None
        store = scene.app.store
        if folder is not None and folder == daily_folder(store):
            return _("A new daily puzzle tomorrow.")
        if folder is not None and folder == random_folder(store):
            return _("Level select's Random makes another, or keeps this one.")
        return _("No next puzzle in this list.")

    def _place_of(self, path: Path | None) -> PackPlace | None:
        """The place of a next puzzle: in this puzzle's pack, numbered by its file."""
        place = self.scene.place
        if place is None or path is None:
            return None
        number = number_in_pack(read_pack(path.parent), path)
        return PackPlace(place.pack, number) if number is not None else None

    def _load(self, item: object) -> tuple[Puzzle, Path | None] | None:
        """A next puzzle: a Puzzle, a (puzzle, path) pair, or a file (a toast when unreadable)."""
        if isinstance(item, Puzzle):
            return item, None
        if isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], Puzzle):
            return item[0], Path(item[1]) if item[1] is not None else None
        if isinstance(item, str | Path):
            path = Path(item)
            try:
                from game.core.formats import read_puzzle

                return read_puzzle(path), path
            except (ValueError, OSError) as error:
                self.scene.app.toast(f"{path.name}: {file_problem(error, path)}", error=True)
        return None
