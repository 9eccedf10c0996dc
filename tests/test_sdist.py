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


@pytest.fixture(scope="module")
def unpacked(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sdist built from the checkout, unpacked."""
    tmp_path = tmp_path_factory.mktemp("sdist")
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
    (tree,) = (path for path in tmp_path.iterdir() if path.is_dir())
    return tree


def test_the_sdist_passes_a_quick_part_of_its_own_suite(unpacked: Path) -> None:
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


def test_a_run_that_would_test_pure_python_beside_an_installed_kernel_fails_loudly(
    unpacked: Path, tmp_path: Path
) -> None:
    """Issue 49: a distribution installs the wheel, then runs the sdist's tests, which import
    the tree's game/ (no kernel) instead: 867 passed on pure Python, the kernel test skipped."""
    import os
    import shutil
    import sysconfig

    compiler = str(sysconfig.get_config_var("CC") or "").split(" ")[0]
    if not compiler or shutil.which(compiler) is None:
        pytest.skip("no C compiler here")
    site = tmp_path / "site"
    for command in (
        ["wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(tmp_path), str(unpacked)],
        ["install", "--no-deps", "-q", "--target", str(site)],
    ):
        if command[0] == "install":
            command.append(str(next(tmp_path.glob("hanjie-*.whl"))))
        done = subprocess.run(
            [sys.executable, "-m", "pip", *command], capture_output=True, text=True, timeout=600
        )
        assert done.returncode == 0, done.stderr[-2000:]
    environ = {**os.environ, "PYTHONPATH": str(site)}
    environ.pop("HANJIE_PURE", None)
    ran = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "no:cacheprovider",
            "-n",
            "0",
            "tests/test_levels.py",
        ],
        cwd=unpacked,
        env=environ,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert ran.returncode == 4, ran.stdout[-2000:]
    assert "they would test pure Python" in ran.stderr
