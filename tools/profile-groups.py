#!/usr/bin/env python3
"""Instructions a node by part of the engine, from callgrind profiles of whole `bench` runs.

    python3 tools/profile-groups.py NAME=FILE.cg:NODES [NAME=FILE.cg:NODES ...]

Each FILE.cg is a callgrind output (`valgrind --tool=callgrind --callgrind-out-file=FILE.cg
chainmate bench 9`, or Ethereal 12's `bench 10`), NODES the node count that bench printed.
Every function's own instructions (`callgrind_annotate`, inlined code counted where it was
inlined) go to one part by the function's name, or for inlined code by its source file; the
table gives each part's instructions a node, one column a profile. The move picker and the
histories are one part with the node routines, since chainmate's are inlined into `pvs` with
helpers (a move's decoding, `Option`'s comparisons) no file can tell apart. Chainmate's and
Ethereal 12's function names are both known; any other falls in the search.
"""

import re
import subprocess
import sys

# (part, pattern on "file:function"), first match wins (so the static exchange comes before
# the evaluation: Ethereal's `staticExchangeEvaluation`). Both engines' names: chainmate's Rust
# paths, Ethereal 12.00's C functions.
PARTS = [
    ("clearing the table, allocating the histories",
     r"memset|calloc|malloc|[^a-z]free|Heuristics.*Default|clear_with_threads|clearTT"),
    ("static exchange", r"see_ge|see::|staticExchangeEvaluation|allAttackersToSquare"),
    ("evaluation",
     r"src/eval/|::eval::|evaluat(e|ion)(?!_corrected)|Evaluat|computePK|pkhash|"
     r"evaluateBoard|evaluatePieces|evaluateKings|evaluateThreats|evaluatePawns|"
     r"evaluatePassed|evaluateSpace|evaluateClosedness|evaluateComplexity|evaluateScaleFactor"),
    ("move generation", r"movegen|generate|genAll|genPseudo|legalMove|moveIsPseudoLegal"),
    ("make and unmake", r"play_unchecked|Board::play|applyMove|applyNormalMove|"
     r"applyCastleMove|applyEnpassMove|applyPromotionMove|[^a-z]apply[^a-z]|revert"),
]


def own_counts(path):
    """(file:function, own instructions) of every entry of a callgrind output."""
    out = subprocess.run(
        ["callgrind_annotate", "--threshold=100", "--inclusive=no", "--auto=no", path],
        check=True, capture_output=True, text=True).stdout
    for line in out.splitlines():
        m = re.match(r"\s*([\d,]+) \([ \d.]+%\)\s+(.*)$", line)
        if m and "PROGRAM TOTALS" not in line:
            yield m.group(2), int(m.group(1).replace(",", ""))


def part_of(name):
    for part, pattern in PARTS:
        if re.search(pattern, name):
            return part
    return "the search: node routines with the move picker, the histories, the table; quiescence"


def main(args):
    if not args or any("=" not in a or ":" not in a for a in args):
        sys.exit(__doc__)
    columns = []
    for arg in args:
        label, rest = arg.split("=", 1)
        path, nodes = rest.rsplit(":", 1)
        sums = {}
        total = 0
        for name, count in own_counts(path):
            part = part_of(name)
            sums[part] = sums.get(part, 0) + count
            total += count
        columns.append((label, int(nodes), sums, total))
    parts = [p for p, _ in PARTS] + [part_of("")]
    print("| part | " + " | ".join(c[0] for c in columns) + " |")
    print("| --- |" + " ---: |" * len(columns))
    for part in parts:
        cells = [f"{c[2].get(part, 0) / c[1]:,.0f}" for c in columns]
        print(f"| {part} | " + " | ".join(cells) + " |")
    cells = [f"**{c[3] / c[1]:,.0f}**" for c in columns]
    print("| all, a node | " + " | ".join(cells) + " |")
    clears = parts[0]
    cells = [f"{(c[3] - c[2].get(clears, 0)) / c[1]:,.0f}" for c in columns]
    print("| all but the clearing, a node | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main(sys.argv[1:])
