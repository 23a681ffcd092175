"""The editable deck file, the rule options, move notation and snapshots of LaGagne."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from game import GAMES, SaveError
from game.core import Rng
from game.core.dealcode import decode, encode
from game.core.matchfile import export_match, import_match
from game.core.referee import Referee
from game.lagagne import DEFAULT_DECK, LaGagneState, Options, parse_deck_text
from game.lagagne.cards import (
    ALL_CARDS,
    COMPACT_DECK,
    DECK_TEXT,
    PRESETS,
    deck_cards,
    deck_counts,
    deck_size,
    deck_text,
)
from tests.lagagne.lagagne_helpers import deal_order


def test_the_default_deck_is_the_rules_page() -> None:
    cards = Counter(LaGagneState.full_deck(Options()))
    assert sum(cards.values()) == 82
    assert cards["Sh"] == 3 and cards["P5h"] == 4 and cards["P10d"] == 3 and cards["P50c"] == 1
    assert cards["J5"] == 2 and cards["J50"] == 1 and cards["Z"] == 6
    assert (cards["Voler"], cards["Recup"], cards["Echange"], cards["X2"]) == (6, 4, 4, 4)
    text = DECK_TEXT
    assert parse_deck_text(text) == DEFAULT_DECK


def test_a_players_deck_file_is_used() -> None:
    text = "# my box\nSh = 2\nSs = 2\nP10h = 6\nP10s = 6\nJ20 = 2\nVoler = 2\n"
    options = Options.with_deck_text(text, target=40)
    assert Counter(LaGagneState.full_deck(options)) == Counter(
        {"Sh": 2, "Ss": 2, "P10h": 6, "P10s": 6, "J20": 2, "Voler": 2})
    state = GAMES["lagagne"].new_match(2, options, seed=3)
    assert sum(len(z) for z in state.card_zones().values()) == 20
    again = GAMES["lagagne"].load(json.loads(json.dumps(state.to_json())))
    assert again.options == options and again.to_json() == state.to_json()
    assert state.view(0)["options"]["deck"][0] == ["Sh", 2]


@pytest.mark.parametrize(("text", "words"), [
    ("Sh = 2\nP7h = 3\nP5h = 9", "'P7h', which is not a LaGagne card"),
    ("Sh = 2\nP5h = -1\nZ = 10", "P5h cannot be negative"),
    ("Sh = 2\nP5h = 2.5\nZ = 10", "whole number"),
    ("Sh = 2\nP5h = 'many'\nZ = 10", "whole number"),
    ("Sh = true\nP5h = 10", "whole number"),
    ("P5h = 10\nZ = 10", "no symbol card"),
    ("Sh = 10\nZ = 10", "no point card"),
    ("Sh = 2\nP5h = 3", "too few to deal 5 to two players"),
    ("Sh = 2\nSh = 3\nP5h = 10", "not readable"),
    ("Sh 2", "not readable"),
    ("[deck]\nSh = 2\nP5h = 10", "section"),
])
def test_a_bad_deck_file_is_refused_naming_the_problem(text: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        Options.with_deck_text(text)


def test_too_few_cards_for_the_table() -> None:
    options = Options.with_deck_text("Sh = 4\nP5h = 10\nZ = 6")  # 20 cards
    GAMES["lagagne"].new_match(4, options, seed=1)
    with pytest.raises(ValueError, match="too few to deal 5 to each of 5 players"):
        GAMES["lagagne"].new_match(5, options, seed=1)


def test_deck_pairs_are_checked_and_read_back_from_json() -> None:
    with pytest.raises(ValueError, match="twice"):
        Options(deck=(("Sh", 2), ("Sh", 2), ("P5h", 10)))
    with pytest.raises(ValueError, match="pair"):
        Options(deck=(("Sh", 2, 1),))
    with pytest.raises(ValueError, match="with_deck_text"):
        Options(deck="Sh = 2")  # type: ignore[arg-type]
    options = Options(deck=[["P5h", 10], ["Sh", 2], ["Z", 0]])  # type: ignore[arg-type]
    assert options.deck == (("Sh", 2), ("P5h", 10))


@pytest.mark.parametrize("bad", [
    {"target": 0}, {"hand_size": 0}, {"mulligans_per_game": -1}, {"max_rounds": 0}, {"target": True},
    {"first_dealer": -1}, {"symbol_steal_any_time": 1}, {"hand_size": 50},
])
def test_bad_options_are_refused(bad: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        Options(**bad)  # type: ignore[arg-type]


def test_first_dealer_must_sit_at_the_table() -> None:
    with pytest.raises(ValueError, match="first_dealer"):
        GAMES["lagagne"].new_match(2, Options(first_dealer=3), seed=1)


@pytest.mark.parametrize("text", [
    "play Sh", "play P20h", "play J20 s", "play X2 h", "discard Z", "steal 2:P20h", "steal 2:Sh",
    "steal 2:J50s c", "steal 2:X2d h", "steal 2:J50 c", "steal 2:X2 d", "recup", "exchange 2", "give P5h", "mulligan", "1: play P5d",
])
def test_notation_round_trips(text: str) -> None:
    move = LaGagneState.parse_move(text)
    assert LaGagneState.parse_move(str(move)) == move and str(move) == text


@pytest.mark.parametrize("text", [
    "play", "play P7h", "play J20 x", "steal 2:P20", "steal P20h", "steal 2:J7 c", "exchange two", "recup now",
])
def test_bad_notation_names_what_was_expected(text: str) -> None:
    with pytest.raises(ValueError, match="expected"):
        LaGagneState.parse_move(text)


def test_a_snapshot_with_impossible_knowledge_is_refused() -> None:
    state = GAMES["lagagne"].new_match(2, seed=4)
    data = json.loads(json.dumps(state.to_json()))
    data["state"]["known"][0][1] = ["P50h", "P50h"]
    with pytest.raises(SaveError):
        GAMES["lagagne"].load(data)


# ---------------------------------------------------------------------- presets and the deck editor's files
def test_the_presets_are_the_rules_page_decks() -> None:
    assert PRESETS["default"] == DEFAULT_DECK and deck_size(DEFAULT_DECK) == 82
    compact = deck_counts(COMPACT_DECK)
    assert deck_size(COMPACT_DECK) == 54
    assert [compact[f"S{s}"] for s in "hscd"] == [2, 2, 2, 2]
    assert [compact[f"P{v}h"] for v in (5, 10, 20, 50)] == [3, 2, 1, 1]
    assert [compact[f"J{v}"] for v in (5, 10, 20, 50)] == [1, 1, 1, 1]
    assert (compact["Z"], compact["Voler"], compact["Recup"], compact["Echange"], compact["X2"]) == (3, 4, 3, 2, 2)
    for players in range(2, 7):  # the compact deck is meant for 2 to 4, but deals to any table
        GAMES["lagagne"].new_match(players, Options(deck=COMPACT_DECK), seed=players)


@pytest.mark.parametrize("deck", [DEFAULT_DECK, COMPACT_DECK, (("Sd", 1), ("J50", 9), ("Voler", 99))])
def test_a_deck_written_as_a_file_reads_back_the_same(deck: tuple[tuple[str, int], ...]) -> None:
    text = deck_text(deck)
    assert parse_deck_text(text) == deck
    assert all(f"{card} = " in text for card in ALL_CARDS)  # every card named, so a player can edit it


def test_a_deck_that_the_engine_refuses_cannot_be_written() -> None:
    with pytest.raises(ValueError, match="no symbol card"):
        deck_text((("P5h", 10),))


def test_deck_counts_name_every_card() -> None:
    counts = deck_counts((("Sh", 2), ("Z", 1)))
    assert list(counts) == list(ALL_CARDS) and counts["Sh"] == 2 and counts["Ss"] == 0


def test_a_players_deck_travels_with_the_match() -> None:
    """Snapshots, match files and deal codes all replay the deck the match was dealt from."""
    options = Options(deck=COMPACT_DECK, target=60)
    desc = GAMES["lagagne"]
    state = desc.new_match(3, options, seed=11)
    Referee(state, {s: desc.make_bot("normal", s) for s in range(3)}).advance(0.0)
    while not state.is_over():
        seat = state.to_move()[0]
        state.apply(desc.make_bot("easy", seat).choose(state.view(seat), state.legal_moves(seat)))
    assert Counter(c for z in state.card_zones().values() for c in z) == Counter(deck_cards(COMPACT_DECK))
    assert desc.load(json.loads(json.dumps(state.to_json()))).to_json() == state.to_json()
    replayed = import_match(export_match(state))
    assert replayed.options == options and replayed.to_json() == state.to_json()
    code = decode(encode("lagagne", 3, options, 11))
    assert code.options == options
    assert desc.new_match(3, code.options, seed=code.seed).to_json() == desc.new_match(3, options, seed=11).to_json()


def test_a_stacked_compact_deal_runs_out_and_reshuffles_only_its_own_cards() -> None:
    """Two players, the compact deck stacked: hands as dealt, and the pile's 44 cards last until a
    reshuffle brings back only cards of that deck."""
    cards = deck_cards(COMPACT_DECK)
    hands = [["Sh", "P5h", "P10h", "Z", "Voler"], ["Ss", "P5s", "P10s", "Z", "Recup"]]
    rest = list(cards)
    for card in hands[0] + hands[1]:
        rest.remove(card)
    options = Options(deck=COMPACT_DECK, first_dealer=1)
    state = LaGagneState.new(2, None, options, 1, deal_order(hands) + rest)
    assert sorted(state.view(0)["hand"]) == sorted(hands[0]) and state.view(0)["pile_size"] == 44
    events = []
    while not state.is_over() and not any(e.kind == "reshuffle" for e in events):
        seat = state.to_move()[0]
        discard = next(m for m in state.legal_moves(seat) if " discard " in f" {m} ")
        events += state.apply(discard)
    assert any(e.kind == "reshuffle" for e in events)
    assert Counter(c for z in state.card_zones().values() for c in z) == Counter(cards)


def test_bots_imagine_hidden_cards_from_the_deck_in_use() -> None:
    state = GAMES["lagagne"].new_match(3, Options(deck=COMPACT_DECK), seed=5)
    world = LaGagneState.determinise(state.view(1), Rng(3))
    assert Counter(c for z in world.card_zones().values() for c in z) == Counter(deck_cards(COMPACT_DECK))
