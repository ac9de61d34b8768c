//! Turns finished games into the summary table and the JSON document of the results page.

pub use results_schema::{Reach, Record, Summary};

use crate::play::GameResult;
use crate::stats::{Z95, mean, median, median_interval, percentile};

/// The tiles whose reach the summary reports.
pub const MILESTONES: [u32; 7] = [1024, 2048, 4096, 8192, 16384, 32768, 65536];

impl From<&GameResult> for Record {
    fn from(g: &GameResult) -> Record {
        Record {
            index: g.index,
            seed: format!("{:016x}", g.seed),
            score: g.score,
            moves: g.moves,
            max_tile: g.max_tile,
            think_us: g.think_total().as_micros() as u64,
        }
    }
}

pub fn summarize(
    strategy: &str,
    seed: u64,
    results: &[GameResult],
    threads: usize,
    wall_seconds: f64,
) -> Summary {
    let n = results.len();
    let reach = MILESTONES
        .iter()
        .map(|&tile| Reach::from_count(tile, results.iter().filter(|g| g.max_tile >= tile).count(), n))
        .collect();
    let scores: Vec<f64> = results.iter().map(|g| f64::from(g.score)).collect();
    let moves: Vec<f64> = results.iter().map(|g| f64::from(g.moves)).collect();
    let think_ms: Vec<f64> =
        results.iter().flat_map(|g| g.think.iter().map(|t| t.as_secs_f64() * 1e3)).collect();
    let split_ms: Vec<f64> =
        results.iter().flat_map(|g| g.slowest.iter().map(|t| t.as_secs_f64() * 1e3)).collect();
    let think_seconds: f64 = think_ms.iter().sum::<f64>() / 1e3;
    let nodes: u64 = results.iter().map(|g| g.nodes).sum();
    Summary {
        strategy: strategy.to_string(),
        seed,
        games: n,
        reach,
        mean_score: mean(&scores),
        median_score: median(&scores),
        median_score_interval: median_interval(&scores, Z95),
        median_moves: median(&moves),
        median_moves_interval: median_interval(&moves, Z95),
        mean_moves: mean(&moves),
        mean_think_ms: mean(&think_ms),
        p99_think_ms: percentile(&think_ms, 99.0),
        mean_split_ms: (!split_ms.is_empty()).then(|| mean(&split_ms)),
        p99_split_ms: (!split_ms.is_empty()).then(|| percentile(&split_ms, 99.0)),
        split_moves: split_ms.len(),
        nodes_per_second: if think_seconds > 0.0 { nodes as f64 / think_seconds } else { 0.0 },
        threads,
        wall_seconds,
        command: String::new(),
    }
}

/// Groups digits by thousands: 37004 -> "37,004".
fn thousands(x: f64) -> String {
    let digits = format!("{:.0}", x.round());
    let (sign, digits) = digits.split_at(if digits.starts_with('-') { 1 } else { 0 });
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    format!("{sign}{out}")
}

/// The summary as a plain-text table.
pub fn table(s: &Summary) -> String {
    let mut out = format!(
        "strategy {}   games {}   seed {}   threads {}   wall {:.1} s\n\n",
        s.strategy, s.games, s.seed, s.threads, s.wall_seconds
    );
    out += "reached    games   share    95 % Wilson interval\n";
    for r in &s.reach {
        out += &format!(
            "{:>7}  {:>7}  {:>6.1} %  [{:>5.1} %, {:>5.1} %]\n",
            r.tile,
            r.games,
            100.0 * r.share,
            100.0 * r.low,
            100.0 * r.high
        );
    }
    let median_line = |name: &str, mean: f64, median: f64, (low, high): (f64, f64)| {
        format!(
            "{name:<10} mean {:>10}   median {:>10}   [{}, {}]\n",
            thousands(mean),
            thousands(median),
            thousands(low),
            thousands(high)
        )
    };
    out += "\n                                          95 % interval of the median\n";
    out += &median_line("score", s.mean_score, s.median_score, s.median_score_interval);
    out += &median_line("moves", s.mean_moves, s.median_moves, s.median_moves_interval);
    out += &format!(
        "think      mean {:>10}   p99 {:>13}   (per move)\n",
        time(s.mean_think_ms),
        time(s.p99_think_ms)
    );
    if let (Some(mean), Some(p99)) = (s.mean_split_ms, s.p99_split_ms) {
        out += &format!(
            "split      mean {:>10}   p99 {:>13}   (the slowest root move's search: a move with four threads; {} moves)\n",
            time(mean),
            time(p99),
            thousands(s.split_moves as f64)
        );
    }
    if s.nodes_per_second > 0.0 {
        out += &format!("search     {:.2} M nodes/s per thread\n", s.nodes_per_second / 1e6);
    } else {
        out += "search     none (a rule, no search)\n";
    }
    out
}

/// A think time given in milliseconds, in µs when below 0.1 ms so cheap strategies show digits.
fn time(ms: f64) -> String {
    if ms >= 0.1 { format!("{ms:.3} ms") } else { format!("{:.2} µs", ms * 1e3) }
}

/// The JSON document: the summary, then one compact line per game.
pub fn json(summary: &Summary, results: &[GameResult]) -> String {
    let records: Vec<String> =
        results.iter().map(|g| serde_json::to_string(&Record::from(g)).expect("records serialize")).collect();
    format!(
        "{{\n\"summary\": {},\n\"games\": [\n{}\n]\n}}\n",
        serde_json::to_string_pretty(summary).expect("the summary serializes"),
        records.join(",\n")
    )
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    fn game(index: u64, score: u32, moves: u32, max_tile: u32) -> GameResult {
        GameResult {
            index,
            seed: u64::MAX - index,
            score,
            moves,
            max_tile,
            nodes: 1000,
            think: vec![Duration::from_millis(1); moves as usize],
            slowest: Vec::new(),
        }
    }

    #[test]
    fn summary_counts_milestones_and_centres() {
        let games =
            [game(0, 100, 10, 512), game(1, 300, 30, 2048), game(2, 200, 20, 4096), game(3, 900, 40, 1024)];
        let s = summarize("spec", 1, &games, 2, 1.0);
        let reached: Vec<usize> = s.reach.iter().map(|r| r.games).collect();
        assert_eq!(reached, [3, 2, 1, 0, 0, 0, 0]);
        assert_eq!(s.reach[1].share, 0.5);
        assert!(s.reach[1].low < 0.5 && s.reach[1].high > 0.5);
        assert_eq!(s.median_score, 250.0);
        assert_eq!(s.mean_score, 375.0);
        assert_eq!(s.median_moves, 25.0);
        assert!((s.mean_think_ms - 1.0).abs() < 1e-9);
        // 4000 nodes over 100 moves of 1 ms each.
        assert!((s.nodes_per_second - 40_000.0).abs() < 1e-6);
    }

    #[test]
    fn json_holds_the_summary_and_every_game() {
        let games = [game(0, 100, 10, 512), game(1, 300, 30, 2048)];
        let text = json(&summarize("corner", 1, &games, 1, 0.5), &games);
        let doc: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(doc["summary"]["strategy"], "corner");
        assert_eq!(doc["games"].as_array().unwrap().len(), 2);
        assert_eq!(doc["games"][1]["seed"], "fffffffffffffffe");
        assert_eq!(doc["games"][1]["think_us"], 30_000);
    }

    #[test]
    fn a_split_strategys_slowest_root_searches_are_summed_up_apart_from_its_think_time() {
        let mut games = [game(0, 100, 2, 512), game(1, 300, 3, 2048)];
        assert_eq!(summarize("spec", 1, &games, 1, 1.0).mean_split_ms, None);
        games[0].slowest = vec![Duration::from_micros(200), Duration::from_micros(400)];
        games[1].slowest = vec![Duration::from_micros(300); 3];
        let s = summarize("max", 1, &games, 1, 1.0);
        assert_eq!(s.split_moves, 5);
        assert!((s.mean_split_ms.unwrap() - 0.3).abs() < 1e-9);
        assert!((s.mean_think_ms - 1.0).abs() < 1e-9);
        assert!(table(&s).contains("split      mean   0.300 ms   p99      0.400 ms"), "{}", table(&s));
    }

    #[test]
    fn thousands_are_grouped() {
        assert_eq!(thousands(37004.0), "37,004");
        assert_eq!(thousands(1234567.4), "1,234,567");
        assert_eq!(thousands(999.0), "999");
        assert_eq!(thousands(-1000.0), "-1,000");
    }

    #[test]
    fn small_times_are_shown_in_microseconds() {
        assert_eq!(time(0.4213), "0.421 ms");
        assert_eq!(time(0.00125), "1.25 µs");
    }
}
