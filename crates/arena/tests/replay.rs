//! The committed runs replay: a seed plays the same games on any machine and with any later
//! version of the dependencies. Each committed results file names its seed and holds every
//! game's score, moves and largest tile; the arena plays the first games of the fast
//! strategies' runs again and must find exactly those. A failure here means the tiles a seed
//! draws have changed (the generator, `solver::rng::GameRng`, or its seeding) or a strategy
//! plays differently, and every committed figure would need its run again.

use std::path::Path;

use arena::play::{Run, play_game};
use solver::Strategy;

/// The first `games` games of `www/results/{id}.json`, played again by the arena.
fn replays(id: &str, games: usize) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../../www/results/{id}.json"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    let seed = doc["summary"]["seed"].as_u64().expect("the run's seed");
    let strategy = Strategy::from_id(id).expect("a strategy of that id");
    let run = Run::new(strategy, seed);
    let committed = doc["games"].as_array().expect("the run's games");
    assert!(committed.len() >= games);
    for game in &committed[..games] {
        let index = game["index"].as_u64().unwrap();
        let played = play_game(&run, index);
        let field = |name: &str| game[name].as_u64().map(|v| v as u32);
        assert_eq!(
            (Some(played.score), Some(played.moves), Some(played.max_tile)),
            (field("score"), field("moves"), field("max_tile")),
            "{id} game {index} (score, moves, largest tile) against {}",
            path.display()
        );
        assert_eq!(format!("{:016x}", played.seed), game["seed"].as_str().unwrap(), "its seed");
    }
}

#[test]
fn committed_runs_replay() {
    replays("greedy", 25);
    replays("corner", 25);
    replays("spec", 1);
}

/// The arena names Strong's and Max's own settings as their committed results and run files
/// do, so that `--resume` goes on in those files (README, "Reproducing the results").
#[test]
fn the_network_strategies_own_settings_keep_their_committed_names() {
    let files = arena::naming::Files::with_repository_network().unwrap();
    let network = solver::max::repository_network().unwrap();
    for (strategy, run_file) in [
        (Strategy::Strong, "strong-shaped-0.3-run.jsonl"),
        (Strategy::Max, "max-endgame-e32-s1000-run.jsonl"),
    ] {
        let name = arena::naming::run_name(strategy, strategy.search_config(Some(network)).as_ref(), &files);
        let results =
            Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../../www/results/{strategy}.json"));
        let doc: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(results).unwrap()).unwrap();
        assert_eq!(doc["summary"]["strategy"].as_str(), Some(name.as_str()), "{strategy}'s results");
        let run = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../lab/data/{run_file}"));
        let header = std::fs::read_to_string(run).unwrap().lines().next().unwrap().to_owned();
        let header: serde_json::Value = serde_json::from_str(&header).unwrap();
        assert_eq!(header["run"].as_str(), Some(name.as_str()), "{run_file}");
    }
}
