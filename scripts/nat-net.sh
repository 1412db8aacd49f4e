#!/usr/bin/env bash
# A small Internet in network namespaces, for the browser tests of play across networks
# (docs/nat-tests.md; tests/browser/nat.mjs drives it):
#
#   <run>-pub   the "Internet": a bridge holding 203.0.113.1, where the STUN/TURN server
#               listens, and one public address per home router
#   <run>-rN    home N's router: 203.0.113.(10+N) outside, 10.0.N.1 inside; it masquerades
#               what goes out and lets in only the replies (a typical home NAT)
#   <run>-hN    home N: 10.0.N.2, the default route through its router
#
# A home reaches another home only through that home's public address, and only by the
# replies its router lets in; no one routes the private 10.0.N.0/24 networks.
#
#   scripts/nat-net.sh probe            whether this machine can build it (exit 1 and the reason if not)
#   scripts/nat-net.sh up RUN HOMES     builds it for RUN (named lznat-<pid of the process that
#                                       owns it>-<letters or digits>) and prints its addresses as
#                                       one line of JSON
#   scripts/nat-net.sh down RUN         ends every process inside RUN's namespaces and removes them
#   scripts/nat-net.sh stale            removes the namespaces of runs whose owner is gone
#                                       (a run that was killed before it could clean up)
#
# Needs root (or CAP_NET_ADMIN and CAP_SYS_ADMIN), iproute2 and nftables.
set -Eeuo pipefail

PREFIX=lznat-
PUBLIC_NET=203.0.113
SERVER_IP=$PUBLIC_NET.1
MAX_HOMES=8

die() { printf 'nat-net: %s\n' "$*" >&2; exit 1; }

namespaces_of() { ip netns list | awk '{print $1}' | grep -E "^$1-(pub|r[0-9]+|h[0-9]+)\$" || true; }

# Ends the processes still inside a namespace (the harness's own: the TURN server, a home's
# browser), politely first, then removes the namespace.
remove_ns() {
    local ns="$1" pids
    pids=$(ip netns pids "$ns" 2>/dev/null || true)
    if [ -n "$pids" ]; then
        printf 'nat-net: ending what still runs in %s: %s\n' "$ns" "${pids//$'\n'/ }" >&2
        # shellcheck disable=SC2086
        kill -TERM $pids 2>/dev/null || true
        for _ in 1 2 3 4 5 6 7 8 9 10; do
            pids=$(ip netns pids "$ns" 2>/dev/null || true)
            [ -z "$pids" ] && break
            sleep 0.2
        done
        # shellcheck disable=SC2086
        [ -n "$pids" ] && kill -KILL $pids 2>/dev/null || true
    fi
    ip netns del "$ns" 2>/dev/null || true
}

down() {
    local run="$1" ns
    for ns in $(namespaces_of "$run"); do remove_ns "$ns"; done
}

check_run_name() {
    [[ "$1" =~ ^${PREFIX}[0-9]+-[a-z0-9]+$ ]] || die "a run's name is ${PREFIX}<pid>-<letters or digits>, not '$1'"
}

stale() {
    local run pid
    for run in $(ip netns list | awk '{print $1}' | sed -nE "s/^(${PREFIX}[0-9]+-[a-z0-9]+)-(pub|r[0-9]+|h[0-9]+)\$/\1/p" | sort -u); do
        pid=${run#"$PREFIX"}; pid=${pid%%-*}
        if ! kill -0 "$pid" 2>/dev/null; then
            printf 'nat-net: removing %s, left by a run that ended without cleaning up\n' "$run" >&2
            down "$run"
        fi
    done
}

# Each check names what is missing, so a skipped test says why.
probe() {
    [ "$(id -u)" -eq 0 ] || die "not root: network namespaces need root"
    command -v ip >/dev/null || die "no ip command (Debian package iproute2)"
    command -v nft >/dev/null || die "no nft command (Debian package nftables; scripts/setup.sh installs it)"
    local a="${PREFIX}probe-$$-a" b="${PREFIX}probe-$$-b" err
    PROBE_NAMESPACES=("$a" "$b")
    trap 'for ns in "${PROBE_NAMESPACES[@]}"; do ip netns del "$ns" 2>/dev/null || true; done' EXIT
    err=$(ip netns add "$a" 2>&1) || die "ip netns add refused: $err"
    ip netns add "$b"
    err=$(ip -n "$a" link add name x type veth peer name y netns "$b" 2>&1) || die "veth pairs refused: $err"
    err=$(ip -n "$a" link add name br0 type bridge 2>&1) || die "bridges refused: $err"
    err=$(ip netns exec "$b" nft -f - 2>&1 <<'EOF'
table ip nat {
    chain postrouting {
        type nat hook postrouting priority srcnat;
        oifname "y" masquerade
    }
}
EOF
    ) || die "NAT in a namespace refused by nftables: $err"
}

# Joins namespace $1 (interface $2, address $3/24) to namespace $4 (interface $5).
link() {
    ip -n "$1" link add name "$2" type veth peer name "$5" netns "$4"
    ip -n "$1" addr add "$3/24" dev "$2"
    ip -n "$1" link set "$2" up
}

router_rules() {
    # Out: masquerade as the router's public address. In: only replies to what went out
    # (the filtering of a home router; no port forwarding). What comes in unasked is
    # dropped, not answered: answering would keep a connection-tracking entry for it, and the
    # home's own packet to that same address and port, a moment later, would then be sent
    # from another public port (the entry's), so two homes punching holes toward each other
    # at once (ICE with STUN) would miss each other.
    ip netns exec "$1" nft -f - <<'EOF'
table ip nat {
    chain postrouting {
        type nat hook postrouting priority srcnat;
        oifname "wan" masquerade
    }
}
table ip filter {
    chain input {
        type filter hook input priority filter; policy accept;
        iifname "wan" ct state new drop
    }
    chain forward {
        type filter hook forward priority filter; policy drop;
        ct state established,related accept
        iifname "lan" oifname "wan" accept
    }
}
EOF
}

up() {
    local run="$1" homes="$2" pub="$1-pub" n r h
    [[ "$homes" =~ ^[0-9]+$ ]] && [ "$homes" -ge 1 ] && [ "$homes" -le $MAX_HOMES ] || die "HOMES is 1 to $MAX_HOMES, not '$homes'"
    [ -z "$(namespaces_of "$run")" ] || die "$run exists already"
    trap 'down "$run"' ERR
    ip netns add "$pub"
    ip -n "$pub" link set lo up
    ip -n "$pub" link add name br0 type bridge
    ip -n "$pub" addr add "$SERVER_IP/24" dev br0
    ip -n "$pub" link set br0 up
    local json="{\"server\":\"$SERVER_IP\",\"public\":\"$pub\",\"homes\":["
    for n in $(seq 1 "$homes"); do
        r="$run-r$n"; h="$run-h$n"
        ip netns add "$r"
        ip netns add "$h"
        ip -n "$r" link set lo up
        ip -n "$h" link set lo up
        # The router's public side, plugged into the bridge.
        link "$r" wan "$PUBLIC_NET.$((10 + n))" "$pub" "port$n"
        ip -n "$pub" link set "port$n" master br0 up
        # The home's side.
        link "$r" lan "10.0.$n.1" "$h" eth0
        ip -n "$h" addr add "10.0.$n.2/24" dev eth0
        ip -n "$h" link set eth0 up
        ip -n "$h" route add default via "10.0.$n.1"
        ip netns exec "$r" sysctl -q -w net.ipv4.ip_forward=1
        router_rules "$r"
        if [ "$n" -gt 1 ]; then json+=","; fi
        json+="{\"name\":\"$h\",\"router\":\"$r\",\"address\":\"10.0.$n.2\",\"public\":\"$PUBLIC_NET.$((10 + n))\"}"
    done
    trap - ERR
    printf '%s]}\n' "$json"
}

case "${1:-}" in
    probe) probe ;;
    up) [ $# -eq 3 ] || die "usage: $0 up RUN HOMES"; check_run_name "$2"; up "$2" "$3" ;;
    down) [ $# -eq 2 ] || die "usage: $0 down RUN"; check_run_name "$2"; down "$2" ;;
    stale) stale ;;
    *) die "usage: $0 probe | up RUN HOMES | down RUN | stale" ;;
esac
