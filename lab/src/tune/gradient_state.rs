//! Where a gradient fit stands ([`GradientState`]): the passes done and Adam's state, as text
//! that reads back to the same bits, so that a fit stopped on one machine carries on on
//! another (`tune --method gradient --checkpoint`, `--resume`) and ends with the very
//! weights of an uninterrupted run.

/// Where a run stands: the passes done and Adam's state. A run stopped after any pass and
/// carried on from its state ([`tune_from`]) ends exactly as one run of all the passes: the
/// state holds everything the next pass reads, written at full precision
/// ([`GradientState::to_text`]).
#[derive(Clone, Debug, PartialEq)]
pub struct GradientState {
    /// Passes done.
    pub epoch: usize,
    /// The sigmoid scale the run uses.
    pub k: f64,
    /// The training positions it fits (a resumed run must fit the same data).
    pub positions: usize,
    /// The weights, as reals.
    pub w: Vec<[f64; 2]>,
    /// The weights the run started from (the L2 penalty's centre).
    pub start: Vec<[f64; 2]>,
    /// Adam's first moments.
    pub m: Vec<[f64; 2]>,
    /// Adam's second moments.
    pub v: Vec<[f64; 2]>,
}

/// The first line of a checkpoint.
const CHECKPOINT_HEAD: &str =
    "# gradient checkpoint (chainmate-lab tune --method gradient --resume)";

impl GradientState {
    /// A run about to start from the weights `w` (as reals, the evaluator's pairs in
    /// order) with scale `k` on `positions` training positions.
    pub fn new(w: Vec<[f64; 2]>, k: f64, positions: usize) -> Self {
        GradientState {
            epoch: 0,
            k,
            positions,
            start: w.clone(),
            m: vec![[0.0; 2]; w.len()],
            v: vec![[0.0; 2]; w.len()],
            w,
        }
    }

    /// The state as text: the pass, K, then one line per weight pair (w, w₀, m, v for the
    /// middlegame and the endgame), every number in Rust's shortest form that reads back to
    /// the same bits.
    pub fn to_text(&self) -> String {
        let mut out = format!(
            "{CHECKPOINT_HEAD}\nepoch {}\nk {:?}\npositions {}\nweights {}\n",
            self.epoch,
            self.k,
            self.positions,
            self.w.len()
        );
        for j in 0..self.w.len() {
            let line: Vec<String> = [self.w[j], self.start[j], self.m[j], self.v[j]]
                .iter()
                .flat_map(|pair| pair.iter().map(|x| format!("{x:?}")))
                .collect();
            out.push_str(&line.join(" "));
            out.push('\n');
        }
        out
    }

    /// Reads [`GradientState::to_text`]'s text, for an evaluator of `len` weight pairs.
    pub fn from_text(text: &str, len: usize) -> Result<Self, String> {
        let mut lines = text.lines();
        if lines.next() != Some(CHECKPOINT_HEAD) {
            return Err("not a gradient checkpoint (its first line differs)".into());
        }
        let mut field = |name: &str| -> Result<String, String> {
            let line = lines.next().ok_or(format!("no '{name}' line"))?;
            line.strip_prefix(&format!("{name} "))
                .map(str::to_string)
                .ok_or(format!("expected '{name} ...', found '{line}'"))
        };
        let epoch: usize = field("epoch")?.parse().map_err(|_| "a bad epoch")?;
        let k: f64 = field("k")?.parse().map_err(|_| "a bad k")?;
        let positions: usize = field("positions")?
            .parse()
            .map_err(|_| "a bad position count")?;
        let n: usize = field("weights")?
            .parse()
            .map_err(|_| "a bad weight count")?;
        if n != len {
            return Err(format!(
                "{n} weight pairs, the evaluator has {len} (a checkpoint of another evaluator?)"
            ));
        }
        let mut state = GradientState {
            epoch,
            k,
            positions,
            w: Vec::with_capacity(n),
            start: Vec::with_capacity(n),
            m: Vec::with_capacity(n),
            v: Vec::with_capacity(n),
        };
        for j in 0..n {
            let line = lines.next().ok_or(format!("weight {j}: missing"))?;
            let x: Vec<f64> = line
                .split_whitespace()
                .map(|t| t.parse::<f64>())
                .collect::<Result<_, _>>()
                .map_err(|_| format!("weight {j}: '{line}' holds a bad number"))?;
            if x.len() != 8 || x.iter().any(|v| !v.is_finite()) {
                return Err(format!("weight {j}: 8 finite numbers expected"));
            }
            state.w.push([x[0], x[1]]);
            state.start.push([x[2], x[3]]);
            state.m.push([x[4], x[5]]);
            state.v.push([x[6], x[7]]);
        }
        Ok(state)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::full::{idx, Full};
    use crate::tune::gradient::{tune_from, Dataset, GradientSettings};
    use crate::tune::texel::parse_samples;

    /// A run stopped after some passes, its state written as text and read back, and carried
    /// on, ends with the very weights and state of one run of all the passes.
    #[test]
    fn a_resumed_fit_ends_as_an_uninterrupted_one() {
        let text = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - c9 \"1-0\"; ce 40;",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - c9 \"0-1\"; ce -90;",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - c9 \"1/2-1/2\"; ce -25;",
            "r4rk1/ppp2ppp/8/6NQ/8/3B4/PPPq1PPP/R4RK1 b - - c9 \"1-0\"; ce 300;",
        ]
        .join("\n");
        let (samples, _) = parse_samples(&text);
        let start = Full::default();
        let mut data = Dataset::new(&start, &samples, 2);
        data.blend(&samples, 0.5, 1.0);
        let settings = GradientSettings {
            k: 1.0,
            epochs: 6,
            rate: 3.0,
            threads: 2,
            exclude: Vec::new(),
            report_every: 2,
            l2: 1e-6,
        };
        let mut whole = start.clone();
        let mut last = None;
        tune_from(
            &mut whole,
            GradientState::new(crate::tune::gradient::real(&start), 1.0, data.len()),
            &data,
            &data,
            &settings,
            |_, _| {},
            |s| last = Some(s.clone()),
        );
        // The same run stopped after pass 3 ...
        let mut first = start.clone();
        let mut saved = String::new();
        let short = GradientSettings {
            epochs: 3,
            ..settings.clone()
        };
        tune_from(
            &mut first,
            GradientState::new(crate::tune::gradient::real(&start), 1.0, data.len()),
            &data,
            &data,
            &short,
            |_, _| {},
            |s| saved = s.to_text(),
        );
        // ... and carried on from its checkpoint by another evaluator.
        let state = GradientState::from_text(&saved, idx::LEN).unwrap();
        assert_eq!(state.epoch, 3);
        let mut resumed = start.clone();
        let mut end = None;
        tune_from(
            &mut resumed,
            state,
            &data,
            &data,
            &settings,
            |_, _| {},
            |s| end = Some(s.clone()),
        );
        assert_eq!(end, last);
        assert_eq!(resumed.weights().flat(), whole.weights().flat());
        assert_ne!(
            whole.weights().flat(),
            start.weights().flat(),
            "the run moved nothing"
        );
        // A damaged or foreign checkpoint is refused with a reason.
        assert!(GradientState::from_text("nonsense", idx::LEN).is_err());
        let err = GradientState::from_text(&saved, idx::LEN + 1).unwrap_err();
        assert!(err.contains("another evaluator"), "{err}");
        let cut: String = saved.lines().take(10).map(|l| format!("{l}\n")).collect();
        assert!(GradientState::from_text(&cut, idx::LEN).is_err());
    }
}
