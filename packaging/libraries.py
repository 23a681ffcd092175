"""The licences of the shared libraries and fonts a build ships, from ``packaging/licenses/libraries.toml``.

The build (``tablee.spec``) passes what PyInstaller collected; CI passes the built folder
(``python packaging/libraries.py check dist/tablee``). Each shared library and font is matched to
the project it comes from; one that matches none, or matches one under the GPL without an
exception, stops the build with its name, so a library nobody looked at never ships. The matched
projects, their licences and licence texts become the first part of ``THIRD-PARTY-NOTICES.txt``.

A plain module, not a package, like ``bundle.py`` (``packaging`` is also a PyPI library's name).
"""

from __future__ import annotations

import argparse
import fnmatch
import re
import sys
import textwrap
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

LICENSES = Path(__file__).resolve().parent / "licenses"
TABLE = LICENSES / "libraries.toml"
SHARED_LIBRARY = re.compile(r"\.(so|dylib)(\.\d+)*$|\.(dll|pyd)$", re.IGNORECASE)
FONT = re.compile(r"\.(ttf|otf|ttc)$", re.IGNORECASE)
CONTENT_FOLDERS = ("_internal", "Contents/Frameworks")
"""Where PyInstaller puts the libraries inside a one-folder build and inside a macOS ``.app``."""
RULE = "=" * 78


class LicenceProblem(SystemExit):
    """A shipped file no entry of the table covers, or one under the GPL: the build must stop."""


@dataclass(frozen=True)
class Component:
    """One project whose files may ship: its name, licence (SPDX), texts and file patterns."""

    name: str
    licence: str
    texts: tuple[str, ...]
    copyright: str
    url: str
    files: tuple[str, ...]
    always: bool = False

    def matches(self, path: str) -> bool:
        """True when ``path`` (inside the bundle, with ``/``) is one of this project's files."""
        name = PurePosixPath(path).name.lower()
        lowered = path.lower()
        for pattern in (p.lower() for p in self.files):
            if pattern.startswith("/"):
                if "/" not in lowered and fnmatch.fnmatchcase(lowered, pattern[1:]):
                    return True
            elif "/" in pattern:
                if fnmatch.fnmatchcase(lowered, pattern):
                    return True
            elif fnmatch.fnmatchcase(name, pattern):
                return True
        return False

    @property
    def forbidden(self) -> bool:
        """True for a licence that would put the whole MIT bundle under the GPL: a GPL or AGPL term
        with no exception, in every alternative of an ``OR``."""
        alternatives = re.split(r"\s+OR\s+", self.licence.strip("() "))
        return all(
            any(re.match(r"A?GPL-", term) and " WITH " not in term for term in re.split(r"\s+AND\s+", alt))
            for alt in alternatives
        )


def load_table(path: Path = TABLE) -> list[Component]:
    """The table's entries, in order (the first one that matches a file wins)."""
    with path.open("rb") as handle:
        entries = tomllib.load(handle)["component"]
    return [
        Component(
            name=e["name"], licence=e["licence"], texts=tuple(e["texts"]), copyright=e["copyright"],
            url=e["url"], files=tuple(e["files"]), always=bool(e.get("always", False)),
        )
        for e in entries
    ]


def is_covered_kind(path: str) -> bool:
    """True for the files whose licence the table must give: shared libraries and fonts."""
    name = PurePosixPath(path).name
    return bool(SHARED_LIBRARY.search(name) or FONT.search(name))


def classify(paths: Iterable[str], table: list[Component]) -> tuple[dict[str, list[str]], list[str]]:
    """Each project's shipped files (by component name, ``always`` ones included) and the files that
    no entry covers."""
    found: dict[str, list[str]] = {c.name: [] for c in table if c.always}
    uncovered = []
    for path in sorted(set(paths)):
        component = next((c for c in table if c.matches(path)), None)
        if component is None:
            uncovered.append(path)
        else:
            found.setdefault(component.name, []).append(path)
    return found, uncovered


def check(paths: Iterable[str], table: list[Component] | None = None) -> dict[str, list[str]]:
    """``classify`` that raises ``LicenceProblem`` naming every uncovered or GPL file."""
    table = load_table() if table is None else table
    found, uncovered = classify(paths, table)
    by_name = {c.name: c for c in table}
    gpl = [f"{path} ({name}, {by_name[name].licence})"
           for name, files in found.items() if by_name[name].forbidden for path in files]
    problems = []
    if uncovered:
        problems.append("no licence known for these shipped files (add their project to "
                        "packaging/licenses/libraries.toml, or keep them out of the build):\n  "
                        + "\n  ".join(uncovered))
    if gpl:
        problems.append("these shipped files are under the GPL, which the MIT bundle cannot carry "
                        "(exclude them in packaging/tablee.spec):\n  " + "\n  ".join(gpl))
    if problems:
        raise LicenceProblem("\n".join(problems))
    return found


def bundle_paths(folder: Path) -> list[str]:
    """The shared libraries and fonts in a built folder (or ``.app``), each by its path inside the
    bundle, as PyInstaller names it (relative to ``_internal/`` or ``Contents/Frameworks/``)."""
    root = next((folder / sub for sub in CONTENT_FOLDERS if (folder / sub).is_dir()), folder)
    return sorted(
        p.relative_to(root).as_posix()
        for p in root.rglob("*")
        if (p.is_file() or p.is_symlink()) and is_covered_kind(p.name)
    )


def notices(found: dict[str, list[str]], table: list[Component] | None = None,
            licence_dir: Path = LICENSES) -> str:
    """The notice text for what ships: each project with its licence, copyright and files, then each
    licence text once."""
    table = load_table() if table is None else table
    parts = [
        "Tablée ships the following libraries and fonts, each under its own licence, given below.",
        "The LGPL libraries are separate shared libraries in the one-folder builds, so each can be replaced",
        "by another compatible version built from its source (see each project's address).",
        "",
    ]
    texts: list[str] = []
    for component in table:
        files = found.get(component.name)
        if files is None:
            continue
        parts += [RULE, f"{component.name} — {component.licence}", component.url, component.copyright]
        if files:
            names = ", ".join(sorted({PurePosixPath(f).name for f in files}))
            parts.append(textwrap.fill(f"Files: {names}", width=100, subsequent_indent="  ", break_on_hyphens=False))
        parts.append("Licence texts: " + ", ".join(component.texts))
        texts += [t for t in component.texts if t not in texts]
    parts += [RULE, ""]
    for text in texts:
        parts += [f"--- {text}", (licence_dir / text).read_text(encoding="utf-8").strip(), ""]
    return "\n".join(parts) + "\n"


def main(argv: list[str] | None = None) -> int:
    """``check FOLDER``: every shared library and font of a built folder is covered, none is GPL."""
    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("command", choices=("check", "notices"))
    parser.add_argument("folder", type=Path)
    args = parser.parse_args(argv)
    paths = bundle_paths(args.folder)
    found = check(paths)
    if args.command == "notices":
        sys.stdout.write(notices(found))
    else:
        print(f"{len(paths)} shared libraries and fonts, from {len(found)} projects, all with a known licence:")
        for name, files in found.items():
            print(f"  {name}: {len(files)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
