"""The seeded generator: clones draw what the original would draw next, and stay independent."""

from __future__ import annotations

from game.core import Rng


def _draws(rng: Rng, k: int = 5) -> list[int]:
    return [rng.randrange(1_000_000) for _ in range(k)]


def _next_draws(rng: Rng) -> list[int]:
    """What ``rng`` would draw next, read from a copy made through its saved state."""
    return _draws(Rng.from_json(rng.to_json()))


def test_a_clone_draws_what_the_original_draws_next() -> None:
    rng = Rng(11)
    _draws(rng, 3)
    twin = rng.clone()
    assert _draws(twin) == _next_draws(rng)
    assert _draws(twin) != _next_draws(rng)  # the twin moved on, the original did not


def test_clones_made_at_different_moments_follow_the_original_of_that_moment() -> None:
    """A clone reuses the state read for the previous clone only while the original has not drawn
    since: after a shuffle, a clone follows the shuffled original, and a clone of a clone too."""
    rng = Rng(5)
    before = _next_draws(rng)
    first, second = rng.clone(), rng.clone()
    assert _draws(first) == _draws(second) == before
    rng.shuffle(list(range(10)))
    after = _next_draws(rng)
    assert after != before
    later = rng.clone()
    assert _draws(later.clone()) == after
    assert _draws(later) == after
