//! The n-tuple network: a learned value of a board right after a move (an "afterstate"), the
//! expected score still to come. Each tuple is a list of cells whose tiles index a table of
//! weights; every tuple is read on all eight symmetric images of the board, and the value is the
//! sum of those lookups (Szubert and Jaśkowski 2014, symmetric sampling).
//!
//! [`Shape::LINES_AND_SQUARES`] (an outer line, an inner line, the corner, edge and centre 2x2
//! squares: 1.25 MiB of `f32`) would fit the page's worker and a core's cache; the larger shapes
//! are for native experiments.

use game_core::packed;

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
    fn to_bytes(self) -> Vec<u8> {
        let mut out = vec![self.tuples.len() as u8];
        for t in self.tuples {
            out.push(t.len() as u8);
            out.extend_from_slice(t);
        }
        out
    }
}

/// The file header of saved weights: one set, or two sets with the split's exponent after the
/// shape.
const MAGIC: &[u8; 8] = b"2048NT02";
const STAGED_MAGIC: &[u8; 8] = b"2048NT03";

/// Why saved weights could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WeightsError {
    NotWeights,
    OtherShape,
    WrongSize { expected: usize, found: usize },
}

impl std::fmt::Display for WeightsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WeightsError::NotWeights => f.write_str("not an n-tuple weights file (bad header)"),
            WeightsError::OtherShape => f.write_str("n-tuple weights of an unknown network shape"),
            WeightsError::WrongSize { expected, found } => {
                write!(f, "n-tuple weights of {found} bytes, expected {expected}")
            }
        }
    }
}

impl std::error::Error for WeightsError {}

/// The weights of the network.
#[derive(Clone)]
pub struct Network {
    shape: Shape,
    /// Each tuple's key, read off an image of the board.
    keys: Box<[Key]>,
    /// A board whose largest tile has at least this exponent reads the second set of weights
    /// (a multi-stage network: the late game, which the first set's tables share with the
    /// early game, gets tables of its own); `None`: one set.
    split: Option<u8>,
    weights: Box<[f32]>,
}

/// How one tuple's key is read off an image of the board: where its table starts, and its
/// cells as runs of adjacent nibbles, each moved into place with one shift and one mask (a
/// row-aligned 5-tuple is one or two runs, where reading it cell by cell takes five steps).
#[derive(Clone, Copy, Debug)]
struct Key {
    first: usize,
    runs: [Run; MAX_RUNS],
    len: u8,
}

/// Nibbles `from..from + n` of the image to nibbles `to..to + n` of the key: the image shifted
/// right by `4 * from`, masked, shifted left by `4 * to`.
#[derive(Clone, Copy, Debug, Default)]
struct Run {
    right: u8,
    mask: u64,
    left: u8,
}

/// The most runs a tuple may be cut into.
const MAX_RUNS: usize = 4;

impl Key {
    fn new(first: usize, cells: &[u8]) -> Key {
        let mut key = Key { first, runs: [Run::default(); MAX_RUNS], len: 0 };
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
        self.first + key as usize
    }
}

impl std::fmt::Debug for Network {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Network").field("shape", &self.shape).field("weights", &self.weights.len()).finish()
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
        let mut first = 0;
        let keys: Box<[Key]> = shape
            .tuples
            .iter()
            .map(|t| {
                let key = Key::new(first, t);
                first += 1 << (4 * t.len());
                key
            })
            .collect();
        let share = value / (IMAGES * keys.len()) as f32;
        Network { shape, keys, split: None, weights: vec![share; shape.weights()].into_boxed_slice() }
    }

    /// A two-stage network whose boards with a tile of `2^split` or more read a second set of
    /// weights, both sets starting as `self`'s (weight promotion: the late game starts from
    /// what the early game learned).
    pub fn staged(&self, split: u8) -> Network {
        assert!(self.split.is_none(), "the network has stages already");
        let weights = self.weights.iter().chain(self.weights.iter()).copied().collect();
        Network { split: Some(split), weights, ..self.clone() }
    }

    /// The exponent from which the second set is read, if the network has two.
    pub fn split(&self) -> Option<u8> {
        self.split
    }

    /// Where the set of weights `x` reads starts.
    #[inline]
    fn stage_offset(&self, x: u64) -> usize {
        match self.split {
            Some(split) if max_nibble(x) >= split => self.weights.len() / 2,
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
        let offset = self.stage_offset(x);
        for image in images(x) {
            for key in self.keys.iter() {
                let i = offset + key.index(image);
                f(i, &mut self.weights[i]);
            }
        }
    }

    /// How many weights the network holds, every stage's.
    pub fn weight_count(&self) -> usize {
        self.weights.len()
    }

    /// The value of the nibble board `x`.
    #[inline]
    pub fn value(&self, x: u64) -> f32 {
        let weights = &self.weights[self.stage_offset(x)..];
        let mut sum = 0.0;
        for image in images(x) {
            for key in self.keys.iter() {
                sum += weights[key.index(image)];
            }
        }
        sum
    }

    /// Moves the value of `x` by `step`, shared equally among its lookups.
    #[inline]
    pub fn adjust(&mut self, x: u64, step: f32) {
        let share = step / self.lookups() as f32;
        self.each_weight(x, |_, w| *w += share);
    }

    /// The weights as a file: a header, then every weight as little-endian `f32`.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(64 + 4 * self.weights.len());
        out.extend_from_slice(if self.split.is_some() { STAGED_MAGIC } else { MAGIC });
        out.extend_from_slice(&self.shape.to_bytes());
        out.extend(self.split);
        for w in self.weights.iter() {
            out.extend_from_slice(&w.to_le_bytes());
        }
        out
    }

    /// Reads what [`Self::to_bytes`] wrote, for a network of any of [`Shape::ALL`].
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, WeightsError> {
        let (staged, body) = match bytes.strip_prefix(MAGIC.as_slice()) {
            Some(body) => (false, body),
            None => (true, bytes.strip_prefix(STAGED_MAGIC.as_slice()).ok_or(WeightsError::NotWeights)?),
        };
        let (shape, body) = Shape::ALL
            .into_iter()
            .find_map(|shape| Some((shape, body.strip_prefix(shape.to_bytes().as_slice())?)))
            .ok_or(WeightsError::OtherShape)?;
        let mut network = Network::zeroed(shape);
        let body = match (staged, body.split_first()) {
            (false, _) => body,
            (true, Some((&split, rest))) => {
                network = network.staged(split);
                rest
            }
            (true, None) => return Err(WeightsError::NotWeights),
        };
        let expected = 4 * network.weights.len();
        if body.len() != expected {
            return Err(WeightsError::WrongSize { expected, found: body.len() });
        }
        for (w, bytes) in network.weights.iter_mut().zip(body.chunks_exact(4)) {
            *w = f32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
        }
        Ok(network)
    }
}

#[cfg(test)]
mod tests {
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
    fn weights_round_trip_and_bad_files_are_refused() {
        let mut net = Network::zeroed(Shape::LINES_AND_SQUARES);
        net.adjust(nibbles([[1, 1, 0, 0], [0; 4], [0; 4], [0, 0, 0, 2]]), 3.5);
        let bytes = net.to_bytes();
        let back = Network::from_bytes(&bytes).unwrap();
        assert_eq!(back.weights, net.weights);
        assert_eq!(Network::from_bytes(b"nonsense").unwrap_err(), WeightsError::NotWeights);
        let short = &bytes[..bytes.len() - 4];
        assert!(matches!(Network::from_bytes(short), Err(WeightsError::WrongSize { .. })));
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
        assert_eq!((back.split(), back.weights.clone()), (Some(13), staged.weights.clone()));
        let mut cut = staged.to_bytes();
        cut.pop();
        assert!(matches!(Network::from_bytes(&cut), Err(WeightsError::WrongSize { .. })));
    }
}
