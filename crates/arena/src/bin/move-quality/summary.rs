//! Summarizing a run file: the moves binned by gap, each bin's mean drop with its interval, the
//! monotone fit, and the thresholds read off it.

use super::*;

/// Prints the tables and builds the document.
pub(super) fn summarize(
    args: &Args,
    file: &str,
    header: &Header,
    positions: &[Position],
) -> Result<Document, String> {
    if positions.is_empty() {
        return Err(format!("{file}: no positions measured yet"));
    }
    let all: Vec<(u32, f64, f64)> = positions
        .iter()
        .flat_map(|p| p.drops(args.gap, header.rollouts).into_iter().map(|(g, d)| (p.stage, g, d)))
        .collect();
    let moves: Vec<(f64, f64)> = all.iter().map(|&(_, g, d)| (g, d)).collect();
    let ties: Vec<f64> = moves.iter().filter(|m| m.0 == 0.0).map(|m| m.1).collect();
    let bins = quality::bin(&moves, args.bins);
    let thresholds = quality::thresholds(&bins, args.about, args.much);
    let games = positions.iter().map(|p| p.game).collect::<BTreeSet<_>>();
    let cpu_seconds: f64 = positions.iter().map(|p| p.cpu_seconds).sum();
    let played: u64 = positions.iter().flat_map(|p| &p.moves).map(|m| m.played).sum();
    let h = header;
    println!(
        "{}: {} positions of {} games ({} by seed {}, judged by {}), {} rollouts a move to {}, {} measured moves \
         that are not the best; {played} rollout moves in {:.1} CPU minutes",
        file,
        positions.len(),
        games.len(),
        h.player.as_ref().unwrap_or(&h.strength),
        h.seed,
        h.strength,
        h.rollouts,
        h.target.map_or("the next tile".to_string(), |t| t.to_string()),
        moves.len(),
        cpu_seconds / 60.0
    );
    println!(
        "gap = {}",
        if args.gap == GapMeasure::Absolute { "best − value" } else { "(best − value) / |best|" }
    );
    println!("{:>24}  {:>6}  {:>9}  {:>19}  {:>9}", "gap", "moves", "mean drop", "95 % interval", "monotone");
    let ties_drop = quality::drop_of(&ties);
    println!(
        "{:>24}  {:>6}  {:>9.3}  [{:>7.3}, {:>7.3}]",
        "0 (tie)", ties_drop.moves, ties_drop.mean_drop, ties_drop.low, ties_drop.high
    );
    for b in &bins {
        println!(
            "{:>24}  {:>6}  {:>9.3}  [{:>7.3}, {:>7.3}]  {:>9.3}",
            format!("{:.4} – {:.4}", b.gap_low, b.gap_high),
            b.drop.moves,
            b.drop.mean_drop,
            b.drop.low,
            b.drop.high,
            b.fitted_drop
        );
    }
    let worse = thresholds.worse.map_or("none".to_string(), |w| format!("{w:.4}"));
    println!(
        "thresholds: about as good up to {:.4} (fitted drop < {}), worse up to {worse} (fitted drop <= {})",
        thresholds.about_as_good, args.about, args.much
    );
    // A check that needs no bins: what the moves each word names lose on average.
    for (word, range) in [
        ("about as good", (0.0, thresholds.about_as_good)),
        ("worse", (thresholds.about_as_good, thresholds.worse.unwrap_or(f64::INFINITY))),
        ("much worse", (thresholds.worse.unwrap_or(f64::INFINITY), f64::INFINITY)),
    ] {
        let drops: Vec<f64> = moves.iter().filter(|m| m.0 > range.0 && m.0 <= range.1).map(|m| m.1).collect();
        let d = quality::drop_of(&drops);
        println!(
            "  all {:>4} moves called {word}: mean drop {:.3} [{:.3}, {:.3}]",
            d.moves, d.mean_drop, d.low, d.high
        );
    }
    // The words by stage: does one pair of thresholds mean the same early and late?
    println!(
        "by stage (mean drop, moves): about as good | worse | much worse; best move's reach of the target"
    );
    let mut stage = h.min_tile;
    while stage <= h.max_tile {
        let of = |word| {
            let drops: Vec<f64> = all
                .iter()
                .filter(|&&(s, g, _)| {
                    s == stage && g > 0.0 && results_schema::move_quality::word_for_gap(g, thresholds) == word
                })
                .map(|m| m.2)
                .collect();
            let d = quality::drop_of(&drops);
            format!("{:>6.3} ({:>4})", d.mean_drop, d.moves)
        };
        let best: Vec<f64> = positions
            .iter()
            .filter(|p| p.stage == stage)
            .flat_map(|p| p.moves.iter().filter(|m| m.direction == p.best))
            .map(|m| f64::from(m.reached) / f64::from(h.rollouts))
            .collect();
        // The scale of the values at this stage, for the choice of gap measure.
        let values: Vec<f64> = positions
            .iter()
            .filter(|p| p.stage == stage)
            .flat_map(|p| p.moves.iter().filter(|m| m.direction == p.best))
            .map(|m| m.value)
            .collect();
        use arena::stats::percentile;
        use results_schema::move_quality::Word;
        println!(
            "{stage:>6}: {} | {} | {}; {:.3} of {} positions; best value 5th/50th/95th percentile {:.1} / {:.1} / {:.1}",
            of(Word::AboutAsGood),
            of(Word::Worse),
            of(Word::MuchWorse),
            best.iter().sum::<f64>() / best.len().max(1) as f64,
            best.len(),
            percentile(&values, 5.0),
            percentile(&values, 50.0),
            percentile(&values, 95.0)
        );
        stage *= 2;
    }
    // What a stage-aware rule would read off each stage alone (half the bins: a quarter of the
    // moves each); the page's words are one pair for every stage.
    println!("each stage alone ({} bins): thresholds", (args.bins / 2).max(1));
    let mut stage = h.min_tile;
    while stage <= h.max_tile {
        let part: Vec<(f64, f64)> = all.iter().filter(|m| m.0 == stage).map(|m| (m.1, m.2)).collect();
        let t = quality::thresholds(&quality::bin(&part, (args.bins / 2).max(1)), args.about, args.much);
        let worse = t.worse.map_or("none".to_string(), |w| format!("{w:.4}"));
        println!("{stage:>6}: about as good up to {:.4}, worse up to {worse}", t.about_as_good);
        stage *= 2;
    }
    super::corner::print(positions, h, args.gap);
    let run_games = games.last().map_or(0, |g| g + 1);
    let player = h.player.as_ref().map_or(String::new(), |p| format!(" --player {p}"));
    let target = h.target.map_or(String::new(), |t| format!(" --target {t}"));
    let run_command = format!(
        "cargo run --release -p arena --bin move-quality -- --strength {}{player} --seed {} --games {run_games} \
         --per-stage {} --min-tile {} --max-tile {}{target} --rollouts {} --move-cap {} --out {file}",
        h.strength, h.seed, h.per_stage, h.min_tile, h.max_tile, h.rollouts, h.move_cap
    );
    let command = std::iter::once("cargo run --release -p arena --bin move-quality --".to_string())
        .chain(std::env::args().skip(1))
        .collect::<Vec<_>>()
        .join(" ");
    Ok(Document {
        command,
        run_command,
        strength: h.strength.clone(),
        player: h.player.clone(),
        target: h.target,
        gap: args.gap,
        seed: h.seed,
        games: games.len(),
        positions: positions.len(),
        moves: moves.len(),
        rollouts: h.rollouts,
        per_stage: h.per_stage,
        min_tile: h.min_tile,
        max_tile: h.max_tile,
        move_cap: h.move_cap,
        about: args.about,
        much: args.much,
        cpu_seconds,
        ties: ties_drop,
        bins,
        thresholds,
    })
}
