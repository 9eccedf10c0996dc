"""Fetch the judge photos of docs/photos.md out of Debian's packages, into a folder.

    apt-get download gcompris-qt-data mate-backgrounds
    mkdir pkgs && for deb in *.deb; do dpkg-deb -x "$deb" pkgs; done
    python3 benchmarks/judge_photos.py benchmarks/judge_sets/judge.tsv pkgs PHOTOS

Each line of a list (``benchmarks/judge_sets/*.tsv``) names a photo, its class, its package,
where it is in the package and its licence as the package's copyright file gives it. GCompris
keeps its photos inside Qt resource files (``ACTIVITY.rcc``): the file is read (its tree of
names and its data blocks, see :func:`rcc_files`) and the photo written as PNG under the
listed name. The photos are not in the repository.
"""

from __future__ import annotations

import argparse
import io
import shutil
import struct
import zlib
from pathlib import Path

from PIL import Image

RCC_FOLDER = "usr/share/gcompris-qt/rcc"


def rcc_files(path: Path) -> dict[str, bytes]:
    """Every file of a Qt resource file, by its path inside it (a leading ``/`` and the
    prefix dropped to the part after ``/resource/``), its bytes uncompressed."""
    data = path.read_bytes()
    if data[:4] != b"qres":
        raise ValueError(f"{path}: not a Qt resource file")
    version, tree, blocks, names = struct.unpack(">IIII", data[4:20])
    entry = 14 if version == 1 else 22

    def name_at(offset: int) -> str:
        (length,) = struct.unpack(">H", data[names + offset : names + offset + 2])
        start = names + offset + 6
        return data[start : start + 2 * length].decode("utf-16-be")

    found: dict[str, bytes] = {}
    pending = [(0, "")]
    while pending:
        index, prefix = pending.pop()
        base = tree + index * entry
        name_offset, flags = struct.unpack(">IH", data[base : base + 6])
        name = name_at(name_offset) if index else ""
        if flags & 2:  # a folder: its children follow
            count, first = struct.unpack(">II", data[base + 6 : base + 14])
            pending.extend((first + child, f"{prefix}{name}/") for child in range(count))
            continue
        (offset,) = struct.unpack(">I", data[base + 10 : base + 14])
        (size,) = struct.unpack(">I", data[blocks + offset : blocks + offset + 4])
        blob = data[blocks + offset + 4 : blocks + offset + 4 + size]
        if flags & 1:  # zlib, after the uncompressed size
            blob = zlib.decompress(blob[4:])
        found[f"{prefix}{name}".split("/resource/", 1)[-1]] = blob
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("listing", type=Path)
    parser.add_argument("packages", type=Path, help="the packages' files, unpacked")
    parser.add_argument("out", type=Path)
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    opened: dict[str, dict[str, bytes]] = {}
    for line in args.listing.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        name, _kind, package, where, *_licence = line.split("\t")
        target = args.out / name
        if package == "gcompris-qt-data":
            archive, inside = where.split(":", 1)
            if archive not in opened:
                opened[archive] = rcc_files(args.packages / RCC_FOLDER / archive)
            image = Image.open(io.BytesIO(opened[archive][inside]))
            image.convert("RGB").save(target)
        else:
            shutil.copyfile(args.packages / where, target)
        print(target)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
