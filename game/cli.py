"""Command line: no arguments opens the game; subcommands are the headless tools.

Each subcommand lives in its own module under ``game.commands`` and exposes
``NAME``, ``HELP``, ``add_arguments(parser)`` and ``run(args) -> int``. Commands are
imported lazily so ``python -m game --help`` and the headless tools never load pygame.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.metadata
import os
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import NoReturn

from game.commands.common import (
    QUOTE_LIMIT,
    CommandError,
    fail,
    make_streams_safe,
    os_reason,
    quote,
)

# Subcommand name -> module under game.commands, in the order --help lists them.
COMMANDS: dict[str, str] = {
    "play": "play",
    "show": "show",
    "export": "export",
    "solve": "solve",
    "check": "check",
    "convert": "convert",
    "generate": "generate",
    "replay": "replay",
    "screenshot": "screenshot",
}


def _load(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"game.commands.{COMMANDS[name]}")
    except ModuleNotFoundError as error:
        if error.name == f"game.commands.{COMMANDS[name]}":
            return None
        raise


class _Parser(argparse.ArgumentParser):
    """A parser whose complaints are one line on stderr (the usage is one ``--help`` away)."""

    def error(self, message: str) -> NoReturn:
        command = self.prog.removeprefix("hanjie").strip()
        fail(f"{command + ': ' if command else ''}{quote(message, 2 * QUOTE_LIMIT)}")
        self.exit(2)


def installed_version() -> str:
    """The installed distribution's version; the package's own when it is not installed
    (run from a source tree)."""
    from game import __version__

    try:
        return importlib.metadata.version("hanjie")
    except importlib.metadata.PackageNotFoundError:
        return __version__


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="hanjie",
        description="Hanjie, a nonogram game. With no command it opens the game window.",
    )
    from game.core.solver.kernel import engine_name

    parser.add_argument(
        "-V",
        "--version",
        action="version",
        version=f"hanjie {installed_version()} (engine: {engine_name()})",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        module = _load(name)
        if module is None:
            continue
        sub = subparsers.add_parser(name, help=module.HELP, description=module.HELP)
        module.add_arguments(sub)
    return parser


def one_line_warning(
    message: Warning | str,
    category: type[Warning],
    filename: str,
    lineno: int,
    file: object = None,
    line: str | None = None,
) -> None:
    """A library's warning as one line of ours (Pillow's "Corrupt EXIF data" printed its
    file, line and source line on two: issue 49)."""
    text = " ".join(str(message).split())
    origin = "Pillow: " if "PIL" in Path(filename).parts else ""
    print(f"hanjie: warning: {origin}{quote(text, 2 * QUOTE_LIMIT)}", file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    # Before anything can import pygame: its banner must not come before our first line.
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    make_streams_safe()
    warnings.showwarning = one_line_warning
    parser = build_parser()
    try:
        args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    except SystemExit as exit_:  # --help, or a bad option already reported on one line
        return exit_.code if isinstance(exit_.code, int) else 2
    name = args.command or "play"
    module = _load(name)
    if module is None:
        print(f"hanjie: the command {name!r} is not available in this build", file=sys.stderr)
        return 2
    if args.command is None:
        args = parser.parse_args(["play"])
    try:
        result: int = module.run(args)
    except CommandError as error:
        return fail(error.message)
    except KeyboardInterrupt:
        # Ctrl+C on a long solve or --fix: the player's choice, said in one line, not a
        # traceback; files are written atomically, so none is left half-written.
        fail("interrupted")
        return 130  # the shell's status for a command ended by SIGINT
    except BrokenPipeError:
        # The reader went away (``hanjie solve x --all | head``): not an error of ours.
        # Point stdout at devnull so the interpreter's final flush does not complain again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141
    except OSError as error:
        # The commands report the failures they expect; any other (a data folder that may
        # not be entered, a disk that fills up) is still one line, never a traceback.
        where = f"{quote(error.filename)}: " if error.filename else ""
        return fail(f"{where}{os_reason(error)}")
    return result
