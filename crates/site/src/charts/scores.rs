//! The chart of the final scores: a box plot per strategy on a logarithmic axis, and its
//! numbers as a table.

use crate::format::{number, thousands};
use crate::html::escape;
use crate::language::Language;
use crate::names::label;
use crate::results::Results;
use crate::words::{STRATEGY, games, table_start};

use super::{FiveNumbers, WIDTH, figure_end, score_spread, svg_open};

/// The 1-2-5 ticks from the one at or below `lo` to the first at or above `hi`.
fn log_ticks(lo: f64, hi: f64) -> Vec<f64> {
    let mut ticks = Vec::new();
    let mut decade = 10f64.powi(lo.max(1.0).log10().floor() as i32);
    while ticks.last().is_none_or(|&t| t < hi) {
        ticks.extend([1.0, 2.0, 5.0].map(|m| m * decade));
        decade *= 10.0;
    }
    let end = ticks.iter().position(|&t| t >= hi).unwrap_or(ticks.len() - 1);
    ticks.truncate(end + 1);
    let start = ticks.iter().rposition(|&t| t <= lo).unwrap_or(0);
    ticks.drain(..start);
    ticks
}

/// A tick's label, short enough to fit: `500`, `2k`, `100k`.
fn tick_label(t: f64) -> String {
    if t >= 1000.0 { format!("{}k", thousands((t / 1000.0).round() as u64)) } else { format!("{t:.0}") }
}

/// How each strategy's scores spread: a box plot per strategy on a log scale, which shows the
/// random player's hundreds and the solver's tens of thousands on one axis.
pub fn score_chart(results: &Results, language: Language) -> String {
    const ROW: f64 = 56.0;
    const LEFT: f64 = 14.0;
    const RIGHT: f64 = 14.0;
    let spreads: Vec<FiveNumbers> = results.runs.iter().map(score_spread).collect();
    let lo = spreads.iter().map(|s| s.min).fold(f64::INFINITY, f64::min).max(1.0);
    let hi = spreads.iter().map(|s| s.max).fold(1.0, f64::max);
    let ticks = log_ticks(lo, hi);
    let (first, last) = (ticks[0].log10(), ticks[ticks.len() - 1].log10());
    let x = |v: f64| LEFT + (v.max(ticks[0]).log10() - first) / (last - first) * (WIDTH - LEFT - RIGHT);
    let axis_y = 4.0 + ROW * results.runs.len() as f64;
    // The axis's title sits under the ticks' labels; Korean and Chinese fonts have taller boxes
    // (on a phone's larger ticks they would touch the labels above), so it sits lower there.
    let title_y = axis_y + language.pick([38.0, 44.0, 44.0]);
    let height = title_y + 8.0;
    let desc: Vec<String> = results
        .runs
        .iter()
        .zip(&spreads)
        .map(|(run, s)| {
            let name = label(run.name(), language);
            let [median, q1, q3, min, max] = [s.median, s.q1, s.q3, s.min, s.max].map(number);
            language.pick([
                format!("{name}: median {median}, middle half {q1} to {q3}, range {min} to {max}"),
                format!("{name}: 중앙값 {median}, 가운데 절반 {q1}~{q3}, 범위 {min}~{max}"),
                format!("{name}：中位數 {median}，中間一半 {q1}～{q3}，範圍 {min}～{max}"),
            ])
        })
        .collect();
    let title = language.pick([
        "Final scores by strategy, on a logarithmic scale",
        "전략별 최종 점수(로그 척도)",
        "各策略的最終分數（對數刻度）",
    ]);
    let desc = language.pick([
        format!("Box plots of the final score. {}.", desc.join("; ")),
        format!("최종 점수의 상자 그림. {}.", desc.join("; ")),
        format!("最終分數的盒形圖。{}。", desc.join("；")),
    ]);
    let mut svg = svg_open("score-chart", height, title, &desc);
    svg.push_str("<g class=\"grid\" aria-hidden=\"true\">\n");
    for &t in &ticks {
        svg.push_str(&format!(
            "<line x1=\"{0:.2}\" x2=\"{0:.2}\" y1=\"4\" y2=\"{axis_y:.1}\"/>\
             <text x=\"{0:.2}\" y=\"{1:.1}\" text-anchor=\"middle\" class=\"{2}\">{3}</text>\n",
            x(t),
            axis_y + 17.0,
            // The 2s of 1-2-5 are the first labels to go where the chart is narrow, then the 5s.
            match tick_label(t).chars().next() {
                Some('2') => "tick minor",
                Some('5') => "tick mid",
                _ => "tick",
            },
            tick_label(t)
        ));
    }
    svg.push_str("</g>\n");
    for (i, (run, s)) in results.runs.iter().zip(&spreads).enumerate() {
        let y = 4.0 + ROW * i as f64;
        let mid = y + 33.0;
        let name = escape(&label(run.name(), language));
        let [min, q1, q3, median, max] = [s.min, s.q1, s.q3, s.median, s.max].map(number);
        let played = games(run.games.len(), language);
        let (muted, title) = language.pick([
            (
                format!("median {median}, {played}"),
                format!("{name}: lowest {min}, quartiles {q1} and {q3}, median {median}, highest {max}"),
            ),
            (
                format!("중앙값 {median}, {played}"),
                format!("{name}: 최저 {min}, 사분위수 {q1}, {q3}, 중앙값 {median}, 최고 {max}"),
            ),
            (
                format!("中位數 {median}，{played}"),
                format!("{name}：最低 {min}，四分位數 {q1} 和 {q3}，中位數 {median}，最高 {max}"),
            ),
        ]);
        svg.push_str(&format!(
            "<text x=\"0\" y=\"{:.1}\" class=\"label\">{name} <tspan class=\"muted\">{muted}</tspan></text>\n",
            y + 14.0,
        ));
        svg.push_str(&format!(
            "<g class=\"box-plot\"><title>{title}</title>\n\
             <line class=\"whisker\" x1=\"{x_min:.2}\" x2=\"{x_max:.2}\" y1=\"{mid:.1}\" y2=\"{mid:.1}\"/>\
             <line class=\"whisker\" x1=\"{x_min:.2}\" x2=\"{x_min:.2}\" y1=\"{cap_top:.1}\" y2=\"{cap_bottom:.1}\"/>\
             <line class=\"whisker\" x1=\"{x_max:.2}\" x2=\"{x_max:.2}\" y1=\"{cap_top:.1}\" y2=\"{cap_bottom:.1}\"/>\n\
             <rect class=\"box\" x=\"{x_q1:.2}\" y=\"{box_top:.1}\" width=\"{box_width:.2}\" height=\"22\" rx=\"2\"/>\
             <line class=\"median\" x1=\"{x_median:.2}\" x2=\"{x_median:.2}\" y1=\"{median_top:.1}\" \
             y2=\"{median_bottom:.1}\"/></g>\n",
            x_min = x(s.min),
            x_max = x(s.max),
            cap_top = mid - 7.0,
            cap_bottom = mid + 7.0,
            x_q1 = x(s.q1),
            box_top = y + 22.0,
            box_width = (x(s.q3) - x(s.q1)).max(1.0),
            x_median = x(s.median),
            median_top = y + 19.0,
            median_bottom = y + 47.0,
        ));
    }
    svg.push_str(&format!(
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" class=\"tick\" aria-hidden=\"true\">{}</text>\n",
        WIDTH / 2.0,
        title_y,
        language.pick(["final score (logarithmic scale)", "최종 점수(로그 척도)", "最終分數（對數刻度）"])
    ));
    svg.push_str("</svg>");

    let caption = [
        "Final scores: lowest, quartiles, median and highest",
        "최종 점수: 최저, 사분위수, 중앙값, 최고",
        "最終分數：最低、四分位數、中位數、最高",
    ];
    let heads = [
        STRATEGY,
        ["Lowest", "최저", "最低"],
        ["25 %", "25%", "25 %"],
        ["Median", "중앙값", "中位數"],
        ["75 %", "75%", "75 %"],
        ["Highest", "최고", "最高"],
    ];
    let mut table = table_start("score-chart-data", "chart-data", caption, &heads, language);
    for (run, s) in results.runs.iter().zip(&spreads) {
        table.push_str(&format!(
            "<tr data-strategy=\"{}\"><th scope=\"row\">{}</th>",
            escape(run.key()),
            escape(&label(run.name(), language))
        ));
        for (field, v) in [("min", s.min), ("q1", s.q1), ("median", s.median), ("q3", s.q3), ("max", s.max)] {
            table.push_str(&format!("<td class=\"num\" data-field=\"{field}\">{}</td>", number(v)));
        }
        table.push_str("</tr>\n");
    }
    table.push_str("</tbody>\n</table>\n</div>");

    let caption = language.pick([
        "Final scores, one row per strategy, on a logarithmic scale (each grid step multiplies the score): the \
         box holds the middle half of the games, the thick line is the median, the whiskers reach the lowest and \
         the highest score.",
        "전략마다 한 줄씩 그린 최종 점수로, 로그 척도입니다(눈금 한 칸마다 점수가 몇 배씩 커집니다). 상자는 가운데 \
         절반의 게임, 굵은 선은 중앙값이며, 수염은 최저 점수와 최고 점수까지 이어집니다.",
        "最終分數，每個策略一列，採對數刻度（每往右一格，分數就乘上一個倍數）：盒子是中間一半的對局，粗線是中位數，\
         鬚線延伸到最低分和最高分。",
    ]);
    format!("<figure class=\"chart\" id=\"score-chart\">\n{svg}\n{}", figure_end(caption, &table, language))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_cover_the_range_in_1_2_5_steps() {
        assert_eq!(log_ticks(620.0, 80_000.0), [500.0, 1e3, 2e3, 5e3, 1e4, 2e4, 5e4, 1e5]);
        assert_eq!(log_ticks(1000.0, 2000.0), [1000.0, 2000.0]);
        assert_eq!(tick_label(20_000.0), "20k");
        assert_eq!(tick_label(500.0), "500");
    }
}
