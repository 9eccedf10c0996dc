"""``hanjie convert IMAGE``: turn a picture into a puzzle, print it and say whether it is fair."""

from __future__ import annotations

import argparse
from pathlib import Path

from game.commands.common import check_input_file, fail, os_reason, printable, quote
from game.commands.solving import seconds_argument

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
        help="otsu (automatic luminance threshold, the default), hsv (brightness and "
        "saturation against the image means) or threshold=0.45 (manual, 0 to 1)",
    )
    parser.add_argument("--invert", action="store_true", help="fill the light parts instead")
    parser.add_argument("--crop", action="store_true", help="trim uniform borders first")
    parser.add_argument(
        "--fit",
        choices=("pad", "stretch"),
        default="pad",
        help="keep proportions with empty margins (pad, the default) or stretch to fill",
    )
    parser.add_argument("--title", default="", help="the puzzle's title (default: file name)")
    parser.add_argument("--author", default="", help="the puzzle's author")
    parser.add_argument(
        "--timeout",
        type=seconds_argument,
        default=2.0,
        help="seconds the solver may spend on the uniqueness check (default 2)",
    )
    parser.add_argument(
        "--no-fixes",
        action="store_true",
        help="do not search for one-cell edits when the puzzle is ambiguous",
    )
    parser.add_argument(
        "-o", "--output", metavar="OUT.non", help="save the puzzle (with its picture) here"
    )


def _fail(name: str, reason: str) -> int:
    return fail(f"{quote(name)}: {reason}")


def run(args: argparse.Namespace) -> int:
    # Imported here: --help and the other commands should not load Pillow and numpy.
    from game.core.convert import (
        DEFAULT_METHOD,
        Converter,
        ConvertError,
        ConvertOptions,
        convert,
        grid_text,
        parse_method,
        parse_size,
    )
    from game.core.fairness import suggest_fixes
    from game.core.solver.steps import cell_name

    image_path = Path(args.image)
    try:
        size_text = str(args.size).strip()
        keep_aspect = size_text.isdigit()
        width, height = parse_size(size_text)
        method, threshold = parse_method(args.method or DEFAULT_METHOD)
        options = ConvertOptions(
            width=width,
            height=height,
            keep_aspect=keep_aspect,
            fit=args.fit,
            crop=args.crop,
            method=method,
            threshold=0.5 if threshold is None else threshold,
            invert=args.invert,
        )
    except ConvertError as error:
        return _fail("convert", str(error))
    if not check_input_file(str(image_path), "an image"):
        return _fail(str(image_path), "no such file")
    try:
        converter = Converter.open(image_path)
    except ConvertError as error:
        return _fail(str(image_path), str(error))

    title = args.title or printable(image_path.stem)
    conversion = convert(converter, options, title=title, author=args.author, timeout=args.timeout)
    puzzle, report = conversion.puzzle, conversion.report
    print(grid_text(conversion.grid))
    source = converter.source
    print(
        f"{puzzle.size_text} puzzle from {quote(image_path.name)} "
        f"({source.original_size[0]}x{source.original_size[1]} {source.format}), "
        f"method {options.method}"
        + (f" {options.threshold:g}" if options.method == "threshold" else "")
        + (", inverted" if options.invert else "")
        + f", {puzzle.filled_total} cells filled"
    )
    print(f"solver: {report.summary} [{report.seconds:.2f} s]")
    for warning in report.warnings:
        print(f"warning: {warning}")
    if report.status == "multiple":
        cells = "; ".join(cell_name(x, y) for x, y in report.ambiguous_cells[:12])
        more = " ..." if len(report.ambiguous_cells) > 12 else ""
        print(f"ambiguous cells: {cells}{more}")
        if not args.no_fixes:
            fixes = suggest_fixes(conversion.grid, report.ambiguous_cells, time_budget=2.0)
            if fixes:
                print("suggested fixes: " + "; ".join(fix.text for fix in fixes))
            else:
                print("suggested fixes: none found near the ambiguous cells")

    if args.output:
        from game.core.formats import write_puzzle

        try:
            write_puzzle(puzzle, args.output)
        except OSError as error:
            return _fail(str(args.output), f"cannot save: {os_reason(error)}")
        except ValueError as error:
            return _fail(str(args.output), f"cannot save: {quote(getattr(error, 'reason', error))}")
        print(f"saved to {quote(args.output)}")
    return 0
