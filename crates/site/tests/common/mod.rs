//! Helpers shared by the site's integration tests: numbers written out again as the pages
//! write them (and read back), and a few string scans of HTML. Written here from scratch, not
//! borrowed from the generator, so that a bug there shows up as a difference.

// Each test file uses some of these, none uses all.
#![allow(dead_code)]

pub fn median(values: &[f64]) -> f64 {
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 { v[n / 2] } else { (v[n / 2 - 1] + v[n / 2]) / 2.0 }
}

pub fn mean(values: &[f64]) -> f64 {
    values.iter().sum::<f64>() / values.len() as f64
}

/// Digits grouped by thousands, one decimal when there is a fraction: written out again here.
pub fn grouped(x: f64) -> String {
    let whole = x.trunc() as u64;
    let mut s = String::new();
    for (i, c) in whole.to_string().chars().rev().enumerate() {
        if i > 0 && i % 3 == 0 {
            s.insert(0, ',');
        }
        s.insert(0, c);
    }
    let tenths = ((x - x.trunc()) * 10.0).round() as u64;
    if tenths > 0 { format!("{s}.{tenths}") } else { s }
}

/// A displayed number back to a value: `37,888`, `1,981.5`, `93.8 %`.
pub fn parse_number(text: &str) -> f64 {
    text.trim()
        .trim_end_matches('%')
        .trim()
        .replace(',', "")
        .parse()
        .unwrap_or_else(|_| panic!("not a number: `{text}`"))
}

/// A displayed time back to milliseconds: `9.52 ms`, `678 µs`, `90.2 ns`.
pub fn parse_ms(text: &str) -> f64 {
    let (value, unit) = text.trim().split_once(' ').unwrap();
    let value: f64 = value.parse().unwrap();
    match unit {
        "ms" => value,
        "µs" => value / 1e3,
        "ns" => value / 1e6,
        _ => panic!("unknown unit in `{text}`"),
    }
}

/// `a–b` back to its two ends.
pub fn parse_range(text: &str) -> (f64, f64) {
    let (a, b) = text.trim().trim_end_matches('%').split_once('–').unwrap();
    (parse_number(a), parse_number(b))
}

// ---- Tiny HTML helpers ----

/// Every `(attribute value, text up to the next tag)` for attribute `attr` in `html`.
pub fn attr_and_text<'a>(html: &'a str, attr: &str) -> Vec<(&'a str, &'a str)> {
    let needle = format!("{attr}=\"");
    let mut found = Vec::new();
    let mut rest = html;
    while let Some(i) = rest.find(&needle) {
        let after = &rest[i + needle.len()..];
        let value_end = after.find('"').unwrap();
        let value = &after[..value_end];
        let tag_end = after.find('>').unwrap();
        let text_start = &after[tag_end + 1..];
        let text = &text_start[..text_start.find('<').unwrap_or(text_start.len())];
        found.push((value, text));
        rest = &after[value_end..];
    }
    found
}

/// What a reader sees of `html`: the text without its tags.
pub fn text_of(html: &str) -> String {
    let mut text = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    text
}

/// The part of `html` from `start` to the first `end` after it.
pub fn section<'a>(html: &'a str, start: &str, end: &str) -> &'a str {
    let i = html.find(start).unwrap_or_else(|| panic!("no `{start}`"));
    let rest = &html[i..];
    &rest[..rest.find(end).unwrap_or_else(|| panic!("no `{end}` after `{start}`"))]
}

/// A table's row for `strategy`.
pub fn row<'a>(table: &'a str, strategy: &str) -> &'a str {
    section(table, &format!("<tr data-strategy=\"{strategy}\">"), "</tr>")
}

// ---- The reach table ----

/// The 95 % Wilson interval of `k` successes in `n` trials (Newcombe 1998, method 3).
pub fn wilson(k: usize, n: usize) -> (f64, f64) {
    let (k, n, z) = (k as f64, n as f64, 1.959_963_984_540_054_f64);
    let p = k / n;
    let centre = p + z * z / (2.0 * n);
    let spread = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    let denominator = 1.0 + z * z / n;
    let low = if k == 0.0 { 0.0 } else { (centre - spread) / denominator };
    let high = if k == n { 1.0 } else { (centre + spread) / denominator };
    (low, high)
}

/// The columns the reach table should have, given the documents' summaries and the largest
/// tile any game made: the tiles the summaries report and every power of two from the smallest
/// of them, up to the first tile no game reached, and none past it.
pub fn expected_columns(summaries: &[&serde_json::Value], best: u64) -> Vec<u64> {
    let reported: std::collections::BTreeSet<u64> = summaries
        .iter()
        .flat_map(|s| s["reach"].as_array().unwrap().iter().map(|r| r["tile"].as_u64().unwrap()))
        .collect();
    let smallest = *reported.first().unwrap();
    let frontier = (best + 1).next_power_of_two().max(smallest);
    let mut columns: Vec<u64> = reported.into_iter().filter(|&t| t <= frontier).collect();
    let mut t = smallest;
    while t <= frontier {
        columns.push(t);
        t *= 2;
    }
    columns.sort_unstable();
    columns.dedup();
    columns
}

/// The tiles heading the reach table's columns.
pub fn reach_columns(html: &str) -> Vec<u64> {
    let head = section(section(html, "id=\"reach-table\"", "</table>"), "<thead>", "</thead>");
    attr_and_text(head, "data-v").into_iter().map(|(v, _)| v.parse().unwrap()).collect()
}

/// One reach cell against the games: the share counted from them, the interval the summary's
/// (or, for a tile the summary leaves out, the Wilson interval of the count).
pub fn check_reach(
    cells: &std::collections::BTreeMap<&str, &str>,
    summary: &serde_json::Value,
    max_tiles: &[u64],
    tile: u64,
    strategy: &str,
) {
    let n = max_tiles.len();
    let count = max_tiles.iter().filter(|&&t| t >= tile).count();
    let shown =
        cells.get(format!("reached.{tile}").as_str()).unwrap_or_else(|| panic!("{strategy}: no {tile}"));
    let shown = parse_number(shown);
    assert!((shown - count as f64 * 100.0 / n as f64).abs() < 0.051, "{strategy} {tile}: {shown}");
    let (low, high) = parse_range(cells[format!("reached.{tile}_interval").as_str()]);
    let reported = summary["reach"].as_array().unwrap().iter().find(|r| r["tile"].as_u64() == Some(tile));
    let (want_low, want_high) = match reported {
        Some(r) => (r["low"].as_f64().unwrap(), r["high"].as_f64().unwrap()),
        None => wilson(count, n),
    };
    assert!((low - want_low * 100.0).abs() < 0.051, "{strategy} {tile} low: {low} vs {want_low}");
    assert!((high - want_high * 100.0).abs() < 0.051, "{strategy} {tile} high: {high} vs {want_high}");
}
