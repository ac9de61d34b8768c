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
mod tests {
    use super::*;
    use game_core::Direction;
    use rand::SeedableRng;
    use solver::rng::GameRng;

    #[test]
    fn afterstates_are_the_board_slides() {
        let board = Board::from_exponents([[1, 1, 2, 0], [0, 3, 0, 3], [4, 0, 0, 0], [1, 2, 1, 2]]).unwrap();
        let x = board.nibbles().unwrap();
        let ours = afterstates(x);
        for d in Direction::ALL {
            let slide = board.slide(d);
            let expected = slide.moved.then(|| (slide.board.nibbles().unwrap(), slide.score));
            assert_eq!(ours[d.index()], expected, "{d}");
        }
    }

    #[test]
    fn learning_is_deterministic_and_improves_on_zero_weights() {
        let run = |games: usize, alpha: f32| {
            let mut learner = Learner::new(Network::zeroed(Shape::LINES_AND_SQUARES), Rule::Fixed { alpha });
            let mut rng = GameRng::seed_from_u64(7);
            let outcomes: Vec<_> = (0..games).map(|_| play(&mut learner, &mut rng)).collect();
            (learner.network, outcomes)
        };
        let (a, first) = run(200, 0.1);
        let (b, second) = run(200, 0.1);
        assert_eq!(first, second);
        assert_eq!(a.to_bytes(), b.to_bytes());
        // Frozen, the learned weights beat the untrained network on the same fresh games.
        let mean = |net: Network| {
            let mut frozen = Learner::new(net, Rule::Fixed { alpha: 0.0 });
            let mut rng = GameRng::seed_from_u64(99);
            (0..100).map(|_| play(&mut frozen, &mut rng).score).sum::<u64>() / 100
        };
        let (l, z) = (mean(a), mean(Network::zeroed(Shape::LINES_AND_SQUARES)));
        assert!(l > z + z / 4, "learned {l} vs untrained {z}");
    }

    #[test]
    fn the_late_game_starts_where_the_tile_is_first_made() {
        let network = Network::zeroed(Shape::LINES_AND_SQUARES);
        let mut rng = GameRng::seed_from_u64(5);
        let start = play_until(&network, 7, &mut rng).expect("greedy play makes a 128");
        assert_eq!(max_nibble(start), 7, "the first afterstate with a 128, not a later one");
        // The same tiles, the same board: a run's starts are fixed by its seed.
        assert_eq!(play_until(&network, 7, &mut GameRng::seed_from_u64(5)), Some(start));
        // A game that ends first has no late game.
        assert_eq!(play_until(&network, 15, &mut rng), None);
    }

    /// Sixteen different tiles: no two of the board's lookups share a weight.
    fn distinct() -> u64 {
        Board::from_exponents([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 0]])
            .unwrap()
            .nibbles()
            .unwrap()
    }

    #[test]
    fn coherence_stops_a_weight_whose_errors_cancel_and_keeps_one_whose_errors_agree() {
        let (x, e) = (distinct(), 8.0);
        let mut fixed = Learner::new(Network::zeroed(Shape::LINES_AND_SQUARES), Rule::Fixed { alpha: 1.0 });
        let mut coherent =
            Learner::new(Network::zeroed(Shape::LINES_AND_SQUARES), Rule::Coherence { alpha: 1.0 });
        for error in [e, -e, e] {
            fixed.learn(x, error);
            coherent.learn(x, error);
        }
        assert!((fixed.network.value(x) - e).abs() < 1e-4);
        // Up, down, then nothing: the sums of the errors cancelled, so the third step is still.
        assert!(coherent.network.value(x).abs() < 1e-4, "{}", coherent.network.value(x));
        // Errors that agree keep the full rate.
        let mut agreeing =
            Learner::new(Network::zeroed(Shape::LINES_AND_SQUARES), Rule::Coherence { alpha: 1.0 });
        for _ in 0..3 {
            agreeing.learn(x, e);
        }
        assert!((agreeing.network.value(x) - 3.0 * e).abs() < 1e-3);
    }

    #[test]
    fn going_on_from_a_file_the_weights_it_holds_move_slowly_and_the_others_as_new() {
        // A network that knows one board (as a packed file keeps the learned weights alone).
        let (known, e) = (distinct(), 8.0);
        let mut first =
            Learner::new(Network::zeroed(Shape::LINES_AND_SQUARES), Rule::Coherence { alpha: 1.0 });
        first.learn(known, e);
        let mut going_on =
            Learner::new(first.network, Rule::Coherence { alpha: 1.0 }).settled_where_set(1000.0);
        // Its first step moves it by nothing (errors that agree so far: none), the next a little.
        going_on.learn(known, e);
        going_on.learn(known, e);
        let moved = going_on.network.value(known) - e;
        assert!(moved > 1e-4 && moved < 0.01 * e, "{moved}");
        // Every cell a 2: none of its tuples' keys is one of the first board's, so it learns as
        // on a new network.
        let unknown = Board::from_exponents([[1; 4]; 4]).unwrap().nibbles().unwrap();
        let mut new = Learner::new(Network::zeroed(Shape::LINES_AND_SQUARES), Rule::Coherence { alpha: 1.0 });
        new.learn(unknown, e);
        going_on.learn(unknown, e);
        assert!(new.network.value(unknown) > e);
        assert_eq!(going_on.network.value(unknown), new.network.value(unknown));
    }

    #[test]
    fn a_learner_saved_and_read_back_goes_on_as_if_never_stopped() {
        let games = |learner: &mut Learner, from: u64, to: u64| {
            for game in from..to {
                play(learner, &mut GameRng::seed_from_u64(game));
            }
        };
        let mut unbroken =
            Learner::new(Network::filled(Shape::LINES_AND_SQUARES, 500.0), Rule::Coherence { alpha: 0.5 });
        games(&mut unbroken, 0, 60);
        let mut first =
            Learner::new(Network::filled(Shape::LINES_AND_SQUARES, 500.0), Rule::Coherence { alpha: 0.5 });
        games(&mut first, 0, 30);
        first.restart_from = distinct();
        let (mut second, learned) = Learner::from_bytes(&first.to_bytes(30)).unwrap();
        assert_eq!((learned, second.rule, second.restart_from), (30, first.rule, distinct()));
        second.restart_from = 0;
        games(&mut second, 30, 60);
        assert_eq!(second.to_bytes(60), unbroken.to_bytes(60));
        assert_ne!(first.network.to_bytes(), unbroken.network.to_bytes(), "30 more games changed nothing");
        // A learner made into two stages goes on alike.
        let staged = unbroken.staged(11);
        let bytes = staged.to_bytes(60);
        let (read, _) = Learner::from_bytes(&bytes).unwrap();
        assert_eq!((read.network.split(), read.to_bytes(60)), (Some(11), bytes));
    }

    #[test]
    fn a_folded_learner_keeps_what_was_learned_and_goes_on_from_its_file() {
        let mut learner =
            Learner::new(Network::zeroed(Shape::LINES_AND_SQUARES), Rule::Coherence { alpha: 1.0 });
        let mut rng = GameRng::seed_from_u64(5);
        for _ in 0..20 {
            play(&mut learner, &mut rng);
        }
        let mut folded = learner.folded(10);
        assert_eq!(folded.network.hash_bits(), Some(10));
        let total = |l: &Learner| (0..l.network.weight_count()).map(|i| f64::from(l.learned(i))).sum::<f64>();
        let (before, after) = (total(&learner), total(&folded));
        assert!(before > 0.0 && (before - after).abs() < 1e-3 * before, "{before} folded into {after}");
        for _ in 0..5 {
            play(&mut folded, &mut rng);
        }
        let (back, games) = Learner::from_bytes(&folded.to_bytes(25)).unwrap();
        assert_eq!((games, back.to_bytes(25)), (25, folded.to_bytes(25)));
    }

    #[test]
    fn a_cut_or_foreign_learner_file_is_refused() {
        let learner = Learner::new(Network::zeroed(Shape::LINES_AND_SQUARES), Rule::Coherence { alpha: 1.0 });
        let bytes = learner.to_bytes(7);
        assert!(Learner::from_bytes(&bytes[..bytes.len() - 1]).is_err());
        assert!(Learner::from_bytes(&bytes[..20]).is_err());
        assert!(Learner::from_bytes(&learner.network.to_bytes()).is_err(), "a weights file is not a learner");
        let mut other_rule = bytes.clone();
        other_rule[8] = 9;
        assert!(Learner::from_bytes(&other_rule).is_err());
        // A fixed-rate learner's file is its header, the network and the restart point; with a
        // sparse network in it, it is refused (a sparse network cannot learn).
        let mut fixed = Learner::new(Network::zeroed(Shape::LINES_AND_SQUARES), Rule::Fixed { alpha: 0.1 });
        fixed.network.adjust(0x1234, 50.0);
        assert!(Learner::from_bytes(&fixed.to_bytes(3)).is_ok());
        let sparse = fixed.network.to_sparse_bytes();
        let mut with_sparse = fixed.to_bytes(3)[..29].to_vec();
        with_sparse[21..29].copy_from_slice(&(sparse.len() as u64).to_le_bytes());
        with_sparse.extend_from_slice(&sparse);
        with_sparse.extend_from_slice(&0u64.to_le_bytes());
        assert!(Network::from_bytes(&sparse).unwrap().is_sparse());
        assert!(Learner::from_bytes(&with_sparse).is_err());
    }

    #[test]
    fn backward_learning_from_whole_episodes_and_their_midpoints_beats_no_learning() {
        let run = || {
            let mut learner =
                Learner::new(Network::zeroed(Shape::LINES_AND_SQUARES), Rule::Coherence { alpha: 1.0 });
            let mut start = 0;
            for episode in 0..300 {
                let (_, path) = play_backward(&mut learner, 0.5, start, &mut GameRng::seed_from_u64(episode));
                // Every new game is followed by an episode from its midpoint, as `--restart` does.
                start = if start == 0 { path[path.len() / 2] } else { 0 };
            }
            learner
        };
        let (a, b) = (run(), run());
        assert_eq!(a.to_bytes(0), b.to_bytes(0), "the same episodes learn the same weights");
        let mean = |network: &Network| {
            let mut frozen = Learner::new(network.clone(), Rule::Fixed { alpha: 0.0 });
            (0..100u64)
                .map(|g| play_backward(&mut frozen, 0.5, 0, &mut GameRng::seed_from_u64(1000 + g)).0.score)
                .sum::<u64>()
                / 100
        };
        let (learned, blank) = (mean(&a.network), mean(&Network::zeroed(Shape::LINES_AND_SQUARES)));
        assert!(learned > 2 * blank, "learned {learned} vs untrained {blank}");
    }
}
