"""The automatic frame: a photo with a face opens framed on it; other pictures do not."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFilter

from game.cli import main
from game.core.convert import auto as convert_auto
from game.core.convert import frame as convert_frame
from game.core.convert.converter import Converter
from game.core.convert.first_look import defaults_for
from game.core.convert.frame import face_box, holds_a_face, subject_frame
from game.core.convert.load import source_from_image
from game.core.convert.options import ConvertOptions

SKIN = (222, 172, 140)


def portrait(
    size: tuple[int, int] = (800, 600),
    face_at: tuple[int, int] = (540, 190),
    skin: tuple[int, int, int] = SKIN,
    hair: tuple[int, int, int] = (80, 55, 30),
) -> Image.Image:
    """A photo-like portrait off-centre on a busy background: red and white stripes (a flag)
    on the left, grey-blue on the right, an orange suit's shoulders, dark hair, a skin-toned
    face with dark eyes; blur and noise as a lens gives."""
    width, height = size
    image = Image.new("RGB", size, (120, 130, 150))
    draw = ImageDraw.Draw(image)
    for x in range(0, width // 2, 40):
        draw.rectangle((x, 0, x + 19, height), fill=(190, 30, 40))
        draw.rectangle((x + 20, 0, x + 39, height), fill=(235, 235, 235))
    cx, cy = face_at
    draw.polygon([(cx - 190, height), (cx - 150, cy + 140), (cx + 150, cy + 140),
                  (cx + 190, height)], fill=(235, 105, 35))  # fmt: skip
    draw.ellipse((cx - 85, cy - 110, cx + 85, cy + 60), fill=hair)  # hair
    draw.ellipse((cx - 60, cy - 70, cx + 60, cy + 95), fill=skin)  # face
    for ex in (cx - 25, cx + 25):
        draw.ellipse((ex - 8, cy - 10, ex + 8, cy + 4), fill=(40, 30, 30))
    image = image.filter(ImageFilter.GaussianBlur(2))
    noise = np.random.default_rng(7).normal(0, 6, (height, width, 1))
    pixels = np.clip(np.asarray(image, dtype=np.float32) + noise, 0, 255).astype(np.uint8)
    return Image.fromarray(pixels)


def test_the_face_is_found_where_it_is() -> None:
    source = source_from_image(portrait())
    box = face_box(source)
    assert box is not None
    x0, y0, x1, y1 = box
    # The face ellipse spans x 480..600 (0.60..0.75) and y 120..285 (0.20..0.48).
    assert 0.56 <= x0 <= 0.62 and 0.72 <= x1 <= 0.79
    # Brown hair (from 0.13) has skin's chroma: the box may take it in.
    assert 0.12 <= y0 <= 0.24 and 0.44 <= y1 <= 0.52


# Skin tones from very light to very deep (sRGB of photographed skin): the rule reads
# chroma, not brightness, so every one of them is a face.
@pytest.mark.parametrize(
    "skin",
    [(241, 214, 196), (222, 172, 140), (198, 134, 100), (160, 105, 75), (120, 72, 50),
     (89, 47, 42), (60, 35, 30)],
)  # fmt: skip
def test_faces_of_every_skin_tone_are_found(skin: tuple[int, int, int]) -> None:
    box = face_box(source_from_image(portrait(skin=skin, hair=(25, 18, 14))))
    assert box is not None, skin
    x0, y0, x1, y1 = box
    # The face ellipse spans x 0.60..0.75 and y 0.20..0.48.
    assert x0 <= 0.62 and x1 >= 0.72 and y0 <= 0.24 and y1 >= 0.44, (skin, box)


@pytest.mark.parametrize(("width", "height"), [(30, 30), (40, 30), (20, 30)])
def test_the_frame_holds_the_whole_face_in_the_grids_shape(width: int, height: int) -> None:
    source = source_from_image(portrait())
    frame = subject_frame(source, width, height)
    assert frame is not None
    x0, y0, x1, y1 = frame
    # The whole face (x 0.60..0.75, y 0.20..0.475) and most of the hair above it (from
    # 0.133) are inside; the frame is much less than the picture.
    assert x0 <= 0.6 and x1 >= 0.75 and y0 <= 0.15 and y1 >= 0.475
    assert (x1 - x0) * (y1 - y0) < 0.45
    # In the grid's shape (cells are square), so Fill cuts nothing off it.
    assert (x1 - x0) * 800 / ((y1 - y0) * 600) == pytest.approx(width / height, rel=0.02)
    converter = Converter(source)
    options = ConvertOptions(width=width, height=height, fit="fill", frame=frame)
    vx0, vy0, vx1, vy1 = converter.view_box(options)
    assert vx0 == pytest.approx(x0, abs=0.01) and vx1 == pytest.approx(x1, abs=0.01)
    assert vy0 == pytest.approx(y0, abs=0.01) and vy1 == pytest.approx(y1, abs=0.01)


def test_the_framed_grid_gives_the_face_most_of_the_grid() -> None:
    """Unframed, the face (its eyes among the flag's stripes) is a small part of the grid;
    framed, the face spans most of the grid's width."""
    source = source_from_image(portrait())
    frame = subject_frame(source, 30, 30)
    converter = Converter(source)
    framed = ConvertOptions(width=30, height=30, fit="fill", frame=frame)
    vx0, _, vx1, _ = converter.view_box(framed)
    face_share = (600 - 480) / 800 / (vx1 - vx0)
    assert face_share > 0.3  # unframed (Fill, the middle square) it is 120/600 = 0.2


def test_pictures_without_a_face_are_not_framed() -> None:
    # A skin-toned scene everywhere (a wooden table) and a grey photo have no face.
    rng = np.random.default_rng(3)
    wood = np.clip(np.array(SKIN)[None, None] + rng.normal(0, 12, (300, 400, 3)), 0, 255)
    assert subject_frame(source_from_image(Image.fromarray(wood.astype(np.uint8))), 30, 30) is None
    grey = portrait().convert("L").convert("RGB")
    assert subject_frame(source_from_image(grey), 30, 30) is None


def test_a_photo_opens_framed_and_a_drawing_does_not() -> None:
    photo = source_from_image(portrait())
    assert defaults_for(photo, 30, 30)["frame"] == subject_frame(photo, 30, 30)
    drawing = Image.new("RGB", (300, 300), "white")
    ImageDraw.Draw(drawing).ellipse((60, 60, 240, 240), fill=SKIN, outline="black", width=8)
    settings = defaults_for(source_from_image(drawing), 30, 30)
    assert settings["frame"] is None and settings["fit"] == "pad"
    assert Converter(source_from_image(drawing)).auto_frame(30, 30) is None


def test_the_frame_is_the_same_every_time() -> None:
    first = subject_frame(source_from_image(portrait()), 30, 30)
    assert first == subject_frame(source_from_image(portrait()), 30, 30)


def test_convert_command_frames_a_face_unless_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    picture = tmp_path / "portrait.png"
    portrait().save(picture)
    assert main(["convert", str(picture), "--size", "30x30"]) == 0
    framed = capsys.readouterr().out
    assert "framed on its face" in framed
    assert main(["convert", str(picture), "--size", "30x30", "--whole"]) == 0
    whole = capsys.readouterr().out
    assert "framed on its face" not in whole
    assert framed.splitlines()[:30] != whole.splitlines()[:30]


def test_auto_sketches_a_framed_face_and_scores_the_whole_picture() -> None:
    source = source_from_image(portrait())
    converter = Converter(source)
    framed = ConvertOptions(width=30, height=30, fit="fill", clean=True, method="auto",
                            frame=converter.auto_frame(30, 30))  # fmt: skip
    assert converter.portrait(framed)
    choice = converter.choice(framed)
    assert (choice.method, choice.level, choice.reason) == ("sketch", 0.5, "a face")
    assert choice.text == "Auto chose Sketch 50% for a face"
    # The sketch draws the eyes: the grid's dark cells include those at the eyes' places.
    x0, y0, x1, y1 = converter.view_box(framed)
    for eye_x in (515, 565):
        column = int((eye_x / 800 - x0) / (x1 - x0) * 30)
        row = int((187 / 600 - y0) / (y1 - y0) * 30)
        assert choice.grid[row - 1 : row + 2, column - 1 : column + 2].any()
    whole = ConvertOptions(width=30, height=30, fit="fill", clean=True, method="auto")
    assert not converter.portrait(whole)  # the face is a small part of the whole picture
    assert converter.choice(whole).reason == ""


def test_a_thin_skin_toned_line_touching_the_face_does_not_hide_it() -> None:
    """A gold flagpole (skin's chroma) running past the face from top to bottom joined it into
    one tall ragged patch, and the face was missed; the opening cuts such lines off."""
    image = portrait()
    ImageDraw.Draw(image).rectangle((472, 0, 484, 600), fill=(205, 160, 90))
    box = face_box(source_from_image(image))
    assert box is not None
    x0, y0, x1, y1 = box
    assert 0.56 <= x0 <= 0.62 and 0.72 <= x1 <= 0.79 and y0 >= 0.12 and y1 <= 0.52


def _corner_patch() -> Image.Image:
    """A grey photo-like scene with a compact skin-toned patch in its top right corner (a
    lit wooden wall), the size and shape of a face."""
    rng = np.random.default_rng(4)
    values = np.clip(rng.normal(110, 30, (300, 400, 3)), 0, 255)
    values[0:100, 320:400] = np.array(SKIN) + rng.normal(0, 8, (100, 80, 3))
    return Image.fromarray(np.clip(values, 0, 255).astype(np.uint8))


def test_a_skin_toned_patch_running_off_the_picture_is_not_a_face() -> None:
    source = source_from_image(_corner_patch())
    assert Converter(source).is_photo
    assert face_box(source) is None and subject_frame(source, 30, 30) is None
    # Nor is it a portrait when the region is the whole picture (it touches two sides).
    assert not holds_a_face(source.rgb)
    # The same patch inside the picture, away from its sides, is not a face either (no
    # eyes); with two dark eyes in its upper part it is.
    inner = np.asarray(_corner_patch()).copy()
    inner[100:200, 160:240] = inner[0:100, 320:400]
    inner[0:100, 320:400] = inner[150:250, 0:80]
    assert face_box(source_from_image(Image.fromarray(inner))) is None
    # (Smooth, as skin is: the noisy patch is also as rough as a bison's fur.)
    smooth = np.array(SKIN) + np.random.default_rng(4).normal(0, 3, (100, 80, 3))
    inner[100:200, 160:240] = np.clip(smooth, 0, 255).astype(np.uint8)
    eyed = Image.fromarray(inner)
    for ex in (180, 220):
        ImageDraw.Draw(eyed).ellipse((ex - 6, 130, ex + 6, 140), fill=(40, 30, 30))
    assert face_box(source_from_image(eyed)) is not None


def test_a_portrait_whose_sketch_follows_it_poorly_gets_the_tone_grid(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A lined face, a dark cap and a dark uniform: the sketch scatters its strokes (its
    likeness low) and the tone grid is kept. The synthetic portrait's sketch has a likeness
    of about 0.4, so the rule is checked by moving its bar either side of that."""
    source = source_from_image(portrait())
    converter = Converter(source)
    options = ConvertOptions(width=30, height=30, fit="fill", clean=True, method="auto",
                             frame=converter.auto_frame(30, 30))  # fmt: skip
    sketched = converter.choice(options)
    assert sketched.reason == "a face" and 0.3 < sketched.score.likeness < 0.5
    monkeypatch.setattr(convert_auto, "PORTRAIT_SKETCH_LIKENESS", sketched.score.likeness + 0.01)
    toned = Converter(source).choice(options)
    assert toned.reason == "" and toned.method in ("otsu", "threshold", "adaptive")
    assert toned.score.likeness > sketched.score.likeness


def _foggy(image: Image.Image, contrast: float = 0.25) -> Image.Image:
    """``image`` through thick mist: every colour pulled toward mid-grey."""
    pixels = np.asarray(image, dtype=np.float32)
    return Image.fromarray((128 + (pixels - 128) * contrast).astype(np.uint8))


def test_a_misty_portrait_is_a_photo_and_its_face_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    """Mist pulls the colours into a few absolute bins (98% of the pixels in 16 colours: a
    'drawing') and the face's chroma out of skin's range; both are judged over the picture's
    own range now."""
    source = source_from_image(_foggy(portrait()))
    assert Converter(source).is_photo
    box = face_box(source)
    assert box is not None
    x0, y0, x1, y1 = box
    assert 0.56 <= x0 <= 0.62 and 0.72 <= x1 <= 0.79 and y0 <= 0.24 and y1 >= 0.44
    assert defaults_for(source, 30, 30)["frame"] is not None
    monkeypatch.setattr(convert_frame, "MISTY_SPAN", 0.0)  # judged as it is: no face
    assert face_box(source) is None


def _furry_blob(eyes: bool = False) -> Image.Image:
    """A brown, skin-toned animal's body (a bison's or a bee's hairy thorax, drawn): a compact
    oval of fur, its hairs short strokes of lighter and darker brown, on grass under a sky."""
    rng = np.random.default_rng(11)
    image = Image.new("RGB", (400, 300), (205, 225, 250))
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 170, 400, 300), fill=(25, 60, 15))
    draw.ellipse((150, 80, 250, 210), fill=(170, 120, 80))
    for _ in range(2500):
        x, y = rng.uniform(150, 250), rng.uniform(80, 210)
        shade = int(rng.integers(-45, 45))
        colour = (170 + shade, 120 + shade, 80 + shade // 2)
        draw.line((x, y, x + rng.uniform(-4, 4), y + rng.uniform(2, 6)), fill=colour)
    if eyes:
        for ex in (180, 220):
            draw.ellipse((ex - 7, 120, ex + 7, 132), fill=(30, 20, 20))
    noise = rng.normal(0, 4, (300, 400, 3))
    return Image.fromarray(np.clip(np.asarray(image) + noise, 0, 255).astype(np.uint8))


@pytest.mark.parametrize("eyes", [False, True])
def test_a_furry_brown_blob_is_not_a_face(eyes: bool) -> None:
    """Fur has skin's chroma and may be a compact oval, but it is rough: no face, eyes or not
    (a honey bee and a bison were framed "on their faces")."""
    source = source_from_image(_furry_blob(eyes))
    assert face_box(source) is None
    assert not holds_a_face(source.rgb[60:230, 130:270])


def test_a_drawn_face_with_eyes_and_a_mouth_is_still_a_face() -> None:
    image = portrait()
    cx, cy = 540, 190
    ImageDraw.Draw(image).ellipse((cx - 22, cy + 45, cx + 22, cy + 57), fill=(120, 40, 40))
    box = face_box(source_from_image(image))
    assert box is not None
    assert 0.56 <= box[0] <= 0.62 and 0.72 <= box[2] <= 0.79


def test_a_smooth_skin_oval_without_eyes_is_not_a_face() -> None:
    image = Image.new("RGB", (400, 300), (120, 130, 150))
    ImageDraw.Draw(image).ellipse((160, 80, 240, 200), fill=SKIN)
    assert face_box(source_from_image(image.filter(ImageFilter.GaussianBlur(2)))) is None
