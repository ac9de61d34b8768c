//! The n-tuple network: a learned value of a board right after a move (an "afterstate"), the
//! expected score still to come. Each tuple is a list of cells whose tiles index a table of
//! weights; every tuple is read on all eight symmetric images of the board, and the value is the
//! sum of those lookups (Szubert and Jaśkowski 2014, symmetric sampling).
//!
//! The page's network is [`Shape::SIX`] with most weights 0, held as [`SparseWeights`]; the
//! dense tables are what the lab learns in. The lab (`crates/lab/src/ntuple`) builds, reshapes
//! and writes networks through the few hooks here ([`Network::uniform`],
//! [`Network::dense_weights_mut`], [`Network::weights_read`], [`Network::slot`]): the page only
//! reads and evaluates them.

use game_core::packed;

use super::sparse::SparseWeights;

/// The symmetric images each tuple is read on.
pub const IMAGES: usize = 8;

/// The tuples of a network, as cell lists (cell `4 * row + col`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub tuples: &'static [&'static [u8]],
}

impl Shape {
    /// Four 4-tuples and a 2x2 square family: lines 0-3 and 4-7, squares 0/1/4/5, 1/2/5/6, 5/6/9/10.
    pub const LINES_AND_SQUARES: Shape =
        Shape { tuples: &[&[0, 1, 2, 3], &[4, 5, 6, 7], &[0, 1, 4, 5], &[1, 2, 5, 6], &[5, 6, 9, 10]] };

    /// Wu, Yeh et al.'s four 6-tuples: 268 MB of `f32` as the lab learns them, Max's network
    /// once pruned and held sparse.
    pub const SIX: Shape = Shape {
        tuples: &[&[0, 1, 2, 3, 4, 5], &[4, 5, 6, 7, 8, 9], &[0, 1, 2, 4, 5, 6], &[4, 5, 6, 8, 9, 10]],
    };

    /// Four 5-tuples and the centre square (17 MB of `f32`: for native experiments only).
    pub const FIVE: Shape = Shape {
        tuples: &[&[0, 1, 2, 3, 4], &[4, 5, 6, 7, 8], &[0, 1, 2, 4, 5], &[4, 5, 6, 8, 9], &[5, 6, 9, 10]],
    };

    /// Every shape a weights file may hold.
    pub const ALL: [Shape; 3] = [Shape::LINES_AND_SQUARES, Shape::FIVE, Shape::SIX];

    /// The shapes by name, for the trainer.
    pub fn named(name: &str) -> Option<Shape> {
        match name {
            "lines-squares" => Some(Shape::LINES_AND_SQUARES),
            "five" => Some(Shape::FIVE),
            "six" => Some(Shape::SIX),
            _ => None,
        }
    }

    /// Weights in all the tables.
    pub fn weights(self) -> usize {
        self.tuples.iter().map(|t| 1usize << (4 * t.len())).sum()
    }

    /// The shape written in a weights file: tuple count, then each tuple's length and cells.
    pub fn to_bytes(self) -> Vec<u8> {
        let mut out = vec![self.tuples.len() as u8];
        for t in self.tuples {
            out.push(t.len() as u8);
            out.extend_from_slice(t);
        }
        out
    }
}

/// The weights of the network.
#[derive(Clone)]
pub struct Network {
    pub(super) shape: Shape,
    /// Each tuple's key, read off an image of the board.
    pub(super) keys: Box<[Key]>,
    /// A board whose largest tile has at least this exponent reads the second set of weights
    /// (a multi-stage network: the late game, which the first set's tables share with the
    /// early game, gets tables of its own); `None`: one set.
    pub(super) split: Option<u8>,
    /// Each tuple's table has `2^bits` weights that its keys are hashed into; `None`: a weight
    /// for every key.
    pub(super) hash_bits: Option<u8>,
    pub(super) storage: Storage,
}

/// The weights: a table of every one (what learning moves), or only those that are not 0
/// (what a page holds: [`SparseWeights`]).
#[derive(Clone, Debug)]
pub(super) enum Storage {
    Dense(Box<[f32]>),
    Sparse(SparseWeights),
}

/// How one tuple's key is read off an image of the board: where its table starts, and its
/// cells as runs of adjacent nibbles, each moved into place with one shift and one mask (a
/// row-aligned 5-tuple is one or two runs, where reading it cell by cell takes five steps).
#[derive(Clone, Copy, Debug)]
pub(super) struct Key {
    first: usize,
    runs: [Run; MAX_RUNS],
    len: u8,
    /// The key's table is hashed into `2^bits` weights (0: not hashed).
    bits: u8,
}

/// Nibbles `from..from + n` of the image to nibbles `to..to + n` of the key: the image shifted
/// right by `4 * from`, masked, shifted left by `4 * to`.
#[derive(Clone, Copy, Debug, Default)]
struct Run {
    right: u8,
    mask: u64,
    left: u8,
}

/// The most lookups a value may take (every shape's tuples on every image).
pub(super) const MAX_LOOKUPS: usize = 64;

const _: () = {
    let mut i = 0;
    while i < Shape::ALL.len() {
        assert!(IMAGES * Shape::ALL[i].tuples.len() <= MAX_LOOKUPS);
        i += 1;
    }
};

/// The most runs a tuple may be cut into.
const MAX_RUNS: usize = 4;

impl Key {
    pub(super) fn new(first: usize, cells: &[u8], bits: u8) -> Key {
        let mut key = Key { first, runs: [Run::default(); MAX_RUNS], len: 0, bits };
        let mut i = 0;
        while i < cells.len() {
            let mut n = 1;
            while i + n < cells.len() && cells[i + n] == cells[i] + n as u8 {
                n += 1;
            }
            assert!(usize::from(key.len) < MAX_RUNS, "a tuple of more than {MAX_RUNS} runs: {cells:?}");
            key.runs[usize::from(key.len)] =
                Run { right: 4 * cells[i], mask: (1u64 << (4 * n)) - 1, left: 4 * i as u8 };
            key.len += 1;
            i += n;
        }
        key
    }

    #[inline(always)]
    fn index(&self, image: u64) -> usize {
        let mut key = 0u64;
        for run in &self.runs[..usize::from(self.len)] {
            key |= ((image >> run.right) & run.mask) << run.left;
        }
        self.slot(key)
    }

    /// Where the tuple's key `key` (its cells' exponents, the first in the lowest nibble) reads.
    #[inline(always)]
    pub(super) fn slot(&self, key: u64) -> usize {
        let key = if self.bits > 0 {
            // Fibonacci hashing: the product's top bits depend on every bit of the key.
            key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - self.bits)
        } else {
            key
        };
        self.first + key as usize
    }

    /// How many weights the key's table has.
    pub(super) fn table(cells: usize, bits: u8) -> usize {
        if bits > 0 { 1 << bits } else { 1 << (4 * cells) }
    }
}

impl std::fmt::Debug for Network {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Network").field("shape", &self.shape).field("weights", &self.weight_count()).finish()
    }
}

/// The largest exponent on the nibble board `x`.
#[inline]
pub fn max_nibble(x: u64) -> u8 {
    (0..16).map(|c| ((x >> (4 * c)) & 0xF) as u8).max().unwrap_or(0)
}

/// The eight images of a nibble board under the square's rotations and reflections.
#[inline]
pub fn images(x: u64) -> [u64; IMAGES] {
    let t = packed::transpose(x);
    let (m, mt) = (packed::mirror(x), packed::mirror(t));
    [x, m, flip(x), flip(m), t, mt, flip(t), flip(mt)]
}

/// The rows in reverse order.
#[inline]
fn flip(x: u64) -> u64 {
    (x << 48) | ((x << 16) & 0x0000_FFFF_0000_0000) | ((x >> 16) & 0x0000_0000_FFFF_0000) | (x >> 48)
}

impl Network {
    /// A network's shape, keys and stages with no weights yet, and how many weights it is to
    /// hold (so that a sparse file is read without first making the dense tables it leaves out).
    pub(super) fn frame(shape: Shape, hash_bits: Option<u8>, split: Option<u8>) -> (Network, usize) {
        let bits = hash_bits.unwrap_or(0);
        let mut first = 0;
        let keys: Box<[Key]> = shape
            .tuples
            .iter()
            .map(|t| {
                let key = Key::new(first, t, bits);
                first += Key::table(t.len(), bits);
                key
            })
            .collect();
        let stages = if split.is_some() { 2 } else { 1 };
        let network = Network { shape, keys, split, hash_bits, storage: Storage::Dense(Box::new([])) };
        (network, stages * first)
    }

    /// A network of `shape` holding every weight, each `weight`: its keys hashed into tables of
    /// `2^bits` weights (`hash_bits`, 1 to 32; `None`: a weight for every key), with a second set
    /// of weights for the boards with a tile of `2^split` or more (`split`; `None`: one set).
    /// What the lab builds its networks from before learning or reshaping them through
    /// [`Self::dense_weights_mut`]; the page only reads networks from files.
    pub fn uniform(shape: Shape, hash_bits: Option<u8>, split: Option<u8>, weight: f32) -> Network {
        if let Some(bits) = hash_bits {
            assert!((1..=32).contains(&bits), "tables of 2^{bits} weights");
        }
        let (network, count) = Network::frame(shape, hash_bits, split);
        Network { storage: Storage::Dense(vec![weight; count].into()), ..network }
    }

    /// Every weight, each stage's tables after the other (a file's order), if the network holds
    /// them all; `None` for one read from a sparse file, which holds only those that are not 0.
    pub fn dense_weights(&self) -> Option<&[f32]> {
        match &self.storage {
            Storage::Dense(weights) => Some(weights),
            Storage::Sparse(_) => None,
        }
    }

    /// [`Self::dense_weights`] to change: what the lab's learning and reshaping move.
    pub fn dense_weights_mut(&mut self) -> Option<&mut [f32]> {
        match &mut self.storage {
            Storage::Dense(weights) => Some(weights),
            Storage::Sparse(_) => None,
        }
    }

    /// The index of each weight [`Self::value`] of `x` adds up, in its order: every tuple on
    /// every image, in the set of weights `x` reads (what a learner moves).
    #[inline]
    pub fn weights_read(&self, x: u64) -> impl Iterator<Item = usize> + use<> {
        let (at, n) = self.indices(x, self.stage_offset(x));
        at.into_iter().take(n)
    }

    /// The index in the first set of weights that tuple `tuple` (of [`Self::shape`]) reads for
    /// the key `key` (its cells' exponents, the first in the lowest nibble): where its table
    /// starts plus the key, or plus the key's hash in a hashed network.
    pub fn slot(&self, tuple: usize, key: u64) -> usize {
        self.keys[tuple].slot(key)
    }

    /// The bits of each tuple's hashed table, if the network hashes its keys.
    pub fn hash_bits(&self) -> Option<u8> {
        self.hash_bits
    }

    /// The exponent from which the second set is read, if the network has two.
    pub fn split(&self) -> Option<u8> {
        self.split
    }

    /// Where the set of weights `x` reads starts.
    #[inline]
    pub(super) fn stage_offset(&self, x: u64) -> usize {
        match self.split {
            Some(split) if max_nibble(x) >= split => self.weight_count() / 2,
            _ => 0,
        }
    }

    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// How many weights one value reads: every tuple on every image.
    pub fn lookups(&self) -> usize {
        IMAGES * self.keys.len()
    }

    /// How many weights the network holds, every stage's.
    pub fn weight_count(&self) -> usize {
        match &self.storage {
            Storage::Dense(weights) => weights.len(),
            Storage::Sparse(weights) => weights.len(),
        }
    }

    /// Weight `i`.
    pub fn weight(&self, i: usize) -> f32 {
        match &self.storage {
            Storage::Dense(weights) => weights[i],
            Storage::Sparse(weights) => weights.get(i),
        }
    }

    /// Whether only the weights that are not 0 are held (a network read from a sparse file:
    /// it can be searched with, not learned).
    pub fn is_sparse(&self) -> bool {
        matches!(self.storage, Storage::Sparse(_))
    }

    /// The value of the nibble board `x`.
    #[inline]
    pub fn value(&self, x: u64) -> f32 {
        let (at, n) = self.indices(x, self.stage_offset(x));
        match &self.storage {
            Storage::Dense(weights) => at[..n].iter().fold(0.0, |sum, &i| sum + weights[i]),
            Storage::Sparse(weights) => weights.sum(&at[..n]),
        }
    }

    /// Where each lookup of `x`'s value reads, every tuple on every image (computed before any
    /// is read, so that the reads need not wait for each other), and how many there are.
    #[inline(always)]
    pub(super) fn indices(&self, x: u64, offset: usize) -> ([usize; MAX_LOOKUPS], usize) {
        let mut at = [0usize; MAX_LOOKUPS];
        let mut n = 0;
        for image in images(x) {
            for key in self.keys.iter() {
                at[n] = offset + key.index(image);
                n += 1;
            }
        }
        (at, n)
    }
}

/// The nibble board of these exponents, for the tests of the network's modules.
#[cfg(test)]
pub(super) fn nibbles(rows: [[u8; 4]; 4]) -> u64 {
    game_core::Board::from_exponents(rows).unwrap().nibbles().unwrap()
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_core::Board;

    #[test]
    fn images_are_the_eight_symmetries() {
        let x = nibbles([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 0]]);
        let all = images(x);
        let b = Board::from_nibbles(x);
        assert_eq!(all[1], b.mirror().nibbles().unwrap());
        assert_eq!(all[4], b.transpose().nibbles().unwrap());
        // A rotation by a quarter turn is a transpose then a mirror.
        assert_eq!(all[5], b.transpose().mirror().nibbles().unwrap());
        let mut sorted = all.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), 8, "a board with no symmetry has eight different images");
        // flip is mirror conjugated by transpose.
        assert_eq!(flip(x), packed::transpose(packed::mirror(packed::transpose(x))));
    }
}
