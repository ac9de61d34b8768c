//! The chance of the next tile's study (docs/lab/chance.md): the positions of the arena's games
//! kept by `chance-positions` (their file, [`Game`], [`read_games`]), the fit of
//! `solver::chance`'s model on them ([`fit`]) and its check on other seeds ([`check`]).

pub mod check;
pub mod fit;

use std::path::Path;

use game_core::Board;
use serde::{Deserialize, Serialize};

/// The first line of a positions file: whose games, which seed, which boards kept.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Header {
    pub strategy: String,
    pub seed: u64,
    /// Every this many moves, a board.
    pub every: u32,
}

/// One finished game: its boards kept, and the largest tile it made in the end.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Game {
    pub index: u64,
    pub max_tile: u32,
    pub moves: u32,
    /// Each board as 16 exponents, row by row, one character each (`0`-`9`, then `a`…).
    pub boards: Vec<String>,
}

const DIGITS: &[u8] = b"0123456789abcdefghij";

impl Game {
    pub fn new(index: u64, max_tile: u32, moves: u32, boards: &[Board]) -> Game {
        let text =
            |b: &Board| b.exponents().iter().flatten().map(|&e| DIGITS[usize::from(e)] as char).collect();
        Game { index, max_tile, moves, boards: boards.iter().map(text).collect() }
    }

    /// The boards kept, read back.
    pub fn positions(&self) -> Result<Vec<Board>, String> {
        self.boards.iter().map(|text| decode(text)).collect()
    }
}

fn decode(text: &str) -> Result<Board, String> {
    let digits: Vec<u8> = text
        .bytes()
        .map(|c| DIGITS.iter().position(|&d| d == c).map(|e| e as u8))
        .collect::<Option<_>>()
        .ok_or_else(|| format!("not a board: {text:?}"))?;
    let cells: [u8; 16] = digits.try_into().map_err(|_| format!("not 16 cells: {text:?}"))?;
    let rows = std::array::from_fn(|r| std::array::from_fn(|c| cells[4 * r + c]));
    Board::from_exponents(rows).map_err(|e| e.to_string())
}

/// A positions file: the length of its whole lines, its first line, and its games. With
/// `expected`, a file of another run is refused (an absent file is an empty run); a last line
/// cut short is left out of the length, so that appending overwrites it.
pub fn read_games(
    path: &Path,
    expected: Option<&Header>,
) -> Result<(u64, Option<Header>, Vec<Game>), String> {
    let shown = path.display();
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && expected.is_some() => {
            return Ok((0, None, Vec::new()));
        }
        Err(e) => return Err(format!("{shown}: {e}")),
    };
    let mut whole = 0;
    let mut header = None;
    let mut games = Vec::new();
    for (number, line) in text.split_inclusive('\n').enumerate() {
        if !line.ends_with('\n') {
            break;
        }
        if number == 0 {
            let first: Header = serde_json::from_str(line).map_err(|e| format!("{shown}: {e}"))?;
            if expected.is_some_and(|h| *h != first) {
                return Err(format!("{shown} holds another run: {first:?}"));
            }
            header = Some(first);
        } else {
            games.push(serde_json::from_str(line).map_err(|e| format!("{shown}:{}: {e}", number + 1))?);
        }
        whole += line.len() as u64;
    }
    Ok((whole, header, games))
}

/// A `STRENGTH=FILE[,FILE…]` argument's strength, and its files' seeds and positions (each
/// file must hold that strength's games, each of another seed).
pub fn load(arg: &str) -> Result<(String, Vec<u64>, Vec<fit::Position>), String> {
    let (name, paths) = arg.split_once('=').ok_or(format!("{arg}: not STRENGTH=FILE[,FILE…]"))?;
    let mut seeds = Vec::new();
    let mut positions = Vec::new();
    for path in paths.split(',') {
        let (_, header, games) = read_games(path.as_ref(), None)?;
        let header = header.ok_or(format!("{path}: no games"))?;
        if header.strategy != name {
            return Err(format!("{path} holds {}'s games, not {name}'s", header.strategy));
        }
        if seeds.contains(&header.seed) {
            return Err(format!("{path}: seed {} twice", header.seed));
        }
        seeds.push(header.seed);
        positions.extend(fit::positions(header.seed, &games)?);
    }
    Ok((name.to_string(), seeds, positions))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_positions_file_reads_back_its_boards_and_drops_a_line_cut_short() {
        let board = Board::from_rows([[2, 0, 0, 65536], [0; 4], [0, 4, 0, 0], [1024, 0, 0, 2]]).unwrap();
        let game = Game::new(3, 65536, 900, &[board, Board::default()]);
        assert_eq!(game.boards[0], "100g00000200a001");
        assert_eq!(game.positions().unwrap(), [board, Board::default()]);
        let header = Header { strategy: "spec".into(), seed: 1, every: 32 };
        let whole = format!(
            "{}\n{}\n",
            serde_json::to_string(&header).unwrap(),
            serde_json::to_string(&game).unwrap()
        );
        let path = std::env::temp_dir().join(format!("chance-positions-{}.jsonl", std::process::id()));
        std::fs::write(&path, format!("{whole}{{\"index\":4,\"max_t")).unwrap();
        let (length, read, games) = read_games(&path, Some(&header)).unwrap();
        assert_eq!((length, read, games), (whole.len() as u64, Some(header.clone()), vec![game]));
        let other = Header { seed: 2, ..header };
        assert!(read_games(&path, Some(&other)).is_err(), "another run's file is refused");
        std::fs::remove_file(&path).unwrap();
        assert!(decode("00000000000000x0").is_err() && decode("000").is_err());
    }

    #[test]
    fn positions_of_several_seeds_load_together_each_game_its_own() {
        let board = Board::from_rows([[2, 0, 0, 0], [0; 4], [0; 4], [0, 0, 0, 2]]).unwrap();
        let dir = std::env::temp_dir();
        let write = |seed: u64, strategy: &str| {
            let path = dir.join(format!("chance-load-{}-{seed}-{strategy}.jsonl", std::process::id()));
            let header = Header { strategy: strategy.into(), seed, every: 32 };
            let game = Game::new(0, 2048, 10, &[board]);
            let text = format!(
                "{}\n{}\n",
                serde_json::to_string(&header).unwrap(),
                serde_json::to_string(&game).unwrap()
            );
            std::fs::write(&path, text).unwrap();
            path.display().to_string()
        };
        let (one, three, strong) = (write(1, "spec"), write(3, "spec"), write(5, "strong"));
        let (name, seeds, positions) = load(&format!("spec={one},{three}")).unwrap();
        assert_eq!((name.as_str(), seeds), ("spec", vec![1, 3]));
        assert_eq!(positions.len(), 2);
        assert_ne!(positions[0].game, positions[1].game, "game 0 of seed 1 is not game 0 of seed 3");
        assert!(load(&format!("spec={one},{one}")).unwrap_err().contains("twice"));
        assert!(load(&format!("spec={one},{strong}")).unwrap_err().contains("strong"));
        for path in [one, three, strong] {
            std::fs::remove_file(path).unwrap();
        }
    }
}
