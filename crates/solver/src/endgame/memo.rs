//! The endgame tables' store: the chances computed so far, by position index, in six bytes
//! an entry. A game reaches a few tens of millions of the hundreds of millions of positions
//! a table indexes, so a dense array (4 GiB for the step before's) could never live in a page;
//! this keeps only what was computed. The index's high bits pick a bucket, and each bucket is
//! an open-addressed hash of the low 16 bits, so no entry spends more on its key than 2 bytes.

/// An empty slot's value bits (a NaN no chance computes to).
const EMPTY: u32 = u32::MAX;
/// The index bits a bucket keys by; the rest pick the bucket.
const KEY_BITS: u32 = 16;
/// A bucket's first capacity (slots; a power of two).
const FIRST: usize = 16;

/// One bucket: keys and values side by side, `EMPTY` values marking the free slots.
#[derive(Clone, Debug, Default)]
struct Bucket {
    keys: Vec<u16>,
    values: Vec<u32>,
    len: usize,
}

impl Bucket {
    fn slot(&self, key: u16) -> usize {
        // Fibonacci hashing: the low index bits are whole cells, far from uniform.
        let mask = self.keys.len() - 1;
        ((u32::from(key).wrapping_mul(0x9E37_79B1) >> 16) as usize) & mask
    }

    fn get(&self, key: u16) -> Option<f32> {
        if self.keys.is_empty() {
            return None;
        }
        let mask = self.keys.len() - 1;
        let mut i = self.slot(key);
        loop {
            match self.values[i] {
                EMPTY => return None,
                v if self.keys[i] == key => return Some(f32::from_bits(v)),
                _ => i = (i + 1) & mask,
            }
        }
    }

    /// Stores `value` for a key not yet here; `Err` if the bucket had to grow and the memory
    /// could not be had (the key is then not stored).
    fn insert(&mut self, key: u16, value: f32) -> Result<(), OutOfMemory> {
        if (self.len + 1) * 4 > self.keys.len() * 3 {
            self.grow()?;
        }
        self.place(key, value.to_bits());
        Ok(())
    }

    fn set(&mut self, key: u16, value: f32) {
        let mask = self.keys.len() - 1;
        let mut i = self.slot(key);
        while self.keys[i] != key || self.values[i] == EMPTY {
            debug_assert!(self.values[i] != EMPTY, "only a stored key is set");
            i = (i + 1) & mask;
        }
        self.values[i] = value.to_bits();
    }

    fn grow(&mut self) -> Result<(), OutOfMemory> {
        let (keys, values) = slots((self.keys.len() * 2).max(FIRST))?;
        let keys = std::mem::replace(&mut self.keys, keys);
        let values = std::mem::replace(&mut self.values, values);
        self.len = 0;
        for (key, value) in keys.into_iter().zip(values) {
            if value != EMPTY {
                self.place(key, value);
            }
        }
        Ok(())
    }

    /// Stores a key not yet here where there is room for it.
    fn place(&mut self, key: u16, value: u32) {
        let mask = self.keys.len() - 1;
        let mut i = self.slot(key);
        while self.values[i] != EMPTY {
            i = (i + 1) & mask;
        }
        self.keys[i] = key;
        self.values[i] = value;
        self.len += 1;
    }
}

/// The memory for more positions could not be had (a page's may run out before the limits).
#[derive(Debug)]
pub struct OutOfMemory;

/// `capacity` empty slots, if the memory can be had: in a page, running out leaves the
/// board to the search rather than ending the worker.
fn slots(capacity: usize) -> Result<(Vec<u16>, Vec<u32>), OutOfMemory> {
    let mut keys = Vec::new();
    let mut values = Vec::new();
    keys.try_reserve_exact(capacity).map_err(|_| OutOfMemory)?;
    values.try_reserve_exact(capacity).map_err(|_| OutOfMemory)?;
    keys.resize(capacity, 0);
    values.resize(capacity, EMPTY);
    Ok((keys, values))
}

/// The chances computed so far, by position index (below `2^index_bits`).
#[derive(Clone, Debug)]
pub struct Memo {
    buckets: Vec<Bucket>,
    len: usize,
}

impl Memo {
    pub fn new(index_bits: u32) -> Memo {
        let buckets = 1usize << index_bits.saturating_sub(KEY_BITS);
        Memo { buckets: vec![Bucket::default(); buckets], len: 0 }
    }

    fn split(index: usize) -> (usize, u16) {
        (index >> KEY_BITS, index as u16)
    }

    pub fn get(&self, index: usize) -> Option<f32> {
        let (bucket, key) = Memo::split(index);
        self.buckets[bucket].get(key)
    }

    /// Stores the chance of a position not yet stored, if the memory can be had.
    pub fn insert(&mut self, index: usize, value: f32) -> Result<(), OutOfMemory> {
        debug_assert!(!value.is_nan());
        let (bucket, key) = Memo::split(index);
        self.buckets[bucket].insert(key, value)?;
        self.len += 1;
        Ok(())
    }

    /// How many positions are stored.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Replaces each position's chance by what `keep` makes of its index and chance, or
    /// forgets the position where it says `None`, giving back the memory of those forgotten.
    pub fn retain(&mut self, keep: impl Fn(usize, f32) -> Option<f32>) {
        self.len = 0;
        for (b, bucket) in self.buckets.iter_mut().enumerate() {
            let kept: Vec<(u16, f32)> = bucket
                .keys
                .iter()
                .zip(&bucket.values)
                .filter(|&(_, &v)| v != EMPTY)
                .filter_map(|(&k, &v)| {
                    keep(b << KEY_BITS | usize::from(k), f32::from_bits(v)).map(|v| (k, v))
                })
                .collect();
            let capacity = if kept.is_empty() { 0 } else { (kept.len() * 2).next_power_of_two().max(FIRST) };
            // Fewer slots than the bucket had, whose memory was just given back.
            *bucket = Bucket { keys: vec![0; capacity], values: vec![EMPTY; capacity], len: 0 };
            for (k, v) in kept {
                bucket.place(k, v.to_bits());
            }
            self.len += bucket.len;
        }
    }

    /// Replaces the chance of a position stored.
    pub fn set(&mut self, index: usize, value: f32) {
        let (bucket, key) = Memo::split(index);
        self.buckets[bucket].set(key, value);
    }

    /// The bytes the store holds (its slots, 6 bytes each).
    pub fn bytes(&self) -> usize {
        self.buckets.iter().map(|b| b.keys.len() * 6).sum::<usize>()
            + self.buckets.len() * std::mem::size_of::<Bucket>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    #[test]
    fn it_keeps_what_it_was_given_and_forgets_what_it_is_told_to() {
        let mut memo = Memo::new(27);
        let mut expected = HashMap::new();
        // Indices crowded into a few buckets and keys, as a table's are.
        let mut x = 12345u64;
        for _ in 0..50_000 {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let index = ((x >> 33) as usize & 0x3F_FFFF) << 5 & ((1 << 27) - 1);
            if let std::collections::hash_map::Entry::Vacant(e) = expected.entry(index) {
                let value = (index % 1000) as f32 / 1000.0;
                e.insert(value);
                memo.insert(index, value).unwrap();
            }
        }
        assert_eq!(memo.len(), expected.len());
        for (&index, &value) in &expected {
            assert_eq!(memo.get(index), Some(value));
        }
        assert_eq!(memo.get(1), None);
        let some = *expected.keys().next().unwrap();
        memo.set(some, 0.5);
        assert_eq!(memo.get(some), Some(0.5));
        expected.insert(some, 0.5);
        memo.retain(|index, value| (index % 3 == 0).then_some(value * 2.0));
        assert_eq!(memo.len(), expected.keys().filter(|&&i| i % 3 == 0).count());
        for (&index, &value) in &expected {
            assert_eq!(memo.get(index), (index % 3 == 0).then_some(value * 2.0));
        }
        assert!(memo.bytes() < 6 * 4 * memo.len() + 200_000, "{} bytes", memo.bytes());
    }
}
