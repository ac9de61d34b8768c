//! A network made rather than read: zeroed or filled, its weights moved one board at a time (the
//! lab's trainer learns through [`Reshape::adjust`] and [`Reshape::each_weight`]), staged, and
//! reshaped to fit a page: hashed tables, folding a trained network into them, pruning all but
//! the most learned weights. Built on `solver`'s [`Network::uniform`] and its view of the
//! weights; the page only reads networks.

use solver::ntuple::{Network, Shape};

/// Why a network read from a sparse file cannot learn, fold, prune or take stages.
const READ_ONLY: &str = "a sparse network is read-only: take its dense_copy() to change it";

/// What the lab makes of a [`Network`] (whose own methods read and evaluate it, as the page
/// does): its constructors, its reshapings and the moves of its weights.
pub trait Reshape: Sized {
    /// All weights zero: every board is worth nothing yet.
    fn zeroed(shape: Shape) -> Self;

    /// Every board worth `value` to start with, shared equally among its lookups (an
    /// optimistic start makes the learner try what it has not seen).
    fn filled(shape: Shape, value: f32) -> Self;

    /// As [`Self::filled`], with each tuple's keys hashed into a table of `2^bits` weights
    /// (`bits` from 1 to 32), so that the network's size no longer grows with its tuples'.
    fn hashed(shape: Shape, bits: u8, value: f32) -> Self;

    /// A two-stage network whose boards with a tile of `2^split` or more read a second set of
    /// weights, both sets starting as `self`'s (weight promotion: the late game starts from
    /// what the early game learned).
    fn staged(&self, split: u8) -> Self;

    /// This network (not hashed) folded into hashed tables of `2^bits` weights: each slot
    /// takes the mean of the weights of the keys hashed into it, each weighed by `learned(i)`
    /// for the key's weight `i` (how much it was learned; equal weighing when all are 0).
    fn folded(&self, bits: u8, learned: impl Fn(usize) -> f32) -> Self;

    /// This network with all but the `keep` most learned weights (by `learned(i)`) set to 0:
    /// what a file that lists only those would hold.
    fn pruned(&self, keep: usize, learned: impl Fn(usize) -> f32) -> Self;

    /// A zeroed network of `self`'s shape and stages with hashed tables of `2^bits` weights.
    fn hashed_like(&self, bits: u8) -> Self;

    /// Calls `f(i, j)` for each weight `i` of `self` (not hashed) and the weight `j` of
    /// `folded` (its [`Self::hashed_like`]) that its key is hashed into.
    fn each_fold(&self, folded: &Self, f: impl FnMut(usize, usize));

    /// Calls `f` on each weight the value of `x` reads, with its index (a learner's own
    /// per-weight state is indexed alike).
    fn each_weight(&mut self, x: u64, f: impl FnMut(usize, &mut f32));

    /// The same network holding every weight, for learning.
    fn dense_copy(&self) -> Self;

    /// Moves the value of `x` by `step`, shared equally among its lookups.
    fn adjust(&mut self, x: u64, step: f32);

    /// Every weight, for what learns, folds, prunes or stages a network.
    fn dense(&self) -> &[f32];

    /// Every weight, for what learns or reshapes a network.
    fn dense_mut(&mut self) -> &mut [f32];
}

/// Dense tables with every board worth `value`, shared equally among its lookups.
fn build(shape: Shape, hash_bits: Option<u8>, value: f32) -> Network {
    let mut network = Network::uniform(shape, hash_bits, None, 0.0);
    let share = value / network.lookups() as f32;
    // A zeroed network stays as allocated: its pages are touched only as it learns.
    if share.to_bits() != 0 {
        network.dense_mut().fill(share);
    }
    network
}

impl Reshape for Network {
    fn zeroed(shape: Shape) -> Network {
        Network::filled(shape, 0.0)
    }

    fn filled(shape: Shape, value: f32) -> Network {
        build(shape, None, value)
    }

    fn hashed(shape: Shape, bits: u8, value: f32) -> Network {
        assert!((1..=32).contains(&bits), "tables of 2^{bits} weights");
        build(shape, Some(bits), value)
    }

    fn staged(&self, split: u8) -> Network {
        assert!(self.split().is_none(), "the network has stages already");
        let mut staged = Network::uniform(self.shape(), self.hash_bits(), Some(split), 0.0);
        let (early, late) = staged.dense_mut().split_at_mut(self.weight_count());
        early.copy_from_slice(self.dense());
        late.copy_from_slice(self.dense());
        staged
    }

    fn folded(&self, bits: u8, learned: impl Fn(usize) -> f32) -> Network {
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

    fn pruned(&self, keep: usize, learned: impl Fn(usize) -> f32) -> Network {
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

    fn hashed_like(&self, bits: u8) -> Network {
        assert!(self.hash_bits().is_none(), "the network is hashed already");
        let folded = Network::hashed(self.shape(), bits, 0.0);
        match self.split() {
            Some(split) => folded.staged(split),
            None => folded,
        }
    }

    fn each_fold(&self, folded: &Network, mut f: impl FnMut(usize, usize)) {
        let stages = if self.split().is_some() { 2 } else { 1 };
        let (from_stage, to_stage) = (self.weight_count() / stages, folded.weight_count() / stages);
        for stage in 0..stages {
            for (tuple, cells) in self.shape().tuples.iter().enumerate() {
                // Every key of the tuple's table of 16^cells weights, not hashed.
                for key in 0..1u64 << (4 * cells.len()) {
                    f(stage * from_stage + self.slot(tuple, key), stage * to_stage + folded.slot(tuple, key));
                }
            }
        }
    }

    #[inline]
    fn each_weight(&mut self, x: u64, mut f: impl FnMut(usize, &mut f32)) {
        let read = self.weights_read(x);
        let weights = self.dense_mut();
        for i in read {
            f(i, &mut weights[i]);
        }
    }

    fn dense_copy(&self) -> Network {
        let mut copy = Network::uniform(self.shape(), self.hash_bits(), self.split(), 0.0);
        for (i, w) in copy.dense_mut().iter_mut().enumerate() {
            *w = self.weight(i);
        }
        copy
    }

    #[inline]
    fn adjust(&mut self, x: u64, step: f32) {
        let share = step / self.lookups() as f32;
        self.each_weight(x, |_, w| *w += share);
    }

    fn dense(&self) -> &[f32] {
        self.dense_weights().expect(READ_ONLY)
    }

    fn dense_mut(&mut self) -> &mut [f32] {
        self.dense_weights_mut().expect(READ_ONLY)
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Encode, nibbles};
    use super::*;
    use solver::ntuple::network::images;
    use solver::ntuple::{GENERAL_MAGIC, WeightsError};

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
