"""The install's optional compile of the engine's kernel (issue 32, hatch_build.py): without a
compiler the build goes on (a warning, no module: the game runs on pure Python); with one it
makes a module the engine accepts."""

from __future__ import annotations

import importlib.util
import shutil
import sys
import sysconfig
from pathlib import Path

import pytest

from game.core.solver import kernel
from tests.conftest import REPO_ROOT

sys.path.insert(0, str(REPO_ROOT))
import hatch_build


def test_no_compiler_means_no_module_and_a_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("CC", str(tmp_path / "no-such-cc"))
    assert hatch_build.compile_kernel(tmp_path) is None
    assert "pure Python" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


def test_a_failing_compile_means_no_module_and_a_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("CC", "false")  # a compiler that always fails
    assert hatch_build.compile_kernel(tmp_path) is None
    assert "compiling the kernel failed" in capsys.readouterr().err


def test_hanjie_pure_build_skips_the_compile(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HANJIE_PURE_BUILD", "1")
    assert hatch_build.compile_kernel(tmp_path) is None


def test_the_compiled_module_is_the_one_the_engine_expects(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CC", raising=False)
    monkeypatch.delenv("HANJIE_PURE_BUILD", raising=False)
    compiler = str(sysconfig.get_config_var("LDSHARED") or "").split(" ")[0]
    if not compiler or shutil.which(compiler) is None:
        pytest.skip("no C compiler here")
    built = hatch_build.compile_kernel(tmp_path)
    assert built is not None and built.name == hatch_build.module_name()
    spec = importlib.util.spec_from_file_location("_kernel", built)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert kernel.source_version() == module.VERSION
    assert module.forced_packed((2,), bytes(3)) == bytes((1, 1))
