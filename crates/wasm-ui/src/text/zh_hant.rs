//! Traditional Chinese (as written in Taiwan): the page's words and its sentences.

use game_core::Direction;

use super::labels::Labels;
use super::{Message, grouped, millis};
use crate::core::{EntryError, Quality};
use game_core::{ListError, LoadError};

pub(super) static LABELS: Labels = Labels {
    title: "開始玩 2048",
    intro: "合併方塊，拼出 2048！",
    score: "分數",
    best: "最高分",
    new_game: "新遊戲",
    hint: "提示",
    autoplay: "自動玩",
    coach: "教練",
    analysis: "為什麼走這步",
    undo: "悔棋",
    copy_link: "複製連結",
    edit_board: "輸入盤面",
    entered: "這個盤面只供分析，你的對局仍保留著。",
    play_entered: "從這裡開始玩",
    leave_entered: "回到我的對局",
    mistakes: "差很多的步",
    analyse_mistake: "分析",
    editor_title: "輸入盤面",
    editor_help: "為每一格選擇方塊，或從左上角起逐列輸入 16 個數值，空格填 0。",
    editor_text: "數值",
    editor_score: "分數（留空則為這些方塊所需的最低分）",
    editor_apply: "分析",
    editor_cancel: "取消",
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
    update_ready: "遊戲的新版本已準備好。",
    update_apply: "立即更新",
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
        Message::CoachOn => "教練已開啟：每走一步，教練都會和解題程式的選擇比較。".to_owned(),
        Message::Undone { score } => format!("已悔一步。分數 {score}。"),
        Message::BoardEntered => {
            "這個盤面只供分析，你的對局仍保留著。可以從這裡開始玩，或回到你的對局。".to_owned()
        }
        Message::PlayingEntered => "現在從這個盤面開始玩。從輸入的盤面開始的對局不會計入最高分。".to_owned(),
        Message::BackToGame => "已回到你的對局。".to_owned(),
        Message::BadBoard(error) => bad_board(error),
        Message::LinkCopied => "已複製這個盤面的連結。".to_owned(),
        Message::LinkNotCopied => "無法複製連結：瀏覽器不允許。".to_owned(),
        Message::Mistakes { count } => format!("差很多的步（{count}）"),
        Message::Mistake { played, best } => {
            format!("你往{}；解題程式往{}。", direction(*played), direction(*best))
        }
        Message::CoachOff => "教練已關閉。".to_owned(),
        Message::Coached(f) if f.agreed() => format!("教練：往{}，和解題程式一樣。", direction(f.played)),
        Message::Coached(f) => format!(
            "教練：解題程式往{}；往{}{}。",
            direction(f.best),
            direction(f.played),
            quality(f.quality)
        ),
        Message::CorruptCoach => "無法讀取已儲存的教練紀錄，所以重新開始。".to_owned(),
        Message::Rated { direction: d, quality: q } => format!("往{}：{}", direction(*d), quality(*q)),
        Message::Searched { strength, depth, nodes, micros } => format!(
            "{}：向前看 {depth} 步，{} 個局面，{} 毫秒",
            LABELS.strength(*strength),
            grouped(*nodes, ","),
            millis(*micros)
        ),
        Message::Agreement { moves: 0, .. } => "走一步，教練就會和解題程式的選擇比較。".to_owned(),
        Message::Agreement { agreed, moves } => format!("{moves} 步中有 {agreed} 步和解題程式相同。"),
    }
}

/// A move's word.
fn quality(quality: Quality) -> &'static str {
    match quality {
        Quality::Best => "最佳",
        Quality::AboutAsGood => "差不多",
        Quality::Worse => "較差",
        Quality::MuchWorse => "差很多",
        Quality::NotPossible => "不可行",
        Quality::Unrated => "較低",
    }
}

/// Why an entered board is not one, for the player.
fn bad_board(error: &EntryError) -> String {
    match error {
        EntryError::List(ListError::TooLong { limit, .. }) => format!("盤面太長：最多 {limit} 個字元。"),
        EntryError::AddressTooLong { .. } => "網址太長，不是盤面。".to_owned(),
        EntryError::List(ListError::WrongCount { found }) => {
            format!("盤面是從左上角起逐列的 16 個數值；這裡有 {found} 個。")
        }
        EntryError::List(ListError::NotANumber { cell, found }) => {
            format!("第 {} 個數值（{found:?}）不是數字。", cell + 1)
        }
        EntryError::List(ListError::NotATile { cell, found }) => {
            format!("第 {} 個數值（{found}）不是方塊：空格用 0，方塊是 2、4、8 … 131072。", cell + 1)
        }
        EntryError::List(ListError::NoTile) | EntryError::Game(LoadError::TooFewTiles(_)) => {
            "盤面至少要有兩個方塊。".to_owned()
        }
        EntryError::Score(found) => format!("分數 {found:?} 不是整數。"),
        EntryError::Game(_) => "這個分數和這些方塊對不上。".to_owned(),
    }
}
