"""Numbers, dates and titles in the player's language (issue 48): game.core.locale_numbers'
tables and game.core.titles."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date

import pytest

from game.core import i18n
from game.core.locale_numbers import format_date, format_decimal, format_int
from game.core.titles import display_title


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield None
    i18n.set_language(i18n.ENGLISH)


@pytest.mark.parametrize(
    ("language", "whole", "decimal"),
    [
        ("en", "1,234,567", "1,234.5"),
        ("ja", "1,234,567", "1,234.5"),
        ("de", "1.234.567", "1.234,5"),
        ("nl", "1.234.567", "1.234,5"),
        ("hr", "1.234.567", "1.234,5"),
        ("es", "1.234.567", "1234,5"),  # Spanish groups from five digits
        ("fr", "1\u202f234\u202f567", "1\u202f234,5"),
    ],
)
def test_numbers_take_each_languages_marks(language: str, whole: str, decimal: str) -> None:
    assert format_int(1234567, language) == whole
    assert format_decimal(1234.5, 1, language) == decimal


def test_small_negative_and_rounded_numbers() -> None:
    assert format_int(999, "de") == "999"
    assert format_int(-1234, "de") == "-1.234"
    assert format_decimal(0.04, 1, "fr") == "0,0"  # no "-0,0" from a rounding
    assert format_decimal(-0.04, 1, "fr") == "0,0"
    assert format_decimal(2.5, 0, "en") == "2"


def test_the_language_spoken_is_the_default() -> None:
    i18n.set_language("de")
    assert format_decimal(0.5, 1) == "0,5"
    i18n.set_language(i18n.ENGLISH)
    assert format_decimal(0.5, 1) == "0.5"


@pytest.mark.parametrize(
    ("language", "written"),
    [
        ("en", "13 March 2025"),
        ("es", "13 de marzo de 2025"),
        ("nl", "13 maart 2025"),
        ("de", "13. März 2025"),
        ("fr", "13 mars 2025"),
        ("hr", "13. ožujka 2025."),
        ("ja", "2025年3月13日"),
    ],
)
def test_dates_as_each_language_writes_them(language: str, written: str) -> None:
    assert format_date(date(2025, 3, 13), language) == written


def test_titles_are_said_in_the_players_language() -> None:
    i18n.set_language("de")
    assert display_title("Mushroom") == "Pilz"
    assert display_title("Drop") == "Tropfen"  # the title, not the converter's button
    assert display_title("Starter 05") == "Einstieg 05"
    assert display_title("Random 15x15 #7") == "Zufall 15x15 #7"
    # A title made while another language was spoken still reads in this one.
    assert display_title("Random 15x15 in 3 colours #33") == "Zufall 15x15 in 3 Farben #33"
    assert display_title("Random 15x15 in 3 Farben #33") == "Zufall 15x15 in 3 Farben #33"
    assert display_title("My own cat") == "My own cat"  # the player's title, as it is
    assert display_title("Daily puzzle 2025-03-13") == "Tagesrätsel vom 13. März 2025"
    i18n.set_language("ja")
    assert display_title("Daily puzzle 2025-03-13") == "2025年3月13日のデイリーパズル"
    i18n.set_language(i18n.ENGLISH)
    assert display_title("Mushroom") == "Mushroom"
