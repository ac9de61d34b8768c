//! When the game in progress is written to storage: at once after a player's move, at most
//! every [`AUTOPLAY_SAVE_MS`] while Autoplay plays.
//!
//! At Autoplay's fastest a move comes every frame, and writing the game to `localStorage` each
//! time is main-thread work (a synchronous write, and a read of the best score) that a phone
//! cannot spare within a frame. So during Autoplay a change is saved at once only if nothing
//! was saved in the last [`AUTOPLAY_SAVE_MS`]; otherwise it waits. At the fastest speed the
//! page writes it just after a frame once that time is up ([`Autosave::is_due`]), where the
//! write delays no frame; a timer, [`TIMER_GRACE_MS`] later, writes it if no frame did (slower
//! speeds, a long search). The page also saves what is waiting when Autoplay stops, on a win or
//! game over, and when the page is hidden or left (`visibilitychange`, `pagehide`). So a reload
//! or a closed tab during Autoplay loses nothing, and a browser that dies without a word loses
//! at most the moves of the last 0.6 s.
//!
//! Pure (the clock is passed in), so the policy is tested natively; the shell does the writing.

/// The least time between two saves while Autoplay plays, in milliseconds.
pub const AUTOPLAY_SAVE_MS: f64 = 500.0;
/// How long after [`AUTOPLAY_SAVE_MS`] the timer waits for a frame to have saved instead.
pub const TIMER_GRACE_MS: f64 = 100.0;

/// What to do about a change to the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Save {
    /// Write it now.
    Now,
    /// Set a timer for this many milliseconds, then write whatever is still waiting.
    After(u32),
    /// Nothing: a timer is already set and will write it.
    Waiting,
    /// Nothing: there is nothing left to write.
    Nothing,
}

/// Whether a change waits to be saved, and when the last save was.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Autosave {
    /// When the game was last written (`performance.now()` milliseconds).
    last: Option<f64>,
    /// A change not yet written.
    dirty: bool,
    /// A timer is set to write it.
    timer_set: bool,
}

impl Autosave {
    pub fn new() -> Autosave {
        Autosave::default()
    }

    /// The game changed at `now`. `urgent` changes (a player's move, a new game, a win, game
    /// over) are written at once; others (Autoplay's moves) at most every
    /// [`AUTOPLAY_SAVE_MS`].
    pub fn changed(&mut self, now: f64, urgent: bool) -> Save {
        self.dirty = true;
        let since = self.last.map(|last| now - last);
        // A clock that went backwards (never, with performance.now) counts as long ago.
        let recent = since.is_some_and(|since| (0.0..AUTOPLAY_SAVE_MS).contains(&since));
        if urgent || !recent {
            Save::Now
        } else if self.timer_set {
            Save::Waiting
        } else {
            self.set_timer(since.unwrap_or(0.0))
        }
    }

    /// A timer for when a save made `since` milliseconds ago is [`TIMER_GRACE_MS`] past due.
    fn set_timer(&mut self, since: f64) -> Save {
        self.timer_set = true;
        let wait = AUTOPLAY_SAVE_MS - since + TIMER_GRACE_MS;
        Save::After(wait.ceil().clamp(1.0, AUTOPLAY_SAVE_MS + TIMER_GRACE_MS) as u32)
    }

    /// Whether a change waits and [`AUTOPLAY_SAVE_MS`] have passed since the last save at
    /// `now`: then a moment that costs no frame (just after one) is the time to write it.
    pub fn is_due(&self, now: f64) -> bool {
        self.dirty && self.last.is_none_or(|last| !(0.0..AUTOPLAY_SAVE_MS).contains(&(now - last)))
    }

    /// The game was written at `now` (whatever the outcome: a failure is reported, not retried
    /// every frame).
    pub fn saved(&mut self, now: f64) {
        self.last = Some(now);
        self.dirty = false;
    }

    /// The timer set by [`Save::After`] went off at `now`: write what waits ([`Save::Now`]),
    /// nothing if it was written meanwhile, or wait again if it was written so recently that
    /// what changed since must wait its turn.
    pub fn timer_fired(&mut self, now: f64) -> Save {
        self.timer_set = false;
        if !self.dirty {
            Save::Nothing
        } else if self.is_due(now) {
            Save::Now
        } else {
            self.set_timer(self.last.map_or(0.0, |last| now - last))
        }
    }

    /// Whether a change waits to be written (Autoplay stopping, the page hidden or left: then
    /// it is written at once).
    pub fn is_dirty(&self) -> bool {
        self.dirty
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urgent_changes_and_the_first_change_are_saved_at_once() {
        let mut autosave = Autosave::new();
        assert_eq!(autosave.changed(10.0, false), Save::Now, "nothing saved yet");
        autosave.saved(10.0);
        assert!(!autosave.is_dirty());
        assert_eq!(autosave.changed(20.0, true), Save::Now, "a player's move, a win, game over");
        autosave.saved(20.0);
        assert_eq!(autosave.changed(20.0 + AUTOPLAY_SAVE_MS, false), Save::Now, "long enough after");
    }

    #[test]
    fn autoplay_moves_are_saved_at_most_every_half_second_and_none_is_lost() {
        let mut autosave = Autosave::new();
        let mut writes = vec![];
        let mut timer: Option<f64> = None;
        let mut timer_writes = 0;
        let frame_ms = 1000.0 / 60.0;
        // 3 seconds of frames. A move in most, each followed just after its frame by the write
        // if one is due; in some stretches none (a long search), where only the timer can write.
        for frame in 0..180 {
            let now = f64::from(frame) * frame_ms;
            if timer.is_some_and(|due| due <= now) {
                timer = None;
                match autosave.timer_fired(now) {
                    Save::Now => {
                        autosave.saved(now);
                        writes.push(now);
                        timer_writes += 1;
                    }
                    Save::After(ms) => timer = Some(now + f64::from(ms)),
                    Save::Nothing => {}
                    Save::Waiting => panic!("the timer that fired is not set"),
                }
            }
            let moving = !(25..45).contains(&(frame % 60));
            if moving {
                match autosave.changed(now, false) {
                    Save::Now => {
                        autosave.saved(now);
                        writes.push(now);
                    }
                    Save::After(ms) => {
                        assert!(timer.is_none(), "one timer at a time");
                        assert!(ms >= 1 && f64::from(ms) <= AUTOPLAY_SAVE_MS + TIMER_GRACE_MS);
                        timer = Some(now + f64::from(ms));
                    }
                    Save::Waiting => assert!(timer.is_some(), "waiting on a timer that is set"),
                    Save::Nothing => panic!("a change always has something to write"),
                }
                let after_frame = now + 5.0;
                if autosave.is_due(after_frame) {
                    autosave.saved(after_frame);
                    writes.push(after_frame);
                }
            }
            // A change never waits longer than the period, the timer's grace and a frame.
            let last = *writes.last().unwrap();
            assert!(
                !autosave.is_dirty() || now - last < AUTOPLAY_SAVE_MS + TIMER_GRACE_MS + frame_ms,
                "at {now}: last write {last}"
            );
        }
        assert!((5..=7).contains(&writes.len()), "{} writes in 3 s: {writes:?}", writes.len());
        for pair in writes.windows(2) {
            assert!(pair[1] - pair[0] >= AUTOPLAY_SAVE_MS, "writes {pair:?} too close");
        }
        assert!(timer_writes > 0, "the timer writes in a stretch without frames: {writes:?}");
    }

    #[test]
    fn a_timer_with_nothing_left_to_write_writes_nothing() {
        let mut autosave = Autosave::new();
        autosave.saved(0.0);
        assert_eq!(autosave.changed(100.0, false), Save::After(500));
        assert!(!autosave.is_due(499.0));
        assert!(autosave.is_due(500.0));
        assert_eq!(autosave.changed(200.0, false), Save::Waiting);
        // Autoplay stopped meanwhile and the game was written then.
        autosave.saved(250.0);
        assert_eq!(autosave.timer_fired(600.0), Save::Nothing, "already written");
        assert!(!autosave.is_due(1000.0), "nothing waits");
        // The timer is free again for the next deferred change.
        assert_eq!(autosave.changed(300.0, false), Save::After(550));
        assert_eq!(autosave.timer_fired(850.0), Save::Now);
    }

    #[test]
    fn a_timer_that_finds_a_recent_write_waits_again() {
        let mut autosave = Autosave::new();
        autosave.saved(0.0);
        assert_eq!(autosave.changed(100.0, false), Save::After(500));
        // A frame wrote it when due, and the game changed again since.
        autosave.saved(505.0);
        assert_eq!(autosave.changed(520.0, false), Save::Waiting);
        // The timer set at 100 ms goes off at 600: too soon after 505 to write again.
        assert_eq!(autosave.timer_fired(600.0), Save::After(505));
        assert_eq!(autosave.timer_fired(1105.0), Save::Now);
    }
}
