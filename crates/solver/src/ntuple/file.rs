//! The files a network's weights are written in and read from: one set of `f32` (`2048NT02`),
//! two stages (`2048NT03`), or the general header (`2048NT04`) that also says whether the keys
//! are hashed and how the weights are written: `f32`, 16-bit multiples of a quantum, 8-bit
//! levels, or only the weights that are not 0 ([`super::sparse`], deflated).

use super::network::{Network, Shape, Storage};
use super::sparse;

/// The file header of saved weights: one set of `f32`, or two sets with the split's exponent
/// after the shape; or the general header of [`Network::general_header`] (any network, hashed
/// or not, its weights as `f32` or `i16`).
const MAGIC: &[u8; 8] = b"2048NT02";
const STAGED_MAGIC: &[u8; 8] = b"2048NT03";
pub(super) const GENERAL_MAGIC: &[u8; 8] = b"2048NT04";

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

impl Network {
    /// The weights as a file: a header, then every weight as little-endian `f32`.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(64 + 4 * self.weight_count());
        match self.hash_bits {
            None => {
                out.extend_from_slice(if self.split.is_some() { STAGED_MAGIC } else { MAGIC });
                out.extend_from_slice(&self.shape.to_bytes());
                out.extend(self.split);
            }
            Some(_) => self.general_header(&mut out, &Encoding::F32),
        }
        for w in self.weight_values() {
            out.extend_from_slice(&w.to_le_bytes());
        }
        out
    }

    /// The weights as a file half the size: each weight rounded to a multiple of one quantum
    /// (the largest weight's size / 32767) and written as a little-endian `i16`. A value sums
    /// [`Self::lookups`] weights, so it moves by at most `lookups * quantum / 2`.
    pub fn to_i16_bytes(&self) -> Vec<u8> {
        let quantum = self.quantum();
        let mut out = Vec::with_capacity(64 + 2 * self.weight_count());
        self.general_header(&mut out, &Encoding::I16 { quantum });
        for w in self.weight_values() {
            out.extend_from_slice(&to_multiple(w, quantum).to_le_bytes());
        }
        out
    }

    /// The weights as a file a quarter the size: each weight written as the byte of the
    /// nearest of 256 levels, which the file lists first: 0 (a weight never learned stays 0)
    /// and 127 sizes each sign, from 1 to the largest weight's, each a constant ratio above the
    /// last (so each weight keeps its size to within half that ratio).
    pub fn to_i8_bytes(&self) -> Vec<u8> {
        let largest = self.weight_values().fold(1f32, |m, w| m.max(w.abs()));
        // 127 sizes a sign from 1 to the largest, each a constant ratio above the last.
        let ratio = largest.ln() / 126.0;
        let mut levels = vec![0f32];
        for k in 0..127 {
            let size = (ratio * k as f32).exp();
            levels.extend([size, -size]);
        }
        levels.sort_unstable_by(f32::total_cmp);
        levels.dedup();
        levels.resize(256, *levels.last().expect("0 is a level"));
        let mut out = Vec::with_capacity(64 + 1024 + self.weight_count());
        self.general_header(&mut out, &Encoding::Levels(levels.clone()));
        for w in self.weight_values() {
            // The nearest level: the first at or above w, or the one below it.
            let above = levels.partition_point(|&l| l < w).min(255);
            let below = above.saturating_sub(1);
            let nearest = if (levels[above] - w).abs() < (w - levels[below]).abs() { above } else { below };
            out.push(nearest as u8);
        }
        out
    }

    /// The weights as the smallest file: those that are not 0 once rounded as by
    /// [`Self::to_i16_bytes`], and where they are ([`sparse::encode`]). It reads back as a
    /// sparse network whose values are those of the 16-bit file's, bit for bit.
    pub fn to_sparse_bytes(&self) -> Vec<u8> {
        let quantum = self.quantum();
        let mut out = Vec::new();
        self.general_header(&mut out, &Encoding::Sparse { quantum });
        out.extend_from_slice(&sparse::encode(self.weight_values().map(|w| to_multiple(w, quantum))));
        out
    }

    /// Every weight, in order.
    fn weight_values(&self) -> impl Iterator<Item = f32> + Clone + '_ {
        (0..self.weight_count()).map(|i| self.weight(i))
    }

    /// The 16-bit files' unit: the largest weight's size / 32767.
    fn quantum(&self) -> f32 {
        let largest = self.weight_values().fold(0f32, |m, w| m.max(w.abs()));
        if largest > 0.0 { largest / f32::from(i16::MAX) } else { 1.0 }
    }

    /// The header that says all: shape, split (0: one set), hash bits (0: a weight for every
    /// key), how the weights are written.
    fn general_header(&self, out: &mut Vec<u8>, encoding: &Encoding) {
        out.extend_from_slice(GENERAL_MAGIC);
        out.extend_from_slice(&self.shape.to_bytes());
        out.extend([self.split.unwrap_or(0), self.hash_bits.unwrap_or(0)]);
        match encoding {
            Encoding::F32 => out.push(0),
            Encoding::I16 { quantum } => {
                out.push(1);
                out.extend_from_slice(&quantum.to_le_bytes());
            }
            Encoding::Sparse { quantum } => {
                out.push(3);
                out.extend_from_slice(&quantum.to_le_bytes());
            }
            Encoding::Levels(levels) => {
                out.push(2);
                for l in levels {
                    out.extend_from_slice(&l.to_le_bytes());
                }
            }
        }
    }

    /// Reads what any of the `to_…bytes` above wrote, for a network of any of [`Shape::ALL`].
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, WeightsError> {
        let (magic, body) = bytes.split_at_checked(MAGIC.len()).ok_or(WeightsError::NotWeights)?;
        if ![MAGIC, STAGED_MAGIC, GENERAL_MAGIC].iter().any(|m| m.as_slice() == magic) {
            return Err(WeightsError::NotWeights);
        }
        let (shape, body) = Shape::ALL
            .into_iter()
            .find_map(|shape| Some((shape, body.strip_prefix(shape.to_bytes().as_slice())?)))
            .ok_or(WeightsError::OtherShape)?;
        let (split, bits, encoding, body) = match magic {
            m if m == MAGIC => (0, 0, Encoding::F32, body),
            m if m == STAGED_MAGIC => match body.split_first() {
                Some((&split, rest)) if split > 0 => (split, 0, Encoding::F32, rest),
                _ => return Err(WeightsError::NotWeights),
            },
            _ => match body {
                [split, bits @ 0..=32, 0, rest @ ..] => (*split, *bits, Encoding::F32, rest),
                [split, bits @ 0..=32, tag @ (1 | 3), q0, q1, q2, q3, rest @ ..] => {
                    let quantum = f32::from_le_bytes([*q0, *q1, *q2, *q3]);
                    if !(quantum.is_finite() && quantum > 0.0) {
                        return Err(WeightsError::NotWeights);
                    }
                    let encoding =
                        if *tag == 1 { Encoding::I16 { quantum } } else { Encoding::Sparse { quantum } };
                    (*split, *bits, encoding, rest)
                }
                [split, bits @ 0..=32, 2, rest @ ..] if rest.len() >= 1024 => {
                    let (levels, rest) = rest.split_at(1024);
                    let levels: Vec<f32> = levels
                        .chunks_exact(4)
                        .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                        .collect();
                    if levels.iter().any(|l| !l.is_finite()) {
                        return Err(WeightsError::NotWeights);
                    }
                    (*split, *bits, Encoding::Levels(levels), rest)
                }
                _ => return Err(WeightsError::NotWeights),
            },
        };
        let mut network = Network::build(shape, (bits > 0).then_some(bits), 0.0);
        if split > 0 {
            network = network.staged(split);
        }
        let size = match encoding {
            Encoding::F32 => 4,
            Encoding::I16 { .. } => 2,
            Encoding::Levels(_) => 1,
            Encoding::Sparse { quantum } => {
                let weights = sparse::decode(body, network.weight_count(), quantum)?;
                network.storage = Storage::Sparse(weights);
                return Ok(network);
            }
        };
        let expected = size * network.weight_count();
        if body.len() != expected {
            return Err(WeightsError::WrongSize { expected, found: body.len() });
        }
        for (w, b) in network.dense_mut().iter_mut().zip(body.chunks_exact(size)) {
            *w = match encoding {
                Encoding::F32 => f32::from_le_bytes([b[0], b[1], b[2], b[3]]),
                Encoding::I16 { quantum } => from_multiple(i16::from_le_bytes([b[0], b[1]]), quantum),
                Encoding::Levels(ref levels) => levels[usize::from(b[0])],
                Encoding::Sparse { .. } => unreachable!("read above"),
            };
        }
        Ok(network)
    }
}

/// A weight as the 16-bit files write it: the nearest multiple of `quantum`.
pub(super) fn to_multiple(w: f32, quantum: f32) -> i16 {
    (w / quantum).round() as i16
}

/// A 16-bit file's weight as it is read, the sparse files' too (so that both read alike, bit
/// for bit).
#[inline(always)]
pub(super) fn from_multiple(q: i16, quantum: f32) -> f32 {
    f32::from(q) * quantum
}

/// How a file writes its weights.
enum Encoding {
    F32,
    /// Each weight a multiple of `quantum`.
    I16 {
        quantum: f32,
    },
    /// Each weight one of 256 levels, by its byte.
    Levels(Vec<f32>),
    /// Only the weights that are not 0, multiples of `quantum` ([`sparse::encode`]).
    Sparse {
        quantum: f32,
    },
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_core::Board;

    fn nibbles(rows: [[u8; 4]; 4]) -> u64 {
        Board::from_exponents(rows).unwrap().nibbles().unwrap()
    }

    #[test]
    fn weights_round_trip_and_bad_files_are_refused() {
        let mut net = Network::zeroed(Shape::LINES_AND_SQUARES);
        net.adjust(nibbles([[1, 1, 0, 0], [0; 4], [0; 4], [0, 0, 0, 2]]), 3.5);
        let bytes = net.to_bytes();
        let back = Network::from_bytes(&bytes).unwrap();
        assert_eq!(back.dense(), net.dense());
        assert_eq!(Network::from_bytes(b"nonsense").unwrap_err(), WeightsError::NotWeights);
        let short = &bytes[..bytes.len() - 4];
        assert!(matches!(Network::from_bytes(short), Err(WeightsError::WrongSize { .. })));
    }

    #[test]
    fn sixteen_bit_weights_read_back_within_half_a_quantum_of_each_weight() {
        let mut net = Network::zeroed(Shape::LINES_AND_SQUARES).staged(12);
        let boards = [
            nibbles([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [0, 0, 0, 1]]),
            nibbles([[1, 1, 0, 0], [0; 4], [0; 4], [0, 0, 0, 2]]),
            nibbles([[12, 11, 3, 0], [2, 0, 0, 0], [1; 4], [0, 0, 0, 2]]),
        ];
        for (i, &x) in boards.iter().enumerate() {
            net.adjust(x, [9000.0, -250.5, 31.25][i]);
        }
        let bytes = net.to_i16_bytes();
        assert!(bytes.len() < net.to_bytes().len() / 2 + 64, "half the size of the f32 file");
        let back = Network::from_bytes(&bytes).unwrap();
        assert_eq!(back.split(), Some(12));
        let largest = net.dense().iter().fold(0f32, |m, w| m.max(w.abs()));
        let quantum = largest / 32767.0;
        for (a, b) in net.dense().iter().zip(back.dense().iter()) {
            assert!((a - b).abs() <= quantum / 2.0 + 1e-6, "{a} read back as {b}");
        }
        for x in boards {
            let bound = net.lookups() as f32 * quantum / 2.0;
            assert!((net.value(x) - back.value(x)).abs() <= bound + 1e-3);
        }
        assert!(matches!(
            Network::from_bytes(&bytes[..bytes.len() - 1]),
            Err(WeightsError::WrongSize { .. })
        ));
        let hashed = Network::hashed(Shape::FIVE, 10, 8.0);
        let back = Network::from_bytes(&hashed.to_i16_bytes()).unwrap();
        assert_eq!((back.hash_bits(), back.weight_count()), (Some(10), 5 << 10));
        assert!((back.value(boards[0]) - 8.0).abs() < 1e-3);
    }

    #[test]
    fn eight_bit_levels_keep_each_weight_within_its_relative_step() {
        let mut net = Network::zeroed(Shape::LINES_AND_SQUARES);
        let x = nibbles([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [0, 0, 0, 1]]);
        let y = nibbles([[12, 11, 3, 0], [2, 0, 0, 0], [1; 4], [0, 0, 0, 2]]);
        net.adjust(x, 40_000.0);
        net.adjust(y, -123.0);
        let bytes = net.to_i8_bytes();
        assert!(bytes.len() < net.to_bytes().len() / 4 + 1100, "a byte a weight and the levels");
        let back = Network::from_bytes(&bytes).unwrap();
        let largest = net.dense().iter().fold(1f32, |m, w| m.max(w.abs()));
        let step = (largest.ln() / 126.0).exp();
        for (a, b) in net.dense().iter().zip(back.dense().iter()) {
            if *a == 0.0 {
                assert_eq!(*b, 0.0, "a weight never learned stays 0");
            } else if a.abs() >= 1.0 {
                assert!(b / a <= step && a / b <= step, "{a} read back as {b}");
            }
        }
        assert!(matches!(
            Network::from_bytes(&bytes[..bytes.len() - 1]),
            Err(WeightsError::WrongSize { .. })
        ));
    }

    #[test]
    fn a_sparse_file_reads_back_as_the_sixteen_bit_one_in_a_fraction_of_the_room() {
        let mut net = Network::zeroed(Shape::FIVE).staged(13);
        let boards = [
            nibbles([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [0, 0, 0, 1]]),
            nibbles([[1, 1, 0, 0], [0; 4], [0; 4], [0, 0, 0, 2]]),
            nibbles([[13, 11, 3, 0], [2, 0, 0, 0], [1; 4], [0, 0, 0, 2]]),
        ];
        for (i, &x) in boards.iter().enumerate() {
            net.adjust(x, [9000.0, -250.5, 31.25][i]);
        }
        let bytes = net.to_sparse_bytes();
        assert!(bytes.len() < 2_000, "{} bytes for about 100 weights learned of 8.5 M", bytes.len());
        let sparse = Network::from_bytes(&bytes).unwrap();
        let rounded = Network::from_bytes(&net.to_i16_bytes()).unwrap();
        assert!(sparse.is_sparse() && !rounded.is_sparse());
        assert_eq!((sparse.split(), sparse.weight_count()), (Some(13), net.weight_count()));
        for x in boards {
            assert_eq!(sparse.value(x).to_bits(), rounded.value(x).to_bits(), "the same value, bit for bit");
        }
        assert_eq!(sparse.dense_copy().dense(), rounded.dense());
        assert_eq!(sparse.to_sparse_bytes(), bytes, "written again, the same file");
        assert!(Network::from_bytes(&bytes[..bytes.len() - 5]).is_err(), "a cut file");
    }
}
