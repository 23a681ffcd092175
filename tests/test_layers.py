"""The layers hold: ``game/`` loads no pygame, no ``ui`` and no ``net``, reads no clock and no file, and
``ui/`` reaches a game only through its public parts (``game``, ``game.core``, ``game.<id>.views``)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "game"
UI = ROOT / "ui"

FORBIDDEN_IN_GAME = {"pygame", "pygame_gui", "ui", "net", "time", "datetime", "pathlib", "io", "os",
                     "shutil", "tempfile", "socket", "importlib.resources", "threading"}
CLOCK_ALLOWED = {("game/arena.py", "time")}
"""The arena's command line reports how long bots took to move; nothing played depends on it."""
FORBIDDEN_CALLS = {"open", "input", "print", "exec", "eval", "__import__"}
PRINT_ALLOWED = {"game/arena.py"}
"""The arena's command line prints its report."""


def python_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.py") if "__pycache__" not in p.parts)


def imported_modules(tree: ast.AST) -> set[str]:
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module)
            out.update(f"{node.module}.{alias.name}" for alias in node.names)
    return out


def test_importing_every_game_module_loads_no_pygame_no_ui_and_no_net() -> None:
    code = (
        "import pkgutil, sys, game\n"
        "for m in pkgutil.walk_packages(game.__path__, 'game.'):\n"
        "    __import__(m.name)\n"
        "bad = sorted(n for n in sys.modules if n.split('.')[0] in ('pygame', 'pygame_gui', 'ui', 'net'))\n"
        "print(len([n for n in sys.modules if n.startswith('game.')]), bad)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    count, bad = out.stdout.split(" ", 1)
    assert int(count) >= 15, "the walk did not reach the game modules"
    assert bad.strip() == "[]", f"importing game/ loaded {bad.strip()}"


def test_importing_every_net_module_loads_no_pygame_and_no_ui() -> None:
    """The network table runs headless (``--serve``, ``--join``): it never needs a window."""
    code = (
        "import pkgutil, sys, net\n"
        "for m in pkgutil.walk_packages(net.__path__, 'net.'):\n"
        "    __import__(m.name)\n"
        "bad = sorted(n for n in sys.modules if n.split('.')[0] in ('pygame', 'pygame_gui', 'ui'))\n"
        "print(len([n for n in sys.modules if n.startswith('net.')]), bad)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    count, bad = out.stdout.split(" ", 1)
    assert int(count) >= 7, "the walk did not reach the net modules"
    assert bad.strip() == "[]", f"importing net/ loaded {bad.strip()}"


def test_the_tables_match_loads_no_pygame() -> None:
    """The match at the table (``ui.table.match``: viewer, curtain, playing, undo, hints, coach,
    statistics, autosave) runs headless: only the scene that shows it needs a window."""
    code = ("import sys, ui.table.match\n"
            "print(sorted(n for n in sys.modules if n.split('.')[0] in ('pygame', 'pygame_gui')))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", f"importing ui.table.match loaded {out.stdout.strip()}"


def test_game_reads_no_clock_and_no_file() -> None:
    problems = []
    for path in python_files(GAME):
        rel = path.relative_to(ROOT).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for module in imported_modules(tree):
            top = {module, module.split(".")[0]}
            bad = top & FORBIDDEN_IN_GAME
            if bad and not any((rel, b) in CLOCK_ALLOWED for b in bad):
                problems.append(f"{rel} imports {module}")
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in FORBIDDEN_CALLS:
                if not (node.func.id == "print" and rel in PRINT_ALLOWED):
                    problems.append(f"{rel}:{node.lineno} calls {node.func.id}()")
    assert not problems, "game/ must stay pure:\n" + "\n".join(problems)


def test_a_whole_match_of_every_game_runs_with_clocks_and_files_unplugged() -> None:
    code = (
        "import builtins, io, os, time\n"
        "from game import GAMES\n"
        "from game.arena import run\n"
        "def refuse(*a, **k):\n"
        "    raise AssertionError('game/ touched a clock or a file')\n"
        "for name in ('time', 'perf_counter', 'monotonic', 'process_time', 'time_ns', 'sleep'):\n"
        "    setattr(time, name, refuse)\n"
        "builtins.open = io.open = os.open = refuse\n"
        "for gid, d in sorted(GAMES.items()):\n"
        "    run(gid, ['hard', 'easy'], 2, 'matches', options=None, timed=False)\n"
        "print('ok')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr[-2000:]


def test_ui_reaches_games_only_through_their_public_parts() -> None:
    problems = []
    for path in python_files(UI):
        rel = path.relative_to(ROOT).as_posix()
        for module in imported_modules(ast.parse(path.read_text(encoding="utf-8"))):
            parts = module.split(".")
            if parts[0] != "game" or len(parts) == 1 or parts[1] == "core":
                continue
            if len(parts) >= 3 and parts[2] == "views":
                continue
            if len(parts) == 2 and parts[1] in ("GAMES", "IllegalMove", "Move", "GameState", "SaveError",
                                                "load_match", "LEVELS", "Event"):
                continue
            problems.append(f"{rel} imports {module}")
    assert not problems, "ui/ must not import a game's internals:\n" + "\n".join(problems)


KNOWN_PAIRS = {frozenset({"ui.scenes.deck", "ui.scenes.setup"})}
"""The deck editor is a page of the setup form: it reads the form's option fields, and the form opens
it when asked (imported at that moment). The pair is its own small loop, not part of the app's."""


def _runtime_ui_imports(path: Path, modules: set[str]) -> set[str]:
    """The ``ui`` modules a file imports when it runs (at its top or inside a function), leaving out
    imports made only for the type checker."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return found & modules


def _import_loops(graph: dict[str, set[str]]) -> list[set[str]]:
    """The groups of modules that import each other, directly or around a loop (strongly connected
    components of more than one module)."""
    loops: list[set[str]] = []
    for start in sorted(graph):
        if any(start in loop for loop in loops):
            continue
        loop = {m for m in _reached(graph, start) if start in _reached(graph, m)}
        if len(loop) > 1:
            loops.append(loop)
    return loops


def _reached(graph: dict[str, set[str]], start: str) -> set[str]:
    reach, todo = {start}, [start]
    while todo:
        for nxt in graph[todo.pop()]:
            if nxt not in reach:
                reach.add(nxt)
                todo.append(nxt)
    return reach


def test_ui_modules_import_each_other_in_no_circle() -> None:
    """The app opens scenes; scenes and the table never import the app back (shared helpers such as
    ``wrap_text`` live in ``ui.text``), so a module can be loaded, tested and type-checked alone."""
    paths = {".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__"): p
             for p in python_files(UI)}
    modules = set(paths)
    graph = {m: _runtime_ui_imports(p, modules) - {m} for m, p in paths.items()}
    loops = [sorted(loop) for loop in _import_loops(graph) if frozenset(loop) not in KNOWN_PAIRS]
    assert len(graph) > 40, "the walk did not reach the ui modules"
    assert not loops, f"ui modules import each other in a circle: {loops}"
