//! The fit of `solver::chance`'s model: for each goal, a logistic regression of whether the
//! game went on to make the goal on the board's measures (`solver::chance::features`), by
//! Newton's method with a small ridge; and the generated `coefficients.rs` that ships it.

use game_core::Board;
use solver::chance::{FEATURES, FIRST_GOAL, features, goal_of};

use super::Game;

/// One position: the board, and whether its game made the board's goal.
#[derive(Clone, Copy, Debug)]
pub struct Position {
    pub board: Board,
    pub made: bool,
    /// The game it is from (positions of one game are not independent): its seed in the high
    /// half, its index in the low.
    pub game: u64,
}

/// The positions of a file's games, of seed `seed`.
pub fn positions(seed: u64, games: &[Game]) -> Result<Vec<Position>, String> {
    let mut out = Vec::new();
    for game in games {
        let id = seed << 32 | game.index;
        for board in game.positions()? {
            out.push(Position { board, made: game.max_tile >= goal_of(board), game: id });
        }
    }
    Ok(out)
}

/// The goal's step from the first (2048: 0, 4096: 1, …).
pub fn step_of(board: Board) -> usize {
    (goal_of(board).trailing_zeros() - FIRST_GOAL.trailing_zeros()) as usize
}

/// Fewer positions of a goal than this, or none made or all made: the goal gets its observed
/// rate alone, with a twentieth of a game added to each side (every game's outcome is all or
/// nothing, so the rate stays near the extreme it was seen at: half a game would make a goal
/// one game reached 25 % likely).
const FEWEST: usize = 200;
const PRIOR_GAMES: f64 = 0.05;
/// The ridge: small, it keeps the weights finite where a measure separates the outcomes
/// (docs/lab/chance.md: a ridge as heavy as one game's positions was tried, and lost).
const RIDGE: f64 = 1.0;

/// The weights of each goal from the first to the last the positions reach.
pub fn fit(positions: &[Position]) -> Vec<[f64; FEATURES]> {
    let steps = positions.iter().map(|p| step_of(p.board) + 1).max().unwrap_or(1);
    (0..steps)
        .map(|step| {
            let rows: Vec<([f64; FEATURES], f64)> = positions
                .iter()
                .filter(|p| step_of(p.board) == step)
                .map(|p| (features(p.board), f64::from(u8::from(p.made))))
                .collect();
            let made = rows.iter().filter(|r| r.1 > 0.5).count();
            if rows.len() < FEWEST || made == 0 || made == rows.len() {
                // A game's positions share its outcome: the prior is counted in games.
                let games = positions.iter().filter(|p| step_of(p.board) == step).map(|p| p.game);
                let games = games.collect::<std::collections::BTreeSet<_>>().len() as f64;
                let share = made as f64 / rows.len().max(1) as f64;
                let rate = (share * games + PRIOR_GAMES) / (games + 2.0 * PRIOR_GAMES);
                let mut w = [0.0; FEATURES];
                w[0] = (rate / (1.0 - rate)).ln();
                w
            } else {
                logistic(&rows)
            }
        })
        .collect()
}

/// Logistic regression by Newton's method, with a ridge of [`RIDGE`] on every weight but the
/// constant's.
fn logistic(rows: &[([f64; FEATURES], f64)]) -> [f64; FEATURES] {
    let mut w = [0.0; FEATURES];
    for _ in 0..50 {
        let mut gradient = [0.0; FEATURES];
        let mut hessian = [[0.0; FEATURES]; FEATURES];
        for (x, y) in rows {
            let z: f64 = x.iter().zip(&w).map(|(a, b)| a * b).sum();
            let p = 1.0 / (1.0 + (-z).exp());
            let s = (p * (1.0 - p)).max(1e-9);
            for i in 0..FEATURES {
                gradient[i] += (p - y) * x[i];
                for j in 0..FEATURES {
                    hessian[i][j] += s * x[i] * x[j];
                }
            }
        }
        for i in 1..FEATURES {
            gradient[i] += RIDGE * w[i];
            hessian[i][i] += RIDGE;
        }
        let step = solve(hessian, gradient);
        let mut largest = 0.0_f64;
        for i in 0..FEATURES {
            w[i] -= step[i];
            largest = largest.max(step[i].abs());
        }
        if largest < 1e-9 {
            break;
        }
    }
    w
}

/// `a x = b` by Gaussian elimination with partial pivoting (`a` is positive definite).
fn solve(mut a: [[f64; FEATURES]; FEATURES], mut b: [f64; FEATURES]) -> [f64; FEATURES] {
    for col in 0..FEATURES {
        let pivot =
            (col..FEATURES).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs())).unwrap_or(col);
        a.swap(col, pivot);
        b.swap(col, pivot);
        let pivot_row = a[col];
        for row in col + 1..FEATURES {
            let f = a[row][col] / pivot_row[col];
            for (x, p) in a[row][col..].iter_mut().zip(&pivot_row[col..]) {
                *x -= f * p;
            }
            b[row] -= f * b[col];
        }
    }
    let mut x = [0.0; FEATURES];
    for row in (0..FEATURES).rev() {
        let rest: f64 = (row + 1..FEATURES).map(|k| a[row][k] * x[k]).sum();
        x[row] = (b[row] - rest) / a[row][row];
    }
    x
}

/// The probability the weights give a board.
pub fn predict(weights: &[[f64; FEATURES]], board: Board) -> f64 {
    let w = &weights[step_of(board).min(weights.len() - 1)];
    let z: f64 = features(board).iter().zip(w).map(|(a, b)| a * b).sum();
    1.0 / (1.0 + (-z).exp())
}

/// The generated `coefficients.rs`: each strength's weights, named as the module names them
/// (`SPEC`, `STRONG`), under a header naming the command that wrote it.
pub fn source(command: &str, models: &[(&str, &str, Vec<[f64; FEATURES]>)]) -> String {
    let mut s = format!(
        "//! Generated by `{command}` (docs/lab/chance.md); not edited by hand. For each strength,\n\
         //! the weights of `features` for each goal from 2048 on, fitted on the positions named.\n\n\
         use super::Model;\n"
    );
    for (name, from, goals) in models {
        s.push_str(&format!("\n/// Fitted on {from}.\n#[rustfmt::skip]\npub(crate) const {name}: Model = Model {{\n    goals: &[\n"));
        for (step, w) in goals.iter().enumerate() {
            let list: Vec<String> = w.iter().map(|x| format!("{x:.6}")).collect();
            s.push_str(&format!("        // {}\n        [{}],\n", FIRST_GOAL << step, list.join(", ")));
        }
        s.push_str("    ],\n};\n");
    }
    s
}
