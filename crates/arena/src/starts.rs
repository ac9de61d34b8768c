//! Games that start from given boards instead of a new game: the late game measured alone.
//! Most of a game is the same whatever is tried in its late stage, so a change there is
//! measured sooner by playing only from where the late stage begins. The boards come from a
//! file in the format `late-boards` writes (`{"boards": [{"save": …}, …]}`, each `save` a
//! 2048.game document); game `i` of a run starts from board `i` modulo their number, with game
//! `i`'s own seed, so that a run with twice as many games as boards plays each board twice.

use std::path::Path;

use game_core::Game;
use serde_json::Value;

use crate::naming::fingerprint;

/// The boards a run's games start from, and the fingerprint of the file that held them.
#[derive(Clone, Debug)]
pub struct Starts {
    games: Vec<Game>,
    fingerprint: String,
}

impl Starts {
    /// Reads the boards of `path`; every one must be a game that could exist and still has a
    /// move.
    pub fn read(path: &Path) -> Result<Starts, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        Starts::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))
    }

    pub fn from_bytes(bytes: &[u8]) -> Result<Starts, String> {
        let doc: Value = serde_json::from_slice(bytes).map_err(|e| format!("not JSON: {e}"))?;
        let boards = doc.get("boards").and_then(Value::as_array).ok_or("no \"boards\" list")?;
        let games = boards
            .iter()
            .enumerate()
            .map(|(i, entry)| {
                let save = entry.get("save").ok_or_else(|| format!("board {i} has no \"save\""))?;
                let game = Game::from_value(save).map_err(|e| format!("board {i}: {e}"))?;
                if !game.board().has_moves() {
                    return Err(format!("board {i} has no move left"));
                }
                Ok(game)
            })
            .collect::<Result<Vec<_>, String>>()?;
        if games.is_empty() {
            return Err("the \"boards\" list is empty".into());
        }
        Ok(Starts { games, fingerprint: fingerprint(bytes) })
    }

    /// The game that game `index` of a run starts from.
    pub fn game(&self, index: u64) -> Game {
        self.games[(index % self.games.len() as u64) as usize]
    }

    pub fn len(&self) -> usize {
        self.games.len()
    }

    pub fn is_empty(&self) -> bool {
        self.games.is_empty()
    }

    /// What a run's name says of its start: `from=<the file's fingerprint>`.
    pub fn name(&self) -> String {
        format!("from={}", self.fingerprint)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(saves: &[&str]) -> Vec<u8> {
        let boards: Vec<String> = saves.iter().map(|s| format!(r#"{{"name":"b","save":{s}}}"#)).collect();
        format!(r#"{{"about":"test","boards":[{}]}}"#, boards.join(",")).into_bytes()
    }

    const LATE: &str = r#"{"version":1,"board":[[0,0,8,16384],[0,0,16,8192],[2,0,2,2],[0,0,0,0]],
        "score":306876,"won":true,"keep_going":true}"#;
    const EARLY: &str = r#"{"version":1,"board":[[2,0,0,0],[0,0,0,0],[0,0,0,2],[0,0,0,0]],"score":0,"won":false,"keep_going":false}"#;

    #[test]
    fn games_take_the_boards_in_turn_and_the_name_follows_the_file() {
        let starts = Starts::from_bytes(&doc(&[LATE, EARLY])).unwrap();
        assert_eq!(starts.len(), 2);
        assert_eq!(starts.game(0).score(), 306_876);
        assert_eq!(starts.game(1).score(), 0);
        assert_eq!(starts.game(2), starts.game(0));
        assert_eq!(starts.game(5), starts.game(1));
        let other = Starts::from_bytes(&doc(&[EARLY, LATE])).unwrap();
        assert_ne!(starts.name(), other.name(), "another file, another run");
        assert!(starts.name().starts_with("from="));
    }

    #[test]
    fn a_bad_file_is_refused_with_the_board_at_fault() {
        let refused = |bytes: &[u8]| Starts::from_bytes(bytes).unwrap_err();
        assert!(refused(b"[1,2").contains("not JSON"));
        assert!(refused(br#"{"about":"x"}"#).contains("\"boards\""));
        assert!(refused(&doc(&[])).contains("empty"));
        let impossible = LATE.replace("306876", "3");
        assert!(refused(&doc(&[EARLY, &impossible])).starts_with("board 1"));
        let full = r#"{"version":1,"board":[[2,4,2,4],[4,2,4,2],[2,4,2,4],[4,2,4,2]],"score":0,"won":false,"keep_going":false}"#;
        assert!(refused(&doc(&[full])).contains("no move"));
        assert!(refused(br#"{"boards":[{"name":"b"}]}"#).contains("no \"save\""));
    }
}
