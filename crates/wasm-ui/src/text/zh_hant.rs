//! Traditional Chinese (as written in Taiwan): the page's words and its sentences.

use game_core::Direction;

use super::Message;
use super::labels::Labels;

pub(super) static LABELS: Labels = Labels {
    title: "開始玩 2048",
    intro: "合併方塊，拼出 2048！",
    score: "分數",
    best: "最高分",
    new_game: "新遊戲",
    hint: "提示",
    autoplay: "自動玩",
    strength: "解題程式強度",
    strength_spec: "標準",
    strength_strong: "強",
    speed: "速度",
    slow: "慢",
    fast: "快",
    keep_going: "繼續玩",
    try_again: "再玩一次",
    won: "你贏了！",
    over: "遊戲結束！",
    confirm_question: "要開始新遊戲嗎？進行中的對局將會消失。",
    confirm_yes: "開始新遊戲",
    confirm_no: "取消",
    help: "用方向鍵、WASD 或 HJKL，或在螢幕上滑動，就能推動方塊。兩個數字相同的方塊碰在一起，會併成一個。\
           「提示」會顯示解題程式要走的方向；「自動玩」讓它替你玩。「強」比「標準」看得更遠。",
    board: "棋盤",
    language: "語言",
    settings: "設定",
    site_nav: "網站",
    nav_rules: "規則",
    // The site has these three pages in English only: their links say so.
    nav_strategy: "攻略（英文）",
    nav_solver: "解題程式（英文）",
    nav_results: "結果（英文）",
    load_failed: "遊戲無法載入。這個網頁需要支援 WebAssembly 的瀏覽器；請重新整理頁面再試一次。",
};

fn direction(direction: Direction) -> &'static str {
    match direction {
        Direction::Up => "上",
        Direction::Down => "下",
        Direction::Left => "左",
        Direction::Right => "右",
    }
}

pub(super) fn message(message: &Message) -> String {
    match message {
        Message::Moved { direction: d, score } => format!("往{}推。分數 {score}。", direction(*d)),
        Message::Won { score } => format!("拼出 2048 了！你贏了。分數 {score}。"),
        Message::WonAutoplayContinues => "2048！自動玩會繼續走下去。".to_owned(),
        Message::Over { score } => format!("遊戲結束。最後分數 {score}。"),
        Message::NewGame => "已開始新遊戲。".to_owned(),
        Message::KeptGoing => "繼續玩：用同一個棋盤接著玩。".to_owned(),
        Message::Hint(d) => format!("提示：往{}推。", direction(*d)),
        Message::AutoplayOn => "自動玩已開啟。".to_owned(),
        Message::AutoplayOff => "自動玩已關閉。".to_owned(),
        // In Taiwan 列 is a row (across) and 行 a column (down), as in the rules' 橫列 and 直行.
        Message::Cell { row, col, value: Some(value) } => format!("第 {row} 列第 {col} 行：{value}"),
        Message::Cell { row, col, value: None } => format!("第 {row} 列第 {col} 行：空格"),
        Message::Speed { value: 0, .. } => "最慢".to_owned(),
        Message::Speed { value, max } if value >= max => "最快".to_owned(),
        Message::Speed { value, max } => format!("第 {value} 級，共 {max} 級"),
        Message::StorageUnavailable => "這個瀏覽器不讓網頁儲存資料，所以你的進度不會被保存。".to_owned(),
        Message::SaveFailed => "無法保存你的進度：瀏覽器的儲存空間被封鎖或已滿。".to_owned(),
        Message::CorruptGame => "存下來的對局無法讀取，所以已開始新遊戲。".to_owned(),
        Message::CorruptBest => "存下來的最高分無法讀取，所以已經重設。".to_owned(),
        Message::SolverUnavailable => {
            "解題程式無法啟動，所以不能使用提示和自動玩。請重新整理頁面再試一次。".to_owned()
        }
        Message::SolverSlow => "解題程式太久沒有回應，已重新啟動。自動玩已停止，請再試一次。".to_owned(),
        Message::SolverCrashed => "解題程式停止運作，已重新啟動。自動玩已停止，請再試一次。".to_owned(),
        Message::GameChangedElsewhere => {
            "這個對局已在另一個分頁繼續玩，所以這個分頁現在顯示那邊的對局。".to_owned()
        }
        Message::Crashed => "發生錯誤。請重新整理頁面再玩。".to_owned(),
        Message::StartFailed => "遊戲無法啟動。請重新整理頁面再試一次。".to_owned(),
        Message::LanguageChanged => "頁面已切換為繁體中文。".to_owned(),
    }
}
