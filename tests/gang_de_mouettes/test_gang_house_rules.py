"""The designer's own readings (rule options beside the printed rules), one stacked deck per rule:
when the call is made, the quick-discard window's length and successes, the card a piqué gives."""

from __future__ import annotations

import json
import random

import pytest

from game import GAMES, IllegalMove, SaveError
from game.core.matchfile import MatchFileError, export_match, import_match
from game.core.options import schema
from game.core.referee import Referee
from game.core.timing import Window
from game.gang_de_mouettes import GangState, Options
from game.gang_de_mouettes.bots import Perspective, perspective_from_view, react_action
from game.gang_de_mouettes.options import WINDOW_PRESETS
from tests.gang_de_mouettes.test_gang_rules import play, stacked, values
from tests.test_referee import Scripted

DESC = GAMES["gang_de_mouettes"]
START = {"call_timing": "start_of_turn"}


def refused(state: GangState, text: str) -> str | None:
    """The translation key of the refusal of ``text`` (which must be refused, changing nothing)."""
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalMove) as info:
        state.apply(text)
    assert json.dumps(state.to_json(), sort_keys=True) == before
    return info.value.key


def actions(state: GangState, seat: int) -> list[str]:
    return [m.action for m in state.legal_moves(seat)]


# ---------------------------------------------------------------------- validation and saving
@pytest.mark.parametrize(("name", "bad"), [("call_timing", "whenever"), ("snap_successes", "all"),
                                           ("pique_gives", "first"), ("call_timing", None), ("pique_gives", 1)])
def test_the_new_options_refuse_unknown_values_naming_option_and_value(name: str, bad: object) -> None:
    with pytest.raises(ValueError) as info:
        Options(**{name: bad})  # type: ignore[arg-type]
    assert name in str(info.value) and repr(bad) in str(info.value)


def test_the_defaults_are_the_printed_readings() -> None:
    options = Options()
    assert (options.call_timing, options.snap_successes, options.pique_gives) == ("after_turn", "one", "choose")
    assert options.snap_window_seconds == 3.0
    assert schema(Options)["snap_window_seconds"].presets == WINDOW_PRESETS == (3.0, 5.0, 10.0)


HOUSE = {"call_timing": "start_of_turn", "snap_successes": "several", "pique_gives": "last",
         "snap_window_seconds": 10.0}


def test_house_options_round_trip_through_snapshots_and_match_files() -> None:
    state = DESC.new_match(3, options=Options(**HOUSE), seed=5)
    rnd = random.Random(5)
    for _ in range(60):  # random moves, no call: the round goes on
        seat = rnd.choice(state.to_move())
        state.apply(rnd.choice([m for m in state.legal_moves(seat) if m.name != "call"]))
    snapshot = json.loads(json.dumps(state.to_json()))
    assert {k: snapshot["options"][k] for k in HOUSE} == HOUSE
    resumed = DESC.load(snapshot)
    assert resumed.options == state.options and resumed.to_json() == state.to_json()
    text = export_match(state)
    for line in ('[Option "call_timing=\\"start_of_turn\\""]', '[Option "snap_successes=\\"several\\""]',
                 '[Option "pique_gives=\\"last\\""]', '[Option "snap_window_seconds=10.0"]'):
        assert line in text
    assert "match_end" not in text  # defaults are not written
    assert import_match(text).to_json() == state.to_json()


def test_bad_house_values_in_saves_and_match_files_are_refused() -> None:
    good = DESC.new_match(2, seed=1).to_json()
    with pytest.raises(SaveError, match="pique_gives"):
        DESC.load(dict(good, options=dict(good["options"], pique_gives="random")))
    text = export_match(DESC.new_match(2, options=Options(call_timing="start_of_turn"), seed=1))
    with pytest.raises(MatchFileError, match="call_timing"):
        import_match(text.replace("start_of_turn", "on_tuesdays"))


# ---------------------------------------------------------------------- call_timing
HANDS_2 = [["M0", "M0", "M1", "M1"], ["M9", "M9", "M9", "M9"]]


def test_after_turn_the_call_comes_once_the_turn_is_played() -> None:
    state = stacked(HANDS_2, ["M7", "M7", "M7", "M7"], quick_discards=False)
    assert actions(state, 0) == ["draw"]
    assert refused(state, "0: call") == "gang.call_after_turn"
    play(state, "0: draw", "0: discard")
    assert state.phase == "end_turn" and actions(state, 0) == ["call", "done"]


def test_at_the_start_of_turn_the_call_replaces_the_draw() -> None:
    state = stacked(HANDS_2, ["M7", "M7", "M7", "M7"], quick_discards=False, **START)
    assert actions(state, 0) == ["draw", "call"]
    assert refused(state, "0: done") == "gang.draw_or_call"
    play(state, "0: draw")
    assert "call" not in actions(state, 0)
    assert refused(state, "0: call") == "gang.call_at_start"
    events = play(state, "0: discard")
    # no end of turn to call in: the turn is over once the card is down
    assert state.phase == "turn" and state.active == 1 and [e.kind for e in events][-2:] == ["turn_end", "turn"]
    assert actions(state, 1) == ["draw", "take 0", "take 1", "take 2", "take 3", "call"]
    view = state.view(1)
    assert view["phase"] == "turn" and view["to_move"] == [1] and view["options"]["call_timing"] == "start_of_turn"


def test_a_start_of_turn_call_skips_the_turn_and_the_caller_plays_last() -> None:
    state = stacked(HANDS_2, ["M7", "M7", "M7", "M7"], quick_discards=False, **START)
    play(state, "0: draw", "0: discard", "1: draw", "1: discard")
    pile, discard = list(state.pile), list(state.discard)
    events = play(state, "0: call")
    assert [e.kind for e in events] == ["call", "turn_end", "turn"]
    assert state.pile == pile and state.discard == discard and values(state, 0) == HANDS_2[0]
    assert state.caller == 0 and state.active == 1 and state.view(1)["final_turns"] == [0]
    assert refused(state, "1: call") == "gang.already_called"
    play(state, "1: draw", "1: discard")
    assert state.active == 0 and actions(state, 0) == ["draw", "take 0", "take 1", "take 2", "take 3"]
    play(state, "0: draw", "0: discard")
    assert state.phase == "round_over"
    assert state.history[-1]["points"] == [0, 36] and state.history[-1]["caller_lowest"] is True


def test_a_start_of_turn_call_without_a_last_turn_for_the_caller() -> None:
    hands = [["M5", "M5", "M1", "M1"], ["M0", "M0", "M1", "M1"], ["M8", "M8", "M8", "M8"]]
    state = stacked(hands, ["M7"] * 4, quick_discards=False, caller_plays_last=False, **START)
    play(state, "0: call")  # even before anything was played
    assert state.view(2)["final_turns"] == [2] and state.active == 1
    play(state, "1: draw", "1: discard", "2: draw", "2: discard")
    assert state.phase == "round_over"
    assert state.history[-1]["points"] == [12 + 10, 2, 32] and state.scores == [22, 2, 32]


def test_start_of_turn_windows_end_the_turn_and_a_snap_may_end_it() -> None:
    hands = [["M5", "M1", "M7", "M3"], ["M4", "M5", "M6", "M9"]]
    state = stacked(hands, ["M2", "M3"], **START)
    play(state, "0: draw", "0: swap 0")
    assert state.phase == "window"
    assert refused(state, "0: call") == "gang.call_at_start"
    play(state, "1: snap 1.1")
    assert state.phase == "turn" and state.active == 1


def test_with_nothing_to_draw_or_take_a_start_of_turn_seat_may_still_call_or_pass() -> None:
    state = stacked([["M0", "M1", "M2", "M3"], ["M4", "M5", "M6", "M7"]], [], quick_discards=False, **START)
    state.slots[1].extend(state.pile)  # every card in the seats: nothing to draw or take
    state.know[1].extend([0] * len(state.pile))
    state.pile.clear()
    state.discard = []
    state._begin_turn(0)
    assert state.phase == "end_turn" and actions(state, 0) == ["call", "done"]


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_bots_call_at_the_start_of_their_turn_from_the_view(level: str) -> None:
    """14 points, all known: a hand to call on at once (with 2 points the hard bot would rather
    play on, its opponent likely to call on a worse hand)."""
    hands = [["M3", "M3", "M4", "M4"], ["M9", "M9", "M9", "M9"]]
    state = stacked(hands, ["M7"] * 4, quick_discards=False, peek_slots=4, **START)
    view = state.view(0)
    assert view["slots"][1] == [None] * 4  # the bot sees only what seat 0 knows
    assert DESC.make_bot(level, seed=1).choose(view, state.legal_moves(0)).action == "call"


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_a_table_of_bots_ends_its_rounds_calling_at_the_start(level: str) -> None:
    state = DESC.new_match(4, options=Options(match_end=60, **HOUSE), seed=17)
    bots = [DESC.make_bot(level, s) for s in range(4)]
    for _ in range(20000):
        if state.is_over():
            break
        seat = state.to_move()[0]
        move = bots[seat].choose(state.view(seat), state.legal_moves(seat))
        assert state.is_legal(move)
        state.apply(move)
    assert state.is_over() and all(entry["caller"] is not None for entry in state.history)
    calls = [text for text in state.log if text.endswith(": call")]
    assert len(calls) == len(state.history)


# ---------------------------------------------------------------------- snap_window_seconds
@pytest.mark.parametrize("seconds", WINDOW_PRESETS)
def test_the_window_lasts_the_chosen_seconds(seconds: float) -> None:
    state = stacked([["M5", "M1", "M7", "M3"], ["M4", "M5", "M6", "M9"]], ["M2"], snap_window_seconds=seconds)
    play(state, "0: draw", "0: swap 0")
    timer = state.timer()
    assert isinstance(timer, Window) and timer.seconds == seconds and timer.racers == (1,)


# ---------------------------------------------------------------------- snap_successes
HANDS_4 = [["M5", "M1", "M7", "M3"], ["M5", "M8", "M6", "M9"], ["M2", "M5", "M0", "M1"], ["M6", "M2", "M0", "M4"]]


def test_one_success_per_window_the_others_keep_their_card() -> None:
    state = stacked(HANDS_4, ["M2", "M3"], pique_allowed=False)
    play(state, "0: draw", "0: swap 0")
    assert state.to_move() == [0, 1, 2, 3]
    play(state, "1: snap 1.0")
    assert state.phase == "end_turn" and state.discard == [5, 5]
    assert refused(state, "2: snap 2.1") == "not_your_turn"  # the window closed: seat 2 keeps its 5
    assert values(state, 2) == HANDS_4[2]


def test_several_successes_every_matching_card_thrown_in_time_goes() -> None:
    state = stacked(HANDS_4, ["M2", "M3"], pique_allowed=False, snap_successes="several")
    play(state, "0: draw", "0: swap 0")
    first = state.timer()
    play(state, "1: snap 1.0")
    assert state.phase == "window" and state.to_move() == [0, 2, 3]
    assert state.view(3)["window"] == {"card": "M5", "tried": [1], "open_to": [2, 3]}
    again = state.timer()
    # the same window goes on (same clock) for the seats that have not tried, on a changed board
    assert isinstance(first, Window) and isinstance(again, Window)
    assert again.key == first.key and again.board != first.board and again.racers == (2, 3)
    assert refused(state, "1: snap 1.0") == "gang.already_tried"
    play(state, "2: snap 2.1")
    assert state.discard == [5, 5, 5] and values(state, 2) == ["M2", "M0", "M1"]
    play(state, "3: snap 3.0")  # a miss still costs a penalty, and the last racer closes the window
    assert values(state, 3) == ["M6", "M2", "M0", "M4", "M3"] and state.phase == "end_turn"
    assert state.round_points()[0] == [13, 23, 3, 15]


def test_several_successes_with_a_pique_the_window_opens_again_after_the_give() -> None:
    state = stacked(HANDS_4, ["M2", "M3"], snap_successes="several")
    play(state, "0: draw", "0: swap 0")
    play(state, "1: snap 2.1")  # piqué of seat 2's 5
    assert state.phase == "give" and state.to_move() == [1]
    assert actions(state, 1) == ["give 0", "give 1", "give 2", "give 3"]
    play(state, "1: give 3")
    assert values(state, 2) == ["M2", "M0", "M1", "M9"] and state.phase == "window"
    assert state.to_move() == [0, 2, 3]
    assert refused(state, "0: snap 0.0") == "gang.active_no_snap"
    play(state, "0: close")
    assert state.phase == "end_turn" and state.discard == [5, 5]


def test_several_successes_through_the_referee_every_bot_in_time_throws() -> None:
    for successes, thrown in (("one", 1), ("several", 2)):
        hands = [["M9", "M1", "M2", "M3"], ["M4", "M9", "M6", "M7"], ["M9", "M5", "M5", "M5"]]
        state = stacked(hands, ["M0"], peek_slots=0, pique_allowed=False, snap_successes=successes)
        ref = Referee(state, {1: Scripted("snap 1.1", delay=1.2), 2: Scripted("snap 2.0", delay=2.0)},
                      think_delay=0.8)
        ref.submit("0: draw")
        ref.submit("0: swap 0")
        played = [str(p.move) for p in ref.advance(1.99)]
        assert played == ["1: snap 1.1"]
        played += [str(p.move) for p in ref.advance(0.02)]  # 2 s after the window opened
        assert state.discard.count(9) == 1 + thrown, successes
        assert played[1:] == (["2: snap 2.0"] if successes == "several" else [])


def test_several_successes_a_bot_reaction_slower_than_the_window_still_misses() -> None:
    hands = [["M9", "M1", "M2", "M3"], ["M4", "M9", "M6", "M7"], ["M9", "M5", "M5", "M5"]]
    state = stacked(hands, ["M0"], peek_slots=0, pique_allowed=False, snap_successes="several")
    ref = Referee(state, {1: Scripted("snap 1.1", delay=1.0), 2: Scripted("snap 2.0", delay=3.5)},
                  think_delay=0.8)
    ref.submit("0: draw")
    ref.submit("0: swap 0")
    played = [str(p.move) for p in ref.advance(10.0)]
    assert played[:2] == ["1: snap 1.1", "0: close"] and values(state, 2)[0] == "M9"


def test_several_successes_bots_aim_again_once_a_card_left_the_table() -> None:
    """Seat 3 piqués seat 1's first 5 and gives its last card: seat 1's cards move up one place, so
    the bot of seat 1, asked again on the new table, throws its other 5 from its new slot."""
    hands = [["M5", "M1", "M7", "M3"], ["M5", "M9", "M5", "M6"], ["M2", "M0", "M1", "M4"], ["M6", "M2", "M0", "M4"]]
    state = stacked(hands, ["M2", "M3"], peek_slots=4, pique_gives="last", snap_successes="several")
    ref = Referee(state, {1: DESC.make_bot("normal", 3), 3: Scripted("snap 1.0", delay=0.5)}, think_delay=0.8)
    for seat in (0, 2):
        ref.ready(seat)
    ref.submit("0: draw")
    ref.submit("0: swap 0")
    played = [str(p.move) for p in ref.advance(2.0)]
    assert played == ["3: snap 1.0", "1: snap 1.1"]
    assert values(state, 1) == ["M9", "M6", "M4"] and state.discard == [5, 5, 5]


# ---------------------------------------------------------------------- pique_gives
HANDS_3 = [["M5", "M1", "M7", "M3"], ["M4", "M8", "M6", "M9"], ["M5", "M2", "M0", "M1"]]


def test_pique_the_thief_chooses_the_card_to_give() -> None:
    state = stacked(HANDS_3, ["M2"])
    play(state, "0: draw", "0: swap 0", "1: snap 2.0")
    assert state.phase == "give" and actions(state, 1) == ["give 0", "give 1", "give 2", "give 3"]
    assert refused(state, "1: give 4") == "gang.give_first"
    assert refused(state, "2: give 0") == "not_your_turn"
    play(state, "1: give 0")
    assert values(state, 2) == ["M2", "M0", "M1", "M4"] and values(state, 1) == ["M8", "M6", "M9"]


def test_pique_the_thief_gives_the_card_of_its_last_slot_at_once() -> None:
    state = stacked(HANDS_3, ["M2"], pique_gives="last")
    play(state, "0: draw", "0: swap 0")
    events = play(state, "1: snap 2.0")
    give = next(e for e in events if e.kind == "give")
    assert give.seat == 1 and give.src == "slot:1.3" and give.dst == "slot:2.3"
    assert values(state, 1) == ["M4", "M8", "M6"] and values(state, 2) == ["M2", "M0", "M1", "M9"]
    assert state.phase == "end_turn" and state.giver is None
    # the thief had not seen its slot 3: nobody knows the card given
    assert state.view(1)["slots"][2][3] is None and state.view(2)["slots"][2][3] is None
    assert refused(state, "1: give 0") == "gang.gives_last"
    assert refused(state, "0: give 0") == "gang.gives_last"
    assert state.round_points()[0] == [13, 18, 12]


def test_pique_last_is_the_highest_numbered_slot_a_penalty_card_included() -> None:
    hands = [["M5", "M1", "M7", "M3"], ["M4", "M8", "M6", "M9"], ["M1", "M2", "M0", "M1"], ["M2", "M6", "M8", "M8"]]
    state = stacked(hands, ["M2", "M20", "M8"], pique_gives="last")
    play(state, "0: draw", "0: swap 0")
    play(state, "2: snap 2.0")  # a miss: seat 2's penalty card, a 20 nobody saw, goes into its slot 4
    assert values(state, 2) == ["M1", "M2", "M0", "M1", "M20"]
    play(state, "0: close", "0: done", "1: draw", "1: discard")  # seat 1 throws the 8 it drew
    play(state, "2: snap 3.2")  # seat 2 piqués seat 3's 8 and gives its last card: the penalty 20
    assert values(state, 2) == ["M1", "M2", "M0", "M1"] and values(state, 3) == ["M2", "M6", "M8", "M20"]
    assert state.view(2)["slots"][3][3] is None and state.view(3)["slots"][3][3] is None
    assert state.phase == "end_turn" and state.round_points()[0] == [13, 27, 4, 36]


def test_pique_last_then_several_the_window_goes_on() -> None:
    state = stacked(HANDS_4, ["M2", "M3"], pique_gives="last", snap_successes="several")
    play(state, "0: draw", "0: swap 0")
    play(state, "3: snap 1.0")  # seat 3 piqués seat 1's 5 and gives its last card, the 4
    assert values(state, 1) == ["M8", "M6", "M9", "M4"] and values(state, 3) == ["M6", "M2", "M0"]
    assert state.phase == "window" and state.to_move() == [0, 1, 2]
    play(state, "2: snap 2.1")
    assert state.discard == [5, 5, 5]


def perspective(vals: list[list[int | None]], gives_last: bool) -> Perspective:
    return Perspective(me=1, n=3, phase="window", active=0, vals=vals, top=5, mean=6.0, drawn=None,
                       scouted=None, caller=None, pique=True, can_draw=True, round_turn=1, gives_last=gives_last)


def test_bots_weigh_a_pique_by_the_card_they_would_give() -> None:
    low_last = [[None] * 4, [9, 9, 9, 0], [5, None, None, None]]
    assert react_action(perspective(low_last, gives_last=False)) == "snap 2.0"  # gives a 9 of its choice
    assert react_action(perspective(low_last, gives_last=True)) is None  # would hand its 0 to the victim
    high_last = [[None] * 4, [0, 1, 2, 9], [5, None, None, None]]
    assert react_action(perspective(high_last, gives_last=True)) == "snap 2.0"
    state = stacked(HANDS_3, ["M2"], pique_gives="last")
    assert perspective_from_view(state.view(1)).gives_last is True
    assert perspective_from_view(stacked(HANDS_3, ["M2"]).view(1)).gives_last is False


# ---------------------------------------------------------------------- empty_hand
# Seat 1's four cards and then seat 0's go by quick discards, one per discarded drawn card.
EMPTYING = ["0: draw", "0: discard", "1: snap 1.0", "0: done", "1: draw", "1: discard", "0: snap 0.0", "1: done",
            "0: draw", "0: discard", "1: snap 1.0", "0: done", "1: draw", "1: discard", "0: snap 0.0", "1: done",
            "0: draw", "0: discard", "1: snap 1.0", "0: done", "1: draw", "1: discard", "0: snap 0.0", "1: done",
            "0: draw", "0: discard", "1: snap 1.0", "0: done"]


def emptying(**options: object) -> GangState:
    """Two seats about to have thrown everything: after ``EMPTYING`` seat 1 holds no card."""
    state = stacked([["M3", "M3", "M4", "M4"], ["M1", "M1", "M2", "M2"]],
                    ["M1", "M3", "M1", "M3", "M2", "M4", "M2", "M4"], **options)
    at_start = options.get("call_timing") == "start_of_turn"  # no ``done`` then: the turn just ends
    play(state, *[m for m in EMPTYING if not (at_start and m.endswith("done"))])
    assert state.slots[1] == [] and len(state.slots[0]) == 1
    return state


def never_calling(state: GangState, limit: int) -> int:
    """Plays without ever calling (a quick discard whenever one's own card matches) until the round
    ends or ``limit`` moves were played; returns the moves played."""
    for count in range(limit):
        if state.phase in ("round_over", "over"):
            return count
        seat = state.to_move()[0]
        moves = [m for s in state.to_move() for m in state.legal_moves(s)]
        snaps = [m for m in moves if m.action == "snap" and m.args[0].startswith(f"{m.seat}.")
                 and state.slots[m.seat][int(m.args[0].split(".")[1])] == state.discard[-1]]
        by_name = {m.action: m for m in moves if m.seat == seat}
        move = snaps[0] if snaps else next(by_name[n] for n in ("done", "close", "discard", "draw", "next")
                                           if n in by_name)
        state.apply(move)
    return limit


def test_a_seat_left_without_cards_calls_at_the_start_of_its_turn() -> None:
    """Found by the yardstick arena: once every seat had thrown everything and nobody called, the
    round went on forever (draw, discard, done…). By default (``empty_hand`` ``"calls"``) the seat
    whose turn comes with no card calls; the last round is played and the round ends."""
    state = emptying()
    assert state.caller == 1 and state.active == 0 and state.public[-1]["kind"] == "call"
    assert never_calling(state, 200) < 200
    assert state.history[-1]["caller"] == 1 and state.history[-1]["caller_lowest"]
    assert state.history[-1]["points"][1] == 0


@pytest.mark.parametrize("timing", ["after_turn", "start_of_turn"])
def test_a_round_of_empty_hands_ends_in_a_bounded_number_of_moves(timing: str) -> None:
    state = emptying(call_timing=timing)
    assert never_calling(state, 200) < 200


def test_empty_hand_ends_round_option_ends_it_at_once_without_a_caller() -> None:
    state = emptying(empty_hand="ends_round")
    assert state.phase == "round_over" and state.caller is None
    assert state.history[-1]["points"] == [sum(state.slots[0]), 0]
