"""Build the engine's compiled kernel (game/core/solver/_kernel.c) when a C compiler is there.

A hatchling build hook, so the README's commands (``pip install -e .``, a wheel from the
sdist) build it with no new build dependency: the compiler and the Python headers the
interpreter was built with (``sysconfig``), one command. Where either is missing, or the
compile fails, the build goes on without it and the game runs on pure Python (the kernel is
an accelerator with a pure twin, never a requirement): a warning says so.

``HANJIE_PURE_BUILD=1`` skips the compile. Run as a script (``python3 hatch_build.py``) it
builds the kernel in place, for a source tree used without installing it.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
SOURCE = Path("game") / "core" / "solver" / "_kernel.c"
COMPILE_SECONDS = 300


def _warn(message: str) -> None:
    print(f"hanjie: {message}; the engine will run on pure Python", file=sys.stderr)


def module_name() -> str:
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    return "_kernel" + str(suffix)


def compile_kernel(out_dir: Path) -> Path | None:
    """Compile the kernel into ``out_dir``; its path, or None (with a warning) when it
    cannot be built here."""
    if os.environ.get("HANJIE_PURE_BUILD", "") not in ("", "0"):
        return None
    linker = os.environ.get("LDSHARED") or sysconfig.get_config_var("LDSHARED")
    include = sysconfig.get_paths().get("include")
    if not linker or not include or not Path(include, "Python.h").is_file():
        _warn("no C compiler or Python headers found for the compiled kernel")
        return None
    command = shlex.split(str(linker))
    if os.environ.get("CC"):
        # LDSHARED starts with the compiler the interpreter was built with; CC overrides it.
        command[0:1] = shlex.split(os.environ["CC"])
    if shutil.which(command[0]) is None:
        _warn(f"the C compiler {command[0]!r} was not found for the compiled kernel")
        return None
    target = out_dir / module_name()
    command += [
        "-O2",
        "-fPIC",
        "-std=c99",
        f"-I{include}",
        str(ROOT / SOURCE),
        "-o",
        str(target),
    ]
    try:
        done = subprocess.run(
            command, capture_output=True, text=True, timeout=COMPILE_SECONDS, check=False
        )
    except (OSError, subprocess.SubprocessError) as error:
        _warn(f"compiling the kernel failed ({error})")
        return None
    if done.returncode != 0 or not target.is_file():
        detail = (done.stderr or done.stdout).strip().splitlines()
        _warn(f"compiling the kernel failed ({detail[-1] if detail else done.returncode})")
        return None
    return target


def build_in_place() -> Path | None:
    """Compile the kernel beside its source (an editable install, or a source tree)."""
    with tempfile.TemporaryDirectory() as scratch:
        built = compile_kernel(Path(scratch))
        if built is None:
            return None
        target = ROOT / SOURCE.parent / built.name
        # Replace, not overwrite: a running interpreter may have the old file mapped.
        staged = target.with_name(target.name + ".new")
        try:
            shutil.copyfile(built, staged)
            os.replace(staged, target)
        except OSError as error:  # a read-only tree: install anyway
            _warn(f"the kernel could not be put beside its source ({error})")
            return None
        return target


try:
    from hatchling.builders.hooks.plugin.interface import BuildHookInterface
except ImportError:  # pragma: no cover - run as a script without hatchling
    BuildHookInterface = object  # type: ignore[assignment,misc]


class KernelBuildHook(BuildHookInterface):  # type: ignore[misc,valid-type]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return  # the sdist carries the C source; its wheel compiles it
        if version == "editable":
            # The editable install imports game/ from this tree: build the kernel there.
            build_in_place()
            return
        self._scratch = tempfile.mkdtemp(prefix="hanjie-kernel-")
        built = compile_kernel(Path(self._scratch))
        if built is None:
            return
        build_data["force_include"][str(built)] = str(SOURCE.parent / built.name)
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        scratch = getattr(self, "_scratch", None)
        if scratch:
            shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    built = build_in_place()
    print(built if built is not None else "not built")
    sys.exit(0 if built is not None else 1)
