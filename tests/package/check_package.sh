#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Checks what `cmake --install` and CPack make of a build (packaging/CMakeLists.txt):
#   1. installs into a temporary prefix and checks that every file is there (icon sizes, man pages
#      compressed for lintian), and validates the .desktop file and the AppStream metainfo;
#   2. runs the installed programs: --version, a window on the offscreen platform, and proof that
#      they load their translations from the prefix (the same zh_TW image as the build tree's, a
#      Chinese --help, and English with an error once the prefix's .qm files are moved away);
#   3. builds the .deb with CPack and checks its contents, its control fields and lintian's verdict
#      (any E: line fails; the W: and I: lines are printed).
# Usage: check_package.sh BUILD_DIR VERSION APP_ID   (ctest runs it: `ctest -L package`)
set -euo pipefail

build=$1 version=$2 id=$3
work=$(mktemp -d "${TMPDIR:-/tmp}/hw-package.XXXXXX")
trap 'rm -rf "$work"' EXIT
failures=0
step() { printf '== %s\n' "$*"; }
fail() {
    printf 'FAIL: %s\n' "$*" >&2
    failures=$((failures + 1))
}
# The programs run with their own settings and the offscreen platform, whatever the machine has.
export HOME=$work/home XDG_CONFIG_HOME=$work/home/.config XDG_RUNTIME_DIR=$work/runtime QT_QPA_PLATFORM=offscreen
mkdir -p "$HOME"
mkdir -m 700 "$XDG_RUNTIME_DIR"

sizes=(16 24 32 48 64 128 256)
files=(
    bin/highwater
    bin/highwater-cli
    share/highwater/translations/highwater_en.qm
    share/highwater/translations/highwater_zh_TW.qm
    share/highwater/translations/highwater_zh_CN.qm
    "share/applications/$id.desktop"
    "share/metainfo/$id.metainfo.xml"
    "share/icons/hicolor/scalable/apps/$id.svg"
    share/man/man1/highwater.1.gz
    share/man/man1/highwater-cli.1.gz
    share/doc/highwater/copyright
    share/doc/highwater/changelog.gz
)
for size in "${sizes[@]}"; do
    files+=("share/icons/hicolor/${size}x${size}/apps/$id.png")
done

step "cmake --install $build --prefix <tmp>/prefix"
prefix=$work/prefix
cmake --install "$build" --prefix "$prefix" >"$work/install.log"
for f in "${files[@]}"; do
    [ -f "$prefix/$f" ] || fail "not installed: $f"
done
for f in bin/highwater bin/highwater-cli; do
    [ -x "$prefix/$f" ] || fail "not executable: $f"
done
for size in "${sizes[@]}"; do
    png="$prefix/share/icons/hicolor/${size}x${size}/apps/$id.png"
    [ -f "$png" ] && ! file "$png" | grep -q "PNG image data, $size x $size," &&
        fail "$png is not a ${size}x${size} PNG: $(file -b "$png")"
done
for gz in share/man/man1/highwater.1.gz share/man/man1/highwater-cli.1.gz share/doc/highwater/changelog.gz; do
    # -9n: the best compression and no original name or time stamp inside (lintian checks both).
    description=$(file -b "$prefix/$gz")
    [[ $description == *"max compression"* ]] || fail "$gz is not compressed with gzip -9: $description"
    [[ $description == *"was \""* ]] && fail "$gz keeps its original name (gzip -n): $description"
done
# man comes with lintian (man-db); lintian checks the pages too, this says which line is wrong.
for page in highwater highwater-cli; do
    warnings=$(MANWIDTH=80 man --warnings -l "$prefix/share/man/man1/$page.1.gz" 2>&1 >/dev/null || true)
    [ -z "$warnings" ] || fail "man $page warns: $warnings"
done

# Every option that a program's --help lists is in its man page (written by hand, so this keeps
# them in step).
for page in highwater highwater-cli; do
    manual=$(zcat "$prefix/share/man/man1/$page.1.gz" | sed 's/\\-/-/g')
    for option in $("$prefix/bin/$page" --help 2>/dev/null | grep -o -- '--[a-z][a-z-]*' | sort -u); do
        grep -q -- "$option\b" <<<"$manual" || fail "$page --help lists $option, its man page does not"
    done
done

step "desktop-file-validate and appstreamcli validate --no-net"
desktop-file-validate "$prefix/share/applications/$id.desktop" || fail "desktop-file-validate found errors"
appstreamcli validate --no-net "$prefix/share/metainfo/$id.metainfo.xml" ||
    fail "appstreamcli validate found problems"
grep -q "<release version=\"$version\"" "$prefix/share/metainfo/$id.metainfo.xml" ||
    fail "the metainfo has no <release> for $version"

step "the installed programs' --version"
out=$("$prefix/bin/highwater-cli" --version) || fail "highwater-cli --version failed"
[ "$out" = "highwater-cli $version" ] || fail "highwater-cli --version printed \"$out\""
out=$("$prefix/bin/highwater" --version) || fail "highwater --version failed"
[ "$out" = "highwater $version" ] || fail "highwater --version printed \"$out\""
# The help is read whole before grep looks at it: `prog --help | grep -q` lets grep exit at the first
# match, and the program's later writes then die of SIGPIPE, which pipefail reports as a failure.
for program in highwater-cli highwater; do
    help=$("$prefix/bin/$program" --help) || fail "$program --help failed"
    grep -q -- "--version" <<<"$help" || fail "$program --help does not list --version"
done

step "the installed GUI starts on the offscreen platform"
"$prefix/bin/highwater" --size 1280x720 --screenshot "$work/window.png" ||
    fail "the installed highwater could not start offscreen"
file "$work/window.png" | grep -q "PNG image data" || fail "no image of the window: $(file -b "$work/window.png")"

step "translations come from the prefix"
export_args=(export builtin:leo-hw-walkthrough --label 3 --view partition --width 640 --height 360)
"$prefix/bin/highwater-cli" "${export_args[@]}" --lang zh_TW --out "$work/installed-zh_TW.png" >/dev/null ||
    fail "the installed highwater-cli cannot export in zh_TW"
"$build/app/highwater-cli" "${export_args[@]}" --lang zh_TW --out "$work/build-zh_TW.png" >/dev/null ||
    fail "the build tree's highwater-cli cannot export in zh_TW"
"$prefix/bin/highwater-cli" "${export_args[@]}" --lang en --out "$work/installed-en.png" >/dev/null ||
    fail "the installed highwater-cli cannot export in English"
cmp -s "$work/installed-zh_TW.png" "$work/build-zh_TW.png" ||
    fail "the installed and the build tree's zh_TW exports differ"
cmp -s "$work/installed-zh_TW.png" "$work/installed-en.png" &&
    fail "the zh_TW export is the same as the English one: nothing was translated"
# The GUI's --help is translated after the saved or system language is installed (app/main.cpp).
chinese_help="觀察並講解 Kafka 如何複製資料"
LANGUAGE=zh_TW "$prefix/bin/highwater" --help >"$work/help-zh_TW.txt" 2>&1 || true
grep -q "$chinese_help" "$work/help-zh_TW.txt" ||
    fail "the installed highwater's --help is not in Traditional Chinese: $(head -3 "$work/help-zh_TW.txt")"
# Without the prefix's .qm files the same commands are English, and the export says what is missing.
mv "$prefix/share/highwater/translations" "$work/translations-moved"
LANGUAGE=zh_TW "$prefix/bin/highwater" --help >"$work/help-none.txt" 2>&1 || true
grep -q "$chinese_help" "$work/help-none.txt" && fail "the --help was Chinese without the prefix's translations"
grep -q "highwater_zh_TW.qm" "$work/help-none.txt" || fail "no warning names the missing highwater_zh_TW.qm"
if "$prefix/bin/highwater-cli" "${export_args[@]}" --lang zh_TW --out "$work/none.png" 2>"$work/none.err" >/dev/null; then
    fail "the export in zh_TW succeeded without the prefix's translations"
fi
grep -q "$prefix/share/highwater/translations/highwater_zh_TW.qm" "$work/none.err" ||
    fail "the export's error does not name the missing file: $(cat "$work/none.err")"
mv "$work/translations-moved" "$prefix/share/highwater/translations"

step "cpack: the Debian package"
cpack --config "$build/CPackConfig.cmake" -B "$work/deb" >"$work/cpack.log" 2>&1 || {
    cat "$work/cpack.log" >&2
    fail "cpack failed"
}
deb=$work/deb/highwater_${version}_amd64.deb
if [ ! -f "$deb" ]; then
    fail "cpack made no $(basename "$deb"): $(ls "$work/deb")"
else
    dpkg-deb --contents "$deb" >"$work/contents.txt"
    for f in "${files[@]}"; do
        grep -q " \./usr/$f\$" "$work/contents.txt" || fail "the package does not hold /usr/$f"
    done
    field() { dpkg-deb --field "$deb" "$1"; }
    [ "$(field Package)" = highwater ] || fail "Package is \"$(field Package)\""
    [ "$(field Version)" = "$version" ] || fail "Version is \"$(field Version)\""
    [ "$(field Architecture)" = amd64 ] || fail "Architecture is \"$(field Architecture)\""
    for lib in libqt6core6 libqt6gui6 libqt6widgets6 libqt6charts6 libqt6svg6 libc6 qt6-qpa-plugins; do
        [[ "$(field Depends)" == *"$lib"* ]] || fail "Depends lacks $lib: $(field Depends)"
    done
    [[ "$(field Section)" =~ ^(education|science)$ ]] || fail "Section is \"$(field Section)\""
    [[ "$(field Maintainer)" == *"<"*"@"*">" ]] || fail "Maintainer is \"$(field Maintainer)\""
    [ -n "$(field Homepage)" ] || fail "no Homepage"
    [ "$(field Description | wc -l)" -ge 3 ] || fail "no extended Description: $(field Description)"
    dpkg-deb --info "$deb"

    dpkg-deb --extract "$deb" "$work/extracted"
    for f in highwater highwater-cli; do
        file "$work/extracted/usr/bin/$f" | grep -q ", stripped" || fail "/usr/bin/$f is not stripped"
    done

    step "lintian"
    lintian --tag-display-limit 0 --display-info "$deb" >"$work/lintian.txt" 2>&1 || true
    cat "$work/lintian.txt"
    if grep -q "^E: " "$work/lintian.txt"; then
        fail "lintian found errors"
    fi
fi

if [ "$failures" -gt 0 ]; then
    echo "$failures check(s) failed" >&2
    exit 1
fi
echo "all package checks passed"
