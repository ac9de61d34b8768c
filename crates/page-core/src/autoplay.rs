//! Autoplay's state and pace: whether it is on, and how long it pauses between moves at each
//! position of the speed slider.
//!
//! Pure, so the speed scale is tested natively; `asking` runs the loop (ask the solver, play,
//! pause, repeat).

/// The slider runs from 0 (slowest) to this (fastest).
pub const MAX_SPEED: u8 = 10;
/// The speed before the player picks one: about six moves a second, easy to follow.
pub const DEFAULT_SPEED: u8 = 4;

/// The pause after each Autoplay move, in milliseconds: 1.2 s at the slowest, each step 40 %
/// shorter, and none at all at the fastest, where only the search and one animation frame
/// separate two moves.
pub fn delay_ms(speed: u8) -> u32 {
    if speed >= MAX_SPEED { 0 } else { (1200.0 * 0.6f64.powi(i32::from(speed))).round() as u32 }
}

/// The speed for the slider's `value` text; anything unreadable is the default, and values
/// outside the scale are clamped into it.
/// (Read as a decimal number by hand, rounded half up: the float parser and its tables would
/// add tens of kilobytes to the page's wasm.)
pub fn parse_speed(value: &str) -> u8 {
    let text = value.trim();
    let (negative, unsigned) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let (whole, fraction) = unsigned.split_once('.').unwrap_or((unsigned, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || !digits(fraction) || (whole.is_empty() && fraction.is_empty()) {
        return DEFAULT_SPEED;
    }
    if negative {
        return 0;
    }
    let whole: u64 = if whole.is_empty() { 0 } else { whole.parse().unwrap_or(u64::MAX) };
    let up = fraction.as_bytes().first().is_some_and(|&digit| digit >= b'5');
    whole.saturating_add(u64::from(up)).min(u64::from(MAX_SPEED)) as u8
}

/// Whether Autoplay runs, at what speed, and which run it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Autoplay {
    on: bool,
    speed: u8,
    /// Counts the starts: a timer set by an earlier run sees a different number and does nothing.
    run: u32,
}

impl Autoplay {
    pub fn new(speed: u8) -> Autoplay {
        Autoplay { on: false, speed: speed.min(MAX_SPEED), run: 0 }
    }

    pub fn is_on(self) -> bool {
        self.on
    }

    pub fn speed(self) -> u8 {
        self.speed
    }

    pub fn set_speed(&mut self, speed: u8) {
        self.speed = speed.min(MAX_SPEED);
    }

    /// Starts a new run and returns its number.
    pub fn start(&mut self) -> u32 {
        self.on = true;
        self.run = self.run.wrapping_add(1);
        self.run
    }

    /// Stops; returns whether it was on.
    pub fn stop(&mut self) -> bool {
        std::mem::replace(&mut self.on, false)
    }

    /// Whether run `run` is the one going on now.
    pub fn is_current(self, run: u32) -> bool {
        self.on && self.run == run
    }

    pub fn run(self) -> u32 {
        self.run
    }

    pub fn delay_ms(self) -> u32 {
        delay_ms(self.speed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slower_speeds_pause_longer_and_the_fastest_not_at_all() {
        assert_eq!(delay_ms(0), 1200);
        assert_eq!(delay_ms(1), 720);
        assert_eq!(delay_ms(MAX_SPEED), 0);
        assert_eq!(delay_ms(u8::MAX), 0);
        for speed in 0..MAX_SPEED {
            assert!(delay_ms(speed) > delay_ms(speed + 1), "speed {speed}");
        }
        assert!(delay_ms(MAX_SPEED - 1) > 0);
        let default = delay_ms(DEFAULT_SPEED);
        assert!((100..300).contains(&default), "the default is watchable: {default} ms");
    }

    #[test]
    fn slider_values_parse_and_clamp() {
        assert_eq!(parse_speed("0"), 0);
        assert_eq!(parse_speed("7"), 7);
        assert_eq!(parse_speed(" 10 "), 10);
        assert_eq!(parse_speed("12"), MAX_SPEED);
        assert_eq!(parse_speed("-3"), 0);
        assert_eq!(parse_speed("6.6"), 7);
        assert_eq!(parse_speed("6.4"), 6);
        assert_eq!(parse_speed(".5"), 1);
        assert_eq!(parse_speed("3."), 3);
        assert_eq!(parse_speed("-0.4"), 0);
        assert_eq!(parse_speed("1.2.3"), DEFAULT_SPEED);
        assert_eq!(parse_speed("."), DEFAULT_SPEED);
        assert_eq!(parse_speed(""), DEFAULT_SPEED);
        assert_eq!(parse_speed("fast"), DEFAULT_SPEED);
        assert_eq!(parse_speed("NaN"), DEFAULT_SPEED);
    }

    #[test]
    fn a_timer_from_an_old_run_is_not_current() {
        let mut autoplay = Autoplay::new(3);
        assert!(!autoplay.is_on());
        let first = autoplay.start();
        assert!(autoplay.is_current(first));
        assert!(autoplay.stop());
        assert!(!autoplay.stop(), "already off");
        assert!(!autoplay.is_current(first));
        let second = autoplay.start();
        assert!(!autoplay.is_current(first));
        assert!(autoplay.is_current(second));
    }

    #[test]
    fn speeds_are_kept_on_the_scale() {
        let mut autoplay = Autoplay::new(200);
        assert_eq!(autoplay.speed(), MAX_SPEED);
        autoplay.set_speed(2);
        assert_eq!(autoplay.delay_ms(), delay_ms(2));
    }
}
