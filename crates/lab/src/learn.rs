//! Temporal-difference learning of the [`Network`]: TD(0) on afterstates (Szubert and Jaśkowski
//! 2014). The learner plays whole games choosing, on every board, the move with the largest
//! reward plus value of its afterstate, and moves the value of each afterstate toward the next
//! move's reward plus the value of the next afterstate (toward 0 when the game ends).
//!
//! Each step is either plain TD at a fixed rate, or temporal coherence (TC, Beal and Smith;
//! Jaśkowski 2018 for 2048): every weight's own rate is `|sum of its errors| / sum of their
//! sizes`, so a weight whose errors keep one sign learns at the full rate and one whose
//! errors cancel out settles. TC needs no schedule of rates, which is why it learns a large
//! network far faster than a fixed rate does.
//!
//! Deterministic: the same seed, games and rule give the same weights, bit for bit.

use game_core::{Board, packed, random_spawn_in};
use rand::Rng;

use crate::ntuple::{Encode, Reshape};
#[cfg(test)]
use solver::ntuple::Shape;
use solver::ntuple::network::max_nibble;
use solver::ntuple::{Network, WeightsError};

/// What one game of learning reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameOutcome {
    pub score: u64,
    pub moves: u32,
    /// The exponent of the largest tile.
    pub max_exponent: u8,
}

/// The four afterstates of the nibble board `x` with their rewards, in `Direction::ALL` order
/// (up, down, left, right); `None` for a move that does not count, or that would make a 65536
/// (learning stops short of that tile).
#[inline]
pub fn afterstates(x: u64) -> [Option<(u64, u32)>; 4] {
    let t = packed::transpose(x);
    let up = packed::slide_rows_scored(t, false).map(|(y, r)| (packed::transpose(y), r));
    let down = packed::slide_rows_scored(t, true).map(|(y, r)| (packed::transpose(y), r));
    let counts = |s: Option<(u64, u32)>| s.filter(|&(y, _)| y != x);
    [
        counts(up),
        counts(down),
        counts(packed::slide_rows_scored(x, false)),
        counts(packed::slide_rows_scored(x, true)),
    ]
}

/// The afterstate the network prefers from `x`: the largest reward plus value.
#[inline]
pub fn greedy_afterstate(network: &Network, x: u64) -> Option<(u64, u32)> {
    greedy_by(x, |y| network.value(y))
}

/// The afterstate of `x` with the largest reward plus `value`.
#[inline]
pub(crate) fn greedy_by(x: u64, value: impl Fn(u64) -> f32) -> Option<(u64, u32)> {
    let mut best: Option<(u64, u32, f32)> = None;
    for (y, reward) in afterstates(x).into_iter().flatten() {
        let v = reward as f32 + value(y);
        if best.is_none_or(|(_, _, b)| v > b) {
            best = Some((y, reward, v));
        }
    }
    best.map(|(y, r, _)| (y, r))
}

/// Places a new tile on `x` by the game's spawn rule.
#[inline]
pub fn spawn<R: Rng + ?Sized>(x: u64, rng: &mut R) -> u64 {
    match random_spawn_in(packed::zero_nibbles(x), rng) {
        Some(s) => packed::with_tile(x, s.cell, s.exponent),
        None => x,
    }
}

/// How a learning step moves the weights.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Rule {
    /// Every weight by `alpha` times the error (shared among the lookups); 0 plays without
    /// learning.
    Fixed { alpha: f32 },
    /// Every weight by `alpha` times the error times its own coherence.
    Coherence { alpha: f32 },
}

/// A network and what its rule keeps beside the weights.
pub struct Learner {
    pub network: Network,
    pub rule: Rule,
    /// Per weight, for [`Rule::Coherence`]: the sum of its errors and the sum of their sizes
    /// (side by side, so that a step reads one cache line for both).
    sums: Box<[[f32; 2]]>,
    /// Where the trainer's next episode starts: an afterstate of an earlier episode to go on
    /// from (the restart strategy), or 0 for a new game. Kept with the weights so that a run
    /// stopped between the two goes on alike.
    pub restart_from: u64,
}

impl Learner {
    pub fn new(network: Network, rule: Rule) -> Learner {
        let n = if matches!(rule, Rule::Coherence { .. }) { network.weight_count() } else { 0 };
        Learner { network, rule, sums: vec![[0.0; 2]; n].into(), restart_from: 0 }
    }

    /// The learner of [`Network::staged`]: each set of weights starts as `self`'s, and so do
    /// its coherence sums, so that the promoted weights keep the rates they had earned.
    pub fn staged(self, split: u8) -> Learner {
        let sums = self.sums.iter().chain(self.sums.iter()).copied().collect();
        Learner { network: self.network.staged(split), sums, ..self }
    }

    /// As if every weight from `first` on had been learned already by coherence steps of sizes
    /// adding up to `size` whose errors cancelled out: such a weight starts at rate 0 and speeds
    /// up only as its errors agree, so that weights promoted from a trained network keep what
    /// they knew (fresh sums would step each by its whole first error).
    pub fn settled(mut self, first: usize, size: f32) -> Learner {
        for sums in self.sums.iter_mut().skip(first) {
            *sums = [0.0, size];
        }
        self
    }

    /// As [`Self::settled`] for the weights that are not 0 (those a packed file kept); the
    /// others start as new ones.
    pub fn settled_where_set(mut self, size: f32) -> Learner {
        for (i, sums) in self.sums.iter_mut().enumerate() {
            if self.network.weight(i) != 0.0 {
                *sums = [0.0, size];
            }
        }
        self
    }

    /// Moves the value of `x` toward `error` more.
    #[inline]
    pub(crate) fn learn(&mut self, x: u64, error: f32) {
        match self.rule {
            Rule::Fixed { alpha } => self.network.adjust(x, alpha * error),
            Rule::Coherence { alpha } => {
                let step = alpha * error / self.network.lookups() as f32;
                let sums = &mut self.sums;
                self.network.each_weight(x, |i, w| {
                    let [errors, sizes] = &mut sums[i];
                    let rate = if *sizes > 0.0 { errors.abs() / *sizes } else { 1.0 };
                    *w += rate * step;
                    *errors += step;
                    *sizes += step.abs();
                });
            }
        }
    }

    fn learns(&self) -> bool {
        !matches!(self.rule, Rule::Fixed { alpha } if alpha == 0.0)
    }

    /// The learner of [`Network::folded`] into hashed tables of `2^bits` weights: each slot's
    /// weight the mean of its keys', weighed by how much each was learned, and its coherence
    /// sums the sums of its keys' (so that it goes on learning at the rate they had earned).
    pub fn folded(&self, bits: u8) -> Learner {
        let network = self.network.folded(bits, |i| self.learned(i));
        let mut folded = Learner { network, rule: self.rule, sums: Box::new([]), restart_from: 0 };
        if !self.sums.is_empty() {
            let mut sums = vec![[0f32; 2]; folded.network.weight_count()];
            self.network.each_fold(&folded.network, |i, j| {
                sums[j][0] += self.sums[i][0];
                sums[j][1] += self.sums[i][1];
            });
            folded.sums = sums.into();
        }
        folded
    }

    /// How much weight `i` has been learned: the sum of its steps' sizes under
    /// [`Rule::Coherence`] (0 for a weight never visited; always 0 under the fixed rule).
    pub fn learned(&self, i: usize) -> f32 {
        self.sums.get(i).map_or(0.0, |[_, sizes]| *sizes)
    }

    /// The learner as a file, so that learning can stop and go on: a header, the rule, the
    /// games learned so far, the network's own file, then TC's sums (little-endian `f32`).
    pub fn to_bytes(&self, games: u64) -> Vec<u8> {
        let mut out = STATE_MAGIC.to_vec();
        let (tag, alpha) = match self.rule {
            Rule::Fixed { alpha } => (0u8, alpha),
            Rule::Coherence { alpha } => (1, alpha),
        };
        out.push(tag);
        out.extend_from_slice(&alpha.to_le_bytes());
        out.extend_from_slice(&games.to_le_bytes());
        let network = self.network.to_bytes();
        out.extend_from_slice(&(network.len() as u64).to_le_bytes());
        out.extend_from_slice(&network);
        for v in self.sums.iter().flatten() {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&self.restart_from.to_le_bytes());
        out
    }

    /// Reads what [`Self::to_bytes`] wrote: the learner and the games it had learned.
    pub fn from_bytes(bytes: &[u8]) -> Result<(Learner, u64), WeightsError> {
        let body = bytes.strip_prefix(STATE_MAGIC.as_slice()).ok_or(WeightsError::NotWeights)?;
        let word = |at: usize| -> Result<[u8; 8], WeightsError> {
            body.get(at..at + 8).and_then(|b| b.try_into().ok()).ok_or(WeightsError::NotWeights)
        };
        let (&tag, _) = body.split_first().ok_or(WeightsError::NotWeights)?;
        let alpha = f32::from_le_bytes(
            body.get(1..5).and_then(|b| b.try_into().ok()).ok_or(WeightsError::NotWeights)?,
        );
        let rule = match tag {
            0 => Rule::Fixed { alpha },
            1 => Rule::Coherence { alpha },
            _ => return Err(WeightsError::NotWeights),
        };
        let games = u64::from_le_bytes(word(5)?);
        let length = u64::from_le_bytes(word(13)?) as usize;
        let network = Network::from_bytes(body.get(21..21 + length).ok_or(WeightsError::NotWeights)?)?;
        if network.is_sparse() {
            // A learner's own file holds every weight; a sparse network is only searched with.
            return Err(WeightsError::NotWeights);
        }
        let mut learner = Learner::new(network, rule);
        let sums = &body[21 + length..];
        let n = learner.sums.len();
        // Files written before the restart strategy end with the sums.
        let sums = match sums.len().checked_sub(8 * n) {
            Some(8) => {
                learner.restart_from = u64::from_le_bytes(sums[8 * n..].try_into().expect("8 bytes"));
                &sums[..8 * n]
            }
            _ => sums,
        };
        if sums.len() != 8 * n {
            return Err(WeightsError::WrongSize { expected: 8 * n + 8, found: sums.len() });
        }
        let mut values = sums.chunks_exact(4).map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]));
        for v in learner.sums.iter_mut().flatten() {
            *v = values.next().expect("sized above");
        }
        Ok((learner, games))
    }
}

/// The file header of a saved [`Learner`].
const STATE_MAGIC: &[u8; 8] = b"2048NTL1";

/// Plays one game from two random tiles, learning by the learner's rule.
pub fn play<R: Rng + ?Sized>(learner: &mut Learner, rng: &mut R) -> GameOutcome {
    let mut x = spawn(spawn(0, rng), rng);
    let mut previous: Option<u64> = None;
    let mut score = 0u64;
    let mut moves = 0u32;
    let learns = learner.learns();
    loop {
        let network = &learner.network;
        let chosen = greedy_afterstate(network, x);
        if learns && let Some(p) = previous {
            let target = chosen.map_or(0.0, |(y, r)| r as f32 + network.value(y));
            let error = target - network.value(p);
            learner.learn(p, error);
        }
        let Some((y, reward)) = chosen else { break };
        score += u64::from(reward);
        moves += 1;
        previous = Some(y);
        x = spawn(y, rng);
    }
    let max_exponent = Board::from_nibbles(x).max_exponent();
    GameOutcome { score, moves, max_exponent }
}

/// Plays a new game greedily with `network`, learning nothing, until an afterstate first
/// holds a tile of `2^exponent` or more, and returns that afterstate (`None` if the game ends
/// first): where the late game's learning starts (`train-ntuple --late`), a board the early
/// game's own play reaches.
pub fn play_until<R: Rng + ?Sized>(network: &Network, exponent: u8, rng: &mut R) -> Option<u64> {
    let mut x = spawn(spawn(0, rng), rng);
    while let Some((y, _)) = greedy_afterstate(network, x) {
        if max_nibble(y) >= exponent {
            return Some(y);
        }
        x = spawn(y, rng);
    }
    None
}

/// Plays one episode from `start` (an afterstate, a new tile placed on it first; 0: a new
/// game), the weights fixed meanwhile, then learns from it backward by TD(λ): each afterstate
/// moves toward its λ-return `r + (1 - λ) V(next) + λ G(next)`, the last one toward 0, with the
/// later afterstates' values already learned (λ = 0 is one-step TD, 1 the whole score to come).
/// Returns what the episode reached and its afterstates, for a restart from one of them.
pub fn play_backward<R: Rng + ?Sized>(
    learner: &mut Learner,
    lambda: f32,
    start: u64,
    rng: &mut R,
) -> (GameOutcome, Vec<u64>) {
    play_backward_valued(learner, lambda, start, rng, |network, y| network.value(y), |_| true)
}

/// [`play_backward`] with the afterstates valued by `value` of the learner's network, and
/// only those that `learned` picks learned: the network alone and every afterstate, or the
/// network as a correction of another on the late afterstates (`crate::correct`).
pub(crate) fn play_backward_valued<R: Rng + ?Sized>(
    learner: &mut Learner,
    lambda: f32,
    start: u64,
    rng: &mut R,
    value: impl Fn(&Network, u64) -> f32,
    learned: impl Fn(u64) -> bool,
) -> (GameOutcome, Vec<u64>) {
    let mut x = if start == 0 { spawn(spawn(0, rng), rng) } else { spawn(start, rng) };
    let (mut path, mut rewards) = (Vec::new(), Vec::new());
    let mut score = 0u64;
    while let Some((y, reward)) = greedy_by(x, |y| value(&learner.network, y)) {
        score += u64::from(reward);
        path.push(y);
        rewards.push(reward);
        x = spawn(y, rng);
    }
    if learner.learns() {
        let mut later = 0.0f32;
        for t in (0..path.len()).rev() {
            let target = match path.get(t + 1) {
                Some(&next) => {
                    rewards[t + 1] as f32 + (1.0 - lambda) * value(&learner.network, next) + lambda * later
                }
                None => 0.0,
            };
            if learned(path[t]) {
                let error = target - value(&learner.network, path[t]);
                learner.learn(path[t], error);
            }
            later = target;
        }
    }
    let outcome =
        GameOutcome { score, moves: path.len() as u32, max_exponent: Board::from_nibbles(x).max_exponent() };
    (outcome, path)
}

#[cfg(test)]
mod tests;
