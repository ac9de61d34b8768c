//! Checks the finished site's links: every `href` and `src` must point at a file of the site
//! (or the game page beside it) and every `#fragment` at an `id` on its page. Nothing may point
//! at the network: the site works offline and loads nothing from anywhere else.

use std::collections::{BTreeMap, BTreeSet};

use crate::Site;
use crate::html::start_tags;
use crate::layout::GAME_PAGE;

/// Paths outside the site folder the pages may link to: the game page, which Trunk builds.
pub const OUTSIDE_TARGETS: &[&str] = &[GAME_PAGE];

/// The attributes that name another resource.
const LINK_ATTRS: [&str; 5] = ["href", "src", "srcset", "action", "poster"];

/// Every problem with the links of `site`, one line each (empty when all is well). `outside`
/// lists the paths beyond the site folder, written relative to it, that may be linked to.
pub fn check(site: &Site, outside: &[&str]) -> Vec<String> {
    let ids: BTreeMap<&str, BTreeSet<&str>> = site
        .pages()
        .map(|(path, text)| (path, start_tags(text).into_iter().filter_map(|t| t.attr("id")).collect()))
        .collect();
    let mut problems = Vec::new();
    for (path, text) in site.pages() {
        for tag in start_tags(text) {
            for (attr, value) in tag.attrs.iter().filter(|(a, _)| LINK_ATTRS.contains(&a.as_str())) {
                let at = format!("{path}: <{} {attr}=\"{value}\">", tag.name);
                if let Err(why) = resolve(path, value, site, &ids, outside) {
                    problems.push(format!("{at}: {why}"));
                }
            }
        }
    }
    for (path, text) in site.pages() {
        let count = start_tags(text).iter().filter(|t| t.attr("id").is_some()).count();
        if count != ids[path].len() {
            problems.push(format!("{path}: an id is used twice, so a #fragment to it is ambiguous"));
        }
    }
    problems
}

/// Checks one link of page `from`.
fn resolve(
    from: &str,
    link: &str,
    site: &Site,
    ids: &BTreeMap<&str, BTreeSet<&str>>,
    outside: &[&str],
) -> Result<(), String> {
    // A data: URL is part of the page itself (the empty favicon); any other scheme, or a
    // scheme-relative `//host`, would reach out of the site.
    if link.starts_with("data:") {
        return Ok(());
    }
    if link.starts_with("//") || link.split_once(':').is_some_and(|(scheme, _)| !scheme.contains('/')) {
        return Err("points outside the site (the pages must work offline and load nothing)".to_string());
    }
    let (path, fragment) = link.split_once('#').map_or((link, None), |(p, f)| (p, Some(f)));
    if path.contains('?') {
        return Err("a query string means a server; the site is static files".to_string());
    }
    let target = if path.is_empty() { Some(from.to_string()) } else { join(from, path) };
    let Some(target) = target else {
        if outside.contains(&path) && fragment.is_none() {
            return Ok(());
        }
        return Err(format!("`{path}` leaves the site and is not one of {outside:?}"));
    };
    if !site.files.contains_key(&target) {
        return Err(format!("no file `{target}` in the site"));
    }
    if let Some(fragment) = fragment {
        let page_ids =
            ids.get(target.as_str()).ok_or_else(|| format!("`#{fragment}` on a file that is not a page"))?;
        if !page_ids.contains(fragment) {
            return Err(format!("no id=\"{fragment}\" on {target}"));
        }
    }
    Ok(())
}

/// `path` resolved against the folder of page `from`, inside the site; `None` when it leaves.
fn join(from: &str, path: &str) -> Option<String> {
    let mut parts: Vec<&str> = from.split('/').collect();
    parts.pop();
    for segment in path.split('/') {
        match segment {
            "" | "." => {}
            ".." => {
                parts.pop()?;
            }
            s => parts.push(s),
        }
    }
    Some(parts.join("/"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site(pages: &[(&str, &str)]) -> Site {
        let mut site = Site::default();
        for (path, text) in pages {
            site.files.insert(path.to_string(), text.as_bytes().to_vec());
        }
        site
    }

    #[test]
    fn good_links_pass() {
        let s = site(&[
            (
                "a.html",
                r##"<a href="b.html#x">b</a><a href="#top" id="top">top</a><a href="../index.html">play</a><link href="s.css">"##,
            ),
            ("b.html", r#"<h2 id="x">x</h2>"#),
            ("s.css", "body{}"),
        ]);
        assert_eq!(check(&s, OUTSIDE_TARGETS), Vec::<String>::new());
    }

    #[test]
    fn broken_links_and_fragments_are_caught() {
        let s = site(&[
            (
                "a.html",
                r##"<a href="missing.html">1</a><a href="#nowhere">2</a><a href="../other.html">3</a><img src="https://example.com/x.png"><link href="//cdn.example/f.css"><a href="b.html#y">4</a>"##,
            ),
            ("b.html", r#"<p id="x"></p>"#),
        ]);
        let problems = check(&s, OUTSIDE_TARGETS);
        assert_eq!(problems.len(), 6, "{problems:#?}");
    }

    #[test]
    fn duplicate_ids_are_caught() {
        let s = site(&[("a.html", r#"<p id="x"></p><p id="x"></p>"#)]);
        assert_eq!(check(&s, OUTSIDE_TARGETS).len(), 1);
    }

    #[test]
    fn paths_resolve_against_the_page_folder() {
        assert_eq!(join("a.html", "b.html"), Some("b.html".into()));
        assert_eq!(join("sub/a.html", "../b.html"), Some("b.html".into()));
        assert_eq!(join("a.html", "../index.html"), None);
    }
}
