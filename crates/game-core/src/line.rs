//! The merge rule, once: how one line of four cells slides toward its front.
//!
//! Everything else (the board's row tables, the game's animation report, the solver) is
//! built on [`slide_line`], so there is exactly one implementation of the three merge rules.

use crate::board::MAX_EXPONENT;

/// Exponents of one line, front first: `0` is empty, `k` is the tile `2^k`.
pub type Line = [u8; 4];

/// The outcome of sliding one line toward index 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineSlide {
    /// The line after the slide and its merges.
    pub line: Line,
    /// Sum of the values of the tiles created by merges.
    pub score: u32,
    /// For each input index, the output index its tile ends on (`None` for an empty cell).
    pub destination: [Option<u8>; 4],
    /// For each output index, whether its tile was created by a merge in this slide.
    pub merged: [bool; 4],
}

/// Slides one line toward index 0 by the official rules:
/// 1. a tile merges at most once per slide;
/// 2. pairing starts at the front (index 0): `4 4 4 .` gives `8 4 . .`;
/// 3. only tiles meeting in this slide merge (a line is one direction, so that holds by construction).
///
/// Two 131072s never merge: no game can hold two of them (the board is too small to build a
/// second), and a 262144 would not be a tile this engine can store.
pub fn slide_line(input: Line) -> LineSlide {
    let mut out = LineSlide { line: [0; 4], score: 0, destination: [None; 4], merged: [false; 4] };
    let mut next = 0usize; // the output index the next tile would land on
    for (from, &exp) in input.iter().enumerate() {
        if exp == 0 {
            continue;
        }
        let can_merge = next > 0 && !out.merged[next - 1] && out.line[next - 1] == exp && exp < MAX_EXPONENT;
        if can_merge {
            out.line[next - 1] = exp + 1;
            out.merged[next - 1] = true;
            out.score += 1u32 << (exp + 1);
            out.destination[from] = Some((next - 1) as u8);
        } else {
            out.line[next] = exp;
            out.destination[from] = Some(next as u8);
            next += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merged_tile_does_not_merge_again() {
        // 4 4 4 4 -> 8 8 . .
        let s = slide_line([2, 2, 2, 2]);
        assert_eq!(s.line, [3, 3, 0, 0]);
        assert_eq!(s.score, 16);
        assert_eq!(s.destination, [Some(0), Some(0), Some(1), Some(1)]);
        assert_eq!(s.merged, [true, true, false, false]);
    }

    #[test]
    fn pairing_starts_at_the_front() {
        // 4 4 4 . -> 8 4 . .
        let s = slide_line([2, 2, 2, 0]);
        assert_eq!(s.line, [3, 2, 0, 0]);
        assert_eq!(s.destination, [Some(0), Some(0), Some(1), None]);
    }

    #[test]
    fn gaps_are_closed_before_pairing() {
        // 2 . . 2 -> 4 . . .
        let s = slide_line([1, 0, 0, 1]);
        assert_eq!(s.line, [2, 0, 0, 0]);
        assert_eq!(s.score, 4);
    }

    #[test]
    fn largest_tiles_merge_into_131072() {
        let s = slide_line([16, 16, 0, 0]);
        assert_eq!(s.line, [17, 0, 0, 0]);
        assert_eq!(s.score, 131_072);
    }
}
