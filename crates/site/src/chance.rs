//! The solver page's check of the chance of the next tile (`<!--chance LANG-->`): for each
//! strength with a model, the chance the game shows against what its games then did, on a seed
//! held apart from the fit (`www/results/chance.json`, written by the lab's `chance-check`), with
//! its error beside the error of a guess from the largest tile alone. Without the file the page
//! says the chance is not checked yet, and still builds.

use page_core::request::Strength;
use results_schema::chance::{Document, Study};

use crate::format::{duration_ms, thousands};
use crate::html::escape;
use crate::language::Language;
use crate::names::strength;
use crate::results::Results;

/// The section's figures, in language `lang`.
pub fn figures(lang: &str, results: &Results) -> Result<String, String> {
    let language = Language::from_code(lang)?;
    let Some(document) = &results.chance else {
        return Ok(language
            .pick([
                "<p class=\"chance-note\">The chance is not checked yet: its figures appear here once \
                 <code>www/results/chance.json</code> is committed (<code>docs/lab/chance.md</code> has the commands).</p>",
                "<p class=\"chance-note\">확률은 아직 검증되지 않았습니다. <code>www/results/chance.json</code>이 \
                 커밋되면 그 수치가 여기 나옵니다(명령은 <code>docs/lab/chance.md</code>에 있습니다).</p>",
                "<p class=\"chance-note\">機率還沒有驗證：等 <code>www/results/chance.json</code> 提交之後，數字就會\
                 出現在這裡（指令寫在 <code>docs/lab/chance.md</code>）。</p>",
            ])
            .to_string());
    };
    let mut out: Vec<String> =
        document.studies.iter().map(|s| study(s, language)).collect::<Result<_, _>>()?;
    out.push(commands(document, language));
    Ok(out.join("\n"))
}

/// The strength a study's games were played by, as the game names it.
fn strength_of(study: &Study) -> Result<Strength, String> {
    Strength::from_code(&study.strength)
        .ok_or_else(|| format!("chance.json: no strength `{}`", study.strength))
}

/// The seeds of a sample's games, as a page in `language` names them ("seeds 1 and 3").
fn seeds(seeds: &[u64], language: Language) -> String {
    let list: Vec<String> = seeds.iter().map(u64::to_string).collect();
    match (language, list.as_slice()) {
        (Language::En, [one]) => format!("seed {one}"),
        (Language::En, [rest @ .., last]) => format!("seeds {} and {last}", rest.join(", ")),
        (Language::En, []) => String::new(),
        (Language::Ko, _) => format!("시드 {}", list.join(", ")),
        (Language::ZhHant, _) => format!("種子 {}", list.join("、")),
    }
}

/// A score to three decimals.
fn score(x: f64) -> String {
    format!("{x:.3}")
}

/// A chance in whole percent.
fn percent(x: f64) -> String {
    format!("{:.0} %", x * 100.0)
}

fn study(s: &Study, language: Language) -> Result<String, String> {
    use Language::{En, Ko, ZhHant};
    let code = escape(&s.strength);
    let name = strength(strength_of(s)?, language);
    let (f, h) = (&s.fit, &s.held_apart);
    let (fit_positions, fit_games, fit_seed) =
        (thousands(f.positions as u64), f.games, seeds(&f.seeds, language));
    let (positions, games, seed) = (thousands(h.positions as u64), h.games, seeds(&h.seeds, language));
    let brier = format!("<span data-field=\"brier\">{}</span>", score(h.brier));
    let baseline = format!("<span data-field=\"baseline_brier\">{}</span>", score(h.baseline_brier));
    let time = duration_ms(s.nanos / 1e6);
    let mut t = match language {
        En => format!(
            "<p class=\"chance-figures\" data-strength=\"{code}\">With <strong>{name}</strong>: the chance was fitted \
             on {fit_positions} positions of {fit_games} of its games ({fit_seed}) and checked on {positions} \
             positions of {games} other games ({seed}), below. Its average error there (the Brier score: the \
             mean of the squared gap between the chance and what happened, lower is better) was {brier}; a guess \
             from the largest tile alone scored {baseline}. One chance takes {time} to work out.</p>\n"
        ),
        Ko => format!(
            "<p class=\"chance-figures\" data-strength=\"{code}\"><strong>{name}</strong>: 확률은 이 강도의 대국 \
             {fit_games}판({fit_seed})의 국면 {fit_positions}개로 맞추었고, 다른 대국 {games}판({seed})의 \
             국면 {positions}개로 검증했습니다(아래 표). 그곳에서의 평균 오차(브라이어 점수: 확률과 실제 결과의 차이를 \
             제곱해 평균한 값, 낮을수록 좋음)는 {brier}였고, 가장 큰 타일만 보고 한 추측은 {baseline}였습니다. \
             확률 하나를 계산하는 데 {time}가 걸립니다.</p>\n"
        ),
        ZhHant => format!(
            "<p class=\"chance-figures\" data-strength=\"{code}\"><strong>{name}</strong>：機率是用它的 {fit_games} \
             局對局（{fit_seed}）中的 {fit_positions} 個局面擬合出來的，再用另外 {games} 局（{seed}）的 \
             {positions} 個局面驗證（見下表）。在那裡的平均誤差（布賴爾分數：機率與實際結果之差的平方的平均，越低越好）\
             是 {brier}；只看最大方塊的猜測則是 {baseline}。算出一個機率要 {time}。</p>\n"
        ),
    };
    let [caption, shown, count, from, mean, made] = match language {
        En => [
            "{name}: the chance shown against what happened",
            "Chance shown",
            "Positions",
            "Games",
            "Mean chance shown",
            "Made the tile",
        ],
        Ko => [
            "{name}: 보여 준 확률과 실제 결과",
            "보여 준 확률",
            "국면",
            "대국",
            "보여 준 확률의 평균",
            "타일을 만든 비율",
        ],
        ZhHant => {
            ["{name}：顯示的機率與實際結果", "顯示的機率", "局面", "對局", "顯示機率的平均", "做出方塊的比例"]
        }
    };
    t.push_str(&format!(
        "<div class=\"table-scroll\"><table class=\"chance-table\" data-strength=\"{code}\">\n<caption>{}</caption>\n\
         <thead><tr><th scope=\"col\">{shown}</th><th scope=\"col\">{count}</th><th scope=\"col\">{from}</th>\
         <th scope=\"col\">{mean}</th><th scope=\"col\">{made}</th></tr></thead>\n<tbody>\n",
        caption.replace("{name}", name)
    ));
    for b in h.bins.iter().filter(|b| b.positions > 0) {
        t.push_str(&format!(
            "<tr><th scope=\"row\">{:.0}–{:.0} %</th><td class=\"num\" data-field=\"positions\">{}</td>\
             <td class=\"num\" data-field=\"games\">{}</td><td class=\"num\" data-field=\"predicted\">{}</td>\
             <td class=\"num\" data-field=\"observed\">{}</td></tr>\n",
            b.low * 100.0,
            b.high * 100.0,
            thousands(b.positions as u64),
            b.games,
            percent(b.predicted),
            percent(b.observed)
        ));
    }
    t.push_str("</tbody>\n</table></div>\n");
    Ok(t)
}

/// The commands that remake the figures.
fn commands(document: &Document, language: Language) -> String {
    let lead = language.pick([
        "The commands that fitted the chance and checked it:",
        "확률을 맞추고 검증한 명령:",
        "擬合並驗證機率的指令：",
    ]);
    let list: String =
        document.commands.iter().map(|c| format!("<li><code>{}</code></li>", escape(c))).collect();
    format!("<p class=\"chance-commands\">{lead}</p>\n<ul class=\"chance-commands\">{list}</ul>\n")
}
