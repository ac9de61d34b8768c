//! Other public 2048 programs beside ours (`<!--published LANG-->`): each one's figures as its
//! author published them, with where, next to the rows of our own strengths that the arena
//! measured. Theirs are quoted, not measured here, and the table says so; the sources are
//! given as addresses to type, not links, because the site points at nothing on the network.

use solver::Strategy;

use crate::html::escape;
use crate::names::label_in;
use crate::results::Results;

/// One published result.
struct Published {
    program: &'static str,
    /// What it is and the setting the figures are of (English, Korean).
    setting: (&'static str, &'static str),
    /// Games the figures stand for, where said.
    games: Option<u32>,
    /// Shares reaching 16384 and 32768, in percent, where said.
    reached: [Option<&'static str>; 2],
    /// Time a move, as said (English, Korean).
    time: (&'static str, &'static str),
    /// Where the figures were published.
    source: &'static str,
}

const PUBLISHED: [Published; 6] = [
    Published {
        program: "nneonneo/2048-ai",
        setting: ("expectimax in C++, search depth up to 8", "C++ 익스펙티맥스, 탐색 깊이 최대 8"),
        games: Some(100),
        reached: [Some("94 %"), Some("36 %")],
        time: ("10 to 200 ms", "10~200 ms"),
        source: "stackoverflow.com/questions/22342854 (the author’s answer)",
    },
    Published {
        program: "ziap/2048-ai",
        setting: ("expectimax in wasm, budget 2^15 positions", "wasm 익스펙티맥스, 예산 2^15 국면"),
        games: Some(1000),
        reached: [Some("58.2 %"), Some("3.6 %")],
        time: ("not given", "밝히지 않음"),
        source: "github.com/ziap/2048-ai (README)",
    },
    Published {
        program: "ziap/2048-ai",
        setting: ("budget 2^17 positions", "예산 2^17 국면"),
        games: Some(1000),
        reached: [Some("74.0 %"), Some("9.1 %")],
        time: ("not given", "밝히지 않음"),
        source: "github.com/ziap/2048-ai (README)",
    },
    Published {
        program: "ziap/2048-ai",
        setting: ("budget 2^19 positions", "예산 2^19 국면"),
        games: Some(1000),
        reached: [Some("84.6 %"), Some("17.6 %")],
        time: ("not given", "밝히지 않음"),
        source: "github.com/ziap/2048-ai (README)",
    },
    Published {
        program: "ViktorHavrysh/ai2048",
        setting: ("nneonneo’s heuristic in Rust and wasm", "nneonneo의 휴리스틱, Rust와 wasm"),
        games: Some(1000),
        reached: [Some("71.0 %"), Some("9.3 %")],
        time: ("about 3.2 ms", "약 3.2 ms"),
        source: "github.com/ViktorHavrysh/ai2048 (README)",
    },
    Published {
        program: "game-difficulty/2048EndgameTablebase",
        setting: ("search with a 2.5 MB endgame table, in a page", "2.5 MB 끝내기 표를 쓰는 탐색, 웹 페이지"),
        games: None,
        reached: [None, Some("about 80 %")],
        time: ("0.1 s to over 1 s", "0.1초~1초 이상"),
        source: "github.com/game-difficulty/2048EndgameTablebase (README)",
    },
];

/// Our rows: the strengths with committed runs.
const OURS: [Strategy; 4] =
    [Strategy::Max, Strategy::Strong, Strategy::StrongHeuristic, Strategy::StrongDeep];

/// The table, in language `lang` (`en` or `ko`).
pub fn table(lang: &str, results: &Results) -> Result<String, String> {
    let ko = match lang {
        "en" => false,
        "ko" => true,
        other => return Err(format!("`published` is written in en and ko, not `{other}`")),
    };
    let pick = |pair: (&'static str, &'static str)| if ko { pair.1 } else { pair.0 };
    let (caption, heads, ours, theirs, unsaid) = if ko {
        (
            "공개된 다른 2048 프로그램: 저자가 밝힌 수치, 그리고 아레나가 잰 우리 수치",
            ["프로그램", "설정", "게임 수", "16384 도달", "32768 도달", "한 수 시간", "출처"],
            "이 프로젝트의 아레나가 측정",
            "저자가 밝힌 수치",
            "밝히지 않음",
        )
    } else {
        (
            "Other public 2048 programs: their figures as their authors published them, and ours as the arena measured them",
            ["Program", "Setting", "Games", "Reached 16384", "Reached 32768", "Time a move", "Source"],
            "measured by this project’s arena",
            "as published",
            "not given",
        )
    };
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
            escape(&label_in(name, lang)),
            cell("games"),
            cell("reached.16384"),
            cell("reached.32768"),
        ));
    }
    for p in &PUBLISHED {
        let or_unsaid = |x: Option<String>| x.unwrap_or_else(|| unsaid.to_string());
        t.push_str(&format!(
            "<tr class=\"quoted\"><th scope=\"row\">{}</th><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td>\
             <td class=\"num\">{}</td><td class=\"num\">{}</td><td>{theirs}: <code>{}</code></td></tr>\n",
            escape(p.program),
            escape(pick(p.setting)),
            or_unsaid(p.games.map(|g| crate::format::thousands(u64::from(g)))),
            or_unsaid(p.reached[0].map(str::to_string)),
            or_unsaid(p.reached[1].map(|r| if ko { r.replace("about ", "약 ") } else { r.to_string() })),
            escape(pick(p.time)),
            escape(p.source),
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
        let html = table("en", &Results { runs: Vec::new(), move_quality: Vec::new() }).unwrap();
        assert_eq!(html.matches("<tr class=\"quoted\">").count(), PUBLISHED.len());
        assert_eq!(html.matches("as published: <code>").count(), PUBLISHED.len());
        assert!(!html.contains("href="), "no link to the network");
        assert!(!html.contains("data-strategy"), "no row of ours without its run");
        let korean = table("ko", &Results { runs: Vec::new(), move_quality: Vec::new() }).unwrap();
        assert!(korean.contains("약 80 %") && korean.contains("저자가 밝힌 수치"), "{korean}");
        assert!(table("zh-Hant", &Results { runs: Vec::new(), move_quality: Vec::new() }).is_err());
    }
}
