//! What the pages say each strategy does, in the page's language: English is the solver's own
//! summary ([`solver::Strategy::summary`]), Korean and Chinese are this file's. The strengths are
//! named in them as the game names them ([`crate::names::strength`]).

use page_core::request::Strength::{Max, Spec, Strong};
use solver::Strategy;

use crate::language::Language;
use crate::names::strength;
use crate::results::base_of;

/// What strategy `name` does, in `language`; empty for a strategy the site does not know.
pub fn description(name: &str, language: Language) -> String {
    let Some(strategy) = Strategy::from_id(base_of(name)) else { return String::new() };
    let [ko, zh] = [Language::Ko, Language::ZhHant];
    let (spec_ko, strong_ko, max_ko) = (strength(Spec, ko), strength(Strong, ko), strength(Max, ko));
    let (spec_zh, strong_zh, max_zh) = (strength(Spec, zh), strength(Strong, zh), strength(Max, zh));
    let [ko, zh] = match strategy {
        Strategy::Spec => [
            "판이 찰수록 2수에서 4수까지 깊어지는 익스펙티맥스로, 원래 솔버 페이지의 평가를 씁니다. 기준이 되는 \
             솔버이자, 힌트와 자동 플레이가 처음에 쓰는 강도입니다."
                .to_string(),
            "期望最大搜尋，棋盤越滿看得越深（2 到 4 步），用原始解題程式頁面的評估：作為基準的解題程式，也是「提示」\
             和「自動玩」預設的強度。"
                .to_string(),
        ],
        Strategy::Strong => [
            format!(
                "‘{max_ko}’과 같은 배운 평가로 채점하는 익스펙티맥스입니다. 루트 너머 세 수를 보고, 16384와 8192가 함께 \
                 놓인 첫 판부터는 다섯 수를 보며 그때부터 배운 평가에 nneonneo/2048-ai의 줄 단위 평가를 더합니다. 수가 \
                 바뀌어도 유지되는 트랜스포지션 테이블과 드문 타일 수순을 잘라 내는 컷오프를 씁니다."
            ),
            format!(
                "用「{max_zh}」同一套學來的評估打分數的期望最大搜尋：在根節點之後看三步；從第一次同時出現 16384 和 \
                 8192 的棋盤起看五步，並在學來的分數上加上 nneonneo/2048-ai 的逐列評估；置換表跨步保留，並略過不太可能\
                 出現的方塊序列。"
            ),
        ],
        Strategy::StrongHeuristic => [
            format!(
                "nneonneo/2048-ai의 줄 단위 평가를 쓰는 익스펙티맥스로, 수가 바뀌어도 유지되는 트랜스포지션 테이블, 드문 \
                 타일 수순을 잘라 내는 컷오프, 판이 얼마나 빽빽한지에 따라 정하는 깊이를 씁니다. 배운 평가를 쓰기 \
                 전의 ‘{strong_ko}’입니다."
            ),
            format!(
                "採用 nneonneo/2048-ai 逐列評估的期望最大搜尋，置換表跨步保留，略過不太可能出現的方塊序列，搜尋深度依\
                 棋盤擠的程度而定：也就是改用學來的評估之前的「{strong_zh}」。"
            ),
        ],
        Strategy::StrongDeep => [
            format!(
                "휴리스틱 ‘{strong_ko}’에서 컷오프를 낮추고 깊이 상한을 높인 것입니다. 더 깊이 탐색하는 대신 수마다 몇 배의 \
                 시간이 걸립니다."
            ),
            format!("啟發式的「{strong_zh}」，門檻更低、深度上限更高：搜尋更深，每步要花好幾倍的時間。"),
        ],
        Strategy::Max => [
            format!(
                "‘{strong_ko}’의 탐색이되, 16384와 8192가 함께 놓인 첫 판부터 루트 너머 다섯 수 대신 일곱 수를 봅니다. 네 \
                 방향의 수를 저마다의 탐색기가 맡아 동시에 돌릴 수 있고, 가장 큰 타일들이 줄을 서면 32768의 마지막 256을 \
                 만들 정확한 확률을 계산합니다."
            ),
            format!(
                "「{strong_zh}」的搜尋，但從第一次同時出現 16384 和 8192 的棋盤起，在根節點之後看七步而不是五步；四種走法\
                 各由自己的搜尋器負責，可以同時進行；最大的幾個方塊排好之後，還會算出拼成 32768 最後那個 256 的確切機率。"
            ),
        ],
        Strategy::Minimax => [
            format!("‘{spec_ko}’ 솔버와 같은 탐색이지만, 새 타일은 언제나 플레이어에게 가장 나쁜 것이 나온다고 봅니다."),
            format!("跟「{spec_zh}」一樣的搜尋，但新方塊永遠是對玩家最不利的那一個。"),
        ],
        Strategy::Greedy => [
            "한 수 앞만 보고, 확률 노드 없이 결과의 평가가 가장 좋은 수를 둡니다.".to_string(),
            "只看一步、不考慮機率節點，選結果評估最好的走法。".to_string(),
        ],
        Strategy::Corner => [
            "아래, 왼쪽, 오른쪽, 위 순서로 따져, 처음으로 판이 움직이는 수를 둡니다.".to_string(),
            "依序試下、左、右、上，走第一個有效的方向。".to_string(),
        ],
        Strategy::Random => [
            "판이 움직이는 수 가운데 하나를 고르게 무작위로 둡니다.".to_string(),
            "在有效的走法中均勻隨機選一個。".to_string(),
        ],
    };
    language.pick([strategy.summary().to_string(), ko, zh])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_strategy_is_described_in_every_language() {
        for s in Strategy::ALL {
            assert_eq!(description(s.id(), Language::En), s.summary());
            for l in [Language::Ko, Language::ZhHant] {
                let said = description(s.id(), l);
                assert!(!said.is_empty() && !said.contains("Spec"), "{}: {said}", s.id());
            }
        }
        assert_eq!(description("deeper", Language::Ko), "");
    }
}
