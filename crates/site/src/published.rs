//! Other public 2048 programs beside ours (`<!--published LANG-->`): each one's figures as its
//! author published them, with where, next to the rows of our own strengths that the arena
//! measured. Theirs are quoted, not measured here, and the table says so; the sources are
//! given as addresses to type, not links, because the site points at nothing on the network.

use solver::Strategy;

use crate::html::escape;
use crate::language::Language;
use crate::names::label;
use crate::results::Results;

/// One published result.
struct Published {
    program: &'static str,
    /// What it is and the setting the figures are of, in each language.
    setting: [&'static str; 3],
    /// Games the figures stand for, where said.
    games: Option<u32>,
    /// Shares reaching 16384 and 32768, in percent, where said, in each language.
    reached: [Option<[&'static str; 3]>; 2],
    /// Time a move, as said, in each language.
    time: [&'static str; 3],
    /// Where the figures were published: an address, and which part of it, in each language.
    source: &'static str,
    part: [&'static str; 3],
}

/// A figure every language writes alike.
const fn same(figure: &'static str) -> [&'static str; 3] {
    [figure, figure, figure]
}

const NOT_GIVEN: [&str; 3] = ["not given", "밝히지 않음", "未提供"];

/// A repository's front page.
const README: [&str; 3] = same("README");

const PUBLISHED: [Published; 6] = [
    Published {
        program: "nneonneo/2048-ai",
        setting: [
            "expectimax in C++, search depth up to 8",
            "C++ 익스펙티맥스, 탐색 깊이 최대 8",
            "C++ 期望最大搜尋，深度最多 8",
        ],
        games: Some(100),
        reached: [Some(same("94 %")), Some(same("36 %"))],
        time: ["10 to 200 ms", "10~200 ms", "10～200 ms"],
        source: "stackoverflow.com/questions/22342854",
        part: ["the author’s answer", "작성자의 답변", "作者的回答"],
    },
    Published {
        program: "ziap/2048-ai",
        setting: [
            "expectimax in wasm, budget 2^15 positions",
            "wasm 익스펙티맥스, 예산 2^15 국면",
            "wasm 期望最大搜尋，上限 2^15 個局面",
        ],
        games: Some(1000),
        reached: [Some(same("58.2 %")), Some(same("3.6 %"))],
        time: NOT_GIVEN,
        source: "github.com/ziap/2048-ai",
        part: README,
    },
    Published {
        program: "ziap/2048-ai",
        setting: ["budget 2^17 positions", "예산 2^17 국면", "上限 2^17 個局面"],
        games: Some(1000),
        reached: [Some(same("74.0 %")), Some(same("9.1 %"))],
        time: NOT_GIVEN,
        source: "github.com/ziap/2048-ai",
        part: README,
    },
    Published {
        program: "ziap/2048-ai",
        setting: ["budget 2^19 positions", "예산 2^19 국면", "上限 2^19 個局面"],
        games: Some(1000),
        reached: [Some(same("84.6 %")), Some(same("17.6 %"))],
        time: NOT_GIVEN,
        source: "github.com/ziap/2048-ai",
        part: README,
    },
    Published {
        program: "ViktorHavrysh/ai2048",
        setting: [
            "nneonneo’s heuristic in Rust and wasm",
            "nneonneo의 휴리스틱, Rust와 wasm",
            "nneonneo 的啟發式評估，Rust 與 wasm",
        ],
        games: Some(1000),
        reached: [Some(same("71.0 %")), Some(same("9.3 %"))],
        time: ["about 3.2 ms", "약 3.2 ms", "約 3.2 ms"],
        source: "github.com/ViktorHavrysh/ai2048",
        part: README,
    },
    Published {
        program: "game-difficulty/2048EndgameTablebase",
        setting: [
            "search with a 2.5 MB endgame table, in a page",
            "2.5 MB 끝내기 표를 쓰는 탐색, 웹 페이지",
            "搭配 2.5 MB 殘局表的搜尋，網頁版",
        ],
        games: None,
        reached: [None, Some(["about 80 %", "약 80 %", "約 80 %"])],
        time: ["0.1 s to over 1 s", "0.1초~1초 이상", "0.1 秒到 1 秒以上"],
        source: "github.com/game-difficulty/2048EndgameTablebase",
        part: README,
    },
];

/// Our rows: the strengths with committed runs.
const OURS: [Strategy; 4] =
    [Strategy::Max, Strategy::Strong, Strategy::StrongHeuristic, Strategy::StrongDeep];

const CAPTION: [&str; 3] = [
    "Other public 2048 programs: their figures as their authors published them, and ours as the arena measured them",
    "공개된 다른 2048 프로그램: 저자가 밝힌 수치, 그리고 아레나가 잰 우리 수치",
    "其他公開的 2048 程式：作者公布的數字，以及本專案實測的數字",
];
const HEADS: [[&str; 3]; 7] = [
    ["Program", "프로그램", "程式"],
    ["Setting", "설정", "設定"],
    ["Games", "게임 수", "局數"],
    ["Reached 16384", "16384 도달", "達到 16384"],
    ["Reached 32768", "32768 도달", "達到 32768"],
    ["Time a move", "한 수 시간", "每步時間"],
    ["Source", "출처", "出處"],
];
const OURS_SAID: [&str; 3] =
    ["measured by this project’s arena", "이 프로젝트의 아레나가 측정", "本專案實測"];
const THEIRS_SAID: [&str; 3] = ["as published", "저자가 밝힌 수치", "作者公布"];

/// The table, in language `lang`.
pub fn table(lang: &str, results: &Results) -> Result<String, String> {
    let language = Language::from_code(lang)?;
    let colon = crate::layout::lang(lang)?.colon;
    let (caption, ours, theirs, unsaid) = (
        language.pick(CAPTION),
        language.pick(OURS_SAID),
        language.pick(THEIRS_SAID),
        language.pick(NOT_GIVEN),
    );
    let heads = HEADS.map(|h| language.pick(h));
    let mut t = format!(
        "<div class=\"table-wrap\" role=\"region\" tabindex=\"0\" aria-labelledby=\"published-table-caption\">\n\
         <table class=\"results published\" id=\"published-table\">\n<caption id=\"published-table-caption\">{caption}\
         </caption>\n<thead><tr>"
    );
    for (i, head) in heads.iter().enumerate() {
        let class = if (2..=5).contains(&i) { " class=\"num\"" } else { "" };
        t.push_str(&format!("<th scope=\"col\"{class}>{head}</th>"));
    }
    t.push_str("</tr></thead>\n<tbody>\n");
    for strategy in OURS.into_iter().filter(|s| results.run(s.id()).is_some()) {
        let name = strategy.id();
        let cell = |key: &str| format!("<td class=\"num\"><span data-result=\"{name}.{key}\">…</span></td>");
        t.push_str(&format!(
            "<tr data-strategy=\"{name}\"><th scope=\"row\">{}</th><td><code>{name}</code></td>{}{}{}\
             <td class=\"num\"><span data-result=\"{name}.mean_think_ms\">…</span></td><td>{ours}</td></tr>\n",
            escape(&label(name, language)),
            cell("games"),
            cell("reached.16384"),
            cell("reached.32768"),
        ));
    }
    for p in &PUBLISHED {
        let or_unsaid = |x: Option<String>| x.unwrap_or_else(|| unsaid.to_string());
        t.push_str(&format!(
            "<tr class=\"quoted\"><th scope=\"row\">{}</th><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td>\
             <td class=\"num\">{}</td><td class=\"num\">{}</td><td>{theirs}{colon}<code>{}</code> ({})</td></tr>\n",
            escape(p.program),
            escape(language.pick(p.setting)),
            or_unsaid(p.games.map(|g| crate::format::thousands(u64::from(g)))),
            or_unsaid(p.reached[0].map(|r| language.pick(r).to_string())),
            or_unsaid(p.reached[1].map(|r| language.pick(r).to_string())),
            escape(language.pick(p.time)),
            escape(p.source),
            escape(language.pick(p.part)),
        ));
    }
    t.push_str("</tbody>\n</table>\n</div>");
    Ok(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_quoted_rows_say_so_and_name_their_source_and_ours_are_measured_cells() {
        let html =
            table("en", &Results { runs: Vec::new(), move_quality: Vec::new(), chance: None }).unwrap();
        assert_eq!(html.matches("<tr class=\"quoted\">").count(), PUBLISHED.len());
        assert_eq!(html.matches("as published: <code>").count(), PUBLISHED.len());
        assert!(!html.contains("href="), "no link to the network");
        assert!(!html.contains("data-strategy"), "no row of ours without its run");
        let korean =
            table("ko", &Results { runs: Vec::new(), move_quality: Vec::new(), chance: None }).unwrap();
        assert!(korean.contains("약 80 %") && korean.contains("저자가 밝힌 수치"), "{korean}");
        let chinese =
            table("zh-Hant", &Results { runs: Vec::new(), move_quality: Vec::new(), chance: None }).unwrap();
        assert!(chinese.contains("約 80 %") && chinese.contains("作者公布："), "{chinese}");
        for other in [&korean, &chinese] {
            assert!(!other.contains("author") && !other.contains("as published"), "English left: {other}");
        }
        assert!(table("fr", &Results { runs: Vec::new(), move_quality: Vec::new(), chance: None }).is_err());
    }
}
