#!/usr/bin/env bash
# CI step after the tests: build the Linux executable with PyInstaller and run its self-test, so a
# missing data file or a hidden import fails CI. Installs packaging/requirements-build.txt into the
# active Python environment (the CI virtualenv); everything comes from PyPI, nothing is downloaded later.
set -euo pipefail
cd "$(dirname "$0")/.."
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1
python -m pip install --quiet -r packaging/requirements-build.txt
started=$SECONDS
python packaging/build.py --clean
exe="$PWD/dist/tablee"
echo "build: $((SECONDS - started)) s, $(du -h "$exe" | cut -f1) $exe"
# Run from an unrelated folder with an empty home: the executable must find its assets by itself
# and write nowhere but the temporary data folder it is given (the self-test also checks dist/).
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
cd "$scratch"
HOME="$scratch" "$exe" --version
HOME="$scratch" "$exe" --help >/dev/null
HOME="$scratch" "$exe" --screenshot "$scratch/title.png" --scene title >/dev/null
test -s "$scratch/title.png"
HOME="$scratch" "$exe" --selftest
