"""The install's optional compile of the engine's kernel (issues 32 and 49, hatch_build.py):
setuptools' build_ext compiles it with the standard flags; without a compiler the build goes
on (a line, a note for ``hanjie``, no module); a wheel builder can make that fatal; a wheel
carries the module, never the C."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from game.commands import common
from game.core.solver import kernel
from tests.conftest import REPO_ROOT

sys.path.insert(0, str(REPO_ROOT))
import hatch_build

pytest.importorskip("setuptools")


def _compiler() -> str | None:
    compiler = str(sysconfig.get_config_var("CC") or "").split(" ")[0]
    return shutil.which(compiler) if compiler else None


@pytest.fixture(autouse=True)
def _a_plain_build(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("CC", "CFLAGS", "LDFLAGS", "LDSHARED", "CPPFLAGS", "HANJIE_PURE_BUILD"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.delenv(hatch_build.REQUIRE, raising=False)
    monkeypatch.delenv("CIBUILDWHEEL", raising=False)


def test_no_compiler_means_no_module_and_a_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("CC", str(tmp_path / "no-such-cc"))
    assert hatch_build.compile_kernel(tmp_path / "out") is None
    err = capsys.readouterr().err
    assert "hanjie: the solver's C kernel was not built" in err and "pure Python" in err
    assert not list((tmp_path / "out").glob("_kernel*"))


def test_a_failing_compile_means_no_module_and_a_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("CC", "false")  # a compiler that always fails
    assert hatch_build.compile_kernel(tmp_path) is None
    assert "compiling failed" in capsys.readouterr().err


@pytest.mark.parametrize("switch", [hatch_build.REQUIRE, "CIBUILDWHEEL"])
def test_a_wheel_builder_can_make_a_failed_compile_fatal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, switch: str
) -> None:
    monkeypatch.setenv("CC", "false")
    monkeypatch.setenv(switch, "1")
    with pytest.raises(hatch_build.KernelBuildError, match="not built"):
        hatch_build.compile_kernel(tmp_path)


def test_hanjie_pure_build_skips_the_compile(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HANJIE_PURE_BUILD", "1")
    assert hatch_build.compile_kernel(tmp_path) is None


def test_the_kernel_sources_are_found_by_folder() -> None:
    # A header the solver adds or renames needs no change in the build.
    on_disk = sorted((REPO_ROOT / "game/core/solver").glob("*.h"))
    assert [REPO_ROOT / name for name in hatch_build.headers()] == on_disk
    assert "game/core/solver/_kernel_long.h" in hatch_build.headers()


def _a_logging_compiler(tmp_path: Path, real: str) -> tuple[Path, Path]:
    log = tmp_path / "calls.txt"
    wrapper = tmp_path / "cc"
    wrapper.write_text(f'#!/bin/sh\necho "$@" >> "{log}"\nexec "{real}" "$@"\n')
    wrapper.chmod(0o755)
    return wrapper, log


@pytest.mark.skipif(sys.platform == "win32", reason="a shell-script compiler")
def test_cc_cflags_and_ldflags_reach_the_compile_and_link_lines(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = _compiler()
    if real is None:
        pytest.skip("no C compiler here")
    wrapper, log = _a_logging_compiler(tmp_path, real)
    monkeypatch.setenv("CC", str(wrapper))
    monkeypatch.setenv("CFLAGS", "-fstack-protector-strong")
    monkeypatch.setenv("CPPFLAGS", "-D_FORTIFY_SOURCE=2")
    monkeypatch.setenv("LDFLAGS", "-Wl,-z,relro")
    built = hatch_build.compile_kernel(tmp_path / "out")
    assert built is not None
    compile_line, link_line = log.read_text().splitlines()
    assert "-c game/core/solver/_kernel.c" in compile_line
    assert "-fstack-protector-strong" in compile_line and "-D_FORTIFY_SOURCE=2" in compile_line
    assert "-Wl,-z,relro" in link_line and "-shared" in link_line


def test_the_compiled_module_is_the_one_the_engine_expects(tmp_path: Path) -> None:
    if _compiler() is None:
        pytest.skip("no C compiler here")
    built = hatch_build.compile_kernel(tmp_path)
    assert built is not None and built.name == hatch_build.module_name()
    spec = importlib.util.spec_from_file_location("_kernel", built)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert kernel.source_version() == module.VERSION
    assert module.forced_packed((2,), bytes(3)) == bytes((1, 1))


PIP_WHEEL = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q"]


def _wheel(tmp_path: Path, env: dict[str, str]) -> zipfile.ZipFile:
    done = subprocess.run(
        [*PIP_WHEEL, "-w", str(tmp_path), str(REPO_ROOT)],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    (wheel,) = tmp_path.glob("hanjie-*.whl")
    return zipfile.ZipFile(wheel)


def test_a_wheel_without_a_compiler_is_pure_and_carries_the_note(tmp_path: Path) -> None:
    pytest.importorskip("hatchling")
    with _wheel(tmp_path, {"CC": str(tmp_path / "no-such-cc")}) as wheel:
        names = wheel.namelist()
        assert wheel.filename.endswith("-py3-none-any.whl")
        note = wheel.read("game/_kernel_note.txt").decode()
    assert "not built" in note and "no-such-cc" in note
    assert not [name for name in names if name.endswith((".c", ".h", ".so", ".pyd"))]


def test_a_compiled_wheel_carries_the_module_and_no_c(tmp_path: Path) -> None:
    pytest.importorskip("hatchling")
    if _compiler() is None:
        pytest.skip("no C compiler here")
    with _wheel(tmp_path, {}) as wheel:
        names = wheel.namelist()
    assert f"game/core/solver/{hatch_build.module_name()}" in names
    assert not [name for name in names if name.endswith((".c", ".h"))]
    assert "game/_kernel_note.txt" not in names


def test_the_note_is_said_when_the_engine_runs_pure_unasked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    note = tmp_path / "_kernel_note.txt"
    note.write_text("the solver's C kernel was not built (no compiler)\n")
    monkeypatch.setattr(common, "KERNEL_NOTE", note)
    monkeypatch.setattr(kernel, "_MODULE", None)
    monkeypatch.delenv("HANJIE_PURE", raising=False)
    said = common.kernel_note()
    assert said is not None and said.startswith("the solver's C kernel was not built")
    monkeypatch.setenv("HANJIE_PURE", "1")  # asked for: nothing to explain
    assert common.kernel_note() is None


def test_the_interpreters_run_path_is_left_out_and_the_builders_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    linker = ["gcc", "-shared", "-L/py/lib", "-Wl,-rpath,/py/lib", "-Wl,-z,relro"]
    assert hatch_build._without_interpreter_rpath(linker) == [
        "gcc",
        "-shared",
        "-L/py/lib",
        "-Wl,-z,relro",
    ]
    monkeypatch.setenv("LDFLAGS", "-Wl,-rpath,/opt/mine")
    assert "-Wl,-rpath,/opt/mine" in hatch_build._without_interpreter_rpath(
        [*linker, "-Wl,-rpath,/opt/mine"]
    )
