#!/bin/sh
# Install Tablée for this user (no administrator rights): the program folder under
# ~/.local/lib/tablee, a `tablee` command in ~/.local/bin, and the menu entry, icon and metainfo.
# Run it from the unpacked folder: ./install.sh   (./install.sh --uninstall removes it all.)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
lib=$HOME/.local/lib/tablee
bin=$HOME/.local/bin
if [ "${1:-}" = "--uninstall" ]; then
    rm -rf "$lib" "$bin/tablee" "$data/applications/org.tablee.Tablee.desktop" \
        "$data/icons/hicolor/256x256/apps/org.tablee.Tablee.png" "$data/metainfo/org.tablee.Tablee.metainfo.xml"
    echo "Tablée was removed (your settings and saves stay in $data/Tablee)."
    exit 0
fi
mkdir -p "$lib" "$bin" "$data/applications" "$data/icons/hicolor/256x256/apps" "$data/metainfo"
rm -rf "$lib"
cp -R "$here" "$lib"
ln -sf "$lib/tablee" "$bin/tablee"
sed "s|^Exec=tablee|Exec=$lib/tablee|" "$here/org.tablee.Tablee.desktop" > "$data/applications/org.tablee.Tablee.desktop"
cp "$here/org.tablee.Tablee.png" "$data/icons/hicolor/256x256/apps/org.tablee.Tablee.png"
cp "$here/org.tablee.Tablee.metainfo.xml" "$data/metainfo/"
echo "Tablée is installed: find it in your applications menu, or run $bin/tablee"
