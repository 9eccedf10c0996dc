"""``hanjie convert IMAGE``: turn a picture into a puzzle, print it and say whether it is fair.

The report counts the free cells exactly (the cells that differ between solutions), or says
"at least N" when the time ran out. ``--fix`` runs Make it fair (a few cell edits that make
the puzzle unique, :mod:`game.core.create.make_fair`) and saves the fixed picture. Exit status: 0,
2 for bad input, 3 with ``--require-unique`` when the final puzzle is not unique (and then
``-o`` writes nothing: a puzzle that failed the requirement must not land where one that
met it is expected).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from game.commands.common import check_input_file, fail, os_reason, printable, quote
from game.commands.solving import seconds_argument

if TYPE_CHECKING:
    from game.core.convert.converter import Converter
    from game.core.convert.options import ConvertOptions
    from game.core.create.fairness import Report
    from game.core.puzzle import Puzzle

HELP = "turn a picture (PNG, JPEG, GIF, BMP, WebP) into a puzzle and check it has one solution"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("image", metavar="IMAGE", help="the picture to convert")
    parser.add_argument(
        "--size",
        default="20x20",
        help="WIDTHxHEIGHT in cells, each 5 to 50 (default 20x20); "
        "a single number sets the width and keeps the picture's proportions",
    )
    parser.add_argument(
        "--method",
        default=None,
        help="auto (the default for photographs: picks a method and level by score), otsu "
        "(automatic luminance threshold, the default for drawings), hsv (brightness and "
        "saturation against the image means), threshold=0.45 (manual, 0 to 1), adaptive "
        "(local threshold), outline (edges), sketch (edges and the darkest features), subject "
        "(the silhouette of what stands out from the background by colour) or dither (error "
        "diffusion at cell level); these five take a level too, e.g. adaptive=0.6",
    )
    parser.add_argument(
        "--colours",
        "--colors",
        default="2",
        metavar="N|auto",
        help="how many colours, the background counted: 2 (the default) makes a black-and-white "
        "puzzle by --method; 3 to 8 a colour puzzle in the picture's own colours; auto lets the "
        "picture decide how many (the method, level and --invert then do not apply)",
    )
    parser.add_argument(
        "--lines",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="in colour, draw the dark lines of the black-and-white sketch over the colours "
        "when the picture's method draws lines (Auto's Sketch on a face; on by default)",
    )
    parser.add_argument("--invert", action="store_true", help="fill the light parts instead")
    parser.add_argument(
        "--crop", action="store_true", help="trim uniform borders first (on for photographs)"
    )
    parser.add_argument(
        "--whole",
        action="store_true",
        help="use the whole picture (a photo with a face is otherwise framed on it, as the "
        "Create screen opens it)",
    )
    parser.add_argument(
        "--fit",
        choices=("fill", "pad", "stretch"),
        default=None,
        help="fill the grid and crop the long side (the default for photographs), keep "
        "proportions with empty margins (pad, the default for drawings) or stretch",
    )
    parser.add_argument(
        "--clean",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="flip isolated single cells to match their neighbours (on by default for photographs)",
    )
    parser.add_argument("--title", default="", help="the puzzle's title (default: file name)")
    parser.add_argument("--author", default="", help="the puzzle's author")
    parser.add_argument(
        "--timeout",
        type=seconds_argument,
        default=2.0,
        help="the uniqueness check's budget in seconds of solver work (default 2), counted "
        "in lines solved (40,000 a second): the same verdict on every machine, however loaded",
    )
    parser.add_argument(
        "--free-time",
        type=seconds_argument,
        default=10.0,
        help="the budget for counting the cells that can go either way, in seconds of solver "
        "work counted in lines like --timeout (default 10)",
    )
    parser.add_argument(
        "--fix",
        action="store_true",
        help="when the puzzle is ambiguous, make it fair: apply the few cell edits that give "
        "it one solution (printed), and save that",
    )
    parser.add_argument(
        "--fix-time",
        type=seconds_argument,
        default=120.0,
        help="the last resort on Make it fair: give up after this many seconds of solving "
        "(default 120); its budget counts engine work, so a picture gets the same edits on "
        "every machine",
    )
    parser.add_argument(
        "--require-unique",
        action="store_true",
        help="exit with status 3 when the final puzzle does not have exactly one solution",
    )
    parser.add_argument(
        "-o", "--output", metavar="OUT.non", help="save the puzzle (with its picture) here"
    )


def _fail(name: str, reason: str) -> int:
    return fail(f"{quote(name)}: {reason}")


def _output_problem(output: Path, stem: str) -> str | None:
    """Why the puzzle could never be saved at ``output`` (a folder, a name whose extension
    names no puzzle format, a folder that does not exist), or None."""
    from game.core.formats import FORMATS, WRITABLE_FORMATS

    if output.is_dir():
        return f"this is a folder; name a file in it, such as {quote(output / (stem + '.non'))}"
    suffixes = {ext for fmt in FORMATS if fmt.write is not None for ext in fmt.extensions}
    if output.suffix.lower() not in suffixes:
        # By extension: convert has no --to to choose a format with.
        names = [f".{name}" for name in WRITABLE_FORMATS]
        choices = f"{', '.join(names[:-1])} or {names[-1]}"
        given = f", not {quote(output.suffix)}" if output.suffix else ""
        return f"a puzzle's file name ends in {choices}{given}"
    if not output.parent.is_dir():
        return f"there is no folder {quote(output.parent)}"
    return None


def run(args: argparse.Namespace) -> int:
    # Imported here: --help and the other commands should not load Pillow and numpy.
    from game.core.convert.converter import Converter
    from game.core.convert.first_look import light_on_dark, looks_like_photo
    from game.core.convert.load import ConvertError
    from game.core.convert.options import (
        DEFAULT_FIT,
        DEFAULT_METHOD,
        PHOTO_CROP,
        PHOTO_FIT,
        PHOTO_METHOD,
        ConvertOptions,
        parse_colours,
        parse_method,
        parse_size,
    )
    from game.core.create.conversion import convert
    from game.core.create.fairness import check_uniqueness
    from game.core.solver.steps import cell_name

    image_path = Path(args.image)
    try:
        size_text = str(args.size).strip()
        keep_aspect = size_text.isdecimal()
        width, height = parse_size(size_text)
        chosen = parse_method(args.method) if args.method else None
        colours = parse_colours(str(args.colours))
    except ConvertError as error:
        return _fail("convert", str(error))
    if not check_input_file(str(image_path), "an image"):
        return _fail(str(image_path), "no such file")
    if args.output:
        problem = _output_problem(Path(args.output), image_path.stem)
        if problem is not None:  # said now, not after a long --fix whose work it would lose
            return _fail(str(args.output), f"cannot save: {problem}")
    try:
        converter = Converter.open(image_path)
    except ConvertError as error:
        return _fail(str(image_path), str(error))
    # What the player did not choose starts where the Create screen starts for this picture:
    # Auto, Fill and clean specks for a photograph (framed on its face or its subject),
    # Otsu and Pad for a drawing.
    photo = looks_like_photo(converter.source)
    # A height that follows the picture frames it in the picture's own shape.
    source_w, source_h = converter.source.width, converter.source.height
    frame_height = max(1, round(width * source_h / source_w)) if keep_aspect else height
    method, threshold = chosen or (PHOTO_METHOD if photo else DEFAULT_METHOD, None)
    try:
        options = ConvertOptions(
            width=width,
            height=height,
            keep_aspect=keep_aspect,
            fit=args.fit or (PHOTO_FIT if photo else DEFAULT_FIT),
            crop=args.crop or (photo and PHOTO_CROP),
            method=method,
            threshold=0.5 if threshold is None else threshold,
            invert=args.invert or (not photo and light_on_dark(converter.source)),
            clean=photo if args.clean is None else args.clean,
            frame=None if args.whole else converter.auto_frame(width, frame_height),
            colours=colours,
            lines=args.lines,
        )
    except ConvertError as error:
        return _fail("convert", str(error))

    title = args.title or printable(image_path.stem)
    conversion = convert(converter, options, title=title, author=args.author, timeout=args.timeout)
    puzzle, report = conversion.puzzle, conversion.report
    if report.status == "multiple" and not report.free_exact:
        # The conversion's own count ran out of time: count again with the time asked for.
        report = check_uniqueness(puzzle, timeout=args.timeout, free_time_limit=args.free_time)
    print(_art(puzzle))
    source = converter.source
    framed = f", framed on its {_framed_on(converter)} (--whole for all of it)"
    framed = framed if options.frame else ""
    print(
        f"{puzzle.size_text} puzzle from {quote(image_path.name)} "
        f"({source.original_size[0]}x{source.original_size[1]} {source.format}), "
        + _method_text(converter, conversion.options, puzzle)
        + (", inverted" if _inverted(converter, conversion.options) else "")
        + (", specks cleaned" if options.clean else "")
        + framed
        + f", {puzzle.filled_total} cells filled"
    )
    _print_report(report, cell_name)
    for warning in conversion.report.warnings:
        print(f"warning: {warning}")

    if report.status == "multiple" and args.fix:
        puzzle, report = _fix(puzzle, report, args)
    elif report.status == "multiple":
        print("run with --fix to make it fair (a few cell edits give it one solution)")
    elif report.status == "unknown" and args.fix:
        # --fix works from the cells that can go either way, which only a verdict names.
        print(
            f"make it fair: not tried, the solver did not decide within {args.timeout:g} s; "
            "give it longer with --timeout"
        )

    rejected = args.require_unique and report.status != "unique"
    if args.output and not rejected:
        from game.core.formats import write_puzzle

        try:
            write_puzzle(puzzle, args.output)
        except OSError as error:
            return _fail(str(args.output), f"cannot save: {os_reason(error)}")
        except ValueError as error:
            return _fail(str(args.output), f"cannot save: {quote(getattr(error, 'reason', error))}")
        state = "" if report.status == "unique" else f" ({_status_word(report)})"
        print(f"saved to {quote(args.output)}{state}")
    if rejected:
        unwritten = f"not written: {quote(args.output)}, " if args.output else ""
        print(f"{unwritten}not unique: {_status_word(report)}", file=sys.stderr)
        return 3
    return 0


def _art(puzzle: Puzzle) -> str:
    """The goal as text: ``#`` and ``.`` in black and white, a letter a colour in colour."""
    from game.core.palette import colour_grid_text

    values = puzzle.goal_values()
    assert values is not None
    palette = puzzle.colour_palette
    return "\n".join(colour_grid_text(values, palette.letters() if palette else ".#"))


def _inverted(converter: Converter, options: ConvertOptions) -> bool:
    return not options.in_colour and converter.concrete(options).invert


def _fix(puzzle: Puzzle, report: Report, args: argparse.Namespace) -> tuple[Puzzle, Report]:
    """``--fix``: Make it fair on the puzzle's picture (in colour, cells' colours changed),
    the fixed puzzle and its report; the puzzle as it was when no fix was found."""
    from game.core.create.conversion import fair_search, puzzle_from_grid
    from game.core.create.fairness import check_uniqueness
    from game.core.create.free_cells import FreeCells
    from game.core.solver.steps import cell_name

    free = FreeCells(report.ambiguous_cells, report.free_exact)
    search = fair_search(puzzle, free, safety_seconds=args.fix_time)
    fixed = search.run()
    tried = f"{fixed.tried} edit{'s' if fixed.tried != 1 else ''} tried"
    print(f"make it fair: {fixed.text} [{fixed.seconds:.2f} s, {tried}]")
    if fixed.partial:
        print("its best edits: " + "; ".join(edit.text for edit in fixed.partial))
        print(_art(puzzle_from_grid(fixed.partial_grid, palette=puzzle.palette)))
    if not fixed.found:
        return puzzle, report
    puzzle = puzzle_from_grid(fixed.grid, puzzle.title, puzzle.author, puzzle.palette)
    report = check_uniqueness(puzzle, timeout=max(args.timeout, 10.0))
    print(_art(puzzle))
    _print_report(report, cell_name)
    return puzzle, report


def _method_text(converter: Converter, options: ConvertOptions, puzzle: Puzzle) -> str:
    """ "method otsu", "method threshold 0.45", or what Auto chose: "auto: adaptive 0.5";
    in colour the colours: "auto: 5 colours (white background, red, ...)"."""
    from game.core.convert.options import LEVEL_METHODS

    if options.in_colour:
        palette = puzzle.colours
        names = ", ".join(colour.name for colour in palette.colours)
        how = "auto: " if options.colours == "auto" else ""
        ground = palette.background.name
        ground = ground if ground == "background" else f"{ground} background"
        return f"{how}{palette.count + 1} colours ({ground}, {names})"

    text = "method "
    if options.method == "auto":
        text = "auto: "
        options = converter.concrete(options)
    if options.method in LEVEL_METHODS:
        return f"{text}{options.method} {options.threshold:g}"
    return f"{text}{options.method}"


def _status_word(report: Report) -> str:
    if report.status == "multiple":
        return f"ambiguous, {report.free_text}"
    if report.status == "none":
        return "no solution"
    if report.status == "unknown":
        return "not decided in time"
    return "unique"


def _print_report(report: Report, cell_name: Callable[[int, int], str]) -> None:
    print(f"solver: {report.summary} [{report.seconds:.2f} s]")
    if report.status == "multiple":
        cells = "; ".join(cell_name(x, y) for x, y in report.ambiguous_cells[:12])
        more = " ..." if len(report.ambiguous_cells) > 12 else ""
        print(f"free cells: {cells}{more}")


def _framed_on(converter: Converter) -> str:
    """What the automatic frame holds: "face" or "subject" (its salient object)."""
    from game.core.convert.frame import face_box

    return "face" if face_box(converter.source) is not None else "subject"
