"""The progress document as data: checking it field by field, writing it, merging two of them.

No disk here (that is :mod:`game.core.store.progress`). A document is::

    {"version": 1,
     "settings": {name: JSON value},
     "puzzles": {key: {"solved", "best_time", "session", "title", "path"}},
     "last_played": {"key": ..., "path": ...} or null,
     "daily": {"YYYY-MM-DD": best seconds}}   (the daily puzzles solved, see core/daily.py)

Every value read from a file is checked for its type *and* range before anything uses it, so
a hand-edited file can drop a field but never crash the game (a JSON integer with 400 digits
would overflow ``float()``; NaN would poison every comparison).

File names are kept exactly: a name that is not valid UTF-8 reaches us as text with lone
surrogates (``"caf\\udce9.non"``); :func:`dump_document` writes those as ``\\udce9`` escapes,
which are plain ASCII and which ``json.loads`` turns back into the same surrogates, so
``os.fsencode`` gives back the original bytes.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from game.core.i18n import N_, Said
from game.core.seconds import is_seconds

PROGRESS_VERSION = 1
RECORD_FIELDS = ("solved", "best_time", "session", "title", "path")
# Integers beyond this lose precision as floats, and nothing the game saves comes near it.
MAX_SAFE_INTEGER = 2**53
# Deeper nesting than any setting or saved game has; it keeps the checks' recursion bounded.
MAX_DEPTH = 32
# A setting's value as JSON, at most: the largest the game writes (a folder, a window size)
# is far smaller. A hand-edited value of 60 MB was kept and written again on every save
# (issue 49); now it is skipped as damage is, in one line.
MAX_SETTING_CHARS = 64 * 1024
# A title or a path longer than this is not one.
MAX_TEXT = 4096

_LONE_SURROGATE = re.compile("[\ud800-\udfff]")

# One value of a document, addressed the same way in every document so that two of them can
# be compared value by value: ("settings", name), ("puzzle", key, field), ("last_played",),
# ("daily", "YYYY-MM-DD").
Slot = tuple[str, ...]


class DamagedFile(ValueError):
    """A progress file that cannot be used as a whole; its reason (a :class:`Said`) reads in
    the player's language when it is shown."""


class NewerFile(DamagedFile):
    """A progress file written by a newer Hanjie: not damage, and not ours to rewrite."""


def fresh_document() -> dict[str, Any]:
    return {
        "version": PROGRESS_VERSION,
        "settings": {},
        "puzzles": {},
        "last_played": None,
        "daily": {},
    }


def blank_record() -> dict[str, Any]:
    return {"solved": False, "best_time": None, "session": None, "title": "", "path": ""}


def is_json_value(value: object, depth: int = 0) -> bool:
    """Whether ``value`` is plain JSON the game can hold: finite numbers of safe size, text,
    true/false/null, and lists and objects (text keys) of those, not nested absurdly deep."""
    if value is None or isinstance(value, bool | str):
        return True
    if isinstance(value, int):
        return -MAX_SAFE_INTEGER <= value <= MAX_SAFE_INTEGER
    if isinstance(value, float):
        return -1e300 <= value <= 1e300  # NaN fails both comparisons
    if depth >= MAX_DEPTH:
        return False
    if isinstance(value, list):
        return all(is_json_value(item, depth + 1) for item in value)
    if isinstance(value, dict):
        return all(
            isinstance(key, str) and is_json_value(item, depth + 1) for key, item in value.items()
        )
    return False


def is_setting_value(value: object) -> bool:
    """Whether ``value`` can be a setting: plain JSON (:func:`is_json_value`) of at most
    :data:`MAX_SETTING_CHARS` characters written out."""
    if isinstance(value, str) and len(value) > MAX_SETTING_CHARS:
        return False  # said before a copy of it is written out
    return is_json_value(value) and len(json.dumps(value)) <= MAX_SETTING_CHARS


def _session_is_valid(value: object) -> bool:
    # Only the shape the store relies on; Session.from_json checks the rest against the puzzle.
    if value is None:
        return True
    return (
        isinstance(value, dict)
        and is_json_value(value)
        and is_seconds(value.get("elapsed", 0))
        and isinstance(value.get("solved", False), bool)
    )


def field_is_valid(name: str, value: object) -> bool:
    if name == "solved":
        return isinstance(value, bool)
    if name == "best_time":
        return value is None or is_seconds(value)
    if name == "session":
        return _session_is_valid(value)
    return isinstance(value, str) and len(value) <= MAX_TEXT


_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


def is_day(value: object) -> bool:
    """An ISO calendar date, "2025-03-14": the key of a daily puzzle."""
    if not isinstance(value, str) or not _DAY.fullmatch(value):
        return False
    try:
        date.fromisoformat(value)
    except ValueError:
        return False
    return True


def _shown(key: object) -> str:
    text = repr(key) if not isinstance(key, str) else key
    return text if len(text) <= 40 else text[:37] + "…"


@dataclass
class Parsed:
    """A clean document, what was dropped from the file (for the player), and the slots
    that were dropped (to be taken from the backup)."""

    document: dict[str, Any]
    # What was skipped, said in the player's language when shown (read before it is known).
    problems: list[Said] = field(default_factory=list)
    gaps: list[Slot] = field(default_factory=list)


def _clean_record(key: str, value: dict[str, Any], parsed: Parsed) -> dict[str, Any]:
    record = blank_record()
    for name in RECORD_FIELDS:
        if name not in value:
            continue
        if field_is_valid(name, value[name]):
            record[name] = value[name]
        else:
            parsed.problems.append(Said(N_("{field} of puzzle {key}"), field=name, key=_shown(key)))
            parsed.gaps.append(("puzzle", key, name))
    if record["best_time"] is not None:
        record["best_time"] = float(record["best_time"])
        record["solved"] = True  # a best time is only ever earned by solving
    return record


class RepeatedKey(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _object_without_repeats(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object, refusing a key given twice: JSON readers keep the last one, so a
    second, empty ``"puzzles"`` silently dropped every win (and two saves later, the backup's
    too). Nothing Hanjie writes repeats a key."""
    document: dict[str, Any] = {}
    for key, value in pairs:
        if key in document:
            raise RepeatedKey(key)
        document[key] = value
    return document


def parse_document(text: str) -> Parsed:
    """The clean progress document in ``text``; raises :class:`DamagedFile` when the text is
    not a progress document at all."""
    if not text.strip():  # "not valid JSON (Expecting value: line 1 column 1 (char 0))"
        raise DamagedFile(Said(N_("it is empty")))
    try:
        data = json.loads(text, object_pairs_hook=_object_without_repeats)
    except RepeatedKey as error:
        reason = Said(N_('the key "{key}" appears twice in one object'), key=_shown(error.key))
        raise DamagedFile(reason) from None
    except json.JSONDecodeError as error:
        # Where, not the parser's English words ("Expecting property name enclosed in...").
        reason = Said(
            N_("it is not valid JSON (line {line}, column {column})"),
            line=error.lineno,
            column=error.colno,
        )
        raise DamagedFile(reason) from None
    except (ValueError, RecursionError):
        raise DamagedFile(Said(N_("it is not valid JSON"))) from None
    if not isinstance(data, dict):
        raise DamagedFile(Said(N_("it is not a JSON object")))
    version = data.get("version")
    if type(version) is int and PROGRESS_VERSION < version < 2**31:
        raise NewerFile(
            Said(N_("written by a newer Hanjie (progress version {version})"), version=version)
        )
    if type(version) is not int or version != PROGRESS_VERSION:
        shown = repr(version) if len(repr(version)) <= 20 else repr(version)[:17] + "…"
        raise DamagedFile(
            Said(N_("its version {found} is not {version}"), found=shown, version=PROGRESS_VERSION)
        )
    parsed = Parsed(fresh_document())
    raw_puzzles = data.get("puzzles", {})
    if not isinstance(raw_puzzles, dict):
        # The puzzle records alone are lost (the backup may have them); the settings and the
        # daily times beside them are kept.
        parsed.problems.append(Said(N_("the puzzle list")))
        parsed.gaps.append(("puzzles",))
        raw_puzzles = {}
    settings = data.get("settings", {})
    if isinstance(settings, dict):
        for name, value in settings.items():
            if is_setting_value(value):
                parsed.document["settings"][name] = value
            else:
                parsed.problems.append(Said(N_("setting {name}"), name=_shown(name)))
                parsed.gaps.append(("settings", name))
    else:
        parsed.problems.append(Said(N_("settings")))
        parsed.gaps.append(("settings",))
    for key, value in raw_puzzles.items():
        if not key or not isinstance(value, dict):
            parsed.problems.append(Said(N_("puzzle entry {key}"), key=_shown(key)))
            parsed.gaps.append(("puzzle", key))
            continue
        parsed.document["puzzles"][key] = _clean_record(key, value, parsed)
    last_played = data.get("last_played")
    if last_played is None or (
        isinstance(last_played, dict)
        and isinstance(last_played.get("key"), str)
        and last_played["key"]
        and field_is_valid("path", last_played.get("path", ""))
    ):
        if last_played is not None:
            last_played = {"key": last_played["key"], "path": last_played.get("path", "")}
        parsed.document["last_played"] = last_played
    else:
        parsed.problems.append(Said(N_("last played puzzle")))
        parsed.gaps.append(("last_played",))
    daily = data.get("daily", {})
    for day, seconds in daily.items() if isinstance(daily, dict) else ():
        if is_day(day) and is_seconds(seconds):
            parsed.document["daily"][day] = float(seconds)
        else:
            parsed.problems.append(Said(N_("daily puzzle {day}"), day=_shown(day)))
            parsed.gaps.append(("daily", str(day)))
    return parsed


def dump_document(document: dict[str, Any]) -> str:
    """The document as the text of ``progress.json``: readable UTF-8, except that lone
    surrogates (undecodable bytes of file names) become ``\\udcXX`` escapes, so the text
    can always be encoded and reads back to the same names."""
    text = json.dumps(document, ensure_ascii=False, allow_nan=False, indent=1, sort_keys=True)
    return _LONE_SURROGATE.sub(lambda match: f"\\u{ord(match.group()):04x}", text) + "\n"


# --- comparing and merging ---------------------------------------------------------------

_MISSING: Any = object()


def flatten(document: dict[str, Any]) -> dict[Slot, Any]:
    slots: dict[Slot, Any] = {("last_played",): document["last_played"]}
    for name, value in document["settings"].items():
        slots[("settings", name)] = value
    for day, seconds in document["daily"].items():
        slots[("daily", day)] = seconds
    for key, record in document["puzzles"].items():
        for name in RECORD_FIELDS:
            slots[("puzzle", key, name)] = record[name]
    return slots


def unflatten(slots: dict[Slot, Any]) -> dict[str, Any]:
    document = fresh_document()
    for slot, value in slots.items():
        if slot[0] == "settings":
            document["settings"][slot[1]] = value
        elif slot[0] == "puzzle":
            document["puzzles"].setdefault(slot[1], blank_record())[slot[2]] = value
        elif slot[0] == "daily":
            document["daily"][slot[1]] = value
        else:
            document["last_played"] = value
    return document


def _keep_wins(slots: dict[Slot, Any], sources: Iterable[dict[Slot, Any]]) -> None:
    """Wins only ever grow: solved in any source is solved, the best time is the least."""
    for source in sources:
        for slot, value in source.items():
            if slot[0] == "daily":
                mine = slots.get(slot)
                slots[slot] = value if mine is None else min(mine, value)
            if slot[0] != "puzzle":
                continue
            if slot[2] == "solved" and value:
                slots[slot] = True
            elif slot[2] == "best_time" and value is not None:
                mine = slots.get(slot)
                slots[slot] = value if mine is None else min(mine, value)
                slots[("puzzle", slot[1], "solved")] = True


def merge(base: dict[str, Any], ours: dict[str, Any], theirs: dict[str, Any]) -> dict[str, Any]:
    """Three-way merge of two stores' documents that both started from ``base``.

    Each value we changed since ``base`` is ours; every other value is theirs (another game
    window saved it meanwhile), unless they do not have it. Wins are merged on top, so
    neither side's win is ever lost.
    """
    base_slots, our_slots, their_slots = flatten(base), flatten(ours), flatten(theirs)
    merged: dict[Slot, Any] = {}
    for slot in {**their_slots, **our_slots}:
        mine = our_slots.get(slot, _MISSING)
        other = their_slots.get(slot, _MISSING)
        # Nothing is ever deleted, so a value missing on one side is no news from that side.
        if mine is not _MISSING and (other is _MISSING or mine != base_slots.get(slot, _MISSING)):
            merged[slot] = mine
        elif other is not _MISSING:
            merged[slot] = other
    _keep_wins(merged, (our_slots, their_slots))
    return copy.deepcopy(unflatten(merged))


def fill_gaps(document: dict[str, Any], gaps: Iterable[Slot], backup: dict[str, Any]) -> int:
    """Take each dropped value of ``document`` from ``backup``; how many were found there."""
    found = 0
    for gap in gaps:
        if gap == ("settings",):
            for name, value in backup["settings"].items():
                document["settings"].setdefault(name, copy.deepcopy(value))
            found += 1
        elif gap[0] == "settings" and gap[1] in backup["settings"]:
            document["settings"][gap[1]] = copy.deepcopy(backup["settings"][gap[1]])
            found += 1
        elif gap == ("puzzles",):
            for key, record in backup["puzzles"].items():
                document["puzzles"].setdefault(key, copy.deepcopy(record))
            found += 1
        elif gap[0] == "puzzle" and gap[1] in backup["puzzles"]:
            source = backup["puzzles"][gap[1]]
            record = document["puzzles"].setdefault(gap[1], blank_record())
            for name in RECORD_FIELDS if len(gap) == 2 else gap[2:]:
                record[name] = copy.deepcopy(source[name])
            found += 1
        elif gap[0] == "daily" and gap[1] in backup["daily"]:
            document["daily"][gap[1]] = backup["daily"][gap[1]]
            found += 1
        elif gap == ("last_played",) and backup["last_played"] is not None:
            document["last_played"] = copy.deepcopy(backup["last_played"])
            found += 1
    return found
