"""Build Tablée's standalone executable for this system with PyInstaller.

    python -m pip install -r requirements.txt -r packaging/requirements-build.txt
    python packaging/build.py

Leaves ``dist/tablee`` (Linux), ``dist/tablee.exe`` (Windows) or ``dist/Tablee.app`` (macOS); on
Linux also ``dist/tablee.desktop`` and ``dist/tablee.png`` for a desktop menu entry. Installs
nothing itself: it stops with a clear message when PyInstaller is missing or the version written in
``ui/version.py`` differs from ``pyproject.toml``.
"""

from __future__ import annotations

import argparse
import importlib.util
import shutil
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bundle

SPEC = Path(__file__).resolve().parent / "tablee.spec"
DESKTOP_FILE = Path(__file__).resolve().parent / "linux" / f"{bundle.EXE_NAME}.desktop"


def check_ready() -> str:
    """The version to build; raises ``SystemExit`` with the reason when the build cannot start."""
    version = check_version()
    if importlib.util.find_spec("PyInstaller") is None:
        raise SystemExit(
            "PyInstaller is not installed in this Python; run\n"
            f"  {sys.executable} -m pip install -r packaging/requirements-build.txt"
        )
    return version


def check_version() -> str:
    """``pyproject.toml``'s version, after checking ``ui/version.py`` says the same."""
    version = bundle.project_version()
    sys.path.insert(0, str(bundle.ROOT))
    from ui.version import VERSION

    if VERSION != version:
        raise SystemExit(f"ui/version.py says {VERSION} but pyproject.toml says {version}: make them equal")
    return version


def build(dist: Path, work: Path, clean: bool) -> Path:
    """Run PyInstaller on ``tablee.spec``; returns what a player downloads."""
    import PyInstaller.__main__

    args = [str(SPEC), "--noconfirm", "--distpath", str(dist), "--workpath", str(work), "--log-level", "WARN"]
    if clean:
        args.append("--clean")
    PyInstaller.__main__.run(args)
    if sys.platform.startswith("linux"):
        shutil.copy2(DESKTOP_FILE, dist / DESKTOP_FILE.name)
        shutil.copy2(work / SPEC.stem / "icons" / f"{bundle.EXE_NAME}.png", dist / f"{bundle.EXE_NAME}.png")
    return bundle.shipped_artifact(dist)


def main(argv: list[str] | None = None) -> int:
    """Command line: check, build, print where the executable is and how long it took."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dist", type=Path, default=bundle.ROOT / "dist", help="output folder (dist/)")
    parser.add_argument("--work", type=Path, default=bundle.ROOT / "build", help="scratch folder (build/)")
    parser.add_argument("--clean", action="store_true", help="empty PyInstaller's cache first")
    args = parser.parse_args(argv)
    version = check_ready()
    started = time.perf_counter()
    artifact = build(args.dist.resolve(), args.work.resolve(), args.clean)
    print(f"built {bundle.APP_NAME} {version}: {artifact} in {time.perf_counter() - started:.0f} s")
    print(f"check it with: {bundle.executable_path(args.dist)} --selftest")
    return 0


if __name__ == "__main__":
    sys.exit(main())
