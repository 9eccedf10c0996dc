"""The game's catalogues: extract, update, compile and count (game.core.i18n).

    python tools/i18n.py            # all three: extract, update every .po, compile
    python tools/i18n.py --check    # fail when the template, a .po's entries or a .mo is stale
    python tools/i18n.py --stats    # each catalogue's translated / total, like msgfmt's

*Extract* reads every module of ``game/`` (its syntax tree, not its text) for calls of
``_("...")``, ``N_("...")`` and ``ngettext("...", "...", n)`` with literal strings and writes
``game/locale/hanjie.pot``, each entry with the places it is used. *Update* keeps each
language's ``game/locale/<code>/LC_MESSAGES/hanjie.po`` in step with the template: a string
still used keeps its translation, a new one arrives untranslated, one no longer used goes.
*Compile* writes each ``hanjie.mo`` (GNU gettext's binary catalogue, which the standard
library's ``gettext`` reads) from the translated entries and ``game/locale/languages.json``
(translated / total a language), which decides what Options offers. Written here, with the
standard library only, so a fresh machine needs no gettext tools; ``msgfmt --statistics``
reads the same .po files where GNU gettext is installed.
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import struct
import sys
from dataclasses import dataclass, field
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
GAME = REPO_ROOT / "game"
LOCALE = GAME / "locale"
TEMPLATE = LOCALE / "hanjie.pot"
COUNTS = LOCALE / "languages.json"
LANGUAGES = ("es", "nl", "hr", "de", "fr", "ja")
PLURAL_FORMS = {
    "es": "nplurals=2; plural=(n != 1);",
    "nl": "nplurals=2; plural=(n != 1);",
    "de": "nplurals=2; plural=(n != 1);",
    "fr": "nplurals=2; plural=(n > 1);",
    "ja": "nplurals=1; plural=0;",
    "hr": (
        "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : "
        "n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"
    ),
}
NPLURALS = {code: int(forms.split(";")[0].split("=")[1]) for code, forms in PLURAL_FORMS.items()}


@dataclass
class Entry:
    """One catalogue entry: a string (and its plural) and its translation(s)."""

    msgid: str
    plural: str | None = None
    strings: list[str] = field(default_factory=list)  # msgstr, or msgstr[0..n-1]
    places: list[str] = field(default_factory=list)

    @property
    def translated(self) -> bool:
        return bool(self.strings) and all(self.strings)


# --- extracting ---------------------------------------------------------------------------


def _literal(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def extract(root: Path = GAME) -> dict[str, Entry]:
    """Every marked string of the modules under ``root``, in the order first met."""
    found: dict[str, Entry] = {}
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        place = path.relative_to(REPO_ROOT).as_posix()
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            name = node.func.id
            if name in ("_", "N_") and len(node.args) == 1:
                msgid, plural = _literal(node.args[0]), None
            elif name == "ngettext" and len(node.args) == 3:
                msgid, plural = _literal(node.args[0]), _literal(node.args[1])
                if plural is None:
                    continue
            else:
                continue
            if not msgid:
                continue
            entry = found.setdefault(msgid, Entry(msgid, plural))
            entry.places.append(f"{place}:{node.lineno}")
    _extract_packs(found)
    _extract_titles(found)
    _extract_colour_names(found)
    return found


def _extract_packs(found: dict[str, Entry]) -> None:
    """The bundled packs' names and descriptions (levels/*/pack.json), which level select
    and the play screen's header show."""
    for path in sorted((REPO_ROOT / "levels").glob("*/pack.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        place = path.relative_to(REPO_ROOT).as_posix()
        for key in ("name", "description"):
            text = data.get(key)
            if isinstance(text, str) and text:
                found.setdefault(text, Entry(text)).places.append(place)


# The context of a picture's title in the catalogue (msgctxt; game.core.titles reads it).
TITLE_CONTEXT = "picture title"
_TITLE_LINE = re.compile(r'^title\s+"(.*)"\s*$', re.MULTILINE)


def _extract_titles(found: dict[str, Entry]) -> None:
    """The bundled pictures' titles (a solved card, the win screen, the replay and the
    daily puzzle name them): the nonogram packs' .non files and the picture library's
    manifest (Random's pictures and the daily puzzle). Kakuro titles are a pack's word and
    a number (game.core.titles)."""
    titles: dict[str, str] = {}
    for path in sorted((REPO_ROOT / "levels").glob("[0-9]*/*.non")):
        match = _TITLE_LINE.search(path.read_text(encoding="utf-8"))
        if match and match.group(1):
            titles.setdefault(match.group(1), path.parent.relative_to(REPO_ROOT).as_posix())
    manifest = REPO_ROOT / "assets" / "pictures" / "manifest.json"
    if manifest.exists():
        for picture in json.loads(manifest.read_text(encoding="utf-8")).get("pictures", []):
            title = picture.get("title") if isinstance(picture, dict) else None
            if isinstance(title, str) and title:
                titles.setdefault(title, manifest.relative_to(REPO_ROOT).as_posix())
    for title, place in titles.items():
        key = f"{TITLE_CONTEXT}\x04{title}"  # a title "Drop" is not the button "Drop"
        entry = found.setdefault(key, Entry(key))
        if place not in entry.places:
            entry.places.append(place)


def _extract_colour_names(found: dict[str, Entry]) -> None:
    """The colour names players read (the palette bar, hints, Make it fair): the names
    table's (game/core/convert/colour_table.py), read from its syntax tree, and the
    background's."""
    path = GAME / "core" / "convert" / "colour_table.py"
    place = path.relative_to(REPO_ROOT).as_posix()
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    names = ["background"]
    for node in ast.walk(tree):
        if isinstance(node, ast.Tuple) and len(node.elts) == 2:
            name, value = (_literal(element) for element in node.elts)
            if name and value and len(value) == 6:
                names.append(name)
    for name in names:
        entry = found.setdefault(name, Entry(name))
        if place not in entry.places:
            entry.places.append(place)


# --- reading and writing .po ----------------------------------------------------------------


def _quote(text: str) -> str:
    escaped = (
        text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    )
    return f'"{escaped}"'


def _unquote(text: str) -> str:
    body = text.strip()[1:-1]
    out, index = [], 0
    while index < len(body):
        char = body[index]
        if char == "\\" and index + 1 < len(body):
            nxt = body[index + 1]
            out.append({"n": "\n", "t": "\t", '"': '"', "\\": "\\"}.get(nxt, nxt))
            index += 2
        else:
            out.append(char)
            index += 1
    return "".join(out)


def read_po(path: Path) -> tuple[str, dict[str, Entry]]:
    """A .po file's header (its msgstr for "") and entries."""
    header = ""
    entries: dict[str, Entry] = {}
    current: dict[str, list[str]] = {}
    key = ""

    def close() -> None:
        nonlocal header
        if "msgid" not in current:
            return
        msgid = "".join(current["msgid"])
        if "msgctxt" in current:  # kept as gettext keys it: context, EOT, the string
            msgid = "".join(current["msgctxt"]) + "\x04" + msgid
        plural = "".join(current["msgid_plural"]) if "msgid_plural" in current else None
        strings = []
        if plural is None:
            strings = ["".join(current.get("msgstr", []))]
        else:
            index = 0
            while f"msgstr[{index}]" in current:
                strings.append("".join(current[f"msgstr[{index}]"]))
                index += 1
        if msgid == "":
            header = strings[0]
        else:
            entries[msgid] = Entry(msgid, plural, strings)

    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            if not line and current:
                close()
                current = {}
            continue
        if line.startswith('"'):
            current[key].append(_unquote(line))
            continue
        key, _space, rest = line.partition(" ")
        if key in ("msgid", "msgctxt") and "msgid" in current:
            close()
            current = {}
        current[key] = [_unquote(rest)]
    close()
    return header, entries


def _lines(keyword: str, text: str) -> list[str]:
    if "\n" in text[:-1]:
        parts = text.splitlines(keepends=True)
        return [f'{keyword} ""', *(_quote(part) for part in parts)]
    return [f"{keyword} {_quote(text)}"]


def write_po(path: Path, header: str, entries: list[Entry], nplurals: int) -> str:
    """The text of a .po (or, with ``nplurals`` 2 and empty strings, the .pot)."""
    out = ['msgid ""', 'msgstr ""', *(_quote(line) for line in header.splitlines(keepends=True))]
    for entry in entries:
        out.append("")
        for place in entry.places[:4]:
            out.append(f"#: {place}")
        context, _eot, msgid = entry.msgid.rpartition("\x04")
        if "{" in msgid:
            out.append("#, python-brace-format")
        if context:
            out.extend(_lines("msgctxt", context))
        out.extend(_lines("msgid", msgid))
        if entry.plural is None:
            text = entry.strings[0] if entry.strings else ""
            out.extend(_lines("msgstr", text))
        else:
            out.extend(_lines("msgid_plural", entry.plural))
            for index in range(nplurals):
                text = entry.strings[index] if index < len(entry.strings) else ""
                out.extend(_lines(f"msgstr[{index}]", text))
    return "\n".join(out) + "\n"


def _header(code: str | None) -> str:
    forms = PLURAL_FORMS.get(code or "", "nplurals=2; plural=(n != 1);")
    language = f"Language: {code}\n" if code else ""
    return (
        "Project-Id-Version: hanjie\n"
        f"{language}"
        "MIME-Version: 1.0\n"
        "Content-Type: text/plain; charset=UTF-8\n"
        "Content-Transfer-Encoding: 8bit\n"
        f"Plural-Forms: {forms}\n"
    )


def po_path(code: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / "hanjie.po"


def merged(template: dict[str, Entry], old: dict[str, Entry], code: str) -> list[Entry]:
    """The template's entries with ``old``'s translations where the string is unchanged."""
    entries = []
    for msgid, entry in template.items():
        kept = old.get(msgid)
        strings = kept.strings if kept is not None and kept.plural == entry.plural else []
        entries.append(Entry(msgid, entry.plural, list(strings), entry.places))
    return entries


# --- compiling ------------------------------------------------------------------------------


def mo_bytes(header: str, entries: list[Entry]) -> bytes:
    """GNU gettext's .mo of the translated ``entries`` (no hash table: gettext reads the
    tables)."""
    pairs = [(b"", header.encode("utf-8"))]
    for entry in entries:
        if not entry.translated:
            continue
        key = entry.msgid.encode("utf-8")
        if entry.plural is not None:
            key += b"\0" + entry.plural.encode("utf-8")
        pairs.append((key, "\0".join(entry.strings).encode("utf-8")))
    pairs.sort()
    count = len(pairs)
    originals_at = 28
    translations_at = originals_at + 8 * count
    data_at = translations_at + 8 * count
    tables_o, tables_t, blob = [], [], b""
    for key, _value in pairs:
        tables_o.append((len(key), data_at + len(blob)))
        blob += key + b"\0"
    for _key, value in pairs:
        tables_t.append((len(value), data_at + len(blob)))
        blob += value + b"\0"
    head = struct.pack("<7I", 0x950412DE, 0, count, originals_at, translations_at, 0, data_at)
    body = b"".join(struct.pack("<2I", *pair) for pair in tables_o + tables_t)
    return head + body + blob


# --- the commands ---------------------------------------------------------------------------


def build(check: bool) -> list[str]:
    """Extract, update and compile; with ``check`` write nothing and return what is stale."""
    stale: list[str] = []
    template = extract()
    pot = write_po(TEMPLATE, _header(None), list(template.values()), 2)

    def put(path: Path, content: str | bytes) -> None:
        old = path.read_bytes() if path.exists() else None
        new = content.encode("utf-8") if isinstance(content, str) else content
        if old != new:
            stale.append(str(path.relative_to(REPO_ROOT)))
            if not check:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(new)

    put(TEMPLATE, pot)
    counts = {}
    for code in LANGUAGES:
        path = po_path(code)
        old = read_po(path)[1] if path.exists() else {}
        entries = merged(template, old, code)
        header = _header(code)
        put(path, write_po(path, header, entries, NPLURALS[code]))
        put(path.with_suffix(".mo"), mo_bytes(header, entries))
        counts[code] = {
            "translated": sum(entry.translated for entry in entries),
            "total": len(entries),
        }
    put(COUNTS, json.dumps(counts, indent=1, sort_keys=True) + "\n")
    return stale


def statistics() -> str:
    template = extract()
    lines = [f"template: {len(template)} strings"]
    for code in LANGUAGES:
        entries = read_po(po_path(code))[1] if po_path(code).exists() else {}
        done = sum(entries[msgid].translated for msgid in template if msgid in entries)
        lines.append(f"{code}: {done} translated, {len(template) - done} untranslated")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="write nothing; fail if stale")
    parser.add_argument("--stats", action="store_true", help="print each catalogue's counts")
    options = parser.parse_args()
    if options.stats:
        print(statistics())
        return 0
    stale = build(options.check)
    for path in stale:
        print(("stale: " if options.check else "wrote: ") + path)
    return 1 if options.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
