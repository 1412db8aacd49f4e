#!/usr/bin/env bash
# Coverage-guided fuzzing of the untrusted-input readers (docs/fuzzing.md): the LZR1
# record and LZP1 position readers, the save loader's core (a Game from JSON + verified),
# `lauzait analyze`, the seat's view the computer players' worker reads (`sv1 …`) and the worker's
# request and reply (`bot1`, `bot-reply1`), table mode's peer messages, pairing codes and saves
# (fuzz/table_checks.rs), a remote table's letters (crates/remote) and the messages of the deal
# by all the devices (crates/joint-deal), of the games they play (crates/joint-play) and of
# those games' saves, with cargo-fuzz (libFuzzer) on the machine's stable toolchain.
#
#   scripts/fuzz.sh                  every target, FUZZ_SECONDS (default 600) shared among them
#   FUZZ_SECONDS=60 scripts/fuzz.sh  a quick run
#   scripts/fuzz.sh record save      only those targets
#
# One target at a time, one process each: the machine has two cores and others use them.
# Idempotent install, each step skipped when already done:
#   1. a C++ compiler (libfuzzer-sys builds libFuzzer)             Debian package g++
#   2. cargo-fuzz $CARGO_FUZZ_VERSION                               (~/.cargo/bin)
#   3. the seed corpus fuzz/corpus/<target>/ (real records, positions, saves, requests)
# cargo-fuzz asks for nightly-only flags; RUSTC_BOOTSTRAP=1 lets the stable compiler take them,
# and --sanitizer none needs no sanitizer runtime (none ships with the stable toolchain).
# Debug assertions are on (-a), so arithmetic overflow panics and is reported as a crash.
#
# A crash (or a timeout: an input slower than 10 s) is copied to
# tests/data/fuzz-regressions/<target>/, where `cargo test` replays it (tests/rules/fuzz_regressions.rs);
# the script then exits 1. Fix the bug, keep the file.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
FUZZ="$ROOT/fuzz"
CARGO_FUZZ_VERSION="0.13.2"
CARGO_BIN="${CARGO_HOME:-$HOME/.cargo}/bin"
FUZZ_SECONDS="${FUZZ_SECONDS:-600}"
ALL_TARGETS=(record position save analyze seat_view worker table letter deal play play_save)
TARGETS=("$@")
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=("${ALL_TARGETS[@]}")

log() { printf '[fuzz] %s\n' "$*" >&2; }
die() { printf '[fuzz] ERROR: %s\n' "$*" >&2; exit 1; }

[[ "$FUZZ_SECONDS" =~ ^[0-9]+$ ]] && [ "$FUZZ_SECONDS" -ge ${#TARGETS[@]} ] ||
    die "FUZZ_SECONDS must be a whole number of seconds, at least one per target (got '$FUZZ_SECONDS')"
for t in "${TARGETS[@]}"; do
    [[ " ${ALL_TARGETS[*]} " == *" $t "* ]] || die "no fuzz target '$t' (targets: ${ALL_TARGETS[*]})"
done
[ -x "$CARGO_BIN/cargo" ] || die "no rustup cargo at $CARGO_BIN/cargo (the machine's Rust toolchain)"

# The rustup cargo with a clean environment (never Debian's /usr/bin/cargo, none of the wasm
# build's variables), plus the bootstrap switch for cargo-fuzz's flags.
fuzz_cargo() {
    env -u RUSTC -u RUSTFLAGS -u CARGO_UNSTABLE_BUILD_STD -u CARGO_TARGET_DIR -u CARGO_BUILD_TARGET \
        -u RUSTC_WRAPPER -u CARGO_ENCODED_RUSTFLAGS \
        RUSTC_BOOTSTRAP=1 PATH="$CARGO_BIN:$PATH" "$CARGO_BIN/cargo" "$@"
}

# --- 1. C++ compiler ------------------------------------------------------------------------
if command -v c++ >/dev/null; then
    log "C++ compiler: skipped ($(command -v c++))"
else
    log "installing g++ (libfuzzer-sys compiles libFuzzer)"
    SUDO=()
    [ "$(id -u)" -eq 0 ] || SUDO=(sudo)
    "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q -o DPkg::Lock::Timeout=600 >&2
    "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
        -o DPkg::Lock::Timeout=600 g++ >&2
fi

# --- 2. cargo-fuzz ----------------------------------------------------------------------------
have="$(fuzz_cargo fuzz --version 2>/dev/null | awk '{print $2}' || true)"
if [ "$have" = "$CARGO_FUZZ_VERSION" ]; then
    log "cargo-fuzz: skipped (cargo-fuzz $have)"
else
    log "installing cargo-fuzz $CARGO_FUZZ_VERSION (found: ${have:-none}); takes about 2 minutes"
    env -u RUSTC_BOOTSTRAP PATH="$CARGO_BIN:$PATH" "$CARGO_BIN/cargo" install cargo-fuzz \
        --version "$CARGO_FUZZ_VERSION" --locked --force
fi

cd "$FUZZ"

# --- 3. seed corpus ---------------------------------------------------------------------------
missing=0
for t in "${ALL_TARGETS[@]}"; do [ -d "corpus/$t" ] || missing=1; done
# Table mode's seeds are its protocol's messages: a corpus of another version's would be
# refused at its first field, so it is dropped and written afresh when the version changes.
PROTOCOL="$(sed -n 's/^pub const VERSION: u32 = \([0-9]*\);/\1/p' "$ROOT/crates/table-mode/src/protocol.rs")"
[ -n "$PROTOCOL" ] || die "no protocol VERSION in crates/table-mode/src/protocol.rs"
if [ "$(cat corpus/table.protocol 2>/dev/null)" != "$PROTOCOL" ]; then
    log "table mode's protocol is version $PROTOCOL: its corpus is written afresh"
    rm -rf corpus/table
    missing=1
fi
if [ $missing -eq 0 ]; then
    log "seed corpus: skipped (fuzz/corpus has every target)"
else
    log "writing the seed corpus"
    # The generator is an example of the main crate (examples/fuzz_seeds.rs), so that
    # `make lint` compiles it with every change of the engine.
    (cd "$ROOT" && cargo run --release --example fuzz_seeds -- "$FUZZ/corpus")
    echo "$PROTOCOL" > corpus/table.protocol
fi

# --- build once, then run each target for its share ------------------------------------------
FLAGS=(--sanitizer none -a)
fuzz_cargo fuzz build "${FLAGS[@]}"

per=$((FUZZ_SECONDS / ${#TARGETS[@]}))
mkdir -p logs
failed=()
not_run=()
summary=()
for t in "${TARGETS[@]}"; do
    dict=dicts/notation.dict
    [ "$t" = analyze ] && dict=dicts/analyze.dict
    [ "$t" = table ] && dict=dicts/table.dict
    extra=()
    [ "$t" = save ] || [ "$t" = letter ] || [ "$t" = play_save ] || extra=("-dict=$dict")
    # Saves are a few kilobytes of JSON, a seat's view up to about 5 KB of text; the others need
    # no more than libFuzzer's 4 KB default.
    [ "$t" = save ] && extra+=(-max_len=65536)
    [ "$t" = seat_view ] && extra+=(-max_len=16384)
    [ "$t" = worker ] && extra+=(-max_len=16384)
    # A transcript of a table's opening or a host's save runs to tens of kilobytes.
    [ "$t" = table ] && extra+=(-max_len=65536)
    # A joint game's save holds every message of its deal: some 20 KB for two devices.
    [ "$t" = play_save ] && extra+=(-max_len=65536)
    log "fuzzing $t for ${per}s"
    start=$SECONDS
    touch "logs/$t.start"
    set +e
    fuzz_cargo fuzz run "${FLAGS[@]}" "$t" "corpus/$t" -- \
        -max_total_time="$per" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 "${extra[@]}" \
        >"logs/$t.log" 2>&1
    rc=$?
    set -e
    runs="$(sed -n 's/^Done \([0-9]*\) runs in.*/\1/p' "logs/$t.log" | tail -1)"
    if [ -z "$runs" ]; then runs="$(sed -n 's/^stat::number_of_executed_units: *//p' "logs/$t.log" | tail -1)"; fi
    summary+=("$t: ${runs:-?} executions in $((SECONDS - start))s")
    if [ $rc -ne 0 ]; then
        kept=0
        # Only what this run found: artifacts/ keeps earlier runs' inputs too.
        for f in $(find artifacts/"$t" -type f -newer "logs/$t.start" 2>/dev/null); do
            mkdir -p "$ROOT/tests/data/fuzz-regressions/$t"
            cp "$f" "$ROOT/tests/data/fuzz-regressions/$t/"
            log "$t: kept $(basename "$f") in tests/data/fuzz-regressions/$t/"
            kept=$((kept + 1))
        done
        # No input kept: libFuzzer never ran (`cargo fuzz run` rebuilds the target, so a
        # source edited during a run can stop it from compiling). That is no crash.
        if [ $kept -gt 0 ]; then failed+=("$t"); else not_run+=("$t"); fi
        log "$t failed (exit $rc); its log: fuzz/logs/$t.log"
        tail -n 30 "logs/$t.log" >&2
    fi
done

log "summary (fuzz/logs/<target>.log has each run):"
for s in "${summary[@]}"; do log "  $s"; done
if [ ${#failed[@]} -gt 0 ]; then
    die "crashes in: ${failed[*]}; the inputs are in tests/data/fuzz-regressions/, replayed by cargo test"
fi
if [ ${#not_run[@]} -gt 0 ]; then
    die "not fuzzed (no crash kept; see their logs, a build failure most often): ${not_run[*]}"
fi
log "no crash"
