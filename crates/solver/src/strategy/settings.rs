//! Every strategy's setting, declared here once: the heuristic Strong's and its deeper and
//! nneonneo's variants ([`StrongConfig::FAST`], [`StrongConfig::DEEP`],
//! [`StrongConfig::NNEONNEO`]), the page's Strong and Max ([`StrongConfig::strong`],
//! [`StrongConfig::max`]), where their late game starts ([`Stage::STRONG`]), the tile their
//! network's leaves are read down from ([`READ_DOWN_FROM`]), Max's endgame tables
//! ([`ENDGAME`], and [`ENDGAME_LITTLE_ROOM`] on a device of little memory: [`Room`]) and the
//! network's file ([`NETWORK_FILE`]). The search engine (`crate::strong`)
//! takes a setting and knows no strategy.

use crate::endgame::{Endgame, Limits};
use crate::ntuple::{Network, Reading};
use crate::strong::tt::Reuse;
use crate::strong::{Budget, Evaluation, Late, Stage, Strong, StrongConfig};

/// The network Strong and Max search with, as the page serves it and the repository holds it
/// (in `www/`); docs/solver.md gives the commands that make it.
pub const NETWORK_FILE: &str = "max-network.nt";

/// The exponent of the tile (16384) from which Strong and Max read their network's leaves down
/// (`ntuple::downgrade`).
pub const READ_DOWN_FROM: u8 = 14;

/// Max's endgame tables: building the 256 that makes a 32768, in the last step and the one
/// before, within what a page's worker can hold (32 million positions, some 300 MB) and compute
/// between two moves (a million positions, well under a second): `endgame-chances --entries 32
/// --slice 1000` shows they decide most of the step before's boards, and the arena's 100 games
/// that Max plays with them are in docs/solver.md ("The endgame tables").
pub const ENDGAME: Endgame =
    Endgame { goal: 8, steps: 2, limits: Limits { entries: 32_000_000, slice: 1_000_000 } };

/// Max's endgame tables on a device of little memory ([`Room::Little`]): the last step's
/// alone, within 8 million positions (up to some 120 MB), which `endgame-chances --entries 8
/// --slice 1000 --steps 1` shows decide 233 of that step's 249 boards in two games; the step
/// before's needs [`ENDGAME`]'s room. What this costs in strength is in docs/solver.md ("The
/// endgame tables").
pub const ENDGAME_LITTLE_ROOM: Endgame =
    Endgame { goal: 8, steps: 1, limits: Limits { entries: 8_000_000, slice: 1_000_000 } };

/// How much memory a device lets Max's endgame tables take: a page's tab must stay within what
/// its device can spare (with three helpers and [`ENDGAME`]'s tables a tab holds some 800 MB,
/// which a phone may kill it for).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Room {
    /// [`ENDGAME`]: a computer of 8 GB of memory or more.
    Ample,
    /// [`ENDGAME_LITTLE_ROOM`]: a phone, a device of less memory, or a browser that does not
    /// say.
    Little,
}

impl Room {
    /// The room of a device of `gigabytes` of memory (`navigator.deviceMemory`, which
    /// Chromium rounds down to a power of two and caps at 8; `None` where the browser does
    /// not say) that is a phone or not (`navigator.userAgentData.mobile`): a phone of 8 GB
    /// or more still says 8, and its browser may close a tab of 800 MB.
    pub fn of_device(gigabytes: Option<f64>, phone: bool) -> Room {
        match gigabytes {
            Some(gb) if gb >= 8.0 && !phone => Room::Ample,
            _ => Room::Little,
        }
    }

    /// Max's endgame tables in this room.
    pub const fn endgame(self) -> Endgame {
        match self {
            Room::Ample => ENDGAME,
            Room::Little => ENDGAME_LITTLE_ROOM,
        }
    }
}

impl Stage {
    /// Strong's and Max's late stage: a 16384 and an 8192 built, where most of their games
    /// that make no 32768 are lost.
    pub const STRONG: Stage = Stage { largest: 14, second: Some(13) };
}

impl StrongConfig {
    /// The heuristic Strong ("strong-heuristic" in the arena; the page's Strong until it used
    /// the network, [`Self::strong`]): nneonneo's depth rule (distinct tiles less two) with a
    /// lower depth cap and a coarser cutoff than nneonneo's, chosen with
    /// `replay-time --reference` (docs/lab/heuristic-strong.md gives its figures). The cap pays
    /// because on crowded boards, where few tiles can land, the cutoff barely prunes and the depth
    /// alone bounds the search.
    pub const FAST: StrongConfig = StrongConfig {
        budget: Budget::Distinct { minus: 2, min: 2, max: 6 },
        cutoff: 0.004,
        tt_bits: Some(18),
        reuse: Reuse::Deeper,
        tt_min_depth: 1,
        evaluation: Evaluation::Heuristic,
        late: None,
        endgame: None,
    };

    /// A deeper search for the arena's long runs ("strong-deep"): the same rule with a higher
    /// depth cap and a lower cutoff, several times the time of [`Self::FAST`].
    pub const DEEP: StrongConfig = StrongConfig {
        budget: Budget::Distinct { minus: 2, min: 2, max: 10 },
        cutoff: 0.001,
        ..StrongConfig::FAST
    };

    /// nneonneo/2048-ai's own rule and cutoff (as many moves beyond the root as the board has
    /// distinct tiles less two, at least three; a cutoff of 0.0001), with its heuristic: tens of
    /// times the work of [`Self::FAST`] (the arena's comparison; Max was this before it had a
    /// network).
    pub const NNEONNEO: StrongConfig = StrongConfig {
        budget: Budget::Distinct { minus: 2, min: 3, max: 12 },
        cutoff: 0.0001,
        tt_bits: Some(19),
        ..StrongConfig::FAST
    };

    /// The Strong strength's: the learned `network` three moves beyond the root at a cutoff
    /// of 0.008, its leaves read down from a 16384 on (`ntuple::downgrade`), and five
    /// beyond the root from the first board that holds a 16384 and an 8192 ([`Late`]), where
    /// most games are lost, with 0.3 times nneonneo's heuristic added to the network's value of
    /// each leaf from there ([`Late::shaping`]: the network alone barely tells keeping the
    /// largest tiles in their line from breaking it). docs/lab/late-game.md has the
    /// runs it was chosen by.
    pub const fn strong(network: &'static Network) -> StrongConfig {
        const CUTOFF: f64 = 0.008;
        StrongConfig {
            budget: Budget::Depth(4),
            cutoff: CUTOFF,
            evaluation: Evaluation::Learned(Reading { network, down_from: Some(READ_DOWN_FROM) }),
            late: Some(Late { stage: Stage::STRONG, depth: 5, cutoff: CUTOFF, shaping: Some(0.3) }),
            ..StrongConfig::FAST
        }
    }

    /// The Max strength's: Strong's search ([`Self::strong`]), its late leaves shaped alike,
    /// with seven moves beyond the root instead of five from the first board that holds a 16384
    /// and an 8192, searched one root move per searcher so that the four can run at once
    /// ([`crate::max`]), each with Strong's table size (four tables of twice that made the
    /// worker slower against native, where large tables are cheaper), and the endgame tables of
    /// [`ENDGAME`] above them. docs/lab/late-game.md has the runs it was chosen by.
    pub const fn max(network: &'static Network) -> StrongConfig {
        StrongConfig::max_in(network, Room::Ample)
    }

    /// [`Self::max`] with the endgame tables that `room` allows ([`Room::endgame`]).
    pub const fn max_in(network: &'static Network, room: Room) -> StrongConfig {
        let strong = StrongConfig::strong(network);
        let late = Late { depth: 7, ..strong.late.expect("Strong searches deeper late") };
        StrongConfig { late: Some(late), endgame: Some(room.endgame()), ..strong }
    }
}

/// The heuristic Strong's ([`StrongConfig::FAST`]), the one that needs no network.
impl Default for StrongConfig {
    fn default() -> StrongConfig {
        StrongConfig::FAST
    }
}

/// The heuristic Strong ([`StrongConfig::FAST`]), the one that needs no network.
impl Default for Strong {
    fn default() -> Strong {
        Strong::new(StrongConfig::FAST)
    }
}
