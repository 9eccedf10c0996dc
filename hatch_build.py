"""Build the engine's compiled kernel (game/core/solver/_kernel.c) when a C compiler is there.

A hatchling build hook that hands the compile to setuptools' ``build_ext``, the build tool
CPython's own extensions grew up with: it finds MSVC on Windows and the interpreter's compiler
elsewhere, and honours ``CC``, ``CFLAGS``, ``CPPFLAGS``, ``LDFLAGS`` and ``LDSHARED`` as
distributions pass them (hardening flags, cross compilers). The kernel is one translation
unit, ``_kernel.c``; the headers it includes are every ``*.h`` beside it (found by folder, so a
new or renamed header needs no change here).

Like setuptools' ``Extension(optional=True)`` (as MarkupSafe builds its speedups), a compile
that fails or finds no compiler leaves the install going on pure Python (the kernel is an
accelerator with a pure twin): the build says so on stderr, and writes the reason to
``game/_kernel_note.txt``, which ``hanjie`` prints at start and in ``--version`` (pip shows a
successful build's output only with ``-v``). Wheel builders make a failed compile fatal with
``HANJIE_REQUIRE_KERNEL_BUILD=1`` (cibuildwheel's ``CIBUILDWHEEL=1`` does the same).
``HANJIE_PURE_BUILD=1`` skips the compile. A wheel carries the built module, never the C
sources. Run as a script (``python3 hatch_build.py``) it builds the kernel in place.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
SOLVER = Path("game") / "core" / "solver"
SOURCE = SOLVER / "_kernel.c"
EXTENSION = "game.core.solver._kernel"
# Written when the install ran without the kernel; read by game/commands/common.py.
NOTE = Path("game") / "_kernel_note.txt"
REQUIRE = "HANJIE_REQUIRE_KERNEL_BUILD"


class KernelBuildError(RuntimeError):
    """The kernel could not be built where the builder said it must be."""


def _on(name: str) -> bool:
    return os.environ.get(name, "") not in ("", "0")


def required() -> bool:
    """Whether a failed compile fails the build (wheel builders), not the kernel alone."""
    return _on(REQUIRE) or _on("CIBUILDWHEEL")


# Why the last compile_kernel() built nothing (for the note), or "" after a build.
last_reason = ""


def _fall_back(reason: str) -> None:
    global last_reason
    last_reason = reason
    message = f"the solver's C kernel was not built ({reason})"
    if required():
        raise KernelBuildError(f"hanjie: {message}, and {REQUIRE} or CIBUILDWHEEL is set")
    print(f"hanjie: {message}; the engine will run on pure Python", file=sys.stderr)


def module_name() -> str:
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    return "_kernel" + str(suffix)


def headers() -> list[str]:
    """The headers the kernel's one source includes: every header beside it."""
    return sorted(str(path.relative_to(ROOT)) for path in (ROOT / SOLVER).glob("*.h"))


def _extension() -> Any:
    from setuptools import Extension

    return Extension(
        EXTENSION,
        sources=[str(SOURCE)],
        depends=headers(),
        include_dirs=[str(SOLVER)],
    )


def _without_interpreter_rpath(linker: list[str]) -> list[str]:
    """The link command less the run-time search paths the interpreter was linked with (a
    pyenv or conda Python's LDSHARED carries its own lib folder): the kernel links to libc
    alone, and a wheel must not point at the build machine's folders. Paths the builder
    passes itself (LDSHARED, LDFLAGS) stay."""
    if os.environ.get("LDSHARED"):
        return linker
    asked = os.environ.get("LDFLAGS", "").split()
    return [
        word
        for word in linker
        if word in asked or not word.startswith(("-Wl,-rpath", "-Wl,-R", "-Wl,--enable-new-dtags"))
    ]


def _build_ext_command(out_dir: Path, scratch: Path) -> Any:
    from setuptools import Distribution
    from setuptools.command.build_ext import build_ext

    class KernelBuildExt(build_ext):  # type: ignore[misc]
        def build_extension(self, ext: Any) -> None:
            # Each compile and link command on stderr (pip -v shows it): the flags that
            # reached the compiler can be read off the build's log.
            spawn = self.compiler.spawn

            def spawn_and_say(command: list[str], **options: Any) -> Any:
                print(" ".join(command), file=sys.stderr)
                return spawn(command, **options)

            self.compiler.spawn = spawn_and_say
            if self.compiler.compiler_type == "msvc":
                # The kernel's own _kernel_common.h maps its bit builtins to MSVC's intrinsics.
                ext.extra_compile_args = ["/std:c11"]
            else:
                ext.extra_compile_args = ["-std=c99"]
                self.compiler.linker_so = _without_interpreter_rpath(self.compiler.linker_so)
            super().build_extension(ext)

    dist = Distribution({"name": "hanjie-kernel", "ext_modules": [_extension()]})
    dist.script_name = "hatch_build.py"
    dist.cmdclass["build_ext"] = KernelBuildExt
    command = dist.get_command_obj("build_ext")
    command.build_lib = str(out_dir)
    command.build_temp = str(scratch)
    command.force = True
    command.ensure_finalized()
    return command


def compile_kernel(out_dir: Path) -> Path | None:
    """Compile the kernel into ``out_dir``; its path, or None (with a line on stderr) when it
    cannot be built here. Raises KernelBuildError instead when the build requires it."""
    global last_reason
    last_reason = ""
    if _on("HANJIE_PURE_BUILD"):
        if required():
            raise KernelBuildError(f"hanjie: HANJIE_PURE_BUILD and {REQUIRE} disagree")
        return None
    try:
        import setuptools  # noqa: F401
    except ImportError:
        _fall_back("setuptools, which compiles it, is not installed")
        return None
    previous = Path.cwd()
    with tempfile.TemporaryDirectory(prefix="hanjie-kernel-") as scratch:
        try:
            os.chdir(ROOT)  # setuptools takes the sources relative to the project
            command = _build_ext_command(out_dir, Path(scratch))
            command.run()
        except KernelBuildError:
            raise
        except (Exception, SystemExit) as error:  # setuptools' CompileError, LinkError, ...
            detail = str(error).strip().splitlines()
            _fall_back(f"compiling failed: {detail[-1] if detail else type(error).__name__}")
            return None
        finally:
            os.chdir(previous)
    built = out_dir / SOLVER / module_name()
    if not built.is_file():
        _fall_back("the compiler made no module")
        return None
    target = out_dir / module_name()
    os.replace(built, target)
    shutil.rmtree(out_dir / "game", ignore_errors=True)
    return target


def _write_note(path: Path, built: bool) -> None:
    """The note ``hanjie`` prints when the install ran without the kernel; none when built."""
    if built:
        path.unlink(missing_ok=True)
        return
    if _on("HANJIE_PURE_BUILD"):
        reason = "HANJIE_PURE_BUILD was set at install"
    else:
        reason = last_reason or "the install found no working C compiler"
    path.write_text(f"the solver's C kernel was not built ({reason})\n", encoding="utf-8")


def build_in_place() -> Path | None:
    """Compile the kernel beside its source (an editable install, or a source tree)."""
    with tempfile.TemporaryDirectory() as scratch:
        built = compile_kernel(Path(scratch))
        target = ROOT / SOLVER / module_name()
        if built is not None:
            # Replace, not overwrite: a running interpreter may have the old file mapped.
            staged = target.with_name(target.name + ".new")
            try:
                shutil.copyfile(built, staged)
                os.replace(staged, target)
            except OSError as error:  # a read-only tree: install anyway
                _fall_back(f"it could not be put beside its source: {error}")
                built = None
        # A read-only tree keeps no note: hanjie --version still says which engine runs.
        with contextlib.suppress(OSError):
            _write_note(ROOT / NOTE, built is not None)
        return target if built is not None else None


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
        note = Path(self._scratch) / NOTE.name
        _write_note(note, built is not None)
        if built is None:
            build_data["force_include"][str(note)] = str(NOTE)
            return
        build_data["force_include"][str(built)] = str(SOLVER / built.name)
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
