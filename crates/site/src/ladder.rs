//! The tile ladder of the rules page: every tile from 2 to 131072 and the points its merges add.
//!
//! The points are counted by building each tile merge by merge, with the score `game-core`
//! gives a merge, rather than written from the closed forms the page quotes, so the table
//! checks the text: the tests compare it with (k − 1)·2^k and (k − 2)·2^k.

use game_core::MAX_EXPONENT;
use game_core::line::slide_line;

use crate::format::thousands;

/// One rung: the tile `2^exponent` and the points behind it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rung {
    pub exponent: u8,
    pub tile: u32,
    /// Points scored by the merges that make the tile when every tile in it began as a 2.
    pub from_twos: u64,
    /// The least possible: every tile in it that could appear as a 4 did.
    pub least: u64,
}

/// The points `game-core` scores for merging two `2^(exponent - 1)` into one `2^exponent`.
fn merge_score(exponent: u8) -> u64 {
    u64::from(slide_line([exponent - 1, exponent - 1, 0, 0]).score)
}

/// Every tile a board can hold, 2 first.
pub fn rungs() -> Vec<Rung> {
    let mut rungs: Vec<Rung> = Vec::new();
    for exponent in 1..=MAX_EXPONENT {
        let below = rungs.last().copied();
        // A 2 only ever appears; a 4 either appears (0 points) or is two 2s merged.
        let from_twos = below.map_or(0, |b| merge_score(exponent) + 2 * b.from_twos);
        let least = match below {
            None => 0,
            Some(_) if exponent == 2 => 0,
            Some(b) => merge_score(exponent) + 2 * b.least,
        };
        rungs.push(Rung { exponent, tile: 1 << exponent, from_twos, least });
    }
    rungs
}

/// The `<tr>` rows of the ladder table (the `<!--tilerows LANG-->` directive); the numbers read
/// the same in every language the site has.
pub fn rows_html() -> String {
    rungs()
        .iter()
        .map(|r| {
            format!(
                "<tr><td><span class=\"tile\" data-v=\"{t}\">{t}</span></td><td class=\"num\">2<sup>{k}</sup></td>\
                 <td class=\"num\">{a}</td><td class=\"num\">{b}</td></tr>",
                t = r.tile,
                k = r.exponent,
                a = thousands(r.from_twos),
                b = thousands(r.least),
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}
