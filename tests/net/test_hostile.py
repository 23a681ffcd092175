"""Hostile or broken input to a hosted table: a clear error to that client, nothing changed,
nothing learned. Driven through ``HostedTable`` directly (no sockets needed to be hostile)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from game import GAMES
from game.core.rng import Rng
from net.protocol import MAX_MESSAGE, PROTOCOL_VERSION, encode
from net.table import BURST, FLOOD_LIMIT, HELLO_SECONDS, HostedTable, NetSeat

CODE = "ABC234"


def table(kinds: tuple[str, ...] = ("remote", "remote"), game: str = "gin_rummy", seed: int = 3,
          **extra: Any) -> HostedTable:
    seats = [NetSeat(f"P{i}", k) for i, k in enumerate(kinds)]
    state = GAMES[game].new_match([s.name for s in seats], seed=seed)
    extra.setdefault("auto_start", True)
    return HostedTable(state, seats, CODE, **extra)


def hello(t: HostedTable, name: str = "Ann", now: float = 0.0, **fields: Any) -> tuple[int, list]:
    conn = t.connect(now)
    message = {"type": "hello", "version": PROTOCOL_VERSION, "code": CODE, "name": name, **fields}
    return conn, t.handle(conn, encode(message), now)


def to(conn: int, out: list) -> list[dict[str, Any]]:
    return [m for c, m in out if c == conn and m is not None]


def closed(conn: int, out: list) -> bool:
    return (conn, None) in out


def errors(conn: int, out: list) -> list[str]:
    return [m["key"] for m in to(conn, out) if m["type"] == "error"]


def seated() -> tuple[HostedTable, int, int]:
    t = table()
    a, _ = hello(t, "Ann")
    b, _ = hello(t, "Bob")
    assert t.started
    return t, a, b


@pytest.mark.parametrize(("text", "key"), [
    ("not json", "not_json"),
    ("[1, 2]", "not_object"),
    ('{"type": "launch"}', "unknown_type"),
    ('{"type": "move"}', "missing_field"),
    ('{"type": "move", "move": 7}', "bad_field"),
    ('{"type": "move", "move": NaN}', "bad_number"),
    (b"\xff\xfe", "not_json"),
    ("x" * (MAX_MESSAGE + 1), "too_long"),
    ('{"type": "move", "move": "discard"}', "bad_move"),
    ('{"type": "move", "move": "1: take"}', "not_your_seat"),
])
def test_garbage_gets_a_clear_error_and_changes_nothing(text: Any, key: str) -> None:
    t, a, b = seated()
    mover = t.state.to_move()[0]
    conn = a if mover == 0 else b
    before = t.state.to_json()
    out = t.handle(conn, text.replace("1: take", f"{1 - mover}: take") if isinstance(text, str) else text, 1.0)
    assert errors(conn, out) == [key]
    assert all(m["message"] for m in to(conn, out))
    assert t.state.to_json() == before
    assert [c for c, _ in out] == [conn]  # nobody else hears of it


def test_a_move_out_of_turn_is_refused_with_the_engines_reason() -> None:
    t, a, b = seated()
    waiting = b if t.state.to_move()[0] == 0 else a
    before = t.state.to_json()
    out = t.handle(waiting, encode({"type": "move", "move": "draw"}), 1.0)
    [message] = to(waiting, out)
    assert message["key"] == "not_your_turn" and "turn" in message["message"]
    assert t.state.to_json() == before


def test_a_wrong_code_is_refused_the_same_way_whatever_the_code() -> None:
    t = table()
    answers = []
    for i, code in enumerate(("ZZZZZZ", CODE[:-1], "", CODE.lower() + "X")):
        conn = t.connect(0.0, f"192.0.2.{i + 1}")
        out = t.handle(conn, encode({"type": "hello", "version": PROTOCOL_VERSION, "code": code}), 0.0)
        answers.append(to(conn, out))
        assert closed(conn, out)
    assert all(a == answers[0] for a in answers) and answers[0][0]["key"] == "wrong_code"
    assert all(s.client is None for s in t.seats)


def test_codes_are_read_in_any_case_with_spaces_and_dashes() -> None:
    t = table()
    conn = t.connect(0.0)
    out = t.handle(conn, encode({"type": "hello", "version": PROTOCOL_VERSION, "code": " abc-234 "}), 0.0)
    assert to(conn, out)[0]["type"] == "welcome"


def test_an_old_protocol_version_is_told_to_update() -> None:
    t = table()
    conn = t.connect(0.0)
    out = t.handle(conn, encode({"type": "hello", "version": PROTOCOL_VERSION + 1, "code": CODE}), 0.0)
    assert errors(conn, out) == ["version"] and closed(conn, out)


def test_moves_before_hello_and_a_second_hello_are_refused() -> None:
    t = table()
    conn = t.connect(0.0)
    assert errors(conn, t.handle(conn, encode({"type": "move", "move": "draw"}), 0.0)) == ["hello_first"]
    conn, _ = hello(t)
    again = t.handle(conn, encode({"type": "hello", "version": PROTOCOL_VERSION, "code": CODE}), 0.0)
    assert errors(conn, again) == ["already_seated"]
    assert [s.client for s in t.seats] == ["human", None]


def test_a_full_table_answers_as_a_wrong_code_does() -> None:
    """The right code at a full table is not confirmed to a stranger (it would give the code of
    every full table away to a guesser)."""
    t, _, _ = seated()
    right, out = hello(t, "Eve")
    wrong = t.connect(0.0, "192.0.2.9")
    answer = t.handle(wrong, encode({"type": "hello", "version": PROTOCOL_VERSION, "code": "ZZZZZZ", "name": "Eve"}), 0.0)
    assert to(right, out) == to(wrong, answer) and errors(right, out) == ["wrong_code"]
    assert closed(right, out) and closed(wrong, answer)


def test_a_silent_connection_is_closed_after_the_hello_time() -> None:
    t = table()
    conn = t.connect(0.0)
    assert t.tick(HELLO_SECONDS - 0.1) == []
    out = t.tick(HELLO_SECONDS + 0.1)
    assert errors(conn, out) == ["timeout"] and closed(conn, out)


def test_a_flood_is_slowed_then_cut_off_and_changes_nothing() -> None:
    t, a, _ = seated()
    before = t.state.to_json()
    keys: list[str] = []
    cut = False
    for i in range(int(BURST) + FLOOD_LIMIT + 5):
        out = t.handle(a, encode({"type": "ping"}), 1.0 + i * 1e-6)
        keys += errors(a, out)
        if closed(a, out):
            cut = True
            break
    assert "too_fast" in keys and keys[-1] == "flood" and cut
    assert keys.count("too_fast") == 1  # warned once a second, not once a message
    assert t.state.to_json() == before


def test_a_replayed_or_stolen_key_does_not_give_a_seat() -> None:
    t, a, b = seated()
    old_token = t.seats[0].token
    t.disconnect(a, 2.0)
    # the player comes back with the key: the seat is theirs, with a new key
    back = t.connect(3.0)
    out = t.handle(back, encode({"type": "resume", "version": PROTOCOL_VERSION, "code": CODE, "token": old_token}), 3.0)
    welcome = to(back, out)[0]
    assert welcome["type"] == "welcome" and welcome["seat"] == 0 and welcome["token"] != old_token
    # the old key, replayed, is refused
    thief = t.connect(4.0)
    out = t.handle(thief, encode({"type": "resume", "version": PROTOCOL_VERSION, "code": CODE, "token": old_token}), 4.0)
    assert errors(thief, out) == ["bad_token"] and closed(thief, out)
    assert t.seats[0].conn == back
    # a made-up key is refused the same way
    other = t.connect(4.0, "192.0.2.7")
    out = t.handle(other, encode({"type": "resume", "version": PROTOCOL_VERSION, "code": CODE, "token": "x" * 32}), 4.0)
    assert errors(other, out) == ["bad_token"]


def test_the_current_key_from_elsewhere_takes_the_seat_and_the_first_connection_is_told() -> None:
    t, a, _ = seated()
    token = t.seats[0].token
    other = t.connect(1.0)
    out = t.handle(other, encode({"type": "resume", "version": PROTOCOL_VERSION, "code": CODE, "token": token}), 1.0)
    assert errors(a, out) == ["replaced"] and closed(a, out)
    assert t.seats[0].conn == other


def test_a_network_bot_may_not_send_moves_and_a_person_may_not_answer_questions() -> None:
    t = table()
    bot, _ = hello(t, "Robo", bot="easy")
    person, _ = hello(t, "Ann")
    mover = t.state.to_move()[0]
    assert t.seats[0].client == "easy"
    assert errors(bot, t.handle(bot, encode({"type": "move", "move": "draw"}), 1.0)) == ["bot_seat"]
    out = t.handle(person, encode({"type": "answer", "key": 1, "move": "draw"}), 1.0)
    assert errors(person, out) == ["no_question"]
    assert len(t.state.log) == 0 or mover == 1


def test_an_answer_to_a_question_never_asked_or_with_an_illegal_move_is_refused() -> None:
    t = table()
    bot, out = hello(t, "Robo", bot="easy")
    hello(t, "Ann")
    before = t.state.to_json()
    assert errors(bot, t.handle(bot, encode({"type": "answer", "key": 999, "move": "draw"}), 1.0)) == ["no_question"]
    if t.state.to_move()[0] == 0:
        [question] = [m for m in t._questions.values()]
        bad = t.handle(bot, encode({"type": "answer", "key": question.ident, "move": "discard Ah"}), 1.0)
        assert errors(bot, bad) in (["illegal"], ["bad_move"])
        bad = t.handle(bot, encode({"type": "answer", "key": question.ident, "move": "draw", "delay": -1}), 1.0)
        assert errors(bot, bad) == ["bad_field"]
    assert t.state.to_json() == before


def test_oversized_names_and_control_characters_are_cleaned() -> None:
    t = table()
    hello(t, "\x1b[31mAnn\n" + "a" * 200)
    assert t.seats[0].name.startswith("[31mAnn") and len(t.seats[0].name) <= 24 and "\x1b" not in t.seats[0].name


def test_a_client_sees_only_its_own_hidden_cards() -> None:
    """Two matches differing only in cards seat 0 cannot see send seat 0 the very same messages,
    also after moves that name none of them; seat 1 is told of a different hand."""
    seen, theirs = [], []
    for redeal in (False, True):
        t = table(auto_start=False)
        if redeal:
            t.state = t.state.redeal_hidden(0, Rng(99))
        a, _ = hello(t, "Ann")
        b, _ = hello(t, "Bob")
        out = t.start()
        for _ in range(4):  # moves that name no card hidden from seat 0
            mover = t.state.to_move()[0]
            move = t.state.legal_moves(mover)[0].action
            if mover == 1 and " " in move:
                break
            out += t.handle(a if mover == 0 else b, encode({"type": "move", "move": move}), 1.0)
        assert t.state.log
        seen.append(json.dumps(to(a, out), sort_keys=True))
        theirs.append(json.dumps(to(b, out), sort_keys=True))
    assert seen[0] == seen[1]
    assert theirs[0] != theirs[1]


def test_the_name_a_player_chooses_is_the_name_everyone_sees() -> None:
    t = table()
    a, _ = hello(t, "Ann")
    b, out = hello(t, "Bob")
    update = next(m for m in to(a, out) if m["type"] == "update")
    assert update["view"]["names"] == ["Ann", "Bob"] == t.state.names


@pytest.mark.parametrize(("game", "kinds"), [
    ("gang_de_mouettes", ("remote", "remote", "remote")),
    ("lagagne", ("remote", "remote", "remote")),
    ("gin_rummy", ("remote", "remote")),
])
def test_a_flood_of_no_op_messages_sends_nobody_anything(game: str, kinds: tuple[str, ...]) -> None:
    """``pass`` with no window open and ``ready`` from a seat already ready change nothing: they
    send nothing, however many, even once each seat has had several updates (the host once sent a
    full update to every seat for each pass: it compared with a copy of the view it had trimmed)."""
    t = table(kinds, game=game)
    conns = [hello(t, f"P{i}", seat=i)[0] for i in range(len(kinds))]
    assert t.started
    now = 0.0
    for conn in conns:  # everyone looks at their cards: each seat gets an update or more
        t.handle(conn, encode({"type": "ready"}), now)
    assert t.referee is not None and t.referee.window_clock() is None and not t.referee.unready()
    before = t.state.to_json()
    sent: list[dict[str, Any]] = []
    for i in range(54):
        now += 0.5  # within the rate a client may send
        out = t.handle(conns[i % len(conns)], encode({"type": "pass" if i % 3 else "ready"}), now)
        sent += [m for _, m in out if m is not None]
    assert sent == []
    assert t.state.to_json() == before
