//! What the page tells the player beside the board: the notices (`#notice`) and the last
//! toast, kept as messages so that a change of language says them again, and which storage
//! problems are worth telling (once where telling again says nothing new).

use super::effect::Effect;
use crate::saved::Problem;
use crate::text::Message;

#[derive(Default)]
pub(super) struct Telling {
    /// What `#notice` says.
    notices: Vec<Message>,
    /// That the game is not being saved was said.
    told_not_saved: bool,
    /// The last toast.
    toast: Option<Message>,
}

impl Telling {
    /// A storage problem, told once where telling it again says nothing new.
    pub fn report(&mut self, problem: Problem, fx: &mut Vec<Effect>) {
        let message = match problem {
            Problem::Unavailable | Problem::SaveFailed if self.told_not_saved => return,
            Problem::Unavailable => Message::StorageUnavailable,
            Problem::SaveFailed => Message::SaveFailed,
            Problem::CorruptGame(error) => {
                fx.push(Effect::Warn(format!("2048.game ignored: {error}")));
                Message::CorruptGame
            }
            Problem::CorruptBest => Message::CorruptBest,
            Problem::CorruptDaily(error) => {
                fx.push(Effect::Warn(format!("2048.daily set aside: {error}")));
                Message::CorruptDaily
            }
            Problem::CorruptCoach(error) => {
                fx.push(Effect::Warn(format!("2048.coach ignored: {error}")));
                Message::CorruptCoach
            }
        };
        if matches!(message, Message::StorageUnavailable | Message::SaveFailed) {
            self.told_not_saved = true;
        }
        self.notify(message);
    }

    pub fn notices(&self) -> &[Message] {
        &self.notices
    }

    pub fn toast(&self) -> Option<&Message> {
        self.toast.as_ref()
    }

    /// Shows `message` in a toast, kept to be said again in another language.
    pub fn show_toast(&mut self, message: Message, fx: &mut Vec<Effect>) {
        self.toast = Some(message.clone());
        fx.push(Effect::Toast(message));
    }

    /// Takes back the notices that are old news.
    pub fn retract(&mut self, old: impl Fn(&Message) -> bool) {
        self.notices.retain(|m| !old(m));
    }

    /// Says `message` in `#notice`, once.
    pub fn notify(&mut self, message: Message) {
        if !self.notices.contains(&message) {
            self.notices.push(message);
        }
    }
}
