//! The move-quality tool's settings, resuming, sampling and summaries.

use super::measure::sample;
use super::*;

fn tiny(out: &str) -> Args {
    let line =
        "--seed 3 --rollouts 2 --per-stage 2 --min-tile 16 --max-tile 32 --move-cap 200 --games 2 --bins 4";
    Args::checked(["move-quality"].into_iter().chain(line.split_whitespace()).chain(["--out", out])).unwrap()
}

/// The positions without their timings, which no two runs share.
fn outcome(path: &str) -> Vec<Position> {
    let (_, positions) = read(path, false).unwrap();
    positions.into_iter().map(|p| Position { cpu_seconds: 0.0, ..p }).collect()
}

#[test]
fn an_interrupted_run_resumes_to_the_same_positions() {
    let dir = std::env::temp_dir().join(format!("move-quality-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("run.jsonl").display().to_string();
    let _ = std::fs::remove_file(&path);
    measure(&tiny(&path), &path).unwrap();
    let whole = outcome(&path);
    // Two games, two stages, two positions each.
    assert_eq!(whole.len(), 8);
    assert!(whole.iter().all(|p| p.moves.iter().all(|m| m.reached <= 2)));
    // Cut the file after two positions and half of the third, as a killed run leaves it.
    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    std::fs::write(&path, format!("{}\n{}\n{}\n{}", lines[0], lines[1], lines[2], &lines[3][..20])).unwrap();
    measure(&tiny(&path), &path).unwrap();
    assert_eq!(outcome(&path), whole);
    // Another setting may not append to it.
    let mut other = tiny(&path);
    other.rollouts = 3;
    assert!(measure(&other, &path).unwrap_err().contains("other settings"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Another player than the judge plays the games and the rollouts, to a fixed tile: the file
/// says so, a re-run resumes it, and naming the strength itself as the player is the plain run.
#[test]
fn a_weaker_player_plays_on_to_a_fixed_tile() {
    let dir = std::env::temp_dir().join(format!("move-quality-player-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("run.jsonl").display().to_string();
    let _ = std::fs::remove_file(&path);
    let mut args = tiny(&path);
    (args.player, args.target) = (Some("spec-depth-1".into()), Some(128));
    measure(&args, &path).unwrap();
    let (header, positions) = read(&path, false).unwrap();
    assert_eq!((header.player.as_deref(), header.target), (Some("spec-depth-1"), Some(128)));
    assert!(!positions.is_empty() && positions.iter().all(|p| p.stage <= 32));
    // Rollouts from 16 and 32 to 128 take longer than to the next tile.
    let to_next = {
        let plain = dir.join("plain.jsonl").display().to_string();
        let mut plain_args = tiny(&plain);
        plain_args.player = args.player.clone();
        measure(&plain_args, &plain).unwrap();
        read(&plain, false).unwrap().1
    };
    let moves = |ps: &[Position]| ps.iter().flat_map(|p| &p.moves).map(|m| m.played).sum::<u64>();
    assert!(moves(&positions) > moves(&to_next));
    measure(&args, &path).unwrap();
    assert_eq!(outcome(&path).len(), positions.len(), "resumed, nothing added");
    let mut judge = tiny(&path);
    judge.player = Some("spec".into());
    assert_eq!(judge.header(), tiny(&path).header());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn samples_are_spread_over_each_stage() {
    let header = tiny("unused").header();
    let board = |max: u32| Board::from_rows([[max, 2, 0, 0], [0; 4], [0; 4], [0; 4]]).unwrap();
    let decision = solver::decide(board(16));
    // Ten moves at 16, then four at 32, then one at 64 (past the last stage).
    let played: Vec<(Board, Decision)> =
        [16; 10].into_iter().chain([32; 4]).chain([64]).map(|t| (board(t), decision)).collect();
    let at: Vec<u32> = sample(&header, &played).iter().map(|s| s.0).collect();
    assert_eq!(at, [2, 7, 11, 13]);
}

fn parse(line: &str) -> Result<Args, clap::Error> {
    Args::checked(std::iter::once("move-quality").chain(line.split_whitespace()))
}

/// A resumed run compares its settings with its file's header, so a default that moved would
/// stop every run begun without the flag from resuming.
#[test]
fn the_defaults_are_the_documented_ones() {
    let args = parse("--out run.jsonl").unwrap();
    let header = Header {
        strength: "spec".into(),
        player: None,
        target: None,
        seed: 1,
        rollouts: 10,
        per_stage: 3,
        min_tile: 256,
        max_tile: 2048,
        move_cap: 5000,
    };
    assert_eq!(args.header(), header);
    assert_eq!(
        (args.games, args.gap, args.bins, args.about, args.much),
        (40, GapMeasure::Absolute, 20, 0.02, 0.10)
    );
    assert_eq!((args.out.as_deref(), args.summarize, args.json), (Some("run.jsonl"), None, None));
}

/// The commands the committed documents record (`command`, `run_command`) and docs/coach.md
/// quotes run again as they are.
#[test]
fn recorded_and_documented_commands_parse() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut commands = Vec::new();
    for dir in ["www/results", "crates/lab/data"] {
        for entry in std::fs::read_dir(root.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if name.starts_with("move-quality") && name.ends_with(".json") {
                let document: Document =
                    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
                commands.extend([document.command, document.run_command]);
            }
        }
    }
    assert!(commands.len() >= 8, "{commands:?}");
    // docs/coach.md, and the lab's record of the runs before (docs/lab/).
    let mut docs = vec![root.join("docs/coach.md")];
    docs.extend(std::fs::read_dir(root.join("docs/lab")).unwrap().map(|e| e.unwrap().path()));
    let mut quoted = Vec::new();
    for doc in docs.iter().filter(|p| p.extension().is_some_and(|e| e == "md")) {
        let text = std::fs::read_to_string(doc).unwrap().replace("\\\n", " ");
        quoted.extend(text.lines().filter(|l| l.contains("--bin move-quality --")).map(String::from));
    }
    assert!(quoted.len() >= 10, "{quoted:?}");
    commands.extend(quoted);
    for command in &commands {
        let (_, line) = command.split_once("--bin move-quality --").unwrap();
        let args = parse(line).unwrap_or_else(|e| panic!("{command}: {e}"));
        // What a run command records is what it was run with.
        if args.out.is_some() {
            let h = args.header();
            assert!(command.contains(&format!("--strength {} ", h.strength)), "{command}");
            assert!(
                command.contains(&format!("--min-tile {} --max-tile {} ", h.min_tile, h.max_tile)),
                "{command}"
            );
            assert_eq!(h.player.is_some(), command.contains("--player "), "{command}");
            assert_eq!(h.target.is_some(), command.contains("--target "), "{command}");
        }
    }
    let relative = parse("--summarize www/results/move-quality.jsonl --gap relative").unwrap();
    assert_eq!((relative.gap, relative.out), (GapMeasure::Relative, None));
    let strong = parse(
        "--strength strong-heuristic --games 21 --per-stage 2 --min-tile 2048 --max-tile 4096 --rollouts 6 \
         --out f",
    )
    .unwrap();
    assert_eq!(strong.header().strength, "strong-heuristic");
    assert_eq!((strong.games, strong.header().per_stage, strong.header().rollouts), (21, 2, 6));
}

#[test]
fn bad_settings_are_refused() {
    for line in [
        "--out f --gap sideways",
        "--out f --strength strongest",
        "--out f --min-tile 100",
        "--out f --min-tile 2",
        "--out f --max-tile 128",
        "--out f --min-tile 4096",
        "--out f --rollouts 0",
        "--out f --per-stage 0",
        "--out f --player nobody",
        "--out f --player spec-depth-0",
        "--out f --player spec-depth-5",
        "--out f --target 2048",
        "--out f --target 3000",
        "--out f --bins 0",
        "--out f --seed -1",
        "--out f --summarize f",
        "--json f.json",
        "--out",
    ] {
        assert!(parse(line).is_err(), "{line}");
    }
    let e = parse("--out f --min-tile 4096").unwrap_err().to_string();
    assert!(e.contains("--min-tile and --max-tile") && e.contains("Usage: move-quality"), "{e}");
    let e = parse("--summarize f --gap sideways").unwrap_err().to_string();
    assert!(e.contains("sideways") && e.contains("relative"), "{e}");
}
