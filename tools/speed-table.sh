#!/usr/bin/env bash
# The speed table of issue 79: chainmate against Ethereal 12.00 built for the same machine.
#
#   tools/speed-table.sh              # instructions a node (callgrind) only: any load
#   tools/speed-table.sh --clock      # and the clock's figures: needs a quiet machine
#
# Instructions a node: `valgrind --tool=callgrind` counts every instruction of a whole process
# (tables set up and cleared included, for both), which does not move with the machine's
# load, so it can be taken beside other jobs. valgrind cannot run AVX-512 code, so both are
# x86-64-v3 builds here: chainmate with RUSTFLAGS="-C target-cpu=x86-64-v3" (target/v3),
# Ethereal with -march=x86-64-v3 -DUSE_POPCNT -DUSE_PEXT -mbmi2 (from ../shared/anchors).
# The counts are of `chainmate bench 9` and `Ethereal bench 10` (about a million nodes each).
#
# With --clock: `bench` nps of the README's builds (target/release/chainmate, and Ethereal
# built -march=native as ../shared/anchors/build.sh does), five rounds interleaved, medians;
# and the same 50 positions through UCI at `go movetime 1000`, three rounds
# (`chainmate-lab experiment speed`).
#
# Environment: CM_DEPTH (9), ETHEREAL_DEPTH (10), ROUNDS (5), SPEED_ROUNDS (3).
set -euo pipefail
cd "$(dirname "$0")/.."
CLOCK=0
[ "${1:-}" = "--clock" ] && CLOCK=1
CM_DEPTH=${CM_DEPTH:-9}
ETHEREAL_DEPTH=${ETHEREAL_DEPTH:-10}
ROUNDS=${ROUNDS:-5}
SPEED_ROUNDS=${SPEED_ROUNDS:-3}
ANCHORS=../shared/anchors
WORK=target/speed
mkdir -p "$WORK"
command -v valgrind >/dev/null || { echo "needs valgrind (apt-get install valgrind)" >&2; exit 2; }

# The builds: chainmate for x86-64-v3, Ethereal 12.00 for x86-64-v3 and for this machine.
RUSTFLAGS="-C target-cpu=x86-64-v3" cargo build --release --bin chainmate --target-dir target/v3 -q
if [ ! -x "$WORK/ethereal-v3" ] || [ ! -x "$WORK/ethereal-native" ]; then
    rm -rf "$WORK/Ethereal-12.00"
    tar -xzf "$ANCHORS/Ethereal-12.00.tar.gz" -C "$WORK"
    (
        cd "$WORK/Ethereal-12.00/src"
        SRC=$(sed -n 's/^SRC *= *//p' makefile)
        gcc -std=gnu11 -O3 -DNDEBUG -flto -march=x86-64-v3 -DUSE_POPCNT -DUSE_PEXT -mbmi2 $SRC \
            -lpthread -lm -o ../../ethereal-v3
        PEXT=""
        grep -qw bmi2 /proc/cpuinfo && PEXT="-DUSE_PEXT -mbmi2"
        gcc -std=gnu11 -O3 -DNDEBUG -flto -march=native -DUSE_POPCNT $PEXT $SRC -lpthread -lm \
            -o ../../ethereal-native
    )
fi

# Instructions of a whole process under callgrind, and the nodes it reports.
count() { # count NAME COMMAND...: prints "instructions nodes"
    local name=$1
    shift
    valgrind --tool=callgrind --callgrind-out-file="$WORK/$name.cg" "$@" \
        >"$WORK/$name.out" 2>"$WORK/$name.err"
    local ir nodes
    ir=$(sed -n 's/^summary: *//p' "$WORK/$name.cg")
    nodes=$(grep -Eo '[0-9]+ nodes|Nodes *: *[0-9]+' "$WORK/$name.out" | grep -Eo '[0-9]+' | tail -1)
    echo "$ir $nodes"
}
read -r cm_ir cm_nodes < <(count chainmate target/v3/release/chainmate bench "$CM_DEPTH")
read -r et_ir et_nodes < <(count ethereal "$WORK/ethereal-v3" bench "$ETHEREAL_DEPTH")
cm_per=$(((cm_ir + cm_nodes / 2) / cm_nodes)) # rounded to the nearest
et_per=$(((et_ir + et_nodes / 2) / et_nodes))
echo "| measure | chainmate | Ethereal 12.00 | ratio |"
echo "| --- | ---: | ---: | ---: |"
printf '| instructions a node, callgrind, x86-64-v3 (bench %s / bench %s: %s / %s nodes) | %s | %s | ×%s |\n' \
    "$CM_DEPTH" "$ETHEREAL_DEPTH" "$cm_nodes" "$et_nodes" "$cm_per" "$et_per" \
    "$(awk -v a="$cm_per" -v b="$et_per" 'BEGIN { printf "%.2f", a / b }')"
[ "$CLOCK" = 1 ] || exit 0

# The clock: bench nps, interleaved rounds, medians (and the median of the rounds' ratios).
cargo build --release -q
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
: >"$WORK/nps.txt"
for _ in $(seq "$ROUNDS"); do
    cm=$(target/release/chainmate bench | awk '{ print $3 }')
    et=$("$WORK/ethereal-native" bench 2>&1 | grep -Eo 'NPS *: *[0-9]+' | grep -Eo '[0-9]+')
    echo "$cm $et" >>"$WORK/nps.txt"
done
cm_nps=$(awk '{ print $1 }' "$WORK/nps.txt" | median)
et_nps=$(awk '{ print $2 }' "$WORK/nps.txt" | median)
ratio=$(awk '{ print $1 / $2 }' "$WORK/nps.txt" | median)
printf '| bench nps, %s interleaved rounds, medians (ratio: the median of the rounds'"'"' ratios) | %s | %s | ×%.2f |\n' \
    "$ROUNDS" "$cm_nps" "$et_nps" "$ratio"
cargo build --release -q -p chainmate-lab
target/release/chainmate-lab experiment speed --engine target/release/chainmate \
    --engine "$WORK/ethereal-native" --rounds "$SPEED_ROUNDS" | tail -n +1
