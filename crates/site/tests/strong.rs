//! The pages with the solver's two strengths, Spec and Strong, built from made-up results
//! documents beside the committed ones: runs of different sizes, big tiles a summary does not
//! report, a run with a budget in its name, and no Strong results at all.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::{Value, json};

mod common;
use common::*;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn templates_dir() -> PathBuf {
    repo().join("www/site")
}

fn results_dir() -> PathBuf {
    repo().join("www/results")
}

/// A fresh results folder holding the committed run documents whose strategy `keep` accepts.
fn results_with(name: &str, keep: impl Fn(&str) -> bool) -> PathBuf {
    let dir =
        Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("site-strong-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for entry in std::fs::read_dir(results_dir()).unwrap() {
        let path = entry.unwrap().path();
        // Only the runs: the folder also holds the Hint's measurement, its raw file and the
        // chance's check.
        let name = path.file_name().unwrap().to_str().unwrap();
        if !name.ends_with(".json")
            || name.starts_with(site::results::MOVE_QUALITY_PREFIX)
            || name == results_schema::chance::FILE
        {
            continue;
        }
        let doc: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        if keep(doc["summary"]["strategy"].as_str().unwrap()) {
            std::fs::copy(&path, dir.join(path.file_name().unwrap())).unwrap();
        }
    }
    dir
}

/// A results document as the arena would write it for games ending on `max_tiles`, whose
/// summary reports the reach of the `reported` tiles only (as an older arena would).
fn document(strategy: &str, max_tiles: &[u64], reported: &[u64]) -> Value {
    let n = max_tiles.len();
    let games: Vec<Value> = max_tiles
        .iter()
        .enumerate()
        .map(|(i, &tile)| {
            json!({"index": i, "seed": format!("{i:016x}"), "score": tile * 12 + i as u64,
                   "moves": tile / 2 + i as u64, "max_tile": tile, "think_us": 1000 * (i as u64 + 1)})
        })
        .collect();
    let reach: Vec<Value> = reported
        .iter()
        .map(|&tile| {
            let count = max_tiles.iter().filter(|&&t| t >= tile).count();
            let (low, high) = wilson(count, n);
            json!({"tile": tile, "games": count, "share": count as f64 / n as f64, "low": low, "high": high})
        })
        .collect();
    let scores: Vec<f64> = max_tiles.iter().enumerate().map(|(i, &t)| (t * 12 + i as u64) as f64).collect();
    let moves: Vec<f64> = max_tiles.iter().enumerate().map(|(i, &t)| (t / 2 + i as u64) as f64).collect();
    let range = |v: &[f64]| {
        json!([v.iter().copied().fold(f64::INFINITY, f64::min), v.iter().copied().fold(0.0, f64::max)])
    };
    json!({
        "summary": {
            "strategy": strategy, "seed": 1, "games": n, "reach": reach,
            "mean_score": mean(&scores), "median_score": median(&scores), "median_score_interval": range(&scores),
            "median_moves": median(&moves), "median_moves_interval": range(&moves), "mean_moves": mean(&moves),
            "mean_think_ms": 1.5, "p99_think_ms": 7.25, "nodes_per_second": 1.0e6, "threads": 1, "wall_seconds": 2.0
        },
        "games": games
    })
}

fn write(dir: &Path, file: &str, doc: &Value) {
    std::fs::write(dir.join(file), doc.to_string()).unwrap();
}

fn build(dir: &Path) -> BTreeMap<String, String> {
    let built = site::generate(&templates_dir(), dir).unwrap_or_else(|e| panic!("{e}"));
    built.files.into_iter().map(|(k, v)| (k, String::from_utf8(v).unwrap())).collect()
}

/// The `data-field` cells of `strategy`'s row in the table with id `table`.
fn cells<'a>(html: &'a str, table: &str, strategy: &str) -> BTreeMap<&'a str, &'a str> {
    let t = section(html, &format!("id=\"{table}\""), "</table>");
    attr_and_text(row(t, strategy), "data-field").into_iter().collect()
}

/// The strategies of a table's rows, in order, but for Max's (first whenever there are any):
/// these tests look at where Strong's rows go.
fn order<'a>(html: &'a str, table: &str) -> Vec<&'a str> {
    attr_and_text(section(html, &format!("id=\"{table}\""), "</table>"), "data-strategy")
        .into_iter()
        .map(|(s, _)| s)
        .filter(|s| !s.starts_with("max"))
        .collect()
}

const STRONG_TILES: [u64; 7] = [2048, 4096, 4096, 8192, 8192, 16384, 1024];
const DEEP_TILES: [u64; 3] = [32768, 16384, 8192];
const REPORTED: [u64; 5] = [1024, 2048, 4096, 8192, 16384];

#[test]
fn runs_of_different_sizes_each_show_their_games_and_big_tiles() {
    let dir = results_with("sizes", |s| !s.starts_with("strong"));
    let strong = document("strong", &STRONG_TILES, &REPORTED);
    let deep = document("strong-deep", &DEEP_TILES, &REPORTED);
    write(&dir, "strong.json", &strong);
    write(&dir, "strong-deep.json", &deep);
    let site = build(&dir);
    let html = &site["results.html"];

    // Side by side, the strengths first.
    let expected_order = ["strong", "strong-deep", "spec"];
    for table in ["reach-table", "score-table", "runs-table"] {
        assert_eq!(&order(html, table)[..3], expected_order, "{table}");
    }
    // Each row its own sample size, in every table and chart.
    for (strategy, games) in [("strong", "7"), ("strong-deep", "3"), ("spec", "500")] {
        for table in ["reach-table", "score-table", "runs-table"] {
            assert_eq!(cells(html, table, strategy)["games"], games, "{table} {strategy}");
        }
    }
    let strategies = text_of(section(html, "<dl class=\"strategies\">", "</dl>"));
    assert!(strategies.contains("(7 games)") && strategies.contains("(3 games)"), "{strategies}");
    let tile_chart = section(html, "id=\"tile-chart\"", "</svg>");
    assert!(tile_chart.contains("Strong solver <tspan class=\"muted\">(7 games)</tspan>"), "{tile_chart}");
    assert!(tile_chart.contains("Strong solver, heuristic, deep <tspan class=\"muted\">(3 games)</tspan>"));
    let chart_table = section(html, "id=\"tile-chart-data\"", "</thead>");
    assert!(chart_table.contains("Strong solver <small>(7 games)</small>"), "{chart_table}");
    let score_chart = section(html, "id=\"score-chart\"", "</svg>");
    assert!(score_chart.contains(", 3 games</tspan>"), "{score_chart}");
    // The 32768 bar is drawn, in its own colour.
    assert!(tile_chart.contains("data-v=\"32768\" data-strategy=\"strong-deep\"><title>"));

    // The big tiles: 32768, which no summary reports, counted from the games, and 65536, the
    // first tile no game reached, as the last column; nothing past it.
    assert_eq!(reach_columns(html), [1024, 2048, 4096, 8192, 16384, 32768, 65536]);
    let docs = [("strong", &strong, &STRONG_TILES[..]), ("strong-deep", &deep, &DEEP_TILES[..])];
    for (strategy, doc, tiles) in docs {
        let row = cells(html, "reach-table", strategy);
        for tile in reach_columns(html) {
            check_reach(&row, &doc["summary"], tiles, tile, strategy);
        }
    }
    assert_eq!(cells(html, "reach-table", "strong-deep")["reached.32768"], "33.3 %");
    assert_eq!(cells(html, "reach-table", "strong-deep")["reached.65536"], "0.0 %");
    // The committed Spec run reports no 32768: its cell is counted too, not left blank.
    assert_eq!(cells(html, "reach-table", "spec")["reached.32768"], "0.0 %");

    // The commands remake each file with its own number of games.
    let commands = text_of(section(html, "<ul class=\"commands\"", "</ul>"));
    for line in [
        "--strategy strong --games 7 --seed 1 --json www/results/strong.json",
        "--strategy strong-deep --games 3 --seed 1 --json www/results/strong-deep.json",
    ] {
        assert!(
            commands.contains(&format!("cargo run --release -p arena -- {line}")),
            "{line} in {commands}"
        );
    }

    // The summary sentence quotes Strong beside Spec.
    let summary = text_of(section(html, "<p class=\"strong-summary\">", "</p>"));
    assert!(
        summary.contains("reached 2048 in 85.7 % of its 7 games, 8192 in 42.9 % and 16384 in 14.3 %"),
        "{summary}"
    );
    assert!(summary.contains("1.50 ms of thought a move"), "{summary}");

    // The solver pages: the strengths table, one row per strength, in both languages.
    for (page, heading) in [("solver.html", "Reached 16384"), ("solver.ko.html", "16384 도달")] {
        let html = &site[page];
        assert_eq!(order(html, "strengths-table"), expected_order, "{page}");
        let table = section(html, "id=\"strengths-table\"", "</table>");
        assert!(table.contains(heading), "{page}");
        let values: BTreeMap<&str, &str> = attr_and_text(table, "data-result").into_iter().collect();
        assert_eq!(values["strong.games"], "7", "{page}");
        assert_eq!(values["strong-deep.games"], "3", "{page}");
        assert_eq!(values["strong.reached.16384"], "14.3 %", "{page}");
        assert_eq!(values["strong-deep.reached.16384"], "66.7 %", "{page}");
        assert_eq!(
            values["strong.median_score"],
            grouped(median(&[24576.0, 49153.0, 49154.0, 98307.0, 98308.0, 196613.0, 12294.0]))
        );
        assert_eq!(values["strong.mean_think_ms"], "1.50 ms", "{page}");
        assert!(!html.contains("strengths-note"), "{page}: no note when Strong has results");
    }
    assert!(
        site["solver.ko.html"]
            .contains("<th scope=\"row\">솔버(강함, 휴리스틱, 깊은 설정) <code>strong-deep</code></th>")
    );
    // The results pages in Korean and Chinese name the strengths as the game does.
    let korean = text_of(section(&site["results.ko.html"], "<p class=\"strong-summary\">", "</p>"));
    assert!(korean.contains("‘강함’은 7판 가운데 85.7 %에서 2048을"), "{korean}");
    let chinese = text_of(section(&site["results.zh-Hant.html"], "<p class=\"strong-summary\">", "</p>"));
    assert!(chinese.contains("「強」在 7 局中，有 85.7 % 拼出 2048"), "{chinese}");
}

#[test]
fn without_strong_results_the_pages_show_what_exists() {
    let dir = results_with("no-strong", |s| !s.starts_with("strong"));
    let site = build(&dir);
    for (page, note) in [
        ("solver.html", "results are not committed yet"),
        ("solver.ko.html", "아직 커밋되지 않았습니다"),
        ("results.html", "results are not committed yet"),
        ("results.ko.html", "아직 커밋되지 않았습니다"),
        ("results.zh-Hant.html", "還沒有提交"),
    ] {
        let html = &site[page];
        assert!(html.contains(note), "{page}: no note that Strong has no results");
        assert!(!html.contains("data-strategy=\"strong"), "{page}: a Strong row without results");
        assert!(!html.contains("data-result=\"strong"), "{page}: a Strong number without results");
    }
    assert_eq!(order(&site["solver.html"], "strengths-table"), ["spec"]);
    assert_eq!(order(&site["results.html"], "reach-table")[0], "spec");
}

#[test]
fn a_run_with_a_budget_names_it_and_its_command_sets_it() {
    let dir = results_with("budget", |s| !s.starts_with("strong"));
    write(&dir, "strong.json", &document("strong", &STRONG_TILES, &REPORTED));
    write(&dir, "strong-6ms.json", &document("strong@6ms", &DEEP_TILES, &REPORTED));
    write(&dir, "strong-odd.json", &document("strong@odd", &DEEP_TILES, &REPORTED));
    let site = build(&dir);
    let html = &site["results.html"];
    // A setting follows its strategy, before the next strategy.
    assert_eq!(&order(html, "reach-table")[..4], ["strong", "strong@6ms", "strong@odd", "spec"]);
    assert!(html.contains("<th scope=\"row\">Strong solver (6 ms a move) <code>strong@6ms</code></th>"));
    let commands = text_of(section(html, "<ul class=\"commands\"", "</ul>"));
    assert!(
        commands.contains(
            "--strategy strong --budget-ms 6 --games 3 --seed 1 --json www/results/strong-6ms.json"
        ),
        "{commands}"
    );
    // A setting the page cannot turn back into options gets no command rather than a wrong one.
    assert!(commands.contains("No command for strong@odd (strong-odd.json)"), "{commands}");
    let korean = &site["results.ko.html"];
    assert!(korean.contains("<th scope=\"row\">솔버(강함, 수마다 6 ms) <code>strong@6ms</code></th>"));
    let commands = text_of(section(korean, "<ul class=\"commands\"", "</ul>"));
    assert!(commands.contains("strong@odd(strong-odd.json)의 명령은 없습니다"), "{commands}");
    assert!(!commands.contains("--strategy strong@odd"), "{commands}");
}

#[test]
fn a_tile_no_summary_reports_can_still_be_quoted() {
    let dir = results_with("quote", |s| !s.starts_with("strong"));
    write(&dir, "strong-deep.json", &document("strong-deep", &DEEP_TILES, &REPORTED));
    let results = site::results::Results::load(&dir).unwrap();
    let page = |key: &str| {
        site::build_page(
            "t.html",
            &format!("<!doctype html>\n<html lang=\"en\"><p><span data-result=\"{key}\">…</span></p>"),
            &results,
        )
    };
    assert!(page("strong-deep.reached.32768").unwrap().contains(">33.3 %</span>"));
    assert!(page("strong-deep.reached.131072").unwrap().contains(">0.0 %</span>"));
    assert!(page("strong-deep.p99_think_ms").unwrap().contains(">7.25 ms</span>"));
    for bad in ["strong-deep.reached.3000", "strong-deep.reached.262144", "strong-deep.reached.2"] {
        let err = page(bad).unwrap_err();
        assert!(err.message.contains("reached.TILE"), "{bad}: {err}");
    }
}
