//! Paper 000's genetic weight learning ("Learning Heuristic Weights", Table 3): agents are
//! weight vectors, each generation plays a round robin, the fittest breed by crossover and
//! mutation.
//!
//! As the paper runs it, and where it is vague, our choice:
//!
//! * **Genes**: named parameters — any evaluator or search tunable (`weighted.c_mat`,
//!   `tsvetkov.pawn`, …; [`crate::config::tunables`]) — with a range each: the tunable's
//!   range from the parameter table, except that a fractional weight's range is
//!   `[0.01, max]` (a negative weight would make a player seek the opposite of its term; the
//!   paper's learned weights are all positive), or a range given by the user.
//! * **Generation 0** draws every weight at random in its range, in steps of its resolution
//!   (0.001 for a fraction, 1 for an integer), so each agent is exactly a configuration
//!   string ([`agent_spec`]). A fractional weight is drawn **log-uniformly** (uniform in its
//!   logarithm), an integer uniformly ([`Gene::log_scale`]). Why: the paper's three weights
//!   differ by two orders of magnitude (9.752 / 0.111 / 3.530; the hand-made 1 / 0.02 /
//!   0.05), because their terms are in different units (pawns, table points, counts). A
//!   uniform draw in `[0, 11]` almost never produces a positioning weight below 0.2 (2 %), so
//!   every agent lets the piece-square tables outweigh the material — a first run of the
//!   paper's design measured exactly that: the hand-made weights beat every GA winner 52–0
//!   with 8 draws. Log-uniform gives each decade the same chance. The paper's genes and
//!   ranges: `c_mat ∈ [0.01, 12.466]`, `c_pos ∈ [0.01, 10.974]`, `c_threat ∈ [0.01,
//!   19.990]`. Mutation redraws from the same distribution.
//! * **Fitness**: a round robin, every pair of agents, `games` games per pairing (colours
//!   alternating). Agents are ranked by wins (the paper: "the three agents with the most
//!   amount of wins"), ties broken by points (a draw is half a point), then by index.
//! * **Selection**: [`Selection::TopThree`] — the three best breed; or
//!   [`Selection::AnyWinner`] — every agent that won at least one game breeds (the paper's
//!   first two conditions), the best two when fewer than two won.
//! * **Breeding**: each child has two distinct parents drawn uniformly from the breeders; it
//!   takes each weight from the first parent with p = 0.5, else from the second (crossover),
//!   then each weight is redrawn uniformly in its range with p = 0.05 (mutation).
//! * **Elitism**: none (the paper describes none): the next generation is all children.
//! * **End**: after the last generation's round robin, its agents are returned best first.
//!
//! Random numbers come from the pinned SplitMix64 seeded by the seed and the generation, so a
//! run resumed from a checkpoint draws exactly what an uninterrupted run draws; with
//! node-limited games (reproducible) it ends with the same result.

use crate::eval::param_set::ParamKind;
use chainmate::core::prng::SplitMix64;

/// A weight being learned: its parameter name, range and resolution.
#[derive(Clone, Debug, PartialEq)]
pub struct Gene {
    /// The tunable's name, `group.param` (e.g. `weighted.c_mat`).
    pub name: String,
    /// Smallest value.
    pub low: f64,
    /// Largest value.
    pub high: f64,
    /// Resolution: values are whole multiples of it (0.001 for fractions, 1 for integers).
    pub step: f64,
    /// Whether draws are uniform in the logarithm (fractional weights; needs `low > 0`).
    pub log_scale: bool,
}

impl Gene {
    /// The gene of tunable `name` with its default range (see the module documentation).
    pub fn tunable(name: &str) -> Option<Gene> {
        let t = crate::config::tunable(name)?;
        let (low, step, log_scale) = match t.kind {
            ParamKind::Real => (t.min.max(0.01), 1.0 / crate::config::REAL_SCALE, true),
            _ => (t.min, 1.0, false),
        };
        // The range's ends on the resolution (12.466, not 12.466000000000001).
        let inverse = (1.0 / step).round();
        let on_step = |v: f64| (v * inverse).round() / inverse;
        Some(Gene {
            name: t.name.clone(),
            low: on_step(low),
            high: on_step(t.max),
            step,
            log_scale,
        })
    }

    /// The value `v` rounded to the resolution and kept in range.
    pub fn quantize(&self, v: f64) -> f64 {
        // Dividing by the inverse step gives the double nearest to the decimal (9.752, not
        // 9.752000000000001), so checkpoints and histories read cleanly.
        let inverse = (1.0 / self.step).round();
        ((v * inverse).round() / inverse).clamp(self.low, self.high)
    }

    /// The value as option text: a fraction always with a decimal point (a bare integer would
    /// be read as thousandths), an integer without one.
    pub fn text(&self, v: f64) -> String {
        if self.step < 1.0 {
            format!("{v:.3}")
        } else {
            format!("{}", v.round() as i64)
        }
    }
}

/// The configuration string of an agent: `base` followed by one `name=value` per gene.
pub fn agent_spec(base: &str, genes: &[Gene], weights: &[f64]) -> String {
    let mut spec = base.to_string();
    for (g, &w) in genes.iter().zip(weights) {
        if !spec.is_empty() {
            spec.push('+');
        }
        spec.push_str(&format!("{}={}", g.name, g.text(w)));
    }
    spec
}

/// Who breeds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Selection {
    /// The three agents with the most wins.
    TopThree,
    /// Every agent with at least one win (at least the best two).
    AnyWinner,
}

/// The algorithm's settings.
#[derive(Clone, Debug, PartialEq)]
pub struct GaSettings {
    /// The weights learned.
    pub genes: Vec<Gene>,
    /// Generations (the paper: 10).
    pub generations: usize,
    /// Agents per generation (the paper: 5).
    pub population: usize,
    /// Probability that a child's weight comes from its first parent.
    pub crossover: f64,
    /// Probability that a child's weight is redrawn.
    pub mutation: f64,
    /// Who breeds.
    pub selection: Selection,
    /// Seed of every random draw.
    pub seed: u64,
}

impl GaSettings {
    /// The paper's settings for `genes`: 10 generations of 5, p = 0.5 and 0.05, top three.
    pub fn paper(genes: Vec<Gene>, seed: u64) -> GaSettings {
        GaSettings {
            genes,
            generations: 10,
            population: 5,
            crossover: 0.5,
            mutation: 0.05,
            selection: Selection::TopThree,
            seed,
        }
    }
}

/// One agent's round-robin result.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

impl Record {
    /// Wins plus half the draws.
    pub fn points(&self) -> f64 {
        f64::from(self.wins) + f64::from(self.draws) / 2.0
    }
}

/// An agent of one generation with its result.
#[derive(Clone, Debug, PartialEq)]
pub struct Agent {
    /// The generation, from 0.
    pub generation: usize,
    /// Its number in the generation.
    pub index: usize,
    /// Its weights, in gene order.
    pub weights: Vec<f64>,
    /// Its round-robin result.
    pub record: Record,
}

/// The state of a run: what a checkpoint holds.
#[derive(Clone, Debug, PartialEq)]
pub struct GaState {
    /// The generation whose round robin is to be played next.
    pub generation: usize,
    /// Its agents' weights.
    pub population: Vec<Vec<f64>>,
    /// Every agent of every finished generation.
    pub history: Vec<Agent>,
}

/// A uniform draw in [0, 1).
fn unit(rng: &mut SplitMix64) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

fn draw(gene: &Gene, rng: &mut SplitMix64) -> f64 {
    let u = unit(rng);
    let v = if gene.log_scale && gene.low > 0.0 {
        (gene.low.ln() + u * (gene.high.ln() - gene.low.ln())).exp()
    } else {
        gene.low + u * (gene.high - gene.low)
    };
    gene.quantize(v)
}

/// The generator for generation `generation`'s draws.
fn generator(seed: u64, generation: usize) -> SplitMix64 {
    SplitMix64::new(seed ^ (generation as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// The round robin's pairings: every pair `(i, j)`, `i < j`.
pub fn pairings(population: usize) -> Vec<(usize, usize)> {
    (0..population)
        .flat_map(|i| (i + 1..population).map(move |j| (i, j)))
        .collect()
}

/// Agents best first: most wins, then most points, then lowest index.
pub fn ranking(records: &[Record]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..records.len()).collect();
    order.sort_by(|&a, &b| {
        records[b]
            .wins
            .cmp(&records[a].wins)
            .then(records[b].points().total_cmp(&records[a].points()))
            .then(a.cmp(&b))
    });
    order
}

/// The agents that breed, best first.
pub fn breeders(selection: Selection, records: &[Record]) -> Vec<usize> {
    let order = ranking(records);
    match selection {
        Selection::TopThree => order.into_iter().take(3).collect(),
        Selection::AnyWinner => {
            let winners: Vec<usize> = order
                .iter()
                .copied()
                .filter(|&i| records[i].wins > 0)
                .collect();
            if winners.len() >= 2 {
                winners
            } else {
                order.into_iter().take(2).collect()
            }
        }
    }
}

/// One child of `first` and `second`: crossover, then mutation.
pub fn child(
    first: &[f64],
    second: &[f64],
    genes: &[Gene],
    crossover: f64,
    mutation: f64,
    rng: &mut SplitMix64,
) -> Vec<f64> {
    genes
        .iter()
        .enumerate()
        .map(|(i, gene)| {
            let inherited = if unit(rng) < crossover {
                first[i]
            } else {
                second[i]
            };
            if unit(rng) < mutation {
                draw(gene, rng)
            } else {
                inherited
            }
        })
        .collect()
}

impl GaState {
    /// Generation 0: uniform random weights.
    pub fn new(settings: &GaSettings) -> GaState {
        let mut rng = generator(settings.seed, 0);
        let population = (0..settings.population)
            .map(|_| settings.genes.iter().map(|g| draw(g, &mut rng)).collect())
            .collect();
        GaState {
            generation: 0,
            population,
            history: Vec::new(),
        }
    }

    /// Whether every generation has played.
    pub fn finished(&self, settings: &GaSettings) -> bool {
        self.generation >= settings.generations
    }

    /// Records the current generation's round robin and breeds the next one.
    pub fn advance(&mut self, settings: &GaSettings, records: &[Record]) {
        assert_eq!(records.len(), self.population.len(), "one record per agent");
        for (index, (weights, record)) in self.population.iter().zip(records).enumerate() {
            self.history.push(Agent {
                generation: self.generation,
                index,
                weights: weights.clone(),
                record: *record,
            });
        }
        self.generation += 1;
        // The next generation is bred even after the last one: a finished run's checkpoint
        // can then be resumed with more generations and ends as a longer run would.
        let parents = breeders(settings.selection, records);
        let mut rng = generator(settings.seed, self.generation);
        let next = (0..settings.population)
            .map(|_| {
                let a = parents[(rng.next_u64() % parents.len() as u64) as usize];
                let mut b = a;
                while parents.len() > 1 && b == a {
                    b = parents[(rng.next_u64() % parents.len() as u64) as usize];
                }
                child(
                    &self.population[a],
                    &self.population[b],
                    &settings.genes,
                    settings.crossover,
                    settings.mutation,
                    &mut rng,
                )
            })
            .collect();
        self.population = next;
    }

    /// The last finished generation's agents, best first.
    pub fn result(&self) -> Vec<Agent> {
        let Some(last) = self.history.last().map(|a| a.generation) else {
            return Vec::new();
        };
        let agents: Vec<&Agent> = self
            .history
            .iter()
            .filter(|a| a.generation == last)
            .collect();
        let records: Vec<Record> = agents.iter().map(|a| a.record).collect();
        ranking(&records)
            .into_iter()
            .map(|i| agents[i].clone())
            .collect()
    }

    /// The checkpoint text: `seed S`, `genes NAME...` (what the run is, checked on resume),
    /// `generation G`, one `agent` line per agent to play, one `played` line per finished
    /// agent (generation, index, W, D, L, weights). Weights are written with Rust's shortest
    /// round-trip formatting, so a resumed run continues exactly.
    pub fn to_text(&self, settings: &GaSettings) -> String {
        let weights = |w: &[f64]| {
            w.iter()
                .map(|x| format!("{x:?}"))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let names: Vec<&str> = settings.genes.iter().map(|g| g.name.as_str()).collect();
        let mut out = format!(
            "seed {}\ngenes {}\ngeneration {}\n",
            settings.seed,
            names.join(" "),
            self.generation
        );
        for w in &self.population {
            out.push_str(&format!("agent {}\n", weights(w)));
        }
        for a in &self.history {
            out.push_str(&format!(
                "played {} {} {} {} {} {}\n",
                a.generation,
                a.index,
                a.record.wins,
                a.record.draws,
                a.record.losses,
                weights(&a.weights)
            ));
        }
        out
    }

    /// Reads a checkpoint written by [`GaState::to_text`]; it must be of a run with the same
    /// seed, genes and population.
    pub fn from_text(text: &str, settings: &GaSettings) -> Result<GaState, String> {
        let genes = settings.genes.len();
        let mut state = GaState {
            generation: 0,
            population: Vec::new(),
            history: Vec::new(),
        };
        let numbers = |fields: &[&str], line: usize| -> Result<Vec<f64>, String> {
            fields
                .iter()
                .map(|f| {
                    f.parse::<f64>()
                        .ok()
                        .filter(|x| x.is_finite())
                        .ok_or_else(|| format!("line {line}: '{f}' is not a number"))
                })
                .collect()
        };
        for (n, line) in text.lines().enumerate() {
            let n = n + 1;
            let fields: Vec<&str> = line.split_whitespace().collect();
            match fields.split_first() {
                None => {}
                Some((&"seed", [seed])) => {
                    if seed.parse::<u64>().ok() != Some(settings.seed) {
                        return Err(format!(
                            "the checkpoint is of seed {seed}, this run's is {}",
                            settings.seed
                        ));
                    }
                }
                Some((&"genes", names)) => {
                    if !names.iter().eq(settings.genes.iter().map(|g| &g.name)) {
                        return Err(format!(
                            "the checkpoint learns {}, this run learns {}",
                            names.join(" "),
                            settings
                                .genes
                                .iter()
                                .map(|g| g.name.as_str())
                                .collect::<Vec<_>>()
                                .join(" ")
                        ));
                    }
                }
                Some((&"generation", [g])) => {
                    state.generation = g
                        .parse()
                        .map_err(|_| format!("line {n}: bad generation '{g}'"))?;
                }
                Some((&"agent", rest)) if rest.len() == genes => {
                    state.population.push(numbers(rest, n)?);
                }
                Some((&"played", rest)) if rest.len() == genes + 5 => {
                    let int = |i: usize| -> Result<u64, String> {
                        rest[i]
                            .parse()
                            .map_err(|_| format!("line {n}: '{}' is not a count", rest[i]))
                    };
                    state.history.push(Agent {
                        generation: int(0)? as usize,
                        index: int(1)? as usize,
                        record: Record {
                            wins: int(2)? as u32,
                            draws: int(3)? as u32,
                            losses: int(4)? as u32,
                        },
                        weights: numbers(&rest[5..], n)?,
                    });
                }
                _ => return Err(format!("line {n}: not a checkpoint line: '{line}'")),
            }
        }
        if state.population.is_empty() && state.history.is_empty() {
            return Err("an empty checkpoint".into());
        }
        if !state.finished(settings) && state.population.len() != settings.population {
            return Err(format!(
                "the checkpoint has {} to play, this run's population is {}",
                chainmate::text::count(state.population.len(), "agent"),
                settings.population
            ));
        }
        Ok(state)
    }

    /// The history as CSV: `generation,agent,wins,draws,losses,points,<gene names...>`.
    pub fn history_csv(&self, genes: &[Gene]) -> String {
        let mut out = String::from("generation,agent,wins,draws,losses,points");
        for g in genes {
            out.push(',');
            out.push_str(&g.name);
        }
        out.push('\n');
        for a in &self.history {
            out.push_str(&format!(
                "{},{},{},{},{},{}",
                a.generation,
                a.index,
                a.record.wins,
                a.record.draws,
                a.record.losses,
                a.record.points()
            ));
            for w in &a.weights {
                out.push_str(&format!(",{w}"));
            }
            out.push('\n');
        }
        out
    }
}

impl GaState {
    /// The history as JSON: `{"genes": [...], "agents": [{"generation", "agent", "wins",
    /// "draws", "losses", "points", "weights": {name: value}}]}`.
    pub fn history_json(&self, genes: &[Gene]) -> String {
        let names: Vec<String> = genes.iter().map(|g| format!("\"{}\"", g.name)).collect();
        let mut out = format!("{{\"genes\": [{}], \"agents\": [", names.join(", "));
        for (i, a) in self.history.iter().enumerate() {
            let weights: Vec<String> = genes
                .iter()
                .zip(&a.weights)
                .map(|(g, w)| format!("\"{}\": {w:?}", g.name))
                .collect();
            out.push_str(&format!(
                "{}\n  {{\"generation\": {}, \"agent\": {}, \"wins\": {}, \"draws\": {}, \
                 \"losses\": {}, \"points\": {:?}, \"weights\": {{{}}}}}",
                if i == 0 { "" } else { "," },
                a.generation,
                a.index,
                a.record.wins,
                a.record.draws,
                a.record.losses,
                a.record.points(),
                weights.join(", ")
            ));
        }
        out.push_str("\n]}\n");
        out
    }
}

/// Plays one generation's round robin: `(generation, population)` → each agent's record.
pub type PlayGeneration<'a> = dyn FnMut(usize, &[Vec<f64>]) -> Vec<Record> + 'a;

/// Runs the algorithm: `play(generation, population)` plays each generation's round robin
/// (every pair of [`pairings`]) and returns each agent's record; `after` is called with the state after every
/// generation (to write checkpoints). Starts from `state` (a fresh one or a checkpoint).
pub fn run(
    settings: &GaSettings,
    mut state: GaState,
    play: &mut PlayGeneration,
    after: &mut dyn FnMut(&GaState),
) -> GaState {
    while !state.finished(settings) {
        let records = play(state.generation, &state.population);
        state.advance(settings, &records);
        after(&state);
    }
    state
}

#[cfg(test)]
mod tests {
    use super::*;

    fn genes() -> Vec<Gene> {
        ["c_mat", "c_pos", "c_threat"]
            .iter()
            .map(|n| Gene {
                name: format!("weighted.{n}"),
                low: 0.0,
                high: 10.0,
                step: 0.001,
                log_scale: false,
            })
            .collect()
    }

    fn record(wins: u32, draws: u32, losses: u32) -> Record {
        Record {
            wins,
            draws,
            losses,
        }
    }

    #[test]
    fn the_papers_genes_have_the_tables_ranges_and_agents_are_configurations() {
        let genes: Vec<Gene> = ["weighted.c_mat", "weighted.c_pos", "weighted.c_threat"]
            .iter()
            .map(|n| Gene::tunable(n).unwrap())
            .collect();
        let highs: Vec<f64> = genes.iter().map(|g| g.high).collect();
        assert_eq!(highs, [12.466, 10.974, 19.99]);
        assert!(genes
            .iter()
            .all(|g| g.low == 0.01 && g.step == 0.001 && g.log_scale));
        assert_eq!(genes[0].quantize(9.75249), 9.752);
        assert_eq!(genes[0].quantize(-3.0), 0.01);
        assert!(Gene::tunable("weighted.no_such").is_none());
        let spec = agent_spec("pruning", &genes, &[9.752, 0.111, 3.53]);
        assert_eq!(
            spec,
            "pruning+weighted.c_mat=9.752+weighted.c_pos=0.111+weighted.c_threat=3.530"
        );
        let options = crate::config::LabOptions::from_spec(&spec, &[]).unwrap();
        assert_eq!(options.get("weighted.c_mat").as_deref(), Some("9752"));
        assert_eq!(options.get("weighted.c_threat").as_deref(), Some("3530"));
        assert_eq!(options.get("Pruning").as_deref(), Some("rules"));
        // An integer gene is written without a decimal point.
        let pawn = Gene::tunable("tsvetkov.pawn").unwrap();
        assert_eq!((pawn.step, pawn.log_scale), (1.0, false));
        assert_eq!(pawn.text(pawn.quantize(101.4)), "101");
        // Generation 0 is uniform within the ranges, on the resolution.
        let settings = GaSettings::paper(genes.clone(), 5);
        let state = GaState::new(&settings);
        assert_eq!(state.population.len(), 5);
        for agent in &state.population {
            for (g, &w) in genes.iter().zip(agent) {
                assert!(w >= g.low && w <= g.high);
                assert_eq!(g.quantize(w), w);
            }
        }
        // Log-uniform: each decade of [0.01, 10] about equally likely (a third each).
        let gene = Gene {
            high: 10.0,
            ..genes[1].clone()
        };
        let mut rng = SplitMix64::new(3);
        let draws: Vec<f64> = (0..30_000).map(|_| draw(&gene, &mut rng)).collect();
        for (lo, hi) in [(0.01, 0.1), (0.1, 1.0), (1.0, 10.0)] {
            let share = draws.iter().filter(|&&w| w >= lo && w < hi).count() as f64 / 30_000.0;
            assert!((share - 1.0 / 3.0).abs() < 0.02, "[{lo}, {hi}): {share}");
        }
    }

    #[test]
    fn crossover_takes_each_weight_from_a_parent_and_mutation_redraws_at_its_rate() {
        let genes = genes();
        let (a, b) = (vec![1.0, 2.0, 3.0], vec![7.0, 8.0, 9.0]);
        let mut rng = SplitMix64::new(7);
        let (mut from_a, mut mutated, mut total) = (0, 0, 0);
        for _ in 0..20_000 {
            let c = child(&a, &b, &genes, 0.5, 0.05, &mut rng);
            for i in 0..3 {
                total += 1;
                if c[i] == a[i] {
                    from_a += 1;
                } else if c[i] != b[i] {
                    mutated += 1;
                    assert!((0.0..=10.0).contains(&c[i]));
                }
            }
        }
        let share_a = from_a as f64 / total as f64;
        let share_mutated = mutated as f64 / total as f64;
        // Mutations keep a's weight 5 % of the time... all but redraws: a ≈ 0.5 · 0.95.
        assert!((share_a - 0.475).abs() < 0.01, "{share_a}");
        assert!((share_mutated - 0.05).abs() < 0.005, "{share_mutated}");
        // Without mutation every weight is a parent's, and both parents contribute.
        let c = child(&a, &b, &genes, 0.5, 0.0, &mut rng);
        assert!(c.iter().enumerate().all(|(i, &w)| w == a[i] || w == b[i]));
    }

    #[test]
    fn the_most_winning_three_breed_or_every_winner() {
        let records = [
            record(1, 2, 1),
            record(3, 0, 1),
            record(0, 4, 0),
            record(3, 1, 0),
            record(0, 0, 4),
        ];
        assert_eq!(ranking(&records), [3, 1, 0, 2, 4]);
        assert_eq!(breeders(Selection::TopThree, &records), [3, 1, 0]);
        assert_eq!(breeders(Selection::AnyWinner, &records), [3, 1, 0]);
        let one_winner = [record(1, 0, 0), record(0, 1, 0), record(0, 0, 1)];
        assert_eq!(breeders(Selection::AnyWinner, &one_winner), [0, 1]);
        assert_eq!(pairings(5).len(), 10);
    }

    /// A deterministic stand-in for games: the agent with the larger first weight wins.
    fn duel(_: usize, population: &[Vec<f64>]) -> Vec<Record> {
        let mut records = vec![Record::default(); population.len()];
        for (i, j) in pairings(population.len()) {
            let (w, l) = if population[i][0] >= population[j][0] {
                (i, j)
            } else {
                (j, i)
            };
            records[w].wins += 1;
            records[l].losses += 1;
        }
        records
    }

    #[test]
    fn a_resumed_run_ends_as_an_uninterrupted_one_and_selection_works() {
        let settings = GaSettings::paper(genes(), 42);
        let whole = run(&settings, GaState::new(&settings), &mut duel, &mut |_| {});
        assert_eq!(whole.history.len(), 50);
        // Interrupt after generation 4: checkpoint text, read back, go on.
        let mut checkpoint = String::new();
        let mut partial = GaState::new(&settings);
        for _ in 0..4 {
            let records = duel(partial.generation, &partial.population);
            partial.advance(&settings, &records);
            checkpoint = partial.to_text(&settings);
        }
        let resumed = GaState::from_text(&checkpoint, &settings).unwrap();
        assert_eq!(resumed, partial);
        let finished = run(&settings, resumed, &mut duel, &mut |_| {});
        assert_eq!(finished, whole);
        // Selection on the first weight raises it over the generations.
        let mean = |g: usize| {
            whole
                .history
                .iter()
                .filter(|a| a.generation == g)
                .map(|a| a.weights[0])
                .sum::<f64>()
                / 5.0
        };
        assert!(mean(9) > mean(0), "{} vs {}", mean(9), mean(0));
        let best = &whole.result()[0];
        assert_eq!(best.record.wins, 4);
        assert!(whole
            .history_csv(&settings.genes)
            .starts_with("generation,agent,wins,draws,losses,points,weighted.c_mat"));
        assert!(GaState::from_text("agent 1 2\n", &settings).is_err());
        let other_seed = GaSettings::paper(genes(), 43);
        assert!(GaState::from_text(&checkpoint, &other_seed).is_err());
    }
}
