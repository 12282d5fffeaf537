#!/usr/bin/env bash
# Runs a long command and keeps its state in the repository: every MINUTES while it runs, and
# once when it ends, the files named before `--` are committed (those that changed), so that a
# later session on another machine carries on from the last commit (`--resume`).
#
#   tools/keep.sh 30 data/tune/spsa-s61.ck data/tune/spsa-s61.txt -- \
#       target/release/chainmate-lab tune --method spsa ... --checkpoint data/tune/spsa-s61.ck
#
# Only the named files are committed (`git commit -- FILES`), whatever else the index holds;
# a commit that finds git busy is tried again a few seconds later.
set -uo pipefail
minutes=$1
shift
files=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
    files+=("$1")
    shift
done
[ "${1:-}" = "--" ] && shift
[ ${#files[@]} -gt 0 ] && [ $# -gt 0 ] || { echo "usage: tools/keep.sh MINUTES FILE... -- COMMAND..." >&2; exit 2; }
cd "$(git rev-parse --show-toplevel)"

keep() { # commits the files that exist and differ from HEAD
    local present=()
    for f in "${files[@]}"; do [ -e "$f" ] && present+=("$f"); done
    [ ${#present[@]} -gt 0 ] || return 0
    git add -- "${present[@]}" 2>/dev/null
    git diff --cached --quiet -- "${present[@]}" && return 0
    for _ in $(seq 30); do
        if git commit -q -m "data: the state of a long run, $1 (tools/keep.sh: ${present[*]})" -- "${present[@]}"; then
            return 0
        fi
        sleep 5
    done
    echo "warning: could not commit ${present[*]}" >&2
}

"$@" &
pid=$!
while kill -0 "$pid" 2>/dev/null; do
    for _ in $(seq $((minutes * 12))); do
        sleep 5
        kill -0 "$pid" 2>/dev/null || break
    done
    kill -0 "$pid" 2>/dev/null && keep "as it runs"
done
wait "$pid"
status=$?
keep "at its end (exit $status)"
exit $status
