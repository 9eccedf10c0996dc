"""The lint, format and type gates run as part of the test suite, so CI cannot pass without them.

Marked ``quality``: a distribution testing the game with its own ruff and mypy (not the
pinned ones) leaves them out with ``pytest -m "not quality"``."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.conftest import REPO_ROOT

pytestmark = pytest.mark.quality

GATES = {
    "ruff check": [sys.executable, "-m", "ruff", "check", "."],
    "ruff format": [sys.executable, "-m", "ruff", "format", "--check", "."],
    "mypy": [sys.executable, "-m", "mypy", "game"],
}


@pytest.mark.parametrize("name", list(GATES))
def test_gate_is_clean(name: str) -> None:
    result = subprocess.run(
        GATES[name], cwd=REPO_ROOT, capture_output=True, text=True, check=False, timeout=300
    )
    assert result.returncode == 0, f"{name} failed:\n{result.stdout}\n{result.stderr}"
