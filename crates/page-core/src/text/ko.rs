//! Korean: the page's words and its sentences, with the particles their grammar needs.

use game_core::Direction;

use super::labels::Labels;
use super::{Message, grouped, millis, percent};
use crate::replay::{REPLAY_VERSION, ReplayError};
use crate::{EntryError, NetworkProblem, Quality, STAND_IN};
use game_core::{ListError, LoadError};
use results_schema::move_quality::Word;

pub(super) static LABELS: Labels = Labels {
    title: "2048 게임하기",
    intro: "같은 숫자끼리 합쳐 2048을 만드세요!",
    score: "점수",
    best: "최고 점수",
    new_game: "새 게임",
    hint: "힌트",
    autoplay: "자동 플레이",
    coach: "코치",
    analysis: "이 수를 권하는 이유",
    undo: "무르기",
    copy_link: "링크 복사",
    edit_board: "판 입력",
    entered: "이 판은 분석용으로 보여 줍니다. 진행 중인 게임은 그대로 있습니다.",
    play_entered: "여기서부터 두기",
    leave_entered: "내 게임으로",
    previous_mistake: "이전 실수",
    next_mistake: "다음 실수",
    mistakes: "실수",
    analyse_mistake: "분석",
    editor_title: "판 입력",
    editor_help: "칸마다 타일을 고르거나, 왼쪽 위부터 한 줄씩 16개의 값을 입력하세요. 빈칸은 0입니다.",
    editor_text: "값",
    editor_score: "점수 (비워 두면 타일에 필요한 최소 점수)",
    editor_apply: "이 판 열기",
    editor_cancel: "취소",
    strength: "솔버 강도",
    strength_spec: "기본",
    strength_strong: "강함",
    strength_max: "최강",
    search_details: "계산 과정",
    speed: "속도",
    slow: "느리게",
    fast: "빠르게",
    keep_going: "계속하기",
    try_again: "다시 하기",
    won: "승리!",
    over: "게임 오버!",
    confirm_question: "새 게임을 시작할까요? 진행 중인 게임은 사라집니다.",
    confirm_yes: "새 게임 시작",
    confirm_no: "취소",
    help: "방향키나 WASD, HJKL을 누르거나 화면을 쓸어 넘겨 타일을 밉니다. 같은 숫자의 타일 두 개가 \
           만나면 하나로 합쳐집니다. 힌트는 솔버가 둘 수를 보여 주고, 자동 플레이는 솔버가 대신 둡니다. \
           강함은 기본보다 더 멀리 내다보고, 최강은 수마다 시간을 더 들여 그보다도 더 멀리 내다봅니다.",
    board: "게임 판",
    language: "언어",
    settings: "설정",
    site_nav: "사이트",
    nav_rules: "규칙",
    // As the site's navigation names its pages (every one of them is in Korean).
    nav_strategy: "전략",
    nav_solver: "솔버",
    nav_results: "결과",
    update_ready: "게임의 새 버전이 준비되었습니다.",
    update_apply: "지금 업데이트",
    load_failed: "게임을 불러오지 못했습니다. WebAssembly를 지원하는 브라우저가 필요합니다. 새로고침해서 다시 \
                  시도해 주세요.",
    your_games: "내 게임",
    statistics: "통계",
    replay: "다시 보기",
    close: "닫기",
    stats_all: "모든 게임",
    stats_alone: "혼자",
    stats_helped: "도움 받음",
    games_played: "플레이한 게임",
    best_score: "최고 점수",
    best_tile: "최고 타일",
    scores_chart: "시간에 따른 점수",
    accuracy_chart: "시간에 따른 정확도",
    scores_table: "모든 게임 표로 보기",
    column_game: "게임",
    column_date: "날짜",
    column_moves: "수",
    column_accuracy: "정확도",
    todays_game: "오늘의 게임",
    copy_result: "결과 복사",
    days_title: "오늘의 게임 기록",
    column_your_score: "내 점수",
    column_tile: "내 가장 큰 타일",
    column_solver_score: "솔버 점수",
    column_solver_tile: "솔버의 가장 큰 타일",
    entered_board: "입력한 보드",
    no_games: "아직 끝난 게임이 없습니다. 게임이 끝나면 여기에 나타납니다.",
    legend_alone: "원: 혼자 플레이",
    legend_helped: "사각형: 도움 받음",
    replay_pick: "다시 볼 게임",
    replay_first: "처음으로",
    replay_previous: "이전",
    replay_next: "다음",
    replay_last: "끝으로",
    replay_play: "재생",
    replay_pause: "일시 정지",
    replay_position: "위치",
    replay_analyse: "솔버의 판단",
    replay_export: "다시 보기 내보내기",
    review: "복기",
    review_title: "이 게임의 복기",
    review_turns: "확률이 가장 크게 떨어진 수",
    learn_from_mistakes: "실수에서 배우기",
    practice: "연습",
    drill_next: "다음",
    drill_moves: "내 수",
    drill_board: "문제 보드",
    review_chart: "수마다 다음 타일을 만들 확률",
    review_chart_table: "표로 보기",
    column_move: "수",
    column_played: "민 방향",
    column_chance: "확률",
    column_rating: "평가",
    replay_import: "다시 보기 가져오기",
    replay_imported: "가져온 다시 보기",
    replay_board: "다시 보기 보드",
};

/// The direction with its particle: "왼쪽으로" (to the left).
fn toward(direction: Direction) -> &'static str {
    match direction {
        Direction::Up => "위로",
        Direction::Down => "아래로",
        Direction::Left => "왼쪽으로",
        Direction::Right => "오른쪽으로",
    }
}

pub(super) fn message(message: &Message) -> String {
    match message {
        Message::Moved { direction, score } => format!("{} 밀었습니다. 점수 {score}.", toward(*direction)),
        Message::Won { score } => format!("2048을 만들었습니다! 승리입니다. 점수 {score}."),
        Message::WonAutoplayContinues => "2048 달성! 자동 플레이는 계속합니다.".to_owned(),
        Message::Over { score } => format!("게임 오버. 최종 점수 {score}."),
        Message::NewGame => "새 게임을 시작했습니다.".to_owned(),
        Message::KeptGoing => "계속하기: 같은 판으로 이어서 둡니다.".to_owned(),
        Message::Hint(direction) => format!("힌트: {} 미세요.", toward(*direction)),
        Message::AutoplayOn => "자동 플레이 켜짐.".to_owned(),
        Message::AutoplayOff => "자동 플레이 꺼짐.".to_owned(),
        Message::Cell { row, col, value: Some(value) } => format!("{row}행 {col}열: {value}"),
        Message::Cell { row, col, value: None } => format!("{row}행 {col}열: 빈칸"),
        Message::Speed { value: 0, .. } => "가장 느리게".to_owned(),
        Message::Speed { value, max } if value >= max => "가장 빠르게".to_owned(),
        Message::Speed { value, max } => format!("{max}단계 중 {value}단계"),
        Message::StorageUnavailable => {
            "이 브라우저가 페이지의 저장을 허용하지 않아 진행 상황이 저장되지 않습니다.".to_owned()
        }
        Message::SaveFailed => {
            "진행 상황을 저장하지 못했습니다. 브라우저 저장소가 막혀 있거나 가득 찼습니다.".to_owned()
        }
        Message::CorruptGame => "저장된 게임을 읽을 수 없어 새 게임을 시작했습니다.".to_owned(),
        Message::CorruptBest => "저장된 최고 점수를 읽을 수 없어 초기화했습니다.".to_owned(),
        Message::SolverUnavailable => {
            "솔버를 시작하지 못해 힌트와 자동 플레이를 쓸 수 없습니다. 페이지를 새로고침해서 다시 시도해 주세요."
                .to_owned()
        }
        Message::SolverSlow => {
            "솔버가 너무 오래 응답하지 않아 다시 시작했습니다. 자동 플레이가 꺼졌으니 다시 시도해 주세요."
                .to_owned()
        }
        Message::SolverCrashed => {
            "솔버가 작동을 멈춰 다시 시작했습니다. 자동 플레이가 꺼졌으니 다시 시도해 주세요.".to_owned()
        }
        // The particles follow the names, each ending in a consonant: 최강을, 강함을, 기본이.
        Message::Downloading(chosen) => format!(
            "{max}에 필요한 데이터(최대 {} MB)를 내려받는 중입니다… 그동안은 {stand_in}이 답합니다.",
            crate::MAX_DOWNLOAD_BYTES / 1_000_000,
            max = LABELS.strength(*chosen),
            stand_in = LABELS.strength(STAND_IN),
        ),
        Message::GettingReady { strength, percent: Some(p) } => {
            format!("{} 준비 중: {p}%", LABELS.strength(*strength))
        }
        Message::GettingReady { strength, percent: None } => format!("{} 준비 중…", LABELS.strength(*strength)),
        Message::DownloadFailed(chosen, problem) => format!(
            "{max}에 필요한 데이터를 받지 못했습니다({}). 대신 {stand_in}이 답합니다. 다시 시도하려면 {max}을 \
             다시 고르세요.",
            match problem {
                NetworkProblem::Unreachable => "인터넷 연결 없음".to_owned(),
                NetworkProblem::Status(status) => format!("서버 응답 {status}"),
                NetworkProblem::TooLarge => "파일이 너무 큼".to_owned(),
                NetworkProblem::Damaged => "받은 파일이 손상됨".to_owned(),
                NetworkProblem::Unusable => "이 기기에서 불러올 수 없음".to_owned(),
            },
            max = LABELS.strength(*chosen),
            stand_in = LABELS.strength(STAND_IN),
        ),
        Message::GameChangedElsewhere => {
            "다른 탭에서 이 게임을 이어서 플레이해서 이제 이 탭에도 그 게임을 표시합니다.".to_owned()
        }
        Message::Crashed => "문제가 생겼습니다. 페이지를 새로고침한 뒤 다시 플레이해 주세요.".to_owned(),
        Message::StartFailed => "게임을 시작하지 못했습니다. 페이지를 새로고침해서 다시 시도해 주세요.".to_owned(),
        Message::LanguageChanged => "이제 페이지를 한국어로 표시합니다.".to_owned(),
        Message::CoachOn => "코치 켜짐: 수를 두면 코치가 솔버의 수와 비교합니다.".to_owned(),
        Message::Undone { score } => format!("한 수 물렀습니다. 점수 {score}."),
        Message::BoardEntered => {
            "이 판을 분석용으로 보여 줍니다. 진행 중인 게임은 그대로 있습니다. 여기서부터 두거나 내 게임으로 돌아가세요.".to_owned()
        }
        Message::PlayingEntered => "이제 이 판에서부터 둡니다. 입력한 판으로 시작한 게임은 최고 점수에 들어가지 않습니다.".to_owned(),
        Message::BackToGame => "내 게임으로 돌아왔습니다.".to_owned(),
        Message::BadBoard(error) => bad_board(error),
        Message::LinkCopied => "이 판의 링크를 복사했습니다.".to_owned(),
        Message::CorruptDaily => {
            "저장된 오늘의 게임 기록을 읽을 수 없어 따로 보관하고 기록을 새로 시작합니다.".to_owned()
        }
        Message::DailyTry { date, counts: true } => {
            format!("오늘의 게임 ({date}): 오늘의 첫 번째 도전이라 기록에 남습니다.")
        }
        Message::DailyTry { date, counts: false } => {
            format!("오늘의 게임 ({date}): 연습입니다. 하루의 첫 번째 도전만 기록에 남습니다.")
        }
        Message::DailyOver { date, score, tile, counts } => format!(
            "오늘의 게임 ({date}){}: {}점, 가장 큰 타일 {tile}.",
            if *counts { "" } else { ", 연습" },
            grouped(u64::from(*score), ",")
        ),
        Message::DailySolver { score, tile } => format!(
            "같은 타일로 둔 솔버(강함): {}점, 가장 큰 타일 {tile}.",
            grouped(u64::from(*score), ",")
        ),
        Message::DailySolverPlaying => "솔버(강함)가 같은 게임을 두는 중입니다…".to_owned(),
        Message::DailyShare { date, tile, score, agreed } => {
            let mut text = format!("2048 오늘의 게임 {date}: {tile}, {}점", grouped(u64::from(*score), ","));
            if let Some(agreed) = agreed {
                text.push_str(&format!(", 솔버와 같은 수 {agreed}%"));
            }
            text.push('.');
            text
        }
        Message::ResultCopied => "결과를 복사했습니다.".to_owned(),
        Message::ResultNotCopied => "결과를 복사하지 못했습니다. 브라우저가 허용하지 않았습니다.".to_owned(),
        Message::LinkNotCopied => "링크를 복사하지 못했습니다. 브라우저가 허용하지 않았습니다.".to_owned(),
        Message::Mistakes { count } => format!("실수 ({count})"),
        Message::DrillAsk => "여기서는 어느 쪽으로 밀겠습니까?".to_owned(),
        Message::DrillLoading => "연습할 보드를 불러오고 있습니다…".to_owned(),
        Message::DrillChecking => "솔버가 확인하고 있습니다…".to_owned(),
        Message::DrillRight { chosen, quality: q } => format!("맞았습니다. {} 밀기는 {}입니다.", toward(*chosen), quality(*q)),
        Message::DrillWrong { chosen, quality: q, best } => format!(
            "아쉽습니다. {} 밀기는 {}입니다. 솔버는 {} 밉니다.",
            toward(*chosen),
            quality(*q),
            toward(*best)
        ),
        Message::DrillPlayed { played } => format!("게임에서는 {} 밀었습니다.", toward(*played)),
        Message::DrillProgress { answered: 0, left, .. } => format!("풀 보드 {left}개."),
        Message::DrillProgress { right, answered, left } => {
            format!("지금까지 {answered}문제 중 {right}문제 정답, 남은 보드 {left}개.")
        }
        Message::DrillDone { right, answered } => format!("연습 끝: {answered}문제 중 {right}문제를 맞혔습니다."),
        Message::DrillNothing { deck: false, .. } => "이 게임에는 연습할 실수가 없습니다.".to_owned(),
        Message::DrillNothing { deck: true, wait_ms: None } => {
            "아직 연습할 보드가 없습니다. 코치를 켜고 둔 수나 게임 복기에서 찾은 훨씬 나쁜 수가 여기에 모입니다."
                .to_owned()
        }
        Message::DrillNothing { deck: true, wait_ms: Some(ms) } => {
            let (n, unit) = super::wait(*ms);
            let unit = match unit {
                super::Wait::Minutes => "분",
                super::Wait::Hours => "시간",
                super::Wait::Days => "일",
            };
            format!("지금은 연습할 보드가 없습니다. 다음 보드는 {n}{unit} 뒤에 돌아옵니다.")
        }
        Message::DeckSetAside { count } => {
            format!("연습 보드 {count}개를 읽을 수 없어 따로 보관했습니다. 나머지는 그대로입니다.")
        }
        Message::MoveName(d) => name(*d).to_owned(),
        Message::Chance { tile, percent } => format!("여기서 {tile} 타일을 만들 확률: {percent}%"),
        Message::ReviewProgress { judged, total } => format!(
            "복기 중: {}수 중 {}수를 판정했습니다.",
            grouped(*total as u64, ","),
            grouped(*judged as u64, ",")
        ),
        Message::ReviewDone { accuracy, counts: c } => format!(
            "정확도 {accuracy}%: 내 수의 {accuracy}%가 최선의 수이거나 거의 같은 수였습니다. \
             최선의 수 {}, 거의 같은 수 {}, 더 나쁜 수 {}, 훨씬 나쁜 수 {}.",
            grouped(c.best as u64, ","),
            grouped(c.about_as_good as u64, ","),
            grouped(c.worse as u64, ","),
            grouped(c.much_worse as u64, ",")
        ),
        Message::TurningPoint { number, played, tile, from, to } => {
            format!("{number}수째({} 밀기): {tile} 타일을 만들 확률 {from}% → {to}%", toward(*played))
        }
        Message::ReviewChartDescription { goals, .. } if goals.is_empty() => {
            "아직 보여 줄 확률이 없습니다.".to_owned()
        }
        Message::ReviewChartDescription { judged, goals, turns } => {
            let goals: Vec<String> = goals
                .iter()
                .map(|g| match g.first == g.last {
                    true => format!("{} 타일 {}%", g.tile, g.first),
                    false => format!("{} 타일 {}% → {}%", g.tile, g.first, g.last),
                })
                .collect();
            let mut text = format!(
                "판정한 {}수 각각을 두기 전에 다음 타일을 만들 확률입니다: {}.",
                grouped(*judged as u64, ","),
                goals.join(", 이어서 ")
            );
            if *turns {
                text.push_str(" 고리 표시는 확률이 가장 크게 떨어진 수입니다.");
            }
            text.push_str(" 모든 수는 아래 표에 나옵니다.");
            text
        }
        Message::ChanceOf { tile, percent } => format!("{tile} 타일 {percent}%"),
        Message::Played(d) => name(*d).to_owned(),
        Message::Rating(q) => quality(*q).to_owned(),
        Message::ReviewedMove { number, played, quality: q } => {
            format!("{number}수째: {} 밀기, {}.", toward(*played), quality(*q))
        }
        Message::Mistake { played, best, quality: q } => {
            format!("{}. 내 수: {} 밀기. 솔버: {} 밀기.", quality(*q), toward(*played), toward(*best))
        }
        Message::Reviewing(r) => format!(
            "실수 {}/{}({}). 내 수: {} 밀기. 솔버: {} 밀기.",
            r.index + 1,
            r.count,
            quality(r.mistake.quality),
            toward(r.mistake.played),
            toward(r.mistake.best)
        ),
        Message::CoachOff => "코치 꺼짐.".to_owned(),
        Message::Coached(f) if f.agreed() => format!("코치: {} 민 수, 솔버와 같습니다.", toward(f.played)),
        Message::Coached(f) => format!(
            "코치: 솔버는 {} 밉니다. {} 민 수는 {}입니다.",
            toward(f.best),
            toward(f.played),
            quality(f.quality)
        ),
        Message::CorruptCoach => "저장된 코치 기록을 읽을 수 없어 새로 시작합니다.".to_owned(),
        Message::Rated { direction, quality: q } => format!("{}: {}", name(*direction), quality(*q)),
        Message::Searched { strength, depth, nodes, micros } => format!(
            "{}: {depth}수 앞까지, 국면 {}개, {} ms",
            LABELS.strength(*strength),
            grouped(*nodes, ","),
            millis(*micros)
        ),
        Message::Solved { strength, tenths } => format!(
            "{}: 나올 수 있는 모든 타일을 세어 정확히 계산했습니다. 가장 좋은 수로 마지막 256을 만들 확률은 {}%이며, 그 256이 32768을 완성합니다",
            LABELS.strength(*strength),
            percent(*tenths)
        ),
        Message::Agreement { moves: 0, .. } => "수를 두면 코치가 솔버의 수와 비교합니다.".to_owned(),
        Message::Agreement { agreed, moves } => format!("{moves}수 중 {agreed}수가 솔버와 같았습니다."),
        Message::HistoryUnavailable => {
            "이 브라우저에서는 끝난 게임을 보관할 수 없습니다. 게임은 평소처럼 계속할 수 있습니다.".to_owned()
        }
        Message::KeepFailed => {
            "끝난 게임을 내 게임에 추가하지 못했습니다. 브라우저 저장 공간이 막혔거나 가득 찼습니다.".to_owned()
        }
        Message::KeptUnreadable => {
            "이 게임을 브라우저 저장 공간에서 읽지 못해 다시 볼 수 없습니다.".to_owned()
        }
        Message::ReplayRefused(error) => replay_refused(error),
        Message::ReplayPosition { at, of, next: Some(d) } => {
            format!("{of}수 중 {at}수째. 다음 수: {}.", name(*d))
        }
        Message::ReplayPosition { at, of, next: None } => format!("{of}수 중 {at}수째. 게임이 끝났습니다."),
        Message::KeptGame { number, date, score } => format!("게임 {number}, {date}, {score}점"),
        Message::Reached { tile } => format!("{tile} 달성"),
        Message::Share { games, percent } => format!("{games}판 ({percent}%)"),
        Message::AccuracyChartDescription { games: 1, last, .. } => {
            format!("끝까지 복기한 게임 1판의 정확도: {last}%. 아래 표에 나옵니다.")
        }
        Message::AccuracyChartDescription { games, first, last, mean } => format!(
            "끝까지 복기한 게임 {games}판의 정확도를 오래된 것부터 보여 줍니다. {first}%에서 {last}%까지, \
             평균 {mean}%입니다. 아래 표에 모두 나옵니다."
        ),
        Message::ChartDescription { games, best } => format!(
            "게임 {games}판의 점수를 오래된 것부터 보여 줍니다. 최고 점수는 {best}점입니다. 원은 혼자 \
             플레이한 게임, 사각형은 도움을 받은 게임입니다. 아래 표에 모두 나옵니다."
        ),
        Message::HistorySetAside { count } => {
            format!("보관한 게임 {count}개를 읽을 수 없습니다. 지운 것은 없으며, 나머지 게임은 그대로 보입니다.")
        }
    }
}

/// The direction's name alone: "왼쪽".
fn name(direction: Direction) -> &'static str {
    match direction {
        Direction::Up => "위",
        Direction::Down => "아래",
        Direction::Left => "왼쪽",
        Direction::Right => "오른쪽",
    }
}

/// A move's word, as a noun phrase ("더 나쁜 수").
fn quality(quality: Quality) -> &'static str {
    quality.word().map_or("더 낮은 수", Word::korean)
}

/// Why an entered board is not one, for the player.
fn bad_board(error: &EntryError) -> String {
    match error {
        EntryError::List(ListError::TooLong { limit, .. }) => {
            format!("판이 너무 깁니다. 판은 {limit}자 이내입니다.")
        }
        EntryError::AddressTooLong { .. } => "주소가 너무 길어 판으로 읽을 수 없습니다.".to_owned(),
        EntryError::List(ListError::WrongCount { found }) => {
            format!("판은 왼쪽 위부터 한 줄씩 16개의 값입니다. 이 판에는 {found}개가 있습니다.")
        }
        EntryError::List(ListError::NotANumber { cell, found }) => {
            format!("{}번째 값({found:?})이 숫자가 아닙니다.", cell + 1)
        }
        EntryError::List(ListError::NotATile { cell, found }) => {
            format!(
                "{}번째 값({found})은 타일이 아닙니다. 빈칸은 0, 타일은 2, 4, 8 … 131072입니다.",
                cell + 1
            )
        }
        EntryError::List(ListError::NoTile) | EntryError::Game(LoadError::TooFewTiles(_)) => {
            "판에는 타일이 두 개 이상 있어야 합니다.".to_owned()
        }
        EntryError::Score(found) => format!("점수 {found:?}는 정수가 아닙니다."),
        EntryError::Game(_) => "그 점수는 이 타일들과 맞지 않습니다.".to_owned(),
    }
}

/// Why a file is not a replay, for the player.
fn replay_refused(error: &ReplayError) -> String {
    match error {
        ReplayError::TooLarge { limit, .. } => {
            format!(
                "파일이 너무 커서 다시 보기 파일이 아닙니다. 다시 보기 파일은 최대 {}KB입니다.",
                limit / 1024
            )
        }
        ReplayError::Unreadable => "파일을 읽지 못했습니다.".to_owned(),
        ReplayError::NotAReplay => "2048 다시 보기 파일이 아닙니다.".to_owned(),
        ReplayError::WrongVersion(Some(found)) => {
            format!("버전 {found}의 다시 보기 파일입니다. 이 페이지는 버전 {REPLAY_VERSION}만 읽습니다.")
        }
        ReplayError::WrongVersion(None) => {
            format!(
                "이 페이지가 모르는 버전의 다시 보기 파일입니다. 이 페이지는 버전 {REPLAY_VERSION}만 읽습니다."
            )
        }
        ReplayError::BadMove { index } => {
            format!("다시 보기 파일이 손상되었습니다. {}번째 수를 둘 수 없습니다.", index + 1)
        }
        ReplayError::Impossible(_) => {
            "실제로 플레이할 수 있는 게임이 담긴 다시 보기 파일이 아닙니다.".to_owned()
        }
    }
}
