//! The solver page's figures behind the Hint's words (`<!--movequality LANG-->`): the thresholds
//! of `www/results/move-quality.json`, the bins they were read from and the commands that made
//! them, so the page says what "about as good", "worse" and "much worse" were measured to mean.
//! Without the file it says the words are not measured yet, so the page still builds. In every
//! language of the site; the words themselves are `results_schema::move_quality::Word`'s, as the
//! game says them.

use results_schema::move_quality::{Document, GapMeasure, Word, word_for_gap};

use crate::format::thousands;
use crate::html::escape;
use crate::language::Language;
use crate::names::{label, strength};
use crate::results::Results;
use page_core::request::Strength;

/// A gap as the table shows it: three significant figures, or grouped digits from 1,000 (a
/// move that loses is worth `solver::LOST`, a million below a live one).
pub fn gap_text(gap: f64) -> String {
    if gap >= 1000.0 {
        thousands(gap.round() as u64)
    } else if gap >= 100.0 {
        format!("{gap:.0}")
    } else if gap >= 10.0 {
        format!("{gap:.1}")
    } else if gap >= 1.0 {
        format!("{gap:.2}")
    } else {
        format!("{gap:.3}")
    }
}

/// A drop in the chance of reaching the next tile, in percentage points: `+3.4`, `−0.5`.
fn points(drop: f64) -> String {
    let p = 100.0 * drop;
    if p < -0.05 { format!("−{:.1}", -p) } else { format!("{:.1}", p.abs()) }
}

/// A drop the thresholds stand for, in points: `2`, `2.5`.
fn limit(drop: f64) -> String {
    let p = 100.0 * drop;
    if (p - p.round()).abs() < 1e-9 { format!("{p:.0}") } else { format!("{p}") }
}

/// The section's figures, in language `lang`.
pub fn figures(lang: &str, results: &Results) -> Result<String, String> {
    let language = Language::from_code(lang)?;
    Ok(match results.move_quality.as_slice() {
        [] => language
            .pick([
                "<p class=\"coach-note\">The Hint’s words are not measured yet: their figures appear here once \
                 <code>www/results/move-quality.json</code> is committed (<code>docs/coach.md</code> has the command).</p>",
                "<p class=\"coach-note\">힌트의 말은 아직 측정되지 않았습니다. \
                 <code>www/results/move-quality.json</code>이 커밋되면 그 수치가 여기 나옵니다(명령은 \
                 <code>docs/coach.md</code>에 있습니다).</p>",
                "<p class=\"coach-note\">「提示」的評語還沒有實測：等 <code>www/results/move-quality.json</code> \
                 提交之後，數字就會出現在這裡（指令寫在 <code>docs/coach.md</code>）。</p>",
            ])
            .to_string(),
        documents => documents.iter().map(|d| table(d, language)).collect::<Vec<_>>().join("\n"),
    })
}

/// How a document's moves were played on: the games the positions come from, who carried on
/// from each move and how far, and the tile whose chance the drops are of.
struct Method {
    source: String,
    on_to: String,
    reach: String,
}

fn method(d: &Document, language: Language) -> Method {
    let reach = match d.target {
        Some(tile) => thousands(u64::from(tile)),
        None => language.pick(["the next tile", "다음 타일", "下一個方塊"]).to_string(),
    };
    let Some(player) = &d.player else {
        return Method {
            source: language.pick(["self-play games", "자체 대국", "自我對弈"]).to_string(),
            on_to: language.pick(["on to the next tile", "다음 타일까지", "一路下到下一個方塊"]).to_string(),
            reach,
        };
    };
    let who = match player.strip_prefix("spec-depth-") {
        Some(depth) => language
            .pick([
                "the {name} solver’s search held to {d} moves ahead",
                "수읽기를 {d}수로 고정한 {name} 솔버의 탐색",
                "只看 {d} 步的{name}解題程式搜尋",
            ])
            .replace("{name}", strength(Strength::Spec, language))
            .replace("{d}", depth),
        None => label(player, language),
    };
    let (who, id) = (escape(&who), escape(player));
    Method {
        source: match language {
            Language::En => format!("games of a weaker player, <code>{id}</code>"),
            Language::Ko => format!("더 약한 플레이어 <code>{id}</code>의 대국"),
            Language::ZhHant => format!("較弱的玩家 <code>{id}</code> 的對局"),
        },
        on_to: match language {
            Language::En => format!("on by that player ({who}) until it made a {reach} or lost"),
            Language::Ko => format!("그 플레이어({who})가 {reach}을 만들거나 질 때까지 이어"),
            Language::ZhHant => format!("由該玩家（{who}）一路下到做出 {reach} 或輸掉"),
        },
        reach,
    }
}

/// A word as the page of that language says it (as the game says it).
fn said(word: Word, language: Language) -> &'static str {
    language.pick([word.english(), word.korean(), word.chinese()])
}

fn table(d: &Document, language: Language) -> String {
    use Language::{En, Ko, ZhHant};
    let gap = match d.gap {
        GapMeasure::Absolute => {
            language.pick(["best − value", "최선의 값 − 이 수의 값", "最佳的值 − 這一步的值"])
        }
        GapMeasure::Relative => language.pick([
            "(best − value) / |best|",
            "(최선의 값 − 이 수의 값) / |최선의 값|",
            "（最佳的值 − 這一步的值）/ |最佳的值|",
        ]),
    };
    let t = d.thresholds;
    let (worse, much) = (said(Word::Worse, language), said(Word::MuchWorse, language));
    let worse = match (t.worse, language) {
        (Some(w), En) if w <= t.about_as_good => format!(
            "and <em>{much}</em> beyond (no bin of gaps fell between the two limits, so no move is just <em>{worse}</em>)"
        ),
        (Some(w), Ko) if w <= t.about_as_good => format!(
            "그보다 크면 <em>{much}</em>입니다(두 경계 사이에 든 구간이 없어 그냥 <em>{worse}</em>인 수는 없습니다)"
        ),
        (Some(w), ZhHant) if w <= t.about_as_good => format!(
            "超過就是「<em>{much}</em>」（兩個界線之間沒有任何一組差距，所以沒有哪一步只是「<em>{worse}</em>」）"
        ),
        (Some(w), En) => format!(
            "<em>{worse}</em> up to <span data-field=\"worse\">{}</span>, and <em>{much}</em> beyond",
            gap_text(w)
        ),
        (Some(w), Ko) => format!(
            "<span data-field=\"worse\">{}</span>까지는 <em>{worse}</em>, 그보다 크면 <em>{much}</em>입니다",
            gap_text(w)
        ),
        (Some(w), ZhHant) => format!(
            "到 <span data-field=\"worse\">{}</span> 為止是「<em>{worse}</em>」，超過就是「<em>{much}</em>」",
            gap_text(w)
        ),
        (None, En) => format!(
            "<em>{worse}</em> beyond that (no gap measured lost enough to call a move <em>{much}</em>)"
        ),
        (None, Ko) => {
            format!(
                "그보다 크면 <em>{worse}</em>입니다(<em>{much}</em>라 부를 만큼 잃은 차이는 측정되지 않았습니다)"
            )
        }
        (None, ZhHant) => {
            format!("超過就是「<em>{worse}</em>」（實測中沒有哪個差距輸得多到能叫「<em>{much}</em>」）")
        }
    };
    let strength = escape(&label(&d.strength, language));
    let id = escape(&d.strength);
    let about_as_good = said(Word::AboutAsGood, language);
    let (positions, min, max, moves) = (
        thousands(d.positions as u64),
        thousands(u64::from(d.min_tile)),
        thousands(u64::from(d.max_tile)),
        thousands(d.moves as u64),
    );
    let (games, seed, per_stage, rollouts) = (d.games, d.seed, d.per_stage, d.rollouts);
    let limit_good = gap_text(t.about_as_good);
    let (about, much_points) = (limit(d.about), limit(d.much));
    let minutes = (d.cpu_seconds / 60.0).round();
    let Method { source, on_to, reach } = method(d, language);
    let mut s = match language {
        Ko => format!(
            "<p class=\"coach-figures\"><strong>{strength}</strong>의 값으로 측정했습니다. {source} {games}판(시드 \
             {seed}, 가장 큰 타일이 {min}부터 {max}까지 각 단계마다 한 판에 {per_stage}개씩)에서 뽑은 {positions}개 \
             국면에서, 둘 수 있는 모든 수를 각각 {rollouts}번씩 {on_to} 두어 보았고, 탐색이 고르지 않은 수는 \
             {moves}개였습니다. 차이는 {gap}이며, 그 강도의 평가 값 그대로입니다. 차이가 <span \
             data-field=\"about_as_good\">{limit_good}</span>까지면 <em>{about_as_good}</em>({reach}에 이를 확률이 \
             {about}%p보다 적게 떨어짐), {worse}(확률이 {much_points}%p보다 많이 떨어짐). CPU {minutes}분이 \
             걸렸습니다.</p>\n"
        ),
        En => format!(
            "<p class=\"coach-figures\">Measured with the <strong>{strength}</strong>’s values: {positions} \
             positions from {games} {source} (seed {seed}; {per_stage} a game for each largest tile from {min} to \
             {max}), every possible move of each played {rollouts} times {on_to}, {moves} moves that were not the \
             search’s choice. The gap is {gap}, in the strength’s own evaluation. A move is <em>{about_as_good}</em> up \
             to a gap of <span data-field=\"about_as_good\">{limit_good}</span> (its chance of {reach} falls \
             by less than {about} points), {worse} (it falls by more than {much_points} points). It took {minutes} CPU \
             minutes.</p>\n"
        ),
        ZhHant => format!(
            "<p class=\"coach-figures\">以<strong>{strength}</strong>的值實測：從 {games} 局{source}（種子 {seed}；最大方塊從 \
             {min} 到 {max}，每個階段每局取 {per_stage} 個）取出 {positions} 個局面，每個局面的每一種走法都各下 {rollouts} \
             次，{on_to}；其中不是搜尋所選的走法共 {moves} 步。差距是「{gap}」，用的是該強度自己的評估值。差距在 \
             <span data-field=\"about_as_good\">{limit_good}</span> 以內是「<em>{about_as_good}</em>」（達到{reach}的機率\
             掉不到 {about} 個百分點），{worse}（機率掉超過 {much_points} 個百分點）。共花了 {minutes} 分鐘 CPU 時間。</p>\n"
        ),
    };
    let caption = match language {
        En => format!(
            "How much a move below the best costs: the drop in the chance of reaching {reach}, in points"
        ),
        Ko => format!("최선보다 낮은 수의 대가: {reach}에 이를 확률이 떨어지는 폭(%p)"),
        ZhHant => format!("比最佳差的一步要付出多少：達到{reach}的機率下降幾個百分點"),
    };
    let heads = language.pick([
        ["Gap", "Moves", "Mean drop", "95 % interval", "Monotone fit", "Word"],
        ["차이", "수", "평균 하락", "95% 구간", "단조 맞춤", "말"],
        ["差距", "步數", "平均下降", "95 % 區間", "單調擬合", "評語"],
    ]);
    let tie = language.pick(["0 (a tie)", "0(동점)", "0（平手）"]);
    let to = language.pick(["to", "~", "～"]);
    // The strength's label has brackets of its own in Korean and Chinese: a dash, not more brackets.
    let (open, close) = language.pick([(" (", ")"), (" — ", ""), ("——", "")]);
    s.push_str(&format!(
        "<div class=\"table-wrap\" role=\"region\" tabindex=\"0\" aria-labelledby=\"coach-table-{id}-caption\">\n\
         <table class=\"results coach\" id=\"coach-table-{id}\" data-strength=\"{id}\">\n<caption id=\"coach-table-{id}-caption\">{caption}{open}{strength}{close}</caption>\n\
         <thead><tr><th scope=\"col\">{}</th><th scope=\"col\" class=\"num\">{}</th><th scope=\"col\" class=\"num\">{}\
         </th><th scope=\"col\" class=\"num\">{}</th><th scope=\"col\" class=\"num\">{}</th><th scope=\"col\">{}</th>\
         </tr></thead>\n<tbody>\n",
        heads[0], heads[1], heads[2], heads[3], heads[4], heads[5]
    ));
    let row = |range: String, drop: &results_schema::move_quality::Drop, fitted: Option<f64>, word: Word| {
        format!(
            "<tr><th scope=\"row\">{range}</th><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{} \
             {to} {}</td><td class=\"num\">{}</td><td>{}</td></tr>\n",
            thousands(drop.moves as u64),
            points(drop.mean_drop),
            points(drop.low),
            points(drop.high),
            fitted.map_or("–".to_string(), points),
            said(word, language)
        )
    };
    if d.ties.moves > 0 {
        s.push_str(&row(tie.into(), &d.ties, None, Word::Best));
    }
    for b in &d.bins {
        let range = format!("{} {to} {}", gap_text(b.gap_low), gap_text(b.gap_high));
        s.push_str(&row(range, &b.drop, Some(b.fitted_drop), word_for_gap(b.gap_high, t)));
    }
    s.push_str("</tbody>\n</table>\n</div>\n");
    let (run, summary) = (escape(&d.run_command), escape(&d.command));
    s.push_str(&match language {
        Ko => format!("<p class=\"coach-command\">측정 명령 <code>{run}</code>, 요약 명령 <code>{summary}</code>.</p>"),
        En => format!(
            "<p class=\"coach-command\">Measured with <code>{run}</code>, summarized with <code>{summary}</code>.</p>"
        ),
        ZhHant => format!("<p class=\"coach-command\">實測指令 <code>{run}</code>，彙整指令 <code>{summary}</code>。</p>"),
    });
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use results_schema::move_quality::{Bin, Drop, Thresholds};

    #[test]
    fn gaps_and_points_read_as_the_table_shows_them() {
        assert_eq!(gap_text(0.04321), "0.043");
        assert_eq!(gap_text(2.345), "2.35");
        assert_eq!(gap_text(23.45), "23.4");
        assert_eq!(gap_text(1_000_020.2), "1,000,020");
        assert_eq!(points(0.0234), "2.3");
        assert_eq!(points(-0.0234), "−2.3");
        assert_eq!(points(-0.0001), "0.0");
        assert_eq!((limit(0.02), limit(0.10), limit(0.025)), ("2".into(), "10".into(), "2.5".into()));
    }

    fn document(thresholds: Thresholds) -> Document {
        let drop =
            |mean_drop: f64| Drop { moves: 40, mean_drop, low: mean_drop - 0.01, high: mean_drop + 0.01 };
        let bin = |gap_low: f64, gap_high: f64, mean: f64| Bin {
            gap_low,
            gap_high,
            drop: drop(mean),
            fitted_drop: mean,
        };
        Document {
            command: "cargo run --release -p arena --bin move-quality -- --summarize f.jsonl".into(),
            run_command: "cargo run --release -p arena --bin move-quality -- --out f.jsonl".into(),
            strength: "spec".into(),
            player: None,
            target: None,
            gap: GapMeasure::Absolute,
            seed: 1,
            games: 3,
            positions: 36,
            moves: 120,
            rollouts: 10,
            per_stage: 3,
            min_tile: 256,
            max_tile: 2048,
            move_cap: 5000,
            about: 0.02,
            much: 0.10,
            cpu_seconds: 600.0,
            ties: drop(0.0),
            bins: vec![bin(0.1, 2.0, 0.0), bin(2.5, 8.0, 0.05), bin(9.0, 30.0, 0.3)],
            thresholds,
        }
    }

    #[test]
    fn the_figures_name_the_thresholds_and_give_each_bin_its_word() {
        let results = Results {
            runs: Vec::new(),
            move_quality: vec![document(Thresholds { about_as_good: 2.0, worse: Some(8.0) })],
            chance: None,
        };
        let html = figures("en", &results).unwrap();
        assert!(html.contains("<span data-field=\"about_as_good\">2.00</span>"), "{html}");
        assert!(html.contains("<span data-field=\"worse\">8.00</span>"), "{html}");
        assert!(
            html.contains("Standard solver") && html.contains("36 positions from 3 self-play games"),
            "{html}"
        );
        let words: Vec<&str> =
            html.match_indices("</td><td>").map(|(i, _)| html[i + 9..].split('<').next().unwrap()).collect();
        assert_eq!(words, ["best", "about as good", "worse", "much worse"]);
        assert!(html.contains("--summarize f.jsonl"));
        let korean = figures("ko", &results).unwrap();
        let words: Vec<&str> = korean
            .match_indices("</td><td>")
            .map(|(i, _)| korean[i + 9..].split('<').next().unwrap())
            .collect();
        assert_eq!(words, ["최선의 수", "거의 같은 수", "더 나쁜 수", "훨씬 나쁜 수"]);
        assert!(korean.contains("<span data-field=\"worse\">8.00</span>까지는"), "{korean}");
        let chinese = figures("zh-Hant", &results).unwrap();
        let words: Vec<&str> = chinese
            .match_indices("</td><td>")
            .map(|(i, _)| chinese[i + 9..].split('<').next().unwrap())
            .collect();
        assert_eq!(words, ["最佳", "差不多", "較差", "差很多"]);
        assert!(chinese.contains("<span data-field=\"worse\">8.00</span> 為止"), "{chinese}");
        // Thresholds that meet leave no "worse" band, and the page says so.
        let results = Results {
            runs: Vec::new(),
            move_quality: vec![document(Thresholds { about_as_good: 8.0, worse: Some(8.0) })],
            chance: None,
        };
        assert!(figures("en", &results).unwrap().contains("no move is just <em>worse</em>"));
        assert!(figures("fr", &results).is_err());
        assert!(figures("zh-Hant", &results).unwrap().contains("沒有哪一步只是「<em>較差</em>」"));
        let korean = figures("ko", &results).unwrap();
        assert!(korean.contains("그냥 <em>더 나쁜 수</em>인 수는 없습니다"), "{korean}");
        assert!(
            figures("en", &Results { runs: Vec::new(), move_quality: Vec::new(), chance: None })
                .unwrap()
                .contains("not measured yet")
        );
    }
}
