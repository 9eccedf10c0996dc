"""A widget's words: set in English, read in the player's language."""

from __future__ import annotations

from typing import Any, overload

from game.core.i18n import _


class Translated:
    """A text attribute of a widget, given in English (the catalogue's key) and read
    translated, so a language switched in Options reaches every label already made."""

    def __set_name__(self, owner: type, name: str) -> None:
        self._stored = "_" + name

    @overload
    def __get__(self, widget: None, owner: type) -> Translated: ...

    @overload
    def __get__(self, widget: object, owner: type) -> str: ...

    def __get__(self, widget: object | None, owner: type) -> Any:
        if widget is None:
            return self
        return _(getattr(widget, self._stored))

    def __set__(self, widget: object, value: str) -> None:
        setattr(widget, self._stored, value)
