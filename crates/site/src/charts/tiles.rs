//! The chart of the largest tile at the end of each game: one stacked bar per strategy, split
//! by tile, and its numbers as a table.

use std::collections::{BTreeMap, BTreeSet};

use crate::format::{percent, thousands};
use crate::html::escape;
use crate::language::Language;
use crate::names::label;
use crate::results::Results;
use crate::words::{games, games_in_brackets, head_cells, table_open};

use super::{WIDTH, figure_end, final_tiles, svg_open};

/// How often each strategy ends with each largest tile: one bar per strategy, split by tile.
pub fn tile_chart(results: &Results, language: Language) -> String {
    const ROW: f64 = 62.0;
    let tiles: BTreeSet<u32> = results.runs.iter().flat_map(|r| final_tiles(r).into_keys()).collect();
    let height = 4.0 + ROW * results.runs.len() as f64;
    let desc: Vec<String> = results
        .runs
        .iter()
        .map(|run| {
            let (tile, n) = final_tiles(run).into_iter().max_by_key(|&(t, n)| (n, t)).unwrap_or((0, 0));
            let (name, share) = (label(run.name(), language), percent(n, run.games.len()));
            language.pick([
                format!("{name}: most often {tile} ({share})"),
                format!("{name}: 가장 흔한 것은 {tile}({share})"),
                format!("{name}：最常是 {tile}（{share}）"),
            ])
        })
        .collect();
    let desc = language.pick([
        format!("Stacked bars, one per strategy, split by the largest tile. {}.", desc.join("; ")),
        format!("전략마다 막대 하나를 가장 큰 타일별로 나눈 누적 막대그래프. {}.", desc.join("; ")),
        format!("堆疊長條圖，每個策略一條，依最大方塊分段。{}。", desc.join("；")),
    ]);
    let title = language.pick([
        "Largest tile at the end of each game, by strategy",
        "전략별, 게임이 끝났을 때의 가장 큰 타일",
        "各策略每局結束時的最大方塊",
    ]);
    let mut svg = svg_open("tile-chart", height, title, &desc);
    for (i, run) in results.runs.iter().enumerate() {
        let y = 4.0 + ROW * i as f64;
        let total = run.games.len();
        let name = escape(&label(run.name(), language));
        svg.push_str(&format!(
            "<text x=\"0\" y=\"{:.1}\" class=\"label\">{name} <tspan class=\"muted\">{}</tspan></text>\n",
            y + 14.0,
            games_in_brackets(total, language)
        ));
        let mut x = 0.0;
        for (tile, n) in final_tiles(run) {
            let w = WIDTH * n as f64 / total as f64;
            let (share, count, of) = (percent(n, total), thousands(n as u64), games(total, language));
            let said = language.pick([
                format!("{name}: largest tile {tile} in {count} of {of} ({share})"),
                format!("{name}: {of} 가운데 {count}판에서 가장 큰 타일 {tile}({share})"),
                format!("{name}：{of}中有 {count} 局最大方塊是 {tile}（{share}）"),
            ]);
            svg.push_str(&format!(
                "<rect x=\"{x:.2}\" y=\"{:.1}\" width=\"{w:.2}\" height=\"28\" data-v=\"{tile}\" \
                 data-strategy=\"{}\"><title>{said}</title></rect>\n",
                y + 20.0,
                escape(run.key()),
            ));
            // Only segments wide enough for the words get them; the table has every number.
            if w >= 44.0 {
                svg.push_str(&format!(
                    "<text x=\"{:.2}\" y=\"{:.1}\" text-anchor=\"middle\" class=\"in-bar\" data-v=\"{tile}\" \
                     aria-hidden=\"true\">{tile}</text>\n",
                    x + w / 2.0,
                    y + 39.0,
                ));
            }
            x += w;
        }
    }
    svg.push_str("</svg>");

    let legend: Vec<String> =
        tiles.iter().map(|t| format!("<li><span class=\"tile\" data-v=\"{t}\">{t}</span></li>")).collect();
    let caption = language.pick([
        "Games ending with each largest tile (count, and share of the strategy’s games)",
        "가장 큰 타일별로 끝난 게임(판 수, 그 전략의 게임 가운데 비율)",
        "以各個最大方塊結束的對局（局數，以及占該策略對局的比例）",
    ]);
    let mut heads = vec![language.pick(["Largest tile", "가장 큰 타일", "最大方塊"]).to_string()];
    heads.extend(results.runs.iter().map(|run| {
        format!(
            "{} <small>{}</small>",
            escape(&label(run.name(), language)),
            games_in_brackets(run.games.len(), language)
        )
    }));
    let mut table = table_open("tile-chart-data", "chart-data", caption);
    table.push_str(&format!("<thead><tr>{}</tr></thead>\n<tbody>\n", head_cells(&heads)));
    let counts: Vec<BTreeMap<u32, usize>> = results.runs.iter().map(final_tiles).collect();
    for &tile in tiles.iter().rev() {
        table.push_str(&format!(
            "<tr><th scope=\"row\"><span class=\"tile\" data-v=\"{tile}\">{tile}</span></th>"
        ));
        for (run, c) in results.runs.iter().zip(&counts) {
            let n = c.get(&tile).copied().unwrap_or(0);
            let cell = if n == 0 {
                "—".to_string()
            } else {
                format!("{} <small>({})</small>", thousands(n as u64), percent(n, run.games.len()))
            };
            table.push_str(&format!("<td class=\"num\">{cell}</td>"));
        }
        table.push_str("</tr>\n");
    }
    table.push_str("</tbody>\n</table>\n</div>");

    let caption = language.pick([
        "How each strategy’s games ended: the bar is all of its games, split by the largest tile on the final \
         board, smallest on the left. Hover a segment for its count; the table below has every number.",
        "전략마다 게임이 어떻게 끝났는지 보여 줍니다. 막대 하나가 그 전략의 모든 게임이며, 마지막 판의 가장 큰 \
         타일별로 나뉘어 가장 작은 타일이 왼쪽에 옵니다. 구간에 마우스를 올리면 판 수가 나오고, 아래 표에 모든 \
         수치가 있습니다.",
        "各策略的對局如何結束：一條長條就是該策略的全部對局，依最後棋盤上的最大方塊分段，最小的在左邊。把滑鼠移到\
         某一段上可以看到局數；下面的表格列出所有數字。",
    ]);
    format!(
        "<figure class=\"chart\" id=\"tile-chart\">\n<ul class=\"legend\" aria-label=\"{}\">{}</ul>\n{svg}\n{}",
        language.pick(["Tiles, smallest first", "타일, 작은 것부터", "方塊，由小到大"]),
        legend.join(""),
        figure_end(caption, &table, language)
    )
}
