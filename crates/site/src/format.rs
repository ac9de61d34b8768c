//! How the site writes numbers: thousands grouped with commas, shares as `91.4 %`, think times
//! with three significant figures in ms, µs or ns.
//!
//! One place for every format, so the `data-result` spans, the tables and the charts of the
//! same number always read the same.

/// Groups the digits of a whole number by thousands: 37004 -> `37,004`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A count or a median: grouped by thousands, with one decimal only when it has a fraction
/// (the median of an even number of games can fall halfway between two: `1,981.5`).
pub fn number(x: f64) -> String {
    let tenths = (x * 10.0).round();
    let whole = (tenths / 10.0).trunc();
    let fraction = (tenths - whole * 10.0).abs() as u64;
    let sign = if x < 0.0 && tenths != 0.0 { "-" } else { "" };
    let grouped = thousands(whole.abs() as u64);
    if fraction == 0 { format!("{sign}{grouped}") } else { format!("{sign}{grouped}.{fraction}") }
}

/// A share in percent with one decimal: `91.4 %`. Computed from the counts, not from a stored
/// ratio, so that every page rounds the same count the same way.
pub fn percent(count: usize, total: usize) -> String {
    format!("{:.1} %", percent_value(count, total))
}

/// `count` out of `total`, in percent.
pub fn percent_value(count: usize, total: usize) -> f64 {
    if total == 0 { 0.0 } else { count as f64 * 100.0 / total as f64 }
}

/// A 95 % interval of a share, both ends in percent with one decimal: `91.3–95.6 %`.
pub fn percent_interval(low: f64, high: f64) -> String {
    format!("{:.1}–{:.1} %", low * 100.0, high * 100.0)
}

/// A time in milliseconds, with three significant figures in the unit that suits it:
/// `9.52 ms`, `678 µs`, `90.2 ns`.
pub fn duration_ms(ms: f64) -> String {
    let (value, unit) = if ms >= 1.0 {
        (ms, "ms")
    } else if ms >= 1e-3 {
        (ms * 1e3, "µs")
    } else {
        (ms * 1e6, "ns")
    };
    let decimals = if value >= 99.95 {
        0
    } else if value >= 9.995 {
        1
    } else {
        2
    };
    format!("{value:.decimals$} {unit}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_are_grouped() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(37004), "37,004");
        assert_eq!(thousands(1_966_080), "1,966,080");
    }

    #[test]
    fn numbers_keep_a_half() {
        assert_eq!(number(37004.0), "37,004");
        assert_eq!(number(1981.5), "1,981.5");
        assert_eq!(number(214.5), "214.5");
        assert_eq!(number(-1000.0), "-1,000");
    }

    #[test]
    fn shares_and_intervals() {
        assert_eq!(percent(457, 500), "91.4 %");
        assert_eq!(percent(0, 500), "0.0 %");
        assert_eq!(percent(500, 500), "100.0 %");
        assert_eq!(percent_interval(0.9133, 0.9559), "91.3–95.6 %");
    }

    #[test]
    fn times_get_three_figures_and_a_unit() {
        assert_eq!(duration_ms(9.516317), "9.52 ms");
        assert_eq!(duration_ms(12.34), "12.3 ms");
        assert_eq!(duration_ms(0.6778), "678 µs");
        assert_eq!(duration_ms(0.00125), "1.25 µs");
        assert_eq!(duration_ms(9.0196e-5), "90.2 ns");
    }
}
