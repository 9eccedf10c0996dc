"""``python -m game replay FILE``: open the game straight into the solver replay of FILE.

The menu is underneath, so leaving the replay (Esc, Back) lands on the menu. A file that
cannot be read is reported on one line and the window does not open.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from game.commands.common import add_puzzle_argument, fail, open_puzzle, quote
from game.commands.solving import seconds_argument, solution_count_argument

HELP = "open the game window watching the solver solve the puzzle FILE, step by step"


# The replay's own defaults (game.core.solver.trace), repeated here so that
# ``--help`` loads neither pygame nor numpy; a test keeps them equal.
DEFAULT_TIME_LIMIT = 60.0
DEFAULT_MAX_SOLUTIONS = 20
# The algorithms (game.core.race.ALGORITHMS), likewise.
ALGORITHM_CHOICES = ("hanjie", "rows", "lines", "rules")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_puzzle_argument(parser)
    parser.add_argument(
        "file",
        metavar="FILE",
        help="a puzzle file (.non, .txt, .pzl, .xml, .mk, .g, .kak) or a Pattern game id (5x5:...)",
    )
    parser.add_argument(
        "--time-limit",
        type=seconds_argument,
        default=DEFAULT_TIME_LIMIT,
        metavar="SECONDS",
        help=f"seconds of solver work before giving up (default {DEFAULT_TIME_LIMIT:g})",
    )
    parser.add_argument(
        "--max-solutions",
        type=solution_count_argument,
        default=DEFAULT_MAX_SOLUTIONS,
        metavar="N",
        help=f"stop counting solutions at N (default {DEFAULT_MAX_SOLUTIONS})",
    )
    parser.add_argument(
        "--paused", action="store_true", help="open paused, to go one step at a time"
    )
    parser.add_argument(
        "--algorithm",
        choices=ALGORITHM_CHOICES,
        default="hanjie",
        help="who solves: hanjie (our engine, the default), rows, lines or rules",
    )
    parser.add_argument(
        "--race",
        nargs="?",
        const=",".join(ALGORITHM_CHOICES),
        metavar="A,B,...",
        help="open the race screen instead: two to four algorithms side by side (default all four)",
    )


def run(args: argparse.Namespace) -> int:
    from game.commands.kinds import commands_for

    return commands_for(args.file).replay(args)  # the file's kind's own (game.commands.kinds)


def replay_nonogram(args: argparse.Namespace) -> int:
    path = Path(args.file)
    puzzle = open_puzzle(args.file, args.puzzle)
    from game.commands.play import open_window
    from game.ui.scenes.menu.scene import MenuScene
    from game.ui.scenes.replay.scene import ReplayScene, replay_refusal

    refusal = replay_refusal(puzzle)
    if refusal is not None:
        return fail(f"{quote(path)}: {refusal}")
    racers: list[str] = []
    if args.race is not None:
        from game.core.race.contest import check_runners

        racers = [name.strip() for name in args.race.split(",") if name.strip()]
        try:
            check_runners(racers)
        except ValueError as error:
            return fail(f"--race: {error}")

    app = open_window()
    if app is None:
        return 2
    # The first lesson is offered on a plain start, not over the replay the player asked for.
    app.push(MenuScene(app, offer_lesson=False))
    if racers:
        from game.ui.scenes.replay.race import RaceScene

        app.push(RaceScene(app, puzzle, racers, playing=not args.paused))
        app.run()
        return 0
    app.push(
        ReplayScene(
            app,
            puzzle,
            max_solutions=args.max_solutions,
            time_limit=args.time_limit,
            playing=not args.paused,
            algorithm=args.algorithm,
        )
    )
    app.run()
    return 0


def replay_kakuro(args: argparse.Namespace) -> int:
    """``replay FILE.kak``: the Kakuro solver's replay, as W shows it in the game (it was
    refused as "this command reads nonograms", QA). Kakuro has one solver, and no race."""
    from game.commands.kakuro import open_kakuro, refuse_puzzle_number

    if args.race is not None or args.algorithm != "hanjie":
        return fail("--race and --algorithm are for nonograms: Kakuro has one solver")
    refuse_puzzle_number(args.file, args.puzzle)
    puzzle = open_kakuro(args.file)
    from game.commands.play import open_window
    from game.ui.scenes.kakuro.replay import KakuroReplayScene
    from game.ui.scenes.menu.scene import MenuScene

    app = open_window()
    if app is None:
        return 2
    app.push(MenuScene(app, offer_lesson=False))
    app.push(
        KakuroReplayScene(
            app,
            puzzle,
            name=puzzle.title or Path(args.file).stem,
            max_solutions=args.max_solutions,
            playing=not args.paused,
            time_limit=args.time_limit,
        )
    )
    app.run()
    return 0
