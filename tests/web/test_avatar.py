"""Avatars (manual: "Avatar"; C-SITE-7): jpg/jpeg/png/gif, at most 10,000 bytes, resized to
60×60, stored under generated names, served with the right type; refusals store nothing."""

from __future__ import annotations

import io
import os
import re
from typing import Any

from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image

from marcomage.web.preferences.models import Profile

from .base import BaseTestCase
from .images import noisy_png, picture

URL = "/settings/avatar/"
STORED = re.compile(r"^[0-9a-f]{32}\.(png|jpg|gif)$")


class AvatarTestCase(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.log_in(self.alice)
        from django.conf import settings

        self.directory = os.path.join(settings.MEDIA_ROOT, "avatars")
        self.addCleanup(self.empty_directory)

    def empty_directory(self) -> None:
        if os.path.isdir(self.directory):
            for name in os.listdir(self.directory):
                os.remove(os.path.join(self.directory, name))

    def stored(self) -> list[str]:
        return sorted(os.listdir(self.directory)) if os.path.isdir(self.directory) else []

    def upload(self, name: str, data: bytes, content_type: str = "image/png") -> Any:
        with self.captureOnCommitCallbacks(execute=True):
            return self.post(URL, {"avatar": SimpleUploadedFile(name, data, content_type)})

    def avatar(self) -> str:
        return str(Profile.objects.get(user=self.alice).avatar)

    def test_it_stores_a_png_resized_to_60_by_60_under_a_generated_name(self) -> None:
        self.assertRedirects(self.upload("me.png", picture("PNG")), "/settings/")
        name = self.avatar()
        self.assertRegex(name, STORED)
        self.assertTrue(name.endswith(".png"))
        self.assertEqual(self.stored(), [name])
        response = self.client.get(f"/avatars/{name}")
        self.assertEqual(response["Content-Type"], "image/png")
        self.assertEqual(Image.open(io.BytesIO(response.content)).size, (60, 60))

    def test_it_accepts_jpg_jpeg_and_gif(self) -> None:
        for filename, fmt, ext, mime in (
            ("a.jpg", "JPEG", "jpg", "image/jpeg"),
            ("b.JPEG", "JPEG", "jpg", "image/jpeg"),
            ("c.gif", "GIF", "gif", "image/gif"),
        ):
            mode = "P" if fmt == "GIF" else "RGB"
            self.assertRedirects(self.upload(filename, picture(fmt, mode=mode)), "/settings/")
            name = self.avatar()
            self.assertTrue(name.endswith("." + ext), name)
            response = self.client.get(f"/avatars/{name}")
            self.assertEqual(response["Content-Type"], mime)
            self.assertEqual(Image.open(io.BytesIO(response.content)).size, (60, 60))
        self.assertEqual(len(self.stored()), 1)  # each new avatar replaced the old file

    def assert_refused(self, response: Any, message: str) -> None:
        self.assertContains(response, message, status_code=400)
        self.assertEqual(self.avatar(), "")
        self.assertEqual(self.stored(), [])

    def test_it_refuses_other_types(self) -> None:
        self.assert_refused(
            self.upload("me.bmp", picture("BMP", size=(40, 40)), "image/bmp"),
            "An avatar must be a jpg, jpeg, png or gif image.",
        )

    def test_it_refuses_a_bmp_named_png(self) -> None:
        bmp = picture("BMP", size=(40, 40))
        self.assert_refused(self.upload("me.png", bmp), "An avatar must be a jpg, jpeg, png or gif")

    def test_it_refuses_a_file_over_10000_bytes(self) -> None:
        data = noisy_png()
        self.assertGreater(len(data), 10_000)
        self.assert_refused(self.upload("big.png", data), "at most 10 kB (10,000 bytes)")

    def test_it_accepts_exactly_10000_bytes(self) -> None:
        data = picture("PNG")
        padded = data + b"\0" * (10_000 - len(data))  # trailing bytes after IEND are ignored
        self.assertRedirects(self.upload("edge.png", padded), "/settings/")

    def test_it_refuses_a_file_that_is_not_an_image(self) -> None:
        self.assert_refused(
            self.upload("me.png", b"<?php echo 'hi'; ?>"), "not a readable jpg, png or gif"
        )

    def test_it_refuses_a_picture_that_unpacks_too_large(self) -> None:
        data = picture("PNG", size=(4000, 4000), mode="1")
        self.assertLess(len(data), 10_000)
        self.assert_refused(self.upload("bomb.png", data), "far too large")

    def test_it_refuses_an_empty_upload(self) -> None:
        response = self.upload("me.png", b"")
        self.assertEqual(response.status_code, 400)
        self.assertEqual(self.stored(), [])

    def test_it_removes_the_avatar(self) -> None:
        self.upload("me.png", picture("PNG"))
        with self.captureOnCommitCallbacks(execute=True):
            response = self.post("/settings/avatar/delete/")
        self.assertRedirects(response, "/settings/")
        self.assertEqual(self.avatar(), "")
        self.assertEqual(self.stored(), [])

    def test_it_requires_the_csrf_token(self) -> None:
        response = self.client.post(URL, {"avatar": SimpleUploadedFile("a.png", picture("PNG"))})
        self.assertEqual(response.status_code, 403)
        self.assertEqual(self.stored(), [])

    def test_it_serves_only_generated_names(self) -> None:
        for name in ("../secret_key", "x.png", "0123456789abcdef0123456789abcdef.svg"):
            self.assertEqual(self.client.get(f"/avatars/{name}").status_code, 404)
        self.assertEqual(
            self.client.get("/avatars/0123456789abcdef0123456789abcdef.png").status_code, 404
        )
