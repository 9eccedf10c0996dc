"""The midend: what a game in play does the same way for every puzzle kind.

A puzzle kind (nonograms, Kakuro, colour nonograms next) is a *back end*: its state, its
moves and how one applies, its win test, its check and hint services and how its board is
written down. What a game does around those is written once, here (as the midend of
Tatham's collection does for its forty games):

- **undo and redo**: :meth:`Midend.apply` asks the back end to perform a move and keeps the
  *record* it returns (what the move changed, enough to take it back); :meth:`~Midend.undo`
  and :meth:`~Midend.redo` hand records back to the back end. A new move empties redo. The
  moves of one *stroke* (:meth:`~Midend.begin_stroke` .. :meth:`~Midend.end_stroke`: the
  cells a Shift-held arrow paints one by one) are one undo step, as a mouse drag's one move;
- **the clock**: :meth:`~Midend.tick` counts play time unless paused or solved;
- **the solved event**: every change says ``solved``, and the midend calls its
  ``on_solved`` listeners once, on the change that first solves the board;
- **saving**: :meth:`~Midend.worth_keeping` (is there anything to save?), and the checks a
  saved game's common fields need (:func:`read_seconds`); each kind writes its own board;
- **the record in the player's progress** is :class:`game.core.play.keeping.GameKeeper`'s,
  for any :class:`Midend`.

A back end subclasses :class:`Midend` and fills in four hooks: ``_perform`` (a move to a
record and a change, or None when it changes nothing), ``_revert`` (undo a record),
``_perform_again`` (redo one) and ``solved``; ``_has_marks`` says whether the board holds
anything a save should keep.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any, Generic, Protocol, TypeVar

from game.core.seconds import MAX_SECONDS, is_seconds


class SolvedChange(Protocol):
    """What every kind's change says at least: whether the board is solved after it."""

    @property
    def solved(self) -> bool: ...


M = TypeVar("M")
R = TypeVar("R")
C = TypeVar("C", bound=SolvedChange)


class SaveError(ValueError):
    """A saved game that cannot be resumed; the message is one line for players."""


def read_seconds(data: dict[str, Any], key: str, refusal: str) -> float:
    """The saved play time under ``key``, or :class:`SaveError` with ``refusal``."""
    value = data.get(key)
    if not is_seconds(value):
        raise SaveError(refusal)
    return float(value)


class Midend(ABC, Generic[M, R, C]):
    """One game of one puzzle, of any kind: undo/redo of the back end's records, the
    clock and the solved event. Change the game only through apply / undo / redo."""

    #: At most this many undo (and redo) records are kept; None keeps them all.
    max_history: int | None = None

    def __init__(self) -> None:
        self.elapsed = 0.0
        self.paused = False
        self._undo: list[R] = []
        self._redo: list[R] = []
        # Beside each record: whether it joins the one before it into one undo step.
        self._undo_joins: list[bool] = []
        self._redo_joins: list[bool] = []
        self._stroke: int | None = None  # records made in the open stroke (None: no stroke)
        self.on_solved: list[Callable[[], None]] = []

    # --- the back end's hooks ----------------------------------------------------------

    @abstractmethod
    def _perform(self, move: M) -> tuple[R, C] | None:
        """Make ``move`` on the board: the record to take it back and the change, or None
        (the board untouched) when it would change nothing or is not a legal move."""

    @abstractmethod
    def _revert(self, record: R) -> C:
        """Take back the move ``record`` made (it is the last one made)."""

    @abstractmethod
    def _perform_again(self, record: R) -> tuple[R, C]:
        """Make the move ``record`` took back again (the board is as it was before it)."""

    @property
    @abstractmethod
    def solved(self) -> bool:
        """The kind's win test on the board as it stands."""

    def _has_marks(self) -> bool:
        """Whether the board holds marks worth saving even with no history."""
        return False

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The game as a JSON object (the kind's ``from_json`` reads it back)."""

    # --- state -------------------------------------------------------------------------

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def worth_keeping(self) -> bool:
        """Whether a save has anything to keep: a history either way, or marks."""
        return self.can_undo or self.can_redo or self._has_marks()

    # --- moves -------------------------------------------------------------------------

    def apply(self, move: M) -> C | None:
        """Make ``move`` and say what changed; None (and no history) when nothing would.

        A move the kind's rules follow up (:meth:`_follow_up`) makes a second undo step,
        and the change returned covers both."""
        was_solved = self.solved
        change = self._record(move, join=self._stroke is not None and self._stroke > 0)
        if change is None:
            return None
        if self._stroke is not None:
            self._stroke += 1
        follow = self._follow_up(change)
        if follow is not None:
            joins = self._follow_up_joins(follow)
            extra = self._record(follow, join=joins)
            if extra is not None:
                change = self._merge(change, extra)
                if not joins:
                    self._stroke = None  # the rule's move is its own step: the stroke ends
        return self._announce(change, was_solved)

    def begin_stroke(self) -> None:
        """The moves made from now until :meth:`end_stroke` are one undo step (the first
        that changes something starts it)."""
        self._stroke = 0

    def end_stroke(self) -> None:
        self._stroke = None

    def _record(self, move: M, join: bool) -> C | None:
        performed = self._perform(move)
        if performed is None:
            return None
        record, change = performed
        self._line_up()
        joins_one = join and bool(self._undo)
        self._undo.append(record)
        self._undo_joins.append(joins_one)
        if self.max_history is not None:
            del self._undo[: -self.max_history]
            del self._undo_joins[: -self.max_history]
            self._undo_joins[0] = False
        self._redo.clear()
        self._redo_joins.clear()
        return change

    def _line_up(self) -> None:
        """Keep a join flag beside every record (a back end reading a save sets the stacks
        alone: its records are steps of their own)."""
        for stack, joins in ((self._undo, self._undo_joins), (self._redo, self._redo_joins)):
            if len(joins) != len(stack):
                joins[:] = ([False] * len(stack) + joins)[-len(stack) :] if stack else []

    def _follow_up(self, change: C) -> M | None:
        """A move the kind's rules make after ``change`` (none unless a kind says so); a
        second undo step unless :meth:`_follow_up_joins` says it is one with the move."""
        return None

    def _follow_up_joins(self, move: M) -> bool:
        """Whether the follow-up ``move`` is one undo step with the move it follows (else
        a second step of its own)."""
        return False

    def _merge(self, first: C, then: C) -> C:
        """One change saying what ``first`` and then ``then`` did (for :meth:`_follow_up`)."""
        return then

    def undo(self) -> C | None:
        """Take back the last step (a move, or a stroke's moves); None when there is none."""
        if not self._undo:
            return None
        self._stroke = None
        self._line_up()
        change: C | None = None
        joined = True
        while joined and self._undo:
            record, joined = self._undo.pop(), self._undo_joins.pop()
            step = self._revert(record)
            change = step if change is None else self._merge(change, step)
            self._redo.append(record)
            self._redo_joins.append(joined)
        return change

    def redo(self) -> C | None:
        """Make the last undone step again; None when there is none."""
        if not self._redo:
            return None
        self._stroke = None
        self._line_up()
        was_solved = self.solved
        change: C | None = None
        while self._redo and (change is None or self._redo_joins[-1]):
            joined = self._redo_joins.pop()
            record, step = self._perform_again(self._redo.pop())
            self._undo.append(record)
            self._undo_joins.append(joined)
            change = step if change is None else self._merge(change, step)
        assert change is not None
        return self._announce(change, was_solved)

    def _announce(self, change: C, was_solved: bool) -> C:
        if change.solved and not was_solved:
            for listener in list(self.on_solved):
                listener()
        return change

    # --- clock -------------------------------------------------------------------------

    def tick(self, dt: float) -> None:
        """Add ``dt`` seconds of play, unless paused or solved."""
        if self.paused or self.solved:
            return
        if math.isfinite(dt) and dt > 0:
            self.elapsed = min(float(MAX_SECONDS), self.elapsed + dt)

    def pause(self) -> None:
        self.paused = True

    def resume(self) -> None:
        self.paused = False
