"""Where the shipped assets and levels live, found from this file and never from the cwd.

In a source checkout or an editable install they are the top-level ``assets/`` and ``levels/``
folders beside the ``game`` package. A built wheel carries them inside the package as
``game/_data/assets`` and ``game/_data/levels`` (see ``pyproject.toml``).
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent


def _find(name: str) -> Path:
    bundled = _PACKAGE_DIR / "_data" / name
    if bundled.is_dir():
        return bundled
    return _PACKAGE_DIR.parent / name


def assets_dir() -> Path:
    """The folder of fonts, icons and other files shipped with the game."""
    return _find("assets")


def levels_dir() -> Path:
    """The folder of bundled level packs, one sub-folder per pack."""
    return _find("levels")


def asset(*parts: str) -> Path:
    """The path of one shipped asset, e.g. ``asset("fonts", "DejaVuSans.ttf")``."""
    return assets_dir().joinpath(*parts)
