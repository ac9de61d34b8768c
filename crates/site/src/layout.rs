//! The frame every page shares: the header with the site navigation, and the footer, in each
//! language the site is written in. This is the only copy of that markup.

use crate::html::escape;

/// The words of the frame in one language.
pub struct Lang {
    /// The `lang` code of the pages in this language.
    pub code: &'static str,
    /// The language's own name, for the language links.
    pub name: &'static str,
    /// How the diagrams read out an empty cell.
    pub empty: &'static str,
    colon: &'static str,
    site: &'static str,
    play: &'static str,
    rules: &'static str,
    strategy: &'static str,
    solver: &'static str,
    results: &'static str,
    home: &'static str,
    /// After a link to a page only in English, say so.
    english_only: &'static str,
    footer: &'static str,
    /// This language's rules page, and its solver page (English where there is none).
    rules_page: &'static str,
    solver_page: &'static str,
}

pub const LANGS: [Lang; 3] = [
    Lang {
        code: "en",
        name: "English",
        empty: "empty",
        colon: ": ",
        site: "Site",
        play: "Play",
        rules: "Rules",
        strategy: "Strategy",
        solver: "Solver",
        results: "Results",
        home: "2048: play the game",
        english_only: "",
        footer: "2048 was designed by Gabriele Cirulli. This version is written in Rust and compiled to \
                 WebAssembly: the game and its solver run entirely in your browser.",
        rules_page: "rules.html",
        solver_page: "solver.html",
    },
    Lang {
        code: "ko",
        name: "한국어",
        empty: "빈칸",
        colon: ": ",
        site: "사이트",
        play: "게임하기",
        rules: "규칙",
        strategy: "전략",
        solver: "솔버",
        results: "결과",
        home: "2048 게임하기",
        english_only: " <small>(영어)</small>",
        footer: "2048은 가브리엘레 치룰리가 만든 게임입니다. 이 버전은 Rust로 작성해 WebAssembly로 \
                 컴파일했으며, 게임과 솔버 모두 브라우저 안에서만 돌아갑니다.",
        rules_page: "rules.ko.html",
        solver_page: "solver.ko.html",
    },
    Lang {
        code: "zh-Hant",
        name: "繁體中文",
        empty: "空格",
        colon: "：",
        site: "網站",
        play: "開始玩",
        rules: "規則",
        strategy: "攻略",
        solver: "解題程式",
        results: "結果",
        home: "開始玩 2048",
        english_only: " <small>（英文）</small>",
        footer: "2048 由 Gabriele Cirulli 設計。這個版本用 Rust 寫成、編譯成 WebAssembly，遊戲和解題程式都完全在你的瀏覽器裡執行。",
        rules_page: "rules.zh-Hant.html",
        // No Chinese solver page yet: the link goes to the English one.
        solver_page: "solver.html",
    },
];

/// The languages the solver page is written in (the rules page is in all of [`LANGS`]).
const SOLVER_LANGS: [&str; 2] = ["en", "ko"];

/// The game page, one folder up from the site (Trunk builds it into the root of `dist/`).
pub const GAME_PAGE: &str = "../index.html";

/// The language with code `code`.
pub fn lang(code: &str) -> Result<&'static Lang, String> {
    LANGS.iter().find(|l| l.code == code).ok_or_else(|| {
        let known: Vec<&str> = LANGS.iter().map(|l| l.code).collect();
        format!("no navigation for language `{code}` (the site has {})", known.join(", "))
    })
}

fn current(page: &str, href: &str) -> &'static str {
    if page == href { r#" aria-current="page""# } else { "" }
}

/// A link to the version of a page in language `to`, from a page in `here`: marked with its
/// language so a screen reader switches voice, and as the current page where it is one.
fn lang_link(page: &str, href: &str, to: &Lang, here: &Lang) -> String {
    let attrs =
        if to.code == here.code { String::new() } else { format!(r#" hreflang="{0}" lang="{0}""#, to.code) };
    format!(r#"<a href="{href}"{attrs}{}>{}</a>"#, current(page, href), to.name)
}

/// The header and navigation of `page` (a file name such as `rules.ko.html`) in `lang`.
pub fn nav(lang: &Lang, page: &str) -> String {
    let rules_langs: Vec<String> = LANGS.iter().map(|l| lang_link(page, l.rules_page, l, lang)).collect();
    let solver_langs: Vec<String> = LANGS
        .iter()
        .filter(|l| SOLVER_LANGS.contains(&l.code))
        .map(|l| lang_link(page, l.solver_page, l, lang))
        .collect();
    // Strategy and Results exist in English only: say so to browsers on other pages.
    let english = if lang.code == "en" { "" } else { r#" hreflang="en""# };
    format!(
        "<header class=\"site-header\">
<div class=\"inner\">
<a class=\"brand\" href=\"{game}\" title=\"{home}\">2048</a>
<nav class=\"site-nav\" aria-label=\"{site}\">
<ul>
<li><a href=\"{game}\">{play}</a></li>
<li class=\"langs\"><a class=\"label\" href=\"{rules_page}\">{rules}</a>{colon}{rules_langs}</li>
<li><a href=\"strategy.html\"{english}{strategy_current}>{strategy}</a>{note}</li>
<li class=\"langs\"><a class=\"label\" href=\"{solver_page}\">{solver}</a>{colon}{solver_langs}</li>
<li><a href=\"results.html\"{english}{results_current}>{results}</a>{note}</li>
</ul>
</nav>
</div>
</header>",
        game = GAME_PAGE,
        home = escape(lang.home),
        site = escape(lang.site),
        play = lang.play,
        rules_page = lang.rules_page,
        rules = lang.rules,
        colon = lang.colon,
        rules_langs = rules_langs.join(" "),
        strategy_current = current(page, "strategy.html"),
        strategy = lang.strategy,
        note = lang.english_only,
        solver_page = lang.solver_page,
        solver = lang.solver,
        solver_langs = solver_langs.join(" "),
        results_current = current(page, "results.html"),
        results = lang.results,
    )
}

/// What every page's `<head>` shares: a Content-Security-Policy that lets a page load its
/// stylesheet and nothing else (no script, no font, nothing from another site), an empty
/// favicon so the browser does not ask the server for one, and the stylesheet.
pub fn head() -> String {
    "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'self'; \
     img-src 'self' data:; base-uri 'none'; form-action 'none'\">
<meta name=\"color-scheme\" content=\"light dark\">
<link rel=\"icon\" href=\"data:,\">
<link rel=\"stylesheet\" href=\"site.css\">"
        .to_string()
}

/// The footer of every page in `lang`.
pub fn footer(lang: &Lang) -> String {
    format!("<footer class=\"site-footer\">\n<p>{}</p>\n</footer>", lang.footer)
}
