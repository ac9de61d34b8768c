//! The practice deck: every much worse move the player made (judged by the coach while playing,
//! or by a game's review) becomes a card, its board to be answered again later, on a schedule of
//! spaced repetition: a right answer sends the card further off each time in a row it is right
//! ([`INTERVAL_DAYS`]), a wrong one brings it back within minutes ([`AGAIN_MS`]) and, in the
//! practice under way, a few questions later ([`AGAIN_AFTER`]).
//!
//! The deck holds at most [`DECK_MAX`] cards: past that the oldest added goes. Each card is kept
//! on its own in storage (`saved::card`), under its board's key ([`key_of`]), so that two tabs
//! adding cards never write over each other's. Times are the wall clock's, in milliseconds
//! since 1970 (a card is due on a later visit).

use game_core::{Board, Direction};

/// The most cards the deck keeps.
pub const DECK_MAX: usize = 200;
/// The most questions one practice asks (the due cards, soonest due first).
pub const PRACTICE_MAX: usize = 10;
/// How long after a right answer a card is due again, by how many right answers in a row it
/// has had before this one; past the last, the last.
pub const INTERVAL_DAYS: [u64; 6] = [1, 3, 7, 14, 30, 60];
/// How soon a card answered wrong is due again, on a later practice.
pub const AGAIN_MS: u64 = 10 * 60 * 1000;
/// In the practice under way, a card answered wrong is asked again after this many other
/// questions (or last, when fewer are left).
pub const AGAIN_AFTER: usize = 2;
const DAY_MS: u64 = 24 * 60 * 60 * 1000;

/// One board to practise: what was played there and what the solver played, and its schedule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Card {
    pub board: Board,
    pub played: Direction,
    pub best: Direction,
    /// When it joined the deck.
    pub added: u64,
    /// When it is next due.
    pub due: u64,
    /// Right answers in a row, up to now.
    pub streak: u8,
    pub right: u32,
    pub wrong: u32,
}

/// The key a card of `board` is kept under: one card a board.
pub fn key_of(board: Board) -> String {
    format!("{:032x}", board.key())
}

impl Card {
    /// A card for a much worse move, due at once.
    pub fn new(board: Board, played: Direction, best: Direction, now: u64) -> Card {
        Card { board, played, best, added: now, due: now, streak: 0, right: 0, wrong: 0 }
    }

    pub fn key(&self) -> String {
        key_of(self.board)
    }

    /// The player answered it, `right` or not, at `now`: its next due time.
    pub fn answered(&mut self, right: bool, now: u64) {
        if right {
            let step = usize::from(self.streak).min(INTERVAL_DAYS.len() - 1);
            self.due = now + INTERVAL_DAYS[step] * DAY_MS;
            self.streak = self.streak.saturating_add(1);
            self.right = self.right.saturating_add(1);
        } else {
            self.due = now + AGAIN_MS;
            self.streak = 0;
            self.wrong = self.wrong.saturating_add(1);
        }
    }
}

/// Where the deck's cards are: still being read, read, or nowhere to keep them (they live for
/// the visit only).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Stored {
    #[default]
    Reading,
    Read,
    Nowhere,
}

/// What a change to the deck asks storage to do.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Change {
    /// Cards to write (over any kept under their keys).
    pub save: Vec<Card>,
    /// Keys of cards to delete (the oldest, past [`DECK_MAX`]).
    pub delete: Vec<String>,
}

impl Change {
    pub fn is_empty(&self) -> bool {
        self.save.is_empty() && self.delete.is_empty()
    }
}

/// The deck: its cards, oldest added first.
#[derive(Clone, Debug, Default)]
pub struct Deck {
    cards: Vec<Card>,
    stored: Stored,
    /// Cards added or answered while the deck was being read (answered: `true`): written once
    /// it is.
    unwritten: Vec<(Card, bool)>,
}

impl Deck {
    /// Whether storage is still being read (the deck holds only this visit's cards so far).
    pub fn is_reading(&self) -> bool {
        self.stored == Stored::Reading
    }

    pub fn cards(&self) -> &[Card] {
        &self.cards
    }

    pub fn card(&self, board: Board) -> Option<&Card> {
        self.cards.iter().find(|c| c.board == board)
    }

    /// Adds `card` unless its board is in the deck already (its schedule is kept).
    pub fn add(&mut self, card: Card) -> Change {
        if self.card(card.board).is_some() {
            return Change::default();
        }
        self.cards.push(card);
        let delete = self.bound();
        self.written(card, false, delete)
    }

    /// The card of `board`, if the deck holds one, answered `right` or not at `now`.
    pub fn answered(&mut self, board: Board, right: bool, now: u64) -> Change {
        let Some(card) = self.cards.iter_mut().find(|c| c.board == board) else { return Change::default() };
        card.answered(right, now);
        let card = *card;
        self.written(card, true, Vec::new())
    }

    /// The cards due at `now`, soonest due first (then oldest added), at most [`PRACTICE_MAX`].
    pub fn due(&self, now: u64) -> Vec<Card> {
        let mut due: Vec<Card> = self.cards.iter().copied().filter(|c| c.due <= now).collect();
        due.sort_by_key(|c| (c.due, c.added));
        due.truncate(PRACTICE_MAX);
        due
    }

    /// When the next card is due, if any card is.
    pub fn next_due(&self) -> Option<u64> {
        self.cards.iter().map(|c| c.due).min()
    }

    /// The cards storage held (those read; the unreadable are set aside by the shell), merged
    /// with those this visit added or answered before they came: for a board in both, the
    /// stored card if this visit only added it again (its schedule goes on), this visit's if it
    /// was answered here (its latest answer is its schedule). Bounded, and what changed written.
    pub fn loaded(&mut self, stored: Vec<Card>) -> Change {
        self.stored = Stored::Read;
        let kept = |board: Board| stored.iter().any(|s| s.board == board);
        // This visit's cards that win over storage's: answered here, or new to it.
        let mine: Vec<Card> = std::mem::take(&mut self.unwritten)
            .into_iter()
            .filter(|&(card, answered)| answered || !kept(card.board))
            .map(|(card, _)| card)
            .collect();
        let mut cards: Vec<Card> =
            stored.iter().copied().filter(|s| !mine.iter().any(|m| m.board == s.board)).collect();
        cards.extend(&mine);
        cards.sort_by_key(|c| c.added);
        self.cards = cards;
        let delete = self.bound();
        let save = mine.iter().filter_map(|m| self.card(m.board).copied()).collect();
        Change { save, delete }
    }

    /// Storage cannot keep the deck: it lives for this visit.
    pub fn unavailable(&mut self) {
        self.stored = Stored::Nowhere;
        self.unwritten.clear();
    }

    /// Drops the oldest past [`DECK_MAX`]; their keys.
    fn bound(&mut self) -> Vec<String> {
        let over = self.cards.len().saturating_sub(DECK_MAX);
        let gone: Vec<Card> = self.cards.drain(..over).collect();
        self.unwritten.retain(|(u, _)| !gone.iter().any(|g| g.board == u.board));
        gone.iter().map(Card::key).collect()
    }

    /// `card` changed (`answered`, or added): written now, or once the deck is read.
    fn written(&mut self, card: Card, answered: bool, delete: Vec<String>) -> Change {
        match self.stored {
            Stored::Read => Change { save: vec![card], delete },
            Stored::Reading => {
                let before = self.unwritten.iter().position(|(u, _)| u.board == card.board);
                let answered = answered || before.is_some_and(|i| self.unwritten[i].1);
                if let Some(i) = before {
                    self.unwritten.remove(i);
                }
                self.unwritten.push((card, answered));
                Change::default()
            }
            Stored::Nowhere => Change::default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A card of a board of its own (`n`'s bits as 2s and 4s over the cells), added at `n`.
    fn card(n: u64) -> Card {
        let mut exponents = [[0u8; 4]; 4];
        for (cell, bit) in (0..16).zip(0..) {
            exponents[cell / 4][cell % 4] = if n >> bit & 1 == 1 { 2 } else { 1 };
        }
        let board = Board::from_exponents(exponents).unwrap();
        Card::new(board, Direction::Up, Direction::Left, n)
    }

    #[test]
    fn the_deck_keeps_one_card_a_board_and_its_newest_cards_past_the_bound() {
        let mut deck = Deck::default();
        deck.loaded(Vec::new());
        assert_eq!(deck.add(card(0)).save, vec![card(0)]);
        assert!(deck.add(card(0)).is_empty(), "a board already in the deck is not added again");
        for n in 1..DECK_MAX as u64 {
            deck.add(card(n));
        }
        let change = deck.add(card(DECK_MAX as u64));
        assert_eq!(change.delete, vec![card(0).key()], "the oldest goes");
        assert_eq!(deck.cards().len(), DECK_MAX);
        assert_eq!(deck.cards()[0], card(1));
    }

    #[test]
    fn due_cards_come_soonest_due_first_and_at_most_a_practice_of_them() {
        let mut deck = Deck::default();
        deck.loaded(Vec::new());
        for n in 0..15 {
            deck.add(card(n));
        }
        deck.answered(card(0).board, false, 0);
        let due = deck.due(1_000);
        assert_eq!(due.len(), PRACTICE_MAX);
        assert_eq!(due[0], card(1), "the card answered wrong is due again later, not now");
        assert_eq!(deck.card(card(0).board).unwrap().due, AGAIN_MS, "it is due once its wait is over");
    }

    #[test]
    fn a_card_added_again_before_the_deck_is_read_keeps_its_kept_schedule_and_one_answered_here_its_new_one()
    {
        let mut kept = [card(1), card(2)];
        for c in &mut kept {
            c.answered(true, 50);
        }
        let mut deck = Deck::default();
        assert!(deck.add(card(1)).is_empty(), "nothing written before the deck is read");
        deck.add(card(2));
        deck.answered(card(2).board, false, 70);
        deck.add(card(3));
        let change = deck.loaded(kept.to_vec());
        assert_eq!(deck.card(card(1).board), Some(&kept[0]), "added again: the kept schedule goes on");
        assert_eq!(deck.card(card(2).board).unwrap().due, 70 + AGAIN_MS, "answered here: its answer counts");
        assert_eq!(deck.cards().len(), 3);
        let saved: Vec<Board> = change.save.iter().map(|c| c.board).collect();
        assert_eq!(saved, [card(2).board, card(3).board], "the kept card is not written again");
    }

    #[test]
    fn without_storage_the_deck_still_holds_its_cards_for_the_visit() {
        let mut deck = Deck::default();
        deck.unavailable();
        assert!(deck.add(card(3)).is_empty(), "nothing to write to");
        assert_eq!(deck.cards(), &[card(3)]);
    }
}
