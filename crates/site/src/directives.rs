//! The directives of a page template, and their expansion.
//!
//! A directive is an HTML comment whose text starts right after `<!--` with its name:
//!
//! | directive | becomes |
//! | --- | --- |
//! | `<!--head-->` | the `<head>` lines every page shares, with its versions in other languages ([`layout::head`]) |
//! | `<!--nav LANG PAGE-->` | the shared header and navigation ([`layout::nav`]) |
//! | `<!--footer LANG-->` | the shared footer |
//! | `<!--board ROWS \| label-->` | a mini board, checked to be a position that can arise |
//! | `<!--board! ROWS \| label-->` | the same, unchecked (say, a board between slide and new tile) |
//! | `<!--merge LINE \| dir \| arrow text \| caption-->` | a line before and after sliding |
//! | `<!--move ROWS \| dir \| arrow text \| label before \| label after-->` | a board and the board after the slide (`move!`: unchecked) |
//! | `<!--tilerows LANG-->` | the rows of the tile ladder |
//! | `<!--results PART LANG-->` | a part of the Results page, in the page's language ([`results_page`]) |
//! | `<!--strengths LANG-->` | the solver's strengths side by side, Standard, Strong and Max ([`strengths`]) |
//! | `<!--movequality LANG-->` | the measured thresholds of the Hint's words, and their bins ([`coach`]) |
//! | `<!--chance LANG-->` | the check of the chance of the next tile, on seeds held apart ([`chance`](mod@chance)) |
//! | `<!--published LANG-->` | other public 2048 programs' published figures beside ours ([`published`]) |
//!
//! A comment starting with a space (`<!-- note -->`) is an author's note and is dropped. Any
//! other comment is an unknown directive and an error, so a misspelt one cannot slip through
//! as an invisible comment.

use crate::diagrams::{self, Cell};
use crate::html::{escape, line_of, start_tags};
use crate::language::Language;
use crate::layout::{self, Lang};
use crate::results::Results;
use crate::{Error, chance, coach, ladder, published, reach, results_page, strengths};

/// What a directive needs to know about its page.
struct Page<'a> {
    name: &'a str,
    lang: &'static Lang,
    results: &'a Results,
}

/// Expands every directive of the template `text` of page `name`.
pub fn expand(name: &str, text: &str, results: &Results) -> Result<String, Error> {
    let lang_code = start_tags(text)
        .into_iter()
        .find(|t| t.name == "html")
        .and_then(|t| t.attr("lang").map(str::to_string))
        .ok_or_else(|| Error::new(name, "no <html lang=\"…\">"))?;
    let lang = layout::lang(&lang_code).map_err(|m| Error::new(name, m))?;
    let page = Page { name, lang, results };
    let mut out = String::with_capacity(text.len() * 2);
    let mut rest = 0;
    while let Some(open) = text[rest..].find("<!--").map(|i| rest + i) {
        let body_start = open + 4;
        let close = text[body_start..].find("-->").map(|i| body_start + i).ok_or_else(|| {
            Error::new(format!("{name}:{}", line_of(text, open)), "a comment is never closed")
        })?;
        out.push_str(&text[rest..open]);
        let body = &text[body_start..close];
        if !body.starts_with(char::is_whitespace) {
            let place = format!("{name}:{}", line_of(text, open));
            let expanded = directive(&page, body).map_err(|m| Error::new(place, m))?;
            out.push_str(&expanded);
        }
        rest = close + 3;
    }
    out.push_str(&text[rest..]);
    Ok(out)
}

/// The `|`-separated arguments of a directive, exactly `n` of them, trimmed.
fn fields<'a>(args: &'a str, n: usize, usage: &str) -> Result<Vec<&'a str>, String> {
    let parts: Vec<&str> = args.split('|').map(str::trim).collect();
    if parts.len() != n {
        return Err(format!("expected {usage}, got {} field(s) in `{args}`", parts.len()));
    }
    Ok(parts)
}

/// The expansion of one directive, `body` being the comment's text.
fn directive(page: &Page, body: &str) -> Result<String, String> {
    let (name, args) = body.split_once(char::is_whitespace).unwrap_or((body, ""));
    let args = args.trim();
    match name {
        "head" if args.is_empty() => Ok(layout::head(page.name)),
        "nav" => {
            let words: Vec<&str> = args.split_whitespace().collect();
            let [lang, file] = words[..] else {
                return Err(format!("expected `nav LANG PAGE`, got `{args}`"));
            };
            same_page(page, lang, Some(file))?;
            Ok(layout::nav(page.lang, file))
        }
        "footer" => {
            same_page(page, args, None)?;
            Ok(layout::footer(page.lang))
        }
        "board" | "board!" => {
            let f = fields(args, 2, "`board ROWS | label`")?;
            let cells = diagrams::parse_cells(f[0])?;
            let board = diagrams::board_of(&cells)?;
            if name == "board" {
                must_arise(board, f[0])?;
            }
            let described = diagrams::describe(&cells, page.lang.empty);
            let label = if f[1].is_empty() { described } else { format!("{} ({described})", f[1]) };
            Ok(diagrams::board_html(&cells, &label))
        }
        "merge" => {
            let f = fields(args, 4, "`merge LINE | dir | arrow text | caption`")?;
            let cells = diagrams::parse_cells(f[0])?;
            let direction = diagrams::direction(f[1])?;
            let after = diagrams::slide_line(&cells, direction)?;
            let empty = page.lang.empty;
            Ok(format!(
                "<div class=\"merge-example\">\n{}\n{}\n{}\n<p class=\"say\">{}</p>\n</div>",
                diagrams::line_html(&cells, &diagrams::describe(&cells, empty)),
                step(direction, f[2]),
                diagrams::line_html(&after, &diagrams::describe(&after, empty)),
                f[3],
            ))
        }
        "move" | "move!" => {
            let f = fields(args, 5, "`move ROWS | dir | arrow text | label before | label after`")?;
            let cells = diagrams::parse_cells(f[0])?;
            let board = diagrams::board_of(&cells)?;
            if name == "move" {
                must_arise(board, f[0])?;
            }
            let direction = diagrams::direction(f[1])?;
            let slide = board.slide(direction);
            if !slide.moved {
                return Err(format!("`{direction}` does not count on `{}`: nothing would move", f[0]));
            }
            let after = diagrams::cells_of(slide.board);
            let empty = page.lang.empty;
            let panel = |label: &str, cells: &[Cell]| {
                let aria = format!("{label} ({})", diagrams::describe(cells, empty));
                format!(
                    "<div><span class=\"board-label\">{label}</span>\n{}</div>",
                    diagrams::board_html(cells, &aria)
                )
            };
            Ok(format!(
                "<div class=\"boards\">\n{}\n{}\n{}\n</div>",
                panel(f[3], &cells),
                step(direction, f[2]),
                panel(f[4], &after)
            ))
        }
        "tilerows" => {
            same_page(page, args, None)?;
            Ok(ladder::rows_html())
        }
        "results" => {
            let words: Vec<&str> = args.split_whitespace().collect();
            let [part, lang] = words[..] else {
                return Err(format!("expected `results PART LANG`, got `{args}`"));
            };
            same_page(page, lang, None)?;
            results_page::part(part, Language::from_code(lang)?, page.results)
        }
        "strengths" => {
            same_page(page, args, None)?;
            strengths::table(page.lang.code, page.results)
        }
        "movequality" => {
            same_page(page, args, None)?;
            coach::figures(page.lang.code, page.results)
        }
        "chance" => {
            same_page(page, args, None)?;
            chance::figures(page.lang.code, page.results)
        }
        "published" => {
            same_page(page, args, None)?;
            published::table(page.lang.code, page.results)
        }
        _ => Err(format!(
            "unknown directive `{name}` (known: head, nav, footer, board, board!, merge, move, move!, tilerows, \
             results, strengths, movequality, chance, published; start an author's comment with a space: `<!-- … -->`)"
        )),
    }
}

/// The arrow and its words between two diagrams.
fn step(direction: game_core::Direction, text: &str) -> String {
    format!(
        "<span class=\"step\"><span class=\"arrow\" aria-hidden=\"true\">{}</span>{}</span>",
        diagrams::arrow(direction),
        escape(text)
    )
}

/// A directive naming a language (and a page) must name this page's: a nav copied from
/// another page would otherwise mark the wrong page as current.
fn same_page(page: &Page, lang: &str, file: Option<&str>) -> Result<(), String> {
    if lang != page.lang.code {
        return Err(format!("language `{lang}` on a page whose <html lang> is `{}`", page.lang.code));
    }
    match file {
        Some(file) if file != page.name => Err(format!("names page `{file}`, but this is `{}`", page.name)),
        _ => Ok(()),
    }
}

/// Fails with a clear message when a diagram shows a position no game can reach.
fn must_arise(board: game_core::Board, rows: &str) -> Result<(), String> {
    match reach::origin(board) {
        Some(_) => Ok(()),
        None => Err(format!(
            "this board cannot arise in a game: `{rows}`. It is not a start (two tiles, each a 2 or a 4), \
             and no 2 or 4 on it can be the new tile after a move that counted. Fix the diagram, or \
             write `board!`/`move!` if it deliberately shows a board that is not a position \
             (say, after the slide but before the new tile)."
        )),
    }
}
