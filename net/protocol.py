"""The messages of the network table: JSON objects with a ``type``, checked on the way in.

Every message is a JSON object of at most ``MAX_MESSAGE`` bytes. ``decode`` turns a received text
into a checked dict or raises ``ProtocolError`` (a key and an English sentence, sent back to the
client that was wrong); nothing received is ever evaluated or unpickled. The full list of messages
is in ``docs/protocol.md``.

>>> decode('{"type": "move", "move": "discard Kh"}')
{'type': 'move', 'move': 'discard Kh'}
>>> decode('{"type": "move"}')
Traceback (most recent call last):
...
net.protocol.ProtocolError: The message 'move' needs 'move' (text).
"""

from __future__ import annotations

import json
import secrets
import string
from typing import Any

PROTOCOL_VERSION = 1
MAX_MESSAGE = 16 * 1024
"""Bytes: a client message longer than this is refused (a move or a hello is far shorter)."""
FRAME_LIMIT = 256 * 1024
"""Bytes: the WebSocket layer closes a connection that sends a frame longer than this."""
DEFAULT_PORT = 47815
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Table codes avoid letters and digits that look alike (0/O, 1/I)."""
CODE_LENGTH = 6
NAME_LIMIT = 24
NUMBER_LIMIT = 2 ** 53
"""A number received must be finite and at most this in size (what JSON numbers carry exactly)."""
DELAY_LIMIT = 3600.0
"""Seconds: the longest reaction delay a network bot may give."""
SERVICE_TYPE = "_tablee._tcp.local."
"""The zeroconf service type under which hosts announce their tables on the local network."""

_NUMBER = (int, float)
_FIELDS: dict[str, dict[str, tuple[type | tuple[type, ...], bool]]] = {
    # type: {field: (allowed types, required)}
    "hello": {"version": (int, True), "code": (str, True), "name": (str, False), "seat": ((int, type(None)), False),
              "bot": ((str, type(None)), False), "screen": (dict, False)},
    "resume": {"version": (int, True), "code": (str, True), "token": (str, True), "screen": (dict, False)},
    "watch": {"version": (int, True), "code": (str, True), "token": (str, True)},
    "move": {"move": (str, True)},
    "ready": {},
    "pass": {},
    "answer": {"key": (int, True), "move": ((str, type(None)), True), "delay": (_NUMBER, False)},
    "ping": {"t": (_NUMBER, False)},
    "bye": {},
    "gesture": {"node": (str, True), "act": (str, True), "drop": (int, False)},
}
"""What a client may send, and the fields each message needs."""
_TEXT_LIMITS = {"code": 64, "name": 256, "token": 128, "move": 256, "bot": 32, "node": 64, "act": 8}
"""Characters: the longest text each field may hold (a longer one is refused, not cut)."""
_RANGES: dict[tuple[str, str], tuple[float, float]] = {
    ("hello", "version"): (0, 1 << 31), ("resume", "version"): (0, 1 << 31), ("watch", "version"): (0, 1 << 31),
    ("hello", "seat"): (0, 63),
    ("answer", "key"): (0, NUMBER_LIMIT), ("answer", "delay"): (0.0, DELAY_LIMIT), ("gesture", "drop"): (0, 63),
}
"""The values a number field may take (any other number: at most ``NUMBER_LIMIT`` in size)."""


class ProtocolError(ValueError):
    """A message that breaks the protocol: ``key`` names the fault, the text says it in English."""

    def __init__(self, message: str, key: str, params: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.key = key
        self.params = params or {}


def decode(text: str | bytes) -> dict[str, Any]:
    """A received message as a checked dict; ``ProtocolError`` saying what is wrong."""
    if isinstance(text, bytes):
        if len(text) > MAX_MESSAGE:
            raise ProtocolError(f"The message is too long (at most {MAX_MESSAGE} bytes).", "too_long",
                                {"limit": MAX_MESSAGE})
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise ProtocolError("The message is not UTF-8 text.", "not_json") from None
    if len(text.encode("utf-8")) > MAX_MESSAGE:
        raise ProtocolError(f"The message is too long (at most {MAX_MESSAGE} bytes).", "too_long",
                            {"limit": MAX_MESSAGE})
    try:
        data = json.loads(text, parse_constant=_refuse_constant, parse_float=_finite, parse_int=_whole)
    except _OutOfRange:
        raise ProtocolError("A number in the message is not finite or is larger than 2^53.", "bad_number") from None
    except (ValueError, RecursionError):
        raise ProtocolError("The message is not valid JSON.", "not_json") from None
    if not isinstance(data, dict):
        raise ProtocolError("A message must be a JSON object.", "not_object")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        shown = printable(str(kind))
        raise ProtocolError(f"Unknown message type {shown!r}.", "unknown_type", {"type": shown})
    for name, (types, required) in _FIELDS[kind].items():
        if name not in data:
            if required:
                raise ProtocolError(f"The message {kind!r} needs {name!r} ({_describe(types)}).", "missing_field",
                                    {"type": kind, "field": name})
            continue
        value = data[name]
        if isinstance(value, bool) or not isinstance(value, types) or not _fits(kind, name, value):
            raise ProtocolError(f"In {kind!r}, {name!r} must be {_describe(types)}{_bounds(kind, name)}.", "bad_field",
                                {"type": kind, "field": name})
    return {k: data[k] for k in ("type", *_FIELDS[kind]) if k in data}


def printable(text: str, limit: int = 40) -> str:
    """``text`` fit to be echoed in an error: printable characters only (a lone surrogate, a
    control or a bidi character becomes ``?``), at most ``limit`` of them."""
    return "".join(ch if ch.isprintable() else "?" for ch in text[:limit])


def encode(message: dict[str, Any]) -> str:
    """A message as compact JSON text."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def error(key: str, message: str, params: dict[str, Any] | None = None, **extra: Any) -> dict[str, Any]:
    """An ``error`` message: ``key`` for the client's translation, ``message`` in English."""
    return {"type": "error", "key": key, "message": message, "params": dict(params or {}), **extra}


def new_code(rng: secrets.SystemRandom | None = None) -> str:
    """A fresh table code (6 characters from ``CODE_ALPHABET``)."""
    pick = rng.choice if rng is not None else secrets.choice
    return "".join(pick(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(text: str) -> str:
    """A code as typed (any case, spaces or dashes) in its canonical form."""
    return "".join(ch for ch in text.upper() if ch not in string.whitespace + "-")


def new_token() -> str:
    """A seat's secret: whoever shows it may take the seat back after a drop."""
    return secrets.token_urlsafe(24)


def clean_name(text: str) -> str:
    """A player's name as shown to others: printable, trimmed, at most ``NAME_LIMIT`` characters."""
    kept = "".join(ch for ch in text if ch.isprintable())
    return " ".join(kept.split())[:NAME_LIMIT]


class _OutOfRange(ValueError):
    """A JSON number no field may take (infinite, or longer than any field needs)."""


def _refuse_constant(name: str) -> Any:
    raise _OutOfRange(f"{name} is not JSON")


def _finite(text: str) -> float:
    """A JSON fraction, refused when it overflows to infinity (``1e999``) or is too big."""
    value = float(text)
    if not abs(value) <= NUMBER_LIMIT:
        raise _OutOfRange(f"{text[:20]} is out of range")
    return value


def _whole(text: str) -> int:
    """A JSON whole number, refused when it has more digits than any field needs (no 400-digit int)."""
    if len(text) > 17:
        raise _OutOfRange(f"{text[:20]}… is out of range")
    value = int(text)
    if abs(value) > NUMBER_LIMIT:
        raise _OutOfRange(f"{text} is out of range")
    return value


def _fits(kind: str, name: str, value: Any) -> bool:
    """Whether a value of the right type is in range: numbers in their bounds, texts short and
    encodable (no lone surrogate such as ``\\ud800``, which UTF-8 cannot carry)."""
    if isinstance(value, str):
        if len(value) > _TEXT_LIMITS.get(name, 256):
            return False
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return False
        return True
    if isinstance(value, (int, float)):
        low, high = _RANGES.get((kind, name), (-NUMBER_LIMIT, NUMBER_LIMIT))
        return low <= value <= high
    return True


def _bounds(kind: str, name: str) -> str:
    if (kind, name) in _RANGES:
        low, high = _RANGES[kind, name]
        return f" from {low:g} to {high:g}"
    if name in _TEXT_LIMITS:
        return f" (UTF-8 text of at most {_TEXT_LIMITS[name]} characters)"
    return ""


def _describe(types: type | tuple[type, ...]) -> str:
    names = {str: "text", int: "a whole number", float: "a number", type(None): "null"}
    items = types if isinstance(types, tuple) else (types,)
    return " or ".join(dict.fromkeys(names.get(t, t.__name__) for t in items))
