//! A positions file: boards of Strong's own games, each move valued by the deep reference
//! ([`crate::reference`]). One JSON line per game after a header line, so that a stopped run
//! goes on from the games it has.

use std::io::Write;
use std::path::Path;

use arena::play::game_seed;
use game_core::Board;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use solver::{Searcher, Strong, StrongConfig};

use crate::reference;
use crate::walk::positions;

/// A position and the reference's value of each of its four moves (`None`: it does not count).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Position {
    board: [[u32; 4]; 4],
    values: [Option<f64>; 4],
}

/// A position to score a move on, with the reference's value of each move.
pub type Scored = (Board, [Option<f64>; 4]);

/// One game's kept positions.
#[derive(Serialize, Deserialize)]
struct GameLine {
    game: u64,
    positions: Vec<Position>,
}

/// What a positions file was made with: its first line.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct PositionsHeader {
    pub seed: u64,
    pub every: usize,
    pub min_tile: u32,
    pub reference_cutoff: f64,
}

/// Plays the games `0..games` of `header`'s seed that the file `out` (made if there is none)
/// does not hold yet, and adds each one's kept positions to it.
pub fn make_positions(out: &Path, games: u64, header: PositionsHeader) -> Result<(), String> {
    let done = match std::fs::read_to_string(out) {
        Ok(text) => {
            let (found, lines) = read_positions_text(&text)?;
            if found != header {
                return Err(format!("{} was made with {found:?}, not {header:?}", out.display()));
            }
            lines.into_iter().map(|l| l.game).collect::<Vec<_>>()
        }
        Err(_) => {
            let line = serde_json::to_string(&header).map_err(|e| e.to_string())? + "\n";
            std::fs::write(out, line).map_err(|e| format!("{}: {e}", out.display()))?;
            Vec::new()
        }
    };
    let reference = reference::config(header.reference_cutoff);
    let file = std::sync::Mutex::new(
        std::fs::OpenOptions::new().append(true).open(out).map_err(|e| format!("{}: {e}", out.display()))?,
    );
    let todo: Vec<u64> = (0..games).filter(|g| !done.contains(g)).collect();
    // Games in parallel, each written as it ends: the file's order is the order they ended in.
    todo.par_iter().try_for_each(|&game| {
        let played = positions(game_seed(header.seed, game), StrongConfig::FAST);
        let start = played.iter().position(|b| b.max_tile() >= header.min_tile).unwrap_or(played.len());
        let positions: Vec<Position> = played[start..]
            .iter()
            .step_by(header.every)
            .map(|&board| Position {
                board: board.rows(),
                values: Strong::new(reference).decide(board).values,
            })
            .collect();
        let kept = positions.len();
        let line = serde_json::to_string(&GameLine { game, positions }).map_err(|e| e.to_string())? + "\n";
        let mut file = file.lock().unwrap_or_else(|p| p.into_inner());
        file.write_all(line.as_bytes()).map_err(|e| format!("{}: {e}", out.display()))?;
        println!("game {game}: {kept} positions of {} moves", played.len());
        Ok::<(), String>(())
    })
}

fn read_positions_text(text: &str) -> Result<(PositionsHeader, Vec<GameLine>), String> {
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    let header: PositionsHeader = serde_json::from_str(lines.next().ok_or("an empty positions file")?)
        .map_err(|e| format!("not a positions file: {e}"))?;
    // A line cut off by a killed run is dropped: that game is played again.
    let games = lines.filter_map(|l| serde_json::from_str::<GameLine>(l).ok()).collect();
    Ok((header, games))
}

/// Every position of the file at `path` with its reference values.
pub fn read_positions(path: &Path) -> Result<Vec<Scored>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let (_, games) = read_positions_text(&text)?;
    let mut all = Vec::new();
    for p in games.into_iter().flat_map(|g| g.positions) {
        let board = Board::from_rows(p.board).map_err(|e| format!("{}: {e}", path.display()))?;
        all.push((board, p.values));
    }
    if all.is_empty() {
        return Err(format!("{}: no positions", path.display()));
    }
    Ok(all)
}
