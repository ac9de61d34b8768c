//! The frame every page shares: the header with the site navigation, and the footer, in each
//! language the site is written in. This is the only copy of that markup.

use crate::html::escape;

/// The words of the frame in one language.
pub struct Lang {
    /// The `lang` code of the pages in this language.
    pub code: &'static str,
    /// The language's own name, for the language switch.
    pub name: &'static str,
    /// How the diagrams read out an empty cell.
    pub empty: &'static str,
    /// Between a label and what it labels.
    pub colon: &'static str,
    site: &'static str,
    play: &'static str,
    /// The names of [`PAGES`], in their order.
    pages: [&'static str; 4],
    /// Before the language switch.
    language: &'static str,
    home: &'static str,
    /// After a link to a page only in English, say so.
    english_only: &'static str,
    footer: &'static str,
}

pub const LANGS: [Lang; 3] = [
    Lang {
        code: "en",
        name: "English",
        empty: "empty",
        colon: ": ",
        site: "Site",
        play: "Play",
        pages: ["Rules", "Strategy", "Solver", "Results"],
        language: "Language",
        home: "2048: play the game",
        english_only: "",
        footer: "2048 was designed by Gabriele Cirulli. This version is written in Rust and compiled to \
                 WebAssembly: the game and its solver run entirely in your browser.",
    },
    Lang {
        code: "ko",
        name: "한국어",
        empty: "빈칸",
        colon: ": ",
        site: "사이트",
        play: "게임하기",
        pages: ["규칙", "전략", "솔버", "결과"],
        language: "언어",
        home: "2048 게임하기",
        english_only: " <small>(영어)</small>",
        footer: "2048은 가브리엘레 치룰리가 만든 게임입니다. 이 버전은 Rust로 작성해 WebAssembly로 \
                 컴파일했으며, 게임과 솔버 모두 브라우저 안에서만 돌아갑니다.",
    },
    Lang {
        code: "zh-Hant",
        name: "繁體中文",
        empty: "空格",
        colon: "：",
        site: "網站",
        play: "開始玩",
        pages: ["規則", "攻略", "解題程式", "結果"],
        language: "語言",
        home: "開始玩 2048",
        english_only: " <small>（英文）</small>",
        footer: "2048 由 Gabriele Cirulli 設計。這個版本用 Rust 寫成、編譯成 WebAssembly，遊戲和解題程式都完全在你的瀏覽器裡執行。",
    },
];

/// A page of the site and the languages it is written in. The English version is `STEM.html`,
/// the others `STEM.LANG.html` ([`file`](fn@file)).
pub struct Page {
    pub stem: &'static str,
    pub langs: &'static [&'static str],
}

const ALL_LANGS: [&str; 3] = ["en", "ko", "zh-Hant"];

/// The site's pages, in the navigation's order: the one list of which page exists in which
/// language. Where a page is missing in a language, the navigation links the English one and
/// says so.
pub const PAGES: [Page; 4] = [
    Page { stem: "rules", langs: &ALL_LANGS },
    Page { stem: "strategy", langs: &ALL_LANGS },
    Page { stem: "solver", langs: &ALL_LANGS },
    Page { stem: "results", langs: &ALL_LANGS },
];

/// The file of page `stem` in language `code`.
pub fn file(stem: &str, code: &str) -> String {
    if code == "en" { format!("{stem}.html") } else { format!("{stem}.{code}.html") }
}

/// The game page, one folder up from the site (Trunk builds it into the root of `dist/`).
pub const GAME_PAGE: &str = "../index.html";

/// The language with code `code`.
pub fn lang(code: &str) -> Result<&'static Lang, String> {
    LANGS.iter().find(|l| l.code == code).ok_or_else(|| {
        let known: Vec<&str> = LANGS.iter().map(|l| l.code).collect();
        format!("no navigation for language `{code}` (the site has {})", known.join(", "))
    })
}

/// The header and navigation of `page` (a file name such as `rules.ko.html`) in `lang`: a link
/// to each page in this language (or in English, marked, where it has none), and the language
/// switch between the versions of this page.
pub fn nav(lang: &Lang, page: &str) -> String {
    let stem = page.split('.').next().unwrap_or(page);
    let mut items = vec![format!("<li><a href=\"{GAME_PAGE}\">{}</a></li>", lang.play)];
    for (p, name) in PAGES.iter().zip(lang.pages) {
        let (href, marks, note) = if p.langs.contains(&lang.code) {
            (file(p.stem, lang.code), "", "")
        } else {
            // Only in English: tell browsers the language of the page behind the link, and readers.
            (file(p.stem, "en"), r#" hreflang="en""#, lang.english_only)
        };
        let current = if href == page { r#" aria-current="page""# } else { "" };
        items.push(format!("<li><a href=\"{href}\"{marks}{current}>{name}</a>{note}</li>"));
    }
    let versions: Vec<String> = PAGES
        .iter()
        .filter(|p| p.stem == stem)
        .flat_map(|p| p.langs.iter())
        .filter_map(|code| self::lang(code).ok())
        .map(|to| {
            // Each name in its own language, so a screen reader switches voice; the version
            // being read is marked as the current one of the set.
            let attrs = if to.code == lang.code {
                r#" aria-current="true""#.to_string()
            } else {
                format!(r#" hreflang="{0}" lang="{0}""#, to.code)
            };
            format!(r#"<a href="{}"{attrs}>{}</a>"#, file(stem, to.code), to.name)
        })
        .collect();
    items.push(format!(
        "<li class=\"langs\"><span class=\"label\">{}</span>{}{}</li>",
        lang.language,
        lang.colon,
        versions.join(" ")
    ));
    format!(
        "<header class=\"site-header\">
<div class=\"inner\">
<a class=\"brand\" href=\"{GAME_PAGE}\" title=\"{home}\">2048</a>
<nav class=\"site-nav\" aria-label=\"{site}\">
<ul>
{items}
</ul>
</nav>
</div>
</header>",
        home = escape(lang.home),
        site = escape(lang.site),
        items = items.join("\n"),
    )
}

/// What every page's `<head>` shares: a Content-Security-Policy that lets a page load its
/// stylesheet and nothing else (no script, no font, nothing from another site), an empty
/// favicon so the browser does not ask the server for one, the stylesheet, and where `page` (a
/// file name) is written in other languages, its versions, so search engines offer each reader
/// theirs.
pub fn head(page: &str) -> String {
    let stem = page.split('.').next().unwrap_or(page);
    let mut head =
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'self'; \
     img-src 'self' data:; base-uri 'none'; form-action 'none'\">
<meta name=\"color-scheme\" content=\"light dark\">
<link rel=\"icon\" href=\"data:,\">
<link rel=\"stylesheet\" href=\"site.css\">"
            .to_string();
    for p in PAGES.iter().filter(|p| p.stem == stem && p.langs.len() > 1) {
        for code in p.langs {
            head.push_str(&format!(
                "\n<link rel=\"alternate\" hreflang=\"{code}\" href=\"{}\">",
                file(stem, code)
            ));
        }
    }
    head
}

/// The footer of every page in `lang`.
pub fn footer(lang: &Lang) -> String {
    format!("<footer class=\"site-footer\">\n<p>{}</p>\n</footer>", lang.footer)
}
