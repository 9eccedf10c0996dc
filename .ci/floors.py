"""Print pip constraints that pin every dependency to the floor pyproject.toml declares.

``.ci/run`` installs them in a second environment and runs a quick part of the suite there,
so a floor that lies (pygame-ce 2.5.0 could not start the game; platformdirs 3.0 had no
``user_pictures_dir``; Pillow 10.0 opened 16-bit PNGs at twice the memory) fails CI instead
of a player's install. The runtime dependencies and the test extras' are both pinned low:
the quick part runs on the oldest of everything the project says it takes.
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parent.parent
# The pinned quality tools are pinned already; the build tools never run here.
SKIP = {"ruff", "mypy", "hatchling", "setuptools"}


def floors() -> list[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    declared = [*project["dependencies"], *project["optional-dependencies"]["test"]]
    pins = []
    for text in declared:
        requirement = Requirement(text)
        if requirement.name in SKIP:
            continue
        if requirement.marker is not None and not requirement.marker.evaluate():
            continue  # a floor for another Python
        lows = [spec.version for spec in requirement.specifier if spec.operator == ">="]
        if not lows:
            sys.exit(f"{requirement.name} declares no floor (>=): add one to pyproject.toml")
        pins.append(f"{requirement.name}=={lows[0]}")
    return pins


if __name__ == "__main__":
    print("\n".join(floors()))
