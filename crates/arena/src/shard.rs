//! A run spread over machines: `--shard K/N` plays the games whose index is K modulo N, so that
//! any batch scheduler (a Slurm array, Kubernetes indexed jobs, GNU parallel over ssh) can run
//! shard 0 … N-1 of one command at once, each into a run file of its own, and
//! [`crate::resume::merge`] (the `merge-runs` binary) joins the files into the one run file a
//! single machine would have written: a game is fixed by the run's seed and its index, wherever
//! it is played.

use std::fmt;
use std::str::FromStr;

/// Which of a run's games one machine plays: those whose index is `index` modulo `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: u64,
    pub count: u64,
}

impl Shard {
    /// Whether game `game` of the run is this shard's.
    pub fn holds(self, game: u64) -> bool {
        game % self.count == self.index
    }
}

impl FromStr for Shard {
    type Err = String;

    /// `K/N`, with N at least 1 and K below N.
    fn from_str(text: &str) -> Result<Shard, String> {
        let wrong = || format!("{text:?}: expected K/N, shard K (from 0) of N, such as 0/4");
        let (k, n) = text.split_once('/').ok_or_else(wrong)?;
        let (index, count) =
            (k.trim().parse::<u64>().map_err(|_| wrong())?, n.trim().parse::<u64>().map_err(|_| wrong())?);
        if count == 0 || index >= count {
            return Err(wrong());
        }
        Ok(Shard { index, count })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_is_one_shards_and_shards_read_back() {
        let shards: Vec<Shard> = (0..3).map(|k| format!("{k}/3").parse().unwrap()).collect();
        for game in 0..30 {
            assert_eq!(shards.iter().filter(|s| s.holds(game)).count(), 1, "game {game}");
        }
        assert_eq!(shards[2].to_string(), "2/3");
        assert_eq!("0/1".parse::<Shard>(), Ok(Shard { index: 0, count: 1 }));
        for bad in ["3/3", "1/0", "0", "a/b", "-1/3", "1/2/3"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
    }
}
