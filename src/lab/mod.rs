//! The laboratory: fixed-depth benchmarks and signatures, experiments over position suites,
//! and solving EPD test suites.
//!
//! * [`bench`]: the search signature (`chainmate bench`).
//! * [`pins`]: one signature per configuration the docs report (`chainmate bench --config`).
//! * [`experiment`]: node counts of configurations over a suite (`chainmate experiment nodes`).
//! * [`figures`]: the docs' node-count tables, regenerated and checked.
//! * [`predict`]: move prediction by the action library and the search (paper 003).
//! * [`suite`]: `bm`/`am` test suites (`chainmate epd`).
//! * [`book_distance`]: what a case-based book move costs by retrieval distance.
//! * [`table4`]: paper 000's Table 4, the case-based opening player's book moves.
//! * [`analyse`]: evaluation over a game, searched or read from comments (paper 000's
//!   Figures 3 and 4); [`plot`] draws it.
//!
//! Configurations are named by the strings of [`crate::config`] (`plain+chessmaps+tt`).

pub mod analyse;
pub mod bench;
pub mod book_distance;
pub mod experiment;
pub mod figures;
pub mod pins;
pub mod plot;
pub mod predict;
pub mod suite;
pub mod table4;

/// Runs `job` on every item on `threads` threads, each thread with its own state from `init`
/// (a transposition table, say), the items handed out one at a time; `done` is called after
/// each. Returns the results in item order.
pub fn parallel_map<T: Sync, S, R: Send>(
    items: &[T],
    threads: usize,
    init: impl Fn() -> S + Sync,
    job: impl Fn(&mut S, &T) -> R + Sync,
    done: &(dyn Fn() + Sync),
) -> Vec<R> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results = std::sync::Mutex::new(Vec::with_capacity(items.len()));
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, items.len().max(1)) {
            scope.spawn(|| {
                let mut state = init();
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(item) = items.get(i) else {
                        break;
                    };
                    let result = job(&mut state, item);
                    results
                        .lock()
                        .unwrap_or_else(|p| p.into_inner())
                        .push((i, result));
                    done();
                }
            });
        }
    });
    let mut results = results.into_inner().unwrap_or_else(|p| p.into_inner());
    results.sort_unstable_by_key(|(i, _)| *i);
    results.into_iter().map(|(_, r)| r).collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn parallel_map_keeps_the_item_order_and_calls_done_for_each() {
        let items: Vec<u64> = (0..100).collect();
        let done = std::sync::atomic::AtomicUsize::new(0);
        let squares = super::parallel_map(
            &items,
            3,
            || 0u64,
            |calls, &x| {
                *calls += 1;
                x * x
            },
            &|| {
                done.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            },
        );
        assert_eq!(squares, items.iter().map(|x| x * x).collect::<Vec<_>>());
        assert_eq!(done.into_inner(), 100);
    }
}
