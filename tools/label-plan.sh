#!/usr/bin/env bash
# The teacher's scores of data/ (docs/tuning.md, "Training data in the repository"): Stockfish
# 11 at depth 8 (../shared/anchors/build.sh puts `stockfish-11` on the PATH) on every position
# of the chunks below — the held-out chunk, the first chunk of each stream and the second of
# the first stream, over 5 M positions — each teacher chunk committed as it is written.
# Resumable: a chunk already labelled is skipped; one not made yet is waited for (run it beside
# tools/datagen-plan.sh).
#
# Environment: BIN, CONCURRENCY (2), NICE (19), COMMIT (1), as tools/datagen-plan.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-target/release/chainmate-lab}
CONCURRENCY=${CONCURRENCY:-2}
NICE=${NICE:-19}
COMMIT=${COMMIT:-1}
NAME=sf11-d8
CHUNKS=(
    holdout/8moves-r2-s45/chunk-0000.vf
    selfplay/8moves-r2-s41/chunk-0000.vf
    selfplay/2moves-r4-s42/chunk-0000.vf
    selfplay/gm-r0-s43/chunk-0000.vf
    selfplay/startpos-r6-s44/chunk-0000.vf
    selfplay/8moves-r2-s41/chunk-0001.vf
)

for chunk in "${CHUNKS[@]}"; do
    out=data/teacher/$NAME/$chunk
    [ -f "$out" ] && continue
    # Wait for the chunk and its row (datagen writes the file, then the row).
    until [ -f "data/$chunk" ] && grep -qF "| $chunk |" data/README.md; do sleep 60; done
    nice -n "$NICE" "$BIN" data label "data/$chunk" --teacher stockfish-11 --name $NAME \
        --depth 8 --concurrency "$CONCURRENCY" --manifest data/README.md
    [ "$COMMIT" = 1 ] || continue
    for _ in $(seq 60); do
        if git add -- data/README.md "$out" 2>/dev/null &&
            git commit -q -m "data: $out, Stockfish 11 at depth 8 on every position of data/$chunk (tools/label-plan.sh)" \
                -- data/README.md "$out" 2>/dev/null; then
            break
        fi
        sleep 5
    done
done
