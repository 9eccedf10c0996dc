"""The commands of each puzzle kind, one entry per kind of ``game.core.kinds`` (issue 45):
``show``, ``solve``, ``check`` and ``replay`` ask this table for the file's kind, and
``generate --kind`` (with ``--daily`` too) for the kind named, instead of naming one. A kind's
entry gives its own way of each command; the nonogram's is the commands' own code.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core.kinds import KAKURO, NONOGRAM, PuzzleKind, kind_of


@dataclass(frozen=True)
class KindCommands:
    """``show``/``solve``/``replay``: the command for a file of the kind (an exit code);
    ``check_file``: one file's row for ``check`` (plain data, in a worker); ``readable``:
    raise CommandError when the file cannot be read (``check`` of one file); ``generate``:
    ``generate --kind NAME`` (None: the kind has no generator); ``daily``: ``generate --daily
    DATE [--kind NAME]``, the kind's daily puzzles as the menu makes them (None: it has none)."""

    kind: PuzzleKind[Any, Any]
    show: Callable[[argparse.Namespace], int]
    solve: Callable[[argparse.Namespace], int]
    replay: Callable[[argparse.Namespace], int]
    check_file: Callable[[str, float | None, int], dict[str, object]]
    readable: Callable[[str], None]
    generate: Callable[[argparse.Namespace], int] | None = None
    daily: Callable[[argparse.Namespace], int] | None = None


_COMMANDS: dict[str, KindCommands] = {}


def register_commands(commands: KindCommands) -> KindCommands:
    _COMMANDS[commands.kind.name] = commands
    return commands


def unregister_commands(name: str) -> None:
    _COMMANDS.pop(name, None)


def commands_for(name: str) -> KindCommands:
    """The commands for file ``name``: its kind's by its suffix, the nonogram's when no
    kind claims the name (the nonogram readers sniff what they are given)."""
    kind = kind_of(Path(name)) or NONOGRAM
    return _COMMANDS[kind.name]


def generating_kinds() -> tuple[str, ...]:
    """The kinds ``generate --kind`` makes, in the table's order."""
    return tuple(name for name, commands in _COMMANDS.items() if commands.generate is not None)


def generator_of(name: str) -> Callable[[argparse.Namespace], int]:
    """``generate`` for the kind ``name`` (one of :func:`generating_kinds`)."""
    generate = _COMMANDS[name].generate
    assert generate is not None, f"{name} makes no puzzles"
    return generate


def daily_kinds() -> tuple[str, ...]:
    """The kinds ``generate --daily`` makes, in the table's order."""
    return tuple(name for name, commands in _COMMANDS.items() if commands.daily is not None)


def daily_of(name: str) -> Callable[[argparse.Namespace], int] | None:
    """``generate --daily`` for the kind ``name``; None when it has no daily puzzles."""
    return _COMMANDS[name].daily


def is_puzzle_file(path: Path) -> bool:
    """A file some kind claims by its name (``check`` of a folder lists these)."""
    return kind_of(path) is not None


# --- the two kinds ---------------------------------------------------------------------------


def _nonogram_show(args: argparse.Namespace) -> int:
    from game.commands.show import show_nonogram

    return show_nonogram(args)


def _nonogram_solve(args: argparse.Namespace) -> int:
    from game.commands.solve import solve_nonogram

    return solve_nonogram(args)


def _nonogram_replay(args: argparse.Namespace) -> int:
    from game.commands.replay import replay_nonogram

    return replay_nonogram(args)


def _nonogram_check(path: str, timeout: float | None, number: int) -> dict[str, object]:
    from game.commands.check import check_nonogram_file

    return check_nonogram_file(path, timeout, number)


def _nonogram_readable(path: str) -> None:
    from game.commands.check import puzzle_numbers
    from game.commands.common import open_puzzle

    if puzzle_numbers(Path(path)) == [0]:
        open_puzzle(path)


def _nonogram_generate(args: argparse.Namespace) -> int:
    from game.commands.generate import generate_nonograms

    return generate_nonograms(args)


def _nonogram_daily(args: argparse.Namespace) -> int:
    from game.commands.generate import daily_nonograms

    return daily_nonograms(args)


def _kakuro_show(args: argparse.Namespace) -> int:
    from game.commands import kakuro

    return kakuro.show(args.file, args.puzzle)


def _kakuro_solve(args: argparse.Namespace) -> int:
    from game.commands import kakuro

    return kakuro.solve(args)


def _kakuro_replay(args: argparse.Namespace) -> int:
    from game.commands.replay import replay_kakuro

    return replay_kakuro(args)


def _kakuro_check(path: str, timeout: float | None, number: int) -> dict[str, object]:
    from game.commands import kakuro

    return kakuro.check_file(path, timeout)


def _kakuro_readable(path: str) -> None:
    from game.commands.kakuro import open_kakuro

    open_kakuro(path)


def _kakuro_generate(args: argparse.Namespace) -> int:
    from game.commands import kakuro

    return kakuro.generate(args)


register_commands(
    KindCommands(
        NONOGRAM,
        _nonogram_show,
        _nonogram_solve,
        _nonogram_replay,
        _nonogram_check,
        _nonogram_readable,
        _nonogram_generate,
        _nonogram_daily,
    )
)
register_commands(
    KindCommands(
        KAKURO,
        _kakuro_show,
        _kakuro_solve,
        _kakuro_replay,
        _kakuro_check,
        _kakuro_readable,
        _kakuro_generate,
    )
)
