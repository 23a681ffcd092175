"""LaGagne rules, each on a stacked deck: columns, jokers, ×2, steals, actions, mulligan, reshuffle."""

from __future__ import annotations

import pytest
from lagagne_helpers import build_position as build
from lagagne_helpers import deal_order

from game import GAMES, IllegalMove
from game.lagagne import LaGagneState, Options

FILL = ["P5d", "P5d", "P5d", "P10d", "P10d"]


def refused(state: LaGagneState, text: str) -> IllegalMove:
    before = state.to_json()
    with pytest.raises(IllegalMove) as info:
        state.apply(text)
    assert state.to_json() == before
    return info.value


def test_stacked_deal_goes_round_from_the_seat_after_the_dealer() -> None:
    hands = [["Sh", "P5h", "P10h", "P20h", "P50h"], ["Ss", "P5s", "P10s", "P20s", "P50s"], FILL]
    deck = deal_order([hands[1], hands[2], hands[0]], ["Voler", "X2"])
    state = GAMES["lagagne"].new_match(3, Options(first_dealer=0), seed=5, deck=deck)
    assert state.first == 1 and state.current == 1
    assert state.view(0)["hand"] == hands[0]
    assert state.view(1)["hand"] == hands[1]
    state.apply("1: play Ss")
    assert state.view(1)["hand"][-1] == "Voler"  # the first card after the deal is the top of the pile
    assert state.view(1)["pile_size"] == 82 - 15 - 1


def test_a_stacked_deck_deals_from_the_seat_after_the_dealer_whatever_the_seed() -> None:
    deck = deal_order([["Sh"] * 3 + ["Ss"] * 2, ["Sc"] * 3 + ["Sd"] * 2, FILL])
    options = GAMES["lagagne"].Options(first_dealer=2)
    for seed in range(4):
        state = GAMES["lagagne"].new_match(3, options=options, seed=seed, deck=deck)
        assert state.dealer == 2 and state.current == 0
        assert state.view(0)["hand"] == ["Sh"] * 3 + ["Ss"] * 2


def test_opening_and_reopening_a_column_keeps_its_points() -> None:
    state = build([["Sh", "P5h", "P10h", "Voler", "Z"], ["Voler", "Sh", "Z", "Z", "Z"]], pile_top=["P5c"] * 4)
    err = refused(state, "0: play P5h")
    assert err.key == "lagagne.no_column"
    assert str(err) == "You could not lay the 5 of hearts: you have no heart column."
    state.apply("0: play Sh")
    assert state.view(0)["columns"][0]["h"]["open"]
    state.apply("1: steal 0:Sh")  # seat 1 has no column: it may take a symbol
    assert state.view(0)["columns"][1]["h"]["open"] and not state.view(0)["columns"][0]["h"]["open"]
    assert refused(state, "0: play P5h").key == "lagagne.no_column"
    state.apply("0: steal 1:Sh")  # and back: seat 0's heart column opens again
    state.apply("1: discard Z")
    state.apply("0: play P10h")
    assert state.scores == [10, 0]


def test_reopening_a_closed_column() -> None:
    cols = {0: {"h": {"open": False, "points": ["P20h"]}}}
    state = build([["Sh", "P5h", "Z", "Z", "Z"], FILL], columns=cols, pile_top=["P5c"] * 4)
    err = refused(state, "0: play P5h")
    assert err.key == "lagagne.column_closed" and "closed" in str(err)
    assert state.scores == [20, 0]
    state.apply("0: play Sh")
    col = state.view(0)["columns"][0]["h"]
    assert col == {"open": True, "points": ["P20h"], "x2": False, "total": 20}
    state.apply("1: discard P5d")
    state.apply("0: play P5h")
    assert state.scores == [25, 0]
    assert state.view(1)["columns"][0]["h"]["points"] == ["P20h", "P5h"]


def test_a_second_symbol_of_an_open_suit_is_refused() -> None:
    state = build([["Sh", "Sh", "Z", "Z", "Z"], FILL], columns={0: {"h": {}}})
    err = refused(state, "0: play Sh")
    assert err.key == "lagagne.already_open"
    assert "0: play Sh" not in {str(m) for m in state.legal_moves(0)}


def test_a_joker_goes_in_any_open_column() -> None:
    cols = {0: {"s": {"points": ["P10s"]}, "c": {"open": False, "points": ["P5c"]}}}
    state = build([["J20", "J5", "Z", "Z", "Z"], FILL], columns=cols)
    legal = {str(m) for m in state.legal_moves(0)}
    assert "0: play J20 s" in legal and "0: play J20 c" not in legal and "0: play J20 h" not in legal
    assert refused(state, "0: play J20").key == "lagagne.name_column"
    assert refused(state, "0: play J20 c").key == "lagagne.column_closed"
    assert refused(state, "0: play J20 h").key == "lagagne.no_column"
    state.apply("0: play J20 s")
    assert state.scores == [35, 0]


def test_zero_cards_and_action_cards_are_not_laid() -> None:
    state = build([["Z", "Voler", "Z", "Z", "Z"], FILL], columns={0: {"h": {}}})
    assert refused(state, "0: play Z h").key == "lagagne.zero"
    assert refused(state, "0: play Voler").key == "lagagne.action_card"
    assert refused(state, "0: play P50h").key == "lagagne.not_in_hand"
    state.apply("0: discard Z")
    assert state.view(1)["discard"] == ["Z"]


def test_a_second_x2_on_a_column_is_refused() -> None:
    cols = {0: {"h": {"points": ["P20h"], "x2": True}, "s": {"points": ["P10s"]}}}
    state = build([["X2", "Z", "Z", "Z", "Z"], FILL], columns=cols)
    assert state.scores == [50, 0]
    err = refused(state, "0: play X2 h")
    assert err.key == "lagagne.second_x2" and str(err) == "That column already has a ×2."
    assert refused(state, "0: play X2 d").key == "lagagne.no_column"
    state.apply("0: play X2 s")
    assert state.scores == [60, 0]


def test_steal_a_point_card() -> None:
    cols = {0: {"h": {"points": ["P5h"]}}, 1: {"h": {"points": ["P20h", "P10h"], "x2": True}}}
    state = build([["Voler", "Z", "Z", "Z", "Z"], FILL], columns=cols, pile_top=["P5s"])
    assert state.scores == [5, 60]
    events = state.apply("0: steal 1:P20h")
    assert state.scores == [25, 20]
    steal = next(e for e in events if e.kind == "steal")
    assert (steal.card, steal.src, steal.dst) == ("P20h", "column:1:h", "column:0:h")
    assert state.view(0)["hand"] == ["Z", "Z", "Z", "Z", "P5s"]
    assert state.view(0)["discard"] == ["Voler"]


def test_steal_a_symbol_closes_the_victims_column_but_its_points_stay() -> None:
    cols = {0: {"s": {"points": ["P10s"]}}, 1: {"h": {"points": ["P50h"], "x2": True}}}
    state = build([["Voler", "Z", "Z", "Z", "Z"], ["P5h", "X2", "P5d", "P5d", "P5d"]], columns=cols)
    state.apply("0: steal 1:Sh")  # seat 0 has a spade column but no heart one: it could lay Sh
    view = state.view(1)
    assert view["columns"][1]["h"] == {"open": False, "points": ["P50h"], "x2": True, "total": 100}
    assert view["columns"][0]["h"]["open"]
    assert state.scores == [10, 100]
    assert refused(state, "1: play P5h").key == "lagagne.column_closed"
    assert refused(state, "1: play X2 h").key == "lagagne.second_x2"


def test_symbol_steal_needs_no_column_when_the_house_says_so() -> None:
    cols = {0: {"s": {}}, 1: {"h": {}}}
    options = Options(first_dealer=1, symbol_steal_any_time=False)
    state = build([["Voler", "Z", "Z", "Z", "Z"], FILL], columns=cols, options=options)
    assert refused(state, "0: steal 1:Sh").key == "lagagne.symbol_steal_with_columns"


def test_steal_a_x2_halves_the_victims_column() -> None:
    cols = {0: {"c": {"points": ["P20c"]}, "s": {"points": ["P5s"]}},
            1: {"d": {"points": ["P50d"], "x2": True}}}
    state = build([["Voler", "Z", "Z", "Z", "Z"], FILL], columns=cols)
    legal = {str(m) for m in state.legal_moves(0)}
    assert {"0: steal 1:X2 c", "0: steal 1:X2 s"} <= legal  # the notation page's form: one ×2 only
    assert refused(state, "0: steal 1:X2").key == "lagagne.name_column"
    state.apply("0: steal 1:X2d c")  # naming its column is accepted too, and logged in the short form
    assert state.log[-1] == "0: steal 1:X2 c"
    assert state.scores == [45, 50]
    assert not state.view(0)["columns"][1]["d"]["x2"] and state.view(0)["columns"][0]["c"]["x2"]


def test_steal_a_joker_names_both_columns() -> None:
    cols = {0: {"c": {}}, 1: {"d": {"points": ["J50"]}, "h": {"points": ["J50"], "x2": True}}}
    deck = {"Sh": 1, "Ss": 1, "Sc": 1, "Sd": 1, "J50": 2, "Voler": 2, "X2": 2, "Z": 30}
    options = Options(first_dealer=1, deck=tuple(deck.items()))
    state = build([["Voler", "Z", "Z", "Z", "Z"], ["Z"] * 5], columns=cols, options=options)
    err = refused(state, "0: steal 1:J50 c")
    assert err.key == "lagagne.name_victim_column" and "several columns" in str(err)
    state.apply("0: steal 1:J50h c")
    assert state.scores == [50, 50]
    assert refused(state, "1: steal 0:J50 h").key == "lagagne.not_in_hand"


def test_a_steal_is_refused_when_the_card_could_not_be_laid() -> None:
    cols = {0: {"s": {}}, 1: {"c": {"points": ["P50c"]}, "s": {}}}
    state = build([["Voler", "Z", "Z", "Z", "Z"], FILL], columns=cols)
    err = refused(state, "0: steal 1:P50c")
    assert str(err) == "You could not lay the 50 of clubs: you have no club column."
    assert err.key == "lagagne.no_column" and err.params == {"card": "P50c", "suit": "c"}
    assert refused(state, "0: steal 1:Ss").key == "lagagne.already_open"
    assert refused(state, "0: steal 1:P20c").key == "lagagne.not_on_table"
    assert refused(state, "0: steal 0:Ss").key == "lagagne.steal_self"
    assert not [m for m in state.legal_moves(0) if m.name == "steal" and "P50c" in m.action]


def test_recup_takes_the_top_discard_without_a_draw() -> None:
    state = build([["Recup", "Z", "Z", "Z", "Z"], FILL], discard=["P5h", "P50s"], pile_top=["X2"])
    pile = state.view(0)["pile_size"]
    events = state.apply("0: recup")
    view = state.view(0)
    assert view["hand"] == ["Z", "Z", "Z", "Z", "P50s"]
    assert view["discard"] == ["P5h", "Recup"] and view["pile_size"] == pile
    assert not [e for e in events if e.kind == "draw"]
    assert state.view(1)["known_cards"][0] == ["P50s"]  # it came from the open discard
    assert state.current == 1


def test_recup_needs_a_discard() -> None:
    state = build([["Recup", "Z", "Z", "Z", "Z"], FILL])
    assert refused(state, "0: recup").key == "lagagne.discard_empty"


def test_exchange_giving_back_the_same_card() -> None:
    hands = [["Echange", "Z", "Z", "Z", "Z"], ["P50h", "P50h", "P50h", "P50h", "P50h"]]
    options = Options(first_dealer=1, deck=(("Sh", 1), ("P50h", 5), ("Echange", 1), ("Z", 20)))
    state = build(hands, pile_top=["Sh"], options=options)
    events = state.apply("0: exchange 1")
    take = next(e for e in events if e.kind == "take")
    assert take.card == "P50h" and take.known_to == frozenset({0, 1})
    assert take.for_seat(None).card is None
    assert state.view(0)["phase"] == "give" and state.view(0)["exchange"]["taken"] == "P50h"
    assert refused(state, "0: discard Z").key == "lagagne.give_first"
    assert state.view(1)["known_cards"][0] == ["P50h"]
    events = state.apply("0: give P50h")
    assert [e.kind for e in events] == ["give", "draw"]
    assert events[0].known_to == frozenset({0, 1})
    assert state.view(0)["hand"] == ["Z", "Z", "Z", "Z", "Sh"]
    assert state.view(1)["hand"].count("P50h") == 5
    assert state.view(0)["known_cards"][1] == ["P50h"]  # seat 0 knows what it gave back
    assert state.view(None)["known_cards"][1] == []
    state.apply("1: discard P50h")  # seat 0 can no longer tell which P50h it was
    assert state.view(0)["known_cards"][1] == []


def test_exchange_into_the_give_phase_and_a_different_card_back() -> None:
    state = build([["Echange", "Z", "P5h", "Z", "Z"], ["Sh"] * 3 + ["Ss"] * 2], pile_top=["P10h"])
    state.apply("0: exchange 1")
    taken = state.view(0)["exchange"]["taken"]
    assert taken in ("Sh", "Ss")
    state.apply("0: give P5h")
    assert sorted(state.view(0)["hand"]) == sorted(["Z", "Z", "Z", taken, "P10h"])
    assert state.view(0)["known_cards"][1] == ["P5h"]
    assert state.view(1)["my_cards_known_to"][0] == ["P5h"]


def test_the_mulligan_is_allowed_once_at_the_start_of_the_turn() -> None:
    hands = [["Z", "Z", "P5h", "P5s", "P5c"], ["Z", "Z", "Z", "P5d", "P10d"]]
    state = build(hands, pile_top=["Sh", "P10h", "P20h", "P50h", "Ss", "Voler", "P5c", "P5c"])
    events = state.apply("0: mulligan")
    assert [e.kind for e in events].count("draw") == 5
    view = state.view(0)
    assert view["hand"] == ["Sh", "P10h", "P20h", "P50h", "Ss"]
    assert view["discard"] == hands[0] and view["mulligans_left"] == [0, 1]
    assert state.current == 0 and view["phase"] == "play"
    assert refused(state, "0: mulligan").key == "lagagne.no_mulligan"
    state.apply("0: play Sh")
    state.apply("1: discard Z")
    assert refused(state, "0: mulligan").key == "lagagne.no_mulligan"


def test_a_house_with_two_mulligans_still_allows_one_per_turn() -> None:
    options = Options(first_dealer=1, mulligans_per_game=2)
    state = build([["Z"] * 5, FILL], options=options)
    state.apply("0: mulligan")
    assert refused(state, "0: mulligan").key == "lagagne.mulligan_start"


def test_the_discard_is_reshuffled_when_the_pile_runs_out() -> None:
    deck = (("Sh", 1), ("P5h", 1), ("Z", 8), ("Voler", 1))
    options = Options(first_dealer=1, deck=deck)
    hands = [["Z", "Z", "Z", "Z", "Z"], ["Z", "Z", "Z", "P5h", "Voler"]]
    state = build(hands, pile_top=["Sh"], options=options)
    state.apply("0: discard Z")  # draws Sh, the last card of the pile
    assert state.view(0)["pile_size"] == 0
    events = state.apply("1: discard Z")
    kinds = [e.kind for e in events]
    assert kinds == ["discard", "reshuffle", "draw"]
    assert state.view(1)["discard"] == [] and state.view(1)["pile_size"] == 1
    state.apply("0: discard Sh")
    state.apply("1: discard Z")
    state.apply("0: discard Z")
    assert sum(state.view(0)["hand_sizes"]) == 10 and state.view(0)["pile_size"] == 0


def test_nothing_is_drawn_when_pile_and_discard_are_both_empty() -> None:
    options = Options(first_dealer=1, deck=(("Sh", 2), ("P5h", 3), ("Voler", 4), ("Recup", 1)))
    state = GAMES["lagagne"].new_match(2, options, seed=1, deck=deal_order(
        [["Sh", "P5h", "P5h", "Voler", "Voler"], ["Sh", "P5h", "Voler", "Voler", "Recup"]]))
    state.apply("0: play Sh")
    assert state.view(0)["hand_sizes"] == [4, 5]
    state.apply("1: play Sh")
    state.apply("0: play P5h")
    assert state.view(0)["hand_sizes"] == [3, 4] and not state.is_over()


def test_refusals_explain_themselves() -> None:
    cols = {0: {"h": {}}, 1: {"s": {"points": ["J50"]}}}
    state = build([["J20", "P20h", "Sh", "Z", "Voler"], FILL], columns=cols)
    assert str(refused(state, "0: play J20")) == (
        "Say which column the joker 20 goes in (for example 'play J20 h').")
    assert str(refused(state, "0: play P20h s")).endswith("name no column ('play P20h').")
    assert refused(state, "0: play Sh h").key == "lagagne.symbol_column"
    assert str(refused(state, "0: play P50h")) == "The 50 of hearts is not in your hand."
    assert str(refused(state, "0: recup")) == "Récupérer is not in your hand."
    assert str(refused(state, "0: steal 1:J50h h")) == (
        "Player 2 has not laid the joker 50 in their heart column.")
    assert str(refused(state, "0: steal 1:J50s")) == (
        "Say which column the joker 50 goes in (for example 'steal 1:J50 h').")
    assert refused(state, "0: give Z").key == "lagagne.no_exchange"
    assert refused(state, "1: discard P5d").key == "not_your_turn"


def test_the_card_given_back_in_an_exchange_is_not_in_the_others_log() -> None:
    state = build([["Echange", "Z", "P5h", "Z", "Z"], ["P5d", "P5d", "P5d", "P10d", "P10d"],
                   ["Sh", "Sh", "Ss", "P5c", "P5c"]], discard=["P20s"])
    state.apply("0: exchange 2")
    state.apply("0: give P5h")
    assert state.view(0)["log"][-1] == state.view(2)["log"][-1] == "0: give P5h"
    assert state.view(1)["log"][-1] == state.view(None)["log"][-1] == "0: give ?"


@pytest.mark.parametrize("second", ["give P50h", "give Z"])
def test_a_third_seat_learns_nothing_from_an_exchange_it_did_not_see(second: str) -> None:
    """Seat 1 gives seat 0 a card back after an Échanger; then seat 2 takes an unseen card from
    seat 0. What seat 1 knows of seat 0's hand must not depend on which card seat 2 took."""
    from game.core import Rng

    knowledge = set()
    for seed in range(12):
        state = build([["Z", "Z", "P5d", "P10d", "P5h"], ["Echange", "P50h", "Z", "P5s", "P5c"],
                       ["Echange", "P5d", "P5d", "P10c", "P10c"]], current=1)
        state.apply("1: exchange 0")
        state.apply(f"1: {second}" if second.split()[1] in state.hands[1] else "1: give P5s")
        state.rng = Rng(seed)  # seat 2's Échanger then takes another of seat 0's cards
        state.apply("2: exchange 0")
        knowledge.add(tuple(state.view(1)["known_cards"][0]))
    assert len(knowledge) == 1, f"seat 1's knowledge of seat 0 depends on seat 2's hidden draw: {knowledge}"


def test_the_mulligan_is_for_a_player_who_cannot_get_started() -> None:
    stuck = ["P5d", "P10d", "Z", "Z", "P5c"]
    could_start = ["Sh", "P10d", "Z", "Z", "P5c"]
    other = ["Z", "Z", "P5h", "P5h", "P5h"]
    assert "mulligan" in [m.action for m in build([stuck, other]).legal_moves(0)]
    assert "mulligan" not in [m.action for m in build([could_start, other]).legal_moves(0)]
    opened = build([stuck, other], columns={0: {"d": {"points": ["P5d"]}}})
    assert "mulligan" not in [m.action for m in opened.legal_moves(0)]
    with pytest.raises(IllegalMove) as info:
        opened.apply("0: mulligan")
    assert info.value.key == "lagagne.mulligan_not_stuck"
    anytime = build([stuck, other], columns={0: {"d": {"points": ["P5d"]}}},
                    options=Options(first_dealer=1, mulligan_any_time=True))
    assert "mulligan" in [m.action for m in anytime.legal_moves(0)]
