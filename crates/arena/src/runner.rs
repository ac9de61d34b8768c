//! What the arena's command does once it knows its run, shared with the lab's runner: plays the
//! games its run file does not hold yet (all of them without one), with a progress bar, keeps
//! each as it ends, and prints (and perhaps writes) the summary of them all; or, asked for the
//! finished games only, reports those.

use std::path::PathBuf;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};

use crate::args::RunArgs;
use crate::play::{GameResult, Run};
use crate::report::Summary;
use crate::resume::{Progress, RunId};

/// One sitting of a run: what to play and where its games are kept and reported.
pub struct Sitting<'a> {
    /// The run's name ([`crate::naming`]).
    pub name: String,
    pub run: Run<'a>,
    /// Games `0..games` of the run.
    pub games: u64,
    /// Worker threads; 0 uses one per core.
    pub threads: usize,
    /// The run file the finished games are kept in ([`crate::resume`]).
    pub resume: Option<PathBuf>,
    /// Play nothing: report the games the run file holds so far.
    pub finished_only: bool,
    /// Play only this shard's games ([`crate::shard`]).
    pub shard: Option<crate::shard::Shard>,
    /// The results file to write.
    pub json: Option<PathBuf>,
    /// The command that plays these games again, for the summary.
    pub command: String,
}

impl<'a> Sitting<'a> {
    /// The sitting the options `args` ask for of the run named `name`, `command` its command.
    pub fn of(args: &RunArgs, name: String, run: Run<'a>, command: String) -> Sitting<'a> {
        Sitting {
            name,
            run,
            games: args.games,
            threads: args.threads,
            resume: args.resume.clone(),
            finished_only: args.finished_only,
            shard: args.shard,
            json: args.json.clone(),
            command,
        }
    }
}

/// Plays (or with `finished_only` reports) the sitting's games and prints their summary.
pub fn play(sitting: Sitting) -> Result<(), Box<dyn std::error::Error>> {
    let Sitting { name, run, games, threads, resume, finished_only, shard, json, command } = sitting;
    let ours = |index: u64| index < games && shard.is_none_or(|s| s.holds(index));
    let seed = run.base_seed;
    let threads = if threads == 0 { rayon::current_num_threads() } else { threads };
    let start = Instant::now();
    let id = RunId { run: name.clone(), seed, max_moves: run.max_moves };
    if let (true, Some(path)) = (finished_only, &resume) {
        let results: Vec<_> =
            crate::resume::finished(path, &id)?.into_values().filter(|g| ours(g.index)).collect();
        let mut summary = crate::report::summarize(&name, seed, &results, threads, 0.0);
        summary.command = command;
        println!("{} of the run's {games} games are finished in {}", results.len(), path.display());
        print!("{}", crate::report::table(&summary));
        return write_json(json, &summary, &results);
    }
    // Drawn to stderr, and hidden when stderr is not a terminal.
    let all: Vec<u64> = (0..games).filter(|&i| ours(i)).collect();
    let bar = ProgressBar::new(all.len() as u64).with_style(ProgressStyle::with_template(
        "{prefix} [{elapsed_precise}] {wide_bar} {pos}/{len} games (eta {eta})",
    )?);
    bar.set_prefix(run.strategy.id());
    let progress = match &resume {
        Some(path) => Some(Progress::open(path, &id)?),
        None => None,
    };
    let done = progress.as_ref().map(|p| &p.done);
    let todo: Vec<u64> = all.iter().copied().filter(|i| done.is_none_or(|d| !d.contains_key(i))).collect();
    bar.set_position((all.len() - todo.len()) as u64);
    let written = std::sync::Mutex::new(Ok(()));
    let played = crate::play::play_indices(&run, &todo, threads, |game| {
        if let Some(progress) = &progress
            && let Err(e) = progress.record(game)
        {
            *written.lock().unwrap_or_else(|p| p.into_inner()) = Err(e);
        }
        bar.inc(1);
    })?;
    written.into_inner().unwrap_or_else(|p| p.into_inner())?;
    let mut wall = start.elapsed().as_secs_f64();
    let mut results = played;
    if let Some(progress) = progress {
        wall += progress.earlier_wall;
        results.extend(progress.done.into_values().filter(|g| ours(g.index)));
        results.sort_by_key(|g| g.index);
    }
    bar.finish_and_clear();
    let mut summary = crate::report::summarize(&name, seed, &results, threads, wall);
    summary.command = command;
    print!("{}", crate::report::table(&summary));
    write_json(json, &summary, &results)
}

/// The results file, if asked for: of the games played, or with `finished_only` of those the
/// run file holds so far.
fn write_json(
    json: Option<PathBuf>,
    summary: &Summary,
    results: &[GameResult],
) -> Result<(), Box<dyn std::error::Error>> {
    if let Some(path) = json {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)?;
        }
        std::fs::write(&path, crate::report::json(summary, results))?;
        println!("wrote {}", path.display());
    }
    Ok(())
}
