//! Traditional Chinese (as written in Taiwan): the page's words and its sentences.

use game_core::Direction;

use super::labels::Labels;
use super::{Message, grouped, millis, percent};
use crate::replay::{REPLAY_VERSION, ReplayError};
use crate::{EntryError, NetworkProblem, Quality, STAND_IN};
use game_core::{ListError, LoadError};
use results_schema::move_quality::Word;

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
    previous_mistake: "上一個失誤",
    next_mistake: "下一個失誤",
    mistakes: "失誤",
    analyse_mistake: "分析",
    editor_title: "輸入盤面",
    editor_help: "為每一格選擇方塊，或從左上角起逐列輸入 16 個數值，空格填 0。",
    editor_text: "數值",
    editor_score: "分數（留空則為這些方塊所需的最低分）",
    editor_apply: "打開這個盤面",
    editor_cancel: "取消",
    strength: "解題程式強度",
    strength_spec: "標準",
    strength_strong: "強",
    strength_max: "最強",
    search_details: "計算過程",
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
           「提示」會顯示解題程式要走的方向；「自動玩」讓它替你玩。「強」比「標準」看得更遠，「最強」每一步想得更久，看得又更遠。",
    board: "棋盤",
    language: "語言",
    settings: "設定",
    site_nav: "網站",
    nav_rules: "規則",
    // As the site's navigation names its pages (every one of them is in Chinese).
    nav_strategy: "攻略",
    nav_solver: "解題程式",
    nav_results: "結果",
    update_ready: "遊戲的新版本已準備好。",
    update_apply: "立即更新",
    load_failed: "遊戲無法載入。這個網頁需要支援 WebAssembly 的瀏覽器；請重新整理頁面再試一次。",
    your_games: "你的遊戲",
    statistics: "統計",
    replay: "重播",
    close: "關閉",
    stats_all: "全部遊戲",
    stats_alone: "獨自",
    stats_helped: "有協助",
    games_played: "玩過的局數",
    best_score: "最高分",
    best_tile: "最大方塊",
    scores_chart: "歷次分數",
    accuracy_chart: "歷次準確度",
    scores_table: "以表格列出每一局",
    column_game: "局",
    column_date: "日期",
    column_moves: "步數",
    column_accuracy: "準確度",
    todays_game: "今日遊戲",
    copy_result: "複製結果",
    days_title: "每日遊戲紀錄",
    column_your_score: "你的分數",
    column_tile: "你的最大方塊",
    column_solver_score: "解題程式的分數",
    column_solver_tile: "解題程式的最大方塊",
    entered_board: "輸入的盤面",
    no_games: "還沒有玩完的遊戲：每局結束後會出現在這裡。",
    legend_alone: "圓點：獨自完成",
    legend_helped: "方塊：有協助",
    replay_pick: "要重播的遊戲",
    replay_first: "回到開頭",
    replay_previous: "上一步",
    replay_next: "下一步",
    replay_last: "跳到結尾",
    replay_play: "播放",
    replay_pause: "暫停",
    replay_position: "位置",
    replay_analyse: "解題程式的看法",
    replay_export: "匯出重播",
    review: "覆盤",
    review_title: "這局的覆盤",
    review_turns: "機會下降最多的幾步",
    learn_from_mistakes: "從失誤中學習",
    practice: "練習",
    drill_next: "下一題",
    drill_moves: "你的走法",
    drill_board: "題目盤面",
    review_chart: "每一步做出下一個方塊的機會",
    review_chart_table: "以表格顯示",
    column_move: "步",
    column_played: "方向",
    column_chance: "機會",
    column_rating: "評價",
    replay_import: "匯入重播",
    replay_imported: "匯入的重播",
    replay_board: "重播的盤面",
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
        Message::Downloading(chosen) => format!(
            "「{max}」正在下載所需的資料（最多 {} MB）……在那之前由「{stand_in}」回答。",
            crate::MAX_DOWNLOAD_BYTES / 1_000_000,
            max = LABELS.strength(*chosen),
            stand_in = LABELS.strength(STAND_IN),
        ),
        Message::GettingReady { strength, percent: Some(p) } => {
            format!("正在準備「{}」：{p}%", LABELS.strength(*strength))
        }
        Message::GettingReady { strength, percent: None } => {
            format!("正在準備「{}」……", LABELS.strength(*strength))
        }
        Message::DownloadFailed(chosen, problem) => format!(
            "「{max}」無法取得所需的資料（{}），改由「{stand_in}」回答；再選一次「{max}」即可重試。",
            match problem {
                NetworkProblem::Unreachable => "沒有網路連線".to_owned(),
                NetworkProblem::Status(status) => format!("伺服器回應 {status}"),
                NetworkProblem::TooLarge => "檔案太大".to_owned(),
                NetworkProblem::Damaged => "下載的檔案已損毀".to_owned(),
                NetworkProblem::Unusable => "這台裝置無法載入".to_owned(),
            },
            max = LABELS.strength(*chosen),
            stand_in = LABELS.strength(STAND_IN),
        ),
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
        Message::CorruptDaily => "無法讀取已儲存的每日遊戲紀錄：已另外保存，紀錄重新開始。".to_owned(),
        Message::DailyTry { date, counts: true } => {
            format!("今日遊戲（{date}）：今天的第一次挑戰，會計入紀錄。")
        }
        Message::DailyTry { date, counts: false } => {
            format!("今日遊戲（{date}）：練習。每天只有第一次挑戰會計入紀錄。")
        }
        Message::DailyOver { date, score, tile, counts } => format!(
            "今日遊戲（{date}{}）：{} 分，最大方塊 {tile}。",
            if *counts { "" } else { "，練習" },
            grouped(u64::from(*score), ",")
        ),
        Message::DailySolver { score, tile } => {
            format!("解題程式（強）用相同的方塊：{} 分，最大方塊 {tile}。", grouped(u64::from(*score), ","))
        }
        Message::DailySolverPlaying => "解題程式（強）正在玩同一局……".to_owned(),
        Message::DailyShare { date, tile, score, agreed } => {
            let mut text = format!("2048 今日遊戲 {date}：{tile}，{} 分", grouped(u64::from(*score), ","));
            if let Some(agreed) = agreed {
                text.push_str(&format!("，{agreed}% 的走法與解題程式相同"));
            }
            text.push('。');
            text
        }
        Message::ResultCopied => "已複製結果。".to_owned(),
        Message::ResultNotCopied => "無法複製結果：瀏覽器不允許。".to_owned(),
        Message::LinkNotCopied => "無法複製連結：瀏覽器不允許。".to_owned(),
        Message::Mistakes { count } => format!("失誤（{count}）"),
        Message::Chance { tile, percent } => format!("從這裡做出 {tile} 的機會：{percent}%"),
        Message::ReviewProgress { judged, total } => {
            format!("覆盤中：{} 步中已評 {} 步。", grouped(*total as u64, ","), grouped(*judged as u64, ","))
        }
        Message::ReviewDone { accuracy, counts: c } => format!(
            "準確度 {accuracy}%：你有 {accuracy}% 的步是最佳或差不多的一步。\
             最佳 {}，差不多 {}，較差 {}，差很多 {}。",
            grouped(c.best as u64, ","),
            grouped(c.about_as_good as u64, ","),
            grouped(c.worse as u64, ","),
            grouped(c.much_worse as u64, ",")
        ),
        Message::TurningPoint { number, played, tile, from, to } => {
            format!("第 {number} 步（往{}）：做出 {tile} 的機會從 {from}% 降到 {to}%", direction(*played))
        }
        Message::ReviewChartDescription { goals, .. } if goals.is_empty() => {
            "還沒有可顯示的機會。".to_owned()
        }
        Message::ReviewChartDescription { judged, goals, turns } => {
            let goals: Vec<String> = goals
                .iter()
                .map(|g| match g.first == g.last {
                    true => format!("{} 為 {}%", g.tile, g.first),
                    false => format!("{} 從 {}% 到 {}%", g.tile, g.first, g.last),
                })
                .collect();
            let mut text = format!(
                "已評的 {} 步，每一步之前做出下一個方塊的機會：{}。",
                grouped(*judged as u64, ","),
                goals.join("，接著 ")
            );
            if *turns {
                text.push_str("圓圈標出機會下降最多的幾步。");
            }
            text.push_str("下方的表格列出每一步。");
            text
        }
        Message::ChanceOf { tile, percent } => format!("{tile}：{percent}%"),
        Message::Played(d) => format!("往{}", direction(*d)),
        Message::Rating(q) => quality(*q).to_owned(),
        Message::ReviewedMove { number, played, quality: q } => {
            format!("第 {number} 步：往{}，{}。", direction(*played), quality(*q))
        }
        Message::DrillAsk => "這個盤面你會往哪裡滑？".to_owned(),
        Message::DrillLoading => "正在取得你的練習盤面……".to_owned(),
        Message::DrillChecking => "解題程式正在檢查你的走法……".to_owned(),
        Message::DrillRight { chosen, quality: q } => {
            format!("答對了（{}）：往{}。", quality(*q), direction(*chosen))
        }
        Message::DrillWrong { chosen, quality: q, best } => format!(
            "這次不對（{}）：你往{}；解題程式往{}。",
            quality(*q),
            direction(*chosen),
            direction(*best)
        ),
        Message::DrillPlayed { played } => format!("在你的遊戲裡，你往{}。", direction(*played)),
        Message::DrillProgress { answered: 0, left, .. } => format!("有 {left} 個盤面要作答。"),
        Message::DrillProgress { right, answered, left } => {
            format!("目前答了 {answered} 題，答對 {right} 題；還剩 {left} 個盤面。")
        }
        Message::DrillDone { right, answered } => format!("練習結束：{answered} 題中答對 {right} 題。"),
        Message::DrillNothing { deck: false, .. } => "這局遊戲沒有較差的走法，沒有要練習的。".to_owned(),
        Message::DrillNothing { deck: true, wait_ms: None } => {
            "還沒有要練習的盤面。開著教練時下出的、或複盤時找到的差很多的走法，都會來到這裡。".to_owned()
        }
        Message::DrillNothing { deck: true, wait_ms: Some(ms) } => {
            let (n, unit) = super::wait(*ms);
            let unit = match unit {
                super::Wait::Minutes => "分鐘",
                super::Wait::Hours => "小時",
                super::Wait::Days => "天",
            };
            format!("現在沒有要練習的盤面；下一個在 {n} {unit}後回來。")
        }
        Message::DeckSetAside { count } => format!("有 {count} 個練習盤面無法讀取，已另外保存；其餘照舊。"),
        Message::MoveName(d) => direction(*d).to_owned(),
        Message::Mistake { played, best, quality: q } => {
            format!("{}：你往{}；解題程式往{}。", quality(*q), direction(*played), direction(*best))
        }
        Message::Reviewing(r) => format!(
            "失誤，第 {} 個（共 {} 個），{}：你往{}；解題程式往{}。",
            r.index + 1,
            r.count,
            quality(r.mistake.quality),
            direction(r.mistake.played),
            direction(r.mistake.best)
        ),
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
        Message::Solved { strength, tenths } => format!(
            "{}：已算進每個可能出現的方塊，精確算出：最佳走法做出最後一個 256 的機率是 {}%，這個 256 會合成 32768",
            LABELS.strength(*strength),
            percent(*tenths)
        ),
        Message::Agreement { moves: 0, .. } => "走一步，教練就會和解題程式的選擇比較。".to_owned(),
        Message::Agreement { agreed, moves } => format!("{moves} 步中有 {agreed} 步和解題程式相同。"),
        Message::HistoryUnavailable => "這個瀏覽器不讓網頁保存你玩完的遊戲；遊戲仍可照常進行。".to_owned(),
        Message::KeepFailed => "這局玩完的遊戲無法加入你的遊戲：瀏覽器的儲存空間被封鎖或已滿。".to_owned(),
        Message::KeptUnreadable => "無法從瀏覽器的儲存空間讀取這局遊戲，所以無法重播。".to_owned(),
        Message::ReplayRefused(error) => replay_refused(error),
        Message::ReplayPosition { at, of, next: Some(d) } => {
            format!("第 {at} 步，共 {of} 步。下一步：往{}。", direction(*d))
        }
        Message::ReplayPosition { at, of, next: None } => format!("第 {at} 步，共 {of} 步。遊戲在此結束。"),
        Message::KeptGame { number, date, score } => format!("第 {number} 局，{date}，{score} 分"),
        Message::Reached { tile } => format!("達到 {tile}"),
        Message::Share { games, percent } => format!("{games} 局（{percent}%）"),
        Message::AccuracyChartDescription { games: 1, last, .. } => {
            format!("你完整覆盤過的 1 局遊戲的準確度：{last}%。下方的表格列出這一局。")
        }
        Message::AccuracyChartDescription { games, first, last, mean } => format!(
            "你完整覆盤過的 {games} 局遊戲的準確度，由舊到新：從 {first}% 到 {last}%，平均 {mean}%。\
             下方的表格列出每一局。"
        ),
        Message::ChartDescription { games, best } => format!(
            "{games} 局遊戲的分數，由舊到新；最高分是 {best}。圓點是獨自完成的遊戲，方塊是有協助的遊戲。\
             下方的表格列出每一局。"
        ),
        Message::HistorySetAside { count } => {
            format!("有 {count} 局保存的遊戲無法讀取；沒有刪除任何東西，其餘的遊戲照常顯示。")
        }
    }
}

/// A move's word.
fn quality(quality: Quality) -> &'static str {
    quality.word().map_or("較低", Word::chinese)
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

/// Why a file is not a replay, for the player.
fn replay_refused(error: &ReplayError) -> String {
    match error {
        ReplayError::TooLarge { limit, .. } => {
            format!("這個檔案太大，不是重播檔：重播檔最多 {} KB。", limit / 1024)
        }
        ReplayError::Unreadable => "無法讀取這個檔案。".to_owned(),
        ReplayError::NotAReplay => "這個檔案不是 2048 的重播檔。".to_owned(),
        ReplayError::WrongVersion(Some(found)) => {
            format!("這是第 {found} 版的重播檔；這個網頁只讀取第 {REPLAY_VERSION} 版。")
        }
        ReplayError::WrongVersion(None) => {
            format!("這個重播檔的版本不是這個網頁認得的；這個網頁只讀取第 {REPLAY_VERSION} 版。")
        }
        ReplayError::BadMove { index } => {
            format!("這個重播檔已損壞：第 {} 步無法在那裡走出。", index + 1)
        }
        ReplayError::Impossible(_) => "這個重播檔裡的遊戲不可能真的玩出來。".to_owned(),
    }
}
