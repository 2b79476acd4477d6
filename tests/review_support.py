"""What the review's tests share: each weighs for itself (``fresh_cache``: the weighings kept in this kernel by an
earlier test would hide the work). A test module takes the fixture with ``from review_support import fresh_cache``."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from vint_core.table import review_work


@pytest.fixture(autouse=True)
def fresh_cache() -> Iterator[None]:
    """The weighings kept in this kernel forgotten before and after the test (not those kept with a saved game)."""
    review_work.forget()
    yield
    review_work.forget()
