//! The game of the day on the model: "Today's game" (the game in progress given up and kept as
//! New game does), the first try of the day counting and later ones practice, the day's result
//! written when its first try ends, the solver's result asked of the worker in the background
//! and kept, and the result copied to share. How a date becomes the day's tiles is `daily`'s;
//! the results kept, `days`'.

use game_core::Status;

use super::coach::Coach;
use super::effect::Effect;
use super::entered::SetAside;
use super::model::{Current, Model};
use crate::daily::{DailyTry, Day};
use crate::days::{Days, Outcome};
use crate::text::Message;

/// What the page shows of the day's game on screen (`#daily`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DailyView {
    pub attempt: DailyTry,
    /// The game has ended (no move left): its result and the share are shown.
    pub over: bool,
    /// The game on screen so far.
    pub player: Outcome,
    /// The solver's result on the same game, once known.
    pub solver: Option<Outcome>,
    /// The worker is playing the day's game now.
    pub solver_playing: bool,
    /// Of the game's moves, (the solver's choice, judged), when the coach judged every move.
    pub agreed: Option<(u32, u32)>,
}

impl DailyView {
    /// What `#daily` says, line by line.
    pub fn lines(&self) -> Vec<Message> {
        let date = self.attempt.day.to_string();
        if !self.over {
            return vec![Message::DailyTry { date, counts: self.attempt.counts }];
        }
        let mut lines = vec![Message::DailyOver {
            date,
            score: self.player.score,
            tile: self.player.tile,
            counts: self.attempt.counts,
        }];
        match self.solver {
            Some(solver) => lines.push(Message::DailySolver { score: solver.score, tile: solver.tile }),
            None if self.solver_playing => lines.push(Message::DailySolverPlaying),
            None => {}
        }
        lines
    }

    /// The short text "Copy result" puts on the clipboard.
    pub fn share(&self) -> Message {
        Message::DailyShare {
            date: self.attempt.day.to_string(),
            tile: self.player.tile,
            score: self.player.score,
            agreed: self.agreed.map(|(agreed, judged)| percent(agreed, judged)),
        }
    }
}

/// `part` of `whole` in whole percent, rounded down (never 100 short of all).
fn percent(part: u32, whole: u32) -> u32 {
    if whole == 0 { 0 } else { (u64::from(part) * 100 / u64::from(whole)) as u32 }
}

/// `coach`'s count, if it judged every one of a game's `moves`.
fn agreed(coach: &Coach, moves: usize) -> Option<(u32, u32)> {
    (coach.moves > 0 && coach.moves as usize == moves).then_some((coach.agreed, coach.moves))
}

/// What a day's first try that ended makes of its day.
struct FirstTry {
    day: Day,
    player: Outcome,
    /// No Undo in it.
    counted: bool,
    agreed: Option<(u32, u32)>,
}

/// What `current`, if it is a day's first try that ended, judged by `coach`, makes of its day.
fn first_try_result(current: &Current, coach: &Coach) -> Option<FirstTry> {
    let attempt = current.daily.filter(|a| a.counts)?;
    let moves = current.record.cursor();
    let player = Outcome::of(&current.record.game(), moves);
    Some(FirstTry { day: attempt.day, player, counted: !current.practised, agreed: agreed(coach, moves) })
}

impl Model {
    /// "Today's game": asks first when a game is in progress, as New game does.
    pub(super) fn ask_todays_game(&mut self, now: f64, fx: &mut Vec<Effect>) {
        self.confirm_then(super::model::Confirming::TodaysGame, now, fx);
    }

    /// The game in progress is given up (and kept), and today's game starts: it counts if it is
    /// the day's first try, else it is practice.
    pub(super) fn start_todays_game(&mut self, now: f64, fx: &mut Vec<Effect>) {
        let day = Day::of_epoch_ms(self.keeping.epoch(now));
        self.give_up(now, fx);
        let counts = self.days.start(day);
        if counts {
            self.save_days(fx);
        }
        let attempt = DailyTry { day, counts };
        let game = Current { daily: Some(attempt), ..Current::fresh(day.first_game()) };
        self.take_new(now, game, Message::DailyTry { date: day.to_string(), counts }, fx);
    }

    /// The game on screen ends (no move left, or given up): if it is a day's first try, its
    /// result is the day's; the solver's result on it is asked for.
    pub(super) fn day_ended(&mut self, fx: &mut Vec<Effect>) {
        if self.current.daily.is_some() {
            let result = first_try_result(&self.current, &self.coach);
            self.keep_day(result, fx);
        }
    }

    /// The game set aside while an entered board is analysed is given up: the same as
    /// [`Model::day_ended`] for it.
    pub(super) fn aside_day_ended(&mut self, aside: &SetAside, fx: &mut Vec<Effect>) {
        if aside.current().daily.is_some() {
            let result = first_try_result(aside.current(), aside.coach());
            self.keep_day(result, fx);
        }
    }

    fn keep_day(&mut self, result: Option<FirstTry>, fx: &mut Vec<Effect>) {
        if let Some(FirstTry { day, player, counted, agreed }) = result
            && self.days.update(day, player, counted, true, agreed)
        {
            self.save_days(fx);
        }
        self.ask_day(fx);
    }

    /// The coach judged more moves: a day's first try that has ended (its last move is judged
    /// after the frame that shows it) takes the coach's final count.
    pub(super) fn day_judged(&mut self, fx: &mut Vec<Effect>) {
        let Some(attempt) = self.current.daily.filter(|a| a.counts) else { return };
        let moves = self.current.record.cursor();
        if self.status() == Status::Over
            && let Some(agreed) = self.agreed(moves)
            && self.days.set_agreed(attempt.day, moves, agreed)
        {
            self.save_days(fx);
        }
    }

    /// The coach's count, if it judged every one of the game's `moves`.
    fn agreed(&self, moves: usize) -> Option<(u32, u32)> {
        agreed(&self.coach, moves)
    }

    /// Asks the worker to play the newest day whose first try has ended and whose solver's
    /// result is not known yet.
    pub(super) fn ask_day(&mut self, fx: &mut Vec<Effect>) {
        if let Some(day) = self.days.all().iter().rev().find(|d| d.finished && d.solver.is_none()) {
            self.solving.ask_day(day.day, fx);
        }
    }

    /// The worker played `day`'s game: its result is kept, and the next day waiting is asked.
    pub(super) fn day_played(&mut self, day: Day, outcome: Outcome, fx: &mut Vec<Effect>) {
        if self.days.solved(day, outcome) {
            self.save_days(fx);
        }
        self.ask_day(fx);
    }

    fn save_days(&self, fx: &mut Vec<Effect>) {
        fx.push(Effect::SaveDays(self.days.clone()));
    }

    /// "Copy result": the day's game's result, once it has ended, onto the clipboard.
    pub(super) fn copy_result(&self, fx: &mut Vec<Effect>) {
        if let Some(view) = self.daily().filter(|v| v.over) {
            fx.push(Effect::CopyResult(self.language.message(&view.share())));
        }
    }

    /// The day's game on screen, if the game on screen is one.
    pub fn daily(&self) -> Option<DailyView> {
        let attempt = self.current.daily?;
        let moves = self.current.record.cursor();
        Some(DailyView {
            attempt,
            over: self.status() == Status::Over,
            player: Outcome::of(&self.game(), moves),
            solver: self.days.get(attempt.day).and_then(|d| d.solver),
            solver_playing: self.solving.playing_day(),
            agreed: self.agreed(moves),
        })
    }

    /// The days played, oldest first.
    pub fn days(&self) -> &Days {
        &self.days
    }
}
