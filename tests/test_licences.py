"""The licence of every shared library and font a build ships (packaging/libraries.py and its table
packaging/licenses/libraries.toml), on the file names real builds hold, without PyInstaller.

CI checks the real built folder the same way (``python packaging/libraries.py check dist/tablee``).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"

# Shared libraries of the Linux one-folder build (inside _internal/), as PyInstaller 6 names them.
LINUX = """
libFLAC-e7027ec5.so.14.0.0 libSDL2-2-50d19f93.0.so.0.3200.10 libSDL2_image-2-d6906c81.0.so.0.800.12
libSDL2_mixer-2-6719e6f6.0.so.0.800.2 libSDL2_ttf-2-e69aa315.0.so.0.2400.0 libbrotlicommon-c828db13.so.1.2.0
libbrotlidec-8e4a5025.so.1.2.0 libbz2.so.1.0 libcrypto.so.3 libffi.so.8 libfluidsynth-2d6ca569.so.3.5.6
libfreetype-b83c5fb4.so.6.20.6 libgcc_s.so.1 libharfbuzz-672f7280.so.0.61430.0 libjpeg-a5e764f6.so.62.4.0
liblzma.so.5 libmpg123-8b3c3c9e.so.0.49.4 libogg-15db22d2.so.0.8.6 libopus-ddd6afb9.so.0.11.1
libopusfile-96d7a9c0.so.0.4.5 libpng16-fefdc88d.so.16.58.0 libpython3.11.so.1.0 libsharpyuv-f86ac02c.so.0.1.2
libsndfile-b31f7dcd.so.1.0.37 libssl.so.3 libstdc++.so.6 libtiff-9370c332.so.6.3.0 libuuid.so.1
libvorbis-3d07e502.so.0.4.9 libvorbisenc-263afe1b.so.2.0.12 libvorbisfile-07b6198b.so.3.3.8
libwavpack-59f0eb24.so.1.2.8 libwebp-0c3b7151.so.7.2.0 libwebpdemux-cecf59a9.so.2.0.17
libxmp-35a4066c.so.4.7.2 libz.so.1 pygame_ce.libs/libSDL2-2-50d19f93.0.so.0.3200.10
python3.11/lib-dynload/_ssl.cpython-311-x86_64-linux-gnu.so python3.11/lib-dynload/zlib.cpython-311-x86_64-linux-gnu.so
pygame/base.cpython-311-x86_64-linux-gnu.so pygame/_sdl2/video.cpython-311-x86_64-linux-gnu.so
websockets/speedups.cpython-311-x86_64-linux-gnu.so zeroconf/_handlers/answers.cpython-311-x86_64-linux-gnu.so
pygame/freesansbold.ttf pygame_gui/data/NotoSans-Regular.ttf pygame_gui/data/FiraCode-Regular.ttf
""".split()
# The Windows build: python.org's Python 3.11 and pygame-ce's win_amd64 wheel.
WINDOWS = """
python311.dll python3.dll VCRUNTIME140.dll VCRUNTIME140_1.dll libcrypto-3.dll libssl-3.dll libffi-8.dll
_ssl.pyd _ctypes.pyd select.pyd unicodedata.pyd pygame/SDL2.dll pygame/SDL2_image.dll pygame/SDL2_mixer.dll
pygame/SDL2_ttf.dll pygame/freetype.dll pygame/libpng16-16.dll pygame/libjpeg-62.dll pygame/libtiff-5.dll
pygame/libwebp-7.dll pygame/libwebpdemux-2.dll pygame/libogg-0.dll pygame/libopus-0.dll pygame/libopusfile-0.dll
pygame/libwavpack-1.dll pygame/libxmp.dll pygame/portmidi.dll pygame/base.cp311-win_amd64.pyd
websockets/speedups.cp311-win_amd64.pyd zeroconf/_dns.cp311-win_amd64.pyd
""".split()
# The macOS .app (Contents/Frameworks): pygame-ce's universal2 wheel.
MACOS = """
Python python3.11/lib-dynload/_ssl.cpython-311-darwin.so libssl.3.dylib libcrypto.3.dylib
pygame/.dylibs/libSDL2-2.0.0.dylib pygame/.dylibs/libSDL2_image-2.0.0.800.12.dylib
pygame/.dylibs/libSDL2_mixer-2.0.0.800.2.dylib pygame/.dylibs/libSDL2_ttf-2.0.0.2400.0.dylib
pygame/.dylibs/libfreetype.6.dylib pygame/.dylibs/libharfbuzz.0.dylib pygame/.dylibs/libpng16.16.58.0.dylib
pygame/.dylibs/libz.1.3.1.zlib-ng.dylib pygame/.dylibs/libportmidi.2.0.7.dylib pygame/.dylibs/libopus.0.dylib
pygame/.dylibs/libFLAC.14.0.0.dylib pygame/.dylibs/libmpg123.0.dylib pygame/base.cpython-311-darwin.so
""".split()


@pytest.fixture(scope="module")
def libraries() -> ModuleType:
    if "libraries" in sys.modules:
        return sys.modules["libraries"]
    spec = importlib.util.spec_from_file_location("libraries", PACKAGING / "libraries.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["libraries"] = module
    spec.loader.exec_module(module)
    return module


def owner(libraries: ModuleType, path: str) -> str:
    found, uncovered = libraries.classify([path], libraries.load_table())
    assert not uncovered, path
    return next(name for name, files in found.items() if files)


@pytest.mark.parametrize("platform_files", [LINUX, WINDOWS, MACOS], ids=["linux", "windows", "macos"])
def test_every_library_of_each_platform_has_a_licence_and_none_is_gpl(
    libraries: ModuleType, platform_files: list[str]
) -> None:
    found = libraries.check(platform_files)
    assert sum(len(files) for files in found.values()) == len(platform_files)


@pytest.mark.parametrize(("path", "project"), [
    ("libSDL2-2-50d19f93.0.so.0.3200.10", "SDL2"),
    ("libSDL2_image-2-d6906c81.0.so.0.800.12", "SDL_image"),
    ("pygame/SDL2_mixer.dll", "SDL_mixer"),
    ("pygame/.dylibs/libSDL2_ttf-2.0.0.2400.0.dylib", "SDL_ttf"),
    ("libopus-ddd6afb9.so.0.11.1", "Opus"),
    ("libopusfile-96d7a9c0.so.0.4.5", "opusfile"),
    ("libcrypto.so.3", "OpenSSL"),
    ("libpython3.11.so.1.0", "Python"),
    ("python3.11/lib-dynload/_ssl.cpython-311-x86_64-linux-gnu.so", "Python"),
    ("_ssl.pyd", "Python"),
    ("pygame/base.cp311-win_amd64.pyd", "pygame-ce (compiled modules)"),  # not Python's: it is in a folder
    ("pygame/libpng16-16.dll", "libpng"),  # a library in pygame's folder is its own project's
    ("zeroconf/_services/browser.cpython-311-x86_64-linux-gnu.so", "zeroconf (compiled modules)"),
    ("LIBZ.SO.1", "zlib"),
])
def test_each_file_goes_to_its_own_project(libraries: ModuleType, path: str, project: str) -> None:
    assert owner(libraries, path) == project


def test_gnu_readline_and_an_unknown_library_stop_the_build(libraries: ModuleType) -> None:
    """What the issue found in the built folder: readline (GPL) and libtinfo, which nobody listed."""
    with pytest.raises(libraries.LicenceProblem) as stop:
        libraries.check([*LINUX, "libreadline.so.8", "libtinfo.so.6"])
    message = str(stop.value)
    assert "libreadline.so.8 (GNU Readline, GPL-3.0-or-later)" in message
    assert "no licence known" in message and "libtinfo.so.6" in message
    assert "libSDL2" not in message  # only the offenders are named


def test_only_the_gpl_without_an_exception_is_refused(libraries: ModuleType) -> None:
    def component(licence: str) -> object:
        return libraries.Component("x", licence, (), "", "", ())

    assert component("GPL-3.0-or-later").forbidden and component("AGPL-3.0-only").forbidden
    assert component("MIT AND GPL-2.0-only").forbidden
    assert not component("GPL-3.0-or-later WITH GCC-exception-3.1").forbidden
    assert not component("LGPL-2.1-or-later").forbidden and not component("Zlib").forbidden
    assert not component("FTL OR GPL-2.0-or-later").forbidden  # the choice is ours


def test_the_notices_give_each_shipped_project_its_licence_text_once(libraries: ModuleType) -> None:
    text = libraries.notices(libraries.check(LINUX))
    for heading in ("SDL2 — Zlib", "OpenSSL — Apache-2.0", "FreeType — FTL", "HarfBuzz — MIT-Modern-Variant",
                    "libpng — libpng-2.0", "Vorbis — BSD-3-Clause", "Python — PSF-2.0",
                    "PyInstaller bootloader — GPL-2.0-or-later WITH PyInstaller-exception-2.0",
                    "Noto Sans (font, with pygame_gui) — OFL-1.1"):
        assert f"\n{heading}\n" in text, heading
    assert "PortMidi" not in text  # not in the Linux build, so not listed
    assert text.count("--- Zlib.txt") == 1 and "The FreeType Project LICENSE" in text
    assert "GCC RUNTIME LIBRARY EXCEPTION" in text and "SIL OPEN FONT LICENSE" in text.upper()


def test_the_table_names_only_texts_that_exist_and_every_text_is_used(libraries: ModuleType) -> None:
    table = libraries.load_table()
    used = {text for component in table for text in component.texts} | {"LGPL-2.1.txt"}  # ui/notices.py
    assert all((libraries.LICENSES / text).is_file() for text in used)
    assert {p.name for p in libraries.LICENSES.glob("*.txt")} == used
    assert len({c.name for c in table}) == len(table)


def test_a_built_folder_is_walked_once_per_file_from_its_content_folder(libraries: ModuleType, tmp_path: Path) -> None:
    folder = tmp_path / "tablee"
    inner = folder / "_internal"
    (inner / "pygame_ce.libs").mkdir(parents=True)
    (inner / "pygame_ce.libs" / "libogg-15db22d2.so.0.8.6").write_bytes(b"")
    (inner / "libogg-15db22d2.so.0.8.6").symlink_to("pygame_ce.libs/libogg-15db22d2.so.0.8.6")
    (inner / "pygame").mkdir()
    (inner / "pygame" / "freesansbold.ttf").write_bytes(b"")
    (inner / "pygame" / "__init__.pyc").write_bytes(b"")
    (folder / "tablee").write_bytes(b"")
    assert libraries.bundle_paths(folder) == [
        "libogg-15db22d2.so.0.8.6", "pygame/freesansbold.ttf", "pygame_ce.libs/libogg-15db22d2.so.0.8.6",
    ]
    assert libraries.main(["check", str(folder)]) == 0
    (inner / "libreadline.so.8").write_bytes(b"")
    with pytest.raises(SystemExit, match="libreadline"):
        libraries.main(["check", str(folder)])
