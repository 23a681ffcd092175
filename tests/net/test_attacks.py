"""The attacks of issue 33, each on a real server on loopback: a leaked deal, guessed codes,
numbers and texts that broke connections, no-op floods, a table blocked by a drop, a deaf
reader, a silent network bot."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

import net.table
from game import GAMES
from net.client import play_bot
from net.host import SEND_QUEUE
from net.protocol import PROTOCOL_VERSION, encode
from net.table import ANSWER_SECONDS, BACKOFF_FIRST, UNSEATED_PER_ADDRESS, HostedTable
from tests.net.helpers import CODE, hosted, serve
from tests.net.wire import Wire, hello, seat


def run(scenario: Any) -> Any:
    return asyncio.run(scenario)


# ---------------------------------------------------------------- the deal never leaks through a seed
def test_nothing_a_network_bot_is_told_relates_to_the_deal() -> None:
    """Two tables dealt from one seed: their bots' seeds are unrelated, and none rebuilds the deal
    by the old formula (``seed + 7919·(seat + 1)``)."""
    async def welcome(table: HostedTable) -> dict[str, Any]:
        server, task = await serve(table)
        wire = await seat(server, bot="easy", seat=0)
        message = wire.seen[0]
        server.stop()
        await task
        return message

    tables = [hosted("gin_rummy", ["remote", "hard"], seed=5) for _ in range(2)]
    welcomes = [run(welcome(t)) for t in tables]
    seeds = [w["bot_seed"] for w in welcomes]
    assert isinstance(seeds[0], int) and seeds[0] != seeds[1]
    assert tables[0].bot_seed(1) != tables[1].bot_seed(1)  # the host's own bots too
    state = tables[0].state
    for w in welcomes:
        numbers = [v for v in w.values() if isinstance(v, int) and not isinstance(v, bool)]
        assert all((n - state.seed) % 7919 != 0 for n in numbers if n not in (0, 1, 2, PROTOCOL_VERSION))
        rebuilt = GAMES["gin_rummy"].new_match(2, seed=w["bot_seed"] - 7919)
        assert rebuilt.view(1) != state.view(1)


# ---------------------------------------------------------------- guessing the code
def test_a_refused_connection_is_read_no_more() -> None:
    """39 wrong codes and the right one in one burst on one connection: one refusal, no seat."""
    async def scenario() -> None:
        table = hosted("gin_rummy", ["remote", "remote"], seed=1)
        server, task = await serve(table)
        wire = await Wire.open(server)
        burst = [encode(hello(f"ZZZZ{a}{b}")) for a in "ABCDEFGH" for b in "JKLMN"][:39] + [encode(hello())]
        await asyncio.gather(*(wire.send(text) for text in burst))
        answers = await wire.closed()
        assert [m.get("key") for m in answers] == ["wrong_code"]
        assert all(s.client is None for s in table.seats)
        server.stop()
        await task

    run(scenario())


def test_wrong_codes_slow_their_address_down_and_no_other() -> None:
    async def scenario() -> None:
        table = hosted("gin_rummy", ["remote", "remote"], seed=1)
        server, task = await serve(table)
        guesser = await Wire.open(server, "127.0.0.2")
        await guesser.send(hello("ZZZZZZ"))
        assert [m["key"] for m in await guesser.closed()] == ["wrong_code"]
        # even the right code is not heard from that address now…
        again = await Wire.open(server, "127.0.0.2")
        await again.send(hello())
        [wait] = await again.closed()
        assert wait["key"] == "wait" and wait["params"]["seconds"] >= 1
        assert all(s.client is None for s in table.seats)
        # …while a player elsewhere joins
        await seat(server, "127.0.0.3")
        assert table.seats[0].client == "human"
        server.stop()
        await task

    run(scenario())


def test_the_back_off_doubles_at_each_wrong_code_and_ends_with_a_right_one() -> None:
    table = hosted("gin_rummy", ["remote", "remote"], seed=1)
    now, waits = 0.0, []
    for _ in range(5):
        conn = table.connect(now, "203.0.113.5")
        out = table.handle(conn, encode(hello("ZZZZZZ")), now)
        assert out[0][1] is not None and out[0][1]["key"] == "wrong_code"
        # the next hello is refused until the wait is over, whatever its code
        early = table.connect(now, "203.0.113.5")
        refused = table.handle(early, encode(hello()), now)
        assert refused[0][1] is not None and refused[0][1]["key"] == "wait"
        waits.append(refused[0][1]["params"]["seconds"])
        now += refused[0][1]["params"]["seconds"]
    assert waits == [BACKOFF_FIRST * 2 ** k for k in range(5)]
    conn = table.connect(now, "203.0.113.5")
    out = table.handle(conn, encode(hello()), now)
    assert out[0][1] is not None and out[0][1]["type"] == "welcome"
    other = table.connect(now, "203.0.113.5")
    out = table.handle(other, encode(hello("ZZZZZZ")), now)  # counted from one again
    later = table.connect(now + BACKOFF_FIRST, "203.0.113.5")
    assert table.handle(later, encode(hello()), now + BACKOFF_FIRST)[0][1]["type"] == "welcome"  # type: ignore[index]


def test_connections_waiting_to_join_are_capped_per_address_and_in_all(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(net.table, "UNSEATED_LIMIT", 2 * UNSEATED_PER_ADDRESS + 1)

    async def scenario() -> None:
        table = hosted("gin_rummy", ["remote", "remote"], seed=1)
        server, task = await serve(table)
        idle = [await Wire.open(server, "127.0.0.4") for _ in range(UNSEATED_PER_ADDRESS)]
        for wire in idle:
            await wire.sync()  # each is open and heard
        extra = await Wire.open(server, "127.0.0.4")
        assert [m["key"] for m in await extra.closed()] == ["busy"]
        others = [await Wire.open(server, "127.0.0.5") for _ in range(UNSEATED_PER_ADDRESS)]
        for wire in others:
            await wire.sync()
        last = await Wire.open(server, "127.0.0.6")
        await last.sync()  # the last place in all
        refused = await Wire.open(server, "127.0.0.7")
        assert [m["key"] for m in await refused.closed()] == ["busy"]
        # a connection that takes its seat frees its place
        await idle[0].send(hello())
        await idle[0].until("welcome")
        await seat(server, "127.0.0.7")
        assert table.started
        server.stop()
        await task

    run(scenario())


# ---------------------------------------------------------------- numbers and texts that broke connections
@pytest.mark.parametrize(("text", "key"), [
    ('{"type":"ping","t":1e999}', "bad_number"),
    ('{"type":"ping","t":-1e999}', "bad_number"),
    ('{"type":"ping","t":NaN}', "bad_number"),
    ('{"type":"ping","t":Infinity}', "bad_number"),
    ('{"type":"ping","t":' + "9" * 400 + "}", "bad_number"),
    ('{"type":"\\ud800"}', "unknown_type"),
    ('{"type":"\\u202e\\u0000\\u001b[2J"}', "unknown_type"),
    ('{"type":"hello","version":1,"code":"\\udfff"}', "bad_field"),
    ('{"type":"hello","version":1,"code":"TEST42","name":"\\ud83d"}', "bad_field"),
])
def test_a_bad_number_or_text_gets_an_error_and_the_connection_lives(text: str, key: str) -> None:
    async def scenario() -> None:
        table = hosted("gin_rummy", ["remote", "remote"], seed=1)
        server, task = await serve(table)
        wire = await Wire.open(server)
        await wire.send(text)
        [answer] = await wire.sync()
        assert answer["type"] == "error" and answer["key"] == key and answer["message"]
        await wire.send(hello())
        await wire.until("welcome")
        server.stop()
        await task

    run(scenario())


def test_a_huge_reaction_delay_gets_an_error_and_the_network_bot_plays_on() -> None:
    async def scenario() -> None:
        table = hosted("gin_rummy", ["remote", "remote"], seed=1)
        server, task = await serve(table)
        bots = [await seat(server, bot="easy", seat=s) for s in (0, 1)]

        async def asked(wire: Wire) -> tuple[Wire, dict[str, Any]]:
            return wire, await wire.until("question")

        done, pending = await asyncio.wait([asyncio.create_task(asked(w)) for w in bots],
                                           return_when=asyncio.FIRST_COMPLETED)
        for waiting in pending:
            waiting.cancel()
        asker, question = next(iter(done)).result()
        move = json.dumps(question["legal"][0])
        await asker.send(f'{{"type":"answer","key":{question["key"]},"move":{move},"delay":{"9" * 400}}}')
        [answer] = await asker.sync()
        assert answer["key"] == "bad_number"
        before = len(table.state.log)
        await asker.send({"type": "answer", "key": question["key"], "move": question["legal"][0], "delay": 0})
        await asker.until("update")
        assert len(table.state.log) == before + 1
        server.stop()
        await task

    run(scenario())


def test_a_message_the_writer_cannot_send_closes_that_connection_and_no_other() -> None:
    async def scenario() -> None:
        table = hosted("gin_rummy", ["remote", "remote"], seed=1)
        server, task = await serve(table)
        victim, other = await Wire.open(server), await Wire.open(server)
        await victim.sync()
        conn = max(server._queues)
        server._send([(conn - 1, {"type": "pong", "t": float("inf")})])  # cannot be encoded as JSON
        await victim.send({"type": "ping"})
        assert await victim.closed() == []  # closed, not left open and deaf
        await other.sync()
        server.stop()
        await task

    run(scenario())


def test_a_client_that_reads_nothing_is_cut_off_at_the_queue_bound() -> None:
    async def scenario() -> None:
        table = hosted("gin_rummy", ["remote", "remote"], seed=1)
        server, task = await serve(table)
        reader = await seat(server, seat=0)
        conn = table.seats[0].conn
        assert conn is not None
        queue = server._queues[conn]
        big = {"type": "seats", "padding": "x" * 50_000}
        for _ in range(50 * SEND_QUEUE):  # the host has news faster than the client reads them
            server._send([(conn, big)])
            assert queue.qsize() <= SEND_QUEUE + 1
        while table.seats[0].conn is not None:
            await asyncio.sleep(0.01)
        assert table.seats[0].client == "human"  # the seat waits for its player's key
        await seat(server, seat=1)
        server.stop()
        await task
        await reader.close()

    run(scenario())


# ---------------------------------------------------------------- no-op messages
def test_a_pass_or_ready_that_changes_nothing_sends_nobody_anything() -> None:
    async def scenario() -> None:
        table = hosted("gin_rummy", ["remote", "remote"], seed=1)
        server, task = await serve(table)
        ann, bob = await seat(server, seat=0), await seat(server, seat=1)
        await ann.until("update")
        await bob.until("update")
        await ann.sync()
        await bob.sync()
        for _ in range(15):  # within the burst a client may send
            await ann.send({"type": "pass"})
            await ann.send({"type": "ready"})
        heard = await ann.sync()
        assert [m for m in heard if m["type"] == "update"] == []
        assert [m for m in await bob.sync() if m["type"] == "update"] == []
        server.stop()
        await task

    run(scenario())


# ---------------------------------------------------------------- a drop before the deal
def test_a_seat_given_to_a_bot_in_the_waiting_room_lets_the_match_start() -> None:
    table = hosted("lagagne", ["remote"] * 3, seed=2, auto_bot="normal", reconnect_seconds=5.0)
    conns = []
    for s in range(3):
        conn = table.connect(0.0)
        table.handle(conn, encode(hello(seat=s)), 0.0)
        conns.append(conn)
        if s == 0:
            table.disconnect(conn, 0.5)  # the first player drops before everyone came
    assert not table.started
    out = table.tick(6.0)
    assert table.seats[0].kind == "normal" and table.started
    assert any(m is not None and m["type"] == "update" for c, m in out if c == conns[1])


# ---------------------------------------------------------------- a network bot that never answers
def test_a_quick_discard_window_never_waits_for_ever_on_a_silent_network_bot() -> None:
    """Gang de mouettes, every seat a network bot, one of which answers nothing in a window: each
    window still closes, ``ANSWER_SECONDS`` of table time later at most, and play goes on."""
    desc = GAMES["gang_de_mouettes"]
    table = hosted("gang_de_mouettes", ["remote"] * 3, seed=4)
    conns = []
    for s in range(3):
        conn = table.connect(0.0)
        table.handle(conn, encode(hello(seat=s, bot="easy")), 0.0)
        conns.append(conn)
    bots = {s: desc.make_bot("easy", table.bot_seed(s)) for s in range(3)}
    now, windows, silent = 0.0, 0, 0
    while windows < 3:
        assert now < 100 * ANSWER_SECONDS, "a window stayed open"
        for question in list(table._questions.values()):
            task = question.task
            if task.kind == "react" and task.seat == 2:
                silent += 1
                continue
            if task.kind == "choose":
                answer: dict[str, Any] = {"move": bots[task.seat].choose(task.view, task.legal).action}
            else:
                reaction = bots[task.seat].react(task.view, task.legal)
                answer = {"move": None if reaction is None else reaction[0].action}
            table.handle(conns[task.seat], json.dumps({"type": "answer", "key": question.ident, **answer}), now)
        log = len(table.state.log)
        now += 1.0
        table.tick(now)
        windows += sum(1 for line in table.state.log[log:] if line.endswith("close"))
    assert silent and len(table.state.log) > 10


def test_a_late_answer_to_a_question_given_up_is_refused() -> None:
    table = hosted("gin_rummy", ["remote", "hard"], seed=3, answer_seconds=2.0)
    conn = table.connect(0.0, "192.0.2.1")
    table.handle(conn, encode(hello(bot="easy")), 0.0)
    while not table._questions:  # the host's bot may play first
        table.tick(table.now + 0.5)
    [question] = table._questions.values()
    log = len(table.state.log)
    table.tick(table.now + 2.5)
    assert len(table.state.log) > log  # the seat played its first legal move
    late = {"type": "answer", "key": question.ident, "move": question.task.legal[0].action}
    out = table.handle(conn, json.dumps(late), table.now)
    assert [m["key"] for c, m in out if m is not None and m["type"] == "error"] == ["no_question"]


# ---------------------------------------------------------------- a move that fell due as a message came
def test_a_move_that_falls_due_as_a_message_arrives_is_told_to_everyone() -> None:
    """The host bot's move falls due before the table's next tick, as a ping arrives: the update
    that carries it must still go out, or every client's log misses a move for good."""
    table = hosted("gin_rummy", ["remote", "easy"], seed=4, think_delay=1.0)
    conn = table.connect(0.0)
    out = table.handle(conn, encode(hello(seat=0)), 0.0)
    assert table.state.to_move() == [1] and table.next_due() is not None
    out += table.handle(conn, encode({"type": "ping"}), table.next_due() + 0.5)  # type: ignore[operator]
    out += table.tick(table.now + 0.1)
    told: list[str] = []
    for target, message in out:
        if target == conn and message is not None and message["type"] == "update":
            told = list(message["view"]["log"]) if "log" in message["view"] else told
            told += [] if "log" in message["view"] else [p["move"] for p in message["played"]]
    assert table.state.log and told == table.state.visible_log(0)


def test_a_client_told_busy_tries_again_and_joins(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(net.table, "UNSEATED_PER_ADDRESS", 2)

    async def scenario() -> None:
        table = hosted("gin_rummy", ["remote", "remote"], seed=1)
        server, task = await serve(table)
        idle = [await Wire.open(server) for _ in range(2)]
        for wire in idle:
            await wire.sync()
        player = asyncio.create_task(play_bot(f"127.0.0.1:{server.port}", CODE, "easy", seat=0))
        while not server.stats["busy"]:  # told busy at least once
            await asyncio.sleep(0.01)
        assert table.seats[0].client is None
        await idle[0].close()
        while table.seats[0].client is None:
            await asyncio.sleep(0.01)
        assert table.seats[0].client == "easy"
        player.cancel()
        server.stop()
        await task

    run(scenario())
