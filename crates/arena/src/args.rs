//! What the arena's binaries parse their arguments with (clap's value parsers): a strategy by
//! its id, a tile, a positive count.

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use solver::Strategy;

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
