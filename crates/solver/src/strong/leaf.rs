//! What Strong scores a leaf with: the choice ([`Evaluation`]: nneonneo's [`Heuristic`] or a
//! learned network), and the hook the search is generic over ([`Evaluator`]), which the
//! heuristic implements here and `crate::ntuple` with the network.

use game_core::Board;

use super::heuristic::Heuristic;
pub(crate) use super::heuristic::LineTable;
use crate::LOST;
use crate::ntuple::Reading;

/// A leaf evaluation the search is compiled for: the heuristic here, the network through its
/// memo of leaves (`crate::ntuple`), and the network with the heuristic added late
/// (`super::late::Shaped`). Each gets a compiled copy of the same search, so none pays for the
/// hook.
pub(crate) trait Evaluator: Copy {
    /// The score of the afterstate `x`, a nibble board.
    fn nibbles(self, x: u64) -> f64;
    /// [`Self::nibbles`] of `x` given its transpose `transposed`, which the caller may have
    /// for free.
    #[inline]
    fn nibbles_transposed(self, x: u64, transposed: u64) -> f64 {
        let _ = transposed;
        self.nibbles(x)
    }
    /// The row table the score is the sum of over rows and columns, if it is one: the last
    /// ply then scores children line by line ([`super::frontier`]).
    fn line_table(&self) -> Option<&LineTable> {
        None
    }
    /// The score of the afterstate `board`, of any tiles.
    fn board(self, board: Board) -> f64;
    /// The value of the nibble board `x` with no move left.
    fn lost_nibbles(self, x: u64) -> f64;
    /// [`Self::lost_nibbles`] of any board.
    fn lost_board(self, board: Board) -> f64;
    /// What a spawned tile of `exponent` adds to the score of the boards below it without
    /// being scored by a move.
    fn spawn_credit(self, exponent: u8) -> f64;
}

impl Evaluator for &Heuristic {
    #[inline]
    fn nibbles(self, x: u64) -> f64 {
        self.nibbles_transposed(x, game_core::packed::transpose(x))
    }

    #[inline]
    fn nibbles_transposed(self, x: u64, transposed: u64) -> f64 {
        let rows = |x: u64| -> f64 { (0..4).map(|r| self.row((x >> (16 * r)) as u16)).sum() };
        rows(x) + rows(transposed)
    }

    fn line_table(&self) -> Option<&LineTable> {
        Some(self.table())
    }

    fn board(self, board: Board) -> f64 {
        self.evaluate(board)
    }

    #[inline]
    fn lost_nibbles(self, _: u64) -> f64 {
        LOST
    }

    fn lost_board(self, _: Board) -> f64 {
        LOST
    }

    #[inline]
    fn spawn_credit(self, _: u8) -> f64 {
        0.0
    }
}

/// What Strong scores its leaves with.
#[derive(Clone, Copy, Debug)]
pub enum Evaluation {
    /// The row heuristic: nneonneo/2048-ai's hand-made weights, or the searcher's own
    /// (`Strong::with_heuristic`).
    Heuristic,
    /// A learned n-tuple network, plus the score already made (`crate::ntuple`), perhaps reading
    /// late boards as the earlier ones they are shaped like: Max's.
    Learned(Reading<'static>),
}

impl PartialEq for Evaluation {
    /// The same evaluation: the heuristic, or the very same network read alike.
    fn eq(&self, other: &Evaluation) -> bool {
        match (self, other) {
            (Evaluation::Heuristic, Evaluation::Heuristic) => true,
            (Evaluation::Learned(a), Evaluation::Learned(b)) => {
                std::ptr::eq(a.network, b.network) && a.down_from == b.down_from
            }
            _ => false,
        }
    }
}
