"""Avatars (manual: "Avatar"; C-SITE-7): checked, resized to 60×60, stored under new names.

Nothing is written until the upload has passed every check. The stored file is re-encoded by
Pillow in the format the image really has, so what is served is exactly what was checked.
"""

from __future__ import annotations

import io
import re
import uuid
from dataclasses import dataclass

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from PIL import Image, ImageOps, UnidentifiedImageError

MAX_BYTES = 10_000
SIZE = (60, 60)
MAX_PIXELS = 4_000_000  # a 10 kB file may still unpack to a huge picture
EXTENSIONS = frozenset({"jpg", "jpeg", "png", "gif"})
FORMATS = {"JPEG": "jpg", "PNG": "png", "GIF": "gif"}
CONTENT_TYPES = {"jpg": "image/jpeg", "png": "image/png", "gif": "image/gif"}
DIRECTORY = "avatars"
STORED_NAME = re.compile(r"^[0-9a-f]{32}\.(jpg|png|gif)$")


class AvatarRefused(ValueError):
    """An upload that is not an acceptable avatar; the message tells the player why."""


@dataclass(frozen=True)
class Avatar:
    """A checked, resized avatar ready to store."""

    data: bytes
    extension: str


def check(filename: str, data: bytes, size: int | None = None) -> Avatar:
    """Check an upload of `size` bytes (read: `data`) and resize it; AvatarRefused says why not."""
    size = len(data) if size is None else size
    extension = filename.rsplit(".", 1)[-1].lower() if "." in filename else ""
    if extension not in EXTENSIONS:
        raise AvatarRefused("An avatar must be a jpg, jpeg, png or gif image.")
    if size > MAX_BYTES or len(data) > MAX_BYTES:
        raise AvatarRefused(
            f"An avatar must have at most 10 kB ({MAX_BYTES:,} bytes); this file has "
            f"{max(size, len(data)):,} bytes."
        )
    if not data:
        raise AvatarRefused("The file is empty.")
    try:
        with Image.open(io.BytesIO(data)) as probe:
            kind = FORMATS.get(probe.format or "")
            width, height = probe.size
            probe.verify()
        if kind is None:
            raise AvatarRefused("An avatar must be a jpg, jpeg, png or gif image.")
        if width * height > MAX_PIXELS:
            raise AvatarRefused("The picture is far too large; an avatar should be 60×60.")
        with Image.open(io.BytesIO(data)) as image:
            image.load()
            resized = _resize(image, kind)
    except AvatarRefused:
        raise
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError, Image.DecompressionBombError):
        raise AvatarRefused("The file is not a readable jpg, png or gif image.") from None
    return Avatar(resized, kind)


def _resize(image: Image.Image, kind: str) -> bytes:
    """The first frame at exactly 60×60, encoded in the original format."""
    image = ImageOps.exif_transpose(image) or image
    out = io.BytesIO()
    if kind == "jpg":
        frame = image.convert("RGB").resize(SIZE, Image.Resampling.LANCZOS)
        frame.save(out, "JPEG", quality=90)
    elif kind == "png":
        mode = "RGBA" if image.mode in {"RGBA", "LA", "P", "PA"} else "RGB"
        frame = image.convert(mode).resize(SIZE, Image.Resampling.LANCZOS)
        frame.save(out, "PNG", optimize=True)
    else:
        frame = image.convert("RGBA").resize(SIZE, Image.Resampling.LANCZOS)
        frame.save(out, "GIF")
    return out.getvalue()


def store(avatar: Avatar) -> str:
    """Write the avatar under a new random name and return that name."""
    name = f"{uuid.uuid4().hex}.{avatar.extension}"
    saved: str = default_storage.save(f"{DIRECTORY}/{name}", ContentFile(avatar.data))
    if saved != f"{DIRECTORY}/{name}":  # pragma: no cover - a uuid4 never collides
        default_storage.delete(saved)
        raise OSError("avatar name collision")
    return name


def delete(name: str) -> None:
    """Remove a stored avatar file, if it is one of ours."""
    if name and STORED_NAME.match(name):
        default_storage.delete(f"{DIRECTORY}/{name}")


def content_type(name: str) -> str:
    """The Content-Type header of a stored avatar."""
    return CONTENT_TYPES[name.rsplit(".", 1)[-1]]


def path_of(name: str) -> str:
    """The storage path of a stored avatar name (checked against the generated form)."""
    if not STORED_NAME.match(name):
        raise FileNotFoundError(name)
    return f"{DIRECTORY}/{name}"
