"""Gin Rummy rules on stacked decks: every scoring case, the first upcard, options and refusals.

In every deal here seat 1 deals, so seat 0 gets the first card and acts first; ``deal`` lays the
two hands out, then the upcard, then the top of the stock.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from game import GAMES, IllegalMove
from game.gin_rummy import GinOptions, GinRummyState

JUNK = ["Ks", "Kd", "Qh", "Qd", "Js", "Jc", "8s", "6h", "5d", "2d"]  # no meld, deadwood 81


def deal(h0: list[str], h1: list[str], up: str, stock: list[str] = (), **options: Any) -> GinRummyState:
    assert len(h0) == len(h1) == 10
    deck = [c for pair in zip(h0, h1) for c in pair] + [up, *stock]
    opts = GinOptions(first_dealer=options.pop("first_dealer", 1), **options)
    return GAMES["gin_rummy"].new_match(["Ann", "Bob"], options=opts, seed=7, deck=deck)


def play(state: GinRummyState, *moves: str) -> list:
    events = []
    for m in moves:
        events += state.apply(m)
    return events


def refused(state: GinRummyState, move: str) -> IllegalMove:
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalMove) as info:
        state.apply(move)
    assert json.dumps(state.to_json(), sort_keys=True) == before
    return info.value


KNOCKER = ["3c", "4c", "5c", "7s", "7h", "7d", "9s", "9h", "9d", "2s"]  # deadwood 2


def test_deal_follows_the_stacked_deck() -> None:
    s = deal(KNOCKER, JUNK, "Th", ["Ad", "4s"])
    assert s.view(0)["hand"] == sorted(KNOCKER, key=lambda c: ("shdc".index(c[1]), "A23456789TJQK".index(c[0])))
    zones = s.card_zones()
    assert set(zones["hand:1"]) == set(JUNK)
    assert zones["discard"] == ["Th"]
    assert zones["stock"][:2] == ["Ad", "4s"] and len(zones["stock"]) == 31
    v = s.view(0)
    assert v["phase"] == "upcard" and v["dealer"] == 1 and v["to_move"] == [0]
    assert v["first_upcard"] == "Th" and v["knock_limit"] == 10 and v["deadwood"] == 2


def test_a_stacked_deck_deals_from_the_seat_after_the_dealer_whatever_the_seed() -> None:
    deck = [c for pair in zip(KNOCKER, JUNK) for c in pair] + ["Th"]
    options = GAMES["gin_rummy"].Options(first_dealer=1)
    for seed in range(4):
        s = GAMES["gin_rummy"].new_match(2, options=options, seed=seed, deck=deck)
        assert s.dealer == 1 and s.to_move() == [0] and set(s.view(0)["hand"]) == set(KNOCKER)


def test_without_first_dealer_the_dealer_is_a_seeded_random_choice() -> None:
    deck = [c for pair in zip(KNOCKER, JUNK) for c in pair] + ["Th"]
    dealers = {GAMES["gin_rummy"].new_match(2, seed=seed, deck=deck).dealer for seed in range(12)}
    assert dealers == {0, 1}
    same = [GAMES["gin_rummy"].new_match(2, seed=5, deck=deck).dealer for _ in range(2)]
    assert same[0] == same[1]


def test_plain_knock_win_scores_the_difference() -> None:
    s = deal(KNOCKER, JUNK, "Th", ["Ad"])
    events = play(s, "0: pass", "1: pass", "0: draw", "0: knock 2s")
    h = s.history[-1]
    assert h["kind"] == "knock" and h["points"] == [80, 0] and h["winners"] == [0]
    assert h["deadwood"] == [1, 81]
    v = s.view(1)
    assert v["phase"] == "hand_over" and v["to_move"] == [0, 1]
    r = v["result"]
    assert r["melds"][0] == [["3c", "4c", "5c"], ["7s", "7h", "7d"], ["9s", "9h", "9d"]]
    assert r["deadwood_cards"] == [["Ad"], sorted(JUNK, key=lambda c: ("shdc".index(c[1]), "A23456789TJQK".index(c[0])))]
    assert r["breakdown"] == {"difference": 80, "bonus": 0, "bonus_kind": None, "doubled": False, "total": 80}
    kinds = [e.kind for e in events]
    for kind in ("pass", "draw", "discard", "knock", "meld", "reveal", "score", "hand_end"):
        assert kind in kinds
    assert s.view(0)["game_scores"] == [80, 0] and s.scores == [0, 0]
    cards = sorted(c for z in s.card_zones().values() for c in z)
    assert len(cards) == 52 and s.card_zones()["meld:0:0"] == ["3c", "4c", "5c"]


def _knock_after_draw(k: list[str], d: list[str], drawn: str, discard: str, **opts: Any) -> GinRummyState:
    s = deal(k, d, "Kh", [drawn], **opts)
    play(s, "0: pass", "1: pass", "0: draw", f"0: knock {discard}")
    return s


def test_undercut_equal_and_lower() -> None:
    k = ["3c", "4c", "5c", "7s", "7h", "7d", "9s", "9h", "9d", "2s"]
    equal = ["Jc", "Qc", "Kc", "Ts", "Th", "Td", "6s", "6h", "6d", "2h"]  # deadwood 2
    s = _knock_after_draw(k, equal, "Qs", "Qs")
    assert s.history[-1]["kind"] == "undercut"
    assert s.history[-1]["points"] == [0, 25] and s.history[-1]["winners"] == [1]
    assert s.view(0)["result"]["breakdown"]["bonus_kind"] == "undercut"
    lower = ["Jc", "Qc", "Kc", "Ts", "Th", "Td", "6s", "6h", "6d", "Ah"]  # deadwood 1
    s = _knock_after_draw(k, lower, "Qs", "Qs")
    assert s.history[-1]["points"] == [0, 26] and s.history[-1]["deadwood"] == [2, 1]


def test_gin_is_refused_while_deadwood_remains() -> None:
    k = ["3c", "4c", "5c", "7s", "7h", "7d", "9s", "9h", "9d", "Td"]
    s = deal(k, JUNK, "Kh", ["Jh"])
    play(s, "0: pass", "1: pass", "0: draw")
    assert {"knock Jh", "knock Td"} <= {m.action for m in s.legal_moves(0)}
    e = refused(s, "0: gin Jh")
    assert e.key == "gin.not_gin" and e.params["deadwood"] == 10


def test_gin_scores_25_plus_defender_deadwood_without_layoffs() -> None:
    k = ["3c", "4c", "5c", "7s", "7h", "7d", "9s", "9h", "9d", "Ks"]
    d = ["2c", "6c", "7c", "Qs", "Qd", "Js", "Jh", "8s", "5d", "Ah"]  # 2c 6c 7c would lay off on a knock
    s = deal(k, d, "Kh", ["9c"])
    play(s, "0: pass", "1: pass", "0: draw")
    actions = [m.action for m in s.legal_moves(0)]
    assert "gin Ks" in actions and "knock Ks" not in actions
    assert refused(s, "0: knock Ks").key == "gin.knock_is_gin"
    events = play(s, "0: gin Ks")
    h = s.history[-1]
    assert h["kind"] == "gin" and h["deadwood"] == [0, 69] and h["points"] == [25 + 69, 0]
    assert not any(e.kind == "layoff" for e in events)
    r = s.view(1)["result"]
    assert r["layoffs"] == [] and r["breakdown"]["bonus_kind"] == "gin" and not r["petit"]
    assert ["9s", "9h", "9d", "9c"] in r["melds"][0]


def test_layoff_extends_a_run_twice_and_completes_a_set() -> None:
    k = ["5h", "6h", "7h", "Ks", "Kh", "Kd", "As", "Ah", "Ad", "2c"]  # deadwood 2
    d = ["8h", "9h", "4h", "Kc", "Qs", "Qd", "Js", "Jd", "9s", "3d"]
    s = deal(k, d, "Tc", ["5c"])
    events = play(s, "0: pass", "1: pass", "0: draw", "0: knock 5c")
    layoffs = [(e.card, e.dst) for e in events if e.kind == "layoff"]
    r = s.view(0)["result"]
    onto = {x["card"]: x["onto"] for x in r["layoffs"]}
    assert set(onto) == {"8h", "9h", "4h", "Kc"}
    run = next(i for i, m in enumerate(r["melds"][0]) if m == ["5h", "6h", "7h"])
    assert onto["8h"] == onto["9h"] == onto["4h"] == [0, run]
    order = [c for c, _ in layoffs]
    assert order.index("8h") < order.index("9h")
    # defender: Qs Qd Js Jd 9s 3d = 10+10+10+10+9+3 = 52 after laying off
    assert s.history[-1]["deadwood"] == [2, 52] and s.history[-1]["points"] == [50, 0]
    zone = s.card_zones()[f"meld:0:{run}"]
    assert sorted(zone) == sorted(["4h", "5h", "6h", "7h", "8h", "9h"])


def test_oklahoma_limit_from_an_ace_upcard() -> None:
    k = ["3c", "4c", "5c", "7s", "7h", "7d", "9s", "9h", "9d", "2s"]
    s = deal(k, JUNK, "Ac", ["Ad", "As"], oklahoma=True)
    assert s.view(0)["knock_limit"] == 1
    play(s, "0: pass", "1: pass", "0: draw")
    e = refused(s, "0: knock Ad")
    assert e.key == "gin.knock_too_high" and e.params["deadwood"] == 2 and "2" in str(e)
    play(s, "0: knock 2s")
    assert s.history[-1]["points"] == [80, 0]


def test_auto_knock_chooses_the_same_arrangement_whatever_the_defender_holds() -> None:
    k = ["Ah", "2h", "3h", "2s", "2d", "7c", "8c", "9c", "Tc", "5s"]  # set or run: deadwood 9 either way
    melds = []
    for defender in (["4h", "Ks", "Qd", "Jh", "9s", "8d", "6s", "5d", "3s", "Kd"],
                     ["2c", "Ks", "Qd", "Jh", "9s", "8d", "6s", "5d", "3s", "Kd"]):
        s = deal(k, defender, "Qs", ["Kh"])
        play(s, "0: pass", "1: pass", "0: draw", "0: knock Kh")
        melds.append(s.view(0)["result"]["melds"][0])
        assert s.history[-1]["deadwood"][0] == 9
    assert melds[0] == melds[1], "the knocker's arrangement must not depend on the defender's cards"


def test_auto_knock_gives_the_fewest_lay_off_places() -> None:
    # 3s 3h 3d (only the 3c lays off) or 2h 3h 4h (the ace or the 5 of hearts): 6 of deadwood either way
    k = ["2h", "3h", "4h", "3s", "3d", "9c", "Tc", "Jc", "Qc", "Ad"]
    s = deal(k, ["Ks", "Qd", "Jh", "9s", "Kc", "6d", "5d", "8s", "Kd", "7c"], "Qs", ["Kh"])
    play(s, "0: pass", "1: pass", "0: draw", "0: knock Kh")
    assert ["3s", "3h", "3d"] in s.view(0)["result"]["melds"][0]


def test_explicit_melds_are_used_as_given_and_checked() -> None:
    k = ["Ah", "2h", "3h", "2s", "2d", "7c", "8c", "9c", "Tc", "5s"]
    d = ["4h", "Ks", "Qd", "Jh", "9s", "8d", "6s", "5d", "3s", "Kd"]
    s = deal(k, d, "Qs", ["Kh"])
    play(s, "0: pass", "1: pass", "0: draw")
    assert refused(s, "0: knock Kh Ah2h4h 7c8c9cTc").key in ("gin.not_a_meld", "gin.meld_not_in_hand")
    assert refused(s, "0: knock Kh 2h3h4h").key == "gin.meld_not_in_hand"
    assert refused(s, "0: knock Kh Ah2h3h 2s2h2d").key == "gin.meld_overlap"
    assert refused(s, "0: knock Kh KhKsKd").key == "gin.meld_has_discard"
    e = refused(s, "0: knock Kh Ah2h3h")
    assert e.key == "gin.melds_too_high" and e.params["deadwood"] == 43
    assert refused(s, "0: knock Kh 7c8c9c").key == "gin.melds_too_high"
    assert GinRummyState.parse_move("0: knock kh 7c8c9cTc 3h2hah") == GinRummyState.parse_move(
        "0: knock Kh Ah2h3h 7c8c9cTc")
    play(s, "0: knock Kh Ah2h3h 7c8c9cTc")
    r = s.view(1)["result"]
    assert r["melds"][0] == [["Ah", "2h", "3h"], ["7c", "8c", "9c", "Tc"]]
    assert r["layoffs"] == [{"card": "4h", "seat": 1, "onto": [0, 0]}]
    assert s.history[-1]["deadwood"] == [9, 71]


def test_grand_gin_and_petit_gin_in_the_variant() -> None:
    k = ["3c", "4c", "5c", "7s", "7h", "7d", "9s", "9h", "9d", "6c"]  # all ten melded
    d = JUNK
    s = deal(k, d, "Kh", ["7c"], petit_grand_gin=True)
    play(s, "0: pass", "1: pass", "0: draw")
    actions = [m.action for m in s.legal_moves(0)]
    assert "gin" in actions
    play(s, "0: gin")
    h = s.history[-1]
    assert h["kind"] == "big_gin" and h["points"] == [50 + 81, 0]
    r = s.view(0)["result"]
    assert r["discard"] is None and sum(len(m) for m in r["melds"][0]) == 11
    assert s.view(0)["discard"] == ["Kh"]

    s = deal(k, d, "Kh", ["Qs"], petit_grand_gin=True)
    play(s, "0: pass", "1: pass", "0: draw")
    assert "gin" not in [m.action for m in s.legal_moves(0)]
    assert refused(s, "0: gin").key == "gin.not_grand_gin"
    play(s, "0: gin Qs")
    h = s.history[-1]
    assert h["kind"] == "gin" and h["points"] == [25 + 81, 0] and s.view(0)["result"]["petit"]

    s = deal(k, d, "Kh", ["7c"])
    play(s, "0: pass", "1: pass", "0: draw")
    assert "gin" not in [m.action for m in s.legal_moves(0)]
    assert refused(s, "0: gin").key == "gin.no_grand_gin"
    assert "gin 7c" in [m.action for m in s.legal_moves(0)]


def test_wall_voids_the_hand_and_the_same_dealer_deals_again() -> None:
    h0 = ["Ks", "Kd", "Qs", "Qd", "Js", "Jh", "8s", "6h", "5d", "2d"]
    h1 = ["Kc", "Kh", "Qc", "Qh", "Jc", "Jd", "8c", "6d", "5s", "2h"]
    s = deal(h0, h1, "9h")
    play(s, "0: pass", "1: pass")
    original = [set(h0), set(h1)]
    seat = 0
    while s.phase != "hand_over":
        play(s, f"{seat}: draw")
        drawn = next(c for c in s.view(seat)["hand"] if c not in original[seat])
        play(s, f"{seat}: discard {drawn}")  # hands never change, so nobody knocks
        seat = 1 - seat
    assert s.view(0)["pile_size"] == 2
    h = s.history[-1]
    assert h["kind"] == "wall" and h["points"] == [0, 0] and h["winners"] == []
    assert s.view(0)["result"]["kind"] == "wall" and s.view(0)["game_scores"] == [0, 0]
    play(s, "1: next")
    assert s.dealer == 1 and s.view(0)["hand_number"] == 2 and s.to_move() == [0]


def test_first_upcard_sequence() -> None:
    s = deal(KNOCKER, JUNK, "Th", ["Ad"])
    assert [m.action for m in s.legal_moves(0)] == ["take", "pass"] and s.legal_moves(1) == []
    play(s, "0: pass")
    assert s.to_move() == [1] and [m.action for m in s.legal_moves(1)] == ["take", "pass"]
    play(s, "1: pass")
    assert s.to_move() == [0] and [m.action for m in s.legal_moves(0)] == ["draw"]
    e = refused(s, "0: take")
    assert e.key == "gin.upcard_refused"
    # the non-dealer takes it: they discard, then the dealer plays
    s = deal(KNOCKER, JUNK, "Th", ["Ad"])
    play(s, "0: take")
    assert s.view(1)["opponent_known"] == ["Th"] and s.view(0)["just_taken"] == "Th"
    play(s, "0: discard 2s")
    assert s.to_move() == [1] and {m.action for m in s.legal_moves(1)} == {"draw", "take"}
    assert s.view(1)["opponent_known"] == ["Th"]
    # the dealer takes it after a pass: they discard, then the non-dealer plays normally
    s = deal(KNOCKER, JUNK, "Th", ["Ad"])
    play(s, "0: pass", "1: take", "1: discard 2d")
    assert s.to_move() == [0] and {m.action for m in s.legal_moves(0)} == {"draw", "take"}
    log = s.view(0)["discard_log"]
    assert log == [{"card": "Th", "by": None, "taken_by": 1}, {"card": "2d", "by": 1, "taken_by": None}]


def test_forbid_discarding_the_card_just_taken_both_ways() -> None:
    s = deal(KNOCKER, JUNK, "Th", ["Ad"])
    play(s, "0: take")
    assert "discard Th" not in [m.action for m in s.legal_moves(0)]
    e = refused(s, "0: discard Th")
    assert e.key == "gin.just_taken" and str(e) == "You cannot discard the card you just took from the discard pile."
    s = deal(KNOCKER, JUNK, "Th", ["Ad"], forbid_discard_taken=False)
    play(s, "0: take")
    assert "discard Th" in [m.action for m in s.legal_moves(0)]
    play(s, "0: discard Th")
    assert s.view(0)["discard_top"] == "Th"


def test_illegal_moves_give_reasons() -> None:
    s = deal(KNOCKER, JUNK, "Th", ["Ad", "Kc"])
    assert refused(s, "0: draw").key == "gin.upcard_decide"
    assert refused(s, "0: next").key == "gin.hand_not_over"
    assert refused(s, "1: pass").key == "not_your_turn"
    play(s, "0: pass", "1: pass", "0: draw")
    assert refused(s, "0: draw").key == "gin.must_discard"
    assert refused(s, "0: discard Kc").key == "gin.not_in_hand"
    assert "Kc" in str(refused(s, "0: discard Kc"))
    e = refused(s, "0: knock 7s")
    assert e.key == "gin.knock_too_high" and "deadwood would be" in str(e)
    assert refused(s, "0: knock Ad 3c4c6c").key == "gin.not_a_meld"
    play(s, "0: discard Ad")
    assert refused(s, "1: discard 2d").key == "gin.draw_first"
    assert refused(s, "1: pass").key == "gin.no_pass"
    with pytest.raises(ValueError):
        s.apply("1: discard Zz")
    with pytest.raises(ValueError):
        s.apply("1: knock Kd 3c")


def test_events_hide_a_drawn_card_from_the_opponent() -> None:
    s = deal(KNOCKER, JUNK, "Th", ["Ad"])
    events = play(s, "0: pass", "1: pass", "0: draw")
    draw = events[-1]
    assert draw.kind == "draw" and draw.known_to == frozenset({0}) and draw.src == "stock" and draw.dst == "hand:0"
    assert draw.for_seat(1).card is None and draw.for_seat(0).card == "Ad"
    take = play(s, "0: discard Ad", "1: take")[-1]
    assert take.known_to is None and take.card == "Ad" and take.dst == "hand:1"


def _finish_with_knock(state: GinRummyState) -> None:
    play(state, "0: pass", "1: pass", "0: draw", "0: knock 2s")


def test_shutout_game_doubles_with_the_bonus_and_adds_box() -> None:
    s = deal(KNOCKER, JUNK, "Th", ["Ad"], game_target=50)
    _finish_with_knock(s)
    game = s.games[-1]
    assert game["shutout"] and game["doubled"]
    assert game["totals"] == [(80 + 100) * 2 + 25, 0]
    assert s.scores == [385, 0] and not s.is_over()
    assert s.view(0)["result"]["game_over"] and s.history[-1]["game_over"]
    play(s, "1: next")
    v = s.view(0)
    assert v["game_number"] == 2 and v["game_scores"] == [0, 0] and v["dealer"] == 1  # the loser deals
    assert v["hand_history"] == [] and len(v["games"]) == 1


def test_no_doubling_when_the_option_is_off() -> None:
    s = deal(KNOCKER, JUNK, "Th", ["Ad"], game_target=50, shutout_doubles=False)
    _finish_with_knock(s)
    assert s.games[-1]["totals"] == [80 + 100 + 25, 0]


def test_box_bonuses_for_each_hand_won_and_no_shutout() -> None:
    s = deal(KNOCKER, JUNK, "Th", ["Ad"])
    snap = s.to_json()
    snap["state"].update(game_scores=[40, 60], hands_won=[1, 2])
    s = GinRummyState.from_json(snap)
    _finish_with_knock(s)
    game = s.games[-1]
    assert game["points"] == [120, 60] and game["hands_won"] == [2, 2] and not game["shutout"]
    assert game["box"] == [50, 50] and game["totals"] == [120 + 100 + 50, 60 + 50]
    assert s.scores == [270, 110]


def test_match_end() -> None:
    s = deal(KNOCKER, JUNK, "Th", ["Ad"], game_target=50, match_target=300)
    _finish_with_knock(s)
    assert s.is_over() and s.to_move() == [] and s.winners() == [0]
    assert s.result() == {"over": True, "scores": [385, 0], "winners": [0]}
    v = s.view(1)
    assert v["phase"] == "match_over" and v["result"]["match_over"] and v["over"]
    assert s.legal_moves(0) == [] and s.legal_moves(1) == []


def test_next_is_legal_for_both_seats_and_alternates_the_dealer() -> None:
    s = deal(KNOCKER, JUNK, "Th", ["Ad"])
    _finish_with_knock(s)
    assert [m.action for m in s.legal_moves(0)] == ["next"] == [m.action for m in s.legal_moves(1)]
    assert refused(s, "0: draw").key == "gin.hand_over"
    events = play(s, "0: next")
    assert events[0].kind == "shuffle" and sum(e.kind == "deal" for e in events) == 21
    assert s.dealer == 0 and s.to_move() == [1] and s.view(0)["hand_number"] == 2


def test_options_are_validated() -> None:
    with pytest.raises(ValueError):
        GinOptions(knock_limit=-1)
    with pytest.raises(ValueError):
        GinOptions(first_dealer=2)
    with pytest.raises(ValueError):
        GinOptions(oklahoma=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        GinOptions(match_target=0)
    with pytest.raises(ValueError):
        GinOptions(gin_bonus=-5)


def test_the_automatic_knock_never_looks_at_the_defenders_hidden_cards() -> None:
    """Between arrangements with equal deadwood the knocker's choice depends only on what it knows:
    two hands that differ only in the defender's unseen cards give the same arrangement."""
    from game.core import Rng
    from game.gin_rummy import melds as M

    desc = GAMES["gin_rummy"]
    bots = [desc.make_bot("normal", 1), desc.make_bot("normal", 2)]
    compared = differed = 0
    for seed in range(400):
        state = desc.new_match(2, seed=seed)
        while state.phase in ("upcard", "draw", "discard") and compared < 60:
            seat = state.to_move()[0]
            legal = state.legal_moves(seat)
            knocks = [m for m in legal if m.name == "knock"]
            for move in knocks:
                hand = state.hands[seat] & ~(1 << M.parse_card(move.args[0]))
                if len(M.all_best_arrangements(hand)) < 2:
                    continue
                compared += 1
                choices = set()
                for k in range(6):
                    twin = state.redeal_hidden(seat, Rng(k))
                    choices.add(twin._choose_knock_melds(seat, hand))
                differed += len(choices) > 1
            state.apply(bots[seat].choose(state.view(seat), legal))
        if compared >= 60:
            break
    assert compared >= 20, "too few knocks with several arrangements to prove anything"
    assert differed == 0, f"{differed} of {compared} knocks chose by the defender's hidden cards"


def test_three_cards_cycling_void_the_hand_after_the_set_number_of_takes() -> None:
    """Each player takes the top discard and throws the card they took the turn before: the stock
    never moves. After ``void_after_takes`` draws from the discard pile the hand is void."""
    def cycle(limit: int) -> GinRummyState:
        s = GAMES["gin_rummy"].new_match(2, GinOptions(first_dealer=1, void_after_takes=limit), seed=3)
        s.apply("0: take")  # the upcard
        previous: dict[int, str | None] = {0: s.view(0)["discard_log"][0]["card"], 1: None}
        for _ in range(200):
            if s.phase != "discard":
                break
            seat = s.to_move()[0]
            view = s.view(seat)
            taken = view["just_taken"]
            keep = previous[seat] if previous[seat] in view["hand"] and previous[seat] != taken else None
            throw = keep or next(c for c in view["hand"] if c != taken)
            previous[seat] = taken
            s.apply(f"{seat}: discard {throw}")
            if s.phase == "draw":
                s.apply(f"{s.to_move()[0]}: take")
        return s

    s = cycle(30)
    assert s.phase == "hand_over" and s.view(0)["result"]["void"] == "cycle"
    assert s.history[-1]["points"] == [0, 0] and s.log.count("0: take") + s.log.count("1: take") == 30
    assert s.view(0)["pile_size"] == 31  # the stock never moved
    s = cycle(0)
    assert s.phase == "discard" and len(s.log) > 300, "with the option off the cycle goes on"
