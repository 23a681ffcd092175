"""Gin Rummy house rules on stacked decks: the Oklahoma sub-rules, the wall variant and Hollywood
scoring (legal moves, refusals, scoring, snapshots, match files and bots under each).

As in ``test_gin_rules``, seat 1 deals, so seat 0 gets the first card and acts first.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from game import GAMES
from game.core import Rng
from game.core.matchfile import export_match, import_match
from game.gin_rummy import GinOptions, GinRummyState
from game.gin_rummy import melds as M
from tests.gin_rummy.test_gin_rules import JUNK, KNOCKER, deal, play, refused

DESC = GAMES["gin_rummy"]
OKLAHOMA = {"oklahoma": True, "oklahoma_sub_rules": True}


def actions(state: GinRummyState, seat: int) -> list[str]:
    return [m.action for m in state.legal_moves(seat)]


def round_trips(state: GinRummyState, match_file: bool = True) -> None:
    """A snapshot and a match file give back the same match, with the same moves on offer (a
    match built from a snapshot with a made-up past has no match file to replay)."""
    again = GinRummyState.from_json(json.loads(json.dumps(state.to_json())))
    assert again.to_json() == state.to_json()
    twins = [again]
    if match_file:
        twins.append(import_match(export_match(state)))
        assert twins[1].to_json() == state.to_json()
    for twin in twins:
        for seat in (0, 1):
            assert twin.legal_moves(seat) == state.legal_moves(seat)
            assert twin.view(seat) == state.view(seat)


# ---------------------------------------------------------------------------- Oklahoma sub-rules
def test_oklahoma_sub_rules_need_oklahoma() -> None:
    with pytest.raises(ValueError, match="oklahoma_sub_rules needs oklahoma"):
        GinOptions(oklahoma_sub_rules=True)
    with pytest.raises(ValueError):
        GinOptions(oklahoma=True, oklahoma_sub_rules=1)  # type: ignore[arg-type]
    assert GinOptions(**OKLAHOMA).oklahoma_sub_rules


GIN_IN_ONE = ["3c", "4c", "5c", "7s", "7h", "7d", "9s", "9h", "9d", "2s"]  # 6c makes gin, discarding 2s


def test_an_ace_upcard_allows_gin_only() -> None:
    s = deal(GIN_IN_ONE, JUNK, "Ah", ["6c"], **OKLAHOMA)
    assert s.view(0)["knock_limit"] == 0
    play(s, "0: pass", "1: pass", "0: draw")
    legal = actions(s, 0)
    assert "gin 2s" in legal and not any(a.startswith("knock") for a in legal)
    assert [o["kind"] for o in s.view(0)["knocks"]] == ["gin"]
    e = refused(s, "0: knock 6c")
    assert e.key == "gin.gin_only" and "ace" in str(e)
    assert refused(s, "0: knock 6c 3c4c5c 7s7h7d 9s9h9d").key == "gin.gin_only"
    assert refused(s, "0: knock 2s").key == "gin.knock_is_gin"
    play(s, "0: gin 2s")
    bd = s.view(1)["result"]["breakdown"]
    assert bd == {"difference": 81, "bonus": 25, "bonus_kind": "gin", "doubled": False, "total": 106}
    # plain Oklahoma: the ace only sets the limit to 1
    s = deal(GIN_IN_ONE, JUNK, "Ah", ["6c"], oklahoma=True)
    play(s, "0: pass", "1: pass", "0: draw")
    assert refused(s, "0: knock 6c").key == "gin.knock_too_high"


def test_an_ace_upcard_leaves_gin_only_for_bots_too() -> None:
    for level in ("easy", "normal", "hard", "simple"):
        s = deal(GIN_IN_ONE, JUNK, "Ah", ["6c"], **OKLAHOMA)
        play(s, "0: pass", "1: pass", "0: draw")
        assert str(DESC.make_bot(level, 1).choose(s.view(0), s.legal_moves(0))) == "0: gin 2s"


def test_a_spade_upcard_doubles_the_hand_score_bonuses_included() -> None:
    s = deal(KNOCKER, JUNK, "Ts", ["Ad"], **OKLAHOMA)
    assert s.view(0)["knock_limit"] == 10
    play(s, "0: pass", "1: pass", "0: draw", "0: knock 2s")
    r = s.view(0)["result"]
    assert r["breakdown"] == {"difference": 80, "bonus": 0, "bonus_kind": None, "doubled": True, "total": 160}
    assert r["points"] == [160, 0] and s.history[-1]["points"] == [160, 0]
    # gin: the bonus is doubled with the deadwood
    s = deal(GIN_IN_ONE, JUNK, "Ts", ["6c"], **OKLAHOMA)
    play(s, "0: pass", "1: pass", "0: draw", "0: gin 2s")
    assert s.history[-1]["points"] == [(25 + 81) * 2, 0]
    # an undercut: the defender's bonus is doubled too
    equal = ["Jc", "Qc", "Kc", "Ts", "Th", "Td", "6s", "6h", "6d", "2h"]
    s = deal(KNOCKER, equal, "4s", ["Qs"], **OKLAHOMA)
    play(s, "0: pass", "1: pass", "0: draw", "0: knock Qs")
    assert s.history[-1]["kind"] == "undercut" and s.history[-1]["points"] == [0, 50]
    # another suit, or Oklahoma without the sub-rules: not doubled
    for up, opts in (("Th", OKLAHOMA), ("Ts", {"oklahoma": True})):
        s = deal(KNOCKER, JUNK, up, ["Ad"], **opts)
        play(s, "0: pass", "1: pass", "0: draw", "0: knock 2s")
        assert s.history[-1]["points"] == [80, 0] and not s.view(0)["result"]["breakdown"]["doubled"]


def test_the_game_bonuses_are_not_doubled_by_a_spade() -> None:
    s = deal(KNOCKER, JUNK, "Ts", ["Ad"], game_target=100, **OKLAHOMA)
    play(s, "0: pass", "1: pass", "0: draw", "0: knock 2s")
    game = s.games[-1]
    assert game["points"] == [160, 0] and game["totals"] == [(160 + 100) * 2 + 25, 0]


def test_oklahoma_sub_rules_round_trip() -> None:
    s = deal(GIN_IN_ONE, JUNK, "As", ["6c"], **OKLAHOMA)
    play(s, "0: pass", "1: pass", "0: draw")
    round_trips(s)
    assert "oklahoma_sub_rules=true" in export_match(s).replace(" ", "").lower()
    play(s, "0: gin 2s")
    assert s.history[-1]["points"] == [(25 + 81) * 2, 0]
    round_trips(s)


# ---------------------------------------------------------------------------- wall variant
FULL = [M.TEXT_AT[i] for i in M.CARD_INDICES]
W0 = ["Ks", "Kh", "Qc", "Th", "8s", "8c", "6h", "4d", "2h", "As"]  # no meld, deadwood 69
W1 = ["3c", "4c", "5c", "7s", "7h", "7d", "9s", "9h", "2d", "Kd"]  # deadwood 30; 9d lets it knock


def wall_deal(last: str, **options: Any) -> GinRummyState:
    """A deal whose 29th stock card is ``last``: drawn by seat 0 just before the wall."""
    rest = [c for c in FULL if c not in [*W0, *W1, "5h", last]]
    return deal(W0, W1, "5h", [*rest[:28], last, *rest[28:]], **{"wall_variant": True, **options})


def to_the_wall(s: GinRummyState) -> None:
    """Both pass the upcard, then each throws the card they draw until two are left in the stock."""
    play(s, "0: pass", "1: pass")
    seat = 0
    while s.view(0)["pile_size"] > 2:
        before = set(s.view(seat)["hand"])
        play(s, f"{seat}: draw")
        drawn = (set(s.view(seat)["hand"]) - before).pop()
        play(s, f"{seat}: discard {drawn}")
        seat = 1 - seat


def test_without_the_variant_the_last_discard_voids_the_hand() -> None:
    s = wall_deal("9d", wall_variant=False)
    to_the_wall(s)
    assert s.phase == "hand_over" and s.history[-1]["kind"] == "wall"


def test_the_last_discard_may_be_taken_to_knock() -> None:
    s = wall_deal("9d")
    to_the_wall(s)
    v = s.view(1)
    assert v["phase"] == "draw" and v["active"] == 1 and v["discard_top"] == "9d" and v["pile_size"] == 2
    assert actions(s, 1) == ["take", "pass"]
    assert refused(s, "1: draw").key == "gin.wall_no_draw"
    round_trips(s)
    play(s, "1: take")
    legal = actions(s, 1)
    assert legal and all(a.split()[0] in ("knock", "gin") for a in legal)
    e = refused(s, "1: discard Kd")
    assert e.key == "gin.wall_must_go_out" and "knock or go gin" in str(e)
    assert refused(s, "1: draw").key == "gin.wall_must_go_out"
    assert refused(s, "1: knock 9d").key == "gin.just_taken"
    round_trips(s)
    play(s, "1: knock Kd")
    h = s.history[-1]
    assert h["kind"] == "knock" and h["deadwood"] == [69, 2] and h["points"] == [0, 67]
    round_trips(s)


def test_a_last_discard_that_cannot_help_is_refused_and_the_pass_voids_the_hand() -> None:
    s = wall_deal("Qd")
    to_the_wall(s)
    assert actions(s, 1) == ["pass"] and actions(s, 0) == []
    e = refused(s, "1: take")
    assert e.key == "gin.wall_take_useless" and e.params == {"card": "Qd"} and "Qd" in str(e)
    events = play(s, "1: pass")
    assert events[0].kind == "pass" and events[0].info == {"discard": "Qd"}
    r = s.view(0)["result"]
    assert r["kind"] == "wall" and r["void"] == "wall" and s.history[-1]["points"] == [0, 0]
    play(s, "0: next")
    assert s.dealer == 1, "the same dealer deals again"


def test_a_usable_last_discard_may_be_passed() -> None:
    s = wall_deal("9d")
    to_the_wall(s)
    play(s, "1: pass")
    assert s.history[-1]["kind"] == "wall"


def test_the_take_is_offered_only_for_a_knock_within_the_limit() -> None:
    # 9d leaves 2 deadwood: too much when only gin is allowed
    s = wall_deal("9d", knock_limit=1)
    to_the_wall(s)
    assert actions(s, 1) == ["pass"]
    # with the card just taken allowed back, taking it and throwing it back is no way out either
    s = wall_deal("Qd", forbid_discard_taken=False)
    to_the_wall(s)
    assert actions(s, 1) == ["pass"]


def test_the_last_discard_may_make_gin() -> None:
    s = deal(W0, ["3c", "4c", "5c", "7s", "7h", "7d", "9s", "9h", "Kd", "Qd"], "5h",
             [*[c for c in FULL if c not in W0 + ["3c", "4c", "5c", "7s", "7h", "7d", "9s", "9h", "Kd", "Qd",
                                                  "5h", "9d", "Jd"]][:28], "Jd"], wall_variant=True, knock_limit=0)
    to_the_wall(s)
    assert actions(s, 1) == ["pass"]  # Jd melds Qd Kd but leaves 18: no gin
    s = deal(W0, ["3c", "4c", "5c", "7s", "7h", "7d", "9s", "9h", "9d", "Qd"], "5h",
             [*[c for c in FULL if c not in W0 + ["3c", "4c", "5c", "7s", "7h", "7d", "9s", "9h", "9d", "Qd",
                                                  "5h", "6c"]][:28], "6c"], wall_variant=True, knock_limit=0)
    to_the_wall(s)
    assert actions(s, 1) == ["take", "pass"]
    play(s, "1: take")
    assert actions(s, 1) == ["gin Qd"]
    play(s, "1: gin Qd")
    assert s.history[-1]["kind"] == "gin" and s.history[-1]["points"] == [0, 25 + 69]


@pytest.mark.parametrize("level", ["easy", "normal", "hard", "simple"])
def test_bots_take_the_last_discard_only_when_offered_and_then_go_out(level: str) -> None:
    bot = DESC.make_bot(level, 3)
    s = wall_deal("Qd")
    to_the_wall(s)
    assert str(bot.choose(s.view(1), s.legal_moves(1))) == "1: pass"
    s = wall_deal("9d")
    to_the_wall(s)
    move = bot.choose(s.view(1), s.legal_moves(1))
    assert str(move) == "1: take", f"{level} passes a knock with 2 deadwood against an unknown hand"
    s.apply(move)
    move = bot.choose(s.view(1), s.legal_moves(1))
    assert move.name == "knock"
    s.apply(move)
    assert s.history[-1]["winners"] == [1]


def test_normal_and_hard_weigh_a_last_discard_that_leaves_10_deadwood() -> None:
    """Normal knocks at the end of a hand only with 4 deadwood or less, so it passes; hard weighs
    the knock against its sampled defenders, who hold more than 10 this late in the hand."""
    w1 = ["3c", "4c", "5c", "7s", "7h", "7d", "9s", "9h", "Kd", "Qd"]  # 9d: knock with 10 (Qd)
    rest = [c for c in FULL if c not in [*W0, *w1, "5h", "9d"]]
    s = deal(W0, w1, "5h", [*rest[:28], "9d", *rest[28:]], wall_variant=True)
    to_the_wall(s)
    assert actions(s, 1) == ["take", "pass"]
    assert str(DESC.make_bot("normal", 1).choose(s.view(1), s.legal_moves(1))) == "1: pass"
    assert str(DESC.make_bot("hard", 1).choose(s.view(1), s.legal_moves(1))) == "1: take"


def test_the_hard_bot_explains_each_wall_decision_in_both_languages() -> None:
    """The hint at the wall says why: take to go out, pass when the card cannot help, and the
    forced way out after taking it."""
    from ui.i18n import Translator

    hard = DESC.make_bot("hard", 1)
    s = wall_deal("9d")
    to_the_wall(s)
    assert str(hard.choose(s.view(1), s.legal_moves(1))) == "1: take"
    assert hard.reason is not None and hard.reason[0] == "gin.last_take" and hard.reason[1]["card"] == "9d"
    reasons = [hard.reason]
    play(s, "1: take")
    hard.choose(s.view(1), s.legal_moves(1))
    assert hard.reason is not None and hard.reason[0] == "gin.out_last"
    reasons.append(hard.reason)
    s = wall_deal("Qd")
    to_the_wall(s)
    assert str(hard.choose(s.view(1), s.legal_moves(1))) == "1: pass"
    assert hard.reason == ("gin.last_cannot", {"card": "Qd"})
    reasons.append(hard.reason)
    for lang in ("en", "fr"):
        tr = Translator(lang)
        for key, params in reasons:
            text = tr(f"why.{key}", **params)
            assert "{" not in text and params.get("card", "") in text, (lang, key, text)


# ---------------------------------------------------------------------------- Hollywood scoring
def hollywood_entry(hand: int, winner: int, points: int, games: list[int], game_scores: list[int]) -> dict[str, Any]:
    pts = [0, 0]
    pts[winner] = points
    return {"points": pts, "winners": [winner], "kind": "knock", "game": 1, "hand": hand, "dealer": hand % 2,
            "knocker": winner, "deadwood": [0, 0], "bonus": 0, "game_scores": game_scores, "game_over": False,
            "hollywood": games}


def with_past(state: GinRummyState, history: list[dict[str, Any]], **fields: Any) -> GinRummyState:
    """The same fresh deal as if ``history`` had been played before it (through a snapshot)."""
    snap = state.to_json()
    snap["history"] = history
    snap["state"].update(hand_no=len(history) + 1, **fields)
    return GinRummyState.from_json(snap)


def test_the_first_hand_a_player_wins_goes_to_game_1_only() -> None:
    s = deal(KNOCKER, JUNK, "Th", ["Ad"], hollywood=True)
    assert s.view(0)["hollywood"] == [{"game": g, "scores": [0, 0], "hands_won": [0, 0], "over": False,
                                       "winner": None} for g in (1, 2, 3)]
    play(s, "0: pass", "1: pass", "0: draw", "0: knock 2s")
    assert s.history[-1]["hollywood"] == [1]
    v = s.view(1)
    assert [g["scores"] for g in v["hollywood"]] == [[80, 0], [0, 0], [0, 0]]
    assert [g["hands_won"] for g in v["hollywood"]] == [[1, 0], [0, 0], [0, 0]]
    assert v["game_scores"] == [80, 0] and v["hands_won"] == [1, 0] and v["game_number"] == 1
    assert s.scores == [0, 0] and not v["result"]["game_over"]
    round_trips(s)


def test_later_wins_go_to_more_games_and_one_hand_may_end_two() -> None:
    past = [hollywood_entry(1, 0, 30, [1], [30, 0]), hollywood_entry(2, 0, 20, [1, 2], [50, 0])]
    s = with_past(deal(KNOCKER, JUNK, "Th", ["Ad"], hollywood=True), past, game_scores=[50, 0], hands_won=[2, 0])
    assert [g["scores"] for g in s.view(0)["hollywood"]] == [[50, 0], [20, 0], [0, 0]]
    events = play(s, "0: pass", "1: pass", "0: draw", "0: knock 2s")
    assert s.history[-1]["hollywood"] == [1, 2, 3] and s.history[-1]["game_over"]
    one, two = s.games
    assert (one["game"], one["points"], one["hands_won"]) == (1, [130, 0], [3, 0])
    assert one["shutout"] and one["totals"] == [(130 + 100) * 2 + 75, 0]
    assert (two["game"], two["points"], two["hands_won"]) == (2, [100, 0], [2, 0])
    assert two["totals"] == [(100 + 100) * 2 + 50, 0]
    assert s.scores == [535 + 450, 0] and not s.is_over()
    r = s.view(0)["result"]
    assert r["game"] == one and r["games"] == [one, two]
    assert [e.info["game"] for e in events if e.kind == "game_end"] == [1, 2]
    assert s.finished_games() == [{"points": [535, 0], "winners": [0]}, {"points": [450, 0], "winners": [0]}]
    hw = s.view(1)["hollywood"]
    assert [(g["over"], g["winner"]) for g in hw] == [(True, 0), (True, 0), (False, None)]
    assert hw[2]["scores"] == [80, 0]
    round_trips(s, match_file=False)
    play(s, "1: next")
    v = s.view(0)
    assert v["game_number"] == 3 and v["game_scores"] == [80, 0] and v["hands_won"] == [1, 0]
    assert v["hand_number"] == 4 and v["dealer"] == 0, "the hand count goes on and the deal alternates"
    assert [h["hand"] for h in v["hand_history"]] == [3]


def test_a_player_shut_out_of_a_finished_game_enters_the_next_open_one() -> None:
    past = [hollywood_entry(1, 0, 60, [1], [60, 0]), hollywood_entry(2, 0, 50, [1, 2], [110, 0])]
    base = deal(KNOCKER, ["Jc", "Qc", "Kc", "Ts", "Th", "Td", "6s", "6h", "6d", "2h"], "Kh", ["Qs"], hollywood=True)
    closed = {"game": 1, "winner": 0, "points": [110, 0], "hands_won": [2, 0], "game_bonus": 100,
              "shutout": True, "doubled": True, "box": [50, 0], "totals": [470, 0], "match_scores": [470, 0]}
    s = with_past(base, past, games=[closed], match_scores=[470, 0], game_no=2, game_scores=[50, 0],
                  hands_won=[1, 0])
    play(s, "0: pass", "1: pass", "0: draw", "0: knock Qs")  # undercut: seat 1 wins its first hand
    assert s.history[-1]["winners"] == [1] and s.history[-1]["hollywood"] == [2]
    assert [g["scores"] for g in s.view(0)["hollywood"]] == [[110, 0], [50, 25], [0, 0]]
    assert s.view(0)["game_scores"] == [50, 25]


def test_the_match_ends_when_the_third_game_ends_whatever_the_match_target() -> None:
    s = deal(KNOCKER, JUNK, "Th", ["Ad"], hollywood=True, game_target=50, match_target=50)
    play(s, "0: pass", "1: pass", "0: draw", "0: knock 2s")
    assert len(s.games) == 1 and not s.is_over() and s.phase == "hand_over"
    past = [hollywood_entry(1, 0, 60, [1], [60, 0]), hollywood_entry(2, 1, 55, [1], [60, 55]),
            hollywood_entry(3, 0, 10, [2], [10, 0]), hollywood_entry(4, 1, 60, [2, 3], [10, 60]),
            hollywood_entry(5, 0, 20, [2, 3], [30, 60])]
    games = [{"game": 1, "winner": 0, "points": [60, 55], "hands_won": [1, 1], "game_bonus": 100, "shutout": False,
              "doubled": False, "box": [25, 25], "totals": [185, 80], "match_scores": [185, 80]},
             {"game": 2, "winner": 1, "points": [30, 60], "hands_won": [2, 1], "game_bonus": 100, "shutout": False,
              "doubled": False, "box": [50, 25], "totals": [80, 185], "match_scores": [265, 265]}]
    s = with_past(deal(KNOCKER, JUNK, "Th", ["Ad"], hollywood=True, game_target=50), past, games=games,
                  match_scores=[265, 265], game_no=3, game_scores=[20, 60], hands_won=[1, 1])
    assert [g["scores"] for g in s.view(0)["hollywood"]] == [[60, 55], [30, 60], [20, 60]]
    play(s, "0: pass", "1: pass", "0: draw", "0: knock 2s")
    third = s.games[-1]
    assert third["game"] == 3 and third["points"] == [100, 60] and third["totals"] == [100 + 100 + 50, 60 + 25]
    assert s.is_over() and s.phase == "match_over" and s.view(0)["result"]["match_over"]
    assert s.result() == {"over": True, "scores": [265 + 250, 265 + 85], "winners": [0]}
    assert len(s.finished_games()) == 3


def test_a_void_hand_goes_to_no_game() -> None:
    s = wall_deal("Qd", hollywood=True)
    to_the_wall(s)
    play(s, "1: pass")
    assert s.history[-1]["hollywood"] == []
    assert all(g["scores"] == [0, 0] for g in s.view(0)["hollywood"])


def credit_by_hand(history: list[dict[str, Any]], target: int) -> list[list[int]]:
    """The games each hand should go to, worked out from the rules page alone."""
    scores = [[0, 0] for _ in range(3)]
    entered = [[False, False] for _ in range(3)]
    over = [False] * 3
    out = []
    for h in history:
        if not h["winners"]:
            out.append([])
            continue
        w = h["winners"][0]
        games = [g for g in range(3) if not over[g] and entered[g][w]]
        fresh = [g for g in range(3) if not over[g] and not entered[g][w]][:1]
        games = sorted(games + fresh)
        for g in games:
            scores[g][w] += h["points"][w]
            entered[g][w] = True
        for g in games:
            over[g] = over[g] or scores[g][w] >= target
        out.append([g + 1 for g in games])
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_whole_hollywood_match_between_bots_follows_the_rules_page(seed: int) -> None:
    options = GinOptions(hollywood=True, game_target=60, match_target=60)
    s = DESC.new_match(2, options=options, seed=seed)
    bots = {0: DESC.make_bot("normal", seed), 1: DESC.make_bot("easy", seed + 1)}
    rnd = random.Random(seed)
    checked = False
    while not s.is_over():
        seat = s.to_move()[0]
        view = s.view(seat)
        if rnd.random() < 0.05:
            assert GinRummyState.determinise(view, Rng(seed)).view(seat) == view
        if not checked and len(s.games) == 1 and s.phase == "hand_over":
            round_trips(s)
            checked = True
        s.apply(bots[seat].choose(view, s.legal_moves(seat)))
    assert [h["hollywood"] for h in s.history] == credit_by_hand(s.history, 60)
    assert sorted(g["game"] for g in s.games) == [1, 2, 3]
    assert s.scores == [sum(g["totals"][p] for g in s.games) for p in (0, 1)]
    for g in s.games:
        credited = [h for h in s.history if g["game"] in h["hollywood"]]
        assert g["points"] == [sum(h["points"][p] for h in credited) for p in (0, 1)]
        assert g["hands_won"] == [sum(h["winners"] == [p] for h in credited) for p in (0, 1)]
        assert g["box"] == [25 * n for n in g["hands_won"]]
    dealers = [h["dealer"] for h in s.history]
    for before, after, h in zip(dealers, dealers[1:], s.history):
        assert after == (before if h["kind"] == "wall" else 1 - before)
    round_trips(s)


@pytest.mark.parametrize("house_rule", [OKLAHOMA, {"wall_variant": True, "knock_limit": 3}, {"hollywood": True}],
                         ids=["oklahoma_sub_rules", "wall_variant", "hollywood"])
@pytest.mark.parametrize("levels", [("hard", "normal"), ("easy", "simple")], ids=["hard-normal", "easy-simple"])
def test_bots_play_a_whole_quick_match_under_each_house_rule(house_rule: dict[str, Any], levels: tuple[str, str]) -> None:
    s = DESC.new_match(2, options=GinOptions(game_target=25, match_target=25, **house_rule), seed=4)
    bots = {seat: DESC.make_bot(level, seat) for seat, level in enumerate(levels)}
    for _ in range(5000):
        if s.is_over():
            break
        seat = s.to_move()[0]
        legal = s.legal_moves(seat)
        move = bots[seat].choose(s.view(seat), legal)
        assert move in legal
        s.apply(move)
    assert s.is_over() and s.winners()
