#!/bin/sh
# The Flatpak's launcher: Tablée from its installed sources.
exec python3 /app/share/tablee/main.py "$@"
