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
