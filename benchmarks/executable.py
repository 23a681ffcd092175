"""Start-up to the first frame in a real window, and the size of the built program.

    python benchmarks/executable.py [--runs 7] [--dist dist]

Each launch opens the app as a player does (no ``--screenshot``: the real loop, in a real window on
``DISPLAY``; without one, the benchmark starts its own ``Xvfb`` for the run) with
``TABLEE_FIRST_FRAME=1``, which makes the app print a line, with the CPU time it used, once its
first frame is on screen; the launch is timed from starting the process to reading that line (wall),
and the CPU time is the app's own. The process is then stopped. Every form at hand is timed, launches
interleaved (source, one folder, one file, source, ...), so that their ratios compare like with like
on the same machine in the same run: from source (``python main.py``) always, the built folder and
the one-file program when ``packaging/build.py`` left them in ``--dist``, and another checkout of the
source with ``--compare`` (before and after a change; it needs the ``TABLEE_FIRST_FRAME`` line too).

Sizes count each file once: a symlink (the built folder links 26 libraries under a second name) is
not a second copy, and a hard link neither (files are told apart by device and inode).
Targets (issue 36): first frame from source in at most 0.5 s at the median; the folder at most 60 MB.
"""

from __future__ import annotations

import argparse
import os
import select
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "packaging"))
import bundle  # noqa: E402  (packaging/ is put on the path first)

FIRST_FRAME_LINE = "tablee: first frame, CPU seconds"  # ui.app.FIRST_FRAME_LINE, without importing pygame here
SIZE_TARGET_MB = 60
START_TARGET_S = 0.5
LAUNCH_LIMIT_S = 120.0
"""A launch that shows no frame in this long is reported as failed (a generous outer limit)."""


def artifact_size(path: Path) -> int:
    """Bytes of the file, or of every file in the folder counted once (symlinks and second hard
    links to a file already counted are not counted again)."""
    if not path.is_dir():
        return path.stat().st_size
    seen: set[tuple[int, int]] = set()
    total = 0
    for item in path.rglob("*"):
        if item.is_symlink() or not item.is_file():
            continue
        info = item.stat()
        if (info.st_dev, info.st_ino) not in seen:
            seen.add((info.st_dev, info.st_ino))
            total += info.st_size
    return total


def launch(command: list[str], env: dict[str, str], data_dir: Path) -> tuple[float, float]:
    """Start ``command`` in a window; (wall seconds to its first frame, CPU seconds it used by then)."""
    started = time.perf_counter()
    process = subprocess.Popen([*command, "--data-dir", str(data_dir)], env=env, cwd=data_dir,
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert process.stdout is not None
    out = b""
    try:
        while time.perf_counter() - started < LAUNCH_LIMIT_S:
            # waits on the pipe (no polling): woken as the app writes, or when it exits
            ready, _, _ = select.select([process.stdout], [], [], LAUNCH_LIMIT_S)
            chunk = os.read(process.stdout.fileno(), 4096) if ready else b""
            if not chunk:
                break
            out += chunk
            for line in out.decode(errors="replace").splitlines():
                if line.startswith(FIRST_FRAME_LINE):
                    return time.perf_counter() - started, float(line.split()[-1])
        raise SystemExit(f"{' '.join(command)} showed no first frame (exit code {process.poll()})")
    finally:
        process.kill()
        process.wait()


class Display:
    """The ``DISPLAY`` to open windows on: the one there is, else an ``Xvfb`` started for the run."""

    def __init__(self) -> None:
        self.server: subprocess.Popen[bytes] | None = None
        self.name = os.environ.get("DISPLAY", "")

    def __enter__(self) -> str:
        if self.name or sys.platform in ("win32", "darwin"):
            return self.name
        if shutil.which("Xvfb") is None:
            raise SystemExit("no DISPLAY and no Xvfb to open a window on")
        read, write = os.pipe()
        # Xvfb picks a free display number and writes it to the -displayfd pipe once it is ready
        self.server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1920x1080x24", "-nolisten",
                                        "tcp"], pass_fds=(write,), stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        if not number:
            raise SystemExit("Xvfb did not start")
        self.name = f":{number}"
        return self.name

    def __exit__(self, *exc: object) -> None:
        if self.server is not None:
            self.server.terminate()
            self.server.wait()


def _summary(wall: list[float], cpu: list[float]) -> str:
    return (f"wall median {statistics.median(wall):.3f} s ({min(wall):.3f}–{max(wall):.3f}), "
            f"CPU median {statistics.median(cpu):.3f} s ({min(cpu):.3f}–{max(cpu):.3f}), {len(wall)} launches")


def main(argv: list[str] | None = None) -> int:
    """Print each form's start-up and size, and the ratios between forms."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="the build's output folder")
    parser.add_argument("--runs", type=int, default=7, help="launches of each form (default 7)")
    parser.add_argument("--compare", type=Path, metavar="CHECKOUT",
                        help="another source checkout (e.g. an earlier commit's) timed alongside, interleaved")
    args = parser.parse_args(argv)
    forms: dict[str, list[str]] = {"source": [sys.executable, str(ROOT / "main.py")]}
    if args.compare is not None:
        forms[f"source of {args.compare}"] = [sys.executable, str(args.compare.resolve() / "main.py")]
    for form in bundle.FORMS:
        exe = bundle.executable_path(args.dist, form=form)
        if exe.is_file():
            forms[form] = [str(exe)]
    wall: dict[str, list[float]] = {form: [] for form in forms}
    cpu: dict[str, list[float]] = {form: [] for form in forms}
    with Display() as display, tempfile.TemporaryDirectory(prefix="tablee-start-") as tmp:
        env = {**os.environ, "TABLEE_FIRST_FRAME": "1", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
        if display:
            env["DISPLAY"] = display
        env.pop("SDL_VIDEODRIVER", None)  # a real window, not the dummy driver of the tests
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # as for a player: the first launch compiles, later ones reuse
        for command in forms.values():  # a first launch of each, not timed: compiled, files in the disk cache
            launch(command, env, Path(tempfile.mkdtemp(dir=tmp)))
        for _ in range(args.runs):  # interleaved, so every form sees the same machine
            for form, command in forms.items():
                w, c = launch(command, env, Path(tempfile.mkdtemp(dir=tmp)))  # a first start each time
                wall[form].append(w)
                cpu[form].append(c)
    for form in forms:
        print(f"{form}: start-up to the first frame: {_summary(wall[form], cpu[form])}")
        if form in bundle.FORMS:
            artifact = bundle.shipped_artifact(args.dist, form=form)
            print(f"  {artifact}: {artifact_size(artifact) / 1e6:.1f} MB, each file counted once "
                  f"(target at most {SIZE_TARGET_MB} MB)")
    for form in forms:
        if form != "source":
            ratio = statistics.median(wall[form]) / statistics.median(wall["source"])
            cpu_ratio = statistics.median(cpu[form]) / statistics.median(cpu["source"])
            print(f"{form} / source, medians: wall {ratio:.2f}, CPU {cpu_ratio:.2f}")
    print(f"target: from source at most {START_TARGET_S} s at the median")
    return 0


if __name__ == "__main__":
    sys.exit(main())
