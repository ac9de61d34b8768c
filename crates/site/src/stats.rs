//! The one statistic the site computes itself: a share's 95 % Wilson interval, for a tile the
//! arena's summary does not report (an older document, say, when a newer one reaches 32768).
//!
//! The formula is the arena's (`crates/arena/src/stats.rs`), so a column filled this way reads
//! exactly as one the arena filled.

/// The normal quantile of a two-sided 95 % interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The 95 % Wilson score interval of `successes` out of `trials`: `(0, 1)` without trials,
/// exactly 0 or 1 at the ends (rounding would otherwise leave a speck).
pub fn wilson(successes: usize, trials: usize) -> (f64, f64) {
    if trials == 0 {
        return (0.0, 1.0);
    }
    let n = trials as f64;
    let p = successes as f64 / n;
    let z2 = Z95 * Z95;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z95 / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    let low = if successes == 0 { 0.0 } else { (centre - half).max(0.0) };
    let high = if successes >= trials { 1.0 } else { (centre + half).min(1.0) };
    (low, high)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: (f64, f64), b: (f64, f64)) -> bool {
        (a.0 - b.0).abs() < 5e-5 && (a.1 - b.1).abs() < 5e-5
    }

    #[test]
    fn matches_published_values_and_the_arenas_output() {
        // Newcombe (1998), Table I.
        assert!(close(wilson(0, 10), (0.0, 0.2775)), "{:?}", wilson(0, 10));
        assert!(close(wilson(5, 10), (0.2366, 0.7634)), "{:?}", wilson(5, 10));
        // www/results/spec.json as the arena wrote it: 469 of 500 games reached 2048.
        assert!(close(wilson(469, 500), (0.913_340_286_9, 0.955_980_790_9)));
        assert_eq!(wilson(0, 500).0, 0.0);
        assert_eq!(wilson(7, 7).1, 1.0);
        assert_eq!(wilson(0, 0), (0.0, 1.0));
    }
}
