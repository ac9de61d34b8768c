//! Measuring: self-play games, positions sampled over each stage, and each legal move's
//! rollouts to the target (the next tile, or `--target`), written to the run file as each position is done.

use super::*;

/// Plays `--games` games, appending each sampled position not yet in `out` once measured.
pub(super) fn measure(args: &Args, out: &str) -> Result<(), String> {
    let header = &args.header();
    let mut done = BTreeSet::new();
    if std::path::Path::new(out).exists() {
        let (found, positions) = read(out, true)?;
        if &found != header {
            return Err(format!("{out} was measured with other settings: {found:?}; this run: {header:?}"));
        }
        done.extend(positions.iter().map(|p| (p.game, p.move_index)));
        eprintln!("{out}: {} positions already measured, skipped", done.len());
    } else {
        let line = serde_json::to_string(header).map_err(|e| e.to_string())?;
        std::fs::write(out, line + "\n").map_err(|e| format!("{out}: {e}"))?;
    }
    let mut file = std::fs::OpenOptions::new().append(true).open(out).map_err(|e| format!("{out}: {e}"))?;
    solver::eval::warm_up();
    let mut rollout_player = Player::new(player_of(header))?;
    // The judge, when another than the player: fresh for each position, so that a resumed run
    // judges each position as a whole one does.
    let mut judge = header.player.is_some().then(|| Player::new(&header.strength)).transpose()?;
    for game in 0..args.games {
        let played = self_play(header, game)?;
        for (move_index, board, decision) in sample(header, &played) {
            if done.contains(&(game, move_index)) {
                continue;
            }
            let watch = Stopwatch::start();
            let decision = match &mut judge {
                Some(judge) => {
                    judge.reset();
                    judge.decide(board)
                }
                None => decision,
            };
            let position_seed = game_seed(game_seed(header.seed, game), u64::from(move_index));
            let target = header.target.unwrap_or(2 * board.max_tile());
            let mut moves = Vec::new();
            for direction in Direction::ALL {
                let Some(value) = decision.values[direction.index()] else { continue };
                let (mut reached, mut moves_played) = (0, 0);
                for r in 0..header.rollouts {
                    // The same seed for rollout `r` of every move: common random numbers.
                    let mut rng = GameRng::seed_from_u64(game_seed(position_seed, u64::from(r)));
                    rollout_player.reset();
                    let (hit, n) =
                        rollout(board, direction, target, header.move_cap, &mut rng, &mut rollout_player);
                    reached += u32::from(hit);
                    moves_played += n;
                }
                moves.push(MoveRecord {
                    direction: direction.name().into(),
                    value,
                    reached,
                    played: moves_played,
                });
            }
            let position = Position {
                game,
                move_index,
                stage: board.max_tile(),
                board: board.rows(),
                best: decision.best.expect("a sampled position has a move").name().into(),
                moves,
                cpu_seconds: watch.elapsed().as_secs_f64(),
            };
            let reaches: Vec<String> = position
                .moves
                .iter()
                .map(|m| format!("{} {}/{}", m.direction, m.reached, header.rollouts))
                .collect();
            eprintln!(
                "game {game} move {move_index} stage {}: best {}; {} ({:.1} s)",
                position.stage,
                position.best,
                reaches.join(", "),
                position.cpu_seconds
            );
            let line = serde_json::to_string(&position).map_err(|e| e.to_string())?;
            file.write_all(format!("{line}\n").as_bytes()).map_err(|e| format!("{out}: {e}"))?;
        }
    }
    Ok(())
}

/// Who plays the games and the rollouts: `--player`, or else the strength.
fn player_of(header: &Header) -> &str {
    header.player.as_deref().unwrap_or(&header.strength)
}

/// Game `game` of the run, played by the player until its largest tile passes the last stage:
/// every position it moved from, with the decision it made there.
fn self_play(header: &Header, game: u64) -> Result<Vec<(Board, Decision)>, String> {
    let mut rng = GameRng::seed_from_u64(game_seed(header.seed, game));
    let mut state = Game::new(&mut rng);
    let mut player = Player::new(player_of(header))?;
    let mut played = Vec::new();
    while state.board().max_tile() <= header.max_tile {
        if state.won() && !state.keeps_going() {
            state.continue_after_win();
        }
        let decision = player.decide(state.board());
        let Some(direction) = decision.best else { break };
        played.push((state.board(), decision));
        state.play(direction, &mut rng);
    }
    eprintln!("game {game}: the player's game stopped with largest tile {}", state.board().max_tile());
    Ok(played)
}

/// The sampled positions of one game: for each stage, `per_stage` positions evenly spread over
/// the moves made with that largest tile (the middles of equal parts), as (move, board, decision).
pub(super) fn sample(header: &Header, played: &[(Board, Decision)]) -> Vec<(u32, Board, Decision)> {
    let mut out = Vec::new();
    let mut stage = header.min_tile;
    while stage <= header.max_tile {
        let at: Vec<usize> = (0..played.len()).filter(|&i| played[i].0.max_tile() == stage).collect();
        let k = header.per_stage as usize;
        // A game that skipped the stage (or never got there) has no positions in it.
        let mut picked: Vec<usize> = if at.is_empty() {
            Vec::new()
        } else {
            (0..k).map(|i| at[(2 * i + 1) * at.len() / (2 * k)]).collect()
        };
        // A stage shorter than `k` moves gives each of its positions once.
        picked.dedup();
        out.extend(picked.into_iter().map(|i| (i as u32, played[i].0, played[i].1)));
        stage *= 2;
    }
    out
}

/// Plays `first` from `board`, then the player's moves, until the largest tile reaches
/// `target`, no move counts or `cap` moves are played: whether it got there, and the moves.
fn rollout(
    board: Board,
    first: Direction,
    target: u32,
    cap: u32,
    rng: &mut GameRng,
    player: &mut Player,
) -> (bool, u64) {
    let mut after = board.slide(first).board;
    let mut moves = 1u64;
    loop {
        if after.max_tile() >= target {
            return (true, moves);
        }
        if moves >= u64::from(cap) {
            return (false, moves);
        }
        let spawn = random_spawn(after, rng).expect("a move that counts leaves an empty cell");
        let board = after.with_exponent(spawn.cell, spawn.exponent);
        let Some(direction) = player.decide(board).best else { return (false, moves) };
        after = board.slide(direction).board;
        moves += 1;
    }
}
