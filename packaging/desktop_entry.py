"""Read a ``.desktop`` file as a desktop does, by the Desktop Entry Specification's rules.

CI (``packaging/ci-build.sh``) launches the installed menu entry through ``exec``: the command it
prints is the one a desktop would run, so a wrongly quoted ``Exec=`` fails CI. The tests use the
same reader on what ``install.sh`` writes. A plain module, like ``bundle.py``.

    python packaging/desktop_entry.py exec FILE   # the Exec argument vector, NUL-separated
"""

from __future__ import annotations

import sys
from pathlib import Path

STRING_ESCAPES = {"s": " ", "n": "\n", "t": "\t", "r": "\r", "\\": "\\"}
RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")
"""Characters that an Exec argument may hold only inside double quotes."""
QUOTED_ESCAPES = set('"`$\\')
"""Characters written with a backslash inside a quoted Exec argument."""


class EntryError(ValueError):
    """The file breaks the specification (the message says where)."""


def unescape_string(value: str) -> str:
    """A value of the string type with its escapes (``\\s \\n \\t \\r \\\\``) read."""
    out, i = [], 0
    while i < len(value):
        if value[i] == "\\":
            if i + 1 >= len(value) or value[i + 1] not in STRING_ESCAPES:
                raise EntryError(f"unknown escape in {value!r}")
            out.append(STRING_ESCAPES[value[i + 1]])
            i += 2
        else:
            out.append(value[i])
            i += 1
    return "".join(out)


def read_entry(path: Path) -> dict[str, str]:
    """The keys of the ``[Desktop Entry]`` group, as written (a key given twice is an error)."""
    group, keys = "", {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        if line.startswith("["):
            group = line.strip()
            continue
        key, sep, value = line.partition("=")
        if not sep:
            raise EntryError(f"not a key=value line: {line!r}")
        if group == "[Desktop Entry]":
            if key.strip() in keys:
                raise EntryError(f"{key.strip()} given twice")
            keys[key.strip()] = value.strip()
    return keys


def exec_argv(value: str) -> list[str]:
    """The argument vector of an ``Exec`` value: string escapes first, then the quoting rules, then
    ``%%`` as ``%`` (an entry with field codes such as ``%f`` is refused: Tablée's has none)."""
    text, args, i = unescape_string(value), [], 0
    while i < len(text):
        if text[i] == " ":
            i += 1
            continue
        arg = []
        if text[i] == '"':
            i += 1
            while i < len(text) and text[i] != '"':
                if text[i] == "\\":
                    if i + 1 >= len(text) or text[i + 1] not in QUOTED_ESCAPES:
                        raise EntryError(f"bad escape in a quoted argument of {text!r}")
                    i += 1
                elif text[i] in "`$":
                    raise EntryError(f"unescaped {text[i]!r} in a quoted argument of {text!r}")
                arg.append(text[i])
                i += 1
            if i >= len(text):
                raise EntryError(f"unclosed quote in {text!r}")
            i += 1
            if i < len(text) and text[i] != " ":
                raise EntryError(f"a quoted argument must end at a space in {text!r}")
        else:
            while i < len(text) and text[i] != " ":
                if text[i] in RESERVED:
                    raise EntryError(f"reserved {text[i]!r} outside quotes in {text!r}")
                arg.append(text[i])
                i += 1
        word = "".join(arg)
        if "%" in word.replace("%%", ""):
            raise EntryError(f"a field code in {word!r}")
        args.append(word.replace("%%", "%"))
    if not args:
        raise EntryError("an empty Exec")
    return args


def main(argv: list[str] | None = None) -> int:
    """``exec FILE``: print the entry's Exec argument vector, each argument followed by a NUL."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2 or args[0] != "exec":
        print(__doc__, file=sys.stderr)
        return 2
    try:
        command = exec_argv(read_entry(Path(args[1]))["Exec"])
    except (EntryError, KeyError, OSError) as error:
        print(f"{args[1]}: {error}", file=sys.stderr)
        return 1
    sys.stdout.write("".join(f"{word}\0" for word in command))
    return 0


if __name__ == "__main__":
    sys.exit(main())
