//! The pages as pages: every source a template and every page expanded, the navigation in each
//! page's language, links and fragments that resolve, nothing from the network, balanced tags.

use super::*;

#[test]
fn the_sources_are_templates_and_every_page_is_expanded() {
    let names = template_names();
    assert!(names.len() >= 7, "{names:?}");
    for name in &names {
        let template = std::fs::read_to_string(templates_dir().join(name)).unwrap();
        // The frame is in Rust only: the templates ask for it.
        assert!(template.contains("<!--head-->"), "{name}");
        assert!(template.contains("<!--nav ") && template.contains("<!--footer "), "{name}");
        assert!(!template.contains("site-header"), "{name} carries its own nav markup");
        let out = page(name);
        assert!(!out.contains("<!--"), "{name}: a directive or comment is left");
        assert!(out.starts_with("<!doctype html>"), "{name}");
        assert!(!out.contains(">…</span>"), "{name}: a placeholder is left");
    }
    assert!(output().contains_key("site.css"));
    assert!(output().contains_key("results.html"));
}

#[test]
fn every_page_has_the_nav_in_its_language() {
    let expected = [
        ("rules.html", "en", "Site"),
        ("rules.ko.html", "ko", "사이트"),
        ("rules.zh-Hant.html", "zh-Hant", "網站"),
        ("strategy.html", "en", "Site"),
        ("strategy.ko.html", "ko", "사이트"),
        ("strategy.zh-Hant.html", "zh-Hant", "網站"),
        ("solver.html", "en", "Site"),
        ("solver.ko.html", "ko", "사이트"),
        ("solver.zh-Hant.html", "zh-Hant", "網站"),
        ("results.html", "en", "Site"),
        ("results.ko.html", "ko", "사이트"),
        ("results.zh-Hant.html", "zh-Hant", "網站"),
    ];
    for (name, lang, nav_label) in expected {
        let html = page(name);
        assert!(html.contains(&format!("<html lang=\"{lang}\">")), "{name}: lang");
        assert_eq!(html.matches("<nav class=\"site-nav\"").count(), 1, "{name}");
        assert!(html.contains(&format!("<nav class=\"site-nav\" aria-label=\"{nav_label}\">")), "{name}");
        let nav = section(html, "<header class=\"site-header\">", "</header>");
        // The page itself is the current one, and no other.
        assert_eq!(nav.matches("aria-current=\"page\"").count(), 1, "{name}");
        let at = nav.find("aria-current=\"page\"").unwrap();
        let link = &nav[nav[..at].rfind("<a ").unwrap()..at];
        let href = link.split("href=\"").nth(1).and_then(|rest| rest.split('"').next());
        assert_eq!(href, Some(name), "{name}: {link}");
        assert!(html.contains("<footer class=\"site-footer\">"), "{name}: footer");
        let head = section(html, "<head>", "</head>");
        assert!(head.contains("content=\"default-src 'none'; style-src 'self';"), "{name}: no CSP");
        assert!(head.contains("<link rel=\"stylesheet\" href=\"site.css\">"), "{name}: no stylesheet");
    }
    for (name, _) in pages() {
        assert!(expected.iter().any(|(n, _, _)| n == name), "{name} is not in this test's list");
    }
}

#[test]
fn every_link_and_fragment_resolves() {
    let mut site = site::Site::default();
    for (name, text) in output() {
        site.files.insert(name.clone(), text.clone().into_bytes());
    }
    assert_eq!(site::links::check(&site, site::links::OUTSIDE_TARGETS), Vec::<String>::new());
    // The checker sees real breakage in this very output.
    let mut broken = site.clone();
    let results = page("results.html").replace("href=\"#claim\"", "href=\"#no-such-id\"");
    broken.files.insert("results.html".into(), results.into_bytes());
    broken.files.remove("strategy.html");
    let problems = site::links::check(&broken, site::links::OUTSIDE_TARGETS);
    assert!(problems.iter().any(|p| p.contains("#no-such-id")), "{problems:#?}");
    assert!(problems.iter().any(|p| p.contains("strategy.html")), "{problems:#?}");
}

#[test]
fn nothing_loads_from_the_network() {
    for (name, text) in output() {
        for bad in ["http://", "https://", "<script", "@import", "url(", "<iframe", "src=\"//", "href=\"//"] {
            assert!(!text.contains(bad), "{name} contains `{bad}`");
        }
    }
}

#[test]
fn tags_are_balanced() {
    const VOID: [&str; 8] = ["br", "hr", "img", "input", "link", "meta", "source", "wbr"];
    for (name, html) in pages() {
        let mut stack: Vec<&str> = Vec::new();
        let mut rest = html.as_str();
        while let Some(i) = rest.find('<') {
            rest = &rest[i + 1..];
            let end = rest.find('>').unwrap();
            let tag = &rest[..end];
            rest = &rest[end + 1..];
            if tag.starts_with('!') || tag.ends_with('/') {
                continue;
            }
            if let Some(closing) = tag.strip_prefix('/') {
                let open = stack.pop().unwrap_or_else(|| panic!("{name}: stray </{closing}>"));
                assert_eq!(open, closing, "{name}: </{closing}> closes <{open}>");
            } else {
                let tag_name = tag.split_whitespace().next().unwrap();
                if !VOID.contains(&tag_name) {
                    stack.push(tag_name);
                }
            }
        }
        assert!(stack.is_empty(), "{name}: unclosed {stack:?}");
    }
}

/// The files of the site's pages in each language: `rules.html`, `rules.ko.html`, …
fn versions_on_disk(stem: &str) -> Vec<String> {
    let mut found: Vec<String> = site::layout::LANGS
        .iter()
        .map(|l| site::layout::file(stem, l.code))
        .filter(|f| output().contains_key(f))
        .collect();
    found.sort();
    found
}

#[test]
fn the_navigation_knows_every_version_of_every_page() {
    // The one list of which page exists in which language agrees with the templates: no version
    // the navigation would link to is missing, and none written is left out of it.
    for p in &site::layout::PAGES {
        let mut declared: Vec<String> = p.langs.iter().map(|code| site::layout::file(p.stem, code)).collect();
        declared.sort();
        assert_eq!(versions_on_disk(p.stem), declared, "{}", p.stem);
    }
    for (name, _) in pages() {
        let stem = name.split('.').next().unwrap();
        assert!(site::layout::PAGES.iter().any(|p| p.stem == stem), "{name} is not in the navigation");
    }
}

#[test]
fn every_page_of_the_site_is_written_in_every_language() {
    for p in &site::layout::PAGES {
        let codes: Vec<&str> = site::layout::LANGS.iter().map(|l| l.code).collect();
        assert_eq!(p.langs, &codes[..], "{}", p.stem);
    }
}

#[test]
fn every_page_switches_to_its_other_languages_and_links_each_page_in_its_own() {
    for (name, html) in pages() {
        let stem = name.split('.').next().unwrap();
        let nav = section(html, "<header class=\"site-header\">", "</header>");
        let switch = section(nav, "<li class=\"langs\">", "</li>");
        let linked: Vec<&str> =
            switch.split("href=\"").skip(1).map(|s| s.split('"').next().unwrap()).collect();
        let mut linked_sorted: Vec<String> = linked.iter().map(|s| s.to_string()).collect();
        linked_sorted.sort();
        assert_eq!(linked_sorted, versions_on_disk(stem), "{name}: the language switch");
        assert_eq!(switch.matches("aria-current").count(), 1, "{name}: one version is this one");
        // The head names the same versions for search engines (none for a page in one language).
        let head = section(html, "<head>", "</head>");
        let alternates = head.matches("<link rel=\"alternate\"").count();
        let versions = versions_on_disk(stem).len();
        assert_eq!(alternates, if versions > 1 { versions } else { 0 }, "{name}: alternates");
        // Every page of the navigation, in this page's language where it exists; marked as
        // English where it does not.
        let lang = html.split("<html lang=\"").nth(1).unwrap().split('"').next().unwrap();
        for p in &site::layout::PAGES {
            let own = site::layout::file(p.stem, lang);
            if p.langs.contains(&lang) {
                assert!(nav.contains(&format!("<a href=\"{own}\"")), "{name}: no link to {own}");
            } else {
                assert!(
                    nav.contains(&format!(
                        "<a href=\"{}\" hreflang=\"en\"",
                        site::layout::file(p.stem, "en")
                    )),
                    "{name}: {} is not marked as English",
                    p.stem
                );
            }
        }
        // Every page is written in every language: no navigation sends a reader to English.
        assert!(
            !nav.contains("(영어)") && !nav.contains("（英文）"),
            "{name}: a page marked as English only"
        );
        // The Korean navigation says "(영어)" after exactly the pages it has only in English.
        let english_only = site::layout::PAGES.iter().filter(|p| !p.langs.contains(&lang)).count();
        let marks = nav.matches("(영어)").count() + nav.matches("（英文）").count();
        assert_eq!(marks, english_only, "{name}");
    }
}
