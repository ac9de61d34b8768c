//! The one entry point of the page's logic: an event in, the model changed, effects out.

use super::effect::{Effect, Timer};
use super::entered::EditorEvent;
use super::event::{Control, Event};
use super::model::Model;
use super::panels::Panel;
use super::replaying::ReplayEvent;
use crate::text::Message;

/// Handles `event`, which happened at `now` (the page's clock, in milliseconds), and returns
/// what the shell must do, in order.
pub fn update(model: &mut Model, now: f64, event: Event) -> Vec<Effect> {
    let mut fx = Vec::new();
    match event {
        Event::Move(direction) => model.player_move(now, direction, &mut fx),
        Event::Click(Control::NewGame | Control::BannerNewGame) => model.ask_new_game(now, &mut fx),
        Event::Click(Control::ConfirmYes) => model.confirmed(now, &mut fx),
        Event::Click(Control::TryAgain) => model.new_game(now, &mut fx),
        Event::Click(Control::PlayEntered) => model.ask_play_entered(now, &mut fx),
        Event::Click(Control::LeaveEntered) => model.leave_entered(now, &mut fx),
        Event::Click(Control::PreviousMistake) => model.step_review(now, -1, &mut fx),
        Event::Click(Control::NextMistake) => model.step_review(now, 1, &mut fx),
        Event::ReviewMistake(index) => model.review_mistake(now, index, &mut fx),
        Event::Click(Control::CopyLink) => model.copy_link(&mut fx),
        Event::Click(Control::EditBoard) => model.open_editor(now, &mut fx),
        Event::Click(Control::EditorCancel) => model.entering.update(EditorEvent::Cancel, &mut fx),
        Event::EditorEdited => model.entering.update(EditorEvent::Edited, &mut fx),
        Event::Address(hash) => model.address(now, &hash, &mut fx),
        Event::EnterBoard { list, score } => model.enter(now, &list, &score, &mut fx),
        Event::Click(Control::ConfirmNo) | Event::ConfirmDismissed => model.cancel_new_game(now, &mut fx),
        Event::Click(Control::KeepGoing) => model.keep_going(now, &mut fx),
        Event::Click(Control::Hint) => model.ask_hint(&mut fx),
        Event::Click(Control::Autoplay) => model.toggle_autoplay(now, &mut fx),
        Event::Click(Control::Coach) => model.toggle_coach(&mut fx),
        Event::Click(Control::Undo) | Event::Undo => model.undo(now, &mut fx),
        Event::Speed(value) => model.speed_chosen(&value, &mut fx),
        Event::Strength(strength) => model.strength_chosen(strength, &mut fx),
        Event::Language(code) => model.language_chosen(&code, &mut fx),
        Event::Worker { generation, event } => model.worker_event(now, generation, event, &mut fx),
        Event::Frame => model.frame(now, &mut fx),
        Event::Timer(Timer::AutoplayStep { run }) => model.autoplay_step(now, run, &mut fx),
        Event::Timer(Timer::AfterFrame { run }) => model.after_frame(now, run, &mut fx),
        Event::Timer(Timer::Autosave) => model.autosave_timer(now, &mut fx),
        Event::Timer(Timer::Deadline { id }) => model.deadline(now, id, &mut fx),
        Event::Timer(Timer::StartTimeout { generation }) => model.start_timeout(now, generation, &mut fx),
        Event::Timer(Timer::AfterMove) => model.after_move(&mut fx),
        Event::Timer(Timer::StartSolver) => model.solving.start(model.strength, &mut fx),
        Event::NetworkFetched(result) => model.solving.network_fetched(result, &mut fx),
        Event::NetworkProgress { received, total } => model.solving.network_progress(received, total),
        Event::UpdateReady => model.update_ready = true,
        Event::Click(Control::Update) => model.apply_update(now, &mut fx),
        Event::PageHidden => {
            model.save_waiting(now, &mut fx);
            model.flush_coach(&mut fx);
        }
        Event::StoredGame { text, tally } => {
            model.stored_game_changed(now, text.as_deref(), tally.map(|t| *t), &mut fx)
        }
        Event::StoredBest(text) => model.stored_best_changed(text.as_deref()),
        Event::SaveFailed(problem) => model.telling.report(problem, &mut fx),
        Event::LinkCopied(true) => fx.push(Effect::Announce(vec![Message::LinkCopied])),
        Event::LinkCopied(false) => model.telling.notify(Message::LinkNotCopied),
        Event::Click(Control::TodaysGame) => model.ask_todays_game(now, &mut fx),
        Event::Click(Control::CopyResult) => model.copy_result(&mut fx),
        Event::ResultCopied(true) => fx.push(Effect::Announce(vec![Message::ResultCopied])),
        Event::ResultCopied(false) => model.telling.notify(Message::ResultNotCopied),
        Event::HistoryLoaded { games, set_aside } => model.history_loaded(games, set_aside, &mut fx),
        Event::HistoryUnavailable => model.history_unavailable(now),
        Event::KeepFailed => model.telling.notify(Message::KeepFailed),
        Event::Click(Control::Statistics) => model.open_panel(now, Panel::Stats, &mut fx),
        Event::Click(Control::Replay) => model.open_replay(now, &mut fx),
        Event::Click(Control::ReplayStep(step)) => model.replay_event(ReplayEvent::Step(step), &mut fx),
        Event::Click(Control::ReplayPlay) => model.replay_event(ReplayEvent::Play, &mut fx),
        Event::Click(Control::ReplayAnalyse) => model.analyse_replay(&mut fx),
        Event::Click(Control::ReplayExport) => model.replay_event(ReplayEvent::Export, &mut fx),
        Event::Click(Control::Review) => model.start_review(&mut fx),
        Event::Click(Control::ReviewEnded) => model.review_ended(now, &mut fx),
        Event::Timer(Timer::ReplayStep { run }) => model.replay_event(ReplayEvent::Timer { run }, &mut fx),
        Event::KeptLoaded { id, kept } => {
            model.replay_event(ReplayEvent::Loaded { id, kept: kept.map(|k| *k) }, &mut fx)
        }
        Event::AccuraciesLoaded(read) => model.keeping.accuracies_loaded(read),
        Event::ReviewLoaded { game, text } => model.review_loaded(game, text.as_deref(), &mut fx),
        Event::ReplayPick(value) => model.replay_event(ReplayEvent::Pick(value), &mut fx),
        Event::ReplaySeek(value) => model.replay_event(ReplayEvent::Seek(value), &mut fx),
        Event::ReplayFile(file) => model.replay_event(ReplayEvent::File(file), &mut fx),
        Event::Click(Control::ClosePanel) => model.close_panel(&mut fx),
        Event::Click(Control::LearnFromReview) => model.learn_from_review(now, &mut fx),
        Event::Click(Control::LearnFromCoach) => model.learn_from_coach(now, &mut fx),
        Event::Click(Control::Practice) => model.practise_deck(now, &mut fx),
        Event::Click(Control::DrillNext) => model.drill_next(),
        Event::DrillAnswer(direction) => model.drill_choose(now, direction, &mut fx),
        Event::DeckLoaded(cards) => model.deck_loaded(now, cards, &mut fx),
        Event::PanelClosed(panel) => model.panel_closed(panel),
    }
    // Whatever happened may let a review under way ask about its next move, a practice about
    // its board, or the coach's judging add to the deck.
    model.review_pump(&mut fx);
    model.practice_pump(now, &mut fx);
    fx
}
