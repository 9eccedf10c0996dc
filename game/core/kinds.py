"""The puzzle kinds as one table (issue 45; Tatham's ``struct game``): what a kind is called,
which file names are its, how a file is read, its session back end, its solver (a sliced
task), its rating, its generator and the formats it reads. Opening a file, the commands and
the screens ask the table rather than naming a kind; a new kind is one more entry.

The entries' callables import their kind's modules when called, so reading the table costs
nothing. A kind is typed over its puzzle (``P``) and its session (``S``). Nothing here
imports pygame.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from game.core.i18n import N_

if TYPE_CHECKING:
    from game.core.kakuro.model import KakuroPuzzle
    from game.core.kakuro.session import KakuroSession
    from game.core.play.session import Session
    from game.core.puzzle import Puzzle
    from game.core.slicing import SlicedTask

P = TypeVar("P")
S = TypeVar("S")


@dataclass(frozen=True)
class PuzzleKind(Generic[P, S]):
    """One kind of puzzle. ``read`` raises ValueError or OSError with the reason for a file
    it cannot read; ``solver`` makes a sliced task that looks for two solutions; ``rate``
    is its stars from 1 to 5 (None: not rated); ``edited``: the converter edits its puzzles
    (a file of another kind is refused there)."""

    name: str
    title: str
    suffixes: frozenset[str]
    read: Callable[[Path], P]
    session: Callable[[P], S]
    solver: Callable[[P], SlicedTask[Any, Any]]
    rate: Callable[[P], int | None]
    formats: tuple[str, ...]
    generator: str = ""  # the module that makes new ones ("" when none)
    edited: bool = False
    # Where a player finds its puzzles, for a screen that refuses one ("level select's Kakuro").
    played_from: str = N_("its own screens")

    def owns(self, path: Path) -> bool:
        return path.suffix.lower() in self.suffixes


def _read_nonogram(path: Path) -> Puzzle:
    from game.core.formats import read_puzzle

    return read_puzzle(path)


def _nonogram_session(puzzle: Puzzle) -> Session:
    from game.core.play.session import Session

    return Session(puzzle)


def _nonogram_solver(puzzle: Puzzle) -> SlicedTask[Any, Any]:
    from game.core.solver.task import SolveTask

    return SolveTask(puzzle, max_solutions=2)


def _nonogram_stars(puzzle: Puzzle) -> int | None:
    from game.core.rating import rate_puzzle

    return rate_puzzle(puzzle)[1].stars or None


def _nonogram_suffixes() -> frozenset[str]:
    from game.core.store.packs import PUZZLE_EXTENSIONS

    return PUZZLE_EXTENSIONS


def _nonogram_formats() -> tuple[str, ...]:
    from game.core.formats import FORMATS

    return tuple(puzzle_format.name for puzzle_format in FORMATS)


def _read_kakuro(path: Path) -> KakuroPuzzle:
    from game.core.kakuro.fileformat import read_kakuro

    return read_kakuro(path)


def _kakuro_session(puzzle: KakuroPuzzle) -> KakuroSession:
    from game.core.kakuro.session import KakuroSession

    return KakuroSession(puzzle)


def _kakuro_solver(puzzle: KakuroPuzzle) -> SlicedTask[Any, Any]:
    from game.core.kakuro.task import KakuroSolveTask

    return KakuroSolveTask(puzzle, max_solutions=2)


def _kakuro_stars(puzzle: KakuroPuzzle) -> int | None:
    from game.core.kakuro.rating import rate_kakuro_puzzle

    _result, rating = rate_kakuro_puzzle(puzzle)
    return rating.stars or None


def _kakuro_suffixes() -> frozenset[str]:
    from game.core.kakuro.fileformat import EXTENSIONS

    return frozenset(EXTENSIONS)


NONOGRAM: PuzzleKind[Puzzle, Session] = PuzzleKind(
    name="nonogram",
    title=N_("Nonogram"),
    suffixes=_nonogram_suffixes(),
    read=_read_nonogram,
    session=_nonogram_session,
    solver=_nonogram_solver,
    rate=_nonogram_stars,
    formats=_nonogram_formats(),
    generator="game.core.generate.generator",
    edited=True,
)
KAKURO: PuzzleKind[KakuroPuzzle, KakuroSession] = PuzzleKind(
    name="kakuro",
    title=N_("Kakuro"),
    suffixes=_kakuro_suffixes(),
    read=_read_kakuro,
    session=_kakuro_session,
    solver=_kakuro_solver,
    rate=_kakuro_stars,
    formats=("kakuro",),
    generator="game.core.kakuro.generate",
    played_from=N_("level select's Kakuro"),
)

_TABLE: dict[str, PuzzleKind[Any, Any]] = {}


def register(kind: PuzzleKind[Any, Any]) -> PuzzleKind[Any, Any]:
    """Add ``kind`` to the table (a new kind; tests add a made-up one). Its suffixes must be
    no other kind's: a file's name says one kind."""
    for other in _TABLE.values():
        shared = other.suffixes & kind.suffixes
        if other.name != kind.name and shared:
            raise ValueError(f"{kind.name}: {sorted(shared)} are already {other.name}'s")
    _TABLE[kind.name] = kind
    return kind


def unregister(name: str) -> None:
    _TABLE.pop(name, None)


def kinds() -> tuple[PuzzleKind[Any, Any], ...]:
    """Every kind, in the order they were registered (the nonogram first)."""
    return tuple(_TABLE.values())


def kind_named(name: str) -> PuzzleKind[Any, Any]:
    return _TABLE[name]


def kind_of(path: Path) -> PuzzleKind[Any, Any] | None:
    """The kind whose file names ``path``'s suffix is, or None (no kind's: a picture, or a
    name that says nothing)."""
    for kind in _TABLE.values():
        if kind.owns(path):
            return kind
    return None


register(NONOGRAM)
register(KAKURO)
