"""The second art style (issue 46): Game-icons.net's icons, CC BY 3.0, and the Icons pack."""

from __future__ import annotations

import json

from game.core.formats import read_puzzle
from game.core.generate.picture_library import library, load_picture
from tests.conftest import REPO_ROOT

ICONS = REPO_ROOT / "assets" / "icons"


def test_the_icons_are_a_picture_library_under_their_licence() -> None:
    manifest = json.loads((ICONS / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["license"] == "CC-BY-3.0" and "Game-icons.net" in manifest["source"]
    assert (ICONS / "LICENSE-CC-BY-3.0.txt").is_file()
    entries = library(ICONS)
    assert len(entries) >= 60
    for entry in entries:
        picture = load_picture(ICONS / entry.file)
        assert len(picture.palette) == 1 and max(picture.width, picture.height) == 72
    credits = (REPO_ROOT / "assets" / "CREDITS.md").read_text(encoding="utf-8")
    assert "Game-icons.net" in credits and "CC BY 3.0" in credits


def test_every_icon_puzzle_names_an_icon_of_the_library_and_its_licence() -> None:
    titles = {entry.title for entry in library(ICONS)}
    files = sorted((REPO_ROOT / "levels" / "35-icons").glob("*.non"))
    assert len(files) >= 50
    for path in files:
        puzzle = read_puzzle(path)
        assert puzzle.title in titles, path.name
        assert puzzle.license == "CC-BY-3.0" and "Game-icons.net" in puzzle.author
