//! The coach with the real solver (Spec, answering every board) and the committed thresholds
//! (issue 41): a player who takes the largest tile out of its corner again and again gets those
//! moves listed (the worse ones as well as the much worse), the solver's own moves get none, and
//! the list holds exactly the moves the coach called "worse" or "much worse", in the order
//! played, each with its word. `-- --nocapture` prints each game's gaps.

use game_core::{Board, Direction};
use page_core::request::Strength;
use page_core::text::Message;
use page_core::{Search, Thresholds, WorkerEvent};
use results_schema::move_quality::{self, Word};

use crate::harness::{Page, game};

/// A tidy mid-game board of Spec's own (game 2, move 755 of
/// `crates/lab/data/move-quality-spec-self-play.jsonl`): the 1024 in its corner.
const TIDY: [[u32; 4]; 4] = [[32, 4, 0, 0], [128, 2, 0, 0], [256, 64, 4, 2], [1024, 128, 16, 4]];

/// Moves the player makes in each game.
const MOVES: usize = 40;

/// How the player chooses, from the board, the solver's values, its move and the move's number.
type Choose = fn(Board, &[Option<f64>; 4], Direction, usize) -> Direction;

/// A coached game from [`TIDY`] with the committed thresholds, every board answered by Spec
/// itself: each move's gap below the best, in order, and what the coach said.
fn coached(seed: u64, choose: Choose) -> (Page, Vec<f64>, Vec<Message>) {
    let mut start = Page::start_of(Some(game(TIDY, 12_000)), 4);
    start.thresholds = Thresholds::measured();
    start.seed = seed;
    let mut page = Page::start(start);
    page.worker(WorkerEvent::Ready);
    page.click(page_core::Control::Coach);
    let (mut gaps, mut said) = (Vec::new(), Vec::new());
    for n in 0..MOVES {
        let board = Board::from_rows(page.board()).unwrap();
        if !board.has_moves() {
            break;
        }
        assert_eq!(page.last_ask().board, page.board(), "the solver looks at each board");
        let decision = solver::decide(board);
        let request = page.last_ask();
        page.worker(WorkerEvent::Decision {
            id: request.id,
            search: Search {
                best: decision.best,
                values: decision.values,
                nodes: decision.nodes,
                depth: decision.depth,
                micros: 0,
                solved: false,
            },
        });
        let Some(best) = decision.best else { break };
        let played = choose(board, &decision.values, best, n);
        let top = decision.values.iter().flatten().copied().fold(f64::MIN, f64::max);
        gaps.push(top - decision.values[played.index()].unwrap());
        page.press(played);
        said.extend(page.said());
        page.paint();
        said.extend(page.said());
    }
    (page, gaps, said)
}

/// The corner abandoned: a move that leaves the largest tile in no corner whenever there is one,
/// the one of them the solver values most; else the solver's move.
fn abandon(board: Board, values: &[Option<f64>; 4], best: Direction, _: usize) -> Direction {
    let off = Direction::ALL
        .into_iter()
        .filter(|d| values[d.index()].is_some() && !in_corner(board.slide(*d).board));
    off.max_by(|a, b| values[a.index()].unwrap().total_cmp(&values[b.index()].unwrap())).unwrap_or(best)
}

/// Issue 41's tester: three moves in four not the solver's (one that leaves the largest tile in
/// no corner if there is one, else the next best), the fourth the solver's.
fn tester(board: Board, values: &[Option<f64>; 4], best: Direction, n: usize) -> Direction {
    let others = || Direction::ALL.into_iter().filter(move |d| *d != best && values[d.index()].is_some());
    let most =
        |a: &Direction, b: &Direction| values[a.index()].unwrap().total_cmp(&values[b.index()].unwrap());
    let off = others().filter(|d| !in_corner(board.slide(*d).board)).max_by(most);
    if n % 4 == 3 { best } else { off.or_else(|| others().max_by(most)).unwrap_or(best) }
}

fn in_corner(board: Board) -> bool {
    let rows = board.rows();
    [rows[0][0], rows[0][3], rows[3][0], rows[3][3]].contains(&board.max_tile())
}

/// The mistakes (worse or much worse moves) the coach said, one by one, as the player heard them.
fn said_mistakes(said: &[Message]) -> usize {
    said.iter().filter(|m| matches!(m, Message::Coached(f) if f.quality.is_mistake())).count()
}

/// The committed thresholds of Spec, the harness's strength.
fn spec() -> move_quality::Thresholds {
    Thresholds::measured()
        .into_iter()
        .find(|t| t.strength == Strength::Spec)
        .expect("Spec is measured")
        .levels
}

/// Checks what the coach kept of a game against the gaps of its moves: every move judged, the
/// solver's counted as agreed, and the list exactly the moves whose word was "worse" or "much
/// worse", in order and each with that word, as many as the coach said; returns how many of
/// each (worse, much worse).
fn listed(page: &Page, gaps: &[f64], said: &[Message]) -> (usize, usize) {
    let coach = page.model.coach();
    assert_eq!(coach.moves as usize, gaps.len());
    assert_eq!(coach.agreed as usize, gaps.iter().filter(|&&g| g == 0.0).count());
    let words: Vec<Word> = gaps
        .iter()
        .map(|&g| move_quality::word_for_gap(g, spec()))
        .filter(|w| matches!(w, Word::Worse | Word::MuchWorse))
        .collect();
    let kept: Vec<Option<Word>> = coach.mistakes.iter().map(|m| m.quality.word()).collect();
    assert_eq!(kept, words.iter().copied().map(Some).collect::<Vec<_>>());
    assert_eq!(said_mistakes(said), words.len());
    assert!(coach.mistakes.iter().all(|m| m.played != m.best));
    let much_worse = words.iter().filter(|&&w| w == Word::MuchWorse).count();
    (words.len() - much_worse, much_worse)
}

#[test]
fn the_solvers_own_moves_are_never_mistakes() {
    let (page, gaps, said) = coached(7, |_, _, best, _| best);
    assert_eq!(gaps.len(), MOVES);
    assert_eq!(listed(&page, &gaps, &said), (0, 0));
    assert_eq!(page.model.coach().agreed as usize, MOVES);
}

#[test]
fn taking_the_largest_tile_out_of_its_corner_is_listed() {
    for seed in [1, 6] {
        let (page, gaps, said) = coached(seed, abandon);
        let (worse, much_worse) = listed(&page, &gaps, &said);
        eprintln!("abandon, seed {seed}: gaps {gaps:.2?}; listed {worse} worse, {much_worse} much worse");
        assert!(worse >= 1 && much_worse >= 1, "gaps {gaps:?}");
        // Each listed move left the largest tile in no corner; the first took it out of one.
        let mistakes = &page.model.coach().mistakes;
        assert!(mistakes.iter().all(|m| !in_corner(m.board.slide(m.played).board)));
        assert!(in_corner(mistakes[0].board));
    }
}

/// Issue 41's tester agrees with the solver one move in four; most of the others cost little
/// alone (their gaps are printed), and the list holds exactly the worse and much worse ones.
#[test]
fn a_tester_who_rarely_agrees_gets_the_worse_and_much_worse_moves_listed_and_counted() {
    for seed in [2, 3] {
        let (page, gaps, said) = coached(seed, tester);
        let (worse, much_worse) = listed(&page, &gaps, &said);
        eprintln!("tester, seed {seed}: gaps {gaps:.2?}; listed {worse} worse, {much_worse} much worse");
        // The complaint: such a game listed nothing while only much worse moves counted.
        assert!(worse >= 1, "gaps {gaps:?}");
        assert!(page.model.coach().agreed as usize <= gaps.len() / 4 + 1);
    }
}
