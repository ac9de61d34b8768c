//! The expectimax tree itself: the boards it walks ([`Position`]: a [`Board`], or the bare
//! nibbles of one, the fast path) and the walk ([`Tree`]), its cutoff, transposition table and
//! leaves.

use super::*;

pub(super) struct Tree<'a, E: Evaluator, W: Watch> {
    pub(super) leaf: E,
    pub(super) tt: Option<&'a mut TranspositionTable>,
    pub(super) reuse: Reuse,
    pub(super) tt_min_depth: u32,
    pub(super) cutoff: f64,
    pub(super) nodes: u64,
    pub(super) watch: W,
}

/// A board the search walks: [`Board`] itself, or the bare nibbles of one whose tiles are all
/// below 65536 (the fast path).
pub(super) trait Position: Copy {
    fn key(self) -> u128;
    fn empty_mask(self) -> u16;
    fn with_tile(self, cell: usize, exponent: u8) -> Self;
    fn evaluate<E: Evaluator>(self, leaf: E) -> f64;
    /// The chance node at `self` scored by [`frontier`], when its children have only leaves
    /// below them; `None` where that shortcut does not apply.
    fn frontier<E: Evaluator>(self, leaf: E) -> Option<frontier::Frontier>;
    /// The value of the player node at `self`: the best of its moves' chance nodes.
    fn player<E: Evaluator, W: Watch>(
        self,
        tree: &mut Tree<'_, E, W>,
        moves_left: u32,
        probability: f64,
    ) -> f64;
}

impl Position for Board {
    #[inline]
    fn key(self) -> u128 {
        Board::key(self)
    }

    fn empty_mask(self) -> u16 {
        Board::empty_mask(self)
    }

    fn with_tile(self, cell: usize, exponent: u8) -> Board {
        self.with_exponent(cell, exponent)
    }

    fn evaluate<E: Evaluator>(self, leaf: E) -> f64 {
        leaf.board(self)
    }

    fn frontier<E: Evaluator>(self, _: E) -> Option<frontier::Frontier> {
        None
    }

    fn player<E: Evaluator, W: Watch>(
        self,
        tree: &mut Tree<'_, E, W>,
        moves_left: u32,
        probability: f64,
    ) -> f64 {
        let mut best = None::<f64>;
        for direction in Direction::ALL {
            let slide = self.slide(direction);
            if slide.moved {
                let value = tree.chance_of(slide.board, moves_left - 1, probability);
                best = Some(best.map_or(value, |b| b.max(value)));
            }
        }
        best.unwrap_or_else(|| tree.leaf.lost_board(self))
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
struct Nibbles(u64);

impl Position for Nibbles {
    #[inline]
    fn key(self) -> u128 {
        u128::from(self.0)
    }

    #[inline]
    fn empty_mask(self) -> u16 {
        packed::zero_nibbles(self.0)
    }

    #[inline]
    fn with_tile(self, cell: usize, exponent: u8) -> Nibbles {
        Nibbles(packed::with_tile(self.0, cell, exponent))
    }

    #[inline]
    fn evaluate<E: Evaluator>(self, leaf: E) -> f64 {
        leaf.nibbles(self.0)
    }

    #[inline]
    fn frontier<E: Evaluator>(self, leaf: E) -> Option<frontier::Frontier> {
        frontier::chance(self.0, leaf, leaf.line_table()?)
    }

    #[inline]
    fn player<E: Evaluator, W: Watch>(
        self,
        tree: &mut Tree<'_, E, W>,
        moves_left: u32,
        probability: f64,
    ) -> f64 {
        let x = self.0;
        let t = packed::transpose(x);
        // In `Direction::ALL` order: up, down, left, right; up and down slide the transpose,
        // which the heuristic of their child then reads for free.
        let vertical = |s: u64| (packed::transpose(s), Some(s));
        let horizontal = |y: u64| (y, None);
        let slides = [
            packed::slide_rows(t, false).map(vertical),
            packed::slide_rows(t, true).map(vertical),
            packed::slide_rows(x, false).map(horizontal),
            packed::slide_rows(x, true).map(horizontal),
        ];
        if let Some(tt) = tree.tt.as_deref()
            && moves_left > tree.tt_min_depth
            && probability >= tree.cutoff
        {
            // Each child chance node will look itself up: start the four loads together.
            for (y, _) in slides.into_iter().flatten() {
                tt.prefetch(u128::from(y));
            }
        }
        // Most chance nodes are leaves: score those here rather than through the recursive call.
        let leaves = tree.children_are_leaves(moves_left, probability);
        let mut best = None::<f64>;
        for (direction, slide) in Direction::ALL.into_iter().zip(slides) {
            let value = match slide {
                Some((y, _)) if y == x => continue,
                Some((y, transposed)) if leaves => {
                    let transposed = transposed.unwrap_or_else(|| packed::transpose(y));
                    tree.count_leaf(moves_left - 1);
                    tree.leaf.nibbles_transposed(y, transposed)
                }
                Some((y, _)) => tree.chance(Nibbles(y), moves_left - 1, probability),
                // A merge makes a 65536: this child goes through `Board`.
                None => {
                    tree.chance(Board::from_nibbles(x).slide(direction).board, moves_left - 1, probability)
                }
            };
            best = Some(best.map_or(value, |b| b.max(value)));
        }
        best.unwrap_or_else(|| tree.leaf.lost_nibbles(x))
    }
}

impl<E: Evaluator, W: Watch> Tree<'_, E, W> {
    /// The value of `after` (a board right after a player move, before the new tile), searching
    /// `moves_left` more player moves, reached with cumulative probability `probability`.
    /// [`Self::chance`] on the fast path when `after` fits it.
    #[inline]
    pub(super) fn chance_of(&mut self, after: Board, moves_left: u32, probability: f64) -> f64 {
        match after.nibbles() {
            Some(nibbles) => self.chance(Nibbles(nibbles), moves_left, probability),
            None => self.chance(after, moves_left, probability),
        }
    }

    /// Whether the chance nodes below a player node with `moves_left` moves to search, reached
    /// with `probability`, are scored as leaves: [`Self::chance`] would stop at them at once.
    #[inline]
    fn children_are_leaves(&self, moves_left: u32, probability: f64) -> bool {
        moves_left == 1 || probability < self.cutoff
    }

    /// A chance node scored as a leaf: what [`Self::chance`] returns for it, without the call.
    #[inline]
    fn leaf<P: Position>(&mut self, after: P, moves_left: u32) -> f64 {
        self.count_leaf(moves_left);
        after.evaluate(self.leaf)
    }

    /// Counts a chance node scored as a leaf with `moves_left` moves still to search.
    #[inline]
    fn count_leaf(&mut self, moves_left: u32) {
        self.nodes += 1;
        if moves_left == 0 {
            self.watch.depth_ran_out();
        }
    }

    fn chance<P: Position>(&mut self, after: P, moves_left: u32, probability: f64) -> f64 {
        if self.children_are_leaves(moves_left + 1, probability) {
            return self.leaf(after, moves_left);
        }
        self.nodes += 1;
        if self.watch.stop(self.nodes) {
            return 0.0;
        }
        let cached = moves_left >= self.tt_min_depth;
        if cached
            && let Some(tt) = self.tt.as_mut()
            && let Some(v) = tt.get_key(after.key(), moves_left, self.reuse)
        {
            return v;
        }
        let empty = after.empty_mask();
        let cells = empty.count_ones();
        // A move that counts always frees a cell, so `cells > 0`.
        let per_cell = probability / f64::from(cells);
        let last_ply =
            SPAWN_ODDS.iter().all(|&(_, weight)| self.children_are_leaves(moves_left, per_cell * weight));
        let value = match last_ply.then(|| after.frontier(self.leaf)).flatten() {
            Some(frontier) => {
                self.nodes += frontier.nodes;
                if moves_left == 1 && frontier.scored_leaves {
                    self.watch.depth_ran_out();
                }
                frontier.value
            }
            None => {
                let mut sum = 0.0;
                let mut rest = empty;
                while rest != 0 {
                    let cell = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    for (exponent, weight) in SPAWN_ODDS {
                        let value =
                            self.player(after.with_tile(cell, exponent), moves_left, per_cell * weight);
                        sum += weight * (value - self.leaf.spawn_credit(exponent));
                    }
                }
                sum / f64::from(cells)
            }
        };
        if cached
            && !self.watch.stopped()
            && let Some(tt) = self.tt.as_mut()
        {
            tt.put_key(after.key(), moves_left, value);
        }
        value
    }

    /// The value of `board` with the player to move and `moves_left` (>= 1) moves to search.
    #[inline]
    fn player<P: Position>(&mut self, board: P, moves_left: u32, probability: f64) -> f64 {
        self.nodes += 1;
        board.player(self, moves_left, probability)
    }
}
