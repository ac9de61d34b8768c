//! The files a network's weights are written in and read from: one set of `f32` (`2048NT02`),
//! two stages (`2048NT03`), or the general header (`2048NT04`) that also says whether the keys
//! are hashed and how the weights are written: `f32`, 16-bit multiples of a quantum, 8-bit
//! levels, or only the weights that are not 0 ([`super::sparse`], deflated). A file can also be
//! checked from its header alone ([`Network::check_head`]), without reading its weights. The
//! page only reads these files: the lab writes them (`crates/lab/src/ntuple/write.rs`), with
//! the magics and encodings declared here.

use super::network::{Network, Shape, Storage};
use super::sparse;

/// The file header of saved weights: one set of `f32`, or two sets with the split's exponent
/// after the shape; or the general header (any network, hashed or not, its weights written
/// as any [`Encoding`]): the shape, the split (0: one set), the hash bits (0: a weight for
/// every key), the encoding's [`Encoding::tag`] and what it needs (a quantum, or the levels).
pub const MAGIC: &[u8; 8] = b"2048NT02";
pub const STAGED_MAGIC: &[u8; 8] = b"2048NT03";
pub const GENERAL_MAGIC: &[u8; 8] = b"2048NT04";

/// The most bytes a file's header takes, a sparse file's count of kept weights included:
/// [`Network::check_head`] needs no more of a file than these.
pub const HEAD_BYTES: usize = 2048;

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

/// What is left to check of a file whose header [`Network::check_head`] found sound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unchecked {
    /// Nothing: every weight takes the same bytes, and the file is as long as its header says.
    Nothing,
    /// The zlib stream that a sparse file's weights are deflated in, from byte `from` to the
    /// file's end: its Adler-32 checksum, at the stream's end, covers them.
    Deflated { from: usize },
}

impl Network {
    /// Reads a weights file of any encoding (what the lab's `Encode` writes), for a network of
    /// any of [`Shape::ALL`].
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, WeightsError> {
        let (mut network, count, encoding, body) = read_header(bytes)?;
        let size = match encoding {
            Encoding::Sparse { quantum } => {
                network.storage = Storage::Sparse(sparse::decode(body, count, quantum)?);
                return Ok(network);
            }
            ref dense => dense_size(dense, count, body.len())?,
        };
        let weights = body.chunks_exact(size).map(|b| match encoding {
            Encoding::F32 => f32::from_le_bytes([b[0], b[1], b[2], b[3]]),
            Encoding::I16 { quantum } => from_multiple(i16::from_le_bytes([b[0], b[1]]), quantum),
            Encoding::Levels(ref levels) => levels[usize::from(b[0])],
            Encoding::Sparse { .. } => unreachable!("read above"),
        });
        network.storage = Storage::Dense(weights.collect());
        Ok(network)
    }

    /// [`Network::from_bytes`] of a file of `len` bytes held elsewhere (a page's worker: in the
    /// browser's memory), of which `read_at(from, out)` copies `out.len()` bytes from byte
    /// `from` on: of the sparse file, only its header and a few buffers' worth at a time are
    /// copied, as it inflates; of another, the whole file.
    pub fn from_parts(
        len: usize,
        mut read_at: impl FnMut(usize, &mut [u8]),
    ) -> Result<Network, WeightsError> {
        let mut head = vec![0; len.min(HEAD_BYTES)];
        read_at(0, &mut head);
        let (mut network, count, encoding, body) = read_header(&head)?;
        let Encoding::Sparse { quantum } = encoding else {
            let mut file = vec![0; len];
            read_at(0, &mut file);
            return Network::from_bytes(&file);
        };
        let (kept, deflated) = sparse::kept_count(body, count)?;
        let mut from = head.len() - deflated.len();
        let source = |out: &mut [u8]| {
            let n = out.len().min(len - from);
            read_at(from, &mut out[..n]);
            from += n;
            n
        };
        network.storage = Storage::Sparse(sparse::decode_stream(kept, count, quantum, source)?);
        Ok(network)
    }

    /// Checks a file of `len` bytes as far as its header allows, without reading its weights
    /// (what [`Network::from_bytes`] does, for megabytes of memory): `head` is its first
    /// [`HEAD_BYTES`] bytes, or the whole file if it is shorter. Says what is left to check.
    pub fn check_head(head: &[u8], len: usize) -> Result<Unchecked, WeightsError> {
        let (_, count, encoding, body) = read_header(head)?;
        let from = head.len() - body.len();
        match encoding {
            Encoding::Sparse { .. } => {
                let (_, deflated) = sparse::kept_count(body, count)?;
                Ok(Unchecked::Deflated { from: head.len() - deflated.len() })
            }
            ref dense => dense_size(dense, count, len.saturating_sub(from)).map(|_| Unchecked::Nothing),
        }
    }
}

/// A file's header: the network it describes (with no weights yet), how many weights it
/// holds and how they are written, and the bytes after it.
fn read_header(bytes: &[u8]) -> Result<(Network, usize, Encoding, &[u8]), WeightsError> {
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
            [split, bits @ 0..=32, Encoding::TAG_F32, rest @ ..] => (*split, *bits, Encoding::F32, rest),
            [
                split,
                bits @ 0..=32,
                tag @ (Encoding::TAG_I16 | Encoding::TAG_SPARSE),
                q0,
                q1,
                q2,
                q3,
                rest @ ..,
            ] => {
                let quantum = f32::from_le_bytes([*q0, *q1, *q2, *q3]);
                if !(quantum.is_finite() && quantum > 0.0) {
                    return Err(WeightsError::NotWeights);
                }
                let encoding = if *tag == Encoding::TAG_I16 {
                    Encoding::I16 { quantum }
                } else {
                    Encoding::Sparse { quantum }
                };
                (*split, *bits, encoding, rest)
            }
            [split, bits @ 0..=32, Encoding::TAG_LEVELS, rest @ ..] if rest.len() >= 1024 => {
                let (levels, rest) = rest.split_at(1024);
                let levels: Vec<f32> =
                    levels.chunks_exact(4).map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect();
                if levels.iter().any(|l| !l.is_finite()) {
                    return Err(WeightsError::NotWeights);
                }
                (*split, *bits, Encoding::Levels(levels), rest)
            }
            _ => return Err(WeightsError::NotWeights),
        },
    };
    let (network, count) = Network::frame(shape, (bits > 0).then_some(bits), (split > 0).then_some(split));
    Ok((network, count, encoding, body))
}

/// The bytes of each weight of a file that writes every weight (not the sparse one), once
/// its body's `found` bytes are found to hold exactly `count` of them.
fn dense_size(encoding: &Encoding, count: usize, found: usize) -> Result<usize, WeightsError> {
    let size = match encoding {
        Encoding::F32 => 4,
        Encoding::I16 { .. } => 2,
        Encoding::Levels(_) => 1,
        Encoding::Sparse { .. } => unreachable!("the sparse body is not a run of weights"),
    };
    let expected = size * count;
    if found != expected {
        return Err(WeightsError::WrongSize { expected, found });
    }
    Ok(size)
}
/// A 16-bit file's weight as it is read, the sparse files' too (so that both read alike, bit
/// for bit).
#[inline(always)]
pub(super) fn from_multiple(q: i16, quantum: f32) -> f32 {
    f32::from(q) * quantum
}

/// How a file writes its weights.
pub enum Encoding {
    F32,
    /// Each weight a multiple of `quantum`.
    I16 {
        quantum: f32,
    },
    /// Each weight one of 256 levels, by its byte.
    Levels(Vec<f32>),
    /// Only the weights that are not 0, multiples of `quantum` (read by [`sparse::decode`]).
    Sparse {
        quantum: f32,
    },
}

impl Encoding {
    /// The byte of the general header that names each encoding.
    pub const TAG_F32: u8 = 0;
    pub const TAG_I16: u8 = 1;
    pub const TAG_LEVELS: u8 = 2;
    pub const TAG_SPARSE: u8 = 3;

    /// The byte of the general header that names this encoding.
    pub fn tag(&self) -> u8 {
        match self {
            Encoding::F32 => Encoding::TAG_F32,
            Encoding::I16 { .. } => Encoding::TAG_I16,
            Encoding::Levels(_) => Encoding::TAG_LEVELS,
            Encoding::Sparse { .. } => Encoding::TAG_SPARSE,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_header_fits_in_head_bytes() {
        for shape in Shape::ALL {
            // Magic, shape, split, bits, tag, 256 levels, a sparse file's count: more than any
            // one header holds.
            let longest = MAGIC.len() + shape.to_bytes().len() + 3 + 1024 + 4 + 4;
            assert!(longest <= HEAD_BYTES, "{longest}");
        }
    }

    /// The repository's network (the page's, sparse) is checked from its head: what is left is
    /// its zlib stream, whose checksum refuses the file cut short or with a byte changed.
    #[test]
    fn the_page_network_is_checked_from_its_head_and_checksum() {
        let file = crate::max::repository_bytes().expect("www/max-network.nt");
        let head = &file[..HEAD_BYTES];
        let Ok(Unchecked::Deflated { from }) = Network::check_head(head, file.len()) else {
            panic!("{:?}", Network::check_head(head, file.len()))
        };
        let inflates = |zlib: &[u8]| miniz_oxide::inflate::decompress_to_vec_zlib(zlib).is_ok();
        assert!(inflates(&file[from..]), "the stream starts at {from}");
        assert!(!inflates(&file[from..file.len() / 2]), "cut short");
        let mut changed = file[from..].to_vec();
        let middle = changed.len() / 2;
        changed[middle] ^= 0x5a;
        assert!(!inflates(&changed), "a byte changed");
    }

    /// Read from its parts, a few buffers at a time, the page's network is the same as read
    /// whole; cut short or with a byte changed, it is refused the same way.
    #[test]
    fn the_page_network_reads_the_same_from_its_parts() {
        let file = crate::max::repository_bytes().expect("www/max-network.nt");
        let parts = |file: &[u8]| {
            let mut reads = 0;
            let network = Network::from_parts(file.len(), |from, out| {
                reads += 1;
                out.copy_from_slice(&file[from..from + out.len()]);
            });
            (network, reads)
        };
        let whole = crate::max::repository_network().unwrap();
        let (network, reads) = parts(file);
        let network = network.unwrap();
        assert!(reads > file.len() / (1 << 16), "read a buffer at a time: {reads} reads");
        assert_eq!(network.weight_count(), whole.weight_count());
        for i in (0..whole.weight_count()).step_by(101) {
            assert_eq!(network.weight(i).to_bits(), whole.weight(i).to_bits(), "weight {i}");
        }
        assert!(parts(&file[..file.len() / 2]).0.is_err(), "cut short");
        let mut changed = file.to_vec();
        let middle = changed.len() / 2;
        changed[middle] ^= 0x5a;
        assert!(parts(&changed).0.is_err(), "a byte changed");
        assert_eq!(parts(b"not a network").0.unwrap_err(), WeightsError::NotWeights);
    }

    #[test]
    fn a_head_that_is_not_a_network_is_refused() {
        let page = b"<!doctype html><title>Wi-Fi</title><p>Sign in to use the Wi-Fi.</p>";
        assert_eq!(Network::check_head(page, page.len()), Err(WeightsError::NotWeights));
        assert_eq!(Network::check_head(b"", 0), Err(WeightsError::NotWeights));
        let file = crate::max::repository_bytes().expect("www/max-network.nt");
        assert_eq!(Network::check_head(&file[..40], 40), Err(WeightsError::NotWeights), "cut in its header");
    }

    /// A file that writes every weight is checked by its length, as it is read.
    #[test]
    fn a_dense_file_is_checked_by_its_length() {
        let (network, count) = Network::frame(Shape::LINES_AND_SQUARES, None, None);
        let mut file = MAGIC.to_vec();
        file.extend_from_slice(&network.shape.to_bytes());
        let header = file.len();
        file.resize(header + 4 * count, 0);
        assert_eq!(Network::check_head(&file[..HEAD_BYTES], file.len()), Ok(Unchecked::Nothing));
        assert!(Network::from_bytes(&file).is_ok());
        let short = WeightsError::WrongSize { expected: 4 * count, found: 4 * count - 1 };
        assert_eq!(Network::check_head(&file[..HEAD_BYTES], file.len() - 1), Err(short.clone()));
        assert_eq!(Network::from_bytes(&file[..file.len() - 1]).unwrap_err(), short);
    }
}
