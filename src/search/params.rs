//! Every margin, reduction and limit of the search, as one named parameter struct (settable by
//! name through UCI `setoption`, like the evaluators' parameters).

crate::params! {
    /// Search parameters. Depths are in plies, margins in centipawns.
    pub struct SearchParams {
        /// Half-width of the first aspiration window around the previous score.
        aspiration_window: i32 = 18,
        /// Aspiration windows start at this depth (shallower: full window).
        aspiration_min_depth: i32 = 4,
        /// Reverse futility pruning applies up to this depth.
        rfp_max_depth: i32 = 8,
        /// Reverse futility margin per ply of depth.
        rfp_margin: i32 = 83,
        /// Null-move pruning needs at least this depth.
        nmp_min_depth: i32 = 3,
        /// Null-move base reduction.
        nmp_base_reduction: i32 = 3,
        /// One more null-move reduction per this many plies of depth.
        nmp_depth_divisor: i32 = 4,
        /// One more null-move reduction per this many centipawns of eval above beta (max 3).
        nmp_eval_divisor: i32 = 202,
        /// Futility pruning of quiet moves applies up to this depth.
        futility_max_depth: i32 = 6,
        /// Futility margin at depth 1.
        futility_base: i32 = 93,
        /// Futility margin added per further ply.
        futility_per_depth: i32 = 85,
        /// Late-move pruning applies up to this depth.
        lmp_max_depth: i32 = 8,
        /// Late-move pruning: quiet moves tried beyond `lmp_base + depth²` are skipped
        /// (halved when the position is not improving).
        lmp_base: i32 = 7,
        /// SEE pruning applies up to this depth.
        see_max_depth: i32 = 8,
        /// SEE pruning of quiet moves: skip if SEE < -margin × depth.
        see_quiet_margin: i32 = 60,
        /// SEE pruning of captures and checks: skip if SEE < -margin × depth².
        see_capture_margin: i32 = 20,
        /// Late-move reductions need at least this depth.
        lmr_min_depth: i32 = 3,
        /// LMR base, in hundredths: r = base + ln(depth)·ln(moves) / divisor.
        lmr_base: i32 = 77,
        /// LMR divisor, in hundredths.
        lmr_divisor: i32 = 207,
        /// Internal iterative reduction: reduce by one ply without a hash move from this depth.
        iir_min_depth: i32 = 4,
        /// Quiescence delta pruning margin over the captured piece's value.
        qs_delta_margin: i32 = 235,
        /// History scores saturate at this magnitude.
        history_max: i32 = 16_384,
        /// Singular extensions need at least this depth.
        se_min_depth: i32 = 8,
        /// Singular margin per ply of depth below the hash score.
        se_margin: i32 = 2,
        /// Longest move chain stored (paper 002's dynamic move chains), in moves.
        chain_max_length: i32 = 4,
        /// A stored chain replaces the search below a move only at nodes with at most this
        /// much depth left (the paper sets no limit; a smaller value keeps the full search
        /// near the root and uses chains where the paper argued they are safe, near the leaves).
        chain_max_depth: i32 = 1000,
        /// Check extension (plies) when the side to move is in check.
        check_extension: i32 = 1,
        /// Correction history: the share (percent) of the learned correction of the static
        /// evaluation by side and pawn structure that is applied; 0 turns it off (nothing is
        /// learned either). On (100) since its SPRT with the non-pawn tables (docs/strength.md
        /// #25).
        correction_weight: i32 = 100,
        /// Correction history by each side's pieces other than pawns (two tables, White's
        /// and Black's pieces, as Stockfish's non-pawn correction): their weight in percent;
        /// 0 turns them off. Adds to `correction_weight`'s pawn table. On (100) since #25.
        correction_nonpawn: i32 = 100,
        /// Correction history by material (the number of each piece of each side): its
        /// weight in percent; 0 turns it off.
        correction_material: i32 = 0,
        /// Razoring: a node this shallow whose static eval lies more than `razor_margin ×
        /// depth²` below alpha fails low if the quiescence search confirms it; 0 turns it off.
        razor_margin: i32 = 0,
        /// Razoring applies up to this depth.
        razor_max_depth: i32 = 3,
        /// ProbCut: a capture that beats beta by this margin in a search four plies shallower
        /// cuts the node; 0 turns it off.
        probcut_margin: i32 = 0,
        /// ProbCut needs at least this depth.
        probcut_min_depth: i32 = 5,
        /// Root re-sort: 1 sorts the root moves after every aspiration fail (the new best
        /// move first, as Stockfish does); 0 keeps the order until the window holds.
        root_resort: i32 = 0,
        /// History pruning: at depth ≤ `history_prune_depth`, a quiet move whose history score
        /// is below `−10 × history_prune_margin × depth` is skipped; 0 turns it off.
        history_prune_margin: i32 = 0,
        /// History pruning applies up to this depth.
        history_prune_depth: i32 = 3,
        /// Capture history: the weight (percent) of the learned success of a capture (moving
        /// piece, destination, captured piece) in the ordering of captures; 0 turns it off
        /// (nothing is learned either). 100 won +10.5 Elo at 20,000 nodes (docs/strength.md).
        capture_history: i32 = 100,
        /// Double singular extension: a singular hash move whose alternatives fail this far
        /// (centipawns) below the singular bound, at a non-PV node, is extended two plies (at
        /// most `se_double_limit` times on one path); 0 turns it off.
        se_double_margin: i32 = 0,
        /// Most double extensions on one path.
        se_double_limit: i32 = 6,
        /// Singular extensions' other outcomes: 1 cuts the node when the alternatives to the
        /// hash move beat a singular bound that is itself at or above beta (multi-cut: several
        /// moves refute it) and reduces the hash move a ply when only its own score is (the
        /// negative extension); 0 searches the hash move at its normal depth in both cases.
        se_multicut: i32 = 1,
        /// Late-move reductions of losing captures (SEE < 0): 1 reduces them like quiet moves
        /// (without the history term); 0 searches every capture at full depth.
        lmr_noisy: i32 = 0,
        /// LMR: one ply less per this much history score of a quiet move.
        lmr_history_divisor: i32 = 8000,
        /// History bonus per ply of depth (linear, capped by `history_bonus_max`); 0 gives the
        /// bonus of the engine before 2026-11-25, `4·depth²` capped at 1,600, which learns
        /// little at the shallow depths where most cutoffs happen (36 of 16,384 at depth 3;
        /// 300 per ply won +83 Elo at 20,000 nodes, docs/strength.md).
        history_bonus_per_depth: i32 = 300,
        /// The largest history bonus with `history_bonus_per_depth` on.
        history_bonus_max: i32 = 2400,
        /// Futility pruning spares a quiet move whose history score is at least 10 × this (a
        /// move that keeps refuting positions here is worth its search); 0 turns the exemption
        /// off.
        futility_history_limit: i32 = 0,
        /// Null-move verification: from this depth a null move's cutoff stands only if a
        /// search of the node itself, as shallow as the null move's and with null moves off
        /// for its first three quarters, also fails high (zugzwang); 0 turns it off.
        nmp_verify_depth: i32 = 0,
        /// Time: the soft limit (the time after which no new iteration starts) in percent of
        /// the clock's allocation (`search::time`). Time never shapes the tree: these change
        /// only when a timed search stops.
        tm_soft_percent: i32 = 100,
        /// Time: the best move's share (percent) of the root's nodes at which the soft limit
        /// stays as it is; a larger share stops sooner, a smaller later (soft × (150 − share) /
        /// (150 − this)); 0 leaves the soft limit to the best move's stability alone.
        tm_node_fraction: i32 = 0,
        /// Quiescence search in check: once a move has shown the side is not mated, at most
        /// this many quiet evasions are searched; 0 searches them all.
        qs_evasion_limit: i32 = 0,
        /// Quiescence search: 1 tries the hash move first when it is among the moves searched;
        /// 0 orders by MVV-LVA alone.
        qs_tt_move: i32 = 0,
        /// Continuation histories: 1 keeps one table per distance (one, two and four plies
        /// back, the last new); 0 shares one table between one and two plies back.
        cont_history_separate: i32 = 0,
        /// Late-move reductions: 1 reduces every move LMR applies to by at least one ply, and
        /// at most into the quiescence search (Ethereal's clamp, `1..=depth − 1`); 0 keeps
        /// the reduction within `0..=depth − 2`, so a late move with a good history or a
        /// killer may keep its full depth.
        lmr_min_reduction: i32 = 0,
        /// Futility pruning: 1 measures the margin and the depth limit by the depth the move
        /// would be searched at after its late-move reduction (Ethereal's `lmrDepth`), so late
        /// quiet moves are pruned further from the leaves; 0 uses the node's depth.
        futility_lmr_depth: i32 = 0,
        /// Hash entries: 1 keeps the evaluator's own static evaluation in a node's entry (as
        /// Stockfish and Ethereal do); 0 keeps the node's evaluation as sharpened by its hash
        /// score, which the next visit sharpened again and the quiescence search took as its
        /// stand-pat (the engine before 2026-11-25; 1 won +24 Elo at 20,000 nodes,
        /// docs/strength.md). With a correction history on, the entry keeps the evaluator's
        /// own evaluation whatever this says (it is corrected again when read).
        tt_raw_eval: i32 = 1,
        /// Late-move reductions: plies added at an expected cut node.
        lmr_cut_node: i32 = 1,
        /// Late-move reductions: plies added when the position is not improving.
        lmr_not_improving: i32 = 1,
    }
}

impl SearchParams {
    /// The history bonus (and malus) of a cutoff at `depth`.
    pub fn history_bonus(&self, depth: i32) -> i32 {
        if self.history_bonus_per_depth > 0 {
            (self.history_bonus_per_depth * depth).min(self.history_bonus_max)
        } else {
            (depth * depth).min(400) * 4
        }
    }
}
