"""Test-wide settings: no real display or sound is ever needed."""

import os
from collections.abc import Iterator

import pytest
from hypothesis import settings

from tests.tinygame import registered

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["TABLEE_NO_GATEWAY"] = "1"  # no router search (SSDP multicast) from any test or the processes it starts

# Hypothesis fails an example that takes over 200 ms by default: a wall-clock deadline that a busy
# machine misses. Examples are counted (``max_examples``), never timed.
settings.register_profile("tablee", deadline=None)
settings.load_profile("tablee")


@pytest.fixture
def huit_registered() -> Iterator[None]:
    """Huit, the test-only game of tests/tinygame, is in ``game.GAMES`` while the test runs, and only
    then (the conformance suite, undo and match files use it to prove the contract is generic)."""
    with registered():
        yield
