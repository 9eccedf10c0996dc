"""Test set-up: headless SDL before pygame is ever imported, and a private data folder."""

from __future__ import annotations

import importlib.metadata
import os
from collections.abc import Iterable, Iterator
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


# Set by .ci/run for its second pass, run without the capabilities that let root past file
# permissions: there a permission test that finds them not enforced fails instead of
# skipping, so a pass that tested nothing cannot look green.
REQUIRE_PERMISSIONS = "HANJIE_REQUIRE_PERMISSIONS"


def _permissions_enforced(folder: Path) -> bool:
    """Whether a file with no permission bits is refused to this process (not as root with
    its usual capabilities, nor on Windows)."""
    probe = folder / "permission-probe"
    probe.write_text("x")
    probe.chmod(0)
    try:
        probe.read_text()
    except PermissionError:
        return True
    finally:
        probe.chmod(0o600)
        probe.unlink()
    return False


@pytest.fixture
def enforced_permissions(tmp_path_factory: pytest.TempPathFactory) -> None:
    """For a test of what happens when the disk refuses (chmod 0): skips where permissions
    are not enforced (as root), fails there in .ci/run's unprivileged pass. Tests using it
    are marked ``permissions`` (``pytest -m permissions`` runs just them)."""
    if not _permissions_enforced(tmp_path_factory.mktemp("probe")):
        if os.environ.get(REQUIRE_PERMISSIONS):
            pytest.fail("file permissions are not enforced in the unprivileged pass")
        pytest.skip("file permissions are not enforced for this user (root)")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "enforced_permissions" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.permissions)


# The compiled kernel's file names, on every platform.
KERNEL_FILES = ("_kernel.*.so", "_kernel.*.pyd", "_kernel.so", "_kernel.pyd")


def _kernel_in(folder: Path) -> bool:
    return any(any(folder.glob(pattern)) for pattern in KERNEL_FILES)


def shadowed_kernel(
    game_dir: Path, installed: Iterable[importlib.metadata.Distribution]
) -> str | None:
    """Why this run would test another engine than the one installed, or None.

    In an unpacked sdist the tests import ``game/`` from the tree (pytest puts the rootdir
    first), not the installed copy a wheel put in site-packages: where the installed copy has
    the compiled kernel and the tree has none, every test would run pure Python and the
    kernel's own tests skip, and the run looked green (issue 49)."""
    solver = game_dir / "core" / "solver"
    if _kernel_in(solver) or os.environ.get("HANJIE_PURE", "") not in ("", "0"):
        return None
    for distribution in installed:
        for file in distribution.files or ():
            if not (file.name.startswith("_kernel") and file.suffix in (".so", ".pyd")):
                continue
            located = Path(str(distribution.locate_file(file))).resolve()
            if located.parent != solver.resolve():
                return (
                    f"the tests import game/ from {game_dir}, which has no compiled kernel, "
                    f"while the installed hanjie has one ({located}): they would test pure "
                    "Python. Build it beside the source (python3 hatch_build.py), or set "
                    "HANJIE_PURE=1 to test pure Python on purpose."
                )
    return None


def pytest_configure(config: pytest.Config) -> None:
    import game

    problem = shadowed_kernel(
        Path(game.__file__).resolve().parent,
        importlib.metadata.distributions(name="hanjie"),
    )
    if problem is not None:
        raise pytest.UsageError(problem)


def pytest_report_header(config: pytest.Config) -> str:
    import game
    from game.core.solver.kernel import engine_name

    return f"hanjie: engine {engine_name()}, game/ from {Path(game.__file__).resolve().parent}"
