"""The converter decodes only PNG, JPEG, GIF, BMP and WebP, and never starts a program.

Pillow's EPS decoder runs Ghostscript (``gs -dSAFER ...``) on the file; its TIFF, ICO and
other decoders bring parsers a puzzle does not need. An audit hook sees every way Python
starts a process, so these tests prove no conversion starts one, whatever the file says.
"""

from __future__ import annotations

import contextlib
import io
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image

from game.cli import main
from game.core.convert.load import ConvertError, load_image

_PROCESS_EVENTS = ("subprocess.Popen", "os.system", "os.posix_spawn", "os.spawn", "os.fork")
_started: list[str] = []
_listening = [False]


def _audit(event: str, args: tuple[object, ...]) -> None:
    if _listening[0] and (event.startswith(_PROCESS_EVENTS) or event.startswith("os.exec")):
        _started.append(f"{event} {args!r}"[:200])


# An audit hook cannot be removed: it is installed once and listens only inside the fixture.
sys.addaudithook(_audit)


@pytest.fixture
def processes() -> Iterator[list[str]]:
    """The processes started (audit events) while the test body runs."""
    _started.clear()
    _listening[0] = True
    try:
        yield _started
    finally:
        _listening[0] = False


def _picture() -> Image.Image:
    image = Image.new("RGB", (40, 30), "white")
    image.paste((0, 0, 0), (10, 5, 30, 25))
    return image


def _encoded(fmt: str) -> bytes:
    buffer = io.BytesIO()
    _picture().save(buffer, fmt)
    return buffer.getvalue()


def test_the_hook_sees_pillow_start_ghostscript(processes: list[str]) -> None:
    # The control: without the allow-list, Pillow hands an EPS file to Ghostscript.
    # Whether gs is installed (it renders) or missing (OSError), the attempt is what counts.
    with contextlib.suppress(OSError):
        Image.open(io.BytesIO(_encoded("EPS"))).load()
    assert any("gs" in event for event in processes), processes


@pytest.mark.parametrize("fmt", ["PNG", "JPEG", "GIF", "BMP", "WEBP"])
def test_allowed_formats_convert_without_starting_anything(
    fmt: str, tmp_path: Path, processes: list[str]
) -> None:
    path = tmp_path / f"picture.{fmt.lower()}"
    path.write_bytes(_encoded(fmt))
    source = load_image(path)
    assert (source.format, source.original_size) == (fmt, (40, 30))
    assert processes == []


@pytest.mark.parametrize(
    ("fmt", "name", "said"),
    [
        ("EPS", "eps.png", "an EPS file"),
        ("EPS", "picture.eps", "an EPS file"),
        ("TIFF", "picture.tiff", "a TIFF file"),
        ("ICO", "icon.png", "an ICO file"),
        ("PDF", "page.png", "a PDF file"),
    ],
)
def test_other_formats_are_refused_by_name(
    fmt: str, name: str, said: str, tmp_path: Path, processes: list[str]
) -> None:
    path = tmp_path / name
    path.write_bytes(_encoded(fmt))
    with pytest.raises(ConvertError) as refused:
        load_image(path)
    assert str(refused.value) == f"this is {said}; Hanjie reads PNG, JPEG, GIF, BMP and WebP"
    assert processes == []


def test_convert_command_on_an_eps_named_png_starts_nothing(
    tmp_path: Path, processes: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "eps.png"
    path.write_bytes(_encoded("EPS"))
    assert main(["convert", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        f"hanjie: {path}: this is an EPS file; Hanjie reads PNG, JPEG, GIF, BMP and WebP\n"
    )
    assert processes == []


def test_sizes_are_checked_on_the_real_size(tmp_path: Path) -> None:
    # 5000x5 used to be refused as "only 640x1 pixels", measured after shrinking.
    strip = tmp_path / "strip.png"
    Image.new("RGB", (5000, 5), "black").save(strip)
    with pytest.raises(ConvertError) as refused:
        load_image(strip)
    message = str(refused.value)
    assert "5000x5 pixels" in message and "640x1" not in message
    assert "1000 times as wide" in message
    # A long banner that keeps its short side when shrunk converts.
    banner = tmp_path / "banner.png"
    Image.new("RGB", (2000, 40), "black").save(banner)
    source = load_image(banner)
    assert source.original_size == (2000, 40) and min(source.rgb.shape[:2]) >= 5
