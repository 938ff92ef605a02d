"""The SQLite writer queue (core/sqlite): a transaction that waited past WAIT for the
process's write lock says which thread held it, and for how long, so an operator can find a
writer that never lets go. (Runs in the SQLite pass of `make test` only.)"""

from __future__ import annotations

import threading
from unittest import mock

from django.db import transaction
from django.test import TransactionTestCase

from marcomage.web.core.sqlite import base


class WriterQueueTest(TransactionTestCase):
    def test_a_long_wait_names_the_thread_holding_the_write_lock(self) -> None:
        holding, release = threading.Event(), threading.Event()

        def hold() -> None:
            with transaction.atomic():
                holding.set()
                release.wait(10)

        holder = threading.Thread(target=hold, name="slow-writer")
        holder.start()
        try:
            assert holding.wait(10)
            with mock.patch.object(base, "WAIT", 0.05), \
                    self.assertLogs("marcomage.web.core.sqlite.base", "WARNING") as logs, \
                    mock.patch("django.db.backends.sqlite3.base.DatabaseWrapper."
                               "_start_transaction_under_autocommit"), \
                    transaction.atomic():
                pass
        finally:
            release.set()
            holder.join(10)
        self.assertIn("held by thread 'slow-writer'", logs.output[0])
