#!/usr/bin/env bash
# Installs everything the build, the browser game and its tests need (see docs/setup.md and
# the shared toolchain notes (TOOLCHAIN.md)). Idempotent: each step is skipped when its result is already
# there at the right version, so a second run takes about a second.
#
#   1. Debian packages: rustc-web cargo-web rust-web-src rust-web-clippy (a second rustc/cargo in /usr/bin with
#      the matching std source, to build std for wasm32), lld (wasm-ld), chromium +
#      chromium-driver (browser tests), fonts-noto-cjk (Japanese text).
#   2. wasm-bindgen-cli at exactly the wasm-bindgen version in Cargo.lock  (~/.cargo/bin)
#   3. trunk 0.21.14                                                        (~/.cargo/bin)
#   4. npm packages with npm ci: the build's tools in tools/web-build (binaryen = wasm-opt, esbuild,
#      html-minifier-terser, acorn) and the browser tests' in tests/browser (playwright-core, axe-core)
#   5. wasm-split: Debian's binaryen unpacked into target/tools/binaryen (not installed)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

TRUNK_VERSION="0.21.14"
APT_PACKAGES=(rustc-web cargo-web rust-web-src rust-web-clippy lld chromium chromium-driver fonts-noto-cjk)
CARGO_BIN="${CARGO_HOME:-$HOME/.cargo}/bin"
RUSTUP_CARGO="$CARGO_BIN/cargo"
BROWSER_DIR="$ROOT/tests/browser"
BUILD_TOOLS_DIR="$ROOT/tools/web-build"

log() { printf '[setup] %s\n' "$*" >&2; }
die() { printf '[setup] ERROR: %s\n' "$*" >&2; exit 1; }

# Times one step; prints "done/skipped in Ns".
step() {
    local name="$1"; shift
    local t0=$SECONDS
    "$@"
    log "$name: $STEP_RESULT in $((SECONDS - t0))s"
}

# Only one setup at a time on this machine (two cargo installs of the same tool would fight).
LOCK_FILE="${TMPDIR:-/tmp}/lauzait-setup.lock"
exec 9>"$LOCK_FILE"
if ! flock -n 9; then
    log "another setup is running; waiting for it to finish..."
    flock 9
fi

SUDO=()
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || die "not root and no sudo: cannot install Debian packages"
    SUDO=(sudo)
fi

# --- 1. Debian packages ------------------------------------------------------------------
# Installed version of a Debian package, or nothing (dpkg-query fails for unknown packages).
pkg_version() { { dpkg-query -W -f='${db:Status-Abbrev} ${Version}' "$1" 2>/dev/null || true; } | awk '$1 == "ii" {print $2}'; }

apt_step() {
    local missing=() p
    for p in "${APT_PACKAGES[@]}"; do
        [ -n "$(pkg_version "$p")" ] || missing+=("$p")
    done
    # The std source must match the compiler exactly: reinstall the trio if they disagree.
    # The same holds for the linter of the wasm code (rust-web-clippy).
    local vr vc vs vk
    vr="$(pkg_version rustc-web)"; vc="$(pkg_version cargo-web)"; vs="$(pkg_version rust-web-src)"
    vk="$(pkg_version rust-web-clippy)"
    if [ -n "$vr" ] && [ -n "$vs" ] && { [ "$vr" != "$vs" ] || [ "$vr" != "$vc" ] || { [ -n "$vk" ] && [ "$vr" != "$vk" ]; }; }; then
        log "rustc-web ($vr), cargo-web ($vc), rust-web-src ($vs), rust-web-clippy ($vk) differ: reinstalling them together"
        missing+=(rustc-web cargo-web rust-web-src rust-web-clippy)
    fi
    if [ ${#missing[@]} -eq 0 ]; then STEP_RESULT="skipped (all present)"; return; fi
    log "installing Debian packages: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q -o DPkg::Lock::Timeout=600 >&2
    "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
        -o DPkg::Lock::Timeout=600 "${APT_PACKAGES[@]}" >&2
    vr="$(pkg_version rustc-web)"; vs="$(pkg_version rust-web-src)"
    [ "$vr" = "$vs" ] || die "rustc-web ($vr) and rust-web-src ($vs) still differ"
    STEP_RESULT="installed"
}

# --- cargo installs with the ordinary (rustup) toolchain ------------------------------------
[ -x "$RUSTUP_CARGO" ] || die "no rustup cargo at $RUSTUP_CARGO (the machine's Rust toolchain)"

# Runs the rustup cargo with a clean environment: rustup's toolchain first on PATH (never
# Debian's /usr/bin/cargo), and none of the wasm build's variables.
rustup_cargo() {
    env -u RUSTC -u RUSTFLAGS -u RUSTC_BOOTSTRAP -u CARGO_UNSTABLE_BUILD_STD -u CARGO_TARGET_DIR \
        -u CARGO_BUILD_TARGET -u RUSTC_WRAPPER -u CARGO_ENCODED_RUSTFLAGS \
        PATH="$CARGO_BIN:$PATH" "$RUSTUP_CARGO" "$@"
}

# Version of a crate in Cargo.lock.
lock_version() {
    awk -v name="$1" '
        /^\[\[package\]\]/ { inpkg = 1; found = 0; next }
        inpkg && $0 == "name = \"" name "\"" { found = 1; next }
        found && /^version = / { gsub(/"/, "", $3); print $3; exit }
    ' "$ROOT/Cargo.lock"
}

# Prints the version a binary reports as "<name> X.Y.Z ...", or nothing.
tool_version() { [ -x "$1" ] && "$1" --version 2>/dev/null | awk 'NR == 1 {print $2}' || true; }

wasm_bindgen_step() {
    local want have pinned
    want="$(lock_version wasm-bindgen)"
    [ -n "$want" ] || die "no wasm-bindgen in Cargo.lock"
    # trunk refuses (it would try to download) when Trunk.toml pins another version.
    pinned="$(sed -n 's/^wasm_bindgen *= *"\([^"]*\)".*/\1/p' "$ROOT/Trunk.toml")"
    [ "$pinned" = "$want" ] || die "Trunk.toml pins wasm_bindgen = \"$pinned\" but Cargo.lock has wasm-bindgen $want: update Trunk.toml"
    have="$(tool_version "$CARGO_BIN/wasm-bindgen")"
    if [ "$have" = "$want" ]; then STEP_RESULT="skipped (wasm-bindgen $have)"; return; fi
    log "installing wasm-bindgen-cli $want (found: ${have:-none}); takes 5-10 minutes"
    # Without --locked: one locked dependency is newer than the registry serves here.
    rustup_cargo install wasm-bindgen-cli --version "$want" --force
    have="$(tool_version "$CARGO_BIN/wasm-bindgen")"
    [ "$have" = "$want" ] || die "wasm-bindgen reports '$have' after install, wanted $want"
    STEP_RESULT="installed wasm-bindgen-cli $want"
}

trunk_step() {
    local have
    have="$(tool_version "$CARGO_BIN/trunk")"
    if [ "$have" = "$TRUNK_VERSION" ]; then STEP_RESULT="skipped (trunk $have)"; return; fi
    log "installing trunk $TRUNK_VERSION (found: ${have:-none}); takes about 10 minutes"
    rustup_cargo install trunk --version "$TRUNK_VERSION" --locked --force
    have="$(tool_version "$CARGO_BIN/trunk")"
    [ "$have" = "$TRUNK_VERSION" ] || die "trunk reports '$have' after install, wanted $TRUNK_VERSION"
    STEP_RESULT="installed trunk $TRUNK_VERSION"
}

# --- wasm-split (binaryen), which splits the page's module (scripts/split-page.mjs) ---------
# Debian's binaryen package, unpacked into target/tools/ rather than installed: installed, its
# older wasm-opt would sit in /usr/bin ahead of the one trunk is pinned to (Trunk.toml). The
# binary finds its library beside it ($ORIGIN/../lib), so the unpacked tree runs as it is.
WASM_SPLIT="$ROOT/target/tools/binaryen/usr/bin/wasm-split"
wasm_split_step() {
    if [ -x "$WASM_SPLIT" ] && "$WASM_SPLIT" --version >/dev/null 2>&1; then
        STEP_RESULT="skipped ($("$WASM_SPLIT" --version))"; return
    fi
    local tmp
    tmp="$(mktemp -d)"
    log "unpacking Debian's binaryen into target/tools/binaryen (for wasm-split)"
    (cd "$tmp" && apt-get download -q binaryen >&2) || {
        "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q -o DPkg::Lock::Timeout=600 >&2
        (cd "$tmp" && apt-get download -q binaryen >&2)
    } || die "apt-get download binaryen failed"
    rm -rf "$ROOT/target/tools/binaryen"
    mkdir -p "$ROOT/target/tools/binaryen"
    dpkg-deb -x "$tmp"/binaryen_*.deb "$ROOT/target/tools/binaryen"
    rm -rf "$tmp"
    "$WASM_SPLIT" --version >/dev/null || die "the unpacked wasm-split does not run"
    STEP_RESULT="unpacked $("$WASM_SPLIT" --version)"
}

# --- npm packages: the build's tools and the browser tests' ---------------------------------
# Each package installs with npm ci from its own lock; `check` names a file it must hold and,
# for the build's, the wasm-opt version Trunk.toml pins.
npm_package() {
    local dir="$1" check="$2" nm="$1/node_modules" reason=""
    if [ ! -d "$nm" ]; then
        reason="node_modules missing"
    elif [ ! -f "$nm/.package-lock.json" ] || [ "$dir/package-lock.json" -nt "$nm/.package-lock.json" ]; then
        reason="package-lock.json changed"
    elif [ ! -f "$nm/$check" ]; then
        reason="$check missing"
    elif [ "$check" = binaryen/package.json ] && [ "$("$nm/.bin/wasm-opt" --version 2>/dev/null | awk '{print $3}')" != "132" ]; then
        reason="wasm-opt is not version 132"
    fi
    if [ -z "$reason" ]; then STEP_RESULT="skipped (node_modules up to date)"; return; fi
    log "npm ci in ${dir#"$ROOT"/} ($reason)"
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error >&2)
    STEP_RESULT="installed"
}
npm_step() {
    command -v npm >/dev/null || die "npm not found (the machine's Node.js)"
    local build
    npm_package "$BUILD_TOOLS_DIR" binaryen/package.json
    build="$STEP_RESULT"
    npm_package "$BROWSER_DIR" playwright-core/package.json
    STEP_RESULT="tools/web-build $build, tests/browser $STEP_RESULT"
}

T0=$SECONDS
STEP_RESULT=""
step "Debian packages" apt_step
step "wasm-bindgen-cli" wasm_bindgen_step
step "trunk" trunk_step
step "npm (tools/web-build, tests/browser)" npm_step
step "wasm-split" wasm_split_step
log "all set in $((SECONDS - T0))s"
