//! What the page asks the solver: a [`Request`] for a move on a board at a [`Strength`]. The
//! worker's side of the conversation (its replies, how they travel) is `wasm-ui`'s `protocol`;
//! the request is the core's, which decides what to ask and when.

use game_core::{Board, Direction};
use serde::{Deserialize, Serialize};

/// Which solver answers: the strategies the page offers. Each is named by its strategy's id
/// (`solver::Strategy`, where every strategy's identity is declared). New strengths are new
/// variants; an unknown name is an error reply.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "&'static str", try_from = "String")]
pub enum Strength {
    /// `solver::decide`: the expectimax of the spec.
    #[default]
    Spec,
    /// `solver::Strong` with the network (`solver::StrongConfig::strong`), kept across requests.
    Strong,
    /// `solver::max::Max` with the network (`solver::StrongConfig::max`), kept across requests,
    /// one searcher per root move.
    Max,
}

impl Strength {
    pub const ALL: [Strength; 3] = [Strength::Spec, Strength::Strong, Strength::Max];

    /// The strategy that answers.
    pub const fn strategy(self) -> solver::Strategy {
        match self {
            Strength::Spec => solver::Strategy::Spec,
            Strength::Strong => solver::Strategy::Strong,
            Strength::Max => solver::Strategy::Max,
        }
    }

    /// The name on the wire, in storage (`2048.strength`) and in the selector's values: the
    /// strategy's id.
    pub const fn code(self) -> &'static str {
        self.strategy().id()
    }

    /// The strength named exactly `code`, if any.
    pub fn from_code(code: &str) -> Option<Strength> {
        Strength::ALL.into_iter().find(|s| s.code() == code)
    }
}

impl From<Strength> for &'static str {
    fn from(strength: Strength) -> &'static str {
        strength.code()
    }
}

impl TryFrom<String> for Strength {
    type Error = String;

    fn try_from(code: String) -> Result<Strength, String> {
        Strength::from_code(&code).ok_or_else(|| format!("no strength is named {code:?}"))
    }
}

/// A request for a move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Request {
    pub id: u64,
    /// Tile values, row 0 at the top, 0 for an empty cell.
    pub board: [[u32; 4]; 4],
    pub strength: Strength,
    /// For Max only: the root moves whose values are wanted, alone (a helper's share).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub roots: Option<Vec<Direction>>,
}

impl Request {
    pub fn new(id: u64, board: Board, strength: Strength) -> Request {
        Request { id, board: board.rows(), strength, roots: None }
    }

    /// Whether this asks for a whole Max decision (which a worker may share with helpers), not
    /// for a share of one.
    pub fn is_whole_max(&self) -> bool {
        self.strength == Strength::Max && self.roots.is_none()
    }

    /// Max's values of `roots` alone, on `board`.
    pub fn roots(id: u64, board: Board, roots: Vec<Direction>) -> Request {
        Request { id, board: board.rows(), strength: Strength::Max, roots: Some(roots) }
    }
}
