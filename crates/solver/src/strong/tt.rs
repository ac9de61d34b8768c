//! A fixed-size transposition table for the Strong search: the value of a chance node (the board
//! right after a player move) searched a given number of moves deep.
//!
//! One slot per index (direct-mapped), 24 bytes a slot. A slot holds the full board key, so a hit
//! is never a different board. Replacement: a new entry takes the slot when the slot is empty,
//! was written by an earlier decision, or holds a search no deeper than the new one; otherwise
//! the deeper entry of the current decision stays.

use game_core::Board;

#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    low: u64,
    value: f64,
    high: u16,
    /// Player moves searched below the node; 0 marks an empty slot (leaves are never stored).
    depth: u8,
    generation: u8,
}

/// The table. `generation` counts decisions, so entries of older moves are replaced first.
#[derive(Clone, Debug)]
pub struct TranspositionTable {
    slots: Box<[Slot]>,
    mask: usize,
    generation: u8,
    /// Lookups that returned a value, and stores, since the table was made.
    pub hits: u64,
    pub stores: u64,
}

/// Whether a stored entry may answer a lookup.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reuse {
    /// Only an entry searched exactly as deep: the search then returns what it would without
    /// the table (probability cutoff aside).
    Exact,
    /// Any entry searched at least as deep (nneonneo's rule): deeper answers for free.
    Deeper,
}

impl TranspositionTable {
    /// A table of `2^bits` slots (`24 << bits` bytes: 6 MiB for 18 bits).
    pub fn new(bits: u32) -> TranspositionTable {
        assert!((4..=26).contains(&bits), "table bits {bits}");
        let len = 1usize << bits;
        TranspositionTable {
            slots: vec![Slot::default(); len].into_boxed_slice(),
            mask: len - 1,
            generation: 1,
            hits: 0,
            stores: 0,
        }
    }

    pub fn len(&self) -> usize {
        self.slots.len()
    }

    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        self.slots.fill(Slot::default());
    }

    /// Starts a new decision: entries stay valid but become the first to be replaced.
    pub fn next_generation(&mut self) {
        self.generation = self.generation.wrapping_add(1).max(1);
    }

    #[inline]
    fn index(&self, key: u128) -> usize {
        let mixed = ((key as u64) ^ ((key >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15))
            .wrapping_mul(0xBF58_476D_1CE4_E5B9);
        (mixed >> 32) as usize & self.mask
    }

    /// The stored value of `board` searched `depth` moves deep, if the slot has one `reuse` allows.
    #[inline]
    pub fn get(&mut self, board: Board, depth: u32, reuse: Reuse) -> Option<f64> {
        self.get_key(board.key(), depth, reuse)
    }

    /// [`Self::get`] by [`Board::key`].
    #[inline]
    pub fn get_key(&mut self, key: u128, depth: u32, reuse: Reuse) -> Option<f64> {
        let slot = &self.slots[self.index(key)];
        let usable = match reuse {
            Reuse::Exact => u32::from(slot.depth) == depth,
            Reuse::Deeper => u32::from(slot.depth) >= depth,
        };
        if slot.depth != 0 && usable && slot.low == key as u64 && slot.high == (key >> 64) as u16 {
            self.hits += 1;
            Some(slot.value)
        } else {
            None
        }
    }

    /// Stores the value of `board` searched `depth` (>= 1) moves deep.
    #[inline]
    pub fn put(&mut self, board: Board, depth: u32, value: f64) {
        self.put_key(board.key(), depth, value);
    }

    /// [`Self::put`] by [`Board::key`].
    #[inline]
    pub fn put_key(&mut self, key: u128, depth: u32, value: f64) {
        let generation = self.generation;
        let index = self.index(key);
        let slot = &mut self.slots[index];
        let depth = depth.min(255) as u8;
        if slot.depth == 0 || slot.generation != generation || slot.depth <= depth {
            *slot = Slot { low: key as u64, value, high: (key >> 64) as u16, depth, generation };
            self.stores += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_by_board_and_depth() {
        let mut tt = TranspositionTable::new(10);
        let a = Board::from_exponents([[1, 2, 0, 0], [0; 4], [0; 4], [0; 4]]).unwrap();
        let b = a.with_exponent(15, 17);
        assert_eq!(tt.get(a, 2, Reuse::Deeper), None);
        tt.put(a, 2, 5.0);
        assert_eq!(tt.get(a, 2, Reuse::Exact), Some(5.0));
        assert_eq!(tt.get(a, 1, Reuse::Deeper), Some(5.0));
        assert_eq!(tt.get(a, 1, Reuse::Exact), None);
        assert_eq!(tt.get(a, 3, Reuse::Deeper), None);
        assert_eq!(tt.get(b, 2, Reuse::Deeper), None);
        // A shallower entry of the same decision does not push out a deeper one...
        tt.put(a, 1, 7.0);
        assert_eq!(tt.get(a, 2, Reuse::Exact), Some(5.0));
        // ...but one of a later decision does.
        tt.next_generation();
        tt.put(a, 1, 7.0);
        assert_eq!(tt.get(a, 1, Reuse::Exact), Some(7.0));
        tt.clear();
        assert_eq!(tt.get(a, 1, Reuse::Deeper), None);
    }
}
