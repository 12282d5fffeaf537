//! Every configuration the docs report keeps its pinned signature (`lab/src/experiments/pins.rs`).
//!
//! A change that moves one fails here until the new value is written into `PINS`, and its
//! commit message names it (`Pins: plain+chessmaps 123456`), as `Bench: N` does for the
//! default search.

use chainmate_lab::experiments::pins::{self, PINS};

use crate::common;

/// Three workers beside a busy thread: more threads than the machine's two cores, so each
/// search runs slower than alone — a node count that depended on the clock would move.
#[test]
fn every_pinned_configuration_keeps_its_signature() {
    let _hog = common::CpuHog::start();
    const WORKERS: usize = 3;
    let moved: Vec<String> = std::thread::scope(|scope| {
        let halves: Vec<_> = (0..WORKERS)
            .map(|half| {
                std::thread::Builder::new()
                    .stack_size(chainmate_lab::search::THREAD_STACK)
                    .spawn_scoped(scope, move || {
                        PINS.iter()
                            .skip(half)
                            .step_by(WORKERS)
                            .filter_map(|pin| {
                                let nodes = pin.run().expect("pinned configurations parse");
                                (nodes != pin.nodes).then(|| {
                                    format!("{}: {nodes} (pinned {})", pin.name, pin.nodes)
                                })
                            })
                            .collect::<Vec<_>>()
                    })
                    .expect("spawn")
            })
            .collect();
        halves
            .into_iter()
            .flat_map(|h| h.join().expect("no panic"))
            .collect()
    });
    assert!(
        moved.is_empty(),
        "signatures moved (update src/lab/pins.rs and name them in the commit message):\n{}",
        moved.join("\n")
    );
}

#[test]
fn the_bench_pin_is_the_bench_signature_and_names_are_unique() {
    let bench = pins::find("bench").unwrap();
    let config = chainmate_lab::config::search_config(bench.spec, &[]).unwrap();
    assert_eq!(
        chainmate::bench::run(&config, bench.depth).nodes,
        bench.nodes
    );
    for (i, p) in PINS.iter().enumerate() {
        assert!(PINS[..i].iter().all(|q| q.name != p.name), "{}", p.name);
        assert!(pins::find(&p.name.to_uppercase()).is_some());
    }
    assert!(pins::find("nonsense").is_none());
}
