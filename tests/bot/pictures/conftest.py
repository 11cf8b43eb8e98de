"""The pieces a picture pastes, recorded (the pictures' own instrumentation for tests)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PIL import Image

from bot.pictures import draw as D
from goita_core.pieces import Kind
from tests.bot.pictures.kit import Pasted


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Pasted]]:
    """Every piece drawn while the test runs, in order."""
    calls: list[Pasted] = []
    real = D.tile

    def recording(kind: Kind | None, w: int, h: int, revealed: bool = False,
                  dim: bool = False) -> Image.Image:
        calls.append(Pasted(kind, w, revealed, dim))
        return real(kind, w, h, revealed, dim)

    monkeypatch.setattr(D, "tile", recording)
    yield calls
