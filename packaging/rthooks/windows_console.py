"""PyInstaller runtime hook for the windowed Windows build: talk to the terminal that started it.

``tablee.exe`` is built without a console so that a double-click opens no console window; but then
``tablee.exe --version``, ``--help`` or ``--selftest`` typed in a terminal would print nothing.
When the program has no standard output and was started from a console, attach to that console
and print there. Started by a double-click there is no console to attach to, and nothing changes.
Output redirected to a file or a pipe already works (the handles are inherited) and is left alone.
"""

import sys


def attach_parent_console() -> bool:
    """Point ``sys.stdout``/``sys.stderr`` at the parent's console; True if it did."""
    if sys.platform != "win32" or sys.stdout is not None:
        return False
    import ctypes

    attach_parent_process = -1
    if not ctypes.windll.kernel32.AttachConsole(attach_parent_process):
        return False
    try:
        # Left open: it is the program's standard output until it exits.
        stream = open("CONOUT$", "w", encoding="utf-8", errors="replace")  # noqa: SIM115
    except OSError:
        return False
    sys.stdout = sys.stderr = stream
    return True


attach_parent_console()
