//! A fixed-size transposition table for the Strong search: the value of a chance node (the board
//! right after a player move) searched a given number of moves deep.
//!
//! One slot per index (direct-mapped), 16 bytes a slot (the value kept as `f32`, as nneonneo's
//! table keeps it). A slot holds the full board key, so a hit
//! is never a different board. Replacement: a new entry takes the slot when the slot is empty,
//! was written by an earlier decision, or holds a search no deeper than the new one; otherwise
//! the deeper entry of the current decision stays.

use game_core::Board;

#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    low: u64,
    value: f32,
    high: u16,
    /// Player moves searched below the node; 0 marks an empty slot (leaves are never stored).
    depth: u8,
    generation: u8,
}

/// The table. `generation` counts decisions, so entries of older moves are replaced first.
#[derive(Clone, Debug)]
pub struct TranspositionTable {
    slots: Box<[Slot]>,
    /// `64 - bits`: the index is the product's top bits, its best mixed.
    shift: u32,
    generation: u8,
    /// Lookups that returned a value, and stores, since the table was made.
    pub hits: u64,
    pub stores: u64,
}

/// Whether a stored entry may answer a lookup.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reuse {
    /// Only an entry searched exactly as deep: the search then returns what it would without
    /// the table, up to the `f32` rounding of stored values (probability cutoff aside).
    Exact,
    /// Any entry searched at least as deep (nneonneo's rule): deeper answers for free.
    Deeper,
}

impl TranspositionTable {
    /// A table of `2^bits` slots (`16 << bits` bytes: 64 MiB for 22 bits).
    pub fn new(bits: u32) -> TranspositionTable {
        assert!((4..=26).contains(&bits), "table bits {bits}");
        let len = 1usize << bits;
        TranspositionTable {
            slots: vec![Slot::default(); len].into_boxed_slice(),
            shift: 64 - bits,
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
        (mixed >> self.shift) as usize
    }

    /// Starts loading the slot of `key` into cache, so that a lookup soon after does not wait
    /// for memory (the table is larger than the caches). A no-op where no prefetch exists.
    #[inline]
    pub fn prefetch(&self, key: u128) {
        #[cfg(target_arch = "x86_64")]
        {
            use core::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let slot: *const Slot = &self.slots[self.index(key)];
            // SAFETY: SSE is part of every x86_64 target, and a prefetch reads nothing the
            // program sees (it cannot fault); the pointer is a live slot besides.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(slot.cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
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
            Some(f64::from(slot.value))
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
            *slot =
                Slot { low: key as u64, value: value as f32, high: (key >> 64) as u16, depth, generation };
            self.stores += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_moves_the_index() {
        // Boards that differ only in their last row (which a hash of the low 50 bits alone
        // would map to one slot) spread over the table.
        let tt = TranspositionTable::new(12);
        let base = 0x0000_1234_5678_9ABCu64;
        let slots: std::collections::HashSet<usize> =
            (0..4096u64).map(|row| tt.index(u128::from(base | (row << 48)))).collect();
        // 4096 random keys in 4096 slots fill about 63 % of them.
        assert!(slots.len() > 2400, "{} slots", slots.len());
    }

    #[test]
    fn a_slot_is_sixteen_bytes() {
        assert_eq!(std::mem::size_of::<Slot>(), 16);
    }

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
