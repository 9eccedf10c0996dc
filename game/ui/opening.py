"""Opening a puzzle to play: a file dropped on the window or named on the command line, a
pack's puzzle, a puzzle made in an editor. The app's methods of the same names call these.

A file is read, checked for a moment by the solver (no picture fits: refused; two do: the
play screen says so from the start), placed in its pack when it sits in one, and played if
it fits the screen; every refusal is one toast.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import replace as with_changes
from pathlib import Path
from typing import TYPE_CHECKING, Generic, TypeVar

from game.core.i18n import N_
from game.core.kinds import NONOGRAM
from game.core.opening import Convert, Play, Refused, where_opens

# MAX_PLAYABLE is named here too: the screens' tests take it from this module.
from game.core.playable import MAX_PLAYABLE as MAX_PLAYABLE
from game.core.playable import unplayable
from game.ui.input import Input, Kind
from game.ui.scene import Scene

if TYPE_CHECKING:
    from game.core.puzzle import Puzzle
    from game.core.store.packs import PackPlace
    from game.ui.app import App


P = TypeVar("P")  # the kind's puzzle


@dataclass(frozen=True)
class PlayContext(Generic[P]):
    """Where a puzzle being played comes from: its pack's name, its place in a bundled pack
    (it is called "#5" until solved) and what to offer after a win (puzzles already read, or
    files read when they are reached). Empty for a file from elsewhere."""

    pack: str | None = None
    place: PackPlace | None = None
    next_puzzles: Sequence[tuple[P, Path] | Path] = ()
    # The converter or clue editor whose Play started the game: the game offers "Back to
    # the editor", which returns to it as it was.
    editor: Scene | None = None
    notice: str = ""  # a line the play screen shows from the start (e.g. "ambiguous")
    # A file opened blind: the play screen asks the solver, a slice a frame, whether any
    # picture fits (none: it closes and says so) and whether a second one does (it says so).
    check_file: bool = False


def open_dropped_file(app: App, path: Path) -> bool:
    """A file dropped on the window. The top scene gets the DROP input first (the
    converter and its file browser take it); when it does not use it, the file opens where
    :func:`~game.core.opening.where_opens` says: a picture in the converter, a Kakuro
    in its play screen, anything else is read as a level and played."""
    top = app.top
    if top is not None and top.handle(Input(Kind.DROP, text=str(path))):
        return True
    match where_opens(path):
        case Convert():
            app.router.converter(path)
            return True
        case Refused(reason=reason):
            app.toast(f"{path.name}: {reason}", error=True)
            return False
        case Play():
            return open_level_file(app, path)


def open_level_file(app: App, path: Path) -> bool:
    """Read a puzzle file and play it (a dropped file, ``play FILE``); errors are toasts.
    The file's kind (``game.core.kinds``, by its name) opens it with its screens
    (``game.ui.kinds``); a name no kind claims is read as a nonogram."""
    from game.ui.kinds import screens_for

    where = where_opens(path)
    kind = where.kind if isinstance(where, Play) else NONOGRAM
    return screens_for(kind).open_file(app, path)


def open_nonogram_file(app: App, path: Path) -> bool:
    """Read a nonogram file and play it; errors are toasts."""
    from game.core.formats import read_puzzle
    from game.core.store.packs import file_problem

    try:
        puzzle = read_puzzle(path)
    except (ValueError, OSError) as error:
        # The toast names the file once; the reason keeps its line, not the whole path.
        app.toast(f"{path.name}: {file_problem(error, path)}", error=True)
        return False
    # A puzzle the play screen refuses (no cells, too big) is refused before the check.
    refusal = unplayable(puzzle)
    if refusal is not None:
        app.toast(refusal, error=True)
        return False
    # The solver's verdict on the file comes a slice a frame in the play screen (see
    # ``PlayContext.check_file`` and ``OpeningCheck``): no frame waits for it.
    context = with_changes(pack_context(app, path), check_file=True)
    return play_puzzle(app, puzzle, path=path, context=context)


def pack_context(app: App, path: Path, puzzle: Puzzle | None = None) -> PlayContext[Puzzle]:
    """The pack, the place and the next puzzles of a puzzle file that sits in a pack
    (bundled or "My puzzles"), so resuming it from the menu still names its pack (a
    bundled one's puzzle by its number until solved) and offers the next puzzle after a
    win. A generated picture ``puzzle`` (Random's, the daily's) keeps the name that hides
    its picture until solved (:func:`~game.core.generate.files.cover_place`); empty for
    another file from elsewhere."""
    from game.core.generate.files import cover_place
    from game.core.store.packs import files_after, pack_of_file, place_in_pack
    from game.resources import levels_dir

    try:
        pack = pack_of_file(path, levels_dir(), app.store.user_puzzles_dir())
    except OSError:
        pack = None
    if pack is None:
        place = cover_place(puzzle) if puzzle is not None else None
        return PlayContext(place.pack if place is not None else None, place)
    return PlayContext(pack.name, place_in_pack(pack, path), files_after(pack, path))


def play_puzzle(
    app: App, puzzle: Puzzle, path: Path | None = None, context: PlayContext[Puzzle] | None = None
) -> bool:
    """Open the play screen for ``puzzle``; False (and a toast) when it cannot be played
    here. Over a game already open it replaces that game rather than piling up."""
    refusal = unplayable(puzzle)
    if refusal is not None:
        app.toast(refusal, error=True)
        return False
    app.router.game(puzzle, path, context if context is not None else PlayContext())
    return True


AMBIGUOUS_FILE = N_(
    "These clues have more than one solution: any picture that fits every clue wins."
)
NO_PICTURE = N_("{name}: no picture fits these clues: it cannot be solved.")
# The solver's work (lines looked at) a file's opening check may take before the game plays
# it unjudged: about half a second of the compiled engine on this project's hardest corpus
# puzzles (dom_08, dom_09, TAAI #750 and #998 took 130 000-220 000 lines in 0.5 s). Counted in
# work, not seconds, so a slower machine gives the same verdict, later.
OPENING_CHECK_WORK = 150_000
