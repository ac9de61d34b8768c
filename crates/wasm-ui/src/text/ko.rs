//! Korean: the page's words and its sentences, with the particles their grammar needs.

use game_core::Direction;

use super::Message;
use super::labels::Labels;

pub(super) static LABELS: Labels = Labels {
    title: "2048 게임하기",
    intro: "같은 숫자끼리 합쳐 2048을 만드세요!",
    score: "점수",
    best: "최고 점수",
    new_game: "새 게임",
    hint: "힌트",
    autoplay: "자동 플레이",
    strength: "솔버 강도",
    strength_spec: "기본",
    strength_strong: "강함",
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
           강함은 기본보다 더 멀리 내다봅니다.",
    board: "게임 판",
    language: "언어",
    settings: "설정",
    site_nav: "사이트",
    nav_rules: "규칙",
    // The site has Strategy and Results in English only: their links say so.
    nav_strategy: "전략 (영어)",
    nav_solver: "솔버",
    nav_results: "결과 (영어)",
    load_failed: "게임을 불러오지 못했습니다. WebAssembly를 지원하는 브라우저가 필요합니다. 새로고침해서 다시 \
                  시도해 주세요.",
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
        Message::GameChangedElsewhere => {
            "다른 탭에서 이 게임을 이어서 플레이해서 이제 이 탭에도 그 게임을 표시합니다.".to_owned()
        }
        Message::Crashed => "문제가 생겼습니다. 페이지를 새로고침한 뒤 다시 플레이해 주세요.".to_owned(),
        Message::StartFailed => "게임을 시작하지 못했습니다. 페이지를 새로고침해서 다시 시도해 주세요.".to_owned(),
        Message::LanguageChanged => "이제 페이지를 한국어로 표시합니다.".to_owned(),
    }
}
