//! Reviewing a kept game: Review in the replay view has the solver judge every move in order,
//! one question at a time, each with the coach's word; none while Autoplay plays; the review
//! goes with its game when another is shown.

use game_core::{Board, Direction};
use page_core::game_review::Counts;
use page_core::replay::Replay;
use page_core::{Control, Effect, Event, Quality, WorkerEvent};

use crate::harness::{Page, decision, game};
use crate::replay::{kept, loaded, page_with};

/// The review questions sent so far: their boards, in order.
fn review_boards(page: &Page, from: usize) -> Vec<[[u32; 4]; 4]> {
    page.asked[from..].iter().map(|r| r.board).collect()
}

/// The word the harness's thresholds give move `played` when the solver's best is `best`
/// (`decision`'s values: the best 1000, the others 900 - 100 x their index, so gaps of
/// 100 + 100 x index against `about_as_good` 150 and `worse` 350).
fn word(played: Direction, best: Direction) -> Quality {
    match (played == best, 100.0 + 100.0 * played.index() as f64) {
        (true, _) => Quality::Best,
        (false, gap) if gap <= 150.0 => Quality::AboutAsGood,
        (false, gap) if gap <= 350.0 => Quality::Worse,
        _ => Quality::MuchWorse,
    }
}

#[test]
fn every_move_is_judged_in_order_with_the_coachs_word_and_the_accuracy_is_said_at_the_end() {
    let games = [kept(12, 5)];
    let mut page = page_with(&games);
    page.click(Control::Replay);
    loaded(&mut page, &games);
    let replay = Replay::new(games[0].clone(), false);
    let before = page.asked.len();
    page.click(Control::Review);
    let mut expected = Counts::default();
    for index in 0..12 {
        let request = page.last_ask();
        assert_eq!(page.asked.len(), before + index + 1, "one question at a time");
        assert_eq!(request.board, replay.position(index).unwrap().board().rows(), "move {index}'s board");
        let board = Board::from_rows(request.board).unwrap();
        let played = replay.move_from(index).unwrap();
        // Every third move the solver's own; the others its first other move.
        let best = if index % 3 == 0 {
            played
        } else {
            Direction::ALL.into_iter().find(|&d| d != played && board.slide(d).moved).unwrap()
        };
        match word(played, best) {
            Quality::Best => expected.best += 1,
            Quality::AboutAsGood => expected.about_as_good += 1,
            Quality::Worse => expected.worse += 1,
            _ => expected.much_worse += 1,
        }
        let review = page.model.game_review().unwrap();
        assert_eq!((review.judged(), review.accuracy()), (index, None));
        page.worker(decision(&request, Some(best)));
        assert_eq!(page.model.game_review().unwrap().verdicts()[index].best, best);
    }
    let review = page.model.game_review().unwrap();
    assert!(review.is_complete());
    assert_eq!(page.asked.len(), before + 12, "no question once every move is judged");
    assert_eq!(review.counts(), expected);
    let good = expected.best + expected.about_as_good;
    assert_eq!(review.accuracy(), Some(((good as f64 / 12.0) * 100.0).round() as u8));
    // Review again: the review is there, nothing is asked.
    page.click(Control::Review);
    assert_eq!(page.asked.len(), before + 12);
}

#[test]
fn no_question_while_autoplay_plays_and_the_review_goes_on_when_it_stops() {
    let games = [kept(8, 6)];
    let mut page = page_with(&games);
    page.click(Control::Replay);
    loaded(&mut page, &games);
    page.click(Control::Review);
    let first = page.last_ask();
    page.click(Control::ClosePanel);
    page.click(Control::Autoplay);
    let autoplay_ask = page.asked.len();
    // The review's question comes back while Autoplay plays: judged, and nothing more asked
    // for the review while Autoplay's moves go on.
    page.worker(decision(&first, Some(Direction::Left)));
    assert_eq!(page.model.game_review().unwrap().judged(), 1);
    page.autoplay(3);
    let games_board = page.model.game().board().rows();
    let replay = Replay::new(games[0].clone(), false);
    let review_board = replay.position(1).unwrap().board().rows();
    assert!(page.asked[autoplay_ask..].iter().all(|r| r.board != review_board || r.board == games_board));
    page.click(Control::Autoplay);
    assert_eq!(page.last_ask().board, review_board, "the review goes on once Autoplay stops");
}

#[test]
fn a_review_goes_with_its_game_and_an_answer_for_it_is_stale_after() {
    let games = [kept(6, 7), kept(9, 8)];
    let mut page = page_with(&games);
    page.click(Control::Replay);
    loaded(&mut page, &games);
    page.click(Control::Review);
    let question = page.last_ask();
    let from = page.asked.len();
    page.send(Event::ReplayPick(games[0].summary.id.to_string()));
    loaded(&mut page, &games);
    assert!(page.model.game_review().is_none(), "another game shown: no review");
    page.worker(decision(&question, Some(Direction::Left)));
    assert!(page.model.game_review().is_none());
    assert_eq!(review_boards(&page, from), Vec::<[[u32; 4]; 4]>::new(), "nothing asked for it");
    // A lost worker loses the question: it is asked again of the next one.
    page.click(Control::Review);
    let asked = page.last_ask();
    let count = page.asked.len();
    page.worker(WorkerEvent::Failed("gone".into()));
    page.worker(WorkerEvent::Ready);
    assert!(page.has(|e| matches!(e, Effect::Ask(r) if r.board == asked.board)), "asked again");
    assert_eq!(page.asked.len(), count + 1);
}

/// Answers every review question from now on with the move played, until none is asked.
fn judge_all(page: &mut Page) {
    let mut guard = 0;
    while let Some(request) = page.fx.iter().find_map(|e| match e {
        Effect::Ask(r) => Some(r.clone()),
        _ => None,
    }) {
        let best = Board::from_rows(request.board).unwrap();
        let best = Direction::ALL.into_iter().find(|&d| best.slide(d).moved);
        page.worker(decision(&request, best));
        guard += 1;
        assert!(guard < 1000, "a review that never ends");
    }
}

/// The review documents written so far in `fx` (game, document, accuracy).
fn saved(fx: &[Effect]) -> Vec<(u64, String, Option<u8>)> {
    fx.iter()
        .filter_map(|e| match e {
            Effect::SaveReview { game, document, accuracy } => Some((*game, document.clone(), *accuracy)),
            _ => None,
        })
        .collect()
}

#[test]
fn a_review_is_kept_with_its_game_every_fifty_moves_and_at_the_end_and_shown_at_once_again() {
    let games = [kept(60, 9)];
    let id = games[0].summary.id;
    let mut page = page_with(&games);
    page.click(Control::Replay);
    loaded(&mut page, &games);
    assert!(page.has(|e| *e == Effect::LoadReview(id)), "the kept review is read with the game");
    page.send(Event::ReviewLoaded { game: id, text: None });
    let mut writes = Vec::new();
    page.click(Control::Review);
    let mut guard = 0;
    while !page.model.game_review().unwrap().is_complete() {
        let request = page.last_ask();
        page.worker(decision(&request, Some(Direction::Left)));
        writes.extend(saved(&page.fx));
        guard += 1;
        assert!(guard < 100);
    }
    let judged: Vec<(usize, Option<u8>)> = writes
        .iter()
        .map(|(game, doc, accuracy)| {
            assert_eq!(*game, id);
            (page_core::saved::review::decode(doc).unwrap().judged(), *accuracy)
        })
        .collect();
    let accuracy = page.model.game_review().unwrap().accuracy();
    assert!(accuracy.is_some());
    assert_eq!(
        judged,
        [(50, None), (60, accuracy)],
        "written at 50 moves and when complete, with its accuracy"
    );
    assert_eq!(page.model.accuracies().get(&id).copied(), accuracy, "for the statistics");
    let (_, last, _) = writes.last().unwrap().clone();
    // Another visit: the game shown again, its review read back, complete: nothing is asked.
    let mut again = page_with(&games);
    again.click(Control::Replay);
    loaded(&mut again, &games);
    let asked = again.asked.len();
    again.send(Event::ReviewLoaded { game: id, text: Some(last.clone()) });
    let review = again.model.game_review().expect("shown at once");
    assert_eq!(review, page.model.game_review().unwrap());
    assert_eq!(again.model.accuracies().get(&id).copied(), accuracy);
    again.click(Control::Review);
    assert_eq!(again.asked.len(), asked, "nothing to ask");
}

#[test]
fn an_interrupted_review_goes_on_from_its_last_verdict_and_an_unreadable_one_is_done_again() {
    let games = [kept(60, 10)];
    let id = games[0].summary.id;
    let mut page = page_with(&games);
    page.click(Control::Replay);
    loaded(&mut page, &games);
    page.click(Control::Review);
    for _ in 0..50 {
        let request = page.last_ask();
        page.worker(decision(&request, Some(Direction::Left)));
    }
    let writes = saved(&page.fx);
    let [(_, at_fifty, None)] = &writes[..] else { panic!("written at 50: {:?}", page.fx) };
    // A new visit reads it and goes on from move 50 without being asked.
    let mut again = page_with(&games);
    again.click(Control::Replay);
    loaded(&mut again, &games);
    let replay = Replay::new(games[0].clone(), false);
    again.send(Event::ReviewLoaded { game: id, text: Some(at_fifty.to_string()) });
    assert_eq!(again.model.game_review().unwrap().judged(), 50);
    assert_eq!(again.last_ask().board, replay.position(50).unwrap().board().rows(), "move 50 next");
    judge_all(&mut again);
    assert!(again.model.game_review().unwrap().is_complete());
    // A review that is not one (or of another game's length) is said in the console, not taken.
    for text in ["{\"version\":9}".to_string(), at_fifty.replace("\"moves\":60", "\"moves\":61")] {
        let mut other = page_with(&games);
        other.click(Control::Replay);
        loaded(&mut other, &games);
        other.send(Event::ReviewLoaded { game: id, text: Some(text) });
        assert!(other.has(|e| matches!(e, Effect::Warn(_))));
        assert!(other.model.game_review().is_none());
        other.click(Control::Review);
        assert_eq!(other.model.game_review().unwrap().judged(), 0, "done again from the start");
    }
}

/// One move from game over: Right leaves one empty cell whose new tile merges with nothing.
const LAST_MOVE_OVER: [[u32; 4]; 4] = [[2, 4, 2, 4], [4, 2, 4, 2], [8, 4, 2, 4], [32, 64, 32, 0]];

#[test]
fn the_game_over_banners_review_opens_the_game_just_ended_and_reviews_it() {
    let mut page = Page::load(Some(game(LAST_MOVE_OVER, 456)), 4);
    page.worker(WorkerEvent::Ready);
    page.send(Event::HistoryLoaded { games: Vec::new(), set_aside: 0 });
    assert!(!page.model.can_review_ended(), "no game ended yet");
    page.click(Control::ReviewEnded);
    assert!(page.model.replay().is_none(), "nothing to review");
    page.press(Direction::Right);
    assert_eq!(page.model.game().status(), game_core::Status::Over);
    assert!(page.model.can_review_ended());
    page.click(Control::ReviewEnded);
    assert!(page.has(|e| *e == Effect::OpenPanel(page_core::Panel::Replay)));
    let replay = page.model.replay().expect("the game just ended is shown");
    assert_eq!((replay.len(), replay.position(0).unwrap().board().rows()), (1, LAST_MOVE_OVER));
    let id = replay.kept.summary.id;
    assert!(page.has(|e| *e == Effect::LoadReview(id)));
    assert_eq!(page.last_ask().board, LAST_MOVE_OVER, "its one move is asked about");
    page.answer(Some(Direction::Right));
    let review = page.model.game_review().unwrap();
    assert_eq!((review.is_complete(), review.accuracy()), (true, Some(100)));
    // A new game: the banner is gone, and so is its Review.
    page.click(Control::ClosePanel);
    page.click(Control::TryAgain);
    assert!(!page.model.can_review_ended());
}

#[test]
fn the_accuracies_storage_kept_are_read_and_one_reviewed_on_this_visit_stands() {
    let games = [kept(6, 12), kept(7, 13)];
    let (first, second) = (games[0].summary.id, games[1].summary.id);
    let mut page = page_with(&games);
    page.click(Control::Replay);
    loaded(&mut page, &games);
    page.click(Control::Review);
    judge_all(&mut page);
    let mine = page.model.accuracies().get(&second).copied().expect("reviewed whole");
    page.send(Event::AccuraciesLoaded(vec![(first, 42), (second, mine.wrapping_add(1))]));
    assert_eq!(page.model.accuracies().get(&first), Some(&42));
    assert_eq!(page.model.accuracies().get(&second), Some(&mine), "this visit's review stands");
}
