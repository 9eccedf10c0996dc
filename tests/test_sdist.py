"""The source distribution carries what its own tests need (issue 36: ``tools/`` was left
out, so two test files could not import and the ruff gate then failed on the unpacked
tree). Built here from the checkout, unpacked, and a quick part of its suite run there."""

from __future__ import annotations

import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

from tests.conftest import REPO_ROOT

pytest.importorskip("hatchling")

# Quick and telling: the two files that import tools/, and the lint and format gates over
# the whole unpacked tree (mypy, the slow one, reads only game/, which is there regardless).
QUICK = ["tests/test_kakuro_levels.py", "tests/test_levels.py", "tests/test_quality.py"]


def test_the_sdist_passes_a_quick_part_of_its_own_suite(tmp_path: Path) -> None:
    built = subprocess.run(
        [sys.executable, "-m", "hatchling", "build", "-t", "sdist", "-d", str(tmp_path)],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert built.returncode == 0, built.stderr
    (archive,) = tmp_path.glob("hanjie-*.tar.gz")
    with tarfile.open(archive) as tar:
        # Our own archive; the "data" filter where this Python has it (3.11.4 and later:
        # Debian 12's 3.11.2 has not).
        safe = {"filter": "data"} if hasattr(tarfile, "data_filter") else {}
        tar.extractall(tmp_path, **safe)
    (unpacked,) = (path for path in tmp_path.iterdir() if path.is_dir())
    for needed in ("tools/build_kakuro.py", "tests/conftest.py", "game/cli.py", "README.md"):
        assert (unpacked / needed).is_file(), f"{needed} is not in the sdist"
    # The unpacked tree's own game/ comes first on the path (cwd), not the checkout's.
    # -n 0: the quick part in one process (the suite running this test keeps the cores busy).
    pytest_command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n", "0"]
    ran = subprocess.run(
        [*pytest_command, *QUICK, "-k", "not mypy"],
        cwd=unpacked,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert ran.returncode == 0, ran.stdout[-3000:] + ran.stderr[-2000:]
    assert " passed" in ran.stdout
