//! Writing a network's weights (`pack-ntuple` and `train-ntuple` write, the page only reads):
//! every encoding of `solver`'s weights files, and the sparse file's deflated body, each read
//! back by `solver::ntuple::Network::from_bytes`.

use solver::ntuple::{Encoding, GENERAL_MAGIC, MAGIC, Network, STAGED_MAGIC};

/// A [`Network`] written as a weights file, in each of its encodings.
pub trait Encode {
    /// The weights as a file: a header, then every weight as little-endian `f32`.
    fn to_bytes(&self) -> Vec<u8>;

    /// The weights as a file half the size: each weight rounded to a multiple of one quantum
    /// (the largest weight's size / 32767) and written as a little-endian `i16`. A value sums
    /// [`Network::lookups`] weights, so it moves by at most `lookups * quantum / 2`.
    fn to_i16_bytes(&self) -> Vec<u8>;

    /// The weights as a file a quarter the size: each weight written as the byte of the
    /// nearest of 256 levels, which the file lists first: 0 (a weight never learned stays 0)
    /// and 127 sizes each sign, from 1 to the largest weight's, each a constant ratio above the
    /// last (so each weight keeps its size to within half that ratio).
    fn to_i8_bytes(&self) -> Vec<u8>;

    /// The weights as the smallest file: those that are not 0 once rounded as by
    /// [`Self::to_i16_bytes`], and where they are ([`encode`]). It reads back as a
    /// sparse network whose values are those of the 16-bit file's, bit for bit.
    fn to_sparse_bytes(&self) -> Vec<u8>;
}

impl Encode for Network {
    fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(64 + 4 * self.weight_count());
        match self.hash_bits() {
            None => {
                out.extend_from_slice(if self.split().is_some() { STAGED_MAGIC } else { MAGIC });
                out.extend_from_slice(&self.shape().to_bytes());
                out.extend(self.split());
            }
            Some(_) => general_header(self, &mut out, &Encoding::F32),
        }
        for w in weight_values(self) {
            out.extend_from_slice(&w.to_le_bytes());
        }
        out
    }

    fn to_i16_bytes(&self) -> Vec<u8> {
        let quantum = quantum(self);
        let mut out = Vec::with_capacity(64 + 2 * self.weight_count());
        general_header(self, &mut out, &Encoding::I16 { quantum });
        for w in weight_values(self) {
            out.extend_from_slice(&to_multiple(w, quantum).to_le_bytes());
        }
        out
    }

    fn to_i8_bytes(&self) -> Vec<u8> {
        let largest = weight_values(self).fold(1f32, |m, w| m.max(w.abs()));
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
        general_header(self, &mut out, &Encoding::Levels(levels.clone()));
        for w in weight_values(self) {
            // The nearest level: the first at or above w, or the one below it.
            let above = levels.partition_point(|&l| l < w).min(255);
            let below = above.saturating_sub(1);
            let nearest = if (levels[above] - w).abs() < (w - levels[below]).abs() { above } else { below };
            out.push(nearest as u8);
        }
        out
    }

    fn to_sparse_bytes(&self) -> Vec<u8> {
        let quantum = quantum(self);
        let mut out = Vec::new();
        general_header(self, &mut out, &Encoding::Sparse { quantum });
        out.extend_from_slice(&encode(weight_values(self).map(|w| to_multiple(w, quantum))));
        out
    }
}

/// Every weight of `network`, in order.
fn weight_values(network: &Network) -> impl Iterator<Item = f32> + Clone + '_ {
    (0..network.weight_count()).map(|i| network.weight(i))
}

/// The 16-bit files' unit: the largest weight's size / 32767.
fn quantum(network: &Network) -> f32 {
    let largest = weight_values(network).fold(0f32, |m, w| m.max(w.abs()));
    if largest > 0.0 { largest / f32::from(i16::MAX) } else { 1.0 }
}

/// The header that says all: shape, split (0: one set), hash bits (0: a weight for every
/// key), how the weights are written.
fn general_header(network: &Network, out: &mut Vec<u8>, encoding: &Encoding) {
    out.extend_from_slice(GENERAL_MAGIC);
    out.extend_from_slice(&network.shape().to_bytes());
    out.extend([network.split().unwrap_or(0), network.hash_bits().unwrap_or(0), encoding.tag()]);
    match encoding {
        Encoding::F32 => {}
        Encoding::I16 { quantum } | Encoding::Sparse { quantum } => {
            out.extend_from_slice(&quantum.to_le_bytes())
        }
        Encoding::Levels(levels) => {
            for l in levels {
                out.extend_from_slice(&l.to_le_bytes());
            }
        }
    }
}

/// A weight as the 16-bit files write it: the nearest multiple of `quantum`.
fn to_multiple(w: f32, quantum: f32) -> i16 {
    (w / quantum).round() as i16
}

/// The body of a sparse weights file: the kept count, then, deflated in a zlib stream (whose
/// checksum catches a damaged file), each kept index as the gap after the last (LEB128) and
/// each kept weight (those of `multiples` that are not 0).
pub fn encode(multiples: impl Iterator<Item = i16> + Clone) -> Vec<u8> {
    let rounded = multiples.enumerate().filter(|(_, q)| *q != 0);
    let mut plain = Vec::new();
    let mut count = 0u32;
    let mut next = 0usize;
    for (i, _) in rounded.clone() {
        let mut gap = i - next;
        loop {
            let byte = (gap & 0x7F) as u8;
            gap >>= 7;
            plain.push(if gap > 0 { byte | 0x80 } else { byte });
            if gap == 0 {
                break;
            }
        }
        next = i + 1;
        count += 1;
    }
    for (_, q) in rounded {
        plain.extend_from_slice(&q.to_le_bytes());
    }
    let mut out = count.to_le_bytes().to_vec();
    out.extend_from_slice(&miniz_oxide::deflate::compress_to_vec_zlib(&plain, 9));
    out
}

#[cfg(test)]
mod tests {
    use super::super::{Reshape, nibbles};
    use super::*;
    use solver::ntuple::sparse::decode;
    use solver::ntuple::{Shape, WeightsError};

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

    /// The page's network, read by `solver` and written again by the lab, is the same file
    /// byte for byte: what `pack-ntuple` writes is what the page reads.
    #[test]
    fn the_page_network_written_again_is_the_same_file() {
        let file = solver::max::repository_bytes().expect("www/max-network.nt");
        let network = solver::max::repository_network().unwrap();
        assert!(network.is_sparse());
        assert!(network.to_sparse_bytes() == file, "written again, another file");
    }

    #[test]
    fn the_encoded_body_reads_back_as_the_rounded_weights_and_hostile_bodies_are_refused() {
        let mut dense = vec![0f32; 70_000];
        dense[1] = 100.0;
        dense[40_000] = -3.2;
        dense[69_999] = 0.4; // rounds to 0 at a quantum of 1: not kept
        let body = encode(dense.iter().map(|&w| to_multiple(w, 1.0)));
        let back = decode(&body, dense.len(), 1.0).unwrap();
        assert_eq!((back.kept(), back.get(1), back.get(40_000), back.get(69_999)), (2, 100.0, -3.0, 0.0));
        assert!(decode(&body, 30_000, 1.0).is_err(), "an index past the weights");
        assert!(decode(&body[..body.len() - 3], dense.len(), 1.0).is_err(), "a cut body");
        // Any byte of the deflated part changed: the zlib stream's checksum no longer matches
        // (a flipped bit inside a value would otherwise read as another network).
        for at in 4..body.len() {
            let mut flipped = body.clone();
            flipped[at] ^= 0x10;
            assert!(decode(&flipped, dense.len(), 1.0).is_err(), "byte {at} flipped");
        }
        let mut more = body.clone();
        more[0] = 200;
        assert!(decode(&more, dense.len(), 1.0).is_err(), "a count the body does not hold");
        assert!(decode(b"\xff\xff\xff\xff", dense.len(), 1.0).is_err());
    }
}
