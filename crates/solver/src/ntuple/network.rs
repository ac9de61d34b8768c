//! The n-tuple network: a learned value of a board right after a move (an "afterstate"), the
//! expected score still to come. Each tuple is a list of cells whose tiles index a table of
//! weights; every tuple is read on all eight symmetric images of the board, and the value is the
//! sum of those lookups (Szubert and Jaśkowski 2014, symmetric sampling).
//!
//! [`Shape::LINES_AND_SQUARES`] (an outer line, an inner line, the corner, edge and centre 2x2
//! squares: 1.25 MiB of `f32`) would fit the page's worker and a core's cache; the larger shapes
//! are for native experiments. A [`Network::hashed`] network bounds any shape's size: each
//! tuple's key is hashed into a table of `2^bits` weights, and the keys that share a weight
//! learn it together.

use game_core::packed;

use super::sparse::SparseWeights;

/// Why a network read from a sparse file cannot learn, fold, prune or take stages.
const READ_ONLY: &str = "a sparse network is read-only: take its dense_copy() to change it";

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

    /// Wu, Yeh et al.'s four 6-tuples (268 MB of `f32`: for native experiments only).
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
    pub(super) fn to_bytes(self) -> Vec<u8> {
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
    keys: Box<[Key]>,
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
struct Key {
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
    fn new(first: usize, cells: &[u8], bits: u8) -> Key {
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
    fn slot(&self, key: u64) -> usize {
        let key = if self.bits > 0 {
            // Fibonacci hashing: the product's top bits depend on every bit of the key.
            key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - self.bits)
        } else {
            key
        };
        self.first + key as usize
    }

    /// How many weights the key's table has.
    fn table(cells: usize, bits: u8) -> usize {
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
fn max_nibble(x: u64) -> u8 {
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
    /// All weights zero: every board is worth nothing yet.
    pub fn zeroed(shape: Shape) -> Network {
        Network::filled(shape, 0.0)
    }

    /// Every board worth `value` to start with, shared equally among its lookups (an
    /// optimistic start makes the learner try what it has not seen).
    pub fn filled(shape: Shape, value: f32) -> Network {
        Network::build(shape, None, value)
    }

    /// As [`Self::filled`], with each tuple's keys hashed into a table of `2^bits` weights
    /// (`bits` from 1 to 32), so that the network's size no longer grows with its tuples'.
    pub fn hashed(shape: Shape, bits: u8, value: f32) -> Network {
        assert!((1..=32).contains(&bits), "tables of 2^{bits} weights");
        Network::build(shape, Some(bits), value)
    }

    pub(super) fn build(shape: Shape, hash_bits: Option<u8>, value: f32) -> Network {
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
        let share = value / (IMAGES * keys.len()) as f32;
        Network { shape, keys, split: None, hash_bits, storage: Storage::Dense(vec![share; first].into()) }
    }

    /// This network (not hashed) folded into hashed tables of `2^bits` weights: each slot
    /// takes the mean of the weights of the keys hashed into it, each weighed by `learned(i)`
    /// for the key's weight `i` (how much it was learned; equal weighing when all are 0).
    pub fn folded(&self, bits: u8, learned: impl Fn(usize) -> f32) -> Network {
        let mut folded = self.hashed_like(bits);
        let n = folded.weight_count();
        let weights = self.dense();
        let (mut mass, mut sum, mut keys, mut plain) =
            (vec![0f32; n], vec![0f32; n], vec![0f32; n], vec![0f32; n]);
        self.each_fold(&folded, |i, j| {
            let m = learned(i);
            mass[j] += m;
            sum[j] += m * weights[i];
            keys[j] += 1.0;
            plain[j] += weights[i];
        });
        for (j, w) in folded.dense_mut().iter_mut().enumerate() {
            *w = if mass[j] > 0.0 { sum[j] / mass[j] } else { plain[j] / keys[j].max(1.0) };
        }
        folded
    }

    /// This network with all but the `keep` most learned weights (by `learned(i)`) set to 0:
    /// what a file that lists only those would hold.
    pub fn pruned(&self, keep: usize, learned: impl Fn(usize) -> f32) -> Network {
        let mut pruned = self.clone();
        let n = self.dense().len();
        if keep >= n {
            return pruned;
        }
        let mut order: Vec<u32> = (0..n as u32).collect();
        order.select_nth_unstable_by(keep, |&a, &b| learned(b as usize).total_cmp(&learned(a as usize)));
        let weights = pruned.dense_mut();
        for &i in &order[keep..] {
            weights[i as usize] = 0.0;
        }
        pruned
    }

    /// A zeroed network of `self`'s shape and stages with hashed tables of `2^bits` weights.
    pub(crate) fn hashed_like(&self, bits: u8) -> Network {
        assert!(self.hash_bits.is_none(), "the network is hashed already");
        let folded = Network::hashed(self.shape, bits, 0.0);
        match self.split {
            Some(split) => folded.staged(split),
            None => folded,
        }
    }

    /// Calls `f(i, j)` for each weight `i` of `self` (not hashed) and the weight `j` of
    /// `folded` (its [`Self::hashed_like`]) that its key is hashed into.
    pub(crate) fn each_fold(&self, folded: &Network, mut f: impl FnMut(usize, usize)) {
        let stages = if self.split.is_some() { 2 } else { 1 };
        let (from_stage, to_stage) = (self.weight_count() / stages, folded.weight_count() / stages);
        for stage in 0..stages {
            for ((exact, hashed), cells) in self.keys.iter().zip(folded.keys.iter()).zip(self.shape.tuples) {
                for key in 0..Key::table(cells.len(), 0) as u64 {
                    f(stage * from_stage + exact.slot(key), stage * to_stage + hashed.slot(key));
                }
            }
        }
    }

    /// The bits of each tuple's hashed table, if the network hashes its keys.
    pub fn hash_bits(&self) -> Option<u8> {
        self.hash_bits
    }

    /// A two-stage network whose boards with a tile of `2^split` or more read a second set of
    /// weights, both sets starting as `self`'s (weight promotion: the late game starts from
    /// what the early game learned).
    pub fn staged(&self, split: u8) -> Network {
        assert!(self.split.is_none(), "the network has stages already");
        let weights = self.dense().iter().chain(self.dense().iter()).copied().collect();
        Network { split: Some(split), storage: Storage::Dense(weights), ..self.clone_shape() }
    }

    /// The exponent from which the second set is read, if the network has two.
    pub fn split(&self) -> Option<u8> {
        self.split
    }

    /// Where the set of weights `x` reads starts.
    #[inline]
    fn stage_offset(&self, x: u64) -> usize {
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

    /// Calls `f` on each weight the value of `x` reads, with its index (a learner's own
    /// per-weight state is indexed alike).
    #[inline]
    pub fn each_weight(&mut self, x: u64, mut f: impl FnMut(usize, &mut f32)) {
        let (at, n) = self.indices(x, self.stage_offset(x));
        let weights = self.dense_mut();
        for &i in &at[..n] {
            f(i, &mut weights[i]);
        }
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

    /// The same network holding every weight, for learning.
    pub fn dense_copy(&self) -> Network {
        let weights = match &self.storage {
            Storage::Dense(weights) => weights.clone(),
            Storage::Sparse(weights) => weights.to_dense().into(),
        };
        Network { storage: Storage::Dense(weights), ..self.clone_shape() }
    }

    /// The network's shape, keys and stages, with no weights.
    fn clone_shape(&self) -> Network {
        Network { storage: Storage::Dense(Box::new([])), keys: self.keys.clone(), ..*self }
    }

    /// Every weight, for what learns, folds, prunes or stages a network.
    pub(super) fn dense(&self) -> &[f32] {
        match &self.storage {
            Storage::Dense(weights) => weights,
            Storage::Sparse(_) => panic!("{READ_ONLY}"),
        }
    }

    pub(super) fn dense_mut(&mut self) -> &mut [f32] {
        match &mut self.storage {
            Storage::Dense(weights) => weights,
            Storage::Sparse(_) => panic!("{READ_ONLY}"),
        }
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
    fn indices(&self, x: u64, offset: usize) -> ([usize; MAX_LOOKUPS], usize) {
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

    /// Moves the value of `x` by `step`, shared equally among its lookups.
    #[inline]
    pub fn adjust(&mut self, x: u64, step: f32) {
        let share = step / self.lookups() as f32;
        self.each_weight(x, |_, w| *w += share);
    }
}

#[cfg(test)]
mod tests {
    use super::super::file::{GENERAL_MAGIC, WeightsError};
    use super::*;
    use game_core::Board;

    fn nibbles(rows: [[u8; 4]; 4]) -> u64 {
        Board::from_exponents(rows).unwrap().nibbles().unwrap()
    }

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

    #[test]
    fn symmetric_boards_have_the_same_value() {
        let mut net = Network::zeroed(Shape::LINES_AND_SQUARES);
        let x = nibbles([[1, 2, 0, 0], [3, 0, 0, 5], [0, 0, 7, 0], [11, 0, 0, 1]]);
        net.adjust(x, 40.0);
        net.adjust(nibbles([[0, 0, 0, 9], [0; 4], [2, 2, 0, 0], [0, 0, 0, 0]]), -13.0);
        let v = net.value(x);
        for image in images(x) {
            assert!((net.value(image) - v).abs() < 1e-3, "{image:016x}");
        }
    }

    #[test]
    fn adjust_moves_the_value_by_the_step() {
        let mut net = Network::zeroed(Shape::LINES_AND_SQUARES);
        // Sixteen different cells: no two of the 40 lookups share a weight.
        let x = nibbles([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 0]]);
        net.adjust(x, 10.0);
        assert!((net.value(x) - 10.0).abs() < 1e-4);
        // Shared weights (the empty rows) move further: the step is spread per lookup.
        let sparse = nibbles([[1, 0, 0, 0], [0; 4], [0; 4], [0; 4]]);
        net.adjust(sparse, 10.0);
        assert!(net.value(sparse) > 10.0);
    }

    #[test]
    fn a_hashed_network_is_as_large_as_its_bits_learns_and_reads_back() {
        let mut net = Network::hashed(Shape::SIX, 12, 0.0);
        assert_eq!(net.weight_count(), 4 << 12, "four tuples of 2^12 weights, not 4 x 16^6");
        let x = nibbles([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 0]]);
        net.adjust(x, 10.0);
        // Two of the 32 lookups may share a slot, which only moves the value further.
        assert!(net.value(x) >= 10.0 - 1e-3, "{}", net.value(x));
        for image in images(x) {
            assert!((net.value(image) - net.value(x)).abs() < 1e-3, "symmetric images read alike");
        }
        let other = nibbles([[1, 1, 0, 0], [0; 4], [0; 4], [0, 0, 0, 2]]);
        assert!(net.value(other).abs() < net.value(x), "a board that shares little is barely moved");
        let bytes = net.to_bytes();
        let back = Network::from_bytes(&bytes).unwrap();
        assert_eq!((back.hash_bits(), back.split(), back.dense()), (Some(12), None, net.dense()));
        let staged = net.staged(13);
        let back = Network::from_bytes(&staged.to_bytes()).unwrap();
        assert_eq!((back.hash_bits(), back.split(), back.dense()), (Some(12), Some(13), staged.dense()));
        assert!(matches!(
            Network::from_bytes(&bytes[..bytes.len() - 2]),
            Err(WeightsError::WrongSize { .. })
        ));
        let mut too_many_bits = bytes.clone();
        too_many_bits[GENERAL_MAGIC.len() + Shape::SIX.to_bytes().len() + 1] = 33;
        assert_eq!(Network::from_bytes(&too_many_bits).unwrap_err(), WeightsError::NotWeights);
    }

    #[test]
    fn folding_into_hashed_tables_keeps_the_values_of_the_boards_learned() {
        let mut net = Network::zeroed(Shape::LINES_AND_SQUARES);
        // Sixteen different tiles: its 40 lookups are 40 different weights, each moved by 1/4.
        let x = nibbles([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 0]]);
        net.adjust(x, 10.0);
        let mut read = Vec::new();
        net.each_weight(x, |i, _| read.push(i));
        // 2^8 slots a tuple for 65,536 keys: every slot is shared by 256 keys.
        let folded = net.folded(8, |i| if read.contains(&i) { 1.0 } else { 0.0 });
        assert_eq!((folded.hash_bits(), folded.weight_count()), (Some(8), 5 << 8));
        assert!((folded.value(x) - 10.0).abs() < 1e-3, "{}", folded.value(x));
        // Weighed equally, each of x's weights is diluted by the 255 unlearned keys beside it.
        let diluted = net.folded(8, |_| 0.0);
        assert!(diluted.value(x) > 0.0 && diluted.value(x) < 1.0, "{}", diluted.value(x));
        let staged = net.staged(14).folded(8, |_| 1.0);
        assert_eq!((staged.split(), staged.weight_count()), (Some(14), 2 * (5 << 8)));
    }

    #[test]
    fn pruning_keeps_the_most_learned_weights_and_zeroes_the_rest() {
        let mut net = Network::zeroed(Shape::LINES_AND_SQUARES);
        let x = nibbles([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 0]]);
        let y = nibbles([[1, 1, 0, 0], [0; 4], [0; 4], [0, 0, 0, 2]]);
        net.adjust(x, 10.0);
        net.adjust(y, 7.0);
        let mut read = Vec::new();
        net.each_weight(x, |i, _| read.push(i));
        // x's 40 weights learned most: kept, y's (the ones it does not share with x) gone.
        let pruned = net.pruned(40, |i| if read.contains(&i) { 2.0 } else { 1.0 });
        assert!((pruned.value(x) - net.value(x)).abs() < 1e-4);
        assert_eq!(pruned.dense().iter().filter(|w| **w != 0.0).count(), 40);
        assert!(pruned.value(y).abs() < net.value(y).abs());
        assert_eq!(net.pruned(usize::MAX, |_| 0.0).dense(), net.dense(), "keeping all changes nothing");
    }

    #[test]
    fn a_staged_network_starts_as_its_source_and_learns_the_late_game_apart() {
        let mut net = Network::zeroed(Shape::LINES_AND_SQUARES);
        let early = nibbles([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [0, 0, 0, 1]]);
        let late = nibbles([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 0, 0, 1]]);
        net.adjust(early, 30.0);
        net.adjust(late, -7.0);
        let mut staged = net.staged(13);
        assert_eq!(staged.split(), Some(13));
        for x in [early, late] {
            assert_eq!(staged.value(x), net.value(x), "promoted weights answer as before");
        }
        // The two boards share most of their tuples' keys; past the split they no longer
        // share weights.
        staged.adjust(late, 100.0);
        assert_eq!(staged.value(early), net.value(early));
        assert!((staged.value(late) - net.value(late) - 100.0).abs() < 1e-3);
        let back = Network::from_bytes(&staged.to_bytes()).unwrap();
        assert_eq!((back.split(), back.dense().to_vec()), (Some(13), staged.dense().to_vec()));
        let mut cut = staged.to_bytes();
        cut.pop();
        assert!(matches!(Network::from_bytes(&cut), Err(WeightsError::WrongSize { .. })));
    }
}
