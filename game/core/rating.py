"""Difficulty from what the solving engine needed, as 1-5 stars with a name.

The engine's statistics say which tools it used before the grid was complete:

====  ===========  ==============================================================
star  name         what the engine needed
====  ===========  ==============================================================
1     Easy         line logic alone, at most ``EASY_ROUNDS`` rounds
2     Medium       line logic alone, at most ``MEDIUM_ROUNDS`` rounds
3     Hard         line logic alone with more rounds than that, or line logic plus at
                   most ``HARD_PROBES`` probes (trying a cell both ways)
4     Expert       line logic stalled; more probing than that finished it
5     Fiendish     probing stalled too: guessing and backtracking were needed
====  ===========  ==============================================================

A *round* is one generation of line solving: round 1 solves every line once, round 2 the
lines that round 1 changed, and so on (see :class:`~game.core.solver.result.SolveStats`). A
long chain of rounds means the player must keep carrying facts from rows to columns and back.

Puzzles without exactly one solution are not fair to play: they are rated on the work to the
first solution when there is one (``multiple``), as Fiendish when the engine ran out of time
(``unknown``), and with 0 stars, "No solution", when there is none.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.solver.result import SolveResult

EASY_ROUNDS = 8
MEDIUM_ROUNDS = 20
HARD_PROBES = 20

STAR_NAMES = {1: "Easy", 2: "Medium", 3: "Hard", 4: "Expert", 5: "Fiendish"}


@dataclass(frozen=True)
class Rating:
    """``stars`` 1-5 (0 for a puzzle with no solution), its ``name``, and why."""

    stars: int
    name: str
    reason: str

    @property
    def star_text(self) -> str:
        """The stars drawn as text, e.g. ``"★★☆☆☆"``."""
        return "★" * self.stars + "☆" * (5 - self.stars)

    def as_dict(self) -> dict[str, object]:
        return {"stars": self.stars, "name": self.name, "reason": self.reason}


def _rating(stars: int, reason: str) -> Rating:
    return Rating(stars, STAR_NAMES[stars], reason)


def rate(result: SolveResult) -> Rating:
    """The difficulty of the puzzle ``result`` came from (see the module text)."""
    stats = result.stats
    if result.status == "none":
        return Rating(0, "No solution", "the clues admit no picture")
    if result.status == "unknown" and not result.solutions:
        return _rating(5, "the solver ran out of time")
    if stats.solved_by_lines:
        rounds = stats.line_rounds
        noun = "round" if rounds == 1 else "rounds"
        if rounds <= EASY_ROUNDS:
            return _rating(1, f"line logic alone, {rounds} {noun}")
        if rounds <= MEDIUM_ROUNDS:
            return _rating(2, f"line logic alone, {rounds} {noun}")
        return _rating(3, f"line logic alone, a long chain of {rounds} {noun}")
    if stats.solved_without_search and stats.probes <= HARD_PROBES:
        noun = "probe" if stats.probes == 1 else "probes"
        return _rating(3, f"line logic stalls; {stats.probes} {noun} unlock it")
    if stats.solved_without_search:
        return _rating(4, f"line logic stalls; probing fixed {stats.probe_fixes} cells")
    noun = "guess" if stats.guesses == 1 else "guesses"
    return _rating(5, f"needs guessing: {stats.guesses} {noun}, depth {stats.max_depth}")
