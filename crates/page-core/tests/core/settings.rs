//! Speed, strength and language: shown, remembered, and reaching what runs.

use page_core::autoplay::{DEFAULT_SPEED, MAX_SPEED, delay_ms};
use page_core::request::Strength;
use page_core::saved::Problem;
use page_core::text::{Language, Message};
use page_core::{Control, Effect, Event, Timer};

use crate::harness::{MID, Page};

#[test]
fn the_speed_slider_is_read_kept_and_reaches_a_running_autoplay() {
    let mut page = Page::ready_on(MID, 3);
    page.click(Control::Autoplay);
    page.send(Event::Speed("6".into()));
    assert_eq!(page.fx, [Effect::ShowSpeed(6), Effect::SaveSpeed(6)]);
    page.answer_legal();
    let Some((ms, Timer::AutoplayStep { .. })) = page.autoplay_timer() else { panic!("{:?}", page.fx) };
    assert_eq!(ms, delay_ms(6));
    page.send(Event::Speed("fast".into()));
    assert_eq!(page.model.speed(), DEFAULT_SPEED);
    page.send(Event::Speed("99".into()));
    assert_eq!(page.model.speed(), MAX_SPEED);
    page.send(Event::SaveFailed(Problem::SaveFailed));
    assert_eq!(page.model.notices(), [Message::SaveFailed]);
}

#[test]
fn a_strength_is_kept_and_asked_for_from_the_next_request() {
    let mut page = Page::ready_on(MID, 4);
    page.send(Event::Strength(Some(Strength::Strong)));
    assert_eq!(
        page.fx,
        [Effect::SaveStrength(Strength::Strong), Effect::FetchNetwork, Effect::ReleasePointerFocus]
    );
    page.choose_with_network(Strength::Strong);
    page.click(Control::Hint);
    assert_eq!(page.last_ask().strength, Strength::Strong);
    page.send(Event::Strength(None));
    assert_eq!(page.fx, [Effect::ShowStrength(Strength::Strong), Effect::ReleasePointerFocus]);
    assert_eq!(page.model.strength(), Strength::Strong);
}

#[test]
fn a_language_changes_every_word_and_nothing_else() {
    let mut page = Page::ready_on(MID, 4);
    page.click(Control::Hint);
    page.answer(Some(game_core::Direction::Left));
    page.send(Event::SaveFailed(Problem::SaveFailed));
    page.send(Event::Language("ko".into()));
    assert_eq!(
        page.fx,
        [
            Effect::ApplyLanguage { language: Language::Ko, speed: 4, toast: None },
            Effect::SaveLanguage(Language::Ko),
            Effect::Announce(vec![Message::LanguageChanged]),
        ]
    );
    assert_eq!(page.model.language(), Language::Ko);
    assert_eq!(page.model.hint(), Some(game_core::Direction::Left), "the hint stays");
    assert_eq!(page.model.notices(), [Message::SaveFailed], "notices stay, to be said anew");
    page.send(Event::Language("ko".into()));
    assert!(page.fx.is_empty(), "the same language again changes nothing");
    page.send(Event::Language("klingon".into()));
    assert_eq!(
        page.fx,
        [Effect::ApplyLanguage { language: Language::Ko, speed: 4, toast: None }],
        "the selector is set back"
    );
}
