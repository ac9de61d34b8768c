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
        Some(w) => format!(
            "<em>worse</em> up to <span data-field=\"worse\">{}</span>, and <em>much worse</em> beyond",
            gap_text(w)
        ),
        None => "<em>worse</em> beyond that (no gap measured lost enough to call a move <em>much worse</em>)"
            .into(),
    };
    let mut s = format!(
        "<p class=\"coach-figures\">Measured with the <strong>{strength}</strong> strength: {positions} positions \
         from {games} self-play games (seed {seed}; {per_stage} a game for each largest tile from {min} to {max}), \
         every possible move of each played {rollouts} times on to the next tile, {moves} moves that were not the \
         search’s choice. The gap is {gap}, in the strength’s own evaluation. A move is <em>about as good</em> up \
         to a gap of <span data-field=\"about_as_good\">{about_as_good}</span> (its chance of the next tile falls \
         by less than {about} points), {worse} (it falls by more than {much} points). It took {minutes} CPU \
         minutes.</p>\n",
        strength = escape(&d.strength),
        positions = thousands(d.positions as u64),
        games = d.games,
        seed = d.seed,
        per_stage = d.per_stage,
        min = thousands(u64::from(d.min_tile)),
        max = thousands(u64::from(d.max_tile)),
        rollouts = d.rollouts,
        moves = thousands(d.moves as u64),
        about_as_good = gap_text(t.about_as_good),
        about = points(d.about),
        much = points(d.much),
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

    #[test]
    fn gaps_and_points_read_as_the_table_shows_them() {
        assert_eq!(gap_text(0.04321), "0.043");
        assert_eq!(gap_text(2.345), "2.35");
        assert_eq!(gap_text(23.45), "23.4");
        assert_eq!(gap_text(1_000_020.2), "1,000,020");
        assert_eq!(points(0.0234), "2.3");
        assert_eq!(points(-0.0234), "−2.3");
        assert_eq!(points(-0.0001), "0.0");
    }
}
