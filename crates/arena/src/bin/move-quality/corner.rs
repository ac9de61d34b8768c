//! Issue 41's question in the run file: what do the moves that take the largest tile out of its
//! corner cost, against the other moves that are not the best? Printed by the summary, by stage.

use super::*;

/// Whether the board's largest tile is in one of its corners.
pub(super) fn in_corner(board: Board) -> bool {
    let rows = board.rows();
    [rows[0][0], rows[0][3], rows[3][0], rows[3][3]].contains(&board.max_tile())
}

/// Each measured move that is not the best, as (stage, gap, drop, whether it takes the largest
/// tile out of its corner).
fn moves(positions: &[Position], header: &Header, gap: GapMeasure) -> Vec<(u32, f64, f64, bool)> {
    let mut out = Vec::new();
    for p in positions {
        let Ok(board) = Board::from_rows(p.board) else { continue };
        let others = p.moves.iter().filter(|m| m.direction != p.best);
        for (m, (g, d)) in others.zip(p.drops(gap, header.rollouts)) {
            let Some(direction) = Direction::from_name(&m.direction) else { continue };
            out.push((p.stage, g, d, in_corner(board) && !in_corner(board.slide(direction).board)));
        }
    }
    out
}

/// Prints the corner-leaving moves' count, median gap and mean drop beside the other moves', by
/// stage and over all.
pub(super) fn print(positions: &[Position], header: &Header, gap: GapMeasure) {
    let all = moves(positions, header, gap);
    println!(
        "moves that take the largest tile out of its corner | the other moves (count, median gap, mean drop [95 %])"
    );
    let mut stages: Vec<Option<u32>> =
        all.iter().map(|m| Some(m.0)).collect::<BTreeSet<_>>().into_iter().collect();
    stages.push(None);
    for stage in stages {
        let part = |leaves: bool| {
            let picked: Vec<&(u32, f64, f64, bool)> =
                all.iter().filter(|m| m.3 == leaves && stage.is_none_or(|s| s == m.0)).collect();
            let gaps: Vec<f64> = picked.iter().map(|m| m.1).collect();
            let d = quality::drop_of(&picked.iter().map(|m| m.2).collect::<Vec<_>>());
            format!(
                "{:>5}, {:>6.2}, {:>6.3} [{:>6.3}, {:>6.3}]",
                d.moves,
                arena::stats::percentile(&gaps, 50.0),
                d.mean_drop,
                d.low,
                d.high
            )
        };
        let name = stage.map_or("all".to_string(), |s| s.to_string());
        println!("{name:>6}: {} | {}", part(true), part(false));
    }
}
