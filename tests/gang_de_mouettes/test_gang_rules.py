"""Gang de mouettes rules, one stacked deck per rule."""

from __future__ import annotations

from collections import Counter

import pytest

from game import GAMES, IllegalMove
from game.gang_de_mouettes import GangState, Options

DESC = GAMES["gang_de_mouettes"]


def stacked(hands: list[list[str]], pile: list[str], **options: object) -> GangState:
    """A match whose seat k holds ``hands[k]`` (slots in order) and whose pile starts with ``pile``.

    The last seat deals, so seat 0 gets the first card and plays first.
    """
    players = len(hands)
    deck = [hands[s][r] for r in range(4) for s in range(players)] + pile
    opts = Options(first_dealer=players - 1, **options)  # type: ignore[arg-type]
    state = DESC.new_match(players, options=opts, seed=7, deck=deck)
    assert isinstance(state, GangState)
    return state


def play(state: GangState, *moves: str) -> list:
    events = []
    for text in moves:
        events.extend(state.apply(text))
    return events


def values(state: GangState, seat: int) -> list[str]:
    return [f"M{v}" for v in state.slots[seat]]


def test_deck_has_58_cards_with_the_printed_counts() -> None:
    deck = GangState.full_deck(Options())
    assert len(deck) == 58
    assert Counter(deck) == {"M0": 2, "M1": 4, "M2": 4, "M3": 4, "M4": 4, "M5": 4, "M6": 4, "M7": 4,
                             "M8": 8, "M9": 8, "M10": 8, "M15": 2, "M20": 2}


def test_stacked_deal_peek_and_first_player() -> None:
    deck = ["M1", "M2", "M3", "M4", "M5", "M6", "M7", "M8", "M9", "M10", "M15", "M20", "M0"]
    state = DESC.new_match(3, options=Options(first_dealer=1), seed=3, deck=deck)
    # Dealing starts with seat 2 (after the dealer 1), one card at a time.
    assert values(state, 2) == ["M1", "M4", "M7", "M10"]
    assert values(state, 0) == ["M2", "M5", "M8", "M15"]
    assert values(state, 1) == ["M3", "M6", "M9", "M20"]
    assert state.pile[-1] == 0  # the first card after the deal is the top of the pile
    assert state.discard == [] and state.to_move() == [2]
    view = state.view(0)
    assert view["slots"][0] == ["M2", "M5", None, None]
    assert view["slots"][1] == [None] * 4 and view["slots"][2] == [None] * 4
    assert view["top"] is None and view["pile_size"] == 58 - 12
    with pytest.raises(IllegalMove) as info:
        state.apply("2: take 0")
    assert info.value.key == "gang.discard_empty"


def test_dealer_rotates_clockwise_each_round() -> None:
    state = stacked([["M0", "M0", "M1", "M1"], ["M9", "M9", "M9", "M9"]], ["M3", "M3", "M3"],
                    quick_discards=False)
    play(state, "0: draw", "0: discard", "0: call", "1: draw", "1: discard", "0: draw", "0: discard")
    assert state.phase == "round_over" and state.to_move() == [0, 1]
    assert state.dealer == 1
    state.apply("1: next")
    assert state.dealer == 0 and state.active == 1 and state.round == 2
    assert all(len(s) == 4 for s in state.slots) and state.discard == []


def test_swap_discards_the_replaced_card_and_opens_a_window() -> None:
    state = stacked([["M9", "M1", "M2", "M3"], ["M4", "M5", "M6", "M7"]], ["M0"])
    play(state, "0: draw")
    assert state.view(0)["drawn"] == "M0" and state.view(1)["drawn"] is None
    assert state.view(1)["holding"] is True
    play(state, "0: swap 0")
    assert state.discard == [9] and state.slots[0][0] == 0
    assert state.phase == "window" and state.to_move() == [0, 1]
    assert state.view(0)["slots"][0][0] == "M0" and state.view(1)["slots"][0][0] is None
    play(state, "0: close", "0: done")
    assert state.active == 1 and state.phase == "turn"


def test_power_8_look_at_own_card() -> None:
    state = stacked([["M1", "M1", "M7", "M3"], ["M4", "M5", "M6", "M7"]], ["M8"])
    events = play(state, "0: draw", "0: look 2")
    assert state.view(0)["slots"][0][2] == "M7"
    assert state.view(1)["slots"][0][2] is None
    look = next(e for e in events if e.kind == "look")
    assert look.known_to == frozenset({0}) and look.for_seat(1).card is None
    assert state.discard == [8] and state.phase == "window"


def test_power_9_spy_on_an_opponent() -> None:
    state = stacked([["M1", "M1", "M7", "M3"], ["M4", "M5", "M6", "M7"]], ["M9"])
    play(state, "0: draw", "0: spy 1.3")
    assert state.view(0)["slots"][1][3] == "M7"
    assert state.view(1)["slots"][1][3] is None
    assert state.view(None)["slots"][1][3] is None
    assert state.view(0)["knowers"][1][3] == [0]


def test_power_10_steal_is_blind_and_knowledge_follows_the_cards() -> None:
    state = stacked([["M20", "M1", "M7", "M3"], ["M4", "M5", "M6", "M7"]], ["M10"])
    play(state, "0: draw", "0: steal 0 1.1")
    assert values(state, 0)[0] == "M5" and values(state, 1)[1] == "M20"
    # Seat 0 knew its M20: it still knows where it went; it never saw the M5 it got.
    assert state.view(0)["slots"][1][1] == "M20" and state.view(0)["slots"][0][0] is None
    # Seat 1 knew its M5 (slot 1): it now knows it in seat 0's slot 0, not what it received.
    assert state.view(1)["slots"][0][0] == "M5" and state.view(1)["slots"][1][1] is None
    assert state.discard == [10]


def test_power_15_scout_then_trade() -> None:
    state = stacked([["M9", "M1", "M7", "M3"], ["M4", "M0", "M6", "M7"]], ["M15"])
    play(state, "0: draw", "0: scout 1.1")
    assert state.phase == "scout" and state.view(0)["slots"][1][1] == "M0"
    assert state.view(1)["drawn"] == "M15"  # using the power shows what was drawn
    play(state, "0: trade 0")
    assert values(state, 0)[0] == "M0" and values(state, 1)[1] == "M9"
    assert state.view(0)["slots"][0][0] == "M0" and state.view(0)["slots"][1][1] == "M9"
    assert state.view(1)["slots"][0][0] == "M0"  # seat 1 had peeked its slot 1
    assert state.discard == [15]


def test_power_15_scout_then_keep() -> None:
    state = stacked([["M9", "M1", "M7", "M3"], ["M4", "M0", "M6", "M7"]], ["M15"])
    play(state, "0: draw", "0: scout 1.2", "0: keep")
    assert values(state, 1)[2] == "M6" and state.view(0)["slots"][1][2] == "M6"
    assert state.discard == [15] and state.phase == "window"


def test_power_20_drop_shrinks_the_seat_with_two_windows() -> None:
    state = stacked([["M9", "M1", "M7", "M3"], ["M4", "M0", "M6", "M9"]], ["M20"])
    play(state, "0: draw", "0: drop 0")
    assert values(state, 0) == ["M1", "M7", "M3"]
    assert state.discard == [9] and state.phase == "window" and state.view(1)["pending"] == "M20"
    play(state, "1: snap 1.3")  # seat 1's unknown M9 matches the thrown card
    assert values(state, 1) == ["M4", "M0", "M6"]
    # The 20 then goes on the discard and opens its own window (nobody can match it here).
    assert state.discard[-1] == 20 and state.phase == "window"
    play(state, "0: close")
    assert state.phase == "end_turn"


def test_power_20_single_window_option() -> None:
    state = stacked([["M9", "M1", "M7", "M3"], ["M4", "M0", "M6", "M9"]], ["M20"], drop_card_window=False)
    play(state, "0: draw", "0: drop 0")
    assert state.discard == [9, 20] and state.view(1)["window"]["card"] == "M20"


def test_take_after_a_snap_changed_the_top() -> None:
    state = stacked([["M5", "M1", "M7", "M3"], ["M4", "M5", "M6", "M9"]], ["M2"])
    play(state, "0: draw", "0: swap 0")
    assert state.discard == [5]
    events = play(state, "1: snap 1.1")
    assert any(e.kind == "snap" and e.info["success"] for e in events)
    assert state.discard == [5, 5] and values(state, 1) == ["M4", "M6", "M9"]
    assert state.phase == "end_turn"  # the first success closes the window
    play(state, "0: done", "1: take 2")
    assert values(state, 1) == ["M4", "M6", "M5"] and state.discard == [5, 9]
    # A card taken from the discard is known to everybody; the replaced one is on the discard.
    assert state.view(0)["slots"][1][2] == "M5" and state.view(None)["slots"][1][2] == "M5"


def test_take_is_impossible_on_an_empty_discard() -> None:
    state = stacked([["M5", "M1", "M7", "M3"], ["M4", "M5", "M6", "M9"]], ["M2"])
    assert [m.action for m in state.legal_moves(0)] == ["draw"]
    with pytest.raises(IllegalMove) as info:
        state.apply("0: take 1")
    assert info.value.key == "gang.discard_empty"


def test_a_wrong_snap_returns_the_card_and_costs_an_unseen_penalty() -> None:
    state = stacked([["M5", "M1", "M7", "M3"], ["M4", "M5", "M6", "M9"]], ["M2", "M10"])
    play(state, "0: draw", "0: swap 0")
    play(state, "1: snap 1.0")  # M4 does not match the M5 on top
    assert values(state, 1) == ["M4", "M5", "M6", "M9", "M10"]
    assert state.discard == [5]
    # The missed card was shown; the penalty card is seen by nobody, not even the snapper.
    for seat in (None, 0, 1):
        assert state.view(seat)["slots"][1][0] == "M4"
        assert state.view(seat)["slots"][1][4] is None
    assert state.know[1][4] == 0
    # Seat 1 tried once in this window: the window closed by itself.
    assert state.phase == "end_turn"


def test_pique_and_give_with_three_players() -> None:
    state = stacked([["M5", "M1", "M7", "M3"], ["M4", "M8", "M6", "M9"], ["M5", "M2", "M0", "M1"]], ["M2"])
    play(state, "0: draw", "0: swap 0")
    assert "1: snap 2.0" in [str(m) for m in state.legal_moves(1)]
    play(state, "1: snap 2.0")  # seat 1 snaps seat 2's M5 (piqué)
    assert state.phase == "give" and state.to_move() == [1]
    assert state.view(2)["give"] == {"snapper": 1, "victim": 2}
    play(state, "1: give 1")  # seat 1 gives its known M8 to seat 2
    assert values(state, 2) == ["M2", "M0", "M1", "M8"] and values(state, 1) == ["M4", "M6", "M9"]
    # The giver knew the card and still does; the victim did not look at it.
    assert state.view(1)["slots"][2][3] == "M8" and state.view(2)["slots"][2][3] is None
    assert state.phase == "end_turn"


def test_a_missed_pique_costs_the_snapper_a_penalty() -> None:
    state = stacked([["M5", "M1", "M7", "M3"], ["M4", "M8", "M6", "M9"], ["M6", "M2", "M0", "M1"]],
                    ["M2", "M3"])
    play(state, "0: draw", "0: swap 0", "1: snap 2.0")
    assert values(state, 2)[0] == "M6" and values(state, 1)[-1] == "M3"
    assert state.phase == "window" and state.to_move() == [0, 2]


def test_with_two_players_only_own_cards_can_be_snapped() -> None:
    state = stacked([["M5", "M1", "M7", "M3"], ["M4", "M8", "M6", "M9"]], ["M2"])
    play(state, "0: draw", "0: swap 0")
    assert {m.action for m in state.legal_moves(1)} == {f"snap 1.{i}" for i in range(4)}
    with pytest.raises(IllegalMove) as info:
        state.apply("1: snap 0.1")
    assert info.value.key == "gang.no_pique"


def test_pique_can_be_switched_off() -> None:
    state = stacked([["M5", "M1", "M7", "M3"], ["M4", "M8", "M6", "M9"], ["M5", "M2", "M0", "M1"]], ["M2"],
                    pique_allowed=False)
    play(state, "0: draw", "0: swap 0")
    assert {m.action for m in state.legal_moves(2)} == {f"snap 2.{i}" for i in range(4)}


def test_only_one_snap_per_seat_per_window_and_active_seat_closes() -> None:
    state = stacked([["M5", "M1", "M7", "M3"], ["M4", "M8", "M6", "M9"], ["M6", "M2", "M0", "M1"]],
                    ["M2", "M3", "M4"])
    play(state, "0: draw", "0: swap 0", "1: snap 1.0")
    assert state.to_move() == [0, 2]
    with pytest.raises(IllegalMove):
        state.apply("1: snap 1.1")
    assert [m.action for m in state.legal_moves(0)] == ["close"]
    play(state, "0: close")
    assert state.phase == "end_turn"


def test_call_gives_every_other_seat_one_turn_then_the_caller_the_last() -> None:
    hands = [["M0", "M0", "M1", "M1"], ["M9", "M9", "M9", "M9"], ["M8", "M8", "M8", "M8"]]
    state = stacked(hands, ["M7", "M7", "M7", "M7"], quick_discards=False)
    play(state, "0: draw", "0: discard", "0: call")
    assert state.caller == 0 and state.view(1)["final_turns"] == [2, 0]
    turns = []
    while state.phase not in ("round_over", "over"):
        seat = state.active
        turns.append(seat)
        play(state, f"{seat}: draw")
        assert "call" not in [m.action for m in state.legal_moves(seat)]
        play(state, f"{seat}: discard")
    assert turns == [1, 2, 0]
    assert state.history[-1]["points"] == [0, 36, 32]
    assert state.history[-1]["caller_lowest"] is True


def test_caller_not_lowest_scores_cards_plus_penalty() -> None:
    hands = [["M5", "M5", "M1", "M1"], ["M0", "M0", "M1", "M1"]]
    state = stacked(hands, ["M7", "M7", "M7"], quick_discards=False)
    play(state, "0: draw", "0: discard", "0: call", "1: draw", "1: discard",
         "0: draw", "0: discard")
    assert state.phase == "round_over"
    assert state.history[-1]["points"] == [12 + 10, 2] and state.scores == [22, 2]
    assert state.view(1)["last_round"]["hands"][0] == ["M5", "M5", "M1", "M1"]
    assert state.view(None)["slots"][0] == ["M5", "M5", "M1", "M1"]  # revealed


@pytest.mark.parametrize(("tie_counts", "caller_points"), [(True, 0), (False, 14)])
def test_a_tie_for_lowest(tie_counts: bool, caller_points: int) -> None:
    hands = [["M2", "M1", "M1", "M0"], ["M1", "M1", "M2", "M0"]]
    state = stacked(hands, ["M7", "M7", "M7"], quick_discards=False, tie_counts_as_lowest=tie_counts)
    play(state, "0: draw", "0: discard", "0: call", "1: draw", "1: discard",
         "0: draw", "0: discard")
    assert state.history[-1]["points"] == [caller_points, 4]


def test_caller_plays_last_option_off() -> None:
    hands = [["M2", "M1", "M1", "M0"], ["M3", "M3", "M3", "M3"]]
    state = stacked(hands, ["M7", "M7", "M7"], quick_discards=False, caller_plays_last=False)
    play(state, "0: draw", "0: discard", "0: call", "1: draw", "1: discard")
    assert state.phase == "round_over"


def test_a_seat_emptied_by_drops_and_snaps_scores_zero() -> None:
    hands = [["M9", "M9", "M8", "M8"], ["M4", "M6", "M2", "M1"]]
    state = stacked(hands, ["M20", "M9", "M20", "M8", "M3", "M5"])
    play(state, "0: draw", "0: drop 0", "0: close", "0: close", "0: done")
    play(state, "1: draw", "1: discard", "0: snap 0.0", "1: done")  # seat 0 knew its M9
    assert values(state, 0) == ["M8", "M8"]
    play(state, "0: draw", "0: drop 0", "0: close", "0: close", "0: done")
    play(state, "1: draw", "1: discard", "0: snap 0.0")  # a gamble on an unknown card: it matches
    assert state.slots[0] == [] and state.phase == "end_turn"
    play(state, "1: call", "0: draw")
    assert [m.action for m in state.legal_moves(0)] == ["discard"]
    play(state, "0: discard", "0: close", "1: draw", "1: discard")
    assert state.phase == "round_over"  # nobody could snap the M5: no window
    assert state.history[-1]["points"] == [0, 13 + 10]


def test_reshuffle_when_the_pile_runs_out() -> None:
    hands = [["M0", "M1", "M2", "M3"], ["M4", "M5", "M6", "M7"]]
    state = stacked(hands, [], quick_discards=False)
    while state.pile:
        seat = state.active
        play(state, f"{seat}: draw")
        play(state, f"{seat}: discard", f"{seat}: done")
    top = state.discard[-1]
    assert len(state.discard) == 50
    events = play(state, f"{state.active}: draw")
    assert any(e.kind == "reshuffle" for e in events)
    assert state.discard == [top] and len(state.pile) == 48
    cards = Counter(c for z in state.card_zones().values() for c in z)
    assert cards == Counter(GangState.full_deck(Options()))


def test_no_card_to_draw_or_take_ends_the_turn_without_deadlock() -> None:
    hands = [["M0", "M1", "M2", "M3"], ["M4", "M5", "M6", "M7"]]
    state = stacked(hands, [], quick_discards=False)
    # Move every card into the seats (as penalties would), leaving one card on the discard.
    rest = state.pile[:]
    state.pile.clear()
    state.discard = [rest.pop()]
    state.slots[1].extend(rest)
    state.know[1].extend([0] * len(rest))
    assert [m.action for m in state.legal_moves(0)] == [f"take {i}" for i in range(4)]
    state.slots[1].append(state.discard.pop())  # nothing left to take either
    state.know[1].append(0)
    state._begin_turn(0)
    assert state.phase == "end_turn" and [m.action for m in state.legal_moves(0)] == ["call", "done"]


def test_match_ends_when_a_total_reaches_the_limit() -> None:
    hands = [["M0", "M0", "M1", "M1"], ["M20", "M15", "M10", "M10"]]
    state = stacked(hands, ["M7", "M7", "M7"], quick_discards=False, match_end=50)
    play(state, "0: draw", "0: discard", "0: call", "1: draw", "1: discard",
         "0: draw", "0: discard")
    assert state.is_over() and state.scores == [0, 55]
    assert state.winners() == [0] and state.to_move() == []
    assert state.result() == {"over": True, "scores": [0, 55], "winners": [0]}


def test_options_are_validated() -> None:
    with pytest.raises(ValueError):
        Options(match_end=0)
    with pytest.raises(ValueError):
        Options(caller_penalty=-1)
    with pytest.raises(ValueError):
        DESC.new_match(2, options=Options(first_dealer=5), seed=1)


@pytest.mark.parametrize("seconds", [float("nan"), float("inf"), 0.0, -1.0])
def test_timer_lengths_must_be_positive_finite_numbers(seconds: float) -> None:
    """A NaN window never closes and never opens a race: refused like a negative one."""
    with pytest.raises(ValueError):
        Options(snap_window_seconds=seconds)
    with pytest.raises(ValueError):
        Options(end_turn_grace_seconds=seconds)


def test_move_notation_round_trips_and_rejects_bad_text() -> None:
    for text in ("draw", "take 2", "swap 0", "discard", "look 3", "spy 1.3", "steal 0 1.3",
                 "scout 2.0", "trade 1", "keep", "drop 2", "snap 3.1", "give 2", "close", "call",
                 "done", "next", "2: snap 0.4"):
        assert str(GangState.parse_move(text)) == text
    for bad in ("discard M7", "discard now", "spy 1", "steal 0", "take x", "snap 1.x", "fly"):
        with pytest.raises(ValueError):
            GangState.parse_move(bad)


def test_refusals_say_why() -> None:
    state = stacked([["M5", "M1", "M7", "M3"], ["M4", "M8", "M6", "M9"]], ["M2", "M9"])

    def key(text: str) -> str | None:
        with pytest.raises(IllegalMove) as info:
            state.apply(text)
        return info.value.key

    assert key("0: swap 1") == "gang.draw_first"
    assert key("1: draw") == "not_your_turn"
    play(state, "0: draw")
    assert key("0: take 1") == "gang.already_drawn"
    assert key("0: spy 1.0") == "gang.wrong_power"
    assert key("0: swap 7") == "gang.no_such_slot"
    play(state, "0: swap 0")
    assert key("0: done") == "gang.window_open"
    assert key("1: snap 0.1") == "gang.no_pique"
    play(state, "0: close")
    assert key("0: draw") == "gang.end_turn"
    assert key("1: snap 1.0") == "not_your_turn"


def test_refusals_name_the_real_reason() -> None:
    """The outside check's reproduction: refusals after a draw, in a window, and a second snap."""
    state = DESC.new_match(3, options=Options(first_dealer=0), seed=1)
    state.apply("1: draw")
    reasons = {}
    for text in ("1: done", "1: call", "1: close", "1: keep", "1: trade 0", "1: next", "1: give 0"):
        with pytest.raises(IllegalMove) as info:
            state.apply(text)
        reasons[text] = info.value.key
    assert reasons == {
        "1: done": "gang.play_drawn", "1: call": "gang.play_drawn", "1: close": "gang.no_window_to_close",
        "1: keep": "gang.no_scout", "1: trade 0": "gang.no_scout", "1: next": "gang.round_not_over",
        "1: give 0": "gang.nothing_to_give",
    }
    state.apply("1: discard")
    assert state.phase == "window" and state.to_move()[0] == 1
    with pytest.raises(IllegalMove) as info:
        state.apply("1: snap 1.0")
    assert info.value.key == "gang.active_no_snap"
    racer = state.to_move()[1]
    top = state.discard[-1]
    miss = next(i for i, v in enumerate(state.slots[racer]) if v != top)
    state.apply(f"{racer}: snap {racer}.{miss}")
    assert state.phase == "window"
    with pytest.raises(IllegalMove) as info:
        state.apply(f"{racer}: snap {racer}.0")
    assert info.value.key == "gang.already_tried" and "already tried" in str(info.value)


def test_the_end_of_a_turn_is_an_event_also_when_a_snap_ends_it() -> None:
    state = stacked([["M5", "M1", "M7", "M3"], ["M4", "M8", "M6", "M9"], ["M6", "M2", "M0", "M1"]],
                    ["M2", "M3", "M4", "M9"], quick_discards=False)
    events = play(state, "0: draw", "0: discard", "0: done")
    assert [e.kind for e in events][-2:] == ["turn_end", "turn"] and events[-2].seat == 0
    state = stacked([["M5", "M1", "M7", "M3"], ["M4", "M8", "M6", "M9"], ["M6", "M2", "M0", "M1"]],
                    ["M2", "M3", "M4", "M9"])
    play(state, "0: draw", "0: discard", "0: close", "0: call")
    play(state, "1: draw", "1: swap 2")  # seat 1 throws its 6 after the call: a window opens
    events = play(state, "2: snap 2.0")  # seat 2's 6 matches: the window closes and 1's turn ends
    ends = [e for e in events if e.kind == "turn_end"]
    assert [e.seat for e in ends] == [1] and state.active == 2
