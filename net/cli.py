"""The headless network commands: ``--serve`` (host a table) and ``--join … --bot`` (a network bot).

Both print what they do on standard output and exit 0 when the match is over; a refusal (wrong
code, full table, unreachable host, bad seats) is one sentence on standard error and exit 1.
"""

from __future__ import annotations

import asyncio
import io
import socket
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import segno

from disk import DamagedFile, load_json_object, move_aside
from game import GAMES
from game.arena import parse_options
from net.browser import BrowserViews
from net.client import JoinError, play_bot
from net.host import Host, local_addresses
from net.keys import SeatKeys
from net.protocol import DEFAULT_PORT, new_code, normal_code
from net.reach import NO_GATEWAY_ENV, PortMapper, Reach, ipv6_addresses, share_address
from net.table import HostedTable, NetSeat
from net.webhost import Provider, WebSite, web_address


def parse_seats(game_id: str, spec: str) -> list[NetSeat]:
    """``remote,hard,remote`` into seats; ``ValueError`` naming the fault."""
    game = GAMES[game_id]
    kinds = [part.strip().lower() for part in spec.split(",") if part.strip()]
    if not game.min_players <= len(kinds) <= game.max_players:
        raise ValueError(f"{game_id} is played by {game.min_players} to {game.max_players} seats, not {len(kinds)}")
    seats = []
    for i, kind in enumerate(kinds):
        if kind != "remote" and kind not in game.bot_levels:
            raise ValueError(f"seat {i + 1}: {kind!r} is neither remote nor a bot level ({', '.join(game.bot_levels)})")
        seats.append(NetSeat(f"Player {i + 1}" if kind == "remote" else f"Bot {i + 1} ({kind})", kind))
    if not any(s.remote for s in seats):
        raise ValueError("at least one seat must be remote (a player on another computer)")
    return seats


def new_table(game_id: str, spec: str, options: list[str], code: str | None, seed: int | None) -> HostedTable:
    """A table to host, dealt and waiting for its players."""
    if game_id not in GAMES:
        raise ValueError(f"unknown game {game_id!r}; known games: {', '.join(sorted(GAMES))}")
    seats = parse_seats(game_id, spec)
    game = GAMES[game_id]
    chosen = game.Options(**parse_options(game_id, options))  # OptionError names the option refused
    state = game.new_match([s.name for s in seats], options=chosen, seed=seed)
    code = normal_code(code) if code else new_code()
    if not code or len(code) > 32 or not (code.isascii() and code.isalnum()):
        raise ValueError("a table code is 1 to 32 letters (A to Z) and digits")
    return HostedTable(state, seats, code, auto_bot="normal", auto_start=True)


def serve(args: Any, data_dir: Path, browsers: BrowserViews | None = None,
          providers: Mapping[str, Provider] | None = None) -> int:
    """``--serve``: host a table until its match is over (or host a saved one again). ``browsers``
    draws the pictures of browser seats and ``providers`` the page's generated assets (card images,
    words): both come from ``ui.web`` (without them a browser seat gets raw updates)."""
    autosave = data_dir / "hosted-table.json"
    try:
        saved = load_json_object(autosave) if args.resume else None
    except DamagedFile as exc:
        print(f"the saved table was damaged and was moved aside to {exc.moved}", file=sys.stderr)
        return 1
    try:
        if saved is not None:
            table = HostedTable.from_snapshot(saved)
        elif args.resume:
            print(f"there is no saved table to host again in {data_dir}", file=sys.stderr)
            return 1
        else:
            table = new_table(args.game, args.seats or "", args.option, args.code, args.seed)
            if args.window_margin is not None:
                table.window_margin = args.window_margin
    except ValueError as exc:
        if saved is not None:
            move_aside(autosave)
        print(str(exc), file=sys.stderr)
        return 1
    mapper = PortMapper(description=f"Tablée {table.code}")
    host = Host(table, port=DEFAULT_PORT if args.port is None else args.port, autosave=autosave,
                announce=socket.gethostname(), mapper=mapper, browsers=browsers, web=WebSite(providers=providers))

    async def run() -> None:
        task = asyncio.create_task(host.run())
        while not host.ready.is_set() and not task.done():
            await asyncio.sleep(0.02)
        if host.ready.is_set():
            ipv6 = ipv6_addresses() if host.ipv6 else []
            addresses = ", ".join([*(f"{a}:{host.port}" for a in local_addresses()),
                                   *(share_address(a, host.port) for a in ipv6)])
            print(f"Tablée table {table.code} ({table.state.GAME_ID}, {table.state.players} seats)", flush=True)
            print(f"address: {addresses}", flush=True)
            url = web_address(share_address(local_addresses()[0], host.port), table.code)
            print(f"web: {url} (a phone or a browser opens the table there)", flush=True)
            if sys.stdout.isatty():
                print(terminal_qr(url), flush=True)
            print(f"code: {table.code}", flush=True)
            while mapper.reach.state == "searching" and not task.done():
                await asyncio.sleep(0.1)
            print(f"internet: {internet_line(mapper.reach, host.port)}", flush=True)
        await task

    try:
        asyncio.run(run())
    except OSError as exc:
        print(f"cannot open port {host.port}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("stopped; the table is saved (host it again with --serve --resume)", file=sys.stderr)
        return 1
    state = table.state
    print("match over: " + ", ".join(f"{n} {s}" for n, s in zip(state.names, state.scores))
          + f"; winners: {', '.join(state.names[w] for w in state.winners())}", flush=True)
    autosave.unlink(missing_ok=True)
    return 0


def terminal_qr(text: str) -> str:
    """``text`` as a QR code drawn with half blocks for a terminal (two rows of modules a line),
    light modules as blocks so that it reads on a dark terminal too, with its quiet zone."""
    out = io.StringIO()
    segno.make(text, error="m", micro=False).terminal(out=out, compact=True)
    return out.getvalue().rstrip("\n")


def internet_line(reach: Reach, port: int) -> str:
    """What ``--serve`` says of friends over the internet, once the router answered (or did not)."""
    if reach.state == "mapped" and reach.external_ip is not None and reach.external_port is not None:
        return f"{share_address(reach.external_ip, reach.external_port)} (the router opened the port)"
    if reach.state == "private":
        return (f"the router opened port {reach.external_port}, but its own address ({reach.external_ip or '?'}) "
                "is not public; forward the port on the router in front of it too, or play on the same network")
    if reach.state == "off":
        return f"the router was not asked ({NO_GATEWAY_ENV} is set); forward TCP port {port} to this computer by hand"
    what = "no router answered" if reach.state == "no_gateway" else "the router did not open the port"
    return f"{what}; forward TCP port {port} to this computer by hand, or play on the same network"


def join(args: Any, data_dir: Path) -> int:
    """``--join HOST:PORT --code CODE --bot LEVEL``: play a seat with a bot until the match is over.

    The seat's key is kept in ``data_dir``: run again after a crash, it takes the same seat back.
    """
    keys = SeatKeys(data_dir)
    try:
        keys.load(args.join, args.code)
    except DamagedFile as exc:
        print(f"the kept seat key for this table was damaged and was moved aside to {exc.moved}; "
              "asking the host for a new seat", file=sys.stderr)

    def seated(seat: int, taken_back: bool) -> None:
        told = "took seat {} back with the key kept in {}" if taken_back else "sat in seat {} (its key is kept in {})"
        print(told.format(seat + 1, keys.folder), flush=True)

    try:
        last = asyncio.run(play_bot(args.join, args.code, args.bot, name=args.name or "", keys=keys, on_seat=seated))
    except JoinError as exc:
        print(str(exc), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 1
    names = [s["name"] for s in last["seats"]]
    print("match over; winners: " + ", ".join(names[w] for w in last["winners"]), flush=True)
    return 0
