"""Every picture the README and docs/ show is made again by ``hanjie screenshot --out docs``
(issue 36: it made 29 of the 40; the rest had been captured by hand)."""

from __future__ import annotations

import re

from game.commands.screenshot import SHEETS, collect_shots
from tests.conftest import REPO_ROOT

# Screens of the converter on scikit-image's cat photograph, captured by hand, and the sheet
# of Auto on the judge photos (benchmarks/auto_subject.py on free photos downloaded from
# Debian's packages, docs/photos.md): pictures no screenshot makes (the photographs are not in
# the repository).
BY_HAND = {"make-it-fair-photo", "make-it-fair-photo-before", "photos_subject_judge"}


def shown_pictures() -> set[str]:
    names: set[str] = set()
    for page in [REPO_ROOT / "README.md", *sorted((REPO_ROOT / "docs").glob("*.md"))]:
        text = page.read_text(encoding="utf-8")
        names.update(re.findall(r"\(\s*(?:docs/)?([A-Za-z0-9_.-]+)\.png\s*\)", text))
    return names


def test_every_picture_the_docs_show_is_made_by_the_screenshot_command() -> None:
    made = set(collect_shots()) | set(SHEETS) | BY_HAND
    shown = shown_pictures()
    assert shown, "no pictures found: the pattern is wrong"
    assert shown <= made, f"shown but made by nothing: {sorted(shown - made)}"


def test_every_picture_in_docs_is_made_by_the_screenshot_command() -> None:
    made = set(collect_shots()) | set(SHEETS) | BY_HAND
    kept = {path.stem for path in (REPO_ROOT / "docs").glob("*.png")}
    assert kept <= made, f"in docs/ but made by nothing: {sorted(kept - made)}"
