//! The game itself on the model: a move, a new game and its confirmation, Keep going, a game
//! adopted from another tab, and saving it (with the notices storage problems call for).

use game_core::{Direction, Game, Status};

use super::autosave::Save;
use super::effect::{Effect, Saving, Timer};
use super::history::{Ending, Tally};
use super::keep::{TallySave, resume};
use super::model::{Confirming, Current, Model};
use super::replaying::{ReplayEvent, Step};
use crate::saved::decode_best;
use crate::text::Message;

impl Model {
    /// A key or a swipe: the player takes over from Autoplay, and the move is played. Nothing
    /// moves under the open confirmation.
    pub(super) fn player_move(&mut self, now: f64, direction: Direction, fx: &mut Vec<Effect>) {
        if self.panel == super::panels::Panel::Replay {
            if let Some(step) = Step::for_key(direction) {
                self.replay_event(ReplayEvent::Step(step), fx);
            }
            return;
        }
        if self.panel == super::panels::Panel::Drill {
            return self.drill_choose(now, direction, fx);
        }
        if self.confirm_open || self.entering.editor_open() || self.panel != super::panels::Panel::None {
            return;
        }
        self.stop_autoplay(now, fx);
        if self.game().status() == Status::Playing && self.game().board().slide(direction).moved {
            self.coach_move(direction, fx);
        }
        if self.play(now, direction, fx) && self.coach.on {
            self.after_paint(fx);
        }
    }

    /// Plays one move; returns whether it counted.
    pub(super) fn play(&mut self, now: f64, direction: Direction, fx: &mut Vec<Effect>) -> bool {
        let report = match self.current.daily {
            Some(daily) => daily.day.play_record(&mut self.current.record, direction),
            None => self.current.record.play(direction, &mut self.rng),
        };
        if !report.moved {
            return false;
        }
        self.moves += 1;
        // Tallied with the help it had: Hint asked on the board it was played on, Autoplay,
        // the coach.
        let hint = self.solving.hint().is_some() || self.solving.hint_asked();
        self.keeping.moved(now, hint, self.autoplay.is_on(), self.coach.on);
        self.current.started = true;
        self.solving.drop_hint();
        // Said of the game before this move: old news now.
        self.telling.retract(|m| *m == Message::GameChangedElsewhere);
        let autoplaying = self.autoplay.is_on();
        // At Autoplay's fastest a move lasts one frame, far less than a slide: every animation
        // would be cut off before it showed anything, and starting one costs frame time.
        let jump = autoplaying && self.autoplay.delay_ms() == 0;
        let won_now = report.won_now;
        fx.push(Effect::Animate { report, rows: self.game().board().rows(), jump });
        // Autoplay's moves are not said one by one: no screen reader keeps up at its pace.
        let mut said = Vec::new();
        if !autoplaying {
            said.push(Message::Moved { direction, score: self.game().score() });
        }
        if won_now {
            if autoplaying {
                // Autoplay takes the "keep going" choice itself rather than stall at 2048.
                self.current.record.continue_after_win();
                self.telling.show_toast(Message::WonAutoplayContinues, fx);
                said.push(Message::WonAutoplayContinues);
            } else {
                said.push(Message::Won { score: self.game().score() });
            }
        }
        let over = self.game().status() == Status::Over;
        if over {
            self.autoplay.stop();
            self.solving.drop_queued();
            said.push(Message::Over { score: self.game().score() });
        }
        if self.current.counts_for_best() {
            self.best = self.best.max(self.game().score());
        }
        if over {
            // Before the save, so that the tally saved with the ended game says it is kept
            // (another tab taking it up, or a reload, must not keep it again).
            self.keep_current(now, Ending::Over, fx);
        }
        // An Autoplay move is saved with the next ones; a player's move, a win and game over
        // at once.
        self.save_change(now, !autoplaying || won_now || over, fx);
        if !said.is_empty() {
            fx.push(Effect::Announce(said));
        }
        true
    }

    /// New game: asks first when a game is in progress. Autoplay pauses while it asks.
    pub(super) fn ask_new_game(&mut self, now: f64, fx: &mut Vec<Effect>) {
        self.confirm_then(Confirming::NewGame, now, fx);
    }

    /// Does `what` at once, or, when it would end a game in progress (while an entered board is
    /// analysed, the one set aside), asks first.
    pub(super) fn confirm_then(&mut self, what: Confirming, now: f64, fx: &mut Vec<Effect>) {
        let (started, status) = self.game_in_progress();
        if !started || status == Status::Over {
            self.confirming = what;
            self.confirmed(now, fx);
        } else if !self.confirm_open {
            self.confirm_open = true;
            self.confirming = what;
            fx.push(Effect::OpenConfirm);
        }
    }

    /// The confirmation was cancelled: the game goes on, and so does a paused Autoplay.
    pub(super) fn cancel_new_game(&mut self, now: f64, fx: &mut Vec<Effect>) {
        if std::mem::replace(&mut self.confirm_open, false) {
            fx.push(Effect::CloseConfirm);
            self.resume_autoplay(now, fx);
        }
    }

    pub(super) fn new_game(&mut self, now: f64, fx: &mut Vec<Effect>) {
        self.give_up(now, fx);
        let game = Current::fresh(Game::new(&mut self.rng));
        self.take_new(now, game, Message::NewGame, fx);
    }

    /// The game in progress (or the one set aside while an entered board is analysed) is
    /// given up for another, and kept.
    pub(super) fn give_up(&mut self, now: f64, fx: &mut Vec<Effect>) {
        if std::mem::replace(&mut self.confirm_open, false) {
            fx.push(Effect::CloseConfirm);
        }
        self.stop_autoplay(now, fx);
        match self.entering.give_up() {
            Some(aside) => {
                self.aside_day_ended(&aside, fx);
                self.keeping.keep_given_up(now, Ending::NewGame, aside.given_up(), fx);
            }
            None => self.keep_current(now, Ending::NewGame, fx),
        }
        self.solving.drop_hint();
    }

    /// `game` is on screen in place of the one given up, said as `said`.
    pub(super) fn take_new(&mut self, now: f64, game: Current, said: Message, fx: &mut Vec<Effect>) {
        self.current = game;
        self.keeping.set_tally(Tally::default());
        fx.push(self.show_board(true));
        self.save(now, fx);
        fx.push(Effect::Announce(vec![said]));
        self.coach_new_game(fx);
        self.coach_look(fx);
    }

    pub(super) fn keep_going(&mut self, now: f64, fx: &mut Vec<Effect>) {
        if self.game().status() != Status::Won {
            return;
        }
        self.current.record.continue_after_win();
        self.save(now, fx);
        fx.push(Effect::Announce(vec![Message::KeptGoing]));
    }

    /// Another tab wrote the saved game (and, just before it, `tally`: the game's record, help
    /// and flags, if it could be read). Writing this tab's game over it would lose the other's
    /// moves, so this tab takes the newer game up whole: its record from the first move, the
    /// help it had and whether it may raise Best, so that whichever tab gives it up keeps it as
    /// it was played. Its own Autoplay and hint stop (they were for another board). Best is not
    /// raised here: the tab that played the moves wrote Best itself, if the game may raise it
    /// ([`Event::StoredBest`](super::Event::StoredBest) brings it). A text that is not a game,
    /// or this tab's own game, changes nothing.
    pub(super) fn stored_game_changed(
        &mut self,
        now: f64,
        text: Option<&str>,
        tally: Option<TallySave>,
        fx: &mut Vec<Effect>,
    ) {
        let Some(game) = text.and_then(|text| Game::from_json(text).ok()) else { return };
        let taken = resume(game, None, tally);
        if self.entering.aside_changed(&taken) {
            self.telling.notify(Message::GameChangedElsewhere);
            return;
        }
        if game == self.game() {
            // The same board, but its tally may say more (the other tab played to it through
            // a game of its own that this one never saw).
            if taken.record.cursor() > self.current.record.cursor() {
                self.take_up(taken);
            }
            return;
        }
        if self.autoplay.stop() {
            fx.push(Effect::Announce(vec![Message::AutoplayOff]));
        }
        self.solving.drop_queued();
        self.solving.drop_hint();
        self.take_up(taken);
        // What is stored is newer than anything of this tab's still waiting to be written.
        self.autosave.saved(now);
        fx.push(self.show_board(false));
        self.telling.notify(Message::GameChangedElsewhere);
        fx.push(Effect::Announce(vec![Message::GameChangedElsewhere]));
        self.coach_look(fx);
    }

    /// The game another tab saved is this tab's now, as that tab left it.
    fn take_up(&mut self, taken: TallySave) {
        let (current, tally) = Current::taken_up(taken);
        self.current = current;
        self.keeping.set_tally(tally);
    }

    /// Another tab wrote the best score: a higher one is shown here too.
    pub(super) fn stored_best_changed(&mut self, text: Option<&str>) {
        if let Some(best) = text.and_then(decode_best) {
            self.best = self.best.max(best);
        }
    }

    /// Writes the game and the best now (not while an entered board is analysed: the game
    /// saved is the one set aside, untouched).
    pub(super) fn save(&mut self, now: f64, fx: &mut Vec<Effect>) {
        self.autosave.saved(now);
        if !self.entering.analysing() {
            let saving = Saving { tally: self.tally_save(), game: self.game(), best: self.best };
            fx.push(Effect::Save(Box::new(saving)));
        }
    }

    /// Whether the game a new game would end has had a move, and how it stands.
    fn game_in_progress(&self) -> (bool, Status) {
        match self.entering.aside() {
            Some(aside) => aside.in_progress(),
            None => (self.current.started, self.game().status()),
        }
    }

    /// The confirmation's "yes".
    pub(super) fn confirmed(&mut self, now: f64, fx: &mut Vec<Effect>) {
        match self.confirming {
            Confirming::NewGame => self.new_game(now, fx),
            Confirming::PlayEntered => self.play_entered(now, fx),
            Confirming::TodaysGame => self.start_todays_game(now, fx),
        }
    }

    /// The game changed: saved now if `urgent`, else as [`Autosave`] paces Autoplay's saves.
    ///
    /// [`Autosave`]: super::autosave::Autosave
    pub(super) fn save_change(&mut self, now: f64, urgent: bool, fx: &mut Vec<Effect>) {
        let decision = self.autosave.changed(now, urgent);
        self.follow(now, decision, fx);
    }

    pub(super) fn autosave_timer(&mut self, now: f64, fx: &mut Vec<Effect>) {
        let decision = self.autosave.timer_fired(now);
        self.follow(now, decision, fx);
    }

    fn follow(&mut self, now: f64, decision: Save, fx: &mut Vec<Effect>) {
        match decision {
            Save::Now => self.save(now, fx),
            Save::After(ms) => fx.push(Effect::Timer { ms, timer: Timer::Autosave }),
            Save::Waiting | Save::Nothing => {}
        }
    }

    /// Saves a change that waits for Autoplay's next save, if there is one.
    pub(super) fn save_waiting(&mut self, now: f64, fx: &mut Vec<Effect>) {
        if self.autosave.is_dirty() {
            self.save(now, fx);
        }
    }
}
