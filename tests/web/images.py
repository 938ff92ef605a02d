"""Small images made on the fly for avatar tests."""

from __future__ import annotations

import io
import os

from PIL import Image


def picture(fmt: str, size: tuple[int, int] = (90, 70), mode: str = "RGB") -> bytes:
    """A simple two-colour picture in the given Pillow format."""
    image = Image.new(mode, size, "navy")
    for x in range(0, size[0], 2):
        image.putpixel((x, size[1] // 2), (255, 200, 0) if mode == "RGB" else 1)
    out = io.BytesIO()
    image.save(out, fmt)
    return out.getvalue()


def noisy_png(size: int = 100) -> bytes:
    """A PNG of random noise, far above 10 kB."""
    image = Image.frombytes("RGB", (size, size), os.urandom(size * size * 3))
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()
