"""Test set-up: headless SDL before pygame is ever imported, and a private data folder."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

REPO_ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def hanjie_home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Every test gets its own user data folder, so no test touches a real profile."""
    home = tmp_path_factory.mktemp("hanjie-home")
    previous = os.environ.get("HANJIE_HOME")
    os.environ["HANJIE_HOME"] = str(home)
    yield home
    if previous is None:
        os.environ.pop("HANJIE_HOME", None)
    else:
        os.environ["HANJIE_HOME"] = previous
