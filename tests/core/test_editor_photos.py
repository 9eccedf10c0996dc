"""Touch-ups follow the picture (crop, size, fit, frame) and the title follows the file."""

from __future__ import annotations

from dataclasses import replace

from PIL import Image, ImageDraw

from game.core.convert.converter import Converter
from game.core.convert.load import source_from_image
from game.core.create.editor import ConverterDocument, title_from_name


def _framed_square(name: str = "square.png") -> Converter:
    """300x300: a grey border 60 pixels wide (so Crop borders trims it) around white, with a
    black square from (150, 150) to (239, 239)."""
    image = Image.new("RGB", (300, 300), (120, 120, 120))
    draw = ImageDraw.Draw(image)
    draw.rectangle((60, 60, 239, 239), fill="white")
    draw.rectangle((150, 150, 239, 239), fill="black")
    return Converter(source_from_image(image, name))


def _document(width: int = 10) -> ConverterDocument:
    document = ConverterDocument()
    document.open_picture(_framed_square())
    document.set_options(replace(document.options, width=width, height=width, fit="stretch",
                                 method="threshold", threshold=0.3))  # fmt: skip
    return document


def test_touch_ups_follow_the_picture_when_borders_are_cropped() -> None:
    document = _document()
    # Cell (3, 3) covers picture pixels 90..119 each way: inside the white part.
    document.begin_stroke()
    document.paint([(3, 3)], True)
    assert document.grid[3, 3]
    document.set_options(replace(document.options, crop=True))
    # Cropped to 60..240 (cells of 18 pixels, centres at 69, 87, 105, 123...), the pixels
    # 90..119 hold the centre of cell 2: the touch-up moves there, (3, 3) is picture again.
    assert document.edits == {(2, 2): True} and document.grid[2, 2]
    assert not document.grid[3, 3]
    assert document.hidden_touchups == 0
    document.set_options(replace(document.options, crop=False))
    assert document.edits == {(3, 3): True}  # back where it was: nothing stray


def test_touch_ups_outside_the_frame_wait_and_are_counted() -> None:
    document = _document()
    document.begin_stroke()
    document.paint([(1, 1)], True)  # picture 30..59, the top-left
    document.set_options(replace(document.options, frame=(0.5, 0.5, 1.0, 1.0)))
    assert document.edits == {} and document.hidden_touchups == 1
    assert document.touched == 0 and document.grid.sum() == int(
        Converter(document.converter.source).grid(document.options).sum()  # type: ignore[union-attr]
    )
    document.set_options(replace(document.options, frame=None))
    assert document.edits == {(1, 1): True} and document.hidden_touchups == 0


def test_a_smaller_grid_keeps_a_touch_up_on_the_cell_under_it() -> None:
    document = _document(width=20)
    document.begin_stroke()
    document.paint([(3, 3)], True)  # picture 45..60
    document.set_options(replace(document.options, width=10, height=10))
    assert document.edits == {(1, 1): True}


def test_a_new_picture_takes_its_file_name_as_title() -> None:
    document = ConverterDocument()
    document.open_picture(_framed_square("chelsea.png"))
    assert document.title == "chelsea"
    document.open_picture(_framed_square("horse.png"))
    assert document.title == "horse"  # not "chelsea" kept from the first picture
    document.type_title("Cameraman")
    document.open_picture(_framed_square("astronaut.png"))
    assert document.title == "astronaut"  # "Cameraman" was typed for the horse


def test_a_title_typed_before_any_picture_is_kept_for_the_first() -> None:
    document = ConverterDocument()
    document.type_title("Sunset")
    document.open_picture(_framed_square("IMG_0042.jpg"))
    assert document.title == "Sunset"
    document.open_picture(_framed_square("next-one.jpg"))
    assert document.title == "next one"
    assert title_from_name("my_cat-photo.png") == "my cat photo"


def test_a_photo_opens_with_auto_and_fill_and_a_fresh_frame() -> None:
    document = _document()
    document.set_options(replace(document.options, frame=(0.1, 0.1, 0.6, 0.6)))
    noisy = Image.effect_noise((200, 150), 60).convert("RGB")
    document.open_picture(Converter(source_from_image(noisy, "noise.jpg")))
    options = document.options
    assert options.method == "auto" and options.fit == "fill" and options.frame is None
    assert (options.width, options.height) == (10, 10)  # the size stays
