"""Saving and leaving, as the two puzzle-making screens (converter, clue editor) ask it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from game.core.i18n import _
from game.core.store.fileio import os_reason, readable
from game.ui.widgets.dialog import DialogAction, DialogButton, DialogScene

if TYPE_CHECKING:
    from game.ui.app import App


def toast_save_failed(app: App, error: Exception) -> str:
    """One line for a save that failed: the system's words for a file error, and the folder
    it happened in (QA: "Not a directory" alone did not say which; the file named is often
    the writer's temporary file, so its folder is what is shown)."""
    reason = os_reason(error) if isinstance(error, OSError) else error
    where = ""
    if isinstance(error, OSError) and isinstance(error.filename, str) and error.filename:
        where = readable(str(Path(error.filename).parent))
        if isinstance(error, FileExistsError) and not Path(error.filename).is_dir():
            # Making the folder met a file of its name: mkdir's "File exists", and the
            # folder above named (QA: My puzzles replaced by a file).
            where = readable(error.filename)
            reason = _("it is a file, not a folder")
    if where:
        text = _("Could not save the puzzle in {folder}: {reason}").format(
            folder=where, reason=reason
        )
    else:
        text = _("Could not save the puzzle: {reason}").format(reason=reason)
    app.toast(text, error=True)
    return text


def leave_or_ask(
    app: App,
    unsaved: str | None,
    title: str,
    text: str,
    save: Callable[[], Path | None] | None,
) -> None:
    """Leave the screen at once when nothing is unsaved; else ask: Save and leave (when
    ``save`` is given; it leaves only if the save worked), Leave, or Stay."""
    if unsaved is None:
        app.pop()
        return
    # Nothing can be saved: the main choice (blue, and Enter) is the one that loses nothing.
    choices: list[DialogButton | tuple[str, DialogAction]] = [
        (_("Leave"), app.pop),
        DialogButton(_("Stay"), None, primary=save is None),
    ]
    if save is not None:

        def save_and_leave() -> None:
            if save() is not None:
                app.pop()

        choices.insert(0, (_("Save and leave"), save_and_leave))
    app.push(DialogScene(app, title, text, choices, cancel_index=len(choices) - 1))
