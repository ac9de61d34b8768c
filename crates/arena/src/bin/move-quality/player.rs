//! Who plays the games and the rollouts, and who judges the moves: a strategy's own searcher,
//! or `spec-depth-N`, Spec's search and evaluation to a fixed depth of N player moves (the root
//! move included) whatever the board, a weaker player than Spec (whose depth grows to 4 as the
//! board fills). With `--player spec-depth-2` the rollouts stand for a person, who does not
//! recover from a bad move as the solver does.

use super::*;

/// How a `spec-depth-N` player's name starts.
const SPEC_DEPTH: &str = "spec-depth-";

/// The deepest `spec-depth-N` accepted (Spec's own deepest).
const DEEPEST: u32 = 4;

/// A player's id: a strategy's, or `spec-depth-N` with N from 1 to 4.
pub(super) fn parse_player(text: &str) -> Result<String, String> {
    if Strategy::from_id(text).is_some() || depth_of(text).is_some() {
        return Ok(text.to_owned());
    }
    let ids: Vec<&str> = Strategy::ALL.iter().map(|s| s.id()).collect();
    Err(format!("{text:?}: expected {}, or {SPEC_DEPTH}N with N from 1 to {DEEPEST}", ids.join(", ")))
}

fn depth_of(id: &str) -> Option<u32> {
    id.strip_prefix(SPEC_DEPTH)?.parse().ok().filter(|d| (1..=DEEPEST).contains(d))
}

/// A player: a strategy's own searcher, or Spec's search at a fixed depth.
pub(super) struct Player {
    id: String,
    kind: Kind,
}

enum Kind {
    Searcher(Box<dyn Searcher + Send>),
    SpecDepth(u32),
}

impl Player {
    pub(super) fn new(id: &str) -> Result<Player, String> {
        Ok(Player { id: id.to_owned(), kind: Player::fresh(id)? })
    }

    fn fresh(id: &str) -> Result<Kind, String> {
        if let Some(depth) = depth_of(id) {
            return Ok(Kind::SpecDepth(depth));
        }
        let strategy = Strategy::from_id(id).ok_or(format!("no strategy {id:?}"))?;
        let searcher = strategy.searcher(0, arena::play::network_for(strategy)?);
        Ok(Kind::Searcher(searcher.ok_or(format!("{strategy} has no searcher"))?))
    }

    pub(super) fn decide(&mut self, board: Board) -> Decision {
        match &mut self.kind {
            Kind::Searcher(searcher) => searcher.decide(board),
            Kind::SpecDepth(depth) => solver::search::search(board, *depth, solver::TileModel::Expected),
        }
    }

    /// A fresh searcher (forgetting a transposition table), so that each rollout plays the same
    /// whatever ran before it.
    pub(super) fn reset(&mut self) {
        self.kind = Player::fresh(&self.id).expect("made once already");
    }
}
