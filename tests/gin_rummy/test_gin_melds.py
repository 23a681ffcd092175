"""The meld/deadwood solver against a brute-force enumeration written independently of it."""

from __future__ import annotations

import random
from functools import cache
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from game import GAMES
from game.gin_rummy import melds as M

DECK = [r + s for s in "shdc" for r in "A23456789TJQK"]
DENSE = [r + s for s in "hc" for r in "A234567"] + ["8s", "8d", "2s", "3d", "4s", "5d"]  # many melds


def rank(card: str) -> int:
    return "A23456789TJQK".index(card[0])


def points(card: str) -> int:
    return min(rank(card) + 1, 10)


def is_meld_brute(cards: tuple[str, ...]) -> bool:
    if len(cards) < 3:
        return False
    if len({rank(c) for c in cards}) == 1:
        return len(cards) <= 4
    if len({c[1] for c in cards}) != 1:
        return False
    ranks = sorted(rank(c) for c in cards)
    return ranks == list(range(ranks[0], ranks[0] + len(ranks)))


@cache
def brute_deadwood(cards: tuple[str, ...]) -> int:
    """Least deadwood: the first card is deadwood or belongs to some meld with other cards."""
    if not cards:
        return 0
    first, rest = cards[0], cards[1:]
    best = points(first) + brute_deadwood(rest)
    partners = [c for c in rest if c[0] == first[0] or c[1] == first[1]]
    for k in range(2, len(partners) + 1):
        for combo in combinations(partners, k):
            if is_meld_brute((first, *combo)):
                left = tuple(c for c in rest if c not in combo)
                best = min(best, brute_deadwood(left))
    return best


def solve(cards: list[str]) -> int:
    return brute_deadwood(tuple(sorted(cards)))


def test_solver_matches_brute_force_on_random_hands() -> None:
    rnd = random.Random(2024)
    for i in range(3000):
        size = 10 if i % 2 else 11
        pool = DENSE if i % 3 == 0 else DECK
        cards = rnd.sample(pool, size)
        mask = M.card_mask(cards)
        dw, melds = M.best_melds(mask)
        assert dw == solve(cards), cards
        used = 0
        for meld in melds:
            assert M.is_meld(meld) and not meld & used and meld & ~mask == 0
            used |= meld
        assert M.value(mask & ~used) == dw


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=0, max_size=11, unique=True))
def test_solver_property(cards: list[str]) -> None:
    assert M.deadwood(M.card_mask(cards)) == solve(cards)


def test_deadwood_after_each_discard_matches_brute_force() -> None:
    rnd = random.Random(7)
    for i in range(800):
        cards = rnd.sample(DENSE if i % 2 else DECK, 11)
        after = M.deadwood_after_discards(M.card_mask(cards))
        assert sorted(after) == sorted(M.parse_card(c) for c in cards)
        for c in cards:
            assert after[M.parse_card(c)] == solve([x for x in cards if x != c]), (cards, c)


def test_all_best_arrangements_reach_the_minimum() -> None:
    rnd = random.Random(3)
    for _ in range(300):
        cards = rnd.sample(DENSE, 10)
        mask = M.card_mask(cards)
        dw = M.deadwood(mask)
        arrangements = M.all_best_arrangements(mask)
        assert arrangements and M.best_melds(mask)[1] in arrangements
        for melds in arrangements:
            assert M.value(mask & ~sum(melds)) == dw


def _layable(group: list[str], knocker: list[tuple[str, ...]]) -> bool:
    """Can every card of ``group`` be laid off, one at a time, onto the (growing) knocker melds?"""
    melds = [list(m) for m in knocker]
    left = list(group)
    progress = True
    while left and progress:
        progress = False
        for card in list(left):
            for meld in melds:
                if is_meld_brute((*meld, card)):
                    meld.append(card)
                    left.remove(card)
                    progress = True
                    break
    return not left


def brute_defence(defender: list[str], knocker: list[tuple[str, ...]]) -> int:
    best = None
    for k in range(len(defender) + 1):
        for group in combinations(defender, k):
            if _layable(list(group), knocker):
                rest = [c for c in defender if c not in group]
                dw = solve(rest)
                best = dw if best is None else min(best, dw)
    assert best is not None
    return best


def test_defender_melds_and_layoffs_match_brute_force() -> None:
    rnd = random.Random(11)
    checked = 0
    while checked < 150:
        deck = DECK[:]
        rnd.shuffle(deck)
        hand = deck[:14]
        knocker_melds = []
        used: set[str] = set()
        for meld_mask, _ in M.melds_in(M.card_mask(hand)):
            cards = tuple(M.cards_of(meld_mask))
            if not used & set(cards):
                knocker_melds.append(cards)
                used |= set(cards)
        if not knocker_melds:
            continue
        rest = [c for c in deck if c not in used]
        defender = rnd.sample(rest[:22], 10)
        masks = [M.card_mask(m) for m in knocker_melds]
        dw, own, layoffs = M.defend(M.card_mask(defender), masks)
        assert dw == brute_defence(defender, knocker_melds), (defender, knocker_melds)
        laid = sum(1 << c for c, _ in layoffs)
        assert M.value(M.card_mask(defender) & ~sum(own) & ~laid) == dw
        grown = [set(m) for m in knocker_melds]
        for card, k in layoffs:  # each lay-off extends its meld at the moment it is made
            grown[k].add(M.TEXT_AT[card])
            assert M.is_meld(M.card_mask(grown[k]))
        checked += 1


def test_meld_helpers() -> None:
    assert M.is_meld(M.card_mask(["Ah", "2h", "3h"]))
    assert not M.is_meld(M.card_mask(["Qh", "Kh", "Ah"]))  # aces are low only
    assert not M.is_meld(M.card_mask(["Ah", "2h", "3s"]))
    assert M.is_meld(M.card_mask(["7s", "7h", "7d", "7c"]))
    assert not M.is_meld(M.card_mask(["7s", "7h"]))
    assert M.meld_text(M.card_mask(["7d", "7s", "7h"])) == "7s7h7d"
    assert M.meld_text(M.card_mask(["5c", "3c", "4c"])) == "3c4c5c"
    assert M.value(M.card_mask(["Ah", "Ks", "5d"])) == 16
    assert M.cards_of(M.card_mask(["kh", "AS"])) == ["As", "Kh"]


def test_the_solver_memos_stay_small_however_many_hands_the_bots_play() -> None:
    """Counted, never timed: the memos of a long session (the bots' worker process keeps them)
    hold at most 25,000 hands, whatever was solved before."""
    desc = GAMES["gin_rummy"]
    M.clear_memo()
    bots = {0: desc.make_bot("hard", 1), 1: desc.make_bot("hard", 2)}
    state = desc.new_match(2, seed=7)
    hands = 0
    while hands < 6:
        if state.is_over():
            state = desc.new_match(2, seed=7 + hands)
        start = len(state.history)
        while len(state.history) == start and not state.is_over():
            seat = state.to_move()[0]
            state.apply(bots[seat].choose(state.view(seat), state.legal_moves(seat)))
        hands += 1
    held = len(M._BEST) + len(M._AFTER)
    assert 0 < held <= 25_000
    mask = M.card_mask(["3c", "4c", "5c", "7s", "7h", "7d", "Kh", "2s", "Ad", "9h"])
    assert M.deadwood(mask) == 22 and M._BEST[mask][0] == 22  # the newest hand is remembered


def test_a_memo_trimmed_by_two_threads_at_once_loses_no_result_and_raises_nothing() -> None:
    """The hint and review threads share the memos: a trim that finds its old entries already forgotten
    by the other thread's trim goes on (a KeyError killed the review thread)."""
    class Interleaved(dict[int, int]):
        """A memo on which another thread's trim runs just before this thread forgets its first entry."""

        other_ran = False

        def _other_thread(self) -> None:
            if not self.other_ran:
                self.other_ran = True
                M._remember(self, 4, 100, 100)

        def __delitem__(self, key: int) -> None:
            self._other_thread()
            super().__delitem__(key)

        def pop(self, key: int, *default: int | None) -> int | None:  # type: ignore[override]
            self._other_thread()
            return super().pop(key, *default)

    memo = Interleaved({k: k for k in range(4)})
    M._remember(memo, 4, 200, 200)
    assert memo.other_ran
    assert memo[100] == 100 and memo[200] == 200
