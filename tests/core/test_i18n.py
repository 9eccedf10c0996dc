"""The game's words through gettext (game.core.i18n, tools/i18n.py): the catalogues are in
step with the code, compiled files read back as written, the system's locale picks an
offered language and an incomplete catalogue is never spoken."""

from __future__ import annotations

import gettext
import io
from pathlib import Path

import pytest

from game.core import i18n
from tools import i18n as tool


@pytest.fixture(autouse=True)
def english_after() -> object:
    yield None
    i18n.set_language(i18n.ENGLISH)


def test_the_template_catalogues_and_compiled_files_are_up_to_date() -> None:
    assert tool.build(check=True) == [], "run: python tools/i18n.py"


def test_a_compiled_catalogue_reads_back_every_translation_and_plural(tmp_path: Path) -> None:
    entries = [
        tool.Entry("Play", None, ["Jugar"]),
        tool.Entry("{count} cell", "{count} cells", ["{count} celda", "{count} celdas"]),
        tool.Entry("Quit", None, [""]),  # untranslated: left out, English shown
    ]
    data = tool.mo_bytes(tool._header("es"), entries)
    translations = gettext.GNUTranslations(io.BytesIO(data))
    assert translations.gettext("Play") == "Jugar"
    assert translations.ngettext("{count} cell", "{count} cells", 1) == "{count} celda"
    assert translations.ngettext("{count} cell", "{count} cells", 5) == "{count} celdas"
    assert translations.gettext("Quit") == "Quit"


def test_po_files_round_trip_quotes_and_new_lines(tmp_path: Path) -> None:
    entry = tool.Entry('Say "hi"\nthen \\ go', None, ["Di «hola»\nluego"], ["game/x.py:1"])
    path = tmp_path / "x.po"
    path.write_text(tool.write_po(path, tool._header("es"), [entry], 2), encoding="utf-8")
    header, entries = tool.read_po(path)
    assert "Plural-Forms" in header
    assert entries[entry.msgid].strings == entry.strings


def test_the_system_locale_picks_an_offered_language_else_english(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    complete = [i18n.Language("en", "English"), i18n.Language("nl", "Nederlands", 5, 5)]
    monkeypatch.setattr(i18n, "offered", lambda: complete)
    assert i18n.system_language({"LANG": "nl_NL.UTF-8"}) == "nl"
    assert i18n.system_language({"LANGUAGE": "fr:nl", "LANG": "fr_FR.UTF-8"}) == "nl"
    assert i18n.system_language({"LC_ALL": "C", "LANG": "nl_NL.UTF-8"}) == "en"
    assert i18n.system_language({"LANG": "es_ES.UTF-8"}) == "en"  # not offered
    assert i18n.system_language({}) == "en"


def test_an_incomplete_catalogue_is_not_offered_nor_spoken() -> None:
    for language in i18n.languages():
        if not language.complete:
            assert language not in i18n.offered()
            assert i18n.set_language(language.code) == i18n.ENGLISH
    assert i18n.offered()[0].code == i18n.ENGLISH
