//! The page's fixed words in a language: every `[data-text]` and `[data-text-label]` element,
//! the links to the site's pages in that language, and the language selector.

use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Document, Element, HtmlSelectElement};

use crate::dom;
use page_core::text::{Label, Language, SitePage};

/// Fills every `[data-text]` element's text and every `[data-text-label]` element's
/// `aria-label` under `document` from `lang`, points every `[data-page]` link at the site's
/// page in `lang` (or in English, marked `hreflang`, where the site has none), sets the page's
/// language and the language selector.
pub fn apply_labels(document: &Document, lang: Language) -> Result<(), JsValue> {
    if let Some(root) = document.document_element() {
        root.set_attribute("lang", lang.code())?;
    }
    if let Some(select) =
        document.get_element_by_id(dom::LANGUAGE).and_then(|e| e.dyn_into::<HtmlSelectElement>().ok())
    {
        select.set_value(lang.code());
    }
    let links = document.query_selector_all("a[data-page]")?;
    for i in 0..links.length() {
        let Some(link) = links.item(i).and_then(|n| n.dyn_into::<Element>().ok()) else { continue };
        let key = link.get_attribute("data-page").unwrap_or_default();
        let Some(page) = SitePage::from_key(&key) else {
            web_sys::console::warn_1(&JsValue::from_str(&format!("no site page {key:?}")));
            continue;
        };
        let target = lang.site_link(page);
        link.set_attribute("href", target.href)?;
        if target.lang == lang {
            link.remove_attribute("hreflang")?;
        } else {
            link.set_attribute("hreflang", target.lang.code())?;
        }
    }
    for (selector, attribute) in [("[data-text]", "data-text"), ("[data-text-label]", "data-text-label")] {
        let nodes = document.query_selector_all(selector)?;
        for i in 0..nodes.length() {
            let Some(element) = nodes.item(i).and_then(|n| n.dyn_into::<Element>().ok()) else { continue };
            let key = element.get_attribute(attribute).unwrap_or_default();
            let Some(label) = Label::from_key(&key) else {
                web_sys::console::warn_1(&JsValue::from_str(&format!("no text for the key {key:?}")));
                continue;
            };
            if attribute == "data-text" {
                element.set_text_content(Some(lang.label(label)));
            } else {
                element.set_attribute("aria-label", lang.label(label))?;
            }
        }
    }
    Ok(())
}
