"""The documentation lives with the code: every link of the README and of ``docs/`` leads to a file of
the repository, and no file of the project points outside it."""

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


def tracked_text_files() -> list[Path]:
    """The repository's files as git tracks them (the working tree's, where git is not there)."""
    try:
        names = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    except (OSError, subprocess.CalledProcessError):
        names = [str(p.relative_to(ROOT)) for p in ROOT.rglob("*") if p.is_file() and ".git" not in p.parts]
    suffixes = {".py", ".md", ".txt", ".toml", ".sh", ".yml", ".yaml", ".json", ".spec", ".iss", ".cfg"}
    return [ROOT / n for n in names if Path(n).suffix in suffixes and (ROOT / n).is_file()]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_link_of_the_docs_leads_to_a_file_of_the_repository(page: Path) -> None:
    for target in LINK.findall(page.read_text(encoding="utf-8")):
        if re.match(r"[a-z]+:", target):
            continue
        resolved = (page.parent / target).resolve()
        assert resolved.exists(), f"{page.relative_to(ROOT)} links to {target}, which is not in the repository"
        assert ROOT in resolved.parents, f"{page.relative_to(ROOT)} links outside the repository: {target}"


def test_no_file_of_the_project_points_outside_the_repository() -> None:
    outside = re.compile(r"\.\./shared/|shared/(rules|design|seeds)/|ui-interface\.md")
    offenders = [
        f"{path.relative_to(ROOT)}:{n}"
        for path in tracked_text_files()
        if path != Path(__file__).resolve()
        for n, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1)
        if outside.search(line)
    ]
    assert offenders == []
