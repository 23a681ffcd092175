"""What goes into Tablée's executable: data files, hidden imports, icons, version resources.

Shared by ``tablee.spec`` (PyInstaller runs it), ``build.py`` and the tests, so the list of what is
bundled is written once. This is a plain module, not a package: ``packaging`` is also the name of a
PyPI library that PyInstaller itself imports, so this folder has no ``__init__.py``.
"""

from __future__ import annotations

import io
import re
import struct
import sys
import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pygame

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"
APP_NAME = "Tablée"
EXE_NAME = "tablee"
PORTABLE_NAME = "tablee-portable"
"""The one-file build, a portable extra beside the one-folder build."""
FORMS = ("onedir", "onefile")
MAC_BUNDLE_NAME = "Tablee"
BUNDLE_ID = "org.tablee.Tablee"
EXCLUDED_MODULES = ("tkinter", "pytest", "hypothesis", "_pytest", "readline")
"""Modules PyInstaller must not collect: test tools, and ``readline``, which would bring GNU Readline
(GPL) and its ``libtinfo`` into the MIT bundle; the game has no interactive prompt to edit."""
ICON_SOURCE = "icon.png"  # the window icon the app itself loads from assets/
ICON_MASTER_SIZE = 1024
"""The size the app icon is drawn at for the build; every icon file is scaled down from it."""
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
HICOLOR_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)
"""The Linux icon sizes, installed into the hicolor theme (``icons/hicolor/NxN/apps/``)."""
# ICNS element types holding PNG data, by pixel size (https://en.wikipedia.org/wiki/Apple_Icon_Image_format).
ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09", 1024: b"ic10"}
# pygame_gui's default font for each language needing a script of its own; the rest use NotoSans.
LOCALE_FONT_FAMILIES = {
    "ar": "NotoSansArabic",
    "he": "NotoSansHebrew",
    "ge": "NotoSansGeorgian",
    "ja": "NotoSansJP",
    "ko": "NotoSansKR",
    "zh": "NotoSansSC",
}


def project_version(pyproject: Path = ROOT / "pyproject.toml") -> str:
    """``[project] version`` of ``pyproject.toml``, the source of truth for the version."""
    with pyproject.open("rb") as handle:
        return str(tomllib.load(handle)["project"]["version"])


def version_tuple(version: str) -> tuple[int, int, int, int]:
    """The four numbers Windows version resources need (``"0.1.0"`` -> ``(0, 1, 0, 0)``)."""
    numbers = [int(n) for n in re.findall(r"\d+", version.split("+")[0])[:4]]
    return tuple(numbers + [0] * (4 - len(numbers)))  # type: ignore[return-value]


def _visible_files(folder: Path) -> Iterable[Path]:
    for path in sorted(folder.rglob("*")):
        parts = path.relative_to(folder).parts
        if path.is_file() and not any(p.startswith(".") or p == "__pycache__" for p in parts):
            yield path


def asset_files() -> list[Path]:
    """Every file under ``assets/`` that ships (hidden files and caches left out)."""
    return list(_visible_files(ASSETS))


def asset_datas() -> list[tuple[str, str]]:
    """PyInstaller ``datas`` entries putting each asset at ``assets/<same path>`` in the bundle."""
    return [(str(p), str(Path("assets") / p.relative_to(ASSETS).parent)) for p in asset_files()]


def app_languages() -> set[str]:
    """The languages the app has catalogs for (``assets/i18n/<lang>/``)."""
    folder = ASSETS / "i18n"
    return {p.name for p in folder.iterdir() if p.is_dir()} if folder.is_dir() else {"en"}


def unused_font(dest_name: str, languages: set[str]) -> bool:
    """True for a pygame_gui default font serving only languages the app does not offer.

    pygame_gui loads a locale's font only when that locale is selected, and the fonts for Chinese,
    Japanese and Korean alone weigh 37 MB, so leaving them out keeps the executable small.
    """
    path = Path(dest_name)
    if path.parts[:2] != ("pygame_gui", "data") or path.suffix.lower() not in (".ttf", ".otf"):
        return False
    family = path.stem.split("-")[0]
    return any(family == fam and lang not in languages for lang, fam in LOCALE_FONT_FAMILIES.items())


def _package_files(package: str) -> list[Path]:
    folder = ROOT / package
    return [p for p in _visible_files(folder) if not _is_test(p.relative_to(ROOT))]


def _is_test(relative: Path) -> bool:
    return any(part in ("tests", "conftest.py") or part.startswith("test_") for part in relative.parts)


def source_package_datas(package: str) -> list[tuple[str, str]]:
    """Data files (anything but Python and compiled files) inside one of the project's packages.

    E.g. a game's card list read by its loader; each lands at the same relative path in the bundle.
    """
    return [
        (str(p), str(p.relative_to(ROOT).parent))
        for p in _package_files(package)
        if p.suffix not in (".py", ".pyc", ".pyo", ".pyi")
    ]


def installed_package_datas(package: str) -> list[tuple[str, str]]:
    """Data files of an installed library (pygame_gui's theme and fonts), through PyInstaller."""
    from PyInstaller.utils.hooks import collect_data_files

    return collect_data_files(package)


def project_modules(package: str) -> list[str]:
    """Every module of one of the project's packages, tests left out.

    ``game/__init__.py`` imports each game by name and the UI picks a game's table adapter by id,
    so PyInstaller's import scan cannot see them all: they are listed as hidden imports.
    """
    modules = []
    for path in _package_files(package):
        if path.suffix != ".py":
            continue
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules.append(".".join(parts))
    return sorted(modules)


def hidden_imports() -> list[str]:
    """Every module of ``game``, ``ui``, ``net`` and ``disk`` (see ``project_modules``)."""
    return project_modules("game") + project_modules("ui") + project_modules("net") + project_modules("disk")


def find_icon_source() -> Path:
    """The app icon under ``assets/`` from which every platform's icon is made."""
    path = ASSETS / ICON_SOURCE
    if not path.is_file():
        raise FileNotFoundError(f"no app icon at {path}")
    return path


def icon_master(source: Path | None = None) -> pygame.Surface:
    """The image every icon is scaled down from: ``source`` when given, else the app icon as
    ``ui.scenes.art.icon`` draws it at ``ICON_MASTER_SIZE`` pixels (``assets/icon.png`` is the same
    drawing at 256), so the 512 px and 1024 px icons are drawn, not enlarged, and the small ones
    are averaged down from it with smooth edges."""
    import pygame

    if source is None:
        sys.path.insert(0, str(ROOT))
        from ui.scenes.art import icon

        return icon(ICON_MASTER_SIZE)
    loaded = pygame.image.load(str(source))
    rgba = pygame.Surface(loaded.get_size(), pygame.SRCALPHA, 32)
    rgba.blit(loaded, (0, 0))
    return rgba


def png_bytes(master: pygame.Surface, size: int) -> bytes:
    """``master`` scaled to ``size`` x ``size`` pixels, as PNG data (drawn with pygame)."""
    import pygame

    image = master if master.get_size() == (size, size) else pygame.transform.smoothscale(master, (size, size))
    out = io.BytesIO()
    pygame.image.save(image, out, "icon.png")
    return out.getvalue()


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """A Windows ``.ico`` holding one PNG image per size (the format Windows Vista and later read)."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, blobs = b"", b""
    for size in sizes:
        data = pngs[size]
        dim = 0 if size >= 256 else size
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return header + entries + blobs


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """A macOS ``.icns`` holding the PNG images of the sizes it has a type for."""
    body = b"".join(
        ICNS_TYPES[size] + struct.pack(">I", 8 + len(data)) + data
        for size, data in sorted(pngs.items())
        if size in ICNS_TYPES
    )
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def make_icons(out_dir: Path, source: Path | None = None) -> dict[str, Path]:
    """Write ``tablee.png`` (256 px), ``tablee.ico``, ``tablee.icns`` and the Linux icon theme folder
    ``hicolor/NxN/apps/org.tablee.Tablee.png`` (every size of ``HICOLOR_SIZES``) into ``out_dir``.

    Every image is scaled down from ``icon_master(source)``. The ``.icns`` gets no size larger than
    that master (macOS scales up better than a blurry copy); the hicolor theme gets every size, since
    a Linux desktop picks the nearest one and scales it.
    """
    master = icon_master(source)
    out_dir.mkdir(parents=True, exist_ok=True)
    largest = max(max(master.get_size()), max(ICO_SIZES))
    icns_sizes = {s for s in ICNS_TYPES if s <= largest}
    pngs = {size: png_bytes(master, size) for size in sorted(set(ICO_SIZES) | icns_sizes | set(HICOLOR_SIZES))}
    paths = {kind: out_dir / f"{EXE_NAME}.{kind}" for kind in ("png", "ico", "icns")}
    paths["png"].write_bytes(pngs[256])
    paths["ico"].write_bytes(ico_bytes({s: pngs[s] for s in ICO_SIZES}))
    paths["icns"].write_bytes(icns_bytes({s: pngs[s] for s in icns_sizes}))
    paths["hicolor"] = out_dir / "hicolor"
    for size in HICOLOR_SIZES:
        icon = paths["hicolor"] / f"{size}x{size}" / "apps" / f"{BUNDLE_ID}.png"
        icon.parent.mkdir(parents=True, exist_ok=True)
        icon.write_bytes(pngs[size])
    return paths


def windows_version_file(path: Path, version: str) -> Path:
    """Write the version resource PyInstaller embeds in ``tablee.exe`` (shown in its Properties)."""
    numbers = version_tuple(version)
    strings = {
        "CompanyName": "Tablée",
        "FileDescription": f"{APP_NAME} card table",
        "FileVersion": version,
        "InternalName": EXE_NAME,
        "OriginalFilename": f"{EXE_NAME}.exe",
        "ProductName": APP_NAME,
        "ProductVersion": version,
    }
    string_structs = ",\n".join(f"          StringStruct({k!r}, {v!r})" for k, v in strings.items())
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        f"""VSVersionInfo(
  ffi=FixedFileInfo(filevers={numbers}, prodvers={numbers}, mask=0x3f, flags=0x0, OS=0x40004,
                    fileType=0x1, subtype=0x0, date=(0, 0)),
  kids=[
    StringFileInfo([StringTable('040904B0', [
{string_structs}
    ])]),
    VarFileInfo([VarStruct('Translation', [1033, 1200])])
  ]
)
""",
        encoding="utf-8",
    )
    return path


def mac_info_plist(version: str) -> dict[str, object]:
    """Entries of the ``.app``'s ``Info.plist``: name, version, retina support, category."""
    return {
        "CFBundleName": MAC_BUNDLE_NAME,
        "CFBundleDisplayName": APP_NAME,
        "CFBundleShortVersionString": version,
        "CFBundleVersion": version,
        "NSHighResolutionCapable": True,
        "LSApplicationCategoryType": "public.app-category.card-games",
    }


def executable_path(dist: Path = ROOT / "dist", platform: str = sys.platform, form: str = "onedir") -> Path:
    """Where the build leaves the program to run: ``dist/tablee/tablee`` (``.exe``) in the one-folder
    form, ``dist/tablee-portable`` (``.exe``) in the one-file form, or inside the ``.app`` on macOS."""
    if platform == "darwin":
        return dist / f"{MAC_BUNDLE_NAME}.app" / "Contents" / "MacOS" / MAC_BUNDLE_NAME
    suffix = ".exe" if platform == "win32" else ""
    if form == "onefile":
        return dist / f"{PORTABLE_NAME}{suffix}"
    return dist / EXE_NAME / f"{EXE_NAME}{suffix}"


def shipped_artifact(dist: Path = ROOT / "dist", platform: str = sys.platform, form: str = "onedir") -> Path:
    """What a player gets: the program's folder, the portable one-file executable, or the ``.app``."""
    if platform == "darwin":
        return dist / f"{MAC_BUNDLE_NAME}.app"
    return executable_path(dist, platform, form) if form == "onefile" else dist / EXE_NAME


def write_notices(out_dir: Path, libraries: str = "") -> Path:
    """Write the third-party notice file into ``out_dir``: ``libraries`` (the shipped shared libraries
    and fonts, from ``libraries.notices``) then the build's installed runtime packages."""
    sys.path.insert(0, str(ROOT))
    from ui.notices import NOTICES_FILE, third_party_notices

    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / NOTICES_FILE
    path.write_text(libraries + third_party_notices(ROOT / "packaging" / "licenses"), encoding="utf-8")
    return path
