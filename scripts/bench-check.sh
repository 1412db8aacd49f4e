#!/usr/bin/env bash
# HEAD against a base commit, measured side by side in one run on this machine:
#
#   scripts/bench-check.sh [BASE]      (make bench-check BASE=<rev>)
#
# BASE is any revision; by default the commit where HEAD left the main branch. The base is
# checked out in a temporary git worktree under $TMPDIR and built with its own target dir
# under target/bench-check/ (kept between runs, so a second run only rebuilds the crate); HEAD is the
# working tree as it is, built in target/. The two sides take turns: each criterion benchmark
# of benches/engine.rs (short warm-up and measurement times), then `lauzait simulate` and
# `lauzait deal-stats`, BENCH_CHECK_ROUNDS times each (default 3), where the best run of each
# counts: the machine's other load only ever slows a run down.
#
# BENCH_CHECK_BENCHES=0 leaves the criterion benchmarks out.
#
# The table gives HEAD/base speed ratios (above 1: HEAD is faster). Anything the base
# lacks (a benchmark, a subcommand, the throughput field) reads "n/a".
# Needs only git, cargo, bash and awk.

set -euo pipefail

root=$(git rev-parse --show-toplevel)
cd "$root"
cargo=${CARGO:-cargo}
rounds=${BENCH_CHECK_ROUNDS:-3}
# Short enough for the whole check to stay well under 15 minutes on two cores.
criterion_args=(--warm-up-time 0.5 --measurement-time 1 --noplot)

default_base() {
    local branch
    for branch in main origin/main; do
        if git rev-parse -q --verify "$branch^{commit}" >/dev/null; then
            git merge-base HEAD "$branch"
            return
        fi
    done
    git rev-parse HEAD
}

base_rev=${1:-$(default_base)}
base=$(git rev-parse --verify "$base_rev^{commit}") || {
    echo "bench-check: '$base_rev' is not a commit" >&2
    exit 2
}
head=$(git rev-parse HEAD)
work="$root/target/bench-check"
# The base's checkout lies outside this repository: inside it, cargo would take the base for a
# stray member of this workspace (the root Cargo.toml is one since the crate split) and refuse
# to build it. Its build output stays in $work, kept between runs.
tree="$(mktemp -d "${TMPDIR:-/tmp}/lauzait-bench-base.XXXXXX")"
base_target="$work/target"
mkdir -p "$work"

cleanup() {
    git worktree remove --force "$tree" >/dev/null 2>&1 || rm -rf "$tree"
    git worktree prune
}
trap cleanup EXIT
cleanup
git worktree add --detach --quiet "$tree" "$base"

dirty=""
git diff --quiet HEAD -- || dirty=" (with uncommitted changes)"
echo "bench-check: base ${base:0:10}, HEAD ${head:0:10}$dirty" >&2

# build DIR TARGET_DIR NAME: build the tool and the benchmarks of one side and list the
# benchmarks. Criterion's results go to target/bench-check/criterion-NAME, emptied first,
# so a benchmark the side lacks is missing there rather than left over from an earlier run.
declare -A tool=() dirs=() targets=() benches=()
build() {
    local dir=$1 target=$2 name=$3
    dirs[$name]=$dir
    targets[$name]=$target
    echo "bench-check: building $name" >&2
    # The tool is its own package (lauzait-tools) since the workspace split; a BASE before it
    # has the tool in the root package.
    if (cd "$dir" && export CARGO_TARGET_DIR="$target" \
        && { "$cargo" build --release --quiet -p lauzait-tools --bin lauzait 2>/dev/null \
            || "$cargo" build --release --quiet --bin lauzait; }); then
        tool[$name]="$target/release/lauzait"
    else
        echo "bench-check: $name: lauzait does not build" >&2
    fi
    rm -rf "$work/criterion-$name" "$work/criterion-$name.log"
    if [[ -f "$dir/benches/engine.rs" && ${BENCH_CHECK_BENCHES:-1} != 0 ]]; then
        benches[$name]=$(cd "$dir" && CARGO_TARGET_DIR="$target" "$cargo" bench --quiet --bench engine -- --list \
            2>>"$work/criterion-$name.log" | sed -n 's/: benchmark$//p') ||
            echo "bench-check: $name: the benchmarks do not build (see $work/criterion-$name.log)" >&2
    fi
}
build "$tree" "$base_target" base
build "$root" "$root/target" head

# bench NAME ID: one criterion benchmark of one side.
bench() {
    (cd "${dirs[$1]}" && CARGO_TARGET_DIR="${targets[$1]}" CRITERION_HOME="$work/criterion-$1" \
        "$cargo" bench --quiet --bench engine -- "${criterion_args[@]}" --exact "$2" >>"$work/criterion-$1.log" 2>&1) ||
        echo "bench-check: $1: benchmark $2 failed (see $work/criterion-$1.log)" >&2
}

# Each benchmark of either side, the two sides one after the other, so that a change in the
# machine's load hits both alike rather than one side's whole run.
while read -r id; do
    [[ -n $id ]] || continue
    echo "bench-check: $id" >&2
    for name in base head; do
        if grep -qxF -- "$id" <<<"${benches[$name]:-}"; then bench "$name" "$id"; fi
    done
done < <(printf '%s\n%s\n' "${benches[head]:-}" "${benches[base]:-}" | awk 'NF && !seen[$0]++')

# measure BIN ARGS...: "THROUGHPUT CPU-SECONDS" of one run, THROUGHPUT being the number in
# the JSON `throughput` field's first entry; nothing when there is none. The process's CPU
# time (user + system) is taken too: under load it stretches far less than the wall time
# the throughput field is computed from.
measure() {
    local TIMEFORMAT='%3U %3S' times value
    times=$({ time "$@" >"$work/tool.json" 2>/dev/null || true; } 2>&1)
    value=$(grep -o '"throughput":{"[a-z_]*":[0-9.eE+-]*' "$work/tool.json" | awk -F: '{ print $NF }' || true)
    [[ -z $value ]] || awk -v v="$value" -v t="$times" 'BEGIN { split(t, a, " "); print v, a[1] + a[2] }'
}

# best OLD NEW: of two "THROUGHPUT CPU-SECONDS" pairs (either possibly empty), the highest
# throughput and the lowest CPU time.
best() {
    awk -v a="$1" -v b="$2" 'BEGIN {
        if (a == "") { print b; exit }
        if (b == "") { print a; exit }
        split(a, x, " "); split(b, y, " ")
        print (y[1] > x[1] ? y[1] : x[1]), (y[2] < x[2] ? y[2] : x[2])
    }'
}

tools=("simulate --players 4 --games 1000 --seed 7" "deal-stats --players 2 --deals 1000000 --seed 1")
declare -A tool_best
for ((round = 1; round <= rounds; round++)); do
    echo "bench-check: tool throughputs, round $round of $rounds" >&2
    for t in "${!tools[@]}"; do
        for name in base head; do
            value=""
            if [[ -n ${tool[$name]:-} ]]; then
                read -ra args <<<"${tools[$t]}"
                value=$(measure "${tool[$name]}" "${args[@]}")
            fi
            tool_best[$name.$t]=$(best "${tool_best[$name.$t]:-}" "$value")
        done
    done
done

# criterion_means NAME: "group/function mean-in-ns" lines of one side's estimates.
criterion_means() {
    local dir="$work/criterion-$1" file id
    [[ -d $dir ]] || return 0
    find "$dir" -path '*/new/estimates.json' | sort | while read -r file; do
        id=${file#"$dir/"}
        id=${id%/new/estimates.json}
        sed -E 's/.*"mean":\{"confidence_interval":\{[^}]*\},"point_estimate":([^,}]+).*/\1/' "$file" |
            awk -v id="$id" '{ print id, $1 }'
    done
}

load() { [[ -r /proc/loadavg ]] && cut -d' ' -f1-3 /proc/loadavg || echo "unknown"; }
echo "load average at the end: $(load) (on $(getconf _NPROCESSORS_ONLN 2>/dev/null || echo "?") cores)"
{
    criterion_means base | sed 's/^/base /'
    criterion_means head | sed 's/^/head /'
    for t in "${!tools[@]}"; do
        echo "tool.base ${tools[$t]}|${tool_best[base.$t]:-}|"
        echo "tool.head ${tools[$t]}|${tool_best[head.$t]:-}|"
    done
} | awk -v base="${base:0:10}" -v head="${head:0:10}" '
    # Times in ns per iteration (lower is faster); tool figures in items per second.
    function time(ns) {
        if (ns == "") return "n/a"
        if (ns >= 1e6) return sprintf("%.2f ms", ns / 1e6)
        if (ns >= 1e3) return sprintf("%.2f µs", ns / 1e3)
        return sprintf("%.1f ns", ns)
    }
    function rate(x) {
        if (x == "") return "n/a"
        if (x >= 1e6) return sprintf("%.2f M/s", x / 1e6)
        return sprintf("%.0f k/s", x / 1e3)
    }
    # A ratio beyond 4 either way is flagged: noise does not do that, and a benchmark whose
    # setup changed may measure different work on the two sides.
    function ratio(faster, slower,    r) {
        if (faster == "" || slower == "" || slower + 0 == 0) return "n/a"
        r = faster / slower
        if (r > 4 || r < 0.25) flagged = 1
        return sprintf("%.2f%s", r, (r > 4 || r < 0.25) ? " !" : "")
    }
    $1 == "base" || $1 == "head" {
        if (!($2 in seen)) { seen[$2] = 1; order[++n] = $2 }
        mean[$1, $2] = $3
        next
    }
    {
        split(substr($0, index($0, " ") + 1), f, "|")
        if (!(f[1] in tool_seen)) { tool_seen[f[1]] = 1; tools[++m] = f[1] }
        split(f[2], v, " ")
        value[$1, f[1]] = v[1]
        cpu[$1, f[1]] = v[2]
    }
    END {
        printf "%-48s %12s %12s %9s\n", "benchmark (time per iteration)", "base " base, "HEAD " head, "HEAD/base"
        for (i = 1; i <= n; i++) {
            b = mean["base", order[i]]; h = mean["head", order[i]]
            printf "%-48s %12s %12s %9s\n", order[i], time(b), time(h), ratio(b, h)
        }
        printf "\n%-48s %12s %12s %9s %9s\n", "lauzait (throughput, best of rounds)", "base", "HEAD", "HEAD/base", "by CPU"
        for (i = 1; i <= m; i++) {
            b = value["tool.base", tools[i]]; h = value["tool.head", tools[i]]
            printf "%-48s %12s %12s %9s %9s\n", tools[i], rate(b), rate(h), ratio(h, b),
                ratio(cpu["tool.base", tools[i]], cpu["tool.head", tools[i]])
        }
        print "\nHEAD/base is a speed ratio: above 1, HEAD is faster. \"by CPU\": the same ratio from the"
        print "CPU times of the two processes (base/HEAD), which other load on the machine disturbs far less."
        if (flagged) print "!: beyond 4x either way: a real change, or the two sides measure different work (check)."
    }'
