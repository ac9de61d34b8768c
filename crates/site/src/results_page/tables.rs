//! The Results page's tables of the arena's numbers, in the page's language: how far each
//! strategy gets (the reach table), its scores, lengths and think time (the score table), and
//! the runs with the commands that remake them. The original claim's rows sit under the
//! solver's own ([`claim`](super::claim)).

use crate::format::{duration_ms, number, percent, percent_interval, thousands};
use crate::html::escape;
use crate::language::Language;
use crate::reproduce;
use crate::results::Results;
use crate::words::{GAMES, STRATEGY, head_cells, table_open, table_start};

use super::claim::{claim_after, reach_row, score_row};
use super::{NONE, cell, milestones, row_head};

pub(super) fn reach(results: &Results, language: Language) -> String {
    let tiles = milestones(results);
    let caption = language.pick([
        "Games whose largest tile reached each tile, with 95&nbsp;% intervals",
        "가장 큰 타일이 각 타일에 이른 게임의 비율과 95% 구간",
        "最大方塊達到各個方塊的對局比例，附 95&nbsp;% 區間",
    ]);
    let mut t = table_open("reach-table", "results", caption);
    t.push_str(&format!("<thead><tr>{}", head_cells(&[language.pick(STRATEGY), language.pick(GAMES)])));
    for tile in &tiles {
        t.push_str(&format!(
            "<th scope=\"col\" class=\"num\"><span class=\"tile\" data-v=\"{tile}\">{tile}</span></th>"
        ));
    }
    t.push_str("</tr></thead>\n<tbody>\n");
    for (i, run) in results.runs.iter().enumerate() {
        let s = &run.summary;
        t.push_str(&row_head(run, language));
        t.push_str(&cell("games", &thousands(s.games as u64), None));
        for &tile in &tiles {
            match run.reach(tile) {
                Some(r) => t.push_str(&cell(
                    &format!("reached.{tile}"),
                    &percent(r.games, s.games),
                    Some(percent_interval(r.low, r.high)),
                )),
                None => t.push_str(NONE),
            }
        }
        t.push_str("</tr>\n");
        if claim_after(results) == Some(i) {
            t.push_str(&reach_row(&tiles, language));
        }
    }
    t.push_str("</tbody>\n</table>\n</div>");
    t
}

pub(super) fn score(results: &Results, language: Language) -> String {
    let caption = [
        "Scores, game lengths and think time per move (medians with 95&nbsp;% intervals)",
        "점수, 게임 길이, 한 수 생각 시간(중앙값과 95% 구간)",
        "分數、對局長度與每步思考時間（中位數附 95&nbsp;% 區間）",
    ];
    let heads = [
        STRATEGY,
        GAMES,
        ["Median score", "점수 중앙값", "分數中位數"],
        ["Mean score", "평균 점수", "平均分數"],
        ["Median length (moves)", "길이 중앙값(수)", "長度中位數（步）"],
        ["Mean length", "평균 길이", "平均長度"],
        ["Think time, mean", "생각 시간(평균)", "思考時間（平均）"],
        ["Think time, 99th percentile", "생각 시간(99번째 백분위수)", "思考時間（第 99 百分位）"],
    ];
    let mut t = table_start("score-table", "results", caption, &heads, language);
    let range = |(lo, hi): (f64, f64)| Some(format!("{}–{}", number(lo), number(hi)));
    for (i, run) in results.runs.iter().enumerate() {
        let s = &run.summary;
        t.push_str(&row_head(run, language));
        t.push_str(&cell("games", &thousands(s.games as u64), None));
        t.push_str(&cell("median_score", &number(s.median_score), range(s.median_score_interval)));
        t.push_str(&cell("mean_score", &number(s.mean_score.round()), None));
        t.push_str(&cell("median_moves", &number(s.median_moves), range(s.median_moves_interval)));
        t.push_str(&cell("mean_moves", &number(s.mean_moves), None));
        t.push_str(&cell("mean_think_ms", &duration_ms(s.mean_think_ms), None));
        t.push_str(&cell("p99_think_ms", &duration_ms(s.p99_think_ms), None));
        t.push_str("</tr>\n");
        if claim_after(results) == Some(i) {
            t.push_str(&score_row(language));
        }
    }
    t.push_str("</tbody>\n</table>\n</div>");
    t
}

/// A wall-clock time in seconds, for the length of a whole run.
fn wall(seconds: f64, language: Language) -> String {
    if seconds >= 60.0 {
        let whole = seconds.round() as u64;
        let (m, s) = (whole / 60, whole % 60);
        language.pick([format!("{m} min {s:02} s"), format!("{m}분 {s:02}초"), format!("{m} 分 {s:02} 秒")])
    } else if seconds >= 1.0 {
        language.pick([format!("{seconds:.1} s"), format!("{seconds:.1}초"), format!("{seconds:.1} 秒")])
    } else {
        duration_ms(seconds * 1e3)
    }
}

/// `command` with each argument (an option together with its value) kept on one line.
fn wrap_between_arguments(command: &str) -> String {
    let mut groups: Vec<String> = Vec::new();
    let mut words = command.split(' ').peekable();
    while let Some(word) = words.next() {
        let mut group = word.to_string();
        let takes_value = word.starts_with('-') && word != "--";
        if takes_value && words.peek().is_some_and(|next| !next.starts_with('-')) {
            group = format!("{group} {}", words.next().unwrap_or_default());
        }
        groups.push(format!("<span class=\"nowrap\">{}</span>", escape(&group)));
    }
    groups.join(" ")
}

pub(super) fn runs(results: &Results, language: Language) -> String {
    let caption = ["The runs behind these numbers", "이 수치를 낸 실행", "產生這些數字的執行"];
    let heads = [
        STRATEGY,
        GAMES,
        ["Seed", "시드", "種子"],
        ["Threads", "스레드", "執行緒"],
        ["Wall time", "걸린 시간", "實際耗時"],
        ["Positions searched per second", "초당 탐색한 국면", "每秒搜尋的局面數"],
    ];
    let mut t = table_start("runs-table", "runs", caption, &heads, language);
    for run in &results.runs {
        let s = &run.summary;
        t.push_str(&row_head(run, language));
        t.push_str(&cell("games", &thousands(s.games as u64), None));
        t.push_str(&cell("seed", &s.seed.to_string(), None));
        t.push_str(&cell("threads", &s.threads.to_string(), None));
        t.push_str(&cell("wall_seconds", &wall(s.wall_seconds, language), None));
        if s.nodes_per_second > 0.0 {
            t.push_str(&cell("nodes_per_second", &thousands(s.nodes_per_second.round() as u64), None));
        } else {
            t.push_str(NONE);
        }
        t.push_str("</tr>\n");
    }
    t.push_str("</tbody>\n</table>\n</div>\n");
    // One list item per command. On a narrow screen a command wraps, but only between its
    // arguments (a browser would otherwise break `--strategy` after its dashes), and it still
    // copies as one line.
    let commands: Vec<String> = results
        .runs
        .iter()
        .map(|r| {
            let (key, file) = (escape(r.key()), escape(&r.file));
            let said = match reproduce::command(r) {
                Some(command) => format!("<code>{}</code>", wrap_between_arguments(&command)),
                None => language.pick([
                    format!("No command for <code>{key}</code> ({file}): its file does not say which arena options made it."),
                    format!("<code>{key}</code>({file})의 명령은 없습니다. 어떤 아레나 옵션으로 만들었는지 파일에 적혀 있지 않습니다."),
                    format!("<code>{key}</code>（{file}）沒有指令：檔案裡沒寫它是用哪些對戰場選項產生的。"),
                ]),
            };
            format!("<li data-strategy=\"{key}\">{said}</li>")
        })
        .collect();
    t.push_str(&format!(
        "<ul class=\"commands\" aria-label=\"{}\">\n{}\n</ul>",
        language.pick(["Commands", "명령", "指令"]),
        commands.join("\n")
    ));
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_s_length_is_said_in_each_language() {
        assert_eq!(wall(185.0, Language::En), "3 min 05 s");
        assert_eq!(wall(185.0, Language::Ko), "3분 05초");
        assert_eq!(wall(2.5, Language::ZhHant), "2.5 秒");
        assert_eq!(wall(0.5, Language::Ko), "500 ms");
    }
}
