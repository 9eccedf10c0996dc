"""Which engine core runs, and saying so (issue 32): ``hanjie --version`` and ``solve --json``
name it, ``HANJIE_PURE=1`` forces pure Python, and a stale build is never used."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.core.solver import kernel
from tests.conftest import REPO_ROOT


def _hanjie(*args: str, pure: bool) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env.pop("HANJIE_PURE", None)
    if pure:
        env["HANJIE_PURE"] = "1"
    return subprocess.run(
        [sys.executable, "-m", "game", *args],
        cwd=REPO_ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def _a_puzzle() -> str:
    return str(next(iter(sorted((REPO_ROOT / "levels").rglob("*.non")))))


def test_hanjie_pure_forces_python_and_says_so() -> None:
    version = _hanjie("--version", pure=True)
    assert version.returncode == 0, version.stderr
    assert version.stdout.strip().endswith("(engine: python)")
    solved = _hanjie("solve", _a_puzzle(), "--json", pure=True)
    assert solved.returncode == 0, solved.stderr
    assert json.loads(solved.stdout)["engine"] == "python"


def test_the_built_kernel_runs_and_says_so() -> None:
    if kernel.compiled_module() is None:
        if os.environ.get("HANJIE_REQUIRE_KERNEL", "") not in ("", "0"):
            pytest.fail("the compiled kernel is not built (HANJIE_REQUIRE_KERNEL=1)")
        pytest.skip("the compiled kernel is not built here")
    version = _hanjie("--version", pure=False)
    assert version.stdout.strip().endswith("(engine: compiled)")
    solved = _hanjie("solve", _a_puzzle(), "--json", pure=False)
    assert json.loads(solved.stdout)["engine"] == "compiled"


def test_a_stale_build_is_not_used(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # Sources that say another version than the built module reports: pure Python runs.
    if kernel.compiled_module() is None:
        pytest.skip("the compiled kernel is not built here")
    version = kernel.source_version()
    assert version is not None, "the sources here name the kernel's version"
    newer = tmp_path / "_kernel_abi.h"
    newer.write_text(f"#define KERNEL_VERSION {version + 1}\n")
    monkeypatch.setattr(kernel, "ABI_HEADER", newer)
    assert kernel.source_version() == version + 1
    assert kernel.compiled_module() is None
    was = kernel.engine_name()
    try:
        kernel.use(True)
        assert kernel.engine_name() == kernel.PYTHON
        assert kernel.forced_packed() is None
        assert kernel.smallest_reason() is None
    finally:
        monkeypatch.undo()
        kernel.use(was == kernel.COMPILED)
