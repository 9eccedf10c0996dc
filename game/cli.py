"""Command line: no arguments opens the game; subcommands are the headless tools.

Each subcommand lives in its own module under ``game.commands`` and exposes
``NAME``, ``HELP``, ``add_arguments(parser)`` and ``run(args) -> int``. Commands are
imported lazily so ``python -m game --help`` and the headless tools never load pygame.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence
from types import ModuleType

# Subcommand name -> module under game.commands, in the order --help lists them.
COMMANDS: dict[str, str] = {
    "play": "play",
    "show": "show",
    "export": "export",
    "solve": "solve",
    "check": "check",
    "convert": "convert",
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


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="hanjie",
        description="Hanjie, a nonogram game. With no command it opens the game window.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        module = _load(name)
        if module is None:
            continue
        sub = subparsers.add_parser(name, help=module.HELP, description=module.HELP)
        module.add_arguments(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    name = args.command or "play"
    module = _load(name)
    if module is None:
        print(f"hanjie: the command {name!r} is not available in this build", file=sys.stderr)
        return 2
    if args.command is None:
        args = parser.parse_args(["play"])
    try:
        result: int = module.run(args)
    except BrokenPipeError:
        # The reader went away (``hanjie solve x --all | head``): not an error of ours.
        # Point stdout at devnull so the interpreter's final flush does not complain again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141
    return result
