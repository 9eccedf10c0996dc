"""Fixtures of the core tests."""

from __future__ import annotations

import os
from types import ModuleType

import pytest

from game.core.solver import kernel


@pytest.fixture(scope="module")
def compiled() -> ModuleType:
    """The built kernel module, whatever HANJIE_PURE says (for tests that hold it against its
    pure-Python twin); such a test is skipped where the kernel is not built, unless
    HANJIE_REQUIRE_KERNEL=1 (CI sets it: there a missing kernel is a failure, not a skip)."""
    module = kernel.compiled_module()
    if module is None:
        if os.environ.get("HANJIE_REQUIRE_KERNEL", "") not in ("", "0"):
            pytest.fail("the compiled kernel is not built (HANJIE_REQUIRE_KERNEL=1)")
        pytest.skip("the compiled kernel is not built here")
    return module
