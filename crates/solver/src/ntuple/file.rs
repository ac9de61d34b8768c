//! The files a network's weights are written in and read from: one set of `f32` (`2048NT02`),
//! two stages (`2048NT03`), or the general header (`2048NT04`) that also says whether the keys
//! are hashed and how the weights are written: `f32`, 16-bit multiples of a quantum, 8-bit
//! levels, or only the weights that are not 0 ([`super::sparse`], deflated).

use super::network::{Network, Shape, Storage};
use super::sparse;

/// The file header of saved weights: one set of `f32`, or two sets with the split's exponent
/// after the shape; or the general header of [`Network::general_header`] (any network, hashed
/// or not, its weights as `f32` or `i16`).
pub(super) const MAGIC: &[u8; 8] = b"2048NT02";
pub(super) const STAGED_MAGIC: &[u8; 8] = b"2048NT03";
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
        let (mut network, count) =
            Network::frame(shape, (bits > 0).then_some(bits), (split > 0).then_some(split));
        let size = match encoding {
            Encoding::F32 => 4,
            Encoding::I16 { .. } => 2,
            Encoding::Levels(_) => 1,
            Encoding::Sparse { quantum } => {
                network.storage = Storage::Sparse(sparse::decode(body, count, quantum)?);
                return Ok(network);
            }
        };
        let expected = size * count;
        if body.len() != expected {
            return Err(WeightsError::WrongSize { expected, found: body.len() });
        }
        let weights = body.chunks_exact(size).map(|b| match encoding {
            Encoding::F32 => f32::from_le_bytes([b[0], b[1], b[2], b[3]]),
            Encoding::I16 { quantum } => from_multiple(i16::from_le_bytes([b[0], b[1]]), quantum),
            Encoding::Levels(ref levels) => levels[usize::from(b[0])],
            Encoding::Sparse { .. } => unreachable!("read above"),
        });
        network.storage = Storage::Dense(weights.collect());
        Ok(network)
    }
}

/// A 16-bit file's weight as it is read, the sparse files' too (so that both read alike, bit
/// for bit).
#[inline(always)]
pub(super) fn from_multiple(q: i16, quantum: f32) -> f32 {
    f32::from(q) * quantum
}

/// How a file writes its weights.
pub(super) enum Encoding {
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
