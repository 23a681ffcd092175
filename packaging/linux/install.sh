#!/bin/sh
# Install Tablée for this user (no administrator rights): the program under ~/.local/lib/tablee, a
# `tablee` command in ~/.local/bin, and the menu entry, icons (hicolor theme) and metainfo.
# Run it from the unpacked folder: ./install.sh   (./install.sh --uninstall removes it all.)
#
# Running it again, from a newer unpacked folder or from the installed folder itself, upgrades in
# place: the program is copied into a new sibling folder, checked, and only then put in service by
# renaming one symbolic link (~/.local/lib/tablee -> tablee.XXXXXX), a single atomic step. Whatever
# fails before that leaves the installed program, its command and its menu entry as they were.
set -eu
here=$(cd "$(dirname "$0")" && pwd -P)
data=${XDG_DATA_HOME:-$HOME/.local/share}
root=$HOME/.local/lib
lib=$root/tablee
bin=$HOME/.local/bin
app=org.tablee.Tablee
sizes="16 22 24 32 48 64 128 256 512"

fail() {
    echo "Tablée was not installed: $*" >&2
    exit 1
}

# The folder a link or the install itself stands for (empty when there is none).
installed_copy() {
    if [ -L "$lib" ]; then
        target=$(readlink "$lib")
        case $target in /*) printf '%s\n' "$target" ;; *) printf '%s\n' "$root/$target" ;; esac
    elif [ -d "$lib" ]; then
        printf '%s\n' "$lib"
    fi
}

# A value of the Desktop Entry Specification's string type: backslash, newline, tab, return escaped.
desktop_string() {
    printf '%s' "$1" | sed -e 's/\\/\\\\/g' -e 's/	/\\t/g' -e 's/\r/\\r/g'
}

# One argument of an Exec key: in double quotes with ", `, $ and \ escaped by a backslash, % doubled,
# then written as a string value (so each of those backslashes is doubled once more).
desktop_exec_argument() {
    quoted=$(printf '%s' "$1" | sed -e 's/[\\"`$]/\\&/g' -e 's/%/%%/g')
    desktop_string "\"$quoted\""
}

# Write $2 from $1 in one step: a temporary file beside it, then a rename.
put_file() {
    mkdir -p "$(dirname "$2")"
    cp "$1" "$2.tmp.$$"
    mv -fT "$2.tmp.$$" "$2"
}

case $# in
    0) ;;
    1) [ "$1" = --uninstall ] || { echo "usage: $0 [--uninstall]" >&2; exit 2; } ;;
    *) echo "usage: $0 [--uninstall]" >&2; exit 2 ;;
esac
if [ "${1:-}" = "--uninstall" ]; then
    copy=$(installed_copy)
    rm -f "$bin/tablee" "$data/applications/$app.desktop" "$data/metainfo/$app.metainfo.xml"
    for size in $sizes; do
        rm -f "$data/icons/hicolor/${size}x${size}/apps/$app.png"
    done
    if [ -d "$data/icons/hicolor" ]; then touch "$data/icons/hicolor"; fi
    rm -f "$lib" 2>/dev/null || true
    if [ -n "$copy" ]; then rm -rf "$copy"; fi
    for left in "$root"/tablee.??????; do  # copies an interrupted install left behind
        if [ -f "$left/install.sh" ] && [ -f "$left/$app.desktop" ]; then rm -rf "$left"; fi
    done
    echo "Tablée was removed (your settings and saves were kept)."
    exit 0
fi

case $HOME in *"
"*) fail "the home folder's name has a line break in it" ;; esac
[ -x "$here/tablee" ] && [ -f "$here/$app.desktop" ] || fail "$here is not an unpacked Tablée folder"

# 1. A complete copy beside the installed one; on any failure it is removed and nothing else changed.
mkdir -p "$root"
new=$(mktemp -d "$root/tablee.XXXXXX")
link=$root/.tablee-link.$$
trap 'rm -rf "$new" "$link"' EXIT
trap 'exit 1' HUP INT TERM
cp -R "$here/." "$new/" || fail "could not copy $here"
[ -x "$new/tablee" ] && [ -f "$new/$app.desktop" ] || fail "the copy in $new is incomplete"
chmod 755 "$new"

# 2. Put it in service: one rename of the link. An install made before links were used is a folder,
#    which is moved aside first.
old=$(installed_copy)
ln -s "$(basename "$new")" "$link"
if [ -d "$lib" ] && [ ! -L "$lib" ]; then
    old=$root/tablee.previous.$$
    mv "$lib" "$old"
    mv -T "$link" "$lib" || { mv -T "$old" "$lib"; fail "could not replace $lib"; }
else
    mv -fT "$link" "$lib" || fail "could not replace $lib"
fi
trap - EXIT
if [ -n "$old" ] && [ "$old" != "$new" ]; then rm -rf "$old"; fi
for left in "$root"/tablee.??????; do  # copies an install stopped half way (killed) left behind
    if [ "$left" != "$new" ] && [ -f "$left/install.sh" ] && [ -f "$left/$app.desktop" ]; then rm -rf "$left"; fi
done

# 3. The command, menu entry, icons and metainfo, each replaced in one step.
mkdir -p "$bin"
ln -s "$lib/tablee" "$bin/.tablee.$$"
mv -fT "$bin/.tablee.$$" "$bin/tablee"
entry=$data/applications/$app.desktop
mkdir -p "$data/applications"
while IFS= read -r line || [ -n "$line" ]; do
    case $line in
        Exec=*) printf 'Exec=%s\nTryExec=%s\n' "$(desktop_exec_argument "$lib/tablee")" "$(desktop_string "$lib/tablee")" ;;
        TryExec=*) ;;
        *) printf '%s\n' "$line" ;;
    esac
done < "$lib/$app.desktop" > "$entry.tmp.$$"
mv -fT "$entry.tmp.$$" "$entry"
for size in $sizes; do
    icon=$lib/icons/hicolor/${size}x${size}/apps/$app.png
    if [ -f "$icon" ]; then put_file "$icon" "$data/icons/hicolor/${size}x${size}/apps/$app.png"; fi
done
touch "$data/icons/hicolor"
put_file "$lib/$app.metainfo.xml" "$data/metainfo/$app.metainfo.xml"
echo "Tablée is installed: find it in your applications menu, or run $bin/tablee"
