//! The solver page's figures behind the Hint's words (`<!--movequality LANG-->`): the thresholds
//! of `www/results/move-quality.json`, the bins they were read from and the commands that made
//! them, so the page says what "about as good", "worse" and "much worse" were measured to mean.
//! Without the file it says the words are not measured yet, so the page still builds.

use results_schema::move_quality::{Document, GapMeasure, Word, word_for_gap};

use crate::format::thousands;
use crate::html::escape;
use crate::results::Results;

/// A gap as the table shows it: three significant figures, or grouped digits from 1,000 (a
/// move that loses is worth `solver::LOST`, a million below a live one).
pub fn gap_text(gap: f64) -> String {
    if gap >= 1000.0 {
        thousands(gap.round() as u64)
    } else if gap >= 100.0 {
        format!("{gap:.0}")
    } else if gap >= 10.0 {
        format!("{gap:.1}")
    } else if gap >= 1.0 {
        format!("{gap:.2}")
    } else {
        format!("{gap:.3}")
    }
}

/// A drop in the chance of reaching the next tile, in percentage points: `+3.4`, `−0.5`.
fn points(drop: f64) -> String {
    let p = 100.0 * drop;
    if p < -0.05 { format!("−{:.1}", -p) } else { format!("{:.1}", p.abs()) }
}

/// A drop the thresholds stand for, in points: `2`, `2.5`.
fn limit(drop: f64) -> String {
    let p = 100.0 * drop;
    if (p - p.round()).abs() < 1e-9 { format!("{p:.0}") } else { format!("{p}") }
}

/// The section's figures, in language `lang` (English only, for now).
pub fn figures(lang: &str, results: &Results) -> Result<String, String> {
    if lang != "en" {
        return Err(format!("`movequality` is written in en, not `{lang}`"));
    }
    Ok(match &results.move_quality {
        Some(d) => table(d),
        None => "<p class=\"coach-note\">The Hint’s words are not measured yet: their figures appear here once \
                 <code>www/results/move-quality.json</code> is committed (<code>docs/coach.md</code> has the command).</p>"
            .to_string(),
    })
}

fn table(d: &Document) -> String {
    let gap = match d.gap {
        GapMeasure::Absolute => "best − value",
        GapMeasure::Relative => "(best − value) / |best|",
    };
    let t = d.thresholds;
    let worse = match t.worse {
        Some(w) if w <= t.about_as_good => {
            "and <em>much worse</em> beyond (no bin of gaps fell between the two \
             limits, so no move is just <em>worse</em>)"
                .into()
        }
        Some(w) => format!(
            "<em>worse</em> up to <span data-field=\"worse\">{}</span>, and <em>much worse</em> beyond",
            gap_text(w)
        ),
        None => "<em>worse</em> beyond that (no gap measured lost enough to call a move <em>much worse</em>)"
            .into(),
    };
    let mut s = format!(
        "<p class=\"coach-figures\">Measured with the <strong>{strength}</strong>: {positions} positions \
         from {games} self-play games (seed {seed}; {per_stage} a game for each largest tile from {min} to {max}), \
         every possible move of each played {rollouts} times on to the next tile, {moves} moves that were not the \
         search’s choice. The gap is {gap}, in the strength’s own evaluation. A move is <em>about as good</em> up \
         to a gap of <span data-field=\"about_as_good\">{about_as_good}</span> (its chance of the next tile falls \
         by less than {about} points), {worse} (it falls by more than {much} points). It took {minutes} CPU \
         minutes.</p>\n",
        strength = escape(solver::Strategy::from_id(&d.strength).map_or(d.strength.as_str(), |s| s.label())),
        positions = thousands(d.positions as u64),
        games = d.games,
        seed = d.seed,
        per_stage = d.per_stage,
        min = thousands(u64::from(d.min_tile)),
        max = thousands(u64::from(d.max_tile)),
        rollouts = d.rollouts,
        moves = thousands(d.moves as u64),
        about_as_good = gap_text(t.about_as_good),
        about = limit(d.about),
        much = limit(d.much),
        minutes = (d.cpu_seconds / 60.0).round(),
    );
    s.push_str(
        "<div class=\"table-wrap\" role=\"region\" tabindex=\"0\" aria-labelledby=\"coach-table-caption\">\n\
         <table class=\"results coach\" id=\"coach-table\">\n<caption id=\"coach-table-caption\">How much a move \
         below the best costs: the drop in the chance of reaching the next tile, in points</caption>\n<thead><tr>\
         <th scope=\"col\">Gap</th><th scope=\"col\" class=\"num\">Moves</th><th scope=\"col\" class=\"num\">Mean \
         drop</th><th scope=\"col\" class=\"num\">95 % interval</th><th scope=\"col\" class=\"num\">Monotone \
         fit</th><th scope=\"col\">Word</th></tr></thead>\n<tbody>\n",
    );
    let row = |range: String, drop: &results_schema::move_quality::Drop, fitted: Option<f64>, word: Word| {
        format!(
            "<tr><th scope=\"row\">{range}</th><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{} \
             to {}</td><td class=\"num\">{}</td><td>{}</td></tr>\n",
            thousands(drop.moves as u64),
            points(drop.mean_drop),
            points(drop.low),
            points(drop.high),
            fitted.map_or("–".to_string(), points),
            word.english()
        )
    };
    if d.ties.moves > 0 {
        s.push_str(&row("0 (a tie)".into(), &d.ties, None, Word::Best));
    }
    for b in &d.bins {
        let range = format!("{} to {}", gap_text(b.gap_low), gap_text(b.gap_high));
        s.push_str(&row(range, &b.drop, Some(b.fitted_drop), word_for_gap(b.gap_high, t)));
    }
    s.push_str("</tbody>\n</table>\n</div>\n");
    s.push_str(&format!(
        "<p class=\"coach-command\">Measured with <code>{}</code>, summarized with <code>{}</code>.</p>",
        escape(&d.run_command),
        escape(&d.command)
    ));
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use results_schema::move_quality::{Bin, Drop, Thresholds};

    #[test]
    fn gaps_and_points_read_as_the_table_shows_them() {
        assert_eq!(gap_text(0.04321), "0.043");
        assert_eq!(gap_text(2.345), "2.35");
        assert_eq!(gap_text(23.45), "23.4");
        assert_eq!(gap_text(1_000_020.2), "1,000,020");
        assert_eq!(points(0.0234), "2.3");
        assert_eq!(points(-0.0234), "−2.3");
        assert_eq!(points(-0.0001), "0.0");
        assert_eq!((limit(0.02), limit(0.10), limit(0.025)), ("2".into(), "10".into(), "2.5".into()));
    }

    fn document(thresholds: Thresholds) -> Document {
        let drop =
            |mean_drop: f64| Drop { moves: 40, mean_drop, low: mean_drop - 0.01, high: mean_drop + 0.01 };
        let bin = |gap_low: f64, gap_high: f64, mean: f64| Bin {
            gap_low,
            gap_high,
            drop: drop(mean),
            fitted_drop: mean,
        };
        Document {
            command: "cargo run --release -p arena --bin move-quality -- --summarize f.jsonl".into(),
            run_command: "cargo run --release -p arena --bin move-quality -- --out f.jsonl".into(),
            strength: "spec".into(),
            gap: GapMeasure::Absolute,
            seed: 1,
            games: 3,
            positions: 36,
            moves: 120,
            rollouts: 10,
            per_stage: 3,
            min_tile: 256,
            max_tile: 2048,
            move_cap: 5000,
            about: 0.02,
            much: 0.10,
            cpu_seconds: 600.0,
            ties: drop(0.0),
            bins: vec![bin(0.1, 2.0, 0.0), bin(2.5, 8.0, 0.05), bin(9.0, 30.0, 0.3)],
            thresholds,
        }
    }

    #[test]
    fn the_figures_name_the_thresholds_and_give_each_bin_its_word() {
        let results = Results {
            runs: Vec::new(),
            move_quality: Some(document(Thresholds { about_as_good: 2.0, worse: Some(8.0) })),
        };
        let html = figures("en", &results).unwrap();
        assert!(html.contains("<span data-field=\"about_as_good\">2.00</span>"), "{html}");
        assert!(html.contains("<span data-field=\"worse\">8.00</span>"), "{html}");
        assert!(
            html.contains("Spec solver") && html.contains("36 positions from 3 self-play games"),
            "{html}"
        );
        let words: Vec<&str> =
            html.match_indices("</td><td>").map(|(i, _)| html[i + 9..].split('<').next().unwrap()).collect();
        assert_eq!(words, ["best", "about as good", "worse", "much worse"]);
        assert!(html.contains("--summarize f.jsonl"));
        // Thresholds that meet leave no "worse" band, and the page says so.
        let results = Results {
            runs: Vec::new(),
            move_quality: Some(document(Thresholds { about_as_good: 8.0, worse: Some(8.0) })),
        };
        assert!(figures("en", &results).unwrap().contains("no move is just <em>worse</em>"));
        assert!(figures("ko", &results).is_err());
        assert!(
            figures("en", &Results { runs: Vec::new(), move_quality: None })
                .unwrap()
                .contains("not measured yet")
        );
    }
}
