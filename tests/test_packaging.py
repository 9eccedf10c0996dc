"""The README's set-up commands and CI agree (issue 36): .ci/run runs the README's test
command as written, in a virtual environment that git leaves out."""

from __future__ import annotations

import re

from tests.conftest import REPO_ROOT


def readme_commands() -> list[str]:
    text = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
    setup = text.split("## Set-up", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```\n(.+?)\n```", setup)


def test_the_readme_commands_make_a_virtual_environment_first() -> None:
    play, tests = readme_commands()
    for command in (play, tests):
        assert command.startswith("python3 -m venv .venv && .venv/bin/python -m pip install")
    assert play.endswith("&& .venv/bin/hanjie")


def test_ci_runs_the_readme_test_command_as_written() -> None:
    _play, tests = readme_commands()
    ci = (REPO_ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert tests in ci


def test_the_virtual_environment_is_not_committed() -> None:
    ignored = (REPO_ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()
    assert ".venv/" in ignored


def test_ci_installs_the_true_floors_and_runs_a_quick_part_on_them() -> None:
    """Issue 49: the declared floors lied (pygame-ce 2.5.0, platformdirs 3.0, Pillow 10.0)."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, str(REPO_ROOT / ".ci" / "floors.py")],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    pins = dict(line.split("==") for line in done.stdout.split())
    assert pins["pygame-ce"] == "2.5.1" and pins["platformdirs"] == "3.3"
    assert pins["pillow"] == "10.3" and "ruff" not in pins
    ci = (REPO_ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert ".ci/floors.py > .venv-floors/floors.txt" in ci
    quick = (REPO_ROOT / ".ci" / "floor-tests").read_text(encoding="utf-8").split()
    assert quick and all((REPO_ROOT / name).is_file() for name in quick)
