//! The page around the tiles in a real browser, on index.html's own markup: labels, the grid
//! for screen readers, the banner, the buttons' states, the hint arrow, scores and notices.
#![cfg(target_arch = "wasm32")]

mod common;

use common::{by_id, count, document, html, mount_page};
use game_core::{Direction, Status};
use page_core::text::{Label, Language, Message, SitePage};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use wasm_ui::view::{View, status_name};

wasm_bindgen_test_configure!(run_in_browser);

fn view() -> View {
    let view = View::find(&mount_page()).expect("index.html has every element the view needs");
    view.apply_labels(Language::En).unwrap();
    view
}

fn is_hidden(id: &str) -> bool {
    by_id(id).has_attribute("hidden")
}

#[wasm_bindgen_test]
fn every_text_key_in_the_page_is_in_the_table() {
    let document = mount_page();
    for attribute in ["data-text", "data-text-label"] {
        let nodes = document.query_selector_all(&format!("[{attribute}]")).unwrap();
        assert!(nodes.length() > 0);
        for i in 0..nodes.length() {
            let element: web_sys::Element = wasm_bindgen::JsCast::dyn_into(nodes.item(i).unwrap()).unwrap();
            let key = element.get_attribute(attribute).unwrap();
            assert!(Label::from_key(&key).is_some(), "index.html uses the unknown key {key:?}");
        }
    }
}

#[wasm_bindgen_test]
fn labels_come_from_the_text_table() {
    let _view = view();
    assert_eq!(html("new-game").text_content().unwrap(), "New game");
    assert_eq!(html("confirm-yes").text_content().unwrap(), "Start new game");
    assert_eq!(by_id("grid").get_attribute("aria-label").unwrap(), "Game board");
    assert_eq!(document().document_element().unwrap().get_attribute("lang").unwrap(), "en");
}

fn select() -> web_sys::HtmlSelectElement {
    wasm_bindgen::JsCast::dyn_into(by_id("language")).unwrap()
}

fn link(page: SitePage) -> web_sys::Element {
    document().query_selector(&format!("a[data-page='{}']", page.key())).unwrap().unwrap()
}

#[wasm_bindgen_test]
fn the_language_selector_offers_every_language_in_itself() {
    let _view = view();
    let select = select();
    assert_eq!(select.length() as usize, Language::ALL.len());
    for (i, language) in Language::ALL.into_iter().enumerate() {
        let option: web_sys::HtmlOptionElement =
            wasm_bindgen::JsCast::dyn_into(select.item(i as u32).unwrap()).unwrap();
        assert_eq!(option.value(), language.code());
        assert_eq!(option.text(), language.name());
        assert_eq!(option.get_attribute("lang").as_deref(), Some(language.code()), "named in itself");
    }
    // It has a visible label.
    let label = document().query_selector("label[for='language']").unwrap().expect("a <label for=language>");
    assert_eq!(label.text_content().unwrap(), "Language");
}

#[wasm_bindgen_test]
fn every_label_changes_with_the_language_and_back() {
    let view = view();
    for language in [Language::Ko, Language::ZhHant, Language::En] {
        view.apply_labels(language).unwrap();
        assert_eq!(document().document_element().unwrap().get_attribute("lang").unwrap(), language.code());
        assert_eq!(select().value(), language.code());
        for (attribute, read) in [("data-text", None), ("data-text-label", Some("aria-label"))] {
            let nodes = document().query_selector_all(&format!("#page-fixture [{attribute}]")).unwrap();
            for i in 0..nodes.length() {
                let element: web_sys::Element =
                    wasm_bindgen::JsCast::dyn_into(nodes.item(i).unwrap()).unwrap();
                let label = Label::from_key(&element.get_attribute(attribute).unwrap()).unwrap();
                let shown = match read {
                    None => element.text_content().unwrap(),
                    Some(name) => element.get_attribute(name).unwrap(),
                };
                assert_eq!(shown, language.label(label), "{language:?} {label:?}");
            }
        }
        for page in SitePage::ALL {
            let target = language.site_link(page);
            assert_eq!(link(page).get_attribute("href").as_deref(), Some(target.href));
            let hreflang = link(page).get_attribute("hreflang");
            if target.lang == language {
                assert_eq!(hreflang, None, "{page:?} in {language:?}");
            } else {
                assert_eq!(hreflang.as_deref(), Some(target.lang.code()), "{page:?} in {language:?}");
            }
        }
    }
    assert_eq!(html("new-game").text_content().unwrap(), "New game");
}

#[wasm_bindgen_test]
fn the_banner_and_grid_speak_the_language_given() {
    let view = view();
    view.show_status(Status::Won, Language::Ko).unwrap();
    assert_eq!(by_id("message-text").text_content().unwrap(), Language::Ko.label(Label::Won));
    view.show_status(Status::Over, Language::ZhHant).unwrap();
    assert_eq!(by_id("message-text").text_content().unwrap(), "遊戲結束！");
    view.show_grid([[2, 0, 0, 0], [0; 4], [0; 4], [0; 4]], Language::Ko).unwrap();
    let cell = document().query_selector("#grid [role=gridcell]").unwrap().unwrap();
    assert_eq!(cell.get_attribute("aria-label").unwrap(), "1행 1열: 2");
    view.set_speed(0, 10, Language::ZhHant).unwrap();
    assert_eq!(by_id("speed").get_attribute("aria-valuetext").unwrap(), "最慢");
    view.show_status(Status::Playing, Language::En).unwrap();
}

#[wasm_bindgen_test]
fn the_grid_reads_sixteen_cells_in_reading_order() {
    let view = view();
    let rows = [[2, 0, 0, 0], [0, 0, 8, 0], [0; 4], [0, 0, 0, 131072]];
    view.show_grid(rows, Language::En).unwrap();
    assert_eq!(by_id("grid").get_attribute("role").unwrap(), "grid");
    assert_eq!(count("#grid > [role=row]"), 4);
    assert_eq!(count("#grid > [role=row] > [role=gridcell]"), 16);
    let cells = document().query_selector_all("#grid [role=gridcell]").unwrap();
    let label = |i: u32| {
        let cell: web_sys::Element = wasm_bindgen::JsCast::dyn_into(cells.item(i).unwrap()).unwrap();
        cell.get_attribute("aria-label").unwrap()
    };
    assert_eq!(label(0), "row 1, column 1: 2");
    assert_eq!(label(1), "row 1, column 2: empty");
    assert_eq!(label(6), "row 2, column 3: 8");
    assert_eq!(label(15), "row 4, column 4: 131072");
    // The visual board is hidden from screen readers, which read the grid instead.
    assert_eq!(by_id("board").get_attribute("aria-hidden").unwrap(), "true");
}

#[wasm_bindgen_test]
fn one_hint_arrow_at_most_and_only_while_a_hint_is_shown() {
    let view = view();
    assert_eq!(count("[data-hint]"), 0);
    view.show_hint(Some(Direction::Up)).unwrap();
    assert_eq!(count("[data-hint]"), 1);
    assert_eq!(
        document().query_selector("[data-hint]").unwrap().unwrap().get_attribute("data-hint").unwrap(),
        "up"
    );
    view.show_hint(Some(Direction::Left)).unwrap();
    assert_eq!(count("[data-hint]"), 1);
    assert_eq!(count("[data-hint='left']"), 1);
    view.show_hint(None).unwrap();
    assert_eq!(count("[data-hint]"), 0);
}

#[wasm_bindgen_test]
fn the_win_banner_offers_keep_going_and_new_game_and_disables_the_solver() {
    let view = view();
    let focus = view.show_status(Status::Won, Language::En).unwrap();
    view.set_controls(Status::Won, false).unwrap();
    assert_eq!(by_id("message").get_attribute("data-status").unwrap(), status_name(Status::Won));
    assert!(!is_hidden("message"));
    assert_eq!(by_id("message-text").text_content().unwrap(), "You win!");
    assert!(!is_hidden("keep-going") && !is_hidden("banner-new-game") && is_hidden("try-again"));
    assert_eq!(focus.map(|b| b.id()).as_deref(), Some("keep-going"), "the choice gets the focus");
    // One "New game" on the page: the header's steps aside.
    assert!(by_id("new-game").class_list().contains("stand-aside"));
    assert!(by_id("hint").has_attribute("disabled"));
    assert!(by_id("autoplay").has_attribute("disabled"));
    // Shown again (the next render), it does not grab the focus again.
    assert!(view.show_status(Status::Won, Language::En).unwrap().is_none());
}

#[wasm_bindgen_test]
fn the_game_over_banner_offers_try_again_and_playing_hides_the_banner() {
    let view = view();
    view.show_status(Status::Over, Language::En).unwrap();
    view.set_controls(Status::Over, false).unwrap();
    assert_eq!(by_id("message").get_attribute("data-status").unwrap(), "over");
    assert!(is_hidden("keep-going") && is_hidden("banner-new-game") && !is_hidden("try-again"));
    assert!(!by_id("new-game").class_list().contains("stand-aside"));
    assert!(by_id("hint").has_attribute("disabled"));
    view.show_status(Status::Playing, Language::En).unwrap();
    view.set_controls(Status::Playing, true).unwrap();
    assert!(is_hidden("message"));
    assert_eq!(by_id("message").get_attribute("data-status").unwrap(), "playing");
    assert!(!by_id("autoplay").has_attribute("disabled"));
    assert_eq!(by_id("autoplay").get_attribute("aria-pressed").unwrap(), "true");
    assert!(by_id("hint").has_attribute("disabled"), "no hint while Autoplay plays");
    view.set_controls(Status::Playing, false).unwrap();
    assert_eq!(by_id("autoplay").get_attribute("aria-pressed").unwrap(), "false");
    assert!(!by_id("hint").has_attribute("disabled"));
}

#[wasm_bindgen_test]
fn scores_hold_digits_only_and_the_gain_rises_beside_them() {
    let view = view();
    view.show_scores(1234, 99999);
    view.show_score_gain(16).unwrap();
    assert_eq!(by_id("score").text_content().unwrap(), "1234");
    assert_eq!(by_id("best").text_content().unwrap(), "99999");
    assert_eq!(by_id("score-gains").text_content().unwrap(), "+16");
}

#[wasm_bindgen_test]
fn notices_show_and_hide() {
    let view = view();
    assert!(is_hidden("notice"));
    assert_eq!(by_id("notice").get_attribute("role").unwrap(), "status");
    let lines = [Language::En.message(&Message::CorruptGame), Language::En.message(&Message::CorruptBest)];
    view.show_notice(&lines).unwrap();
    assert!(!is_hidden("notice"));
    assert_eq!(by_id("notice").text_content().unwrap(), lines.join(" "));
    view.show_notice(&[]).unwrap();
    assert!(is_hidden("notice"));
}

#[wasm_bindgen_test]
fn the_confirmation_is_an_in_page_dialog_with_cancel_focused() {
    let view = view();
    let open = || by_id("confirm").has_attribute("open");
    assert!(!open());
    view.open_confirm().unwrap();
    assert!(open());
    assert_eq!(document().active_element().unwrap().id(), "confirm-no");
    view.close_confirm();
    assert!(!open());
}

#[wasm_bindgen_test]
fn speed_is_said_in_words() {
    let view = view();
    view.set_speed(10, 10, Language::En).unwrap();
    assert_eq!(view.speed_value(), "10");
    assert_eq!(by_id("speed").get_attribute("aria-valuetext").unwrap(), "fastest");
}

#[wasm_bindgen_test]
fn an_error_is_shown_in_a_banner_even_without_one_in_the_markup() {
    let document = document();
    if let Some(old) = document.get_element_by_id("error") {
        old.remove();
    }
    wasm_ui::view::show_error("Something broke.");
    let banner = document.get_element_by_id("error").expect("a banner was created");
    assert_eq!(banner.text_content().unwrap(), "Something broke.");
    assert!(!banner.has_attribute("hidden"));
    banner.remove();
}

fn radio(code: &str) -> web_sys::HtmlInputElement {
    let selector = format!("#strength input[name='strength'][value='{code}']");
    wasm_bindgen::JsCast::dyn_into(document().query_selector(&selector).unwrap().unwrap()).unwrap()
}

#[wasm_bindgen_test]
fn the_strength_selector_is_a_labelled_radio_group_of_every_strength() {
    use wasm_ui::protocol::Strength;
    let view = view();
    let group = by_id("strength");
    assert_eq!(group.get_attribute("role").as_deref(), Some("radiogroup"));
    let label = group.get_attribute("aria-labelledby").expect("the group is named by its label");
    assert_eq!(by_id(&label).text_content().unwrap(), "Solver strength");
    assert_eq!(count("#strength input[type='radio'][name='strength']"), Strength::ALL.len() as u32);
    // Each radio is named by the words of its own <label>.
    for (code, name) in [("spec", "Standard"), ("strong", "Strong")] {
        let parent = radio(code).parent_element().unwrap();
        assert_eq!(parent.tag_name(), "LABEL");
        assert_eq!(parent.text_content().unwrap().trim(), name);
    }
    assert_eq!(view.strength_value(), Some(Strength::Spec), "the markup's default");
    for strength in [Strength::Strong, Strength::Spec, Strength::Strong] {
        view.set_strength(strength);
        assert_eq!(view.strength_value(), Some(strength));
        assert_eq!(count("#strength input:checked"), 1);
        assert!(radio(strength.code()).checked());
    }
    view.apply_labels(Language::Ko).unwrap();
    assert_eq!(by_id(&label).text_content().unwrap(), "솔버 강도");
    assert_eq!(radio("strong").parent_element().unwrap().text_content().unwrap().trim(), "강함");
    view.apply_labels(Language::ZhHant).unwrap();
    assert_eq!(radio("spec").parent_element().unwrap().text_content().unwrap().trim(), "標準");
    assert_eq!(view.strength_value(), Some(Strength::Strong), "a change of language keeps the choice");
}

#[wasm_bindgen_test]
fn a_strength_chosen_by_pointer_gives_the_focus_back_and_one_from_the_keyboard_keeps_it() {
    use wasm_ui::protocol::Strength;
    let view = view();
    let strong = radio("strong");
    // A script's focus() is not :focus-visible in Chromium after no keyboard use, as after a click.
    strong.focus().unwrap();
    view.set_strength(Strength::Strong);
    let was_visible = strong.matches(":focus-visible").unwrap();
    view.release_pointer_focus();
    let active = document().active_element();
    let still_focused =
        active.is_some_and(|a| &a == wasm_bindgen::JsCast::unchecked_ref::<web_sys::Element>(&strong));
    assert_eq!(still_focused, was_visible, "focus kept exactly when it was :focus-visible");
    // Not focused at all: nothing to release, nothing breaks.
    view.release_pointer_focus();
    assert_eq!(view.strength_value(), Some(Strength::Strong));
}

#[wasm_bindgen_test]
fn a_render_writes_only_what_changed() {
    // Marks left on the elements by the test survive a render that has nothing new for them,
    // which proves it wrote nothing there; a change is written.
    let view = view();
    view.show_scores(100, 200);
    view.set_moves(3).unwrap();
    let rows = [[2, 0, 0, 0], [0; 4], [0; 4], [0, 0, 0, 4]];
    view.show_grid(rows, Language::En).unwrap();
    let cell = |i: u32| -> web_sys::Element {
        document().query_selector_all("#grid [role='gridcell']").unwrap().item(i).unwrap().unchecked_into()
    };
    let mark = |i: u32| cell(i).set_attribute("aria-label", "mark").unwrap();
    by_id("score").set_text_content(Some("mark"));
    by_id("best").set_text_content(Some("mark"));
    by_id("board").set_attribute("data-moves", "mark").unwrap();
    mark(0);
    mark(1);

    view.show_scores(100, 200);
    view.set_moves(3).unwrap();
    view.show_grid(rows, Language::En).unwrap();
    assert_eq!(by_id("score").text_content().unwrap(), "mark");
    assert_eq!(by_id("best").text_content().unwrap(), "mark");
    assert_eq!(by_id("board").get_attribute("data-moves").unwrap(), "mark");

    // Cell 1 gets a tile, cell 0 keeps its 2: only cell 1 is written.
    let label = |i: u32| cell(i).get_attribute("aria-label").unwrap();
    view.show_grid([[2, 8, 0, 0], [0; 4], [0; 4], [0, 0, 0, 4]], Language::En).unwrap();
    assert_eq!(label(0), "mark");
    assert_eq!(label(1), Language::En.message(&Message::Cell { row: 1, col: 2, value: Some(8) }));
    // A new language rewrites every cell.
    view.show_grid([[2, 8, 0, 0], [0; 4], [0; 4], [0, 0, 0, 4]], Language::Ko).unwrap();
    assert_eq!(label(0), Language::Ko.message(&Message::Cell { row: 1, col: 1, value: Some(2) }));
    view.show_scores(104, 200);
    assert_eq!(by_id("score").text_content().unwrap(), "104");
    assert_eq!(by_id("best").text_content().unwrap(), "mark", "the best did not change");
    view.set_moves(4).unwrap();
    assert_eq!(by_id("board").get_attribute("data-moves").unwrap(), "4");
}
