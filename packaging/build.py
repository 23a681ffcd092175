"""Build Tablée for this system with PyInstaller.

    python -m pip install --require-hashes -r packaging/requirements-build.lock
    python packaging/build.py [--form onedir|onefile|both]

The main form is one folder (``onedir``): ``dist/tablee/`` holding ``tablee`` (``tablee.exe`` on
Windows) beside its libraries, so nothing is unpacked at each start and pygame-ce's libraries stay
replaceable; on macOS, ``dist/Tablee.app``. The one-file ``dist/tablee-portable`` (``.exe``) is a
portable extra. On Linux the folder also gets the desktop entry, the icons, the AppStream metainfo
and an ``install.sh``, and is packed as ``dist/tablee-<version>-linux-<machine>.tar.gz``. Every
build ships ``LICENSE`` and ``THIRD-PARTY-NOTICES.txt``. Installs nothing itself: it stops with a
clear message when PyInstaller is missing or ``ui/version.py`` differs from ``pyproject.toml``.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import platform
import shutil
import sys
import tarfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bundle

SPEC = Path(__file__).resolve().parent / "tablee.spec"
LINUX = Path(__file__).resolve().parent / "linux"
DESKTOP_FILE = LINUX / f"{bundle.BUNDLE_ID}.desktop"
METAINFO_FILE = LINUX / f"{bundle.BUNDLE_ID}.metainfo.xml"
INSTALL_SCRIPT = LINUX / "install.sh"


def check_ready() -> str:
    """The version to build; raises ``SystemExit`` with the reason when the build cannot start."""
    version = check_version()
    if importlib.util.find_spec("PyInstaller") is None:
        raise SystemExit(
            "PyInstaller is not installed in this Python; run\n"
            f"  {sys.executable} -m pip install --require-hashes -r packaging/requirements-build.lock"
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


def build(dist: Path, work: Path, clean: bool, form: str = "onedir") -> Path:
    """Run PyInstaller on ``tablee.spec`` for one ``form``; returns what a player gets."""
    import PyInstaller.__main__

    args = [str(SPEC), "--noconfirm", "--distpath", str(dist), "--workpath", str(work / form), "--log-level", "WARN"]
    if clean:
        args.append("--clean")
    os.environ["TABLEE_FORM"] = form
    PyInstaller.__main__.run(args)
    artifact = bundle.shipped_artifact(dist, form=form)
    if sys.platform.startswith("linux") and form == "onedir":
        return linux_archive(dist, artifact, work / form)
    return artifact


def linux_archive(dist: Path, folder: Path, work: Path) -> Path:
    """Put the desktop entry, icons (``icons/hicolor/NxN/apps/``), metainfo and installer in the
    folder and pack it as a .tar.gz."""
    shutil.copy2(DESKTOP_FILE, folder / DESKTOP_FILE.name)
    shutil.copy2(METAINFO_FILE, folder / METAINFO_FILE.name)
    shutil.copy2(INSTALL_SCRIPT, folder / INSTALL_SCRIPT.name)
    icons = folder / "icons" / "hicolor"
    if icons.exists():
        shutil.rmtree(icons)
    shutil.copytree(work / SPEC.stem / "icons" / "hicolor", icons)
    version = bundle.project_version()
    archive = dist / f"{bundle.EXE_NAME}-{version}-linux-{platform.machine()}.tar.gz"
    with tarfile.open(archive, "w:gz") as tar:
        tar.add(folder, arcname=f"{bundle.EXE_NAME}-{version}")
    return archive


def main(argv: list[str] | None = None) -> int:
    """Command line: check, build, print where the executable is and how long it took."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dist", type=Path, default=bundle.ROOT / "dist", help="output folder (dist/)")
    parser.add_argument("--work", type=Path, default=bundle.ROOT / "build", help="scratch folder (build/)")
    parser.add_argument("--clean", action="store_true", help="empty PyInstaller's cache first")
    parser.add_argument("--form", choices=(*bundle.FORMS, "both"), default="onedir",
                        help="one folder (the main form, default), one file (portable), or both")
    args = parser.parse_args(argv)
    version = check_ready()
    forms = bundle.FORMS if args.form == "both" else (args.form,)
    if sys.platform == "darwin":
        forms = ("onedir",)  # the .app is the macOS form
    for form in forms:
        started = time.perf_counter()
        artifact = build(args.dist.resolve(), args.work.resolve(), args.clean, form)
        print(f"built {bundle.APP_NAME} {version} ({form}): {artifact} in {time.perf_counter() - started:.0f} s")
        print(f"check it with: {bundle.executable_path(args.dist, form=form)} --selftest")
    return 0


if __name__ == "__main__":
    sys.exit(main())
