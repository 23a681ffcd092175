"""The licences of what Tablée is made of: its own (MIT) and every third-party part it ships.

``third_party_notices()`` writes the notice file from the installed distributions' metadata (name,
version, licence, home page and the licence texts they carry) for the runtime dependencies,
walked from ``requirements.txt``'s top-level packages, plus the fonts pygame_gui brings. The build
ships the file (``THIRD-PARTY-NOTICES.txt``); the About page shows it, reading the shipped file in
a packaged build and generating it from the installed packages when run from source.
"""

from __future__ import annotations

import importlib.metadata as metadata
import re
from pathlib import Path

NOTICES_FILE = "THIRD-PARTY-NOTICES.txt"
TOP_LEVEL = ("pygame-ce", "pygame_gui", "platformdirs", "websockets", "zeroconf", "async-upnp-client", "segno")
"""What ``requirements.txt`` asks for at run time; their own dependencies are followed."""
EXTRA_TEXTS = {"pygame-ce": "LGPL-2.1.txt"}
"""Licence texts a distribution names but does not carry (kept under ``packaging/licenses``)."""
RULE = "=" * 78


def runtime_distributions(top: tuple[str, ...] = TOP_LEVEL) -> list[metadata.Distribution]:
    """The installed distributions the app needs at run time (extras and markers left out)."""
    seen: dict[str, metadata.Distribution] = {}
    todo = list(top)
    while todo:
        name = todo.pop()
        key = _normal(name)
        if key in seen:
            continue
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            continue
        seen[key] = dist
        for requirement in dist.requires or []:
            if ";" in requirement:
                continue  # an extra or a platform marker: not part of the plain install
            todo.append(re.split(r"[\s<>=!~\[(]", requirement, maxsplit=1)[0])
    return sorted(seen.values(), key=lambda d: _normal(d.metadata["Name"]))


def third_party_notices(licence_dir: Path | None = None) -> str:
    """The notice text: one section per distribution with its licence texts."""
    parts = [
        "Tablée uses the following Python packages. Each keeps its own licence, given below.",
        "pygame-ce (LGPL-2.1) is shipped as separate shared libraries in the one-folder builds, so it",
        "can be replaced by another compatible version; its source is at https://github.com/pygame-community/pygame-ce.",
        "The libraries its wheels bring (SDL2 and its image, mixer and font libraries, FreeType, HarfBuzz,",
        "libpng, zlib, the codecs) are listed with their licences in a build's notices. The Noto Sans and",
        "Fira Code fonts come with pygame_gui (SIL Open Font License 1.1, texts below).",
        "",
    ]
    for dist in runtime_distributions():
        meta = dist.metadata
        name = meta["Name"]
        licence = _field(meta, "License-Expression") or _short(_field(meta, "License")) or _classifier(meta) or "see below"
        home = _field(meta, "Home-page") or _project_url(meta) or ""
        parts += [RULE, f"{name} {dist.version} — {licence}", home, RULE]
        texts = [f for f in dist.files or [] if _is_licence(str(f))]
        for file in texts:
            try:
                body = Path(str(dist.locate_file(file))).read_text(encoding="utf-8", errors="replace")
            except OSError:
                continue
            parts += [f"--- {Path(str(file)).name}", body.strip(), ""]
        extra = EXTRA_TEXTS.get(name)
        if extra and licence_dir is not None and (licence_dir / extra).is_file():
            parts += [f"--- {extra}", (licence_dir / extra).read_text(encoding="utf-8").strip(), ""]
    return "\n".join(parts) + "\n"


def summary() -> list[tuple[str, str, str]]:
    """(name, version, licence) of each third-party distribution, for a short list."""
    out = []
    for dist in runtime_distributions():
        meta = dist.metadata
        out.append((meta["Name"], dist.version,
                    _field(meta, "License-Expression") or _short(_field(meta, "License")) or _classifier(meta) or "?"))
    return out


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _field(meta: metadata.PackageMetadata, name: str) -> str | None:
    """A distribution's metadata field, ``None`` when it has none."""
    values = meta.get_all(name) or []
    return str(values[0]) if values else None


def _short(text: str | None) -> str:
    """A licence field that is a name, not a whole licence text pasted in."""
    return "" if not text or len(text) > 60 or "\n" in text else text


def _classifier(meta: metadata.PackageMetadata) -> str:
    found = [c.split("::")[-1].strip() for c in meta.get_all("Classifier") or [] if c.startswith("License ::")]
    return ", ".join(found)


def _project_url(meta: metadata.PackageMetadata) -> str:
    for entry in meta.get_all("Project-URL") or []:
        label, _, url = entry.partition(",")
        if label.strip().lower() in ("homepage", "home", "source", "repository"):
            return url.strip()
    return ""


def _is_licence(path: str) -> bool:
    name = Path(path).name.upper()
    return name.startswith(("LICENSE", "LICENCE", "COPYING", "NOTICE")) or "-LICENSE" in name
