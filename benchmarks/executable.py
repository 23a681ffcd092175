"""Size of the built program and its start-up time to the first frame: one folder against one file.

    python packaging/build.py --form both && python benchmarks/executable.py [--runs 5]

Both forms are timed in the same run, launches interleaved (one-folder, one-file, one-folder, ...),
so that the ratio compares like with like; the one-file form unpacks itself on every launch.

Start-up is timed from launching ``tablee --screenshot PATH --scene title`` (the app opens headless,
draws the title screen, saves it and exits) to the process's exit, so it is an upper bound on the
time to the first frame: it includes unpacking the one-file executable, importing everything, opening
the window, three frames, writing the PNG and quitting. The same command from source is timed too, for
comparison. Targets (issue 7): at most 60 MB, first frame under 3 s.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "packaging"))
import bundle  # noqa: E402  (packaging/ is put on the path first)

SIZE_TARGET_MB = 60
START_TARGET_S = 3.0


def artifact_size(path: Path) -> int:
    """Bytes of the file, or of every file in the folder (a macOS ``.app``)."""
    if path.is_dir():
        return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())
    return path.stat().st_size


def time_first_frame(command: list[str], runs: int) -> list[float]:
    """Seconds each of ``runs`` launches of ``command`` took to draw the title screen and exit."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    times = []
    with tempfile.TemporaryDirectory(prefix="tablee-bench-") as tmp:
        for i in range(runs):
            shot = Path(tmp) / f"title-{i}.png"
            args = [*command, "--screenshot", str(shot), "--scene", "title", "--data-dir", f"{tmp}/data"]
            started = time.perf_counter()
            quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
            subprocess.run(args, env=env, cwd=tmp, check=True, **quiet)
            times.append(time.perf_counter() - started)
            if not shot.is_file():
                raise SystemExit(f"{' '.join(command)} drew no screenshot")
    return times


def _summary(times: list[float]) -> str:
    return f"first {times[0]:.2f} s, median {statistics.median(times):.2f} s, best {min(times):.2f} s"


def main(argv: list[str] | None = None) -> int:
    """Print the figures; exit 1 when there is no build to measure."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="the build's output folder")
    parser.add_argument("--runs", type=int, default=5, help="launches of each form to time (default 5)")
    args = parser.parse_args(argv)
    built = {form: bundle.executable_path(args.dist, form=form) for form in bundle.FORMS}
    built = {form: exe for form, exe in built.items() if exe.is_file()}
    if not built:
        print(f"nothing built in {args.dist}: run `python packaging/build.py --form both` first")
        return 1
    times: dict[str, list[float]] = {form: [] for form in built}
    for _ in range(args.runs):  # interleaved, so both forms see the same machine
        for form, exe in built.items():
            times[form] += time_first_frame([str(exe)], 1)
    for form in built:
        size = artifact_size(bundle.shipped_artifact(args.dist, form=form))
        print(f"{form}: {bundle.shipped_artifact(args.dist, form=form)}, {size / 1e6:.1f} MB "
              f"(target at most {SIZE_TARGET_MB} MB)")
        print(f"  start-up to first frame: {_summary(times[form])} (target under {START_TARGET_S:.0f} s)")
    if len(built) == 2:
        ratio = statistics.median(times["onedir"]) / statistics.median(times["onefile"])
        print(f"one folder / one file, median start-up: {ratio:.2f}")
    source = time_first_frame([sys.executable, str(ROOT / "main.py")], args.runs)
    print(f"from source: {_summary(source)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
