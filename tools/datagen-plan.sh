#!/usr/bin/env bash
# The self-play set of data/ (docs/tuning.md, "Training data in the repository"): one held-out
# chunk, then four streams of varied starts, their chunks made round-robin, each chunk
# committed as soon as it is written (only data/ is committed). Resumable: a chunk already in
# data/ is skipped, so the same command on a later machine carries on where the last stopped.
#
#   tools/datagen-plan.sh            # needs ../shared (books, games) and python-chess
#   CHUNKS="0 1" tools/datagen-plan.sh   # only those chunk numbers of each stream
#
# Environment: BIN (the lab binary; copy it out of target/ so that builds beside the run do
# not replace it), CONCURRENCY (2), NICE (19: builds and tests beside it keep their speed),
# COMMIT (1: commit each chunk; 0: leave it to the caller).
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-target/release/chainmate-lab}
CONCURRENCY=${CONCURRENCY:-2}
NICE=${NICE:-19}
COMMIT=${COMMIT:-1}
CHUNKS=${CHUNKS:-"0 1 2 3"}
G=13500
BOOKS=../shared/data/books
mkdir -p target/books
# Short random openings start from the start position.
[ -f target/books/startpos.epd ] ||
    echo "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" > target/books/startpos.epd
# GM and TCEC games, one position each between plies 12 and 40 (python-chess).
[ -f target/books/gm-positions-s43.epd ] ||
    python3 tools/game_positions.py ../shared/data/games/gm_classical_2600plus.pgn \
        ../shared/data/games/tcec_top_engines.pgn --seed 43 > target/books/gm-positions-s43.epd

commit() { # commit() FILE MESSAGE: data/README.md and FILE, retried while git is busy
    [ "$COMMIT" = 1 ] || return 0
    for _ in $(seq 60); do
        if git add -- data/README.md "$1" 2>/dev/null &&
            git commit -q -m "$2" -- data/README.md "$1" 2>/dev/null; then
            return 0
        fi
        sleep 5
    done
    echo "warning: could not commit $1" >&2
}

chunk() { # chunk DIR K GAMES BOOK RANDOM_PLIES SEED [--holdout]
    local dir=$1 k=$2 games=$3 book=$4 plies=$5 seed=$6
    shift 6
    local file
    file=$(printf '%s/chunk-%04d.vf' "$dir" "$k")
    [ -f "$file" ] && return 0
    nice -n "$NICE" "$BIN" datagen --viri "$dir" --chunks "$k" --games-per-chunk "$games" \
        --book "$book" --random-plies "$plies" --seed "$seed" --nodes 5000 \
        --concurrency "$CONCURRENCY" --manifest data/README.md "$@"
    # The chunk's row: its counts, and the signature of the engine that played it (the data
    # change no code: a BIN built from the commit checked out gives the tree's signature).
    local line row bench
    line=$(awk -v f="| ${file#data/} |" 'index($0, f) == 1' data/README.md)
    row=$(cut -d'|' -f5,6 <<<"$line" | tr -s ' ')
    bench=$(grep -o 'Bench [0-9]*' <<<"$line" | cut -d' ' -f2)
    commit "$file" "data: $file ($row games | positions), made by tools/datagen-plan.sh. Bench: $bench (unchanged)"
}

chunk data/holdout/8moves-r2-s45 0 2000 "$BOOKS/8moves_v3_sample4999.epd" 2 45 --holdout
for k in $CHUNKS; do
    chunk data/selfplay/8moves-r2-s41 "$k" $G "$BOOKS/8moves_v3_sample4999.epd" 2 41
    chunk data/selfplay/2moves-r4-s42 "$k" $G "$BOOKS/2moves_v1.epd" 4 42
    chunk data/selfplay/gm-r0-s43 "$k" $G target/books/gm-positions-s43.epd 0 43
    chunk data/selfplay/startpos-r6-s44 "$k" $G target/books/startpos.epd 6 44
done
