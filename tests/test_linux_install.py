"""The Linux installer (packaging/linux/install.sh) run on a small fake built folder, no PyInstaller.

Installing twice (from the installed folder itself and from a newer unpacked folder) upgrades in
place; a copy that fails or a folder that is incomplete leaves the old install working; the menu
entry's Exec line, read back by the Desktop Entry Specification's rules, names the exact program
even in a home folder with a space, an apostrophe and the characters the specification reserves;
the icons land in the hicolor theme; uninstalling leaves nothing behind.
"""

from __future__ import annotations

import functools
import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
LINUX = ROOT / "packaging" / "linux"
APP = "org.tablee.Tablee"
ICON_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux") or shutil.which("sh") is None, reason="the Linux installer needs sh"
)

# Stands in for the PyInstaller program: prints the version of the folder it really lives in.
FAKE_PROGRAM = '#!/bin/sh\ncat "$(dirname "$(readlink -f "$0")")/VERSION"\n'


def fake_build(parent: Path, version: str, *, program: bool = True) -> Path:
    """An unpacked archive as ``build.py`` makes it, with a shell script for the program."""
    folder = parent / f"tablee-{version}"
    (folder / "_internal" / "assets").mkdir(parents=True)
    (folder / "_internal" / "assets" / "theme.json").write_text("{}", encoding="utf-8")
    (folder / "VERSION").write_text(version, encoding="utf-8")
    if program:
        (folder / "tablee").write_text(FAKE_PROGRAM, encoding="utf-8")
        (folder / "tablee").chmod(0o755)
    for name in ("install.sh", f"{APP}.desktop", f"{APP}.metainfo.xml"):
        shutil.copy2(LINUX / name, folder / name)
    for size in ICON_SIZES:
        icon = folder / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP}.png"
        icon.parent.mkdir(parents=True)
        icon.write_bytes(b"\x89PNG\r\n\x1a\n" + f"{version} {size}".encode())
    return folder


class Home:
    """A user's home folder and the installer's view of it."""

    def __init__(self, path: Path) -> None:
        self.path = path
        path.mkdir(parents=True)
        self.env = {"PATH": os.environ["PATH"], "HOME": str(path), "LANG": "C.UTF-8"}
        self.lib = path / ".local" / "lib" / "tablee"
        self.command = path / ".local" / "bin" / "tablee"
        self.entry = path / ".local" / "share" / "applications" / f"{APP}.desktop"

    def install(self, folder: Path, *args: str, path: str | None = None) -> subprocess.CompletedProcess[str]:
        env = {**self.env, "PATH": path} if path else self.env
        return subprocess.run(["sh", str(folder / "install.sh"), *args], env=env, capture_output=True,
                              text=True, check=False, cwd=self.path)

    def run_command(self) -> str:
        done = subprocess.run([str(self.command)], capture_output=True, text=True, check=True, env=self.env)
        return done.stdout

    def launch_from_menu(self) -> str:
        reader = desktop_entry_module()
        argv = reader.exec_argv(reader.read_entry(self.entry)["Exec"])
        done = subprocess.run(argv, capture_output=True, text=True, check=True, env=self.env)
        return done.stdout

    def copies(self) -> list[str]:
        return sorted(p.name for p in self.lib.parent.iterdir())


# ---------------------------------------------------------------------------- the specification's rules
@functools.cache
def desktop_entry_module() -> ModuleType:
    """packaging/desktop_entry.py, the reader CI launches the menu entry with."""
    spec = importlib.util.spec_from_file_location("tablee_desktop_entry", ROOT / "packaging" / "desktop_entry.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def entries() -> ModuleType:
    return desktop_entry_module()


def test_the_exec_reader_follows_the_specification(entries: ModuleType) -> None:
    """The reader the tests below and CI rely on, on the specification's own kind of examples."""
    assert entries.exec_argv("tablee --selftest") == ["tablee", "--selftest"]
    assert entries.exec_argv(r'"/home/a b/t" x') == ["/home/a b/t", "x"]
    assert entries.exec_argv(r'"/a \\"q\\" \\$HOME \\\\ \\` 100%%"') == ['/a "q" $HOME \\ ` 100%']
    assert entries.exec_argv(r"/a\sb") == ["/a", "b"]  # \s is a space, and an unquoted space splits
    for broken in ("/home/a'b/t", '"/a $HOME"', '"/a', r'"/a \\q"', "/a %f", r"/a\q", '"a"b'):
        with pytest.raises(entries.EntryError):
            entries.exec_argv(broken)


def test_the_exec_reader_prints_the_command_for_ci(entries: ModuleType, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    entry = tmp_path / "e.desktop"
    entry.write_text('[Desktop Entry]\nName=T\nExec="/a b/c" --x\n', encoding="utf-8")
    assert entries.main(["exec", str(entry)]) == 0
    assert capsys.readouterr().out == "/a b/c\0--x\0"
    entry.write_text("[Desktop Entry]\nExec=/a b'c\n", encoding="utf-8")
    assert entries.main(["exec", str(entry)]) == 1


# ---------------------------------------------------------------------------- upgrades in place
def test_running_the_installed_installer_again_keeps_the_install(tmp_path: Path) -> None:
    home = Home(tmp_path / "home")
    done = home.install(fake_build(tmp_path / "unpacked", "1.0"))
    assert done.returncode == 0, done.stderr
    assert home.run_command() == "1.0"

    again = home.install(home.lib)  # ~/.local/lib/tablee/install.sh, run from the install itself
    assert again.returncode == 0, again.stderr
    assert home.run_command() == "1.0"
    assert home.launch_from_menu() == "1.0"
    assert len(home.copies()) == 2, home.copies()  # the link and the one copy it names
    assert (home.lib / "install.sh").is_file() and (home.lib / "_internal" / "assets" / "theme.json").is_file()


def test_a_newer_unpacked_folder_upgrades_in_place(tmp_path: Path) -> None:
    home = Home(tmp_path / "home")
    assert home.install(fake_build(tmp_path / "old", "1.0")).returncode == 0
    done = home.install(fake_build(tmp_path / "new", "2.0"))
    assert done.returncode == 0, done.stderr
    assert home.run_command() == "2.0" and home.launch_from_menu() == "2.0"
    assert len(home.copies()) == 2, home.copies()
    icon = home.path / ".local/share/icons/hicolor/48x48/apps" / f"{APP}.png"
    assert icon.read_bytes().endswith(b"2.0 48")


def test_a_copy_left_by_an_install_killed_half_way_is_cleared_by_the_next(tmp_path: Path) -> None:
    home = Home(tmp_path / "home")
    assert home.install(fake_build(tmp_path / "old", "1.0")).returncode == 0
    shutil.copytree(fake_build(tmp_path / "killed", "2.0"), home.lib.parent / "tablee.Ab12Cd")
    unrelated = home.lib.parent / "tablee.mynote"  # the same shape of name, not a copy of Tablée
    unrelated.mkdir()
    assert home.install(home.lib).returncode == 0
    assert len(home.copies()) == 3 and "tablee.Ab12Cd" not in home.copies() and unrelated.is_dir()
    assert home.run_command() == "1.0"


def test_an_install_made_as_a_plain_folder_is_upgraded(tmp_path: Path) -> None:
    """Installs made before the link: ~/.local/lib/tablee is the folder itself."""
    home = Home(tmp_path / "home")
    home.lib.parent.mkdir(parents=True)
    shutil.copytree(fake_build(tmp_path / "old", "1.0"), home.lib)
    done = home.install(home.lib)
    assert done.returncode == 0, done.stderr
    assert home.lib.is_symlink() and home.run_command() == "1.0"
    assert len(home.copies()) == 2, home.copies()


def test_a_copy_that_fails_leaves_the_old_install_working(tmp_path: Path) -> None:
    home = Home(tmp_path / "home")
    assert home.install(fake_build(tmp_path / "old", "1.0")).returncode == 0
    entry_before, copies_before = home.entry.read_text(encoding="utf-8"), home.copies()
    # A cp that gives up half way, as on a full disk: it copies one file, then fails.
    tools = tmp_path / "tools"
    tools.mkdir()
    (tools / "cp").write_text(
        '#!/bin/sh\nfor last; do :; done\n: > "$last/partial"\necho "cp: No space left on device" >&2\nexit 1\n',
        encoding="utf-8",
    )
    (tools / "cp").chmod(0o755)
    done = home.install(fake_build(tmp_path / "new", "2.0"), path=f"{tools}:{os.environ['PATH']}")
    assert done.returncode != 0
    assert "not installed" in done.stderr
    assert home.run_command() == "1.0" and home.launch_from_menu() == "1.0"
    assert home.entry.read_text(encoding="utf-8") == entry_before
    assert home.copies() == copies_before


def test_an_incomplete_folder_is_refused_and_the_old_install_stays(tmp_path: Path) -> None:
    home = Home(tmp_path / "home")
    assert home.install(fake_build(tmp_path / "old", "1.0")).returncode == 0
    copies_before = home.copies()
    done = home.install(fake_build(tmp_path / "broken", "2.0", program=False))
    assert done.returncode != 0 and "not an unpacked Tablée folder" in done.stderr
    assert home.run_command() == "1.0" and home.copies() == copies_before


# ---------------------------------------------------------------------------- the menu entry
@pytest.mark.parametrize("home_name", ["Jo O'Brien home", 'odd "q" $HOME `x` \\ 100% #1 (a);b'])
def test_the_menu_entry_names_the_program_exactly(entries: ModuleType, tmp_path: Path, home_name: str) -> None:
    home = Home(tmp_path / home_name)
    done = home.install(fake_build(tmp_path / "unpacked", "1.0"))
    assert done.returncode == 0, done.stderr
    entry = entries.read_entry(home.entry)
    program = str(home.lib / "tablee")
    assert entries.exec_argv(entry["Exec"]) == [program]
    assert entries.unescape_string(entry["TryExec"]) == program
    assert entry["Icon"] == APP and entry["Name"] == "Tablée"
    assert home.launch_from_menu() == "1.0"
    validator = shutil.which("desktop-file-validate")
    if validator is None:
        pytest.skip("desktop-file-validate (Debian's desktop-file-utils) is not installed")
    checked = subprocess.run([validator, str(home.entry)], capture_output=True, text=True, check=False)
    assert checked.returncode == 0 and "error" not in checked.stdout, checked.stdout + checked.stderr


# ---------------------------------------------------------------------------- icons and uninstalling
def test_icons_go_to_the_hicolor_theme_and_uninstall_leaves_nothing(tmp_path: Path) -> None:
    home = Home(tmp_path / "home")
    folder = fake_build(tmp_path / "unpacked", "1.0")
    assert home.install(folder).returncode == 0
    assert home.install(home.lib).returncode == 0
    share = home.path / ".local" / "share"
    for size in ICON_SIZES:
        icon = share / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP}.png"
        assert icon.read_bytes().endswith(f"1.0 {size}".encode()), size
    assert (share / "metainfo" / f"{APP}.metainfo.xml").is_file()

    done = home.install(home.lib, "--uninstall")
    assert done.returncode == 0, done.stderr
    left = sorted(str(p.relative_to(home.path)) for p in home.path.rglob("*") if not p.is_dir())
    assert left == []
    assert not home.command.is_symlink() and not home.lib.is_symlink()
    assert list((home.path / ".local" / "lib").iterdir()) == []


@pytest.mark.parametrize("args", [("--help",), ("--uninstall", "now"), ("-",), ("",)])
def test_an_unknown_argument_changes_nothing(tmp_path: Path, args: tuple[str, ...]) -> None:
    home = Home(tmp_path / "home")
    folder = fake_build(tmp_path / "unpacked", "1.0")
    assert home.install(folder).returncode == 0
    copies = home.copies()
    done = home.install(home.lib, *args)
    assert done.returncode == 2 and "usage" in done.stderr
    assert home.copies() == copies and home.run_command() == "1.0"
