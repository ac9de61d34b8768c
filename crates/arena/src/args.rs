//! What the arena's binaries parse their arguments with (clap's value parsers): a strategy by
//! its id, a tile, a positive count; the options of a run's sitting ([`RunArgs`]), which the
//! arena and the lab's runner share; and how the arena's and the lab's binaries end ([`exit`]).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use solver::Strategy;

/// What run to play and where its games go: the arena's options, and the lab runner's besides
/// its settings.
#[derive(clap::Args, Debug)]
pub struct RunArgs {
    /// The strategy that plays every move.
    #[arg(long, value_parser = strategy_parser(), default_value = Strategy::Spec.id())]
    pub strategy: Strategy,

    /// How many games to play.
    #[arg(long, default_value_t = 500)]
    pub games: u64,

    /// The base seed. Game i is seeded from (seed, i) alone, so the same seed gives the same
    /// games whatever the number of threads.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,

    /// Write the summary and one record per game (seed, score, moves, largest tile, think time)
    /// to this JSON file.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,

    /// Worker threads; 0 uses one per core.
    #[arg(long, default_value_t = 0)]
    pub threads: usize,

    /// Stop each game after this many moves (for quick checks; by default games play to the end).
    #[arg(long, value_name = "N")]
    pub max_moves: Option<u32>,

    /// Keep every finished game in this JSON-lines file as it ends, and play only the games not
    /// in it yet: a run stopped (or killed) goes on where it was when run again with the same
    /// file, and its games are the same as those of one run at once.
    #[arg(long, value_name = "FILE")]
    pub resume: Option<PathBuf>,

    /// With --resume: play nothing, and report the games the file holds so far (it is only
    /// read, so a run may be going on in it).
    #[arg(long, requires = "resume")]
    pub finished_only: bool,

    /// Play only the games whose index is K modulo N (shard K of N, from 0), to run one command
    /// on N machines at once, each with a run file of its own; `merge-runs` joins the files.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<crate::shard::Shard>,
}

impl RunArgs {
    /// The command that plays these games again (threads aside, which change nothing): `cargo
    /// run --release -p {package} --`, these options, and `settings` (each ` --flag value`)
    /// before the files.
    pub fn command(&self, package: &str, settings: &str) -> String {
        let mut line = format!(
            "cargo run --release -p {package} -- --strategy {} --games {} --seed {}",
            self.strategy.id(),
            self.games,
            self.seed
        );
        if let Some(moves) = self.max_moves {
            line += &format!(" --max-moves {moves}");
        }
        line += settings;
        if let Some(shard) = self.shard {
            line += &format!(" --shard {shard}");
        }
        if let Some(path) = &self.json {
            line += &format!(" --json {}", path.display());
        }
        if let Some(path) = &self.resume {
            line += &format!(" --resume {}", path.display());
        }
        if self.finished_only {
            line += " --finished-only";
        }
        line
    }
}

/// An arena strategy by its id (`--help` lists each with its summary).
pub fn strategy_parser() -> impl TypedValueParser<Value = Strategy> {
    PossibleValuesParser::new(Strategy::ALL.map(|s| PossibleValue::new(s.id()).help(s.summary())))
        .map(|id| Strategy::from_id(&id).expect("clap only passes listed ids"))
}

/// A tile: a power of two from 4 up.
pub fn parse_tile(text: &str) -> Result<u32, String> {
    match text.parse::<u32>() {
        Ok(tile) if tile.is_power_of_two() && tile >= 4 => Ok(tile),
        _ => Err(format!("{text:?}: expected a tile, a power of two such as 16384")),
    }
}

/// A positive whole number (of any unsigned type).
pub fn positive<T: std::str::FromStr + Default + PartialEq>(text: &str) -> Result<T, String> {
    match text.parse::<T>() {
        Ok(n) if n != T::default() => Ok(n),
        _ => Err("expected a positive number".into()),
    }
}

/// How a binary of the arena or the lab ends with what its `run` gave: a success, or the
/// error on standard error after the `program`'s name, and a failure.
pub fn exit(program: &str, result: Result<(), String>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("{program}: {message}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiles_and_counts() {
        assert_eq!(parse_tile("4"), Ok(4));
        assert_eq!(parse_tile("16384"), Ok(16384));
        for text in ["2", "0", "100", "-4", "x"] {
            assert!(parse_tile(text).is_err(), "{text}");
        }
        assert_eq!(positive::<u32>("3"), Ok(3));
        assert_eq!(positive::<usize>("1"), Ok(1));
        for text in ["0", "-1", "", "1.5"] {
            assert!(positive::<u32>(text).is_err(), "{text}");
        }
    }
}
