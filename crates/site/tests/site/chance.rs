//! The solver page's check of the chance of the next tile: each strength's table, in every
//! language, is the held-apart positions of `chance.json`, bin by bin, read here as plain JSON.

use super::*;

/// The cells of `field` in the table of `strength` on `html`, in order.
fn cells<'a>(html: &'a str, strength: &str, field: &str) -> Vec<&'a str> {
    let start = html.find(&format!("<table class=\"chance-table\" data-strength=\"{strength}\"")).unwrap();
    let table = &html[start..start + html[start..].find("</table>").unwrap()];
    let tag = format!("data-field=\"{field}\">");
    table.match_indices(&tag).map(|(i, _)| table[i + tag.len()..].split('<').next().unwrap()).collect()
}

#[test]
fn the_solver_page_shows_each_strengths_held_apart_bins_and_scores_in_every_language() {
    let path = results_dir().join("chance.json");
    let Ok(text) = std::fs::read_to_string(&path) else {
        // Without the check the page says so, in every language.
        for name in ["solver.html", "solver.ko.html", "solver.zh-Hant.html"] {
            assert!(page(name).contains("class=\"chance-note\""), "{name}");
        }
        return;
    };
    let doc: Value = serde_json::from_str(&text).unwrap();
    let studies = doc["studies"].as_array().unwrap();
    assert!(!studies.is_empty());
    for name in ["solver.html", "solver.ko.html", "solver.zh-Hant.html"] {
        let html = page(name);
        for study in studies {
            let strength = study["strength"].as_str().unwrap();
            let held = &study["held_apart"];
            let fitted = study["fit"]["seeds"].as_array().unwrap();
            let apart = held["seeds"].as_array().unwrap();
            assert!(
                !apart.is_empty() && apart.iter().all(|s| !fitted.contains(s)),
                "checked on other seeds than the fit's"
            );
            let bins: Vec<&Value> = held["bins"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|b| b["positions"].as_u64().unwrap() > 0)
                .collect();
            let percent = |b: &&Value, f: &str| format!("{:.0} %", b[f].as_f64().unwrap() * 100.0);
            let positions: Vec<String> =
                bins.iter().map(|b| grouped(b["positions"].as_f64().unwrap())).collect();
            let predicted: Vec<String> = bins.iter().map(|b| percent(b, "predicted")).collect();
            let observed: Vec<String> = bins.iter().map(|b| percent(b, "observed")).collect();
            assert_eq!(cells(html, strength, "positions"), positions, "{name} {strength}");
            assert_eq!(cells(html, strength, "predicted"), predicted, "{name} {strength}");
            assert_eq!(cells(html, strength, "observed"), observed, "{name} {strength}");
            // Every position of the held-apart seed is in one bin.
            let total: u64 = bins.iter().map(|b| b["positions"].as_u64().unwrap()).sum();
            assert_eq!(total, held["positions"].as_u64().unwrap());
            let paragraph = &html
                [html.find(&format!("<p class=\"chance-figures\" data-strength=\"{strength}\"")).unwrap()..];
            let paragraph = &paragraph[..paragraph.find("</p>").unwrap()];
            for field in ["brier", "baseline_brier"] {
                let shown = format!("data-field=\"{field}\">{:.3}<", held[field].as_f64().unwrap());
                assert!(paragraph.contains(&shown), "{name} {strength}: {field}");
            }
        }
        for command in doc["commands"].as_array().unwrap() {
            assert!(html.contains(command.as_str().unwrap()), "{name}: the command is shown");
        }
    }
}
