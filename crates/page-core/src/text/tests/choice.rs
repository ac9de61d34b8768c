//! How the language is chosen: codes and names, the browser's tags, a saved choice, the
//! current language, and the site's pages in each language.

use super::super::*;

#[test]
fn codes_and_names() {
    assert_eq!(Language::ALL.map(Language::code), ["en", "ko", "zh-Hant"]);
    for language in Language::ALL {
        assert_eq!(Language::from_code(language.code()), Some(language));
        assert_eq!(Language::from_code(&language.code().to_uppercase()), Some(language));
        assert!(!language.name().is_empty());
    }
    for bad in ["", "fr", "zh", "zh-TW", "english", "ko-KR"] {
        assert_eq!(Language::from_code(bad), None, "{bad:?}");
    }
}

#[test]
fn browser_tags_map_to_the_languages_spoken() {
    let cases = [
        ("en", Some(Language::En)),
        ("en-US", Some(Language::En)),
        ("EN-gb", Some(Language::En)),
        ("ko", Some(Language::Ko)),
        ("ko-KR", Some(Language::Ko)),
        ("ko_KR", Some(Language::Ko)),
        ("zh-TW", Some(Language::ZhHant)),
        ("zh-HK", Some(Language::ZhHant)),
        ("zh-MO", Some(Language::ZhHant)),
        ("zh-Hant", Some(Language::ZhHant)),
        ("zh-hant-TW", Some(Language::ZhHant)),
        ("zh-Hant-CN", Some(Language::ZhHant)),
        ("zh-tw", Some(Language::ZhHant)),
        ("zh", None),
        ("zh-CN", None),
        ("zh-SG", None),
        ("zh-Hans", None),
        ("zh-Hans-HK", None),
        ("zh-Hans-TW", None),
        ("ja-JP", None),
        ("fr", None),
        ("eng", None),
        ("kor", None),
        ("", None),
        ("*", None),
    ];
    for (tag, expected) in cases {
        assert_eq!(Language::from_tag(tag), expected, "{tag:?}");
    }
}

#[test]
fn the_first_language_spoken_wins_else_english() {
    let cases: [(&[&str], Language); 13] = [
        (&[], Language::En),
        (&["en-US", "en"], Language::En),
        (&["ko-KR"], Language::Ko),
        (&["ko-KR", "ko", "en-US", "en"], Language::Ko),
        (&["zh-TW"], Language::ZhHant),
        (&["zh-HK", "en"], Language::ZhHant),
        (&["fr-FR", "de", "ko"], Language::Ko),
        (&["en-GB", "ko"], Language::En),
        (&["zh-CN"], Language::En),
        (&["zh-CN", "zh"], Language::En),
        (&["zh-CN", "zh-TW"], Language::ZhHant),
        (&["zh-CN", "ko", "zh-TW"], Language::Ko),
        (&["ja", "fr"], Language::En),
    ];
    for (tags, expected) in cases {
        assert_eq!(choose(tags.iter().copied()), expected, "{tags:?}");
    }
}

#[test]
fn a_saved_choice_beats_the_browser_unless_it_is_not_a_language() {
    assert_eq!(initial(Some("ko"), ["en-US"]), Language::Ko);
    assert_eq!(initial(Some("zh-Hant"), ["ko-KR"]), Language::ZhHant);
    assert_eq!(initial(Some("en"), ["zh-TW"]), Language::En);
    assert_eq!(initial(Some("klingon"), ["zh-TW"]), Language::ZhHant);
    assert_eq!(initial(None, ["ko-KR"]), Language::Ko);
    assert_eq!(initial(None, []), Language::En);
}

#[test]
fn the_current_language_is_kept() {
    // The only test that sets it: tests run in parallel threads of one process.
    for language in Language::ALL.into_iter().chain([Language::En]) {
        set_current(language);
        assert_eq!(current(), language);
    }
}

#[test]
fn site_links_go_to_this_language_where_the_site_has_it() {
    let link = |l: Language, p: SitePage| l.site_link(p);
    assert_eq!(link(Language::En, SitePage::Rules).href, "site/rules.html");
    assert_eq!(link(Language::Ko, SitePage::Rules).href, "site/rules.ko.html");
    assert_eq!(link(Language::ZhHant, SitePage::Rules).href, "site/rules.zh-Hant.html");
    assert_eq!(link(Language::Ko, SitePage::Solver).href, "site/solver.ko.html");
    assert_eq!(
        link(Language::ZhHant, SitePage::Solver),
        SiteLink { href: "site/solver.zh-Hant.html", lang: Language::ZhHant }
    );
    assert_eq!(link(Language::Ko, SitePage::Strategy).href, "site/strategy.ko.html");
    assert_eq!(link(Language::ZhHant, SitePage::Strategy).href, "site/strategy.zh-Hant.html");
    assert_eq!(link(Language::Ko, SitePage::Results).href, "site/results.ko.html");
    assert_eq!(link(Language::ZhHant, SitePage::Results).href, "site/results.zh-Hant.html");
    for language in Language::ALL {
        assert_eq!(link(language, SitePage::Strategy).lang, language);
        assert_eq!(link(language, SitePage::Results).lang, language);
        assert_eq!(link(language, SitePage::Rules).lang, language);
        for page in SitePage::ALL {
            assert_eq!(SitePage::from_key(page.key()), Some(page));
            // Every target is one of the site's own pages (crates/site writes them).
            let file = link(language, page).href.trim_start_matches("site/");
            assert!(
                std::path::Path::new(&format!("{}/../../www/site/{file}", env!("CARGO_MANIFEST_DIR")))
                    .exists(),
                "{file}"
            );
        }
    }
}

/// `www/boot.js` shows the load failure in the page's language from `index.html`'s
/// `data-load-failed-<code>` attributes: they must say what this table says.
#[test]
fn index_html_holds_the_load_failure_in_every_language() {
    let page = include_str!("../../../../../index.html");
    for language in Language::ALL {
        let attribute = format!(
            "data-load-failed-{}=\"{}\"",
            language.code().to_ascii_lowercase(),
            language.label(Label::LoadFailed)
        );
        assert!(page.contains(&attribute), "index.html lacks {attribute}");
    }
}
