"""A crash anywhere leaves a report (issue 36): in native code (``faulthandler`` into the crash
folder, turned into a report at the next start), in a thread, and where Python can only ignore an
exception (``sys.unraisablehook``)."""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from ui.crash import NATIVE, REPORTS_PER_RUN, CrashHooks

ROOT = Path(__file__).resolve().parents[2]


def reports(folder: Path) -> list[dict]:
    return [json.loads(p.read_text()) for p in sorted((folder / "crashes").glob("crash-*.json"))]


def test_a_crash_in_native_code_leaves_a_report_that_the_next_start_shows(tmp_path: Path) -> None:
    code = ("import sys; from pathlib import Path; from ui.crash import install_crash_hooks; "
            "install_crash_hooks(Path(sys.argv[1]), Path(sys.argv[1])); import faulthandler; faulthandler._sigsegv()")
    run = subprocess.run([sys.executable, "-c", code, str(tmp_path)], cwd=ROOT, capture_output=True, text=True,
                         env={**os.environ, "PYTHONFAULTHANDLER": ""})
    assert run.returncode != 0
    native = (tmp_path / "crashes" / NATIVE).read_text()
    assert "Segmentation fault" in native and "File " in native
    from ui.app import App

    CrashHooks(tmp_path, tmp_path).remove()  # the next start: what faulthandler wrote becomes a report
    [report] = reports(tmp_path)
    assert report["where"] == "native code" and "Segmentation fault" in report["error"]
    assert any("_sigsegv" in line or "<module>" in line for line in report["traceback"])
    assert not (tmp_path / "crashes" / NATIVE).exists()
    again = App(data_dir=tmp_path, size=(1024, 640), headless=True)
    try:
        again.set_language("en")
        again.step(1 / 60)
        assert any("stopped because of an error" in toast for toast in again.toasts)
    finally:
        again.quit()
        again.close()


@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")
def test_an_exception_that_ends_a_thread_is_reported(tmp_path: Path) -> None:
    previous = threading.excepthook
    hooks = CrashHooks(tmp_path, tmp_path)
    try:
        def fail() -> None:
            raise ValueError("the writer broke")

        thread = threading.Thread(target=fail, name="autosave")
        thread.start()
        thread.join()
    finally:
        hooks.remove()
    [report] = reports(tmp_path)
    assert report["where"] == "thread autosave" and report["error"] == "ValueError: the writer broke"
    assert threading.excepthook is previous


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_an_exception_python_can_only_ignore_is_reported_and_a_flood_of_them_is_bounded(tmp_path: Path) -> None:
    class Leaky:
        def __del__(self) -> None:
            raise RuntimeError("cannot let go")

    previous = sys.unraisablehook
    hooks = CrashHooks(tmp_path, tmp_path)
    try:
        for _ in range(3 * REPORTS_PER_RUN):
            Leaky()
            gc.collect()
    finally:
        hooks.remove()
    found = reports(tmp_path)
    assert len(found) == REPORTS_PER_RUN
    assert found[0]["where"].startswith("unraisable") and found[0]["error"] == "RuntimeError: cannot let go"
    assert sys.unraisablehook is previous


@pytest.mark.skipif(not hasattr(os, "kill") or sys.platform == "win32", reason="POSIX signals")
def test_a_program_that_seems_stuck_prints_every_threads_stack_on_sigusr1_and_goes_on(tmp_path: Path) -> None:
    code = ("import os, signal, sys, threading; from pathlib import Path; from ui.crash import install_crash_hooks; "
            "remove = install_crash_hooks(Path(sys.argv[1]), Path(sys.argv[1])); "
            "threading.Thread(target=threading.Event().wait, name='waiting', daemon=True).start(); "
            "os.kill(os.getpid(), signal.SIGUSR1); print('still running'); remove()")
    run = subprocess.run([sys.executable, "-c", code, str(tmp_path)], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0 and run.stdout == "still running\n"
    assert run.stderr.count("(most recent call first)") >= 2 and "<module>" in run.stderr
    assert not (tmp_path / "crashes" / NATIVE).exists() and reports(tmp_path) == []


def test_a_clean_exit_leaves_no_crash_file(tmp_path: Path) -> None:
    CrashHooks(tmp_path, tmp_path).remove()
    assert not (tmp_path / "crashes").exists()
