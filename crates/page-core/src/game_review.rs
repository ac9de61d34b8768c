//! A review of a whole kept game: the solver's word on every move, judged in the order played,
//! and what a reviewer reads from it (how many moves got each word, the accuracy, the moves
//! after which the chance of the next goal tile fell most).
//!
//! A move's word is the coach's and Hint's: [`Thresholds::rate`] of the played move on the
//! solver's analysis of the board it was played on, at a strength whose words are measured
//! ([`review_strength`]), so that a review and the coach never disagree about the same move.
//! A review is judged a move at a time and can stop anywhere: what it holds is always the
//! first moves of the game, and it goes on from the first move it lacks. Its document is
//! `saved::review`.

use game_core::{Board, Direction};

use crate::analysis::Analysis;
use crate::quality::{Quality, Thresholds};
use crate::replay::Replay;
use crate::request::Strength;

/// The chance, as the solver puts it, of making `tile` (the next goal: the smallest power of
/// two above the board's largest tile, at least 2048) from a board, in thousandths.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chance {
    pub tile: u32,
    /// 0 to 1000.
    pub permille: u16,
}

impl Chance {
    /// In whole percent, as Hint says a chance (`solver::chance::Chance::percent`: 0 and 100
    /// only when certain).
    pub fn percent(self) -> u8 {
        solver::chance::Chance { tile: self.tile, probability: f64::from(self.permille) / 1000.0 }.percent()
    }
}

impl From<solver::chance::Chance> for Chance {
    fn from(chance: solver::chance::Chance) -> Chance {
        let permille = (chance.probability * 1000.0).round().clamp(0.0, 1000.0) as u16;
        Chance { tile: chance.tile, permille }
    }
}

/// What the review says of one move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Verdict {
    /// Best, about as good, worse or much worse: a played move is always possible, and a
    /// review judges at a strength whose words are measured.
    pub quality: Quality,
    /// The solver's move on the same board.
    pub best: Direction,
    /// The chance of the next goal tile on the board before the move, when the solver said it.
    pub chance: Option<Chance>,
}

/// How many moves got each word.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub best: usize,
    pub about_as_good: usize,
    pub worse: usize,
    pub much_worse: usize,
}

/// A move after which the chance of the goal tile fell: from `before` (on the board the move
/// was played on) to `after` (on the next board the player saw, its new tile landed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurningPoint {
    /// The move's index in the game, from 0.
    pub index: usize,
    pub before: Chance,
    pub after: Chance,
}

/// The least fall of the chance, in thousandths, that makes a turning point: one point.
pub const MIN_FALL_PERMILLE: u16 = 10;

/// The review of kept game `game` (its id), of `moves` moves, judged at `strength`.
#[derive(Clone, Debug, PartialEq)]
pub struct GameReview {
    pub game: u64,
    pub strength: Strength,
    pub moves: usize,
    /// The verdicts on the game's first moves, in order.
    verdicts: Vec<Verdict>,
}

/// The strength a review judges at: the one chosen when its words are measured, else the
/// strongest whose words are (Max's are not: a review by it would have no words to give).
pub fn review_strength(chosen: Strength, measured: &[Thresholds]) -> Option<Strength> {
    let has_words = |s: Strength| measured.iter().any(|t| t.strength == s);
    if has_words(chosen) {
        return Some(chosen);
    }
    Strength::ALL.into_iter().rev().find(|&s| has_words(s))
}

impl GameReview {
    /// A review of `replay`'s game with nothing judged yet.
    pub fn new(game: u64, strength: Strength, replay: &Replay) -> GameReview {
        GameReview { game, strength, moves: replay.len(), verdicts: Vec::new() }
    }

    /// A review as kept: `verdicts` on the first moves of a game of `moves` moves (`None` if
    /// there are more verdicts than moves).
    pub fn restored(
        game: u64,
        strength: Strength,
        moves: usize,
        verdicts: Vec<Verdict>,
    ) -> Option<GameReview> {
        (verdicts.len() <= moves).then_some(GameReview { game, strength, moves, verdicts })
    }

    pub fn verdicts(&self) -> &[Verdict] {
        &self.verdicts
    }

    /// How many moves are judged.
    pub fn judged(&self) -> usize {
        self.verdicts.len()
    }

    pub fn is_complete(&self) -> bool {
        self.verdicts.len() == self.moves
    }

    /// The move to judge next (its index), and the board it was played on, unless the review
    /// is complete.
    pub fn next(&self, replay: &Replay) -> Option<(usize, Board)> {
        let index = self.verdicts.len();
        if index >= self.moves {
            return None;
        }
        Some((index, replay.position(index)?.board()))
    }

    /// Takes the solver's `analysis` of move `index`'s board, with the chance it gave there.
    /// Only the move awaited is taken (an answer for any other index, another board or another
    /// strength is stale and changes nothing); returns whether it was.
    pub fn judge(
        &mut self,
        replay: &Replay,
        index: usize,
        analysis: &Analysis,
        chance: Option<Chance>,
        measured: &[Thresholds],
    ) -> bool {
        let awaited = self.next(replay);
        let Some(played) = replay.move_from(index) else { return false };
        let Some(best) = analysis.search.best else { return false };
        if awaited != Some((index, analysis.board)) || analysis.strength != self.strength {
            return false;
        }
        let quality = Thresholds::rate(measured, analysis, played);
        if !matches!(quality, Quality::Best | Quality::AboutAsGood | Quality::Worse | Quality::MuchWorse) {
            return false;
        }
        self.verdicts.push(Verdict { quality, best, chance });
        true
    }

    pub fn counts(&self) -> Counts {
        let mut counts = Counts::default();
        for verdict in &self.verdicts {
            match verdict.quality {
                Quality::Best => counts.best += 1,
                Quality::AboutAsGood => counts.about_as_good += 1,
                Quality::Worse => counts.worse += 1,
                Quality::MuchWorse => counts.much_worse += 1,
                Quality::NotPossible | Quality::Unrated => {}
            }
        }
        counts
    }

    /// The share of the game's moves that were best or about as good, in percent rounded to
    /// the nearest, once every move is judged (a game of no move has none).
    pub fn accuracy(&self) -> Option<u8> {
        if !self.is_complete() || self.moves == 0 {
            return None;
        }
        let counts = self.counts();
        let good = counts.best + counts.about_as_good;
        Some(((good * 200 + self.moves) / (2 * self.moves)) as u8)
    }

    /// The indices of the moves judged worse or much worse, in the order played.
    pub fn mistakes(&self) -> Vec<usize> {
        (0..self.verdicts.len()).filter(|&i| self.verdicts[i].quality.is_mistake()).collect()
    }

    /// At most `most` moves after which the chance fell most, in the order played: a fall is
    /// from a move's board to the next judged board, both for the same goal tile (once a goal
    /// is made the next one's chance is another measure, not a fall), of at least
    /// [`MIN_FALL_PERMILLE`] (a smaller one is no turn a player would see).
    pub fn turning_points(&self, most: usize) -> Vec<TurningPoint> {
        let mut falls: Vec<TurningPoint> = self
            .verdicts
            .windows(2)
            .enumerate()
            .filter_map(|(index, pair)| {
                let (before, after) = (pair[0].chance?, pair[1].chance?);
                (before.tile == after.tile && after.permille + MIN_FALL_PERMILLE <= before.permille)
                    .then_some(TurningPoint { index, before, after })
            })
            .collect();
        // The largest falls first, the earlier of equal ones first; then back in game order.
        falls.sort_by_key(|p| (std::cmp::Reverse(p.before.permille - p.after.permille), p.index));
        falls.truncate(most);
        falls.sort_by_key(|p| p.index);
        falls
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::Search;
    use crate::history::{Ending, Help, Kept, Tally};
    use game_core::{Game, Record};
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    /// A kept game of `moves` moves, each the first that moves the board.
    fn replay(moves: usize) -> Replay {
        let mut rng = SmallRng::seed_from_u64(7);
        let mut record = Record::new(Game::new(&mut rng));
        for _ in 0..moves {
            let game = record.game();
            let direction = Direction::ALL.into_iter().find(|&d| game.board().slide(d).moved).unwrap();
            record.play(direction, &mut rng);
        }
        let mut tally = Tally::default();
        tally.moved(1_000, false, false, false);
        Replay::new(Kept::new(1, &tally, 2_000, Help::default(), Ending::NewGame, &record), false)
    }

    /// The solver's analysis of `board`: `best` worth 1000 points, every other possible move
    /// `gap` points less.
    fn analysis(board: Board, strength: Strength, best: Direction, gap: f64) -> Analysis {
        let values = Direction::ALL
            .map(|d| board.slide(d).moved.then_some(if d == best { 1000.0 } else { 1000.0 - gap }));
        let search = Search { best: Some(best), values, nodes: 1, depth: 1, micros: 1, solved: false };
        Analysis { board, strength, search }
    }

    fn chance(permille: u16) -> Option<Chance> {
        Some(Chance { tile: 2048, permille })
    }

    /// Judges every move of `replay` with the gap `gaps[i]` (0: the move played was the best).
    fn judged(replay: &Replay, gaps: &[f64], chances: &[Option<Chance>]) -> GameReview {
        let measured = Thresholds::measured();
        let mut review = GameReview::new(1, Strength::Spec, replay);
        for (i, &gap) in gaps.iter().enumerate() {
            let (index, board) = review.next(replay).unwrap();
            let played = replay.move_from(index).unwrap();
            let other = Direction::ALL.into_iter().find(|&d| d != played && board.slide(d).moved);
            let best = if gap == 0.0 { played } else { other.unwrap() };
            let a = analysis(board, Strength::Spec, best, gap);
            assert!(review.judge(replay, index, &a, chances[i], &measured));
        }
        review
    }

    #[test]
    fn each_move_gets_the_coachs_word_and_the_accuracy_counts_best_and_about_as_good() {
        let measured = Thresholds::measured();
        let spec = measured.iter().find(|t| t.strength == Strength::Spec).unwrap().levels;
        let (about, worse) = (spec.about_as_good, spec.worse.unwrap());
        let replay = replay(4);
        let gaps = [0.0, about * 0.5, (about + worse) / 2.0, worse * 2.0];
        let review = judged(&replay, &gaps, &[None; 4]);
        let words: Vec<Quality> = review.verdicts().iter().map(|v| v.quality).collect();
        assert_eq!(words, [Quality::Best, Quality::AboutAsGood, Quality::Worse, Quality::MuchWorse]);
        assert_eq!(review.counts(), Counts { best: 1, about_as_good: 1, worse: 1, much_worse: 1 });
        assert_eq!(review.accuracy(), Some(50));
        assert_eq!(review.mistakes(), [2, 3]);
    }

    #[test]
    fn the_accuracy_is_said_only_once_every_move_is_judged() {
        let replay = replay(3);
        let partial = judged(&replay, &[0.0, 0.0], &[None; 2]);
        assert_eq!((partial.judged(), partial.is_complete(), partial.accuracy()), (2, false, None));
        let whole = judged(&replay, &[0.0, 0.0, 0.0], &[None; 3]);
        assert_eq!((whole.is_complete(), whole.accuracy()), (true, Some(100)));
        // Two of three: 66.7 % is said 67.
        let measured = Thresholds::measured();
        let worse = measured.iter().find(|t| t.strength == Strength::Spec).unwrap().levels.worse.unwrap();
        assert_eq!(judged(&replay, &[0.0, 0.0, worse * 2.0], &[None; 3]).accuracy(), Some(67));
    }

    #[test]
    fn only_the_awaited_move_on_its_own_board_and_strength_is_taken() {
        let measured = Thresholds::measured();
        let replay = replay(3);
        let mut review = GameReview::new(1, Strength::Spec, &replay);
        let (index, board) = review.next(&replay).unwrap();
        assert_eq!((index, board), (0, replay.position(0).unwrap().board()));
        let played = replay.move_from(0).unwrap();
        // Another move's index, another board, another strength: all stale.
        let next_board = replay.position(1).unwrap().board();
        assert!(!review.judge(
            &replay,
            1,
            &analysis(next_board, Strength::Spec, played, 0.0),
            None,
            &measured
        ));
        assert!(!review.judge(
            &replay,
            0,
            &analysis(next_board, Strength::Spec, played, 0.0),
            None,
            &measured
        ));
        assert!(!review.judge(&replay, 0, &analysis(board, Strength::Strong, played, 0.0), None, &measured));
        assert_eq!(review.judged(), 0);
        assert!(review.judge(&replay, 0, &analysis(board, Strength::Spec, played, 0.0), None, &measured));
        // The same answer again is for a move already judged.
        assert!(!review.judge(&replay, 0, &analysis(board, Strength::Spec, played, 0.0), None, &measured));
        assert_eq!((review.judged(), review.next(&replay).map(|n| n.0)), (1, Some(1)));
    }

    #[test]
    fn turning_points_are_the_largest_falls_for_the_same_goal_in_game_order() {
        let replay = replay(6);
        let other_goal = Some(Chance { tile: 4096, permille: 100 });
        let chances = [chance(900), chance(850), chance(400), chance(420), other_goal, chance(10)];
        // A fall of a point counts, one of less does not.
        let flat = judged(&replay, &[0.0; 3], &[chance(900), chance(890), chance(889)]);
        assert_eq!(flat.turning_points(3).iter().map(|p| p.index).collect::<Vec<_>>(), [0]);
        let review = judged(&replay, &[0.0; 6], &chances);
        let points = review.turning_points(2);
        // 900 -> 850 (50) and 850 -> 400 (450) are falls; 400 -> 420 rises; 420 -> a 4096's
        // chance and that -> 10 of 2048 change goals: no falls.
        assert_eq!(points.iter().map(|p| p.index).collect::<Vec<_>>(), [0, 1]);
        assert_eq!(review.turning_points(1).iter().map(|p| p.index).collect::<Vec<_>>(), [1]);
        assert_eq!(points[1].before.permille - points[1].after.permille, 450);
    }

    #[test]
    fn a_review_judges_at_a_strength_whose_words_are_measured() {
        let measured = Thresholds::measured();
        assert_eq!(review_strength(Strength::Spec, &measured), Some(Strength::Spec));
        assert_eq!(review_strength(Strength::Strong, &measured), Some(Strength::Strong));
        // Max's words are not measured: Strong judges.
        assert_eq!(review_strength(Strength::Max, &measured), Some(Strength::Strong));
        assert_eq!(review_strength(Strength::Max, &[]), None);
    }

    #[test]
    fn a_chance_is_kept_in_thousandths_and_said_as_hint_says_it() {
        let kept = |probability| Chance::from(solver::chance::Chance { tile: 4096, probability });
        assert_eq!(kept(0.8156), Chance { tile: 4096, permille: 816 });
        assert_eq!(kept(0.8156).percent(), 82);
        // Short of certain is never said 100, nor a chance above none 0.
        assert_eq!((kept(0.999).percent(), kept(0.001).percent()), (99, 1));
        assert_eq!((kept(1.0).percent(), kept(0.0).percent()), (100, 0));
    }

    #[test]
    fn a_kept_review_has_no_more_verdicts_than_moves() {
        let verdict = Verdict { quality: Quality::Best, best: Direction::Left, chance: None };
        assert!(GameReview::restored(1, Strength::Spec, 1, vec![verdict]).is_some());
        assert!(GameReview::restored(1, Strength::Spec, 0, vec![verdict]).is_none());
    }
}
