//! A network's weights when most of them are 0, held and sent in the room the kept ones need.
//!
//! A six-tuple network learns about a fifth of its 67 M weights, and keeping only its few
//! million most learned ones plays as well (docs/lab/learned-evaluation.md): as a dense table
//! that would still be 134 MB of 16-bit integers in a page, as these blocks 16 bytes for every
//! 64 weights plus 2 bytes a kept weight (a multiple of one quantum, as in the 16-bit files). A
//! weight is read with one bit test, one popcount and one load.

use miniz_oxide::inflate::stream::{InflateState, inflate};
use miniz_oxide::{DataFormat, MZError, MZFlush, MZStatus};

use super::file::{WeightsError, from_multiple};
use super::network::MAX_LOOKUPS;

/// Which of 64 weights are kept, and how many were kept before them: one aligned 16 bytes, so
/// that a lookup touches one cache line for both.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C, align(16))]
struct Block {
    kept: u64,
    before: u32,
}

/// Read-only weights, most of them 0.
#[derive(Clone, Debug)]
pub struct SparseWeights {
    len: usize,
    blocks: Box<[Block]>,
    /// The kept weights in multiples of `quantum`: half the room of `f32`, so more of them stay
    /// in the cache.
    values: Box<[i16]>,
    quantum: f32,
}

impl SparseWeights {
    /// Weights `0..len`, those of `kept` (rising indices, each once) the given multiples of
    /// `quantum`, the rest 0; `None` if an index repeats, falls or is out of range.
    pub fn from_kept(
        len: usize,
        quantum: f32,
        kept: impl IntoIterator<Item = (usize, i16)>,
    ) -> Option<SparseWeights> {
        let mut places = Places::new(len);
        let mut values = Vec::new();
        for (i, w) in kept {
            places.keep(i)?;
            values.push(w);
        }
        Some(places.with_values(values.into(), quantum))
    }

    /// Weight `i` (0 if not kept).
    #[inline(always)]
    pub fn get(&self, i: usize) -> f32 {
        self.read(self.blocks[i / 64], i)
    }

    /// Weight `i`, its block already loaded.
    #[inline(always)]
    fn read(&self, block: Block, i: usize) -> f32 {
        let bit = 1u64 << (i % 64);
        if block.kept & bit == 0 {
            0.0
        } else {
            let rank = block.before as usize + (block.kept & (bit - 1)).count_ones() as usize;
            from_multiple(self.values[rank], self.quantum)
        }
    }

    /// The sum of the weights at `indices` (at most `MAX_LOOKUPS`), in their order (what [`Self::get`] would add up,
    /// bit for bit): every block is loaded first, then every value, so that the loads of a
    /// pass need not wait for each other.
    #[inline(always)]
    pub fn sum(&self, indices: &[usize]) -> f32 {
        assert!(indices.len() <= MAX_LOOKUPS, "{} lookups", indices.len());
        let mut blocks = [Block::default(); MAX_LOOKUPS];
        for (block, &i) in blocks.iter_mut().zip(indices) {
            *block = self.blocks[i / 64];
        }
        blocks.iter().zip(indices).fold(0.0, |sum, (&block, &i)| sum + self.read(block, i))
    }

    /// How many weights, kept or not.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are no weights at all.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// How many weights are kept.
    pub fn kept(&self) -> usize {
        self.values.len()
    }

    /// The kept weights and their indices, rising.
    pub fn each_kept(&self) -> impl Iterator<Item = (usize, f32)> + '_ {
        let indices = self.blocks.iter().enumerate().flat_map(|(b, block)| {
            let mut bits = block.kept;
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let i = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    64 * b + i
                })
            })
        });
        indices.zip(self.values.iter().map(|&v| from_multiple(v, self.quantum)))
    }

    /// Every weight, 0 or kept, in order.
    pub fn to_dense(&self) -> Vec<f32> {
        let mut dense = vec![0.0; self.len];
        for (i, w) in self.each_kept() {
            dense[i] = w;
        }
        dense
    }
}

/// Which weights are kept, marked one by one in rising order: the blocks of
/// [`SparseWeights`] before their values.
struct Places {
    blocks: Box<[Block]>,
    len: usize,
    /// The index the next kept weight may have, at least.
    next: usize,
    count: usize,
}

impl Places {
    fn new(len: usize) -> Places {
        Places { blocks: vec![Block::default(); len.div_ceil(64)].into_boxed_slice(), len, next: 0, count: 0 }
    }

    /// Marks weight `i` kept; `None` if it repeats, falls or is out of range.
    fn keep(&mut self, i: usize) -> Option<()> {
        if i < self.next || i >= self.len {
            return None;
        }
        self.blocks[i / 64].kept |= 1 << (i % 64);
        self.next = i + 1;
        self.count += 1;
        Some(())
    }

    /// The weights, `values` those kept in order (as many as were marked).
    fn with_values(mut self, values: Box<[i16]>, quantum: f32) -> SparseWeights {
        debug_assert_eq!(values.len(), self.count);
        let mut before = 0u32;
        for block in self.blocks.iter_mut() {
            block.before = before;
            before += block.kept.count_ones();
        }
        SparseWeights { len: self.len, blocks: self.blocks, values, quantum }
    }
}

/// A zlib stream's bytes, inflated a buffer at a time from input read a buffer at a time: a
/// page's network inflates to some 15 MB of places and values, and is itself 8 MB, none of
/// which need be held at once, so that reading it takes little more than the weights' own room
/// (a worker's memory, once grown, is never given back).
struct Inflating<S> {
    state: Box<InflateState>,
    /// Fills a buffer with the stream's next bytes and says how many; 0 at its end.
    source: S,
    input: Box<[u8]>,
    taken: usize,
    given: usize,
    buffer: Box<[u8]>,
    at: usize,
    filled: usize,
    ended: bool,
    /// Bytes handed out so far.
    read: usize,
}

/// The bytes read at a time, in and out.
const BUFFER: usize = 1 << 16;

impl<S: FnMut(&mut [u8]) -> usize> Inflating<S> {
    fn new(source: S) -> Inflating<S> {
        Inflating {
            state: InflateState::new_boxed(DataFormat::Zlib),
            source,
            input: vec![0; BUFFER].into_boxed_slice(),
            taken: 0,
            given: 0,
            buffer: vec![0; BUFFER].into_boxed_slice(),
            at: 0,
            filled: 0,
            ended: false,
            read: 0,
        }
    }

    /// The next byte, `None` at the stream's end (its checksum checked); an error if the
    /// stream is cut or corrupt.
    fn next(&mut self) -> Result<Option<u8>, WeightsError> {
        while self.at == self.filled {
            if self.ended {
                return Ok(None);
            }
            if self.taken == self.given {
                (self.taken, self.given) = (0, (self.source)(&mut self.input));
            }
            let input = &self.input[self.taken..self.given];
            let result = inflate(&mut self.state, input, &mut self.buffer, MZFlush::None);
            self.taken += result.bytes_consumed;
            (self.at, self.filled) = (0, result.bytes_written);
            match result.status {
                Ok(MZStatus::StreamEnd) => self.ended = true,
                Ok(_) | Err(MZError::Buf) if result.bytes_consumed + result.bytes_written > 0 => {}
                // Nothing in and nothing out: the input ended before the stream did.
                _ => return Err(WeightsError::NotWeights),
            }
        }
        self.at += 1;
        self.read += 1;
        Ok(Some(self.buffer[self.at - 1]))
    }
}

/// A source of the bytes of `slice`, in order.
pub(super) fn slice_source(mut slice: &[u8]) -> impl FnMut(&mut [u8]) -> usize + '_ {
    move |out: &mut [u8]| {
        let n = out.len().min(slice.len());
        out[..n].copy_from_slice(&slice[..n]);
        slice = &slice[n..];
        n
    }
}

/// A body's count of kept weights (at most `len`, the weights of its network) and the zlib
/// stream of their places and values that follows it.
pub(super) fn kept_count(body: &[u8], len: usize) -> Result<(usize, &[u8]), WeightsError> {
    let (count, deflated) = body.split_first_chunk::<4>().ok_or(WeightsError::NotWeights)?;
    let count = u32::from_le_bytes(*count) as usize;
    if count > len {
        return Err(WeightsError::NotWeights);
    }
    Ok((count, deflated))
}

/// Reads a sparse file's body (the lab's `ntuple::encode` writes it), for `len` weights;
/// refuses a body that inflates to more or less than its count says, whose indices leave
/// `0..len`, or whose checksum does not match.
pub fn decode(body: &[u8], len: usize, quantum: f32) -> Result<SparseWeights, WeightsError> {
    let (count, deflated) = kept_count(body, len)?;
    decode_stream(count, len, quantum, slice_source(deflated))
}

/// [`decode`] of the `count` kept weights whose zlib stream `source` reads, as it inflates
/// (never the whole stream, nor what it inflates to, at once).
pub(super) fn decode_stream(
    count: usize,
    len: usize,
    quantum: f32,
    source: impl FnMut(&mut [u8]) -> usize,
) -> Result<SparseWeights, WeightsError> {
    let mut plain = Inflating::new(source);
    let mut places = Places::new(len);
    let mut next = 0usize;
    for _ in 0..count {
        // A gap is at most 5 bytes of LEB128 for these sizes.
        let mut gap = 0usize;
        for shift in (0..35).step_by(7) {
            let byte = plain.next()?.ok_or(WeightsError::NotWeights)?;
            gap |= usize::from(byte & 0x7F) << shift;
            if byte & 0x80 == 0 {
                break;
            }
        }
        let i = next.checked_add(gap).ok_or(WeightsError::NotWeights)?;
        places.keep(i).ok_or(WeightsError::NotWeights)?;
        next = i + 1;
    }
    let expected = plain.read + 2 * count;
    let mut values = Vec::new();
    values.try_reserve_exact(count).map_err(|_| WeightsError::NotWeights)?;
    while values.len() < count {
        let (Some(low), Some(high)) = (plain.next()?, plain.next()?) else { break };
        values.push(i16::from_le_bytes([low, high]));
    }
    // The stream's end, its checksum checked, or more than the count allows (counted up to a
    // bound, as a hostile body may inflate without end).
    while plain.next()?.is_some() {
        if plain.read > 7 * count.max(1) {
            return Err(WeightsError::NotWeights);
        }
    }
    if plain.read != expected {
        return Err(WeightsError::WrongSize { expected, found: plain.read });
    }
    Ok(places.with_values(values.into(), quantum))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sparse_weights_read_as_the_dense_ones() {
        let kept = [(0, 6), (63, -8), (64, 12), (65, 16), (500, -1), (999, 28)];
        let mut dense = vec![0f32; 1000];
        for (i, q) in kept {
            dense[i] = f32::from(q) * 0.25;
        }
        let sparse = SparseWeights::from_kept(1000, 0.25, kept).unwrap();
        assert_eq!((sparse.len(), sparse.kept()), (1000, 6));
        for (i, w) in dense.iter().enumerate() {
            assert_eq!(sparse.get(i), *w, "weight {i}");
        }
        assert_eq!(sparse.to_dense(), dense);
        let lookups = [999, 1, 64, 65, 64, 500, 0, 2, 63];
        let one_by_one = lookups.iter().fold(0.0, |sum, &i| sum + dense[i]);
        assert_eq!(sparse.sum(&lookups).to_bits(), one_by_one.to_bits());
        assert!(SparseWeights::from_kept(10, 1.0, [(3, 1), (3, 2)]).is_none(), "an index twice");
        assert!(SparseWeights::from_kept(10, 1.0, [(5, 1), (4, 2)]).is_none(), "an index falling");
        assert!(SparseWeights::from_kept(10, 1.0, [(10, 1)]).is_none(), "an index out of range");
    }
}
