#!/usr/bin/env bash
# CI step after the tests: build the Linux one-folder program with PyInstaller, pack it, install it
# as a user would and run its self-test, so a missing data file or a hidden import fails CI. Installs
# packaging/requirements-build.txt into the active Python environment (the CI virtualenv); everything
# comes from PyPI, nothing is downloaded later.
set -euo pipefail
cd "$(dirname "$0")/.."
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1
python -m pip install --quiet -r packaging/requirements-build.txt
if command -v appstreamcli >/dev/null; then
    appstreamcli validate --no-net packaging/linux/org.tablee.Tablee.metainfo.xml
fi
started=$SECONDS
python packaging/build.py --clean --form onedir
archive=$(ls dist/tablee-*-linux-*.tar.gz)
echo "build: $((SECONDS - started)) s, $(du -sh dist/tablee | cut -f1) folder, $(du -h "$archive" | cut -f1) $archive"
# Unpack and install from the archive into an empty home, then run from an unrelated folder: the
# program must find its assets by itself and write nowhere but the temporary data folder it is given.
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
tar -xzf "$archive" -C "$scratch"
HOME="$scratch" XDG_DATA_HOME="$scratch/share" sh "$scratch"/tablee-*/install.sh
exe="$scratch/.local/bin/tablee"
test -s "$scratch/share/applications/org.tablee.Tablee.desktop"
test -s "$scratch/.local/lib/tablee/THIRD-PARTY-NOTICES.txt" -o -s "$scratch/.local/lib/tablee/_internal/THIRD-PARTY-NOTICES.txt"
cd "$scratch"
HOME="$scratch" "$exe" --version
HOME="$scratch" "$exe" --help >/dev/null
HOME="$scratch" "$exe" --screenshot "$scratch/title.png" --scene title >/dev/null
test -s "$scratch/title.png"
HOME="$scratch" "$exe" --selftest
HOME="$scratch" XDG_DATA_HOME="$scratch/share" sh "$scratch/.local/lib/tablee/install.sh" --uninstall
test ! -e "$exe"
