"""The kernel's boundary (issue 44): every constant the compiled kernel shares with the
pure-Python engine is named once in ``_kernel_abi.h`` with the Python constant it equals, and
the built module says so in ``TWINS``; the version is written there only."""

from __future__ import annotations

import importlib
import os
import re
import subprocess
import sys
import sysconfig
from pathlib import Path
from types import ModuleType

import pytest

from game.core.solver import kernel

SOLVER = Path(kernel.__file__).parent


def test_every_shared_constant_equals_its_python_twin(compiled: ModuleType) -> None:
    twins = compiled.TWINS
    assert len(twins) >= 30
    wrong = {}
    for key, value in twins.items():
        module_name, name = key.rsplit(".", 1)
        python = getattr(importlib.import_module(f"game.core.{module_name}"), name)
        if python != value or type(python) is not type(value):
            wrong[key] = (value, python)
    assert not wrong, f"kernel value != Python value: {wrong}"


def test_no_header_copies_a_python_constant_by_comment() -> None:
    # The old way: "#define HEARTBEAT_LINES 48 /* engine_state.HEARTBEAT_LINES */", true
    # until someone changed one side. Every such value lives in _kernel_abi.h's tables now.
    copied = re.compile(r"#define \w+ .*/\* *(?:solver\.)?\w+\.\w+ *\*/")
    offenders = [
        f"{path.name}: {line.strip()}"
        for path in sorted(SOLVER.glob("_kernel*.[ch]"))
        for line in path.read_text().splitlines()
        if copied.search(line)
    ]
    assert not offenders


def test_no_name_of_the_engine_crosses_into_the_kernel() -> None:
    # The kernel once fetched 19 of the engine's attributes by name and wrote back the line
    # solver's counters by name: a rename failed only when the differential tests ran. Now
    # the engine hands over its objects by position (KernelState) and nothing is looked up.
    by_name = re.compile(r"PyObject_(?:GetAttr|SetAttr|GetAttrString|SetAttrString)\b")
    offenders = [
        f"{path.name}: {line.strip()}"
        for path in sorted(SOLVER.glob("_kernel*.[ch]"))
        for line in path.read_text().splitlines()
        if by_name.search(line)
    ]
    assert not offenders


def test_the_version_is_written_once_and_the_module_reports_it(compiled: ModuleType) -> None:
    version = kernel.source_version()
    assert isinstance(version, int) and version > 0
    assert version == compiled.VERSION
    mentions = [
        path.name
        for path in sorted(SOLVER.glob("_kernel*.[ch]"))
        if "#define KERNEL_VERSION" in path.read_text()
    ]
    assert mentions == ["_kernel_abi.h"]


def test_without_the_sources_the_built_module_is_trusted(
    compiled: ModuleType, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # A wheel carries the module built with its own Python files and no C sources.
    monkeypatch.setattr(kernel, "ABI_HEADER", tmp_path / "missing.h")
    assert kernel.source_version() is None
    assert kernel.compiled_module() is not None


@pytest.mark.parametrize("header", sorted(p.name for p in SOLVER.glob("_kernel*.h")))
def test_each_header_compiles_on_its_own(header: str, tmp_path: Path) -> None:
    # Each header includes what it uses and is guarded, so any order of inclusion works.
    compiler = str(sysconfig.get_config_var("CC") or "").split(" ")[0]
    include = sysconfig.get_paths().get("include")
    if not compiler or not include or not Path(include, "Python.h").is_file():
        pytest.skip("no C compiler or Python headers here")
    done = subprocess.run(
        [compiler, "-fsyntax-only", "-std=c99", "-Wall", "-Werror", "-Wno-unused-function",
         "-Wno-unused-variable", f"-I{include}", "-x", "c", str(SOLVER / header)],
        capture_output=True, text=True, check=False, cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    twice = tmp_path / "twice.c"
    twice.write_text(f'#include "{SOLVER / header}"\n#include "{SOLVER / header}"\n')
    done = subprocess.run(
        [compiler, "-fsyntax-only", "-std=c99", f"-I{include}", str(twice)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]


def test_the_pure_engine_never_needs_the_module() -> None:
    # The twins' Python values stand alone: importing the engine with the kernel refused.
    env = dict(os.environ, HANJIE_PURE="1")
    done = subprocess.run(
        [sys.executable, "-c", "import game.core.solver.engine; "
         "from game.core.solver import kernel; print(kernel.engine_name())"],
        capture_output=True, text=True, env=env, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "python"
