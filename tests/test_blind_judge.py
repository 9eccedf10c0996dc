"""benchmarks/blind_judge.py picks the photos a change touched (issue 47's blind scoring draws
sheets of those alone), and benchmarks/levers_not_kept.py, the fourth pass's record of the
levers not kept, still dumps grids that differ from the game's own where it says it does."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
from PIL import Image

from tests.conftest import REPO_ROOT

BENCHMARKS = REPO_ROOT / "benchmarks"


def _run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *map(str, args)], capture_output=True, text=True,
                          timeout=300, cwd=REPO_ROOT)  # fmt: skip


def _grids(tmp_path: Path, name: str, changed: dict[str, int]) -> Path:
    arrays = {}
    for photo in ("a.png", "b.png", "c.png"):
        for mode in ("bw", "colour"):
            for size in ("20x20", "30x30", "40x30"):
                grid = np.zeros((3, 3, 3), dtype=np.uint8)
                if changed.get(photo) is not None and f"{mode} {size}" == "colour 30x30":
                    grid[1, 1] = changed[photo]
                if changed.get(photo) is not None and mode == "bw" and photo == "c.png":
                    grid[0, 0] = 255  # c changes in black and white only
                arrays[f"{photo}|{mode} {size}"] = grid
    path = tmp_path / name
    np.savez(path, **arrays)  # type: ignore[arg-type]
    return path


def test_changed_lists_the_photos_whose_grids_differ(tmp_path: Path) -> None:
    before = _grids(tmp_path, "before.npz", {})
    after = _grids(tmp_path, "after.npz", {"b.png": 200, "c.png": 0})
    listing = tmp_path / "list.tsv"
    listing.write_text("# photos\na.png\tanimal\nb.png\tobject\tmore\nc.png\tscene\n")
    out = tmp_path / "changed.tsv"
    done = _run(BENCHMARKS / "blind_judge.py", "changed", before, after, "--list", listing,
                "--out", out, "--colour-only")  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert out.read_text() == "b.png\tobject\tmore\n"  # c changed only in black and white
    done = _run(BENCHMARKS / "blind_judge.py", "changed", before, after, "--list", listing,
                "--out", out)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert out.read_text() == "b.png\tobject\tmore\nc.png\tscene\n"


def _scene(path: Path, *, woven: bool) -> None:
    """A photo-like picture: sky over a lawn of two greens (Delta E 20 apart) strewn through
    each other (``woven``) or in sun and shade halves, a grey block on it."""
    rng = np.random.default_rng(7)
    height, width = 120, 160
    picture = np.zeros((height, width, 3), dtype=np.float64)
    picture[:50] = (120, 170, 230)
    if woven:
        lawn = rng.random((height - 50, width)) < 0.5
    else:
        lawn = np.zeros((height - 50, width), dtype=bool)
        lawn[:, : width // 2] = True
    picture[50:][lawn] = (130, 175, 80)
    picture[50:][~lawn] = (80, 125, 45)
    picture[35:90, 60:100] = (150, 150, 150)
    picture += rng.normal(0, 6, picture.shape)
    Image.fromarray(np.clip(picture, 0, 255).astype(np.uint8)).save(path)


def test_the_levers_not_kept_still_dump(tmp_path: Path) -> None:
    folder = tmp_path / "photos"
    folder.mkdir()
    _scene(folder / "lawn.png", woven=True)
    _scene(folder / "halves.png", woven=False)
    listing = tmp_path / "list.tsv"
    listing.write_text("lawn.png\tscene\nhalves.png\tscene\n")
    own, texture = tmp_path / "own.npz", tmp_path / "texture.npz"
    done = _run(BENCHMARKS / "blind_judge.py", "dump", folder, "--list", listing, "--out", own)
    assert done.returncode == 0, done.stderr
    done = _run(BENCHMARKS / "levers_not_kept.py", "texture", folder, "--list", listing,
                "--out", texture)  # fmt: skip
    assert done.returncode == 0, done.stderr
    game, merged = np.load(own), np.load(texture)

    def colours(grid: np.ndarray) -> int:
        return len(np.unique(grid.reshape(-1, 3), axis=0))

    # The lawn's two strewn greens are one colour with the lever (the game keeps both) ...
    assert colours(game["lawn.png|colour 30x30"]) == 4
    assert colours(merged["lawn.png|colour 30x30"]) == 3
    # ... and sun and shade meeting along a line stay two.
    assert (merged["halves.png|colour 30x30"] == game["halves.png|colour 30x30"]).all()
    assert colours(game["halves.png|colour 30x30"]) == 4
    flat = tmp_path / "flat.npz"
    done = _run(BENCHMARKS / "levers_not_kept.py", "flatten-palette", folder, "--list", listing,
                "--out", flat)  # fmt: skip
    assert done.returncode == 0, done.stderr
    smoothed = np.load(flat)  # its colours: docs/photos.md; black and white is the game's
    framed = tmp_path / "framed.npz"
    done = _run(BENCHMARKS / "levers_not_kept.py", "frame-pad", folder, "--list", listing,
                "--out", framed)  # fmt: skip
    assert done.returncode == 0, done.stderr
    padded = np.load(framed)
    for name in ("lawn.png", "halves.png"):
        assert (merged[f"{name}|bw 30x30"] == game[f"{name}|bw 30x30"]).all()
        assert (smoothed[f"{name}|bw 30x30"] == game[f"{name}|bw 30x30"]).all()
        # The grey block's frame fits the photo at every size: the frame lever leaves it.
        for key in (f"{name}|bw 30x30", f"{name}|colour 40x30", f"{name}|view 20x20"):
            assert (padded[key] == game[key]).all()
