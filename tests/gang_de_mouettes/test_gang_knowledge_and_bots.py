"""Who knows which card, what views show, and the bots' use of views."""

from __future__ import annotations

import json
import random
import string

import pytest

from game import GAMES
from game.core import Move, Rng
from game.gang_de_mouettes import GangState, Options
from game.gang_de_mouettes.bots import (
    FASTEST_SNAP,
    NO_CAP,
    PASS_MARGIN,
    PATIENCE,
    REACTION_TIMES,
    EasyBot,
    HardBot,
    NormalBot,
    _should_call,
    call_odds,
    card_caps,
    perspective_from_state,
    perspective_from_view,
)
from game.gang_de_mouettes.state import PUBLIC
from tests.gang_de_mouettes.test_gang_rules import play, stacked
from ui.i18n import Translator

DESC = GAMES["gang_de_mouettes"]


def random_states(players: int, seed: int, moves: int = 400):
    """States along a random match (legal moves from a random seat that may act)."""
    state = DESC.new_match(players, options=Options(match_end=1000), seed=seed)
    rnd = random.Random(seed)
    for _ in range(moves):
        if state.is_over():
            return
        yield state
        seat = rnd.choice(state.to_move())
        state.apply(rnd.choice(state.legal_moves(seat)))


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (5, 3)])
def test_views_show_exactly_the_known_cards(players: int, seed: int) -> None:
    for state in random_states(players, seed):
        for seat in [None, *range(players)]:
            view = state.view(seat)
            for s in range(players):
                for i, (card, mask) in enumerate(zip(state.slots[s], state.know[s])):
                    shown = view["slots"][s][i]
                    knows = bool(mask & PUBLIC) or (seat is not None and (mask >> seat) & 1)
                    assert shown == (f"M{card}" if knows else None)
            if state.drawn is not None and seat != state.active and state.phase == "drawn":
                assert view["drawn"] is None
            json.dumps(view)
            assert view["pile_size"] == len(state.pile)


def test_events_hide_private_cards_from_other_seats() -> None:
    for state in random_states(3, 11, moves=300):
        seat = state.to_move()[0]
        move = random.Random(len(state.log)).choice(state.legal_moves(seat))
        before = state.clone()
        for event in before.apply(move):
            for other in range(3):
                if event.known_to is not None and other not in event.known_to:
                    assert event.for_seat(other).card is None
            if event.kind in ("draw", "look", "spy", "scout"):
                assert event.known_to == frozenset({move.seat})
            if event.kind == "penalty":
                assert event.known_to == frozenset()


def test_initial_knowledge_is_the_two_nearest_slots() -> None:
    state = DESC.new_match(4, seed=5)
    for s in range(4):
        assert [bool(m & (1 << s)) for m in state.know[s]] == [True, True, False, False]
        assert all(not (m & ~(1 << s)) for m in state.know[s])


def test_swap_knowledge_the_drawn_card_is_known_only_to_the_drawer() -> None:
    state = DESC.new_match(3, options=Options(first_dealer=2), seed=4)
    state.apply("0: draw")
    drawn = state.drawn
    state.apply("0: swap 3")
    assert state.view(0)["slots"][0][3] == f"M{drawn}"
    assert state.view(1)["slots"][0][3] is None and state.view(2)["slots"][0][3] is None
    assert state.view(1)["knowers"][0][3] == [0]


def test_redeal_keeps_every_view_and_moves_hidden_cards() -> None:
    state = DESC.new_match(3, seed=8)
    for seat in (None, 0, 1, 2):
        other = state.redeal_hidden(seat, Rng(3))
        assert other.view(seat) == state.view(seat)
    assert state.redeal_hidden(0, Rng(3)).pile != state.pile


@pytest.mark.parametrize("players", [2, 4])
def test_every_bot_plays_legal_moves_and_reacts_legally(players: int) -> None:
    bots = {level: DESC.make_bot(level, seed=3) for level in ("easy", "normal", "hard")}
    for state in random_states(players, 21 + players, moves=150):
        for seat in state.to_move():
            view, legal = state.view(seat), state.legal_moves(seat)
            for level, bot in bots.items():
                if state.phase == "window" and seat != state.active:
                    offer = bot.react(view, legal)
                    if offer is not None:
                        move, delay = offer
                        assert move in legal and delay > 0
                if level != "hard" or len(state.log) % 10 == 0:
                    assert bot.choose(view, legal) in legal


def test_reaction_delays_are_human_and_order_the_levels() -> None:
    """A quick discard races people fairly: never sooner than a quick person can see and click
    (``FASTEST_SNAP``), easy slower than normal slower than hard, all inside the rules' window."""
    state = DESC.new_match(2, options=Options(first_dealer=1), seed=1,
                           deck=["M5", "M5", "M1", "M1", "M2", "M2", "M3", "M3", "M9"])
    state.apply("0: draw")
    state.apply("0: swap 0")
    assert state.discard == [5] and state.phase == "window"
    view, legal = state.view(1), state.legal_moves(1)
    means = {}
    for level in ("easy", "normal", "hard"):
        low, high = REACTION_TIMES[level]
        assert FASTEST_SNAP <= low < high < Options().snap_window_seconds
        bot = DESC.make_bot(level, seed=2)
        offers = [offer for offer in (bot.react(view, legal) for _ in range(300)) if offer is not None]
        delays = [delay for _, delay in offers]
        assert len(offers) >= 150 and all(low <= d <= high for d in delays)
        assert all(move == Move("snap 1.0", 1) for move, _ in offers if level != "easy")
        means[level] = sum(delays) / len(delays)
    assert means["hard"] < means["normal"] < means["easy"]
    assert means["hard"] >= 1.0  # a quick person's second, not a machine's


def test_determinisation_is_consistent_with_the_view() -> None:
    for state in random_states(4, 31, moves=120):
        seat = state.to_move()[0]
        view = state.view(seat)
        sample = GangState.determinise(view, Rng(1))
        cards = sorted(c for z in sample.card_zones().values() for c in z)
        assert cards == sorted(GangState.full_deck(Options()))
        assert sample.view(seat) == view
        assert perspective_from_state(sample, seat) == perspective_from_view(view)


@pytest.mark.parametrize("players", [2, 3])
def test_the_hard_bot_chooses_alike_when_only_hidden_cards_differ(players: int) -> None:
    """Same move, same reason and the same guessed deals from two states that differ only in the
    cards hidden from the seat: the bot reads its view, never the state."""
    for state in random_states(players, 12, moves=40):
        if state.is_over():
            continue
        seat = state.to_move()[0]
        twin = state.redeal_hidden(seat, Rng(5))
        assert twin.view(seat) == state.view(seat)
        bots = DESC.make_bot("hard", 9), DESC.make_bot("hard", 9)
        a = bots[0].choose(state.view(seat), state.legal_moves(seat))
        b = bots[1].choose(twin.view(seat), twin.legal_moves(seat))
        assert a == b and bots[0].reason == bots[1].reason
        guessed = [HardBot(seed=3).world(s.view(seat), HardBot().perspective(s.view(seat))) for s in (state, twin)]
        assert guessed[0].slots == guessed[1].slots and guessed[0].pile == guessed[1].pile
        assert guessed[0].view(seat) == state.view(seat)


def test_easy_bot_forgets_cards_seen_long_ago() -> None:
    state = DESC.new_match(2, options=Options(first_dealer=1, quick_discards=False), seed=6)
    bot = EasyBot(seed=1)
    seat1_knows = bot.perspective(state.view(1)).vals[1][:2]
    assert None not in seat1_knows
    for _ in range(6):
        seat = state.active
        state.apply(f"{seat}: draw")
        state.apply(f"{seat}: discard")
        state.apply(f"{seat}: done")
    assert state.view(1)["slots"][1][:2] == [f"M{v}" for v in state.slots[1][:2]]
    assert bot.perspective(state.view(1)).vals[1][:2] == [None, None]


def test_hard_bot_is_deterministic_for_a_seed() -> None:
    state = DESC.new_match(3, seed=12)
    state.apply(f"{state.active}: draw")
    seat = state.active
    view, legal = state.view(seat), state.legal_moves(seat)
    assert DESC.make_bot("hard", 4).choose(view, legal) == DESC.make_bot("hard", 4).choose(view, legal)


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_a_table_of_bots_always_ends_its_rounds(level: str) -> None:
    state = DESC.new_match(4, options=Options(match_end=60), seed=17)
    bots = [DESC.make_bot(level, s) for s in range(4)]
    for _ in range(20000):
        if state.is_over():
            break
        seat = state.to_move()[0]
        state.apply(bots[seat].choose(state.view(seat), state.legal_moves(seat)))
    assert state.is_over() and state.winners()
    assert all(entry["caller"] is not None for entry in state.history)


def test_the_hard_bot_odds_read_only_the_view() -> None:
    """Caps, pass floors and call odds come from the seat's view: redealing the cards hidden from
    it changes none of them."""
    bot = HardBot(seed=1)
    for state in random_states(3, 14, moves=120):
        seat = state.to_move()[0]
        twin = state.redeal_hidden(seat, Rng(8))
        p, q = bot.perspective(state.view(seat)), bot.perspective(twin.view(seat))
        assert p == q and len(p.caps) == 3 and len(p.floors) == 3
        assert call_odds(p) == call_odds(q)


def test_a_swap_caps_the_card_drawn_below_the_card_it_replaced() -> None:
    state = stacked([["M1", "M0", "M9", "M9"], ["M10", "M6", "M5", "M6"]], ["M3", "M2"], quick_discards=False)
    play(state, "0: draw", "0: discard", "0: done", "1: draw", "1: swap 0", "1: done")
    caps = card_caps(state.view(0))
    assert caps[1] == [9, NO_CAP, NO_CAP, NO_CAP]  # the 2 went in for a 10 its holder had seen
    assert state.view(0)["slots"][1][0] is None


def reason_of(bot: HardBot) -> tuple[str, dict]:
    """The bot's last reason, checked to read whole in both languages."""
    assert bot.reason is not None
    key, params = bot.reason
    for lang in ("en", "fr"):
        text = Translator(lang)(f"why.{key}", **params)
        assert text != f"why.{key}" and not any(f for _, f, _, _ in string.Formatter().parse(text) if f)
    return key, params


def test_the_hard_bot_does_not_call_on_high_cards_and_calls_on_a_known_low_hand() -> None:
    high = stacked([["M10", "M10", "M0", "M1"], ["M9", "M8", "M5", "M6"]], ["M7"], quick_discards=False)
    play(high, "0: draw", "0: discard")
    bot = HardBot(seed=2)
    assert bot.choose(high.view(0), high.legal_moves(0)) == Move("done", 0)  # 20 known, two cards unseen
    assert reason_of(bot)[0] == "gang.wait"

    hands = [["M1", "M0", "M9", "M9"], ["M10", "M10", "M5", "M6"]]
    late = stacked(hands, ["M1", "M9", "M2"], quick_discards=False)
    play(late, "0: draw", "0: swap 2", "0: done", "1: draw", "1: discard", "1: done", "0: draw", "0: swap 3")
    assert late.view(0)["slots"][0] == ["M1", "M0", "M1", "M2"]
    assert call_odds(bot.perspective(late.view(0)))[0] > 0.9
    assert bot.choose(late.view(0), late.legal_moves(0)) == Move("call", 0)
    key, params = reason_of(bot)
    assert key == "gang.call_odds"  # at two players, by normal's odds (test_at_two_players_...)
    assert params["total"] == 4 and params["chance"] > 90


def test_at_three_players_the_hard_bot_calls_on_the_odds_of_its_rollouts() -> None:
    """A known hand of 4 points after two rounds of turns, against two seats holding 9s: the call
    comes out lowest in the rollouts, which the reason tells."""
    hands = [["M1", "M0", "M9", "M9"], ["M10", "M10", "M5", "M6"], ["M9", "M8", "M7", "M6"]]
    late = stacked(hands, ["M1", "M9", "M9", "M2", "M9", "M9"], quick_discards=False)
    play(late, "0: draw", "0: swap 2", "0: done", "1: draw", "1: discard", "1: done",
         "2: draw", "2: discard", "2: done", "0: draw", "0: swap 3")
    assert late.view(0)["slots"][0] == ["M1", "M0", "M1", "M2"]
    bot = HardBot(seed=2)
    assert bot.choose(late.view(0), late.legal_moves(0)) == Move("call", 0)
    key, params = reason_of(bot)
    assert key == "gang.call" and params["chance"] > 90


def test_at_two_players_the_hard_bot_does_not_race_its_opponent_to_a_risky_call() -> None:
    """A 9 and an 8 known and two cards unseen, after the first turn of the round: the bot would
    end lowest only about a third of the time, so it plays on, and says so."""
    early = stacked([["M9", "M8", "M0", "M1"], ["M10", "M10", "M5", "M6"]], ["M7"], quick_discards=False)
    play(early, "0: draw", "0: discard")
    bot = HardBot(seed=2)
    assert bot.choose(early.view(0), early.legal_moves(0)) == Move("done", 0)
    key, odds = reason_of(bot)
    assert key == "gang.play_on"
    assert odds["chance"] < 40


def _end_of_turn_views(seed: int, count: int) -> list[dict]:
    """Seat views at the end of a turn, where a call is on offer, along two-player rounds that
    ``normal`` plays for both seats."""
    state = DESC.new_match(2, options=Options(match_end=1000, quick_discards=False), seed=seed)
    views = []
    while len(views) < count:
        seat = state.to_move()[0]
        view, legal = state.view(seat), state.legal_moves(seat)
        if view["phase"] == "end_turn" and Move("call", seat) in legal:
            views.append(view)
        state.apply(NormalBot(seed=seed).choose(view, legal))
    return views


def test_at_two_players_the_hard_bot_calls_at_the_end_of_its_turn_by_normal_odds() -> None:
    """Whenever its check of ``call_odds`` lets a call through, the two-player ``hard`` bot calls
    or plays on as ``normal`` would, whatever its rollouts say: the rollouts' floor on a call's
    chance refused calls that pay in points (eighteenth round, ``git show 2845ff7:docs/bots.md``)."""
    hard, normal, reasons = [], [], []
    for view in _end_of_turn_views(seed=5, count=60):
        legal = [Move("call", view["seat"]), Move("done", view["seat"])]
        bot = HardBot(seed=1)
        if bot._may_call(bot.perspective(view)):
            hard.append(bot.choose(view, legal).action)
            reasons.append(reason_of(bot)[0])
            normal.append(NormalBot(seed=1).choose(view, legal).action)
    assert hard == normal
    assert reasons == ["gang.call_odds" if a == "call" else "gang.play_on" for a in normal]
    assert set(normal) == {"call", "done"}


@pytest.mark.parametrize(("known", "action"), [(("M9", "M8"), "done"), (("M0", "M1"), "call")])
def test_the_normal_bot_calls_on_cards_it_has_not_seen_only_when_its_lead_covers_them(
        known: tuple[str, str], action: str) -> None:
    """After the first turn, two cards seen and two not, against an opponent it knows nothing of
    (its four cards count at the mean): with 17 points seen the two unseen cards leave the bot
    less than its two-player odds (``W["call_p"]``) of ending lowest; with 1 point seen it calls."""
    state = stacked([[*known, "M9", "M9"], ["M10", "M10", "M5", "M6"]], ["M7"], quick_discards=False)
    play(state, "0: draw", "0: discard")
    assert NormalBot(seed=1).choose(state.view(0), state.legal_moves(0)) == Move(action, 0)


@pytest.mark.parametrize(("players", "slot"), [(2, 0), (3, 2), (4, 2)])
def test_the_normal_bot_replaces_a_card_it_has_not_seen_first_at_three_players_or_more(players: int, slot: int) -> None:
    """A 3 drawn, a 9 and a 1 known, two cards unseen: at two players the bot swaps the drawn card
    for the 9, the highest card it expects to hold; at three or more for a card it has not seen,
    which leaves it a hand it knows (``W["unseen_first_many"]``)."""
    others = [["M10", "M10", "M5", "M6"], ["M8", "M7", "M6", "M5"], ["M4", "M4", "M5", "M6"]]
    state = stacked([["M9", "M1", "M0", "M2"], *others[:players - 1]], ["M3"], quick_discards=False)
    play(state, "0: draw")
    assert state.drawn == 3
    assert NormalBot(seed=1).choose(state.view(0), state.legal_moves(0)) == Move(f"swap {slot}", 0)


def test_the_easy_bot_calls_on_a_whim_yet_asks_a_lead_for_the_cards_it_has_not_seen() -> None:
    """5 points seen and two cards unseen after the first turn: the easy bot calls on some whims
    and not on others (it used to call on every one, as if the unseen cards were sure to be
    average)."""
    state = stacked([["M3", "M2", "M9", "M9"], ["M10", "M10", "M5", "M6"]], ["M7"], quick_discards=False)
    play(state, "0: draw", "0: discard")
    choices = {EasyBot(seed=seed).choose(state.view(0), state.legal_moves(0)).action for seed in range(30)}
    assert choices == {"call", "done"}


def test_the_hard_bot_keeps_the_normal_choice_between_moves_only_luck_tells_apart() -> None:
    """A 0 drawn, two cards unseen: swapping it for one or the other is the same move to a player
    who has seen neither. The rollouts favour one or the other by luck; the bot leaves ``normal``'s
    choice only for a move better by more than that luck, so it swaps the card ``normal`` would on
    every seed, where a bot without that rule (``keep = 0``) follows the luck on some."""
    state = stacked([["M1", "M2", "M6", "M7"], ["M10", "M10", "M5", "M6"]], ["M0", "M9"], quick_discards=False)
    play(state, "0: draw")
    view, legal = state.view(0), state.legal_moves(0)
    normal = NormalBot(seed=1).choose(view, legal)
    assert normal == Move("swap 2", 0)
    assert all(HardBot(seed=seed).choose(view, legal) == normal for seed in range(12))
    hasty = []
    for seed in range(12):
        bot = HardBot(seed=seed)
        bot.keep = 0.0
        hasty.append(bot.choose(view, legal))
    assert Move("swap 3", 0) in hasty


def test_the_hard_bot_slow_plays_a_hand_its_opponent_may_call_against() -> None:
    """Holding 2 points, all known, at the start of its turn (option ``call_timing``): a call now
    scores 0, yet playing on leaves the bot better placed against its opponent, who may call on a
    worse hand and pay the penalty — the bot judges moves by its points less the others'."""
    hands = [["M0", "M0", "M1", "M1"], ["M9", "M9", "M9", "M9"]]
    state = stacked(hands, ["M7"] * 4, quick_discards=False, peek_slots=4, call_timing="start_of_turn")
    bot = HardBot(seed=1)
    assert bot.choose(state.view(0), state.legal_moves(0)) == Move("draw", 0)
    key, odds = reason_of(bot)
    assert key == "gang.rollouts"
    assert odds["points"] > odds["next"]  # calling would have left it fewer points of its own
    assert odds["points"] - odds["others"] < odds["next"] - odds["next_others"]


def test_at_two_players_a_rare_call_refused_at_the_start_of_a_turn_names_the_two_player_floor() -> None:
    """With the start-of-turn call (option ``call_timing``), a two-player call that comes out lowest
    in a third of the rollouts is refused by the floor of one in two, and the reason says so: the
    three-player text ("more than one time in four") named a floor that is not the one applied."""
    state = stacked([["M10", "M2", "M3", "M10"], ["M9"] * 4], ["M1", "M5", "M6"], quick_discards=False,
                    call_timing="start_of_turn")
    play(state, "0: draw", "0: discard", "1: draw", "1: discard")
    bot = HardBot(seed=2)
    assert bot.choose(state.view(0), state.legal_moves(0)).action != "call"
    key, params = reason_of(bot)
    assert key == "gang.call_rare_heads_up" and params["chance"] < 100 * bot.call_floor


def test_the_hard_bot_plays_on_when_a_risky_call_wins_by_less_than_the_luck_of_its_guesses() -> None:
    """Three players, a 10 and a 2 known and two cards unseen after the first turn: calling does
    a little better on the guessed deals, but it fails more often than not, so the bot plays on;
    and even a bot that would take such odds (no ``call_floor_many``) finds the edge within the luck
    of its guesses."""
    state = stacked([["M10", "M2", "M3", "M10"], ["M9"] * 4, ["M8"] * 4], ["M1"], quick_discards=False)
    play(state, "0: draw", "0: discard")
    bot = HardBot(seed=2)
    assert bot.choose(state.view(0), state.legal_moves(0)) == Move("done", 0)
    key, params = reason_of(bot)
    assert key == "gang.call_rare" and params["chance"] < 50
    bold = HardBot(seed=2)
    bold.call_floor_many = 0.0
    assert bold.choose(state.view(0), state.legal_moves(0)) == Move("done", 0)
    key, params = reason_of(bold)
    assert key == "gang.call_unsure" and params["gain"] > 0
    assert bold.chance < 0.5


def test_the_hard_bot_guesses_hidden_cards_as_the_round_public_actions_tell() -> None:
    """Seat 1 drew a card and swapped it for its 10 (so the card is at most 9), then passed up a
    call: in every deal the bot guesses, that card is at most 9 and seat 1 holds no hand it would
    have called on."""
    hands = [["M1", "M0", "M9", "M9"], ["M10", "M6", "M5", "M6"]]
    state = stacked(hands, ["M7", "M3"], quick_discards=False)
    play(state, "0: draw", "0: discard", "0: done", "1: draw", "1: swap 0", "1: done")
    view = state.view(0)
    bot = HardBot(seed=4)
    p = bot.perspective(view)
    for _ in range(30):
        world = bot.world(view, p)
        assert world.view(0)["slots"] == view["slots"]
        assert world.slots[1][0] <= 9
        assert not _should_call(perspective_from_state(world, 1), PASS_MARGIN, by_chance=False)


def test_the_hard_bot_ends_a_long_round() -> None:
    state = stacked([["M1", "M0", "M9", "M9"], ["M10", "M6", "M5", "M6"]], ["M7"], quick_discards=False)
    while state.view(0)["round_turn"] <= 2 * PATIENCE * 2 or state.active != 0:
        seat = state.active
        play(state, f"{seat}: draw", f"{seat}: discard", f"{seat}: done")
    play(state, "0: draw", "0: discard")
    bot = HardBot(seed=1)
    assert bot.choose(state.view(0), state.legal_moves(0)) == Move("call", 0)
    assert reason_of(bot) == ("gang.long_round", {})


def test_the_hard_bot_searches_less_at_five_players_or_more(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Up to four players a search plays ``budget`` rollouts over the seats, from five
    ``budget_big``: a turn costs more the more seats there are."""
    import game.gang_de_mouettes.bots as gang_bots

    for players, budget in ((4, HardBot.budget), (5, HardBot.budget_big), (8, HardBot.budget_big)):
        state = DESC.new_match(players, seed=12)
        state.apply(f"{state.active}: draw")
        seat = state.active
        view, legal = state.view(seat), state.legal_moves(seat)
        bot = HardBot(seed=4)
        candidates = bot._candidates(bot.perspective(view), [m.action for m in legal])
        assert len(candidates) > 1
        played: list[int] = []
        monkeypatch.setattr(gang_bots, "rollout", lambda st, s, *_, seen=played, n=players: seen.append(1)
                            or gang_bots.Outcome([0] * n, None, None, False))
        bot.choose(view, legal)
        assert len(played) == max(4, budget // (players * len(candidates))) * len(candidates)
