//! The numbers on the pages: each equal to what the arena's JSON says, the tables, the order of
//! the strategies, the original claim beside ours, the tile ladder, and what the generator
//! refuses.

use super::*;

/// The number a `data-result` key stands for, from the games in the JSON.
fn expected_result(key: &str) -> String {
    let (strategy, field) = key.split_once('.').unwrap();
    let run = run_named(strategy);
    let n = run.scores.len();
    match field.split_once('.') {
        Some(("reached", tile)) => {
            let tile: u64 = tile.parse().unwrap();
            let count = run.max_tiles.iter().filter(|&&t| t >= tile).count();
            format!("{:.1} %", count as f64 * 100.0 / n as f64)
        }
        _ => match field {
            "games" => grouped(n as f64),
            "median_score" => grouped(median(&run.scores)),
            "mean_score" => grouped(mean(&run.scores).round()),
            "median_moves" => grouped(median(&run.moves)),
            other => panic!("the test does not know `{other}`"),
        },
    }
}

#[test]
fn every_data_result_equals_the_json() {
    let mut checked = BTreeMap::new();
    for (name, html) in pages() {
        for (key, text) in attr_and_text(html, "data-result") {
            let (strategy, field) = key.split_once('.').unwrap();
            if field.ends_with("_ms") {
                // Per-move times only the summary holds (the games keep whole-game totals).
                let json = run_named(strategy).summary[field].as_f64().unwrap();
                assert!((parse_ms(text) - json).abs() <= json * 0.005, "{name}: {key}: {text} vs {json}");
            } else {
                assert_eq!(text, expected_result(key), "{name}: {key}");
            }
            *checked.entry(name.as_str()).or_insert(0) += 1;
        }
    }
    // The pages that quote results: the solver's comparison table and lede, and the results page.
    for name in [
        "solver.html",
        "solver.ko.html",
        "solver.zh-Hant.html",
        "results.html",
        "results.ko.html",
        "results.zh-Hant.html",
    ] {
        assert!(checked.get(name).copied().unwrap_or(0) >= 5, "{name}: {checked:?}");
    }
}

#[test]
fn the_results_tables_equal_the_json() {
    let html = page("results.html");
    let reach_table = section(html, "id=\"reach-table\"", "</table>");
    let score_table = section(html, "id=\"score-table\"", "</table>");
    let docs: Vec<&Value> = runs().values().map(|r| &r.summary).collect();
    let best = runs().values().flat_map(|r| r.max_tiles.iter().copied()).max().unwrap();
    let columns = expected_columns(&docs, best);
    assert_eq!(reach_columns(html), columns);
    for (strategy, run) in runs() {
        let s = &run.summary;
        let n = run.scores.len();
        let cells: BTreeMap<&str, &str> =
            attr_and_text(row(reach_table, strategy), "data-field").into_iter().collect();
        assert_eq!(parse_number(cells["games"]), n as f64, "{strategy}");
        for &tile in &columns {
            check_reach(&cells, s, &run.max_tiles, tile, strategy);
        }

        let cells: BTreeMap<&str, &str> =
            attr_and_text(row(score_table, strategy), "data-field").into_iter().collect();
        assert_eq!(parse_number(cells["games"]), n as f64, "{strategy}: games beside the scores");
        assert_eq!(parse_number(cells["median_score"]), median(&run.scores), "{strategy}");
        assert_eq!(parse_number(cells["median_moves"]), median(&run.moves), "{strategy}");
        assert!((parse_number(cells["mean_score"]) - mean(&run.scores)).abs() <= 0.5, "{strategy}");
        assert!((parse_number(cells["mean_moves"]) - mean(&run.moves)).abs() <= 0.05, "{strategy}");
        for (field, interval) in
            [("median_score", "median_score_interval"), ("median_moves", "median_moves_interval")]
        {
            match (s[interval].as_array(), cells.get(format!("{field}_interval").as_str())) {
                (Some(pair), Some(text)) => {
                    let (lo, hi) = parse_range(text);
                    assert_eq!(
                        (lo, hi),
                        (pair[0].as_f64().unwrap(), pair[1].as_f64().unwrap()),
                        "{strategy}"
                    );
                }
                (None, None) => {}
                (json, page) => panic!("{strategy} {interval}: JSON {json:?}, page {page:?}"),
            }
        }
        for field in ["mean_think_ms", "p99_think_ms"] {
            let json = s[field].as_f64().unwrap();
            let shown = parse_ms(cells[field]);
            // Three significant figures.
            assert!((shown - json).abs() <= json * 0.005 + 1e-12, "{strategy} {field}: {shown} vs {json}");
        }

        // The tile chart's bars count the same games.
        let chart = section(html, "id=\"tile-chart\"", "</svg>");
        let mut counts: BTreeMap<u64, usize> = BTreeMap::new();
        for &t in &run.max_tiles {
            *counts.entry(t).or_default() += 1;
        }
        for (tile, count) in counts {
            let needle = format!("data-v=\"{tile}\" data-strategy=\"{strategy}\"><title>");
            let title = section(chart, &needle, "</title>");
            assert!(
                title.contains(&format!(" in {} of {} games", grouped(count as f64), grouped(n as f64))),
                "{title}"
            );
        }
        // The score chart's table gives the same median.
        let spread = section(html, "id=\"score-chart-data\"", "</table>");
        let cells: BTreeMap<&str, &str> =
            attr_and_text(row(spread, strategy), "data-field").into_iter().collect();
        assert_eq!(parse_number(cells["median"]), median(&run.scores), "{strategy}");
        let min = run.scores.iter().copied().fold(f64::INFINITY, f64::min);
        let max = run.scores.iter().copied().fold(0.0, f64::max);
        assert_eq!((parse_number(cells["min"]), parse_number(cells["max"])), (min, max), "{strategy}");

        // And the command that remakes the file names its games and seed: all of them, or, for
        // the games a run under way has finished (`--finished-only`), at least as many.
        let prefix = format!("cargo run --release -p arena -- --strategy {} --games ", base_of(strategy));
        let commands = text_of(section(html, "<ul class=\"commands\"", "</ul>"));
        let line = commands
            .lines()
            .find(|l| l.starts_with(&prefix) && l.contains("--json www/results/"))
            .unwrap_or_else(|| panic!("no `{prefix}` in {commands}"));
        let named: usize = line[prefix.len()..].split(' ').next().and_then(|g| g.parse().ok()).unwrap();
        assert!(line.contains(&format!(" --seed {} ", s["seed"].as_u64().unwrap())), "{line}");
        assert!(named == n || (line.contains(" --finished-only") && named >= n), "{n} games: {line}");
    }
}

#[test]
fn the_strategies_come_in_the_preferred_order() {
    let html = page("results.html");
    let order: Vec<&str> = attr_and_text(section(html, "id=\"reach-table\"", "</table>"), "data-strategy")
        .into_iter()
        .map(|(s, _)| s)
        .collect();
    let preferred =
        ["max", "strong", "strong-heuristic", "strong-deep", "spec", "minimax", "greedy", "corner", "random"];
    let mut expected: Vec<&str> = runs().keys().map(String::as_str).collect();
    expected
        .sort_by_key(|name| preferred.iter().position(|p| *p == base_of(name)).unwrap_or(preferred.len()));
    assert_eq!(order, expected);
}

#[test]
fn the_original_claim_is_shown_as_a_quote_beside_the_solver() {
    let html = page("results.html");
    for table in ["id=\"reach-table\"", "id=\"score-table\""] {
        let t = section(html, table, "</table>");
        let spec_row = t.find("<tr data-strategy=\"spec\">").unwrap();
        let claim_row = t.find("<tr class=\"claim\"").unwrap();
        let next = &t[spec_row..claim_row];
        assert_eq!(next.matches("<tr").count(), 1, "the claim row must follow the spec row");
        assert!(t[claim_row..].contains("quoted, not measured"), "{table}");
    }
    let reach = section(html, "<tr class=\"claim\"", "</tr>");
    assert!(reach.contains("91.4 %"));
    let scores = section(&html[html.find("id=\"score-table\"").unwrap()..], "<tr class=\"claim\"", "</tr>");
    assert!(scores.contains("37,004") && scores.contains("1,943"));
    let quote = section(html, "<blockquote class=\"claim\">", "</blockquote>");
    assert!(quote.contains("quoted, not measured here") && quote.contains("91.4 %"));
}

#[test]
fn the_tile_ladder_matches_the_formulas() {
    for name in ["rules.html", "rules.ko.html", "rules.zh-Hant.html"] {
        let table = section(page(name), "<table class=\"tiles\">", "</table>");
        let rows: Vec<&str> = table.split("<tr><td>").skip(1).collect();
        assert_eq!(rows.len(), 17, "{name}");
        for (i, row) in rows.iter().enumerate() {
            let k = i as u64 + 1;
            let tile = 1u64 << k;
            let numbers: Vec<&str> = attr_and_text(row, "class")
                .into_iter()
                .filter(|(c, _)| *c == "num")
                .map(|(_, t)| t)
                .collect();
            assert!(row.contains(&format!("data-v=\"{tile}\">{tile}</span>")), "{name} row {k}");
            assert_eq!(numbers[0], "2", "{name} row {k}: 2<sup>k</sup>");
            assert_eq!(parse_number(numbers[1]), ((k - 1) * tile) as f64, "{name}: from 2s, k = {k}");
            assert_eq!(
                parse_number(numbers[2]),
                (k.saturating_sub(2) * tile) as f64,
                "{name}: least, k = {k}"
            );
        }
    }
}

fn results() -> site::results::Results {
    site::results::Results::load(&results_dir()).unwrap()
}

const PAGE_START: &str = "<!doctype html>\n<html lang=\"en\">\n<body>\n";

#[test]
fn a_diagram_that_cannot_arise_is_rejected() {
    let r = results();
    // No 2 or 4 anywhere: no new tile, so no move led here.
    let never = ". . . 8 / . . . . / . . . . / 16 . . .";
    let err = site::build_page("t.html", &format!("{PAGE_START}<!--board {never} | x-->"), &r).unwrap_err();
    assert!(err.message.contains("cannot arise"), "{err}");
    assert_eq!(err.place, "t.html:4");
    let err = site::build_page("t.html", &format!("{PAGE_START}<!--move {never} | left | L | a | b-->"), &r)
        .unwrap_err();
    assert!(err.message.contains("cannot arise"), "{err}");
    // Tiles floating in mid-line, whichever 2 is taken as new.
    let floating = ". 8 . 2 / . . . . / 16 . 2 . / . . . .";
    assert!(site::build_page("t.html", &format!("{PAGE_START}<!--board {floating} | x-->"), &r).is_err());
    // The unchecked forms accept them.
    assert!(site::build_page("t.html", &format!("{PAGE_START}<!--board! {never} | x-->"), &r).is_ok());
    // A move that does not count is never a diagram.
    let err = site::build_page(
        "t.html",
        &format!("{PAGE_START}<!--move! 2 . . . / . . . . / . . . . / . . . . | left | L | a | b-->"),
        &r,
    )
    .unwrap_err();
    assert!(err.message.contains("does not count"), "{err}");
    // A real position passes, and the slide is computed.
    let ok = site::build_page(
        "t.html",
        &format!("{PAGE_START}<!--move 2 . . 2 / . . . . / . . . . / . . . 4 | left | L | a | b-->"),
        &r,
    )
    .unwrap();
    assert!(ok.contains("aria-label=\"b (4 empty empty empty / empty empty empty empty / empty empty empty empty / 4 empty empty empty)\""), "{ok}");
}

#[test]
fn unknown_keys_and_missing_results_are_errors() {
    let r = results();
    let with = |key: &str| format!("{PAGE_START}<p><span data-result=\"{key}\">…</span></p>");
    let err = site::build_page("t.html", &with("spec.best_score"), &r).unwrap_err();
    assert!(err.message.contains("unknown key"), "{err}");
    let err = site::build_page("t.html", &with("spec.reached.3000"), &r).unwrap_err();
    assert!(err.message.contains("reached"), "{err}");
    let err = site::build_page("t.html", &with("nobody.games"), &r).unwrap_err();
    assert!(err.message.contains("no results for strategy `nobody`"), "{err}");
    let err = site::build_page("t.html", &format!("{PAGE_START}<!--bord 2 . . . | x-->"), &r).unwrap_err();
    assert!(err.message.contains("unknown directive"), "{err}");
    assert!(site::generate(&templates_dir(), &scratch("empty-results")).is_err());

    // Without spec.json, the pages that quote spec cannot be built.
    let dir = scratch("no-spec");
    for entry in std::fs::read_dir(results_dir()).unwrap() {
        let path = entry.unwrap().path();
        if path.file_name().is_some_and(|n| n != "spec.json") {
            std::fs::copy(&path, dir.join(path.file_name().unwrap())).unwrap();
        }
    }
    let err = site::generate(&templates_dir(), &dir).unwrap_err();
    assert!(err.to_string().contains("no results for strategy `spec`"), "{err}");
}

#[test]
fn a_new_strategy_shows_up_without_code_changes() {
    let dir = scratch("strong");
    for entry in std::fs::read_dir(results_dir()).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, dir.join(path.file_name().unwrap())).unwrap();
    }
    let spec = std::fs::read_to_string(results_dir().join("spec.json")).unwrap();
    for name in ["strong", "deeper"] {
        let mut doc: Value = serde_json::from_str(&spec).unwrap();
        doc["summary"]["strategy"] = Value::from(name);
        // As a document older than the stored command: the command comes from the name.
        doc["summary"]["command"] = Value::from("");
        std::fs::write(dir.join(format!("{name}.json")), doc.to_string()).unwrap();
    }
    let built = site::generate(&templates_dir(), &dir).unwrap_or_else(|e| panic!("{e}"));
    let html = std::str::from_utf8(&built.files["results.html"]).unwrap();
    let table = section(html, "id=\"reach-table\"", "</table>");
    let order: Vec<&str> = attr_and_text(table, "data-strategy").into_iter().map(|(s, _)| s).collect();
    // Max's runs, if any, then Strong's; the unknown name last.
    assert_eq!(order.iter().find(|s| base_of(s) != "max"), Some(&"strong"));
    assert_eq!(order.last(), Some(&"deeper"));
    assert!(html.contains("<th scope=\"row\">Strong solver <code>strong</code></th>"));
    assert!(html.contains("<th scope=\"row\">deeper <code>deeper</code></th>"), "an unknown name stays");
    let commands = text_of(section(html, "<ul class=\"commands\"", "</ul>"));
    assert!(commands.contains("--strategy strong --games 500 --seed 1 --json www/results/strong.json"));
}

#[test]
fn the_binary_writes_into_trunks_staging_folder() {
    let staging = scratch("staging");
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_site"))
        .env("TRUNK_STAGING_DIR", &staging)
        .arg("--results")
        .arg(results_dir())
        .status()
        .unwrap();
    assert!(status.success());
    let written = read_dir(&staging.join("site"));
    assert_eq!(written.keys().collect::<Vec<_>>(), output().keys().collect::<Vec<_>>());
    assert_eq!(&written, output());

    // Without Trunk and without --out it refuses rather than guess.
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_site"))
        .env_remove("TRUNK_STAGING_DIR")
        .status()
        .unwrap();
    assert!(!status.success());
}

#[test]
fn a_stored_command_is_printed_as_the_arena_wrote_it() {
    let html = page("results.html");
    let commands = text_of(section(html, "<ul class=\"commands\"", "</ul>"));
    let mut stored = 0;
    for run in runs().values() {
        let command = run.summary["command"].as_str().unwrap_or("");
        if !command.is_empty() {
            assert!(commands.contains(command), "{command} not in {commands}");
            stored += 1;
        }
    }
    // Documents written by today's arena store their command (those older than it may not).
    assert!(stored > 0 || runs().values().all(|r| r.summary.get("command").is_none()));
}

/// Every figure of a page: its `data-result` spans and its tables' `data-field` cells, with
/// what they show, in order (sentences in other languages may name them in another order).
fn figures(html: &str) -> Vec<(&str, &str)> {
    let mut all = attr_and_text(html, "data-result");
    // A run's wall time is written in words (3 min 05 s, 3분 05초): its figures are compared apart.
    all.extend(attr_and_text(html, "data-field").into_iter().filter(|(f, _)| *f != "wall_seconds"));
    all.sort_unstable();
    all
}

#[test]
fn the_results_page_shows_the_same_figures_in_every_language() {
    let english = page("results.html");
    assert!(figures(english).len() > 100);
    for name in ["results.ko.html", "results.zh-Hant.html"] {
        let html = page(name);
        assert!(figures(html) == figures(english), "{name}: not the figures of results.html");
        // The same tables and charts, in the same order, with the same runs.
        for id in
            ["reach-table", "score-table", "tile-chart", "score-chart", "score-chart-data", "runs-table"]
        {
            let rows = |h: &'static str| {
                attr_and_text(section(h, &format!("id=\"{id}\""), "</table>"), "data-strategy")
            };
            assert_eq!(rows(html), rows(english), "{name}: {id}");
        }
        let commands = |h: &'static str| text_of(section(h, "<ul class=\"commands\"", "</ul>"));
        assert_eq!(commands(html), commands(english), "{name}: the commands are code, in every language");
    }
}

/// The Latin words a Korean or Chinese part may hold: the names of the strategies that are not
/// the solver's strengths (the arena's names, which the pages explain), a program's name, units.
const LATIN_ALLOWED: [&str; 9] =
    ["Minimax", "Greedy", "Corner", "Random", "nneonneo", "ai", "ms", "µs", "ns"];

#[test]
fn every_results_part_speaks_each_language_with_no_english_left() {
    use site::language::Language;
    let r = results();
    let parts = [
        "strategies",
        "strong-summary",
        "reach-table",
        "score-table",
        "claim",
        "tile-chart",
        "score-chart",
        "runs",
    ];
    for language in [Language::Ko, Language::ZhHant] {
        for part in parts {
            let html = site::results_page::part(part, language, &r).unwrap();
            // Commands and file names are code, the same in every language.
            let mut text = html.clone();
            while let Some(i) = text.find("<code>") {
                let end = i + text[i..].find("</code>").unwrap() + "</code>".len();
                text.replace_range(i..end, " ");
            }
            let text = text_of(&text).replace("&nbsp;", " ");
            let latin: Vec<&str> = text
                .split(|c: char| !c.is_ascii_alphabetic() && c != 'µ')
                .filter(|w| w.chars().count() >= 2 && !LATIN_ALLOWED.contains(w))
                .collect();
            assert_eq!(latin, Vec::<&str>::new(), "{part} in {}: {text}", language.code());
            assert!(!text.contains("Spec"), "{part} in {}", language.code());
        }
    }
    // And the English page names the strengths as the game does too.
    let english = text_of(page("results.html"));
    assert!(
        !english.contains("Spec ") && english.contains("Standard solver"),
        "Spec named on the English page"
    );
    assert!(
        site::results_page::part("claim", Language::En, &r).unwrap().contains("quoted, not measured here")
    );
    // A part in a language the site does not have is refused by the directive.
    let err = site::build_page("t.html", &format!("{PAGE_START}<!--results claim ko-->"), &r).unwrap_err();
    assert!(err.message.contains("language `ko`"), "{err}");
}
