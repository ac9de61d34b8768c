//! A run that can stop and go on (a long run spans several sittings on a shared machine): each
//! finished game is appended to a JSON-lines file the moment it ends, and the same command run
//! again with the same file plays only the games that are not in it. A game is fixed by the
//! run's seed and its index, so a run played in several sittings has exactly the games of one
//! played at once; only the timings differ (and those kept are to 1 %, see `Line`).
//!
//! The file's first line names the run (its strategy with its settings, seed and move cap);
//! a file of another run is refused rather than mixed in. A last line cut short by a killed
//! process is dropped, and that game is played again.

use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::play::GameResult;

/// What run a file holds the games of.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunId {
    /// The strategy with the settings that differ from its own (`strong@6ms`).
    pub run: String,
    pub seed: u64,
    pub max_moves: Option<u32>,
}

/// One finished game, with what the summary needs: its think times as their exact total and a
/// histogram of 1 % steps (`[step, count]`, the step of `t` ns being `round(ln t / ln 1.01)`),
/// so that a line stays a few kilobytes however long the game (a 100-game run of long games
/// is small enough to keep in the repository between sittings).
#[derive(Serialize, Deserialize)]
struct Line {
    index: u64,
    seed: u64,
    score: u32,
    moves: u32,
    max_tile: u32,
    nodes: u64,
    think_total_ns: u64,
    think_steps: Vec<(u32, u32)>,
    /// [`GameResult::slowest`] the same way (absent in lines written before it was measured).
    #[serde(default)]
    slowest_total_ns: u64,
    #[serde(default)]
    slowest_steps: Vec<(u32, u32)>,
    /// Which sitting played it (from 1), and its wall time then, in seconds.
    sitting: u32,
    wall: f64,
}

/// An open run file: the games it held when opened, and the sitting that adds to it.
pub struct Progress {
    path: PathBuf,
    file: Mutex<File>,
    sitting: u32,
    started: Instant,
    /// The finished games found in the file, by index.
    pub done: BTreeMap<u64, GameResult>,
    /// The wall time of the earlier sittings, in seconds (each up to its last finished game).
    pub earlier_wall: f64,
}

impl Progress {
    /// Opens (or starts) the run file at `path` for the run `id`.
    pub fn open(path: &Path, id: &RunId) -> Result<Progress, String> {
        let shown = path.display();
        let Parsed { whole, done, walls } = parse(path, id)?;
        let mut file = OpenOptions::new()
            .create(true)
            .read(true)
            .write(true)
            .truncate(false)
            .open(path)
            .map_err(|e| format!("{shown}: {e}"))?;
        file.set_len(whole as u64).map_err(|e| format!("{shown}: {e}"))?;
        file.seek(SeekFrom::End(0)).map_err(|e| format!("{shown}: {e}"))?;
        if whole == 0 {
            writeln!(file, "{}", serde_json::to_string(id).expect("a run id serializes"))
                .map_err(|e| format!("{shown}: {e}"))?;
        }
        Ok(Progress {
            path: path.to_path_buf(),
            file: Mutex::new(file),
            sitting: walls.keys().last().map_or(1, |s| s + 1),
            started: Instant::now(),
            done,
            earlier_wall: walls.values().sum(),
        })
    }

    /// Writes down a game that just ended (a whole line at once, flushed).
    pub fn record(&self, game: &GameResult) -> Result<(), String> {
        let line = Line {
            index: game.index,
            seed: game.seed,
            score: game.score,
            moves: game.moves,
            max_tile: game.max_tile,
            nodes: game.nodes,
            think_total_ns: game.think_total().as_nanos() as u64,
            think_steps: think_steps(&game.think),
            slowest_total_ns: game.slowest.iter().sum::<Duration>().as_nanos() as u64,
            slowest_steps: think_steps(&game.slowest),
            sitting: self.sitting,
            wall: self.started.elapsed().as_secs_f64(),
        };
        let mut text = serde_json::to_string(&line).expect("a game line serializes");
        text.push('\n');
        let mut file = self.file.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        file.write_all(text.as_bytes())
            .and_then(|()| file.flush())
            .map_err(|e| format!("{}: {e}", self.path.display()))
    }
}

/// What a run file holds: the length of its whole lines, its finished games by index, and each
/// sitting's wall time.
struct Parsed {
    whole: usize,
    done: BTreeMap<u64, GameResult>,
    walls: BTreeMap<u32, f64>,
}

/// The finished games of the run file at `path`, which must be run `id`'s (none if there is no
/// file), read without writing to it: a run may be going on in it meanwhile.
pub fn finished(path: &Path, id: &RunId) -> Result<BTreeMap<u64, GameResult>, String> {
    parse(path, id).map(|parsed| parsed.done)
}

/// The run the file at `path` holds and its finished games, whatever run it is (for comparing
/// two runs' files).
pub fn read_any(path: &Path) -> Result<(RunId, BTreeMap<u64, GameResult>), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let first = text.lines().next().ok_or_else(|| format!("{}: empty", path.display()))?;
    let id: RunId =
        serde_json::from_str(first).map_err(|e| format!("{}: not a run file ({e})", path.display()))?;
    let done = finished(path, &id)?;
    Ok((id, done))
}

/// Joins the run files of one run's shards (each holding the games one machine played of it,
/// see [`crate::shard`]) into the run file at `out`: the run's header, then each game once, in
/// index order; returns how many games it holds. Its games are those one machine would have
/// written (a game is fixed by the seed and its index); only their times and sittings are the
/// shards' own. Files of different runs, or that disagree on a game, are refused.
pub fn merge(parts: &[PathBuf], out: &Path) -> Result<usize, String> {
    let mut run: Option<RunId> = None;
    let mut games: BTreeMap<u64, (Line, String)> = BTreeMap::new();
    for path in parts {
        let shown = path.display();
        let text = std::fs::read_to_string(path).map_err(|e| format!("{shown}: {e}"))?;
        // Only whole lines, as when resuming: a shard killed while writing leaves a part of one.
        let whole = text.rfind('\n').map_or(0, |i| i + 1);
        let mut lines = text[..whole].lines();
        let first = lines.next().ok_or_else(|| format!("{shown}: empty"))?;
        let id: RunId = serde_json::from_str(first).map_err(|e| format!("{shown}: not a run file ({e})"))?;
        match &run {
            Some(run) if *run != id => {
                return Err(format!("{shown} holds another run ({id:?}), not {run:?}"));
            }
            Some(_) => {}
            None => run = Some(id),
        }
        for (n, text) in lines.enumerate() {
            let line: Line =
                serde_json::from_str(text).map_err(|e| format!("{shown}, game line {}: {e}", n + 1))?;
            let same = |a: &Line, b: &Line| {
                (a.seed, a.score, a.moves, a.max_tile, a.nodes)
                    == (b.seed, b.score, b.moves, b.max_tile, b.nodes)
            };
            match games.get(&line.index) {
                Some((kept, _)) if !same(kept, &line) => {
                    return Err(format!(
                        "{shown}: game {} differs from the same game in another file",
                        line.index
                    ));
                }
                Some(_) => {}
                None => {
                    games.insert(line.index, (line, text.to_owned()));
                }
            }
        }
    }
    let run = run.ok_or("no run file to merge")?;
    let mut text = serde_json::to_string(&run).expect("a run id serializes");
    text.push('\n');
    for (_, line) in games.values() {
        text.push_str(line);
        text.push('\n');
    }
    std::fs::write(out, text).map_err(|e| format!("{}: {e}", out.display()))?;
    Ok(games.len())
}

fn parse(path: &Path, id: &RunId) -> Result<Parsed, String> {
    let shown = path.display();
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(format!("{shown}: {e}")),
    };
    // Only whole lines count: a process killed while writing leaves a part of one.
    let whole = text.rfind('\n').map_or(0, |i| i + 1);
    let mut lines = text[..whole].lines();
    let mut done = BTreeMap::new();
    let mut walls: BTreeMap<u32, f64> = BTreeMap::new();
    match lines.next() {
        None => {}
        Some(first) => {
            let found: RunId =
                serde_json::from_str(first).map_err(|e| format!("{shown}: not a run file ({e})"))?;
            if found != *id {
                return Err(format!(
                    "{shown} holds the games of another run ({found:?}), not of {id:?}: give another file"
                ));
            }
        }
    }
    for (n, line) in lines.enumerate() {
        let line: Line =
            serde_json::from_str(line).map_err(|e| format!("{shown}, game line {}: {e}", n + 1))?;
        let wall = walls.entry(line.sitting).or_default();
        *wall = wall.max(line.wall);
        let think = think_times(line.think_total_ns, &line.think_steps);
        done.entry(line.index).or_insert(GameResult {
            index: line.index,
            seed: line.seed,
            score: line.score,
            moves: line.moves,
            max_tile: line.max_tile,
            nodes: line.nodes,
            think,
            slowest: think_times(line.slowest_total_ns, &line.slowest_steps),
        });
    }
    Ok(Parsed { whole, done, walls })
}

/// The ratio between two steps of the think-time histogram.
const STEP: f64 = 1.01;

/// The histogram of `think`, in steps of 1 %, by step.
fn think_steps(think: &[Duration]) -> Vec<(u32, u32)> {
    let mut steps = BTreeMap::new();
    for t in think {
        let ns = (t.as_nanos() as f64).max(1.0);
        *steps.entry((ns.ln() / STEP.ln()).round() as u32).or_insert(0u32) += 1;
    }
    steps.into_iter().collect()
}

/// Think times back from their histogram (each within 0.5 % of what it was, in step order),
/// scaled so that their total is exactly `total_ns`: the mean is exact, percentiles to 1 %.
fn think_times(total_ns: u64, steps: &[(u32, u32)]) -> Vec<Duration> {
    let values: Vec<f64> = steps
        .iter()
        .flat_map(|&(step, count)| std::iter::repeat_n(STEP.powi(step as i32), count as usize))
        .collect();
    let sum: f64 = values.iter().sum();
    let scale = if sum > 0.0 { total_ns as f64 / sum } else { 0.0 };
    values.into_iter().map(|v| Duration::from_nanos((v * scale).round() as u64)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::{Run, play_games, play_indices};
    use solver::Strategy;

    /// The run the tests resume: Spec's first moves of seed 5.
    const RUN: Run = Run {
        strategy: Strategy::Spec,
        player: None,
        base_seed: 5,
        starts: None,
        max_moves: Some(30),
        until_tile: None,
    };

    fn id(run: &str) -> RunId {
        RunId { run: run.into(), seed: 5, max_moves: Some(30) }
    }

    fn scratch(name: &str) -> PathBuf {
        let path = std::env::temp_dir().join(format!("arena-resume-{}-{name}.jsonl", std::process::id()));
        let _ = std::fs::remove_file(&path);
        path
    }

    /// Plays the games of 0..games not yet in the file, as `main` does; all of them, in order.
    fn sitting(path: &Path, games: u64) -> Vec<GameResult> {
        let progress = Progress::open(path, &id("spec")).unwrap();
        let todo: Vec<u64> = (0..games).filter(|i| !progress.done.contains_key(i)).collect();
        let new = play_indices(&RUN, &todo, 1, |g| progress.record(g).unwrap()).unwrap();
        let mut all: Vec<GameResult> = progress.done.into_values().chain(new).collect();
        all.sort_by_key(|g| g.index);
        all
    }

    #[test]
    fn a_run_in_two_sittings_has_the_games_of_one_at_once() {
        let path = scratch("two");
        assert_eq!(sitting(&path, 2).len(), 2);
        let resumed = sitting(&path, 5);
        let at_once = play_games(&RUN, 5, 1, || {}).unwrap();
        let outcomes = |games: &[GameResult]| games.iter().map(GameResult::outcome).collect::<Vec<_>>();
        assert_eq!(outcomes(&resumed), outcomes(&at_once));
        assert!(resumed.iter().all(|g| g.think.len() == g.moves as usize), "think times kept");
        // A third sitting has nothing left to play and reads two earlier sittings.
        let progress = Progress::open(&path, &id("spec")).unwrap();
        assert_eq!((progress.done.len(), progress.sitting), (5, 3));
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn think_times_come_back_with_their_exact_total_and_each_within_a_step() {
        let think: Vec<Duration> = [900u64, 1_000, 1_010, 250_000, 3_000_000, 3_000_000, 41_000_000]
            .into_iter()
            .map(Duration::from_nanos)
            .collect();
        let total: u64 = think.iter().map(|t| t.as_nanos() as u64).sum();
        let back = think_times(total, &think_steps(&think));
        assert_eq!(back.len(), think.len());
        let back_total: u64 = back.iter().map(|t| t.as_nanos() as u64).sum();
        assert!(back_total.abs_diff(total) <= back.len() as u64, "{back_total} vs {total}");
        let mut sorted = think.clone();
        sorted.sort();
        for (was, now) in sorted.iter().zip(&back) {
            let ratio = now.as_nanos() as f64 / was.as_nanos() as f64;
            assert!((0.985..1.015).contains(&ratio), "{was:?} came back as {now:?}");
        }
    }

    #[test]
    fn a_line_cut_short_is_played_again_and_another_runs_file_is_refused() {
        let path = scratch("cut");
        sitting(&path, 3);
        let text = std::fs::read_to_string(&path).unwrap();
        let last = text.trim_end().rfind('\n').unwrap();
        std::fs::write(&path, &text[..last + 20]).unwrap();
        let progress = Progress::open(&path, &id("spec")).unwrap();
        assert_eq!(progress.done.len(), 2, "the cut line is not a game");
        drop(progress);
        assert_eq!(sitting(&path, 3).len(), 3);
        let again = std::fs::read_to_string(&path).unwrap();
        assert!(again.lines().skip(1).all(|l| serde_json::from_str::<Line>(l).is_ok()), "no half line left");
        let refused = Progress::open(&path, &id("strong")).err().unwrap();
        assert!(refused.contains("another run"), "{refused}");
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn the_finished_games_are_read_without_touching_a_file_a_run_is_writing() {
        let path = scratch("finished");
        sitting(&path, 3);
        let text = std::fs::read_to_string(&path).unwrap();
        // As if a running sitting were half-way through writing its next line.
        let writing = format!("{text}{{\"index\":9,");
        std::fs::write(&path, &writing).unwrap();
        let done = finished(&path, &id("spec")).unwrap();
        assert_eq!(done.keys().copied().collect::<Vec<_>>(), [0, 1, 2]);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), writing, "the file is left as it was");
        assert!(finished(&path, &id("strong")).is_err());
        assert!(finished(&scratch("none"), &id("spec")).unwrap().is_empty());
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn shards_merged_hold_the_games_one_machine_plays() {
        let whole = scratch("whole");
        let one_machine = sitting(&whole, 7);
        let shards: Vec<PathBuf> = (0..3).map(|k| scratch(&format!("shard{k}"))).collect();
        for (k, path) in shards.iter().enumerate() {
            let shard = crate::shard::Shard { index: k as u64, count: 3 };
            let progress = Progress::open(path, &id("spec")).unwrap();
            let todo: Vec<u64> = (0..7).filter(|&i| shard.holds(i)).collect();
            play_indices(&RUN, &todo, 1, |g| progress.record(g).unwrap()).unwrap();
        }
        let merged = scratch("merged");
        // Given in any order, and a shard given twice adds nothing.
        let given = [shards[2].clone(), shards[0].clone(), shards[1].clone(), shards[0].clone()];
        assert_eq!(merge(&given, &merged).unwrap(), 7);
        let joined: Vec<GameResult> = finished(&merged, &id("spec")).unwrap().into_values().collect();
        let outcomes = |games: &[GameResult]| games.iter().map(GameResult::outcome).collect::<Vec<_>>();
        assert_eq!(outcomes(&joined), outcomes(&one_machine));
        // The merged file goes on as any run file: nothing is left to play.
        assert_eq!(sitting(&merged, 7).len(), 7);
        // Files of two runs are not mixed.
        let other = scratch("other");
        Progress::open(&other, &id("spec@other")).unwrap();
        assert!(merge(&[shards[0].clone(), other], &scratch("refused")).is_err());
    }
}
