"""The hostile-client suite on a real server on loopback: every message type of the protocol with
every kind of malformed field, replayed and out-of-order messages, floods and oversized frames.
Each probe must get a protocol error (or, for a code, the wrong code's answer), change nothing
at the table, tell the other seat nothing, and leave the connection (and the host) alive."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import pytest

import net.table
from net.protocol import _FIELDS, FRAME_LIMIT, MAX_MESSAGE, PROTOCOL_VERSION
from net.table import FLOOD_LIMIT, HostedTable
from tests.net.helpers import CODE, hosted, serve
from tests.net.wire import Wire, hello, seat

PROTOCOL_ERRORS = {"not_json", "bad_number", "not_object", "unknown_type", "missing_field", "bad_field", "too_long"}
EXAMPLES: dict[str, dict[str, Any]] = {
    "hello": {"version": PROTOCOL_VERSION, "code": CODE, "name": "Eve", "seat": 1, "bot": "easy"},
    "resume": {"version": PROTOCOL_VERSION, "code": CODE, "token": "x" * 32},
    "watch": {"version": PROTOCOL_VERSION, "code": CODE, "token": "x" * 32},
    "move": {"move": "draw"},
    "ready": {},
    "pass": {},
    "answer": {"key": 1, "move": "draw", "delay": 0.5},
    "ping": {"t": 1.5},
    "bye": {},
    "gesture": {"node": "card:1", "act": "tap", "drop": 0},
}
"""A well-formed message of each type (the probes break one field at a time)."""
JUNK: list[tuple[str, str]] = [
    ("list", "[1, 2]"), ("object", '{"a": 1}'), ("true", "true"), ("text", '"7"'), ("null", "null"),
    ("huge_int", "9" * 400), ("big_int", str(2 ** 64)), ("huge_float", "1e308"), ("infinite", "1e999"),
    ("minus_infinite", "-1e999"), ("nan", "NaN"), ("infinity", "Infinity"), ("negative", "-1"),
    ("negative_fraction", "-0.5"), ("long_text", json.dumps("A" * 5000)), ("surrogate", '"\\ud800"'),
    ("low_surrogate", '"x\\udfffy"'), ("nul", '"\\u0000"'), ("bidi", '"\\u202eevil"'), ("escape", '"\\u001b[2J"'),
    ("deep", "[" * 50 + "]" * 50),
]
"""Values put in a field: wrong types, huge, non-finite, negative and unicode junk."""
WELL_FORMED = {("hello", f"name={label}") for label in ("text", "nul", "bidi", "escape")} | {
    ("hello", "seat=null"), ("hello", "bot=null"), ("ping", "t=negative"), ("ping", "t=negative_fraction")}
"""Probes that are in fact well formed (a name is cleaned, a ping may carry any finite number)."""


def probes() -> Iterator[tuple[str, str, str]]:
    """(message type, what is wrong, the text sent) for every type and every malformation."""
    for kind, fields in _FIELDS.items():
        example = EXAMPLES[kind]
        for name, (_, required) in fields.items():
            if required:
                rest = {k: v for k, v in example.items() if k != name}
                yield kind, f"no {name}", json.dumps({"type": kind, **rest})
            present = example if name in example else {**example, name: None}  # an optional field, added to break it
            for label, junk in JUNK:
                body = ", ".join(f'"{k}": {json.dumps(v) if k != name else junk}' for k, v in present.items())
                yield kind, f"{name}={label}", f'{{"type": "{kind}", {body}}}'
        yield kind, "type in capitals", json.dumps({"type": kind.upper(), **example})
        yield kind, "wrapped in a list", json.dumps([{"type": kind, **example}])
        yield kind, "padded past the size", json.dumps({"type": kind, **example, "pad": "x" * MAX_MESSAGE})
    for label, junk in JUNK:
        yield "?", f"type={label}", f'{{"type": {junk}}}'
    yield "?", "no type", '{"move": "draw"}'
    yield "?", "not json", "{'type': 'ping'}"
    yield "?", "truncated", '{"type": "ping", "t": '
    yield "?", "duplicate keys", '{"type": "ping", "type": "launch"}'


PROBES = list(probes())


@pytest.fixture(autouse=True)
def unlimited_pace(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rate limits have their own tests: here hundreds of probes go over one connection."""
    monkeypatch.setattr(net.table, "RATE", 1e9)
    monkeypatch.setattr(net.table, "BURST", 1e9)


def fingerprint(table: HostedTable) -> str:
    """Everything a hostile message must not change."""
    seats = [(s.name, s.kind, s.client, s.token, s.conn) for s in table.seats]
    return json.dumps([table.state.to_json(), seats, table.started, sorted(table._questions)], sort_keys=True,
                      default=str)


async def started() -> tuple[Any, Any, HostedTable, Wire, Wire]:
    table = hosted("gin_rummy", ["remote", "remote"], seed=6)
    server, task = await serve(table)
    ann, bob = await seat(server, seat=0, name="Ann"), await seat(server, "127.0.0.2", seat=1, name="Bob")
    await ann.sync()
    await bob.sync()
    return server, task, table, ann, bob


def errors(messages: list[dict[str, Any]]) -> list[str]:
    return [m["key"] for m in messages if m["type"] == "error"]


def check_refusal(answers: list[dict[str, Any]], label: str) -> None:
    assert len(answers) == 1, (label, answers)
    [answer] = answers
    assert answer["type"] == "error" and answer["message"], (label, answer)
    assert set(answer) <= {"type", "key", "message", "params", "move", "free"}, (label, answer)
    json.dumps(answer, ensure_ascii=False).encode("utf-8")  # what is echoed is always sendable


def test_every_malformed_message_from_a_seated_client_is_refused_and_changes_nothing() -> None:
    async def scenario() -> None:
        server, task, table, ann, bob = await started()
        before = fingerprint(table)
        for kind, label, text in PROBES:
            await ann.send(text)
            answers = await ann.sync()
            if (kind, label) in WELL_FORMED and kind == "ping":
                assert answers[0]["type"] == "pong", label
                continue
            check_refusal(answers, f"{kind} {label}")
            if (kind, label) not in WELL_FORMED and answers[0]["key"] not in PROTOCOL_ERRORS:
                # a text of the right type: the table's own refusal (a move the engine cannot read…)
                assert answers[0]["key"] in ("bad_move", "no_question", "already_seated", "no_screen"), (kind, label, answers)
            assert fingerprint(table) == before, (kind, label)
        assert await bob.sync() == []  # the other seat heard of none of it
        server.stop()
        await task

    asyncio.run(scenario())


def test_every_malformed_hello_resume_or_watch_is_refused_and_gives_no_seat() -> None:
    async def scenario() -> None:
        table = hosted("gin_rummy", ["remote", "remote"], seed=6)
        server, task = await serve(table)
        before = fingerprint(table)
        wire, source = await Wire.open(server), 20
        for kind, label, text in PROBES:
            if kind not in ("hello", "resume", "watch", "?") or (kind, label) in WELL_FORMED:
                continue
            await wire.send(text)
            try:
                answers = await wire.sync()
            except AssertionError:  # the host closed it: only after the wrong code's (or key's) answer
                assert [m.get("key") for m in wire.seen[-1:]] in (["wrong_code"], ["bad_token"]), (label, wire.seen)
                source += 1  # from elsewhere: this address now waits out its back-off
                wire = await Wire.open(server, f"127.0.0.{source}")
                continue
            check_refusal(answers, f"{kind} {label}")
            assert answers[0]["key"] in PROTOCOL_ERRORS | {"seat_not_free"}, (label, answers)
            assert fingerprint(table) == before, label
        server.stop()
        await task

    asyncio.run(scenario())


def test_extra_keys_are_ignored() -> None:
    async def scenario() -> None:
        server, task, table, ann, _ = await started()
        extra = {"type": "ping", "t": 3, "admin": True, "seat": 1, "__proto__": {"x": 1}, "\ud800": 1}
        await ann.send(json.dumps(extra))
        assert await ann.sync() == [{"type": "pong", "t": 3}]
        mover = table.state.to_move()[0]
        wire = ann if mover == 0 else None
        if wire is not None:
            move = table.state.legal_moves(0)[0].action
            await wire.send({"type": "move", "move": move, "seat": 1, "by": "referee"})
            await wire.until("update")
            assert table.state.log[-1].startswith("0:")
        server.stop()
        await task

    asyncio.run(scenario())


def test_out_of_order_and_replayed_messages_are_refused() -> None:
    async def scenario() -> None:
        table = hosted("gin_rummy", ["remote", "remote"], seed=6)
        server, task = await serve(table)
        early = await Wire.open(server)
        for message in ({"type": "move", "move": "draw"}, {"type": "ready"}, {"type": "pass"},
                        {"type": "answer", "key": 1, "move": "draw"}):
            await early.send(message)
            assert errors(await early.sync()) == ["hello_first"]
        ann = await seat(server, seat=0)
        await ann.send({"type": "move", "move": "draw"})
        assert errors(await ann.sync()) == ["not_started"]
        bob = await seat(server, "127.0.0.2", seat=1)
        await ann.sync()
        await bob.sync()
        wires = {0: ann, 1: bob}
        mover = table.state.to_move()[0]
        move = table.state.legal_moves(mover)[0].action
        await wires[mover].send({"type": "move", "move": move})
        await wires[mover].until("update")
        before = fingerprint(table)
        await wires[mover].send({"type": "move", "move": move})  # the same move again
        [refusal] = [m for m in await wires[mover].sync() if m["type"] == "error"]
        assert refusal["key"] not in PROTOCOL_ERRORS and refusal["move"] == move
        await ann.send(hello())
        assert errors(await ann.sync()) == ["already_seated"]
        await ann.send({"type": "answer", "key": 1, "move": "draw"})
        assert errors(await ann.sync()) == ["no_question"]
        assert fingerprint(table) == before
        # a key replayed after it was used is refused; the seat stays with its player
        old = ann.seen[0]["token"]
        back = await Wire.open(server, "127.0.0.3")
        await back.send({"type": "resume", "version": PROTOCOL_VERSION, "code": CODE, "token": old})
        welcome = await back.until("welcome")
        thief = await Wire.open(server, "127.0.0.4")
        await thief.send({"type": "resume", "version": PROTOCOL_VERSION, "code": CODE, "token": old})
        assert errors(await thief.closed()) == ["bad_token"]
        assert table.seats[0].token == welcome["token"]
        server.stop()
        await task

    asyncio.run(scenario())


def test_a_flood_is_cut_off_and_the_table_plays_on() -> None:
    async def scenario() -> None:
        server, task, table, ann, bob = await started()
        before = table.state.to_json()
        for _ in range(int(net.table.BURST) + FLOOD_LIMIT + 10):
            await ann.send({"type": "pass"})
        keys = [m.get("key") for m in await ann.closed()]
        assert keys[-1] == "flood" and "too_fast" in keys
        assert table.state.to_json() == before
        assert table.seats[0].conn is None and table.seats[0].token is not None  # it may come back
        assert [m for m in await bob.sync() if m["type"] == "update"] == []
        server.stop()
        await task

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(net.table, "RATE", 20.0)
        patch.setattr(net.table, "BURST", 40.0)
        asyncio.run(scenario())


def test_an_oversized_message_is_refused_and_an_oversized_frame_closes_only_its_connection() -> None:
    async def scenario() -> None:
        server, task, table, ann, bob = await started()
        before = fingerprint(table)
        await ann.send(json.dumps({"type": "ping", "t": 1, "pad": "x" * MAX_MESSAGE}))
        assert errors(await ann.sync()) == ["too_long"]
        stranger = await Wire.open(server, "127.0.0.9")
        await stranger.send("x" * (FRAME_LIMIT + 1))
        assert await stranger.closed() == []
        assert stranger.ws.close_code == 1009
        assert fingerprint(table) == before
        await bob.sync()
        server.stop()
        await task

    asyncio.run(scenario())


def test_the_probe_list_covers_every_message_type() -> None:
    assert {kind for kind, _, _ in PROBES} == set(_FIELDS) | {"?"}
    assert len(PROBES) > 200
