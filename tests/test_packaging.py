"""The packaged executable's ingredients, tested without running PyInstaller (packaging/ci-build.sh does).

Version consistency, finding assets from anywhere and from a bundle, what the spec bundles, the
icons, the Linux desktop entry, concurrent saves from two copies of the app, and the self-test run
in-process.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import textwrap
import tomllib
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"


def _load(name: str, path: Path) -> ModuleType:
    """Import a script of packaging/ under a private name (``packaging`` is also a PyPI library)."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def bundle() -> ModuleType:
    return _load("bundle", PACKAGING / "bundle.py")


@pytest.fixture(scope="module")
def build_script(bundle: ModuleType) -> Iterator[ModuleType]:
    saved = list(sys.path)  # build.py puts packaging/ on the path, where its build.py would shadow others
    yield _load("tablee_build_script", PACKAGING / "build.py")
    sys.path[:] = saved


# ---------------------------------------------------------------------------- version
def test_version_constant_matches_pyproject() -> None:
    from ui.version import VERSION

    with open(ROOT / "pyproject.toml", "rb") as handle:
        assert VERSION == tomllib.load(handle)["project"]["version"]


def test_version_falls_back_to_the_constant_without_metadata(monkeypatch: pytest.MonkeyPatch) -> None:
    from importlib import metadata

    from ui import version

    def missing(name: str) -> str:
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(version.metadata, "version", missing)
    assert version.tablee_version() == version.VERSION


def test_version_prefers_installed_metadata(monkeypatch: pytest.MonkeyPatch) -> None:
    from ui import version

    monkeypatch.setattr(version.metadata, "version", lambda name: "9.8.7" if name == "tablee" else "")
    assert version.tablee_version() == "9.8.7"


def test_build_refuses_a_version_mismatch(build_script: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    assert build_script.check_version() == build_script.bundle.project_version()
    monkeypatch.setattr(build_script.bundle, "project_version", lambda *a: "99.0.0")
    with pytest.raises(SystemExit, match="99.0.0"):
        build_script.check_ready()


def test_build_says_how_to_install_pyinstaller(
    build_script: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = importlib.util.find_spec

    def find_spec(name: str) -> object:
        return None if name == "PyInstaller" else real(name)

    monkeypatch.setattr(importlib.util, "find_spec", find_spec)
    with pytest.raises(SystemExit, match="requirements-build.lock"):
        build_script.check_ready()


def test_windows_version_numbers(bundle: ModuleType) -> None:
    assert bundle.version_tuple("0.1.0") == (0, 1, 0, 0)
    assert bundle.version_tuple("1.2.3.4") == (1, 2, 3, 4)
    assert bundle.version_tuple("2.0+local") == (2, 0, 0, 0)


def test_windows_version_file_is_what_pyinstaller_evaluates(bundle: ModuleType, tmp_path: Path) -> None:
    import ast

    path = bundle.windows_version_file(tmp_path / "version.txt", "1.2.3")
    tree = ast.parse(path.read_text(encoding="utf-8"), mode="eval").body
    assert isinstance(tree, ast.Call) and ast.unparse(tree.func) == "VSVersionInfo"
    fixed = next(k.value for k in tree.keywords if k.arg == "ffi")
    assert isinstance(fixed, ast.Call)
    numbers = {k.arg: ast.literal_eval(k.value) for k in fixed.keywords if k.arg in ("filevers", "prodvers")}
    assert numbers == {"filevers": (1, 2, 3, 0), "prodvers": (1, 2, 3, 0)}
    strings = {
        ast.literal_eval(node.args[0]): ast.literal_eval(node.args[1])
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and ast.unparse(node.func) == "StringStruct"
    }
    assert strings["ProductVersion"] == "1.2.3" and strings["OriginalFilename"] == "tablee.exe"


# ---------------------------------------------------------------------------- resources
def test_resource_path_from_another_working_directory(tmp_path: Path) -> None:
    script = "from ui.resources import resource_path; print(resource_path('theme.json'))"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-c", script]
    done = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    out = done.stdout.strip()
    assert Path(out) == ROOT / "assets" / "theme.json"
    assert Path(out).is_file()


def test_resource_path_inside_a_bundle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from ui.resources import resource_path

    (tmp_path / "assets" / "i18n" / "fr").mkdir(parents=True)
    (tmp_path / "assets" / "i18n" / "fr" / "shell.json").write_text("{}", encoding="utf-8")
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    monkeypatch.chdir(ROOT / "tests")
    assert resource_path("i18n/fr/shell.json") == tmp_path / "assets" / "i18n" / "fr" / "shell.json"
    assert resource_path("i18n/fr/shell.json").is_file()


# ---------------------------------------------------------------------------- what the spec bundles
def test_every_asset_is_bundled_at_its_own_path(bundle: ModuleType) -> None:
    datas = bundle.asset_datas()
    assert datas, "assets/ is empty"
    bundled = {Path(dest) / Path(src).name for src, dest in datas}
    for path in (ROOT / "assets").rglob("*"):
        if path.is_file() and not path.name.startswith("."):
            assert Path("assets") / path.relative_to(ROOT / "assets") in bundled


class _Target:
    """Stands in for PyInstaller's spec classes (PYZ, EXE, ...): records how it was called."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        self.args, self.kwargs = args, kwargs


class _Analysis(_Target):
    collected: list[tuple[str, str, str]] = [
        ("libSDL2-2-50d19f93.0.so.0.3200.10", "/site-packages/pygame_ce.libs/libSDL2.so", "BINARY"),
        ("pygame/base.cpython-311-x86_64-linux-gnu.so", "/site-packages/pygame/base.so", "EXTENSION"),
    ]
    """The shared libraries PyInstaller's analysis finds (a test may change them)."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        # Like PyInstaller: (source, folder) pairs become (name in the bundle, source, kind) entries.
        self.datas = [(str(Path(dest) / Path(src).name), src, "DATA") for src, dest in kwargs["datas"]]
        self.binaries = list(self.collected)
        self.scripts: list[tuple[str, str, str]] = []
        self.pure: list[tuple[str, str, str]] = []


def _run_spec(platform: str, bundle: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
              form: str = "onedir") -> dict:
    """Execute tablee.spec as PyInstaller would on ``platform`` for ``form``; returns the targets it
    made by kind."""
    made: dict[str, _Target] = {}
    monkeypatch.setenv("TABLEE_FORM", form)

    def recorder(kind: str, base: type[_Target]) -> type[_Target]:
        def init(self: _Target, *args: object, **kwargs: object) -> None:
            base.__init__(self, *args, **kwargs)
            made[kind] = self

        return type(kind, (base,), {"__init__": init})

    fonts = ["NotoSans-Regular.ttf", "NotoSansJP-Regular.otf", "default_theme.json"]
    gui = [(f"/site-packages/pygame_gui/data/{name}", "pygame_gui/data") for name in fonts]
    monkeypatch.setattr(bundle, "installed_package_datas", lambda pkg: [] if pkg != "pygame_gui" else gui)
    monkeypatch.setattr(sys, "path", list(sys.path))
    namespace: dict[str, object] = {"SPECPATH": str(PACKAGING), "workpath": str(tmp_path / "work")}
    namespace["Analysis"] = recorder("Analysis", _Analysis)
    namespace.update({kind: recorder(kind, _Target) for kind in ("PYZ", "EXE", "COLLECT", "BUNDLE")})
    monkeypatch.setattr(sys, "platform", platform)
    code = compile((PACKAGING / "tablee.spec").read_text(encoding="utf-8"), "tablee.spec", "exec")
    exec(code, namespace)  # noqa: S102 (the spec is a Python file PyInstaller executes the same way)
    monkeypatch.undo()
    return made


def test_spec_on_linux_makes_one_folder_with_every_asset_and_the_notices(
    bundle: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    targets = _run_spec("linux", bundle, tmp_path, monkeypatch)
    assert set(targets) == {"Analysis", "PYZ", "EXE", "COLLECT"}
    analysis, exe, folder = targets["Analysis"], targets["EXE"], targets["COLLECT"]
    assert analysis.args == ([str(ROOT / "main.py")],)
    assert set(bundle.hidden_imports()) <= set(analysis.kwargs["hiddenimports"])  # type: ignore[arg-type]
    assert "net.host" in analysis.kwargs["hiddenimports"] and "disk" in analysis.kwargs["hiddenimports"]
    bundled = {name for name, _, _ in analysis.datas}
    for path in bundle.asset_files():
        assert str(Path("assets") / path.relative_to(ROOT / "assets")) in bundled
    for src, dest in bundle.source_package_datas("game"):
        assert str(Path(dest) / Path(src).name) in bundled
    from net.webhost import FILES  # the browser page the table's port serves

    for name in FILES:
        assert str(Path("net") / "web" / name) in bundled, name
    assert {"pygame_gui/data/NotoSans-Regular.ttf", "pygame_gui/data/default_theme.json"} <= bundled
    assert "pygame_gui/data/NotoSansJP-Regular.otf" not in bundled
    assert {"THIRD-PARTY-NOTICES.txt", "LICENSE"} <= bundled
    assert exe.kwargs["name"] == "tablee" and exe.kwargs["exclude_binaries"] is True
    assert folder.kwargs["name"] == "tablee" and analysis.datas == folder.args[2]


def test_spec_leaves_out_readline_and_lists_what_ships_in_the_notices(
    bundle: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    analysis = _run_spec("linux", bundle, tmp_path, monkeypatch)["Analysis"]
    assert "readline" in analysis.kwargs["excludes"] and "tkinter" in analysis.kwargs["excludes"]
    notices = next(src for name, src, _ in analysis.datas if name == "THIRD-PARTY-NOTICES.txt")
    text = Path(notices).read_text(encoding="utf-8")
    assert "\nSDL2 — Zlib\n" in text and "Files: libSDL2-2-50d19f93.0.so.0.3200.10" in text
    assert "\npygame-ce (compiled modules) — LGPL-2.1-only\n" in text
    assert "\nNoto Sans (font, with pygame_gui) — OFL-1.1\n" in text
    assert "\nOpenSSL" not in text  # not collected by this analysis, so not listed
    assert "\nzeroconf " in text  # the pip packages follow


@pytest.mark.parametrize("library", ["libreadline.so.8", "libmystery-1a2b3c.so.2"])
def test_spec_stops_the_build_on_a_gpl_or_unknown_library(
    library: str, bundle: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_Analysis, "collected", [*_Analysis.collected, (library, f"/usr/lib/{library}", "BINARY")])
    with pytest.raises(SystemExit, match=library.replace(".", r"\.")):
        _run_spec("linux", bundle, tmp_path, monkeypatch)


def test_spec_on_linux_makes_the_portable_one_file_build(
    bundle: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    targets = _run_spec("linux", bundle, tmp_path, monkeypatch, form="onefile")
    assert set(targets) == {"Analysis", "PYZ", "EXE"}
    exe = targets["EXE"]
    assert exe.kwargs["name"] == "tablee-portable" and targets["Analysis"].datas == exe.args[3]


def test_spec_on_windows_makes_a_windowed_exe_with_icon_and_version(
    bundle: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    exe = _run_spec("win32", bundle, tmp_path, monkeypatch)["EXE"]
    assert exe.kwargs["console"] is False and exe.kwargs["name"] == "tablee"
    assert Path(str(exe.kwargs["icon"])).read_bytes()[:4] == b"\0\0\1\0"
    assert bundle.project_version() in Path(str(exe.kwargs["version"])).read_text(encoding="utf-8")


def test_spec_on_macos_makes_a_windowed_app_bundle(
    bundle: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    targets = _run_spec("darwin", bundle, tmp_path, monkeypatch)
    exe = targets["EXE"]
    assert exe.kwargs["console"] is False and exe.kwargs["exclude_binaries"] is True
    app = targets["BUNDLE"]
    assert app.kwargs["name"] == "Tablee.app" and app.args == (targets["COLLECT"],)
    assert Path(str(app.kwargs["icon"])).read_bytes()[:4] == b"icns"
    plist = app.kwargs["info_plist"]
    assert plist["CFBundleShortVersionString"] == bundle.project_version()
    assert plist["CFBundleDisplayName"] == "Tablée"


def test_hidden_imports_name_every_game_and_table_adapter(bundle: ModuleType) -> None:
    from game import GAMES

    hidden = set(bundle.hidden_imports())
    assert {f"game.{game_id}" for game_id in GAMES} <= hidden
    assert {"ui.app", "ui.selftest", "ui.version", "ui.resources"} <= hidden
    assert not any(".tests" in name or name.split(".")[-1].startswith("test_") for name in hidden)
    for name in hidden:
        parts = name.split(".")
        module = ROOT.joinpath(*parts)
        assert (module / "__init__.py").is_file() or module.with_suffix(".py").is_file(), name


def test_game_data_files_are_bundled(bundle: ModuleType) -> None:
    datas = bundle.source_package_datas("game")
    for src, dest in datas:
        assert not src.endswith(".py")
        assert Path(src).parent.relative_to(ROOT) == Path(dest)


def test_only_unused_language_fonts_are_left_out(bundle: ModuleType) -> None:
    en_fr = {"en", "fr"}
    assert bundle.unused_font("pygame_gui/data/NotoSansJP-Regular.otf", en_fr)
    assert bundle.unused_font("pygame_gui/data/NotoSansSC-Bold.otf", en_fr)
    assert not bundle.unused_font("pygame_gui/data/NotoSans-Regular.ttf", en_fr)
    assert not bundle.unused_font("pygame_gui/data/FiraCode-Regular.ttf", en_fr)
    assert not bundle.unused_font("pygame_gui/data/NotoSansJP-Regular.otf", en_fr | {"ja"})
    assert not bundle.unused_font("assets/fonts/NotoSansJP-Regular.otf", en_fr)


def test_executable_locations(bundle: ModuleType, tmp_path: Path) -> None:
    assert bundle.executable_path(tmp_path, "linux", "onefile") == tmp_path / "tablee-portable"
    assert bundle.executable_path(tmp_path, "win32", "onefile") == tmp_path / "tablee-portable.exe"
    app = tmp_path / "Tablee.app"
    assert bundle.executable_path(tmp_path, "darwin") == app / "Contents" / "MacOS" / "Tablee"
    assert bundle.shipped_artifact(tmp_path, "darwin") == tmp_path / "Tablee.app"


class _FakeKernel32:
    def __init__(self, attached: bool) -> None:
        self.attached = attached
        self.calls: list[int] = []

    def AttachConsole(self, process: int) -> int:
        self.calls.append(process)
        return int(self.attached)


@pytest.mark.parametrize("started_from_console", [True, False])
def test_windowed_windows_build_prints_to_the_console_it_was_started_from(
    started_from_console: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import ctypes

    hook = _load("tablee_rthook_console", PACKAGING / "rthooks" / "windows_console.py")
    assert hook.attach_parent_console() is False  # a console build, or not Windows: nothing to do
    kernel32 = _FakeKernel32(started_from_console)
    monkeypatch.setattr(ctypes, "windll", type("WinDLL", (), {"kernel32": kernel32}), raising=False)
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    monkeypatch.chdir(tmp_path)  # "CONOUT$" is an ordinary file name off Windows
    assert hook.attach_parent_console() is started_from_console
    assert kernel32.calls == [-1]
    assert (sys.stdout is not None) is started_from_console
    if started_from_console:
        sys.stdout.close()


# ---------------------------------------------------------------------------- icons and desktop entry
def test_icons_are_made_from_the_app_icon(bundle: ModuleType, tmp_path: Path) -> None:
    import pygame

    source = tmp_path / "icon.png"
    art = pygame.Surface((300, 300), pygame.SRCALPHA)
    art.fill((20, 90, 50, 255))
    pygame.image.save(art, str(source))
    paths = bundle.make_icons(tmp_path / "out", source)

    assert pygame.image.load(str(paths["png"])).get_size() == (256, 256)

    ico = paths["ico"].read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", ico)
    assert (reserved, kind, count) == (0, 1, len(bundle.ICO_SIZES))
    for i, size in enumerate(bundle.ICO_SIZES):
        width, height, _, _, _, bits, length, offset = struct.unpack_from("<BBBBHHII", ico, 6 + 16 * i)
        assert width == height == (0 if size == 256 else size) and bits == 32
        assert ico[offset:offset + 8] == b"\x89PNG\r\n\x1a\n" and offset + length <= len(ico)

    icns = paths["icns"].read_bytes()
    assert icns[:4] == b"icns" and struct.unpack_from(">I", icns, 4)[0] == len(icns)
    kinds, pos = [], 8
    while pos < len(icns):
        kinds.append(icns[pos:pos + 4])
        assert icns[pos + 8:pos + 16] == b"\x89PNG\r\n\x1a\n"
        pos += struct.unpack_from(">I", icns, pos + 4)[0]
    assert pos == len(icns)
    assert set(kinds) == {kind for size, kind in bundle.ICNS_TYPES.items() if size <= 300}

    for size in (16, 22, 24, 32, 48, 64, 128, 256, 512):  # the hicolor theme's sizes, 48 at least
        icon = paths["hicolor"] / f"{size}x{size}" / "apps" / "org.tablee.Tablee.png"
        assert pygame.image.load(str(icon)).get_size() == (size, size)
    assert sorted(p.name for p in paths["hicolor"].iterdir()) == sorted(f"{n}x{n}" for n in bundle.HICOLOR_SIZES)


def test_the_linux_archive_holds_the_installer_entry_and_every_icon(
    build_script: ModuleType, tmp_path: Path
) -> None:
    import tarfile

    folder = tmp_path / "dist" / "tablee"
    folder.mkdir(parents=True)
    (folder / "tablee").write_bytes(b"program")
    build_script.bundle.make_icons(tmp_path / "work" / "tablee" / "icons")
    archive = build_script.linux_archive(tmp_path / "dist", folder, tmp_path / "work")
    with tarfile.open(archive) as tar:
        names = set(tar.getnames())
    top = f"tablee-{build_script.bundle.project_version()}"
    assert {f"{top}/tablee", f"{top}/install.sh", f"{top}/org.tablee.Tablee.desktop",
            f"{top}/org.tablee.Tablee.metainfo.xml"} <= names
    for size in build_script.bundle.HICOLOR_SIZES:
        assert f"{top}/icons/hicolor/{size}x{size}/apps/org.tablee.Tablee.png" in names


def test_app_icon_exists_for_the_bundle(bundle: ModuleType) -> None:
    assert bundle.find_icon_source().is_file()


def test_the_build_draws_its_icons_large_and_the_window_icon_is_the_same_drawing(
    bundle: ModuleType, tmp_path: Path
) -> None:
    """No icon is an enlargement: the 512 px and 1024 px images come from the icon drawn at 1024 px
    (``ui.scenes.art.icon``), of which ``assets/icon.png``, the window icon, is the 256 px version."""
    import pygame

    from ui.scenes import art

    shipped = pygame.image.load(str(bundle.find_icon_source()))
    drawn = art.icon(256)
    assert shipped.get_size() == drawn.get_size()
    assert all(shipped.get_at((x, y)) == drawn.get_at((x, y)) for x in range(0, 256, 5) for y in range(0, 256, 5)), (
        "assets/icon.png is not ui.scenes.art.icon(256): save the drawing again"
    )
    assert bundle.icon_master().get_size() == (bundle.ICON_MASTER_SIZE, bundle.ICON_MASTER_SIZE)
    icns = bundle.make_icons(tmp_path)["icns"].read_bytes()
    assert b"ic09" in icns and b"ic10" in icns  # macOS's 512 and 1024 px images


def test_linux_desktop_entry(bundle: ModuleType) -> None:
    lines = (PACKAGING / "linux" / f"{bundle.BUNDLE_ID}.desktop").read_text(encoding="utf-8").splitlines()
    assert lines[0] == "[Desktop Entry]"
    entry = dict(line.split("=", 1) for line in lines[1:] if "=" in line)
    assert entry["Type"] == "Application" and entry["Name"] == "Tablée"
    assert entry["Exec"] == bundle.EXE_NAME and entry["Icon"] == bundle.BUNDLE_ID
    assert entry["Terminal"] == "false" and "Game" in entry["Categories"].split(";")


def test_the_appstream_metainfo_validates(bundle: ModuleType) -> None:
    """The metainfo a software centre (and Flathub) reads: ``appstreamcli validate`` accepts it."""
    metainfo = PACKAGING / "linux" / f"{bundle.BUNDLE_ID}.metainfo.xml"
    text = metainfo.read_text(encoding="utf-8")
    assert f"<id>{bundle.BUNDLE_ID}</id>" in text and f"{bundle.BUNDLE_ID}.desktop" in text
    assert f'<release version="{bundle.project_version()}"' in text
    tool = shutil.which("appstreamcli")
    if tool is None:
        pytest.skip("appstreamcli (Debian's appstream) is not installed")
    done = subprocess.run([tool, "validate", "--no-net", str(metainfo)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_every_build_form_has_its_place(bundle: ModuleType, tmp_path: Path) -> None:
    assert bundle.executable_path(tmp_path, "linux", "onedir") == tmp_path / "tablee" / "tablee"
    assert bundle.executable_path(tmp_path, "win32", "onedir") == tmp_path / "tablee" / "tablee.exe"
    assert bundle.executable_path(tmp_path, "linux", "onefile") == tmp_path / "tablee-portable"
    assert bundle.executable_path(tmp_path, "win32", "onefile") == tmp_path / "tablee-portable.exe"
    assert bundle.shipped_artifact(tmp_path, "linux", "onedir") == tmp_path / "tablee"
    assert bundle.shipped_artifact(tmp_path, "darwin", "onefile") == tmp_path / "Tablee.app"


def test_the_third_party_notices_name_every_runtime_package_and_its_licence(bundle: ModuleType, tmp_path: Path) -> None:
    from ui.notices import third_party_notices

    text = bundle.write_notices(tmp_path).read_text(encoding="utf-8")  # no shipped libraries named: pip only
    for name in ("pygame-ce", "pygame_gui", "platformdirs", "websockets", "zeroconf", "ifaddr", "segno"):
        assert f"\n{name} " in text, name
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in text  # pygame-ce's licence text travels with it
    assert "SIL OPEN FONT LICENSE" in text.upper()  # the fonts'
    assert text == third_party_notices(PACKAGING / "licenses")


def test_the_notices_follow_every_package_requirements_txt_asks_for() -> None:
    """A runtime package added to requirements.txt (segno was) must reach the notices too."""
    from ui.notices import TOP_LEVEL

    asked = {re.split(r"[<>=!~\[;\s]", line.strip(), maxsplit=1)[0].lower()
             for line in (ROOT / "requirements.txt").read_text(encoding="utf-8").splitlines()
             if line.strip() and not line.lstrip().startswith("#")}
    assert asked == {name.lower() for name in TOP_LEVEL}


# ---------------------------------------------------------------------------- saves from two copies at once
WRITER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from ui.storage import Storage

    storage = Storage(Path(sys.argv[1]))
    writer = sys.argv[2]
    for i in range(int(sys.argv[3])):
        assert storage.save_session({"save_id": "one-match", "writer": writer, "i": i, "padding": writer * 20000})
    """
)


def test_two_copies_saving_at_once_leave_a_readable_save(tmp_path: Path) -> None:
    from ui.storage import SAVES_DIR, Storage

    data_dir = tmp_path / "data"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    saves = 60
    writers = [
        subprocess.Popen([sys.executable, "-c", WRITER, str(data_dir), name, str(saves)],
                         env=env, cwd=tmp_path, stderr=subprocess.PIPE, text=True)
        for name in ("a", "b")
    ]
    session = data_dir / SAVES_DIR / "one-match.json"
    reads = 0
    while any(w.poll() is None for w in writers):
        if session.is_file():
            try:
                data = json.loads(session.read_text(encoding="utf-8"))
            except FileNotFoundError:
                continue
            assert data["padding"] == data["writer"] * 20000
            reads += 1
    for writer in writers:
        assert writer.wait() == 0, writer.stderr.read() if writer.stderr else ""
    storage = Storage(data_dir)
    final = storage.load_session()
    assert final is not None and final["i"] == saves - 1
    assert storage.take_notices() == []
    assert sorted(p.name for p in data_dir.iterdir()) == [SAVES_DIR]
    assert sorted(p.name for p in (data_dir / SAVES_DIR).iterdir()) == ["one-match.json"]


# ---------------------------------------------------------------------------- the self-test itself
def test_selftest_passes_in_process(capsys: pytest.CaptureFixture[str]) -> None:
    from ui import selftest

    code = selftest.run()
    out = capsys.readouterr().out
    assert code == 0, out
    assert "self-test passed" in out
    from game import GAMES

    for game_id in GAMES:
        assert f"ok   match {game_id}" in out


def test_selftest_reports_a_missing_asset(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from ui import selftest

    (tmp_path / "assets").mkdir()
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    with pytest.raises(selftest.SelftestFailure, match="theme.json"):
        selftest.check_assets(["gin_rummy"])


def test_cli_selftest_flag_exits_with_the_selftest_code(monkeypatch: pytest.MonkeyPatch) -> None:
    from ui import cli, selftest

    monkeypatch.setattr(selftest, "run", lambda: 3)
    with pytest.raises(SystemExit) as exit_info:
        cli.parse_args(["--selftest"])
    assert exit_info.value.code == 3


def test_the_windows_installer_is_per_user_with_a_start_menu_entry() -> None:
    script = (PACKAGING / "windows" / "tablee.iss").read_text(encoding="utf-8")
    assert "PrivilegesRequired=lowest" in script and "{localappdata}" in script
    assert '{autoprograms}\\Tablée"; Filename: "{app}\\tablee.exe"' in script
    assert "recursesubdirs" in script and (ROOT / "LICENSE").is_file()


def test_the_flatpak_manifest_installs_files_that_exist() -> None:
    manifest = (PACKAGING / "flatpak" / "org.tablee.Tablee.yml").read_text(encoding="utf-8")
    assert "app-id: org.tablee.Tablee" in manifest and "--share=network" in manifest
    for line in manifest.splitlines():
        words = line.split()
        if "install" in words and ("-Dm644" in words or "-Dm755" in words):
            assert (ROOT / words[words.index("install") + 2]).is_file(), line
        if words[:3] == ["-", "cp", "-r"] and "/app/share/tablee/" in words:
            for path in words[3:-1]:
                assert (ROOT / path).exists(), path


# ---------------------------------------------------------------------------- the hashed lock of the build
def _lock_pins() -> dict[str, tuple[str, str, int]]:
    """packaging/requirements-build.lock as {normalised name: (version, marker, number of hashes)}."""
    import re

    pins: dict[str, tuple[str, str, int]] = {}
    current = ""
    for line in (PACKAGING / "requirements-build.lock").read_text(encoding="utf-8").splitlines():
        found = re.match(r"^([A-Za-z0-9_.-]+)==([^\s;\\]+)\s*(?:;\s*([^\\]+?))?\s*\\?$", line)
        if found:
            current = re.sub(r"[-_.]+", "-", found[1]).lower()
            pins[current] = (found[2], found[3] or "", 0)
        elif line.strip().startswith("--hash=sha256:") and current:
            version, marker, hashes = pins[current]
            pins[current] = (version, marker, hashes + 1)
    return pins


def test_the_build_lock_pins_every_requirement_within_its_range_with_hashes() -> None:
    """A range changed in requirements.txt or requirements-build.txt without a new lock fails here."""
    from packaging.requirements import Requirement

    pins = _lock_pins()
    for source in (ROOT / "requirements.txt", PACKAGING / "requirements-build.txt"):
        for line in source.read_text(encoding="utf-8").splitlines():
            line = line.split("#")[0].strip()
            if not line or line.startswith("-"):
                continue
            requirement = Requirement(line)
            name = requirement.name.replace("_", "-").lower()
            assert name in pins, f"{name} ({source.name}) is not in the lock"
            assert requirement.specifier.contains(pins[name][0]), f"{name} {pins[name][0]} is outside {line}"
    assert all(hashes > 0 for _, _, hashes in pins.values())
    # the release workflow builds on Windows and macOS too: their own build dependencies are locked
    assert "win32" in pins["pefile"][1] and "win32" in pins["pywin32-ctypes"][1]
    assert "darwin" in pins["macholib"][1]
    assert pins["pygame-ce"][2] > 10  # the wheels of every platform, not this machine's alone


def test_ci_and_the_release_install_the_build_from_the_lock_with_hashes() -> None:
    release = (ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8")
    ci = (PACKAGING / "ci-build.sh").read_text(encoding="utf-8")
    for script in (release, ci):
        assert "--require-hashes -r packaging/requirements-build.lock" in script
        assert "-r packaging/requirements-build.txt" not in script
