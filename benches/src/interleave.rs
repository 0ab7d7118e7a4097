//! Side-by-side timing on a noisy machine: every round times each contestant once on every
//! cell of the corpus, in an order that rotates from round to round, so that a slow spell
//! hits all of them alike. A ratio is taken within each round and the median over rounds is
//! reported.

use std::time::{Duration, Instant};

/// Per-pass times: `times[round][contestant][cell]`.
#[derive(Debug, Clone)]
pub struct Samples {
    /// One entry per round.
    pub times: Vec<Vec<Vec<Duration>>>,
}

/// Times `contestants` contestants over `cells` cells for `rounds` rounds. `run(contestant,
/// cell)` does one pass; each measurement repeats it `repeats[cell]` times and keeps the time
/// of one pass.
pub fn measure(
    contestants: usize,
    repeats: &[u32],
    rounds: usize,
    mut run: impl FnMut(usize, usize),
) -> Samples {
    let times = (0..rounds)
        .map(|round| {
            let mut round_times = vec![vec![Duration::ZERO; repeats.len()]; contestants];
            for (cell, &repeat) in repeats.iter().enumerate() {
                for step in 0..contestants {
                    let contestant = (step + round + cell) % contestants;
                    let start = Instant::now();
                    for _ in 0..repeat {
                        run(contestant, cell);
                    }
                    round_times[contestant][cell] = start.elapsed() / repeat.max(1);
                }
            }
            round_times
        })
        .collect();
    Samples { times }
}

/// How many passes make a measurement of at least `target`, given one pass's time.
pub fn repeats_for(pass: Duration, target: Duration) -> u32 {
    let pass = pass.max(Duration::from_nanos(1));
    u32::try_from(target.as_nanos() / pass.as_nanos())
        .unwrap_or(u32::MAX)
        .clamp(1, 10_000)
}

impl Samples {
    /// The median over rounds of `contestant`'s time over the `cells` chosen, divided by
    /// `baseline`'s time over the same cells in the same round.
    pub fn ratio(&self, contestant: usize, baseline: usize, cells: &[usize]) -> f64 {
        let ratios = self
            .times
            .iter()
            .map(|round| total(&round[contestant], cells) / total(&round[baseline], cells))
            .collect();
        median(ratios)
    }

    /// The median over rounds of `contestant`'s time for one pass over the `cells` chosen.
    pub fn time(&self, contestant: usize, cells: &[usize]) -> Duration {
        let seconds = self
            .times
            .iter()
            .map(|round| total(&round[contestant], cells))
            .collect();
        Duration::from_secs_f64(median(seconds))
    }
}

/// The summed time of some cells, in seconds.
fn total(times: &[Duration], cells: &[usize]) -> f64 {
    cells.iter().map(|&cell| times[cell].as_secs_f64()).sum()
}

/// The median of some numbers (the mean of the middle two for an even count).
pub fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    let middle = values.len() / 2;
    match values.len() {
        0 => f64::NAN,
        len if len % 2 == 1 => values[middle],
        _ => (values[middle - 1] + values[middle]) / 2.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_odd_and_even_counts() {
        assert_eq!(median(vec![3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(vec![4.0, 1.0, 2.0, 3.0]), 2.5);
        assert!(median(Vec::new()).is_nan());
    }

    #[test]
    fn every_contestant_runs_on_every_cell_every_round() {
        let mut runs = vec![vec![0u32; 2]; 3];
        let samples = measure(3, &[1, 2], 4, |contestant, cell| {
            runs[contestant][cell] += 1
        });
        assert_eq!(runs, vec![vec![4, 8]; 3]);
        assert_eq!(samples.times.len(), 4);
        assert!(samples.ratio(0, 0, &[0, 1]) == 1.0);
    }

    #[test]
    fn repeats_reach_the_target() {
        let repeats = repeats_for(Duration::from_micros(10), Duration::from_millis(2));
        assert_eq!(repeats, 200);
        assert_eq!(
            repeats_for(Duration::from_secs(1), Duration::from_millis(2)),
            1
        );
    }
}
