"""Build the bundled level packs from their text art, proving every puzzle fair on the way.

The source of each pack is one text file in ``tools/levels/`` (see ``01-first-steps.txt`` for
the format): a few ``key: value`` header lines, then pictures drawn with ``#`` and ``.`` under a
``== Title`` line. For every picture this script

1. makes the puzzle (title, author "Hanjie team", licence MIT, the picture as its goal);
2. solves it from the clues alone with the game's solver, and refuses it unless the solution is
   unique and found without search (line logic, or line logic plus probing);
3. rates it with the game's rating, then orders the pack by that rating;
4. writes ``levels/<pack>/NN-title.non`` and ``levels/<pack>/pack.json``.

Any problem (a bad drawing, an ambiguous or unsolvable picture, a pack without easy puzzles) is
reported with the art file and line, and nothing is written. ``--check`` writes nothing and
fails when ``levels/`` differs from what the art would build.

    python tools/build_levels.py            # build every pack
    python tools/build_levels.py --check    # verify levels/ is up to date (CI)
    python tools/build_levels.py --only 03  # build the packs whose file name starts with 03
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from game.core.formats import format_puzzle  # noqa: E402
from game.core.puzzle import Puzzle  # noqa: E402
from game.core.rating import Rating, rate_puzzle  # noqa: E402
from game.core.solver import SolveResult  # noqa: E402

ART_DIR = REPO_ROOT / "tools" / "levels"
LEVELS_DIR = REPO_ROOT / "levels"
AUTHOR = "Hanjie team"
LICENSE = "MIT"
# A level is solved thousands of times faster than this; the limit only stops a runaway search.
SOLVE_TIMEOUT = 60.0
HEADER_KEYS = ("name", "order", "size", "description")
ANY_SIZE = "any"  # a pack whose pictures each have their own size
# Every pack opens with puzzles line logic alone solves; the larger ones also teach probing.
MIN_LINE_ONLY = 2
MIN_PROBING = 2
PROBING_FROM_SIZE = 15
FILLED, EMPTY = "#", "."


class ArtError(Exception):
    """A problem in an art file, reported as ``file:line: reason``."""


@dataclass(frozen=True)
class Picture:
    title: str
    rows: tuple[str, ...]
    line: int  # line of the "== Title" header, for messages

    def grid(self) -> tuple[tuple[bool, ...], ...]:
        return tuple(tuple(char == FILLED for char in row) for row in self.rows)


@dataclass(frozen=True)
class PackSource:
    path: Path
    name: str
    order: int
    width: int  # 0 for a pack of mixed sizes
    height: int
    description: str
    pictures: tuple[Picture, ...]

    @property
    def folder(self) -> str:
        """The pack's folder in levels/: the art file's name without ``.txt``."""
        return self.path.stem


@dataclass(frozen=True)
class Level:
    """One checked puzzle, ready to be written."""

    picture: Picture
    puzzle: Puzzle
    result: SolveResult
    rating: Rating

    @property
    def technique(self) -> str:
        stats = self.result.stats
        return "lines" if stats.solved_by_lines else "probing"


def slug(title: str) -> str:
    """A file-name form of a title: ``"Hot air balloon"`` -> ``"hot-air-balloon"``."""
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-") or "puzzle"


def parse_art(path: Path) -> PackSource:
    """Read one pack's art file; every mistake found is reported at once."""
    header: dict[str, str] = {}
    pictures: list[Picture] = []
    errors: list[str] = []
    title: str | None = None
    title_line = 0
    rows: list[str] = []

    def close_picture() -> None:
        if title is not None:
            if rows:
                pictures.append(Picture(title, tuple(rows), title_line))
            else:
                errors.append(f"{path}:{title_line}: picture {title!r} has no rows")

    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if line.startswith(";"):
            continue
        if line.startswith("=="):
            close_picture()
            title, title_line, rows = line[2:].strip(), number, []
            if not title:
                errors.append(f"{path}:{number}: a picture needs a title after '=='")
        elif not line:
            close_picture()
            title, rows = None, []
        elif title is not None:
            if set(line) - {FILLED, EMPTY}:
                errors.append(f"{path}:{number}: only '#' and '.' may draw a picture: {line!r}")
            rows.append(line)
        elif ":" in line and not pictures:
            key, value = (part.strip() for part in line.split(":", 1))
            if key not in HEADER_KEYS:
                errors.append(f"{path}:{number}: unknown header key {key!r}")
            header[key] = value
        else:
            errors.append(f"{path}:{number}: stray line outside a picture: {line!r}")
    close_picture()

    missing = [key for key in HEADER_KEYS if key not in header]
    if missing:
        errors.append(f"{path}: header lacks {', '.join(missing)}")
    width = height = order = 0
    size = re.fullmatch(r"(\d+)x(\d+)", header.get("size", ""))
    if "size" in header and not size and header["size"] != ANY_SIZE:
        errors.append(f"{path}: size must look like 15x10 (width x height) or be {ANY_SIZE!r}")
    if size:
        width, height = int(size.group(1)), int(size.group(2))
    if "order" in header and not (header["order"].isascii() and header["order"].isdecimal()):
        errors.append(f"{path}: order must be a whole number")
    elif "order" in header:
        order = int(header["order"])

    seen: dict[str, int] = {}
    for picture in pictures:
        drawn_width = {len(row) for row in picture.rows}
        if len(drawn_width) > 1:
            errors.append(
                f"{path}:{picture.line}: {picture.title!r} has rows of widths {sorted(drawn_width)}"
            )
        elif width and (drawn_width != {width} or len(picture.rows) != height):
            errors.append(
                f"{path}:{picture.line}: {picture.title!r} is not {width}x{height} "
                f"(rows of width {sorted(drawn_width)}, {len(picture.rows)} rows)"
            )
        key = slug(picture.title)
        if key in seen:
            errors.append(f"{path}:{picture.line}: a second {picture.title!r} (line {seen[key]})")
        seen[key] = picture.line
    if not pictures:
        errors.append(f"{path}: the pack has no pictures")
    if errors:
        raise ArtError("\n".join(errors))
    return PackSource(
        path=path,
        name=header["name"],
        order=order,
        width=width,
        height=height,
        description=header["description"],
        pictures=tuple(pictures),
    )


def difference_text(result: SolveResult) -> str:
    """Where two solutions of an ambiguous picture differ, as cells (column, row) from 1."""
    first, second = result.solutions[0], result.solutions[1]
    cells = [(x + 1, y + 1) for y, x in zip(*(first != second).nonzero(), strict=True)]
    shown = ", ".join(f"({x},{y})" for x, y in cells[:8])
    more = f" and {len(cells) - 8} more" if len(cells) > 8 else ""
    return f"another solution differs at column,row {shown}{more}"


def check_picture(pack: PackSource, picture: Picture) -> Level:
    """Make, solve and rate one picture; ArtError unless it is unique without search."""
    where = f"{pack.path}:{picture.line}: {picture.title!r}"
    puzzle = Puzzle.from_grid(picture.grid(), title=picture.title, author=AUTHOR, license=LICENSE)
    result, rating = rate_puzzle(puzzle, time_limit=SOLVE_TIMEOUT)
    if result.status == "multiple":
        raise ArtError(f"{where} is ambiguous: {difference_text(result)}")
    if result.status != "unique":
        raise ArtError(f"{where}: the solver says {result.status!r}")
    if not result.stats.solved_without_search:
        raise ArtError(f"{where} needs search (guessing); redraw it so probing suffices")
    extra = (("difficulty", str(rating.stars)),)
    return Level(picture, replace(puzzle, extra=extra), result, rating)


def order_key(level: Level) -> tuple[float, ...]:
    """Easiest first: the rating's stars, then how much work the solver needed, then title."""
    stats = level.result.stats
    return (
        level.rating.stars,
        stats.probes,
        stats.probe_fixes,
        stats.line_rounds,
        stats.lines_solved,
    )


def mix_problems(pack: PackSource, levels: Sequence[Level]) -> list[str]:
    """A pack must open gently, and a big pack must also teach probing."""
    problems = []
    line_only = sum(level.technique == "lines" for level in levels)
    probing = sum(level.technique == "probing" for level in levels)
    if line_only < MIN_LINE_ONLY:
        problems.append(f"{pack.path}: only {line_only} puzzles need line logic alone")
    largest = max(min(level.puzzle.width, level.puzzle.height) for level in levels)
    if largest >= PROBING_FROM_SIZE and probing < MIN_PROBING:
        problems.append(f"{pack.path}: only {probing} puzzles need probing")
    return problems


def check_pack(pack: PackSource) -> tuple[list[Level], list[str]]:
    """The pack's levels in play order, and every problem found."""
    levels: list[Level] = []
    errors: list[str] = []
    for picture in pack.pictures:
        try:
            levels.append(check_picture(pack, picture))
        except ArtError as error:
            errors.append(str(error))
    if not errors:
        errors += mix_problems(pack, levels)
    levels.sort(key=lambda level: (order_key(level), level.picture.title))
    return levels, errors


def level_file_name(index: int, level: Level) -> str:
    return f"{index:02d}-{slug(level.picture.title)}.non"


def pack_manifest(pack: PackSource) -> str:
    manifest = {"name": pack.name, "order": pack.order, "description": pack.description}
    return json.dumps(manifest, indent=2, ensure_ascii=False) + "\n"


def planned_files(pack: PackSource, levels: Sequence[Level]) -> dict[str, str]:
    """File name -> text of everything the pack's folder should hold."""
    files = {"pack.json": pack_manifest(pack)}
    for index, level in enumerate(levels, start=1):
        files[level_file_name(index, level)] = format_puzzle(level.puzzle, "non")
    return files


def stale_files(folder: Path, planned: dict[str, str]) -> list[Path]:
    """Files in the pack folder the build would not write (renamed or removed levels)."""
    if not folder.is_dir():
        return []
    return sorted(
        path
        for path in folder.iterdir()
        if path.is_file()
        and path.name not in planned
        and (path.suffix == ".non" or path.name == "pack.json")
    )


def differences(folder: Path, planned: dict[str, str]) -> list[str]:
    problems = [f"{path}: not built from the art" for path in stale_files(folder, planned)]
    for name, text in planned.items():
        path = folder / name
        if not path.is_file():
            problems.append(f"{path}: missing")
        elif path.read_text(encoding="utf-8") != text:
            problems.append(f"{path}: differs from the art")
    return problems


def write_pack(folder: Path, planned: dict[str, str]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for path in stale_files(folder, planned):
        path.unlink()
    for name, text in planned.items():
        path = folder / name
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8", newline="\n")


def check_or_write(path: Path, text: str, check: bool, what: str) -> int:
    """A generated file's last step: with ``check``, compare ``path`` with ``text`` and say
    whether ``what`` is up to date (exit status 0, else 1); otherwise write it."""
    if check:
        same = path.is_file() and path.read_text(encoding="utf-8") == text
        print(f"{what} is up to date" if same else f"{path} differs")
        return 0 if same else 1
    path.write_text(text, encoding="utf-8")
    print(f"wrote {path}")
    return 0


def table(pack: PackSource, levels: Sequence[Level]) -> str:
    lines = [f"{pack.folder}  {pack.name!r}  ({len(levels)} puzzles)"]
    for index, level in enumerate(levels, start=1):
        stats = level.result.stats
        lines.append(
            f"  {level_file_name(index, level):32s} {level.puzzle.size_text:>6s} "
            f"{'*' * level.rating.stars:5s} {level.rating.name:10s} {level.technique:8s} "
            f"probes={stats.probes:<5d} {stats.seconds * 1000:7.1f} ms"
        )
    return "\n".join(lines)


def art_files(only: str | None) -> list[Path]:
    paths = sorted(ART_DIR.glob("*.txt"))
    return [path for path in paths if only is None or path.name.startswith(only)]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="write nothing; compare levels/")
    parser.add_argument("--only", help="only the art files whose name starts with this")
    parser.add_argument("--quiet", action="store_true", help="no table, only problems")
    args = parser.parse_args(argv)

    problems: list[str] = []
    built: list[tuple[PackSource, dict[str, str]]] = []
    for path in art_files(args.only):
        try:
            pack = parse_art(path)
        except ArtError as error:
            problems.append(str(error))
            continue
        levels, errors = check_pack(pack)
        problems += errors
        if not args.quiet:
            print(table(pack, levels))
        built.append((pack, planned_files(pack, levels)))
    orders = [pack.order for pack, _ in built]
    if len(set(orders)) != len(orders):
        problems.append("two packs share an order number")
    if not built and not problems:
        problems.append(f"no art files in {ART_DIR}")

    if not problems:
        for pack, planned in built:
            folder = LEVELS_DIR / pack.folder
            if args.check:
                problems += differences(folder, planned)
            else:
                write_pack(folder, planned)
    if problems:
        print("\n".join(["", "LEVEL BUILD FAILED:", *problems]), file=sys.stderr)
        return 1
    total = sum(len(planned) - 1 for _, planned in built)
    verb = "are up to date" if args.check else "written"
    print(f"\n{total} puzzles in {len(built)} packs {verb} ({LEVELS_DIR})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
