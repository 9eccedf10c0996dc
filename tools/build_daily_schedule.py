"""Build the daily puzzle's year (``assets/pictures/daily.json``) from the picture library.

    python tools/build_daily_schedule.py            # try every picture, schedule, write
    python tools/build_daily_schedule.py --check    # write nothing; fail when the file differs

For each weekday of :data:`game.core.generate.daily.SCHEDULE` (its size, level and colours) it
makes every candidate through the game's own picture path
(:func:`game.core.generate.picture_puzzles.attempt`): on a square board each single picture,
on a wide one the scenes and two pictures of one theme side by side (neighbours in the
manifest's order), in black and white at each detail, in colour in the weekday's colours. A
candidate rated at the weekday's level joins that weekday's pool, with its grid's fingerprint,
when it passes the packs' readability gate (:func:`game.core.pack_gate.pack_refusals`: the
gate of :mod:`game.core.generate.glance` and more than 250 cells for black and white, which is
why the 15x15 weekdays are in colour). The 10x10 weekdays
are shapes (:attr:`game.core.generate.daily.DailyPlan.pictured`): their rows name no picture.

The year is then filled weekday by weekday, the smallest pool first, week by week: the first
candidate (least used pictures first, then a fixed shuffled order; when that greedy fill runs
dry, the next of :data:`SHUFFLES` fixed orders) whose grid is new to the
year and whose pictures are at least 90 days, counted round the 364-day circle, from every
other day that shows them (:mod:`game.core.generate.daily_schedule`). Nothing depends on the
clock or the machine: the same library and rating give the same file.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

import numpy as np  # noqa: E402

from game.core.generate.daily import plan_for  # noqa: E402
from game.core.generate.daily_schedule import (  # noqa: E402
    ANCHOR,
    CYCLE_DAYS,
    MIN_GAP_DAYS,
    SCHEDULE_FILE,
    DailyEntry,
    circular_gap,
    pair_title,
    picture_of,
    rule_breaks,
)
from game.core.generate.picture_library import MAX_PICTURE_COLOURS, library, library_dir  # noqa: E402
from game.core.generate.picture_puzzles import (  # noqa: E402
    SCENES,
    WIDE,
    attempt,
    details_for,
    run_attempt,
)
from game.core.pack_gate import pack_refusals  # noqa: E402
from tools.build_levels import check_or_write  # noqa: E402

SHUFFLE_SEED = 46
# The fixed orders tried, one after another, until one fills the year.
SHUFFLES = 50


@dataclass(frozen=True)
class Candidate:
    entry: DailyEntry
    weekday: int


def candidates(weekday: int) -> list[tuple[tuple[str, ...], str]]:
    """The pictures (names, title) a weekday may show, by its board's shape."""
    plan = plan_for(ANCHOR + timedelta(days=weekday))
    entries = library()
    if plan.width < WIDE * plan.height:
        return [((e.name,), e.title) for e in entries if e.theme != SCENES]
    found = [((e.name,), e.title) for e in entries if e.theme == SCENES]
    themes: dict[str, list[int]] = {}
    for index, entry in enumerate(entries):
        if entry.theme != SCENES:
            themes.setdefault(entry.theme, []).append(index)
    for members in themes.values():
        for start in (0, 1):
            for i in range(start, len(members) - 1, 2):
                first, second = entries[members[i]], entries[members[i + 1]]
                found.append(((first.name, second.name), pair_title(first, second)))
    return found


def pool(weekday: int, verbose: bool) -> list[Candidate]:
    """The candidates made at the weekday's level."""
    plan = plan_for(ANCHOR + timedelta(days=weekday))
    colours = plan.colours if plan.colours > 2 else 0
    details: tuple[int | None, ...] = (None,) if colours else details_for(plan.level)
    found: list[Candidate] = []
    levels: Counter[str] = Counter()
    for names, title in candidates(weekday):
        picture = picture_of(names)
        for detail in details:
            made = run_attempt(
                attempt(
                    picture,
                    plan.width,
                    plan.height,
                    detail,
                    title=title,
                    max_colours=colours or MAX_PICTURE_COLOURS,
                )
            )
            if made.puzzle is not None and pack_refusals(made.puzzle):
                levels["unread"] += 1  # the packs' gate (issue 46)
                continue
            if made.puzzle is None or made.rating is None:
                levels["refused"] += 1
                continue
            levels[str(made.rating.stars)] += 1
            if made.rating.stars == plan.level:
                entry = DailyEntry(names, title, detail, made.puzzle.fingerprint())
                found.append(Candidate(entry, weekday))
    if verbose:
        shown = dict(sorted(levels.items()))
        print(f"{plan.weekday} {plan.width}x{plan.height} level {plan.level}: "
              f"{len(found)} at the level ({shown})", flush=True)  # fmt: skip
    return found


def schedule(pools: dict[int, list[Candidate]], seed: int = SHUFFLE_SEED) -> list[DailyEntry]:
    """The year (see the module text); ValueError when a weekday cannot be filled."""
    rng = np.random.Generator(np.random.PCG64(seed))
    rows: dict[int, DailyEntry] = {
        day: DailyEntry((), "", None, "")
        for day in range(CYCLE_DAYS)
        if not plan_for(ANCHOR + timedelta(days=day)).pictured  # a day of shapes
    }
    uses: dict[str, list[int]] = {}
    grids: set[str] = set()
    for weekday in sorted(pools, key=lambda day: (len({c.entry.names for c in pools[day]}), day)):
        order = [pools[weekday][int(i)] for i in rng.permutation(len(pools[weekday]))]
        for week in range(CYCLE_DAYS // 7):
            day = week * 7 + weekday
            fitting = [
                c for c in order
                if c.entry.fingerprint not in grids
                and all(circular_gap(day, other) >= MIN_GAP_DAYS
                        for name in c.entry.names for other in uses.get(name, ()))
            ]  # fmt: skip
            if not fitting:
                raise ValueError(f"weekday {weekday}: no picture fits week {week}")
            chosen = min(fitting, key=lambda c: sum(len(uses.get(n, ())) for n in c.entry.names))
            rows[day] = chosen.entry
            grids.add(chosen.entry.fingerprint)
            for name in chosen.entry.names:
                uses.setdefault(name, []).append(day)
    return [rows[day] for day in range(CYCLE_DAYS)]


def as_json(rows: list[DailyEntry]) -> str:
    days = [
        {"names": list(r.names), "title": r.title, "detail": r.detail, "fingerprint": r.fingerprint}
        for r in rows
    ]
    return json.dumps({"anchor": ANCHOR.isoformat(), "days": days}, indent=1) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail when the file differs")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    pools = {
        weekday: pool(weekday, True)
        for weekday in range(7)
        if plan_for(ANCHOR + timedelta(days=weekday)).pictured
    }
    rows: list[DailyEntry] = []
    for seed in range(SHUFFLE_SEED, SHUFFLE_SEED + SHUFFLES):
        try:
            rows = schedule(pools, seed)
            break
        except ValueError as error:  # the greedy fill ran dry: the next fixed order
            print(f"order {seed}: {error}", flush=True)
    if not rows:
        print("no order fills the year", file=sys.stderr)
        return 1
    problems = rule_breaks(rows)
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1
    text = as_json(rows)
    path = library_dir() / SCHEDULE_FILE
    print(f"{len({n for r in rows for n in r.names})} pictures over {CYCLE_DAYS} days, "
          f"{time.perf_counter() - start:.0f} s")  # fmt: skip
    return check_or_write(path, text, args.check, "the schedule")


if __name__ == "__main__":
    raise SystemExit(main())
