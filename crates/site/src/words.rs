//! The words and markup several generated parts of the Results page share (a table's first
//! column, the games a row stands for, a table's opening), each word declared once in the order
//! of [`Language::ALL`].

use crate::format::thousands;
use crate::language::Language;

/// The heading of the column of strategies.
pub const STRATEGY: [&str; 3] = ["Strategy", "전략", "策略"];
/// The heading of the column of games played.
pub const GAMES: [&str; 3] = ["Games", "게임 수", "局數"];
/// The summary that opens a chart's table.
pub const CHART_AS_TABLE: [&str; 3] = ["The chart as a table", "표로 보기", "以表格檢視"];

/// `n` games, as a count after a name: "300 games", "300판", "300 局".
pub fn games(n: usize, language: Language) -> String {
    let n = thousands(n as u64);
    language.pick([format!("{n} games"), format!("{n}판"), format!("{n} 局")])
}

/// `(300 games)`, in the brackets of `language`.
pub fn games_in_brackets(n: usize, language: Language) -> String {
    let (open, close) = language.pick([("(", ")"), ("(", ")"), ("（", "）")]);
    format!("{open}{}{close}", games(n, language))
}

/// The `<th scope="col">` cells of `heads`, the numbers' columns (all but the first)
/// right-aligned.
pub fn head_cells<S: AsRef<str>>(heads: &[S]) -> String {
    heads
        .iter()
        .enumerate()
        .map(|(i, h)| match i {
            0 => format!("<th scope=\"col\">{}</th>", h.as_ref()),
            _ => format!("<th scope=\"col\" class=\"num\">{}</th>", h.as_ref()),
        })
        .collect()
}

/// The opening of a table that scrolls sideways on its own (reachable from the keyboard, named
/// by its caption), up to its caption: the `<thead>` follows.
pub fn table_open(id: &str, class: &str, caption: &str) -> String {
    format!(
        "<div class=\"table-wrap\" role=\"region\" tabindex=\"0\" aria-labelledby=\"{id}-caption\">\n\
         <table class=\"{class}\" id=\"{id}\">\n<caption id=\"{id}-caption\">{caption}</caption>\n"
    )
}

/// The opening of a table whose every heading is a word (`heads`, the strategy's column first),
/// up to its `<tbody>`, in `language`.
pub fn table_start(
    id: &str,
    class: &str,
    caption: [&str; 3],
    heads: &[[&str; 3]],
    language: Language,
) -> String {
    let heads: Vec<&str> = heads.iter().map(|h| language.pick(*h)).collect();
    format!(
        "{}<thead><tr>{}</tr></thead>\n<tbody>\n",
        table_open(id, class, language.pick(caption)),
        head_cells(&heads)
    )
}
