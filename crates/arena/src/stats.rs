//! The few statistics the arena reports: Wilson intervals for shares, medians, percentiles,
//! and the sign test of two runs' paired games.

// Declared with the results document, which the site reads too.
pub use results_schema::{Z95, wilson};

/// The median (the mean of the two middle values for an even count); NaN when empty.
pub fn median(values: &[f64]) -> f64 {
    if values.is_empty() {
        return f64::NAN;
    }
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let mid = sorted.len() / 2;
    if sorted.len() % 2 == 1 { sorted[mid] } else { (sorted[mid - 1] + sorted[mid]) / 2.0 }
}

/// A distribution-free confidence interval for the median, from order statistics: the values
/// of (1-based) ranks floor(n/2 - z*sqrt(n)/2) and ceil(1 + n/2 + z*sqrt(n)/2), clamped to the
/// data. NaN when empty.
pub fn median_interval(values: &[f64], z: f64) -> (f64, f64) {
    if values.is_empty() {
        return (f64::NAN, f64::NAN);
    }
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let n = sorted.len() as f64;
    let spread = z * n.sqrt() / 2.0;
    let rank = |r: f64| sorted[(r as usize).clamp(1, sorted.len()) - 1];
    (rank((n / 2.0 - spread).floor()), rank((1.0 + n / 2.0 + spread).ceil()))
}

/// The `p`-th percentile (0 < p <= 100) by the nearest-rank rule: the smallest value with at
/// least p % of the values at or below it. NaN when empty.
pub fn percentile(values: &[f64], p: f64) -> f64 {
    if values.is_empty() {
        return f64::NAN;
    }
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let rank = (p / 100.0 * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

/// The arithmetic mean; NaN when empty.
pub fn mean(values: &[f64]) -> f64 {
    values.iter().sum::<f64>() / values.len() as f64
}

/// The two-sided exact sign test: the chance, were either side as likely to win each of the
/// `a + b` games only one side won, of a split at least as uneven as `a` to `b`.
pub fn sign_test(a: u64, b: u64) -> f64 {
    let n = a + b;
    if n == 0 {
        return 1.0;
    }
    let k = a.min(b);
    // P(X <= k) for X ~ Binomial(n, 1/2), summed in logs so that large n stays finite.
    let ln_half_n = n as f64 * 0.5f64.ln();
    let mut ln_choose = 0.0f64;
    let mut tail = 0.0f64;
    for i in 0..=k {
        if i > 0 {
            ln_choose += ((n - i + 1) as f64).ln() - (i as f64).ln();
        }
        tail += (ln_choose + ln_half_n).exp();
    }
    (2.0 * tail).min(1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: (f64, f64), b: (f64, f64)) -> bool {
        (a.0 - b.0).abs() < 5e-5 && (a.1 - b.1).abs() < 5e-5
    }

    #[test]
    fn wilson_matches_published_values() {
        // Newcombe (1998), Table I: 0/10 -> (0, 0.2775); 5/10 -> (0.2366, 0.7634).
        assert!(close(wilson(0, 10, Z95), (0.0, 0.2775)), "{:?}", wilson(0, 10, Z95));
        assert!(close(wilson(5, 10, Z95), (0.2366, 0.7634)), "{:?}", wilson(5, 10, Z95));
        // Symmetry: k of n successes mirrors n - k.
        let (lo, hi) = wilson(457, 500, Z95);
        let (lo2, hi2) = wilson(43, 500, Z95);
        assert!((lo - (1.0 - hi2)).abs() < 1e-12 && (hi - (1.0 - lo2)).abs() < 1e-12);
        // It holds the observed share and narrows with more trials.
        assert!(lo < 457.0 / 500.0 && 457.0 / 500.0 < hi);
        let (lo4, hi4) = wilson(4 * 457, 2000, Z95);
        assert!(hi4 - lo4 < hi - lo);
        assert_eq!(wilson(10, 10, Z95).1, 1.0);
        assert_eq!(wilson(0, 500, Z95).0, 0.0);
        assert_eq!(wilson(0, 0, Z95), (0.0, 1.0));
    }

    #[test]
    fn median_of_odd_and_even_counts() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), 2.5);
        assert_eq!(median(&[7.0]), 7.0);
        assert!(median(&[]).is_nan());
    }

    #[test]
    fn percentile_uses_nearest_rank() {
        let hundred: Vec<f64> = (1..=100).rev().map(f64::from).collect();
        assert_eq!(percentile(&hundred, 99.0), 99.0);
        assert_eq!(percentile(&hundred, 50.0), 50.0);
        assert_eq!(percentile(&hundred, 100.0), 100.0);
        assert_eq!(percentile(&hundred, 0.5), 1.0);
        // With 10 values the 99th percentile is the largest.
        let ten: Vec<f64> = (1..=10).map(f64::from).collect();
        assert_eq!(percentile(&ten, 99.0), 10.0);
        assert_eq!(percentile(&ten, 90.0), 9.0);
    }

    #[test]
    fn median_interval_uses_the_textbook_ranks() {
        // For n = 100 the 95 % interval runs from the 40th to the 61st smallest value.
        let hundred: Vec<f64> = (1..=100).rev().map(f64::from).collect();
        assert_eq!(median_interval(&hundred, Z95), (40.0, 61.0));
        // Small samples fall back to the whole range.
        assert_eq!(median_interval(&[5.0, 1.0, 3.0], Z95), (1.0, 5.0));
    }

    #[test]
    fn sign_test_matches_the_binomial_tails() {
        // 2 of 17 one way: 2 * (1 + 17 + 136) / 2^17.
        assert!((sign_test(2, 15) - 2.0 * 154.0 / 131_072.0).abs() < 1e-12);
        assert!((sign_test(15, 2) - sign_test(2, 15)).abs() < 1e-15, "either way round");
        // 10 of 31: 0.0708 (R: binom.test(10, 31)).
        assert!((sign_test(10, 21) - 0.0708).abs() < 1e-4, "{}", sign_test(10, 21));
        assert_eq!(sign_test(21, 21), 1.0);
        assert_eq!(sign_test(0, 0), 1.0);
        assert!(sign_test(0, 2000) < 1e-300 && sign_test(0, 2000) >= 0.0);
    }

    #[test]
    fn mean_is_the_average() {
        assert_eq!(mean(&[1.0, 2.0, 6.0]), 3.0);
    }
}
