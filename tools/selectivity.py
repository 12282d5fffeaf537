#!/usr/bin/env python3
"""Selectivity beside Ethereal 12: what each engine's search does at its nodes, on the same
positions (chainmate's 50 bench positions) at the same depth, one thread, a 16 MiB hash
cleared before each position.

    python3 tools/selectivity.py [--depth 9] [--json]

chainmate's side is `chainmate bench DEPTH --stats --json` from a build with the feature
`search-stats` (made here in target/stats). Ethereal's side is Ethereal 12.00 built from
../shared/anchors/Ethereal-12.00.tar.gz with counters added to its search.c by this script:
each edit names a line of that file (checked by its SHA-256 first) and a token on it, and
puts a count beside the token without changing what the search does (the counted build's
node count equals the plain build's). Ethereal is then driven through UCI (ucinewgame,
position fen, go depth) and prints its counters to stderr when it quits.

The two searches differ in shape, so a row compares like with like only where both have the
rule; the notes in docs/strength.md's selectivity table say how to read the others (e.g.
chainmate prunes late quiet moves one by one and counts each, Ethereal stops generating
them and counts the node once).
"""

import argparse
import hashlib
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
TARBALL = SHARED / "anchors" / "Ethereal-12.00.tar.gz"
SEARCH_C_SHA256 = "b17448de9f45eeb0139757b6a007fb1fb3013fd67015d1d571c60d3565dc0eaf"

# The counters added to Ethereal: key, name.
ETHEREAL_COUNTERS = [
    ("pv_nodes", "PV nodes (main search)"),
    ("non_pv_nodes", "non-PV nodes (main search)"),
    ("qs_nodes", "quiescence nodes"),
    ("tt_cutoffs", "hash cutoffs"),
    ("rfp_cutoffs", "reverse futility cutoffs"),
    ("null_tried", "null moves tried"),
    ("null_cutoffs", "null-move cutoffs"),
    ("probcut_tried", "probcut tried"),
    ("probcut_cutoffs", "probcut cutoffs"),
    ("futility_nodes", "nodes whose quiets futility dropped"),
    ("lmp_nodes", "nodes whose quiets late-move pruning dropped"),
    ("cmp", "counter-move history prunes"),
    ("fmp", "follow-up history prunes"),
    ("see_quiet", "SEE prunes of quiet moves"),
    ("see_noisy", "SEE prunes of captures"),
    ("singular_tried", "singular tests"),
    ("singular_extended", "singular extensions"),
    ("multi_cuts", "multi-cuts"),
    ("reduced", "reduced moves"),
    ("reduction_plies", "plies of reduction"),
    ("re_searches", "re-searches after a reduced fail high"),
    ("stand_pats", "stand-pat cutoffs"),
    ("qs_delta", "quiescence delta cutoffs (whole node)"),
]

# Edits of search.c: (line, token on that line, what replaces the token). CM(k) counts key k
# and is 1; CM_REDUCE(r) counts a reduction of r - 1 plies and is 1; CM_EXT(x) counts a
# singular extension when x and is x.
EDITS = [
    (229, "thread->nodes++;", "thread->nodes++; CM(PvNode ? CM_pv_nodes : CM_non_pv_nodes);"),
    (269, "return ttValue;", "return CM(CM_tt_cutoffs), ttValue;"),
    (339, "return eval;", "return CM(CM_rfp_cutoffs), eval;"),
    (357, "apply(", "CM(CM_null_tried); apply("),
    (361, "return beta;", "return CM(CM_null_cutoffs), beta;"),
    (374, "initNoisyMovePicker(", "CM(CM_probcut_tried); initNoisyMovePicker("),
    (383, "return value;", "return CM(CM_probcut_cutoffs), value;"),
    (411, "skipQuiets = 1;", "skipQuiets = skipQuiets || CM(CM_futility_nodes);"),
    (418, "skipQuiets = 1;", "skipQuiets = skipQuiets || CM(CM_futility_nodes);"),
    (425, "skipQuiets = 1;", "skipQuiets = skipQuiets || CM(CM_lmp_nodes);"),
    (431, "continue;", "{ CM(CM_cmp); continue; }"),
    (437, "continue;", "{ CM(CM_fmp); continue; }"),
    (447, "continue;", "{ CM(isQuiet ? CM_see_quiet : CM_see_noisy); continue; }"),
    (501, "moveIsSingular(", "CM(CM_singular_tried) && CM_EXT(moveIsSingular("),
    (501, "&multiCut))", "&multiCut)))"),
    (503, "if (multiCut) {", "if (multiCut && CM(CM_multi_cuts)) {"),
    (514, "if (R != 1)", "if (R != 1 && CM_REDUCE(R))"),
    (520, "(R != 1 && value > alpha)", "(R != 1 && value > alpha && CM(CM_re_searches))"),
    (597, "thread->nodes++;", "thread->nodes++; CM(CM_qs_nodes);"),
    (638, "return eval;", "return CM(CM_stand_pats), eval;"),
    (644, "return eval;", "return CM(CM_qs_delta), eval;"),
]


def counting_prelude():
    """C code put before search.c: the counters (one thread) and their print at exit."""
    keys = [k for k, _ in ETHEREAL_COUNTERS]
    lines = ["#include <stdio.h>", "enum { " + ", ".join(f"CM_{k}" for k in keys) + ", CM_N };"]
    lines.append("static unsigned long long cm_counts[CM_N];")
    names = ", ".join(f'"{k}"' for k in keys)
    lines.append(f"static const char *cm_names[CM_N] = {{ {names} }};")
    lines.append("static inline int CM(int k) { cm_counts[k]++; return 1; }")
    lines.append(
        "static inline int CM_REDUCE(int r) { cm_counts[CM_reduced]++;"
        " cm_counts[CM_reduction_plies] += r - 1; return 1; }"
    )
    lines.append(
        "static inline int CM_EXT(int x) { if (x) cm_counts[CM_singular_extended]++; return x; }"
    )
    lines.append(
        "__attribute__((destructor)) static void cm_print(void) {"
        ' for (int i = 0; i < CM_N; i++) fprintf(stderr, "cm %s %llu\\n", cm_names[i],'
        " cm_counts[i]); }"
    )
    return "\n".join(lines) + "\n"


def build_ethereal(work):
    """Builds the counting Ethereal 12.00 in `work`; returns the binary's path."""
    subprocess.run(["tar", "-xzf", str(TARBALL), "-C", str(work)], check=True)
    src = work / "Ethereal-12.00" / "src"
    search_c = src / "search.c"
    text = search_c.read_bytes()
    digest = hashlib.sha256(text).hexdigest()
    if digest != SEARCH_C_SHA256:
        sys.exit(f"search.c is not the one the edits name (SHA-256 {digest})")
    lines = text.decode().split("\n")
    for number, token, new in EDITS:
        line = lines[number - 1]
        if line.count(token) != 1:
            sys.exit(f"search.c line {number} does not hold {token!r} once: {line!r}")
        lines[number - 1] = line.replace(token, new)
    search_c.write_text(counting_prelude() + "\n".join(lines))
    makefile = (src / "makefile").read_text()
    patterns = next(l.split("=", 1)[1].split() for l in makefile.splitlines() if l.startswith("SRC"))
    sources = sorted(str(p.relative_to(src)) for pat in patterns for p in src.glob(pat))
    pext = ["-DUSE_PEXT", "-mbmi2"] if " bmi2" in pathlib.Path("/proc/cpuinfo").read_text() else []
    binary = work / "ethereal-counting"
    flags = ["-std=gnu11", "-O3", "-DNDEBUG", "-march=native", "-DUSE_POPCNT", *pext]
    gcc = subprocess.run(
        ["gcc", *flags, *sources, "-lpthread", "-lm", "-o", str(binary)],
        cwd=src,
        capture_output=True,
        text=True,
    )
    if gcc.returncode != 0:
        sys.exit(f"gcc failed:\n{gcc.stderr}")
    return binary


def run_ethereal(binary, fens, depth):
    """Searches each FEN to `depth`; returns (counters, nodes)."""
    proc = subprocess.Popen(
        [str(binary)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        bufsize=1,
    )

    def send(line):
        proc.stdin.write(line + "\n")
        proc.stdin.flush()

    def wait_for(prefix):
        last_info = None
        for line in proc.stdout:
            if line.startswith("info") and " nodes " in line:
                last_info = line
            if line.startswith(prefix):
                return last_info
        sys.exit(f"Ethereal ended before '{prefix}'")

    send("uci")
    wait_for("uciok")
    send("setoption name Hash value 16")
    send("setoption name Threads value 1")
    nodes = 0
    for fen in fens:
        send("ucinewgame")
        send("isready")
        wait_for("readyok")
        send(f"position fen {fen}")
        send(f"go depth {depth}")
        info = wait_for("bestmove")
        if info is not None:  # none in a position without moves (the bench has stalemates)
            words = info.split()
            nodes += int(words[words.index("nodes") + 1])
    send("quit")
    _, err = proc.communicate(timeout=60)
    counters = {}
    for line in err.splitlines():
        if line.startswith("cm "):
            _, key, value = line.split()
            counters[key] = int(value)
    return counters, nodes


def run_chainmate(depth):
    """Builds the counting chainmate and runs its bench; returns (counters, nodes, fens)."""
    subprocess.run(
        ["cargo", "build", "--release", "--quiet", "--features", "search-stats",
         "--target-dir", "target/stats", "--bin", "chainmate"],
        cwd=ROOT,
        check=True,
    )
    binary = ROOT / "target" / "stats" / "release" / "chainmate"
    fens = subprocess.run(
        [str(binary), "bench", "--positions"], check=True, capture_output=True, text=True
    ).stdout.split("\n")
    fens = [f for f in fens if f.strip()]
    out = subprocess.run(
        [str(binary), "bench", str(depth), "--stats", "--json"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    result = json.loads(out)
    return result["stats"], result["nodes"], fens


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--depth", type=int, default=9)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    if shutil.which("gcc") is None:
        sys.exit("needs gcc: apt-get install -y build-essential")
    ours, our_nodes, fens = run_chainmate(args.depth)
    with tempfile.TemporaryDirectory() as tmp:
        theirs, their_nodes = run_ethereal(build_ethereal(pathlib.Path(tmp)), fens, args.depth)
    if args.json:
        print(json.dumps({
            "depth": args.depth, "positions": len(fens),
            "chainmate": {"nodes": our_nodes, **ours},
            "ethereal": {"nodes": their_nodes, **theirs},
        }))
        return
    our_main = ours["pv_nodes"] + ours["cut_nodes"] + ours["all_nodes"]
    their_main = theirs["pv_nodes"] + theirs["non_pv_nodes"]
    print(f"{len(fens)} positions, depth {args.depth}, one thread, 16 MiB hash cleared each time")
    print(f"{'':44} {'chainmate':>12} {'/main':>8} {'Ethereal 12':>12} {'/main':>8}")

    def row(name, a, b):
        fa = f"{a:>12,} {a / max(our_main, 1):>8.3f}" if a is not None else f"{'-':>12} {'':>8}"
        fb = f"{b:>12,} {b / max(their_main, 1):>8.3f}" if b is not None else f"{'-':>12} {'':>8}"
        print(f"{name:44} {fa} {fb}")

    row("nodes (all, as each engine counts them)", our_nodes, their_nodes)
    row("main-search nodes", our_main, their_main)
    row("  PV nodes", ours["pv_nodes"], theirs["pv_nodes"])
    names = dict(ETHEREAL_COUNTERS)
    shared = ["qs_nodes", "tt_cutoffs", "rfp_cutoffs", "null_tried", "null_cutoffs",
              "singular_tried", "singular_extended", "multi_cuts", "see_quiet", "see_noisy",
              "reduced", "reduction_plies", "re_searches", "stand_pats"]
    for key in shared:
        row(names[key], ours[key], theirs[key])
    only_ours = [("iir", "internal iterative reductions"),
                 ("negative_extensions", "negative extensions"),
                 ("lmp", "late-move prunes (moves)"), ("futility", "futility prunes (moves)"),
                 ("qs_prunes", "quiescence delta and SEE prunes (moves)")]
    for key, name in only_ours:
        row(name, ours[key], None)
    for key in ["probcut_tried", "probcut_cutoffs", "lmp_nodes", "futility_nodes", "cmp",
                "fmp", "qs_delta"]:
        row(names[key], None, theirs[key])


if __name__ == "__main__":
    main()
