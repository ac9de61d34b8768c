//! What the text must keep in every language (how the language is chosen: `choice`).

mod choice;

use super::*;
use crate::replay::ReplayError;
use crate::request::Strength;
use crate::review_chart::Goal;
use crate::{EntryError, Feedback, Mistake, NetworkProblem, Quality, Review};
use game_core::{Board, ListError, LoadError};

/// Lists examples of messages by kind (each kind's examples any iterable of messages) and
/// makes sure no kind is left out: the generated `match` names every listed kind and has no
/// catch-all, so a kind of [`Message`] missing from the list fails to compile. Each example is
/// checked to be of the kind it is listed under, so a kind cannot be "covered" by another
/// kind's example.
macro_rules! examples_of_every_kind {
    ($($kind:ident => $examples:expr,)+) => {{
        fn _every_kind_is_listed(message: &Message) {
            match message {
                $(Message::$kind { .. } => {})+
            }
        }
        let mut all: Vec<Message> = Vec::new();
        $(
            for example in $examples {
                assert!(matches!(example, Message::$kind { .. }), "{example:?} is listed under {}", stringify!($kind));
                all.push(example);
            }
        )+
        all
    }};
}

/// One message of every kind, with the speed's three cases, both kinds of cell and all four
/// directions.
fn every_message() -> Vec<Message> {
    examples_of_every_kind! {
        Moved => Direction::ALL.map(|direction| Message::Moved { direction, score: 36 }),
        Won => [Message::Won { score: 20480 }],
        WonAutoplayContinues => [Message::WonAutoplayContinues],
        Over => [Message::Over { score: 1234 }],
        NewGame => [Message::NewGame],
        KeptGoing => [Message::KeptGoing],
        Hint => Direction::ALL.map(Message::Hint),
        AutoplayOn => [Message::AutoplayOn],
        AutoplayOff => [Message::AutoplayOff],
        Cell => [
            Message::Cell { row: 1, col: 2, value: Some(8) },
            Message::Cell { row: 4, col: 4, value: None },
        ],
        Speed => [
            Message::Speed { value: 0, max: 10 },
            Message::Speed { value: 4, max: 10 },
            Message::Speed { value: 10, max: 10 },
        ],
        StorageUnavailable => [Message::StorageUnavailable],
        SaveFailed => [Message::SaveFailed],
        CorruptGame => [Message::CorruptGame],
        CorruptDaily => [Message::CorruptDaily],
        DailyTry => [true, false].map(|counts| Message::DailyTry { date: "2026-12-05".into(), counts }),
        DailyOver => [true, false].map(|counts| Message::DailyOver { date: "2026-12-05".into(), score: 3120, tile: 256, counts }),
        DailySolver => [Message::DailySolver { score: 71548, tile: 4096 }],
        DailySolverPlaying => [Message::DailySolverPlaying],
        DailyShare => [Some(78), None].map(|agreed| Message::DailyShare { date: "2026-12-05".into(), tile: 256, score: 3120, agreed }),
        ResultCopied => [Message::ResultCopied],
        ResultNotCopied => [Message::ResultNotCopied],
        CorruptBest => [Message::CorruptBest],
        SolverUnavailable => [Message::SolverUnavailable],
        SolverSlow => [Message::SolverSlow],
        SolverCrashed => [Message::SolverCrashed],
        Downloading => [Message::Downloading(Strength::Strong), Message::Downloading(Strength::Max)],
        GettingReady => [
            Message::GettingReady { strength: Strength::Max, percent: Some(45) },
            Message::GettingReady { strength: Strength::Strong, percent: None },
        ],
        DownloadFailed => [
            NetworkProblem::Unreachable,
            NetworkProblem::Status(404),
            NetworkProblem::TooLarge,
            NetworkProblem::Damaged,
            NetworkProblem::Unusable,
        ]
        .map(|problem| Message::DownloadFailed(Strength::Max, problem)),
        GameChangedElsewhere => [Message::GameChangedElsewhere],
        Crashed => [Message::Crashed],
        StartFailed => [Message::StartFailed],
        LanguageChanged => [Message::LanguageChanged],
        CoachOn => [Message::CoachOn],
        BoardEntered => [Message::BoardEntered],
        PlayingEntered => [Message::PlayingEntered],
        BackToGame => [Message::BackToGame],
        BadBoard => [
            EntryError::List(ListError::TooLong { length: 300, limit: 200 }),
            EntryError::AddressTooLong { length: 300 },
            EntryError::List(ListError::WrongCount { found: 15 }),
            EntryError::List(ListError::NotANumber { cell: 3, found: "x".into() }),
            EntryError::List(ListError::NotATile { cell: 3, found: "3".into() }),
            EntryError::List(ListError::NoTile),
            EntryError::Game(LoadError::TooFewTiles(1)),
            EntryError::Score("lots".into()),
            EntryError::Game(LoadError::ScoreBelowBoard { score: 0, minimum: 8 }),
        ]
        .map(Message::BadBoard),
        LinkCopied => [Message::LinkCopied],
        Mistakes => [Message::Mistakes { count: 3 }],
        DrillAsk => [Message::DrillAsk],
        DrillLoading => [Message::DrillLoading],
        DrillChecking => [Message::DrillChecking],
        DrillRight => [Quality::Best, Quality::AboutAsGood].map(|quality| Message::DrillRight { chosen: Direction::Left, quality }),
        DrillWrong => [Quality::Worse, Quality::MuchWorse, Quality::Unrated]
            .map(|quality| Message::DrillWrong { chosen: Direction::Up, quality, best: Direction::Left }),
        DrillPlayed => [Message::DrillPlayed { played: Direction::Right }],
        DrillProgress => [(1, 3), (3, 0), (1, 0)].map(|(left, answered)| Message::DrillProgress { right: answered.min(2), answered, left }),
        DrillDone => [Message::DrillDone { right: 4, answered: 6 }],
        DrillNothing => [
            Message::DrillNothing { deck: false, wait_ms: None },
            Message::DrillNothing { deck: true, wait_ms: None },
            Message::DrillNothing { deck: true, wait_ms: Some(1) },
            Message::DrillNothing { deck: true, wait_ms: Some(90 * 60_000) },
            Message::DrillNothing { deck: true, wait_ms: Some(3 * 86_400_000) },
        ],
        DeckSetAside => [1, 4].map(|count| Message::DeckSetAside { count }),
        MoveName => Direction::ALL.map(Message::MoveName),
        Chance => [Message::Chance { tile: 4096, percent: 83 }, Message::Chance { tile: 32768, percent: 100 }],
        ReviewProgress => [Message::ReviewProgress { judged: 120, total: 1523 }],
        TurningPoint => [Message::TurningPoint { number: 37, played: Direction::Up, tile: 4096, from: 81, to: 52 }],
        ReviewDone => [Message::ReviewDone {
            accuracy: 87,
            counts: crate::game_review::Counts { best: 1000, about_as_good: 325, worse: 150, much_worse: 48 },
        }],
        ReviewedMove => [Quality::Best, Quality::AboutAsGood, Quality::Worse, Quality::MuchWorse]
            .map(|quality| Message::ReviewedMove { number: 12, played: Direction::Left, quality }),
        Mistake => [Quality::Worse, Quality::MuchWorse]
            .map(|quality| Message::Mistake { played: Direction::Left, best: Direction::Up, quality }),
        Reviewing => [Quality::Worse, Quality::MuchWorse].map(|quality| {
            let mistake = Mistake { board: Board::EMPTY, played: Direction::Right, best: Direction::Down, quality };
            Message::Reviewing(Review { index: 1, count: 4, mistake })
        }),
        ReviewChartDescription => [
            (0, vec![], false),
            (1, vec![Goal { tile: 2048, first: 62, last: 62 }], false),
            (1523, vec![Goal { tile: 2048, first: 62, last: 100 }, Goal { tile: 4096, first: 6, last: 0 }], true),
        ]
        .map(|(judged, goals, turns)| Message::ReviewChartDescription { judged, goals, turns }),
        ChanceOf => [Message::ChanceOf { tile: 4096, percent: 83 }],
        Played => Direction::ALL.map(Message::Played),
        Rating => [Quality::Best, Quality::AboutAsGood, Quality::Worse, Quality::MuchWorse].map(Message::Rating),
        LinkNotCopied => [Message::LinkNotCopied],
        CoachOff => [Message::CoachOff],
        Undone => [Message::Undone { score: 1234 }],
        Coached => Quality::ALL.map(|quality| {
            let best = if quality == Quality::Best { Direction::Left } else { Direction::Up };
            Message::Coached(Feedback { played: Direction::Left, best, quality })
        }),
        CorruptCoach => [Message::CorruptCoach],
        Rated => Direction::ALL.into_iter().flat_map(|direction| {
            Quality::ALL.map(|quality| Message::Rated { direction, quality })
        }),
        Searched => Strength::ALL.map(|strength| Message::Searched {
            strength,
            depth: 3,
            nodes: 1_234_567,
            micros: 850,
        }),
        Solved => [Message::Solved { strength: Strength::Max, tenths: 734 }],
        Agreement => [Message::Agreement { agreed: 0, moves: 0 }, Message::Agreement { agreed: 7, moves: 9 }],
        HistoryUnavailable => [Message::HistoryUnavailable],
        KeepFailed => [Message::KeepFailed],
        HistorySetAside => [Message::HistorySetAside { count: 1 }, Message::HistorySetAside { count: 3 }],
        Reached => [Message::Reached { tile: 2048 }],
        KeptUnreadable => [Message::KeptUnreadable],
        ReplayRefused => [
            ReplayError::TooLarge { length: 9_000_000, limit: 4_198_656 },
            ReplayError::Unreadable,
            ReplayError::NotAReplay,
            ReplayError::WrongVersion(Some(2)),
            ReplayError::WrongVersion(None),
            ReplayError::BadMove { index: 4 },
            ReplayError::Impossible("score".into()),
        ]
        .map(Message::ReplayRefused),
        ReplayPosition => [
            Message::ReplayPosition { at: 3, of: 10, next: Some(Direction::Left) },
            Message::ReplayPosition { at: 10, of: 10, next: None },
        ],
        KeptGame => [Message::KeptGame { number: 4, date: "2026-01-01".into(), score: 1234 }],
        Share => [Message::Share { games: 1, percent: 50 }, Message::Share { games: 3, percent: 75 }],
        ChartDescription => [Message::ChartDescription { games: 12, best: 20480 }],
        AccuracyChartDescription => [1, 5].map(|games| Message::AccuracyChartDescription { games, first: 82, last: 91, mean: 87 }),
    }
}

#[test]
fn every_label_has_a_distinct_key_that_reads_back() {
    for label in Label::ALL {
        assert_eq!(Label::from_key(label.key()), Some(label));
        // The form `index.html`'s attributes use.
        assert!(label.key().bytes().all(|b| b.is_ascii_lowercase() || b == b'-'), "{:?}", label.key());
    }
    let mut keys: Vec<_> = Label::ALL.iter().map(|l| l.key()).collect();
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(keys.len(), Label::ALL.len());
    assert_eq!(Label::from_key("no-such-key"), None);
}

#[test]
fn every_label_and_message_is_said_in_every_language() {
    let messages = every_message();
    for language in Language::ALL {
        for label in Label::ALL {
            let text = language.label(label);
            assert!(!text.trim().is_empty(), "{language:?} has no text for {label:?}");
            assert_eq!(text, text.trim(), "{language:?} {label:?} has stray spaces");
            // A line break in a table's string must be continued with `\`, which drops the
            // next line's indent; without it the indent would end up in the page.
            assert!(!text.contains("  ") && !text.contains('\n'), "{language:?} {label:?}: {text:?}");
        }
        for message in &messages {
            let text = language.message(message);
            assert!(!text.trim().is_empty(), "{language:?} has no text for {message:?}");
            assert!(!text.contains("  ") && !text.contains('\n'), "{language:?} {message:?}: {text:?}");
        }
    }
}

#[test]
fn translations_are_translated() {
    // Words that must differ from the English (numbers, names of keys aside).
    for language in [Language::Ko, Language::ZhHant] {
        for label in Label::ALL {
            assert_ne!(language.label(label), Language::En.label(label), "{language:?} {label:?}");
        }
        for message in every_message() {
            assert_ne!(language.message(&message), Language::En.message(&message), "{message:?}");
        }
    }
}

#[test]
fn sentences_keep_their_numbers_in_every_language() {
    for language in Language::ALL {
        let said = |m: Message| language.message(&m);
        assert!(said(Message::Moved { direction: Direction::Left, score: 1234 }).contains("1234"));
        assert!(said(Message::Won { score: 20480 }).contains("20480"));
        assert!(said(Message::Over { score: 999 }).contains("999"));
        let cell = said(Message::Cell { row: 3, col: 2, value: Some(1024) });
        assert!(cell.contains('3') && cell.contains('2') && cell.contains("1024"), "{cell}");
        let speed = said(Message::Speed { value: 4, max: 10 });
        assert!(speed.contains('4') && speed.contains("10"), "{speed}");
    }
}

#[test]
fn the_four_directions_are_told_apart() {
    for language in Language::ALL {
        for message in [|d| Message::Hint(d), |direction| Message::Moved { direction, score: 36 }] {
            let mut said: Vec<String> =
                Direction::ALL.iter().map(|&d| language.message(&message(d))).collect();
            said.sort();
            said.dedup();
            assert_eq!(said.len(), 4, "{language:?}: {said:?}");
        }
    }
}

#[test]
fn the_button_names_the_tests_rely_on() {
    let en = Language::En;
    assert_eq!(en.label(Label::NewGame), "New game");
    assert_eq!(en.label(Label::Hint), "Hint");
    assert_eq!(en.label(Label::Autoplay), "Autoplay");
    assert_eq!(en.label(Label::KeepGoing), "Keep going");
    assert_eq!(en.label(Label::TryAgain), "Try again");
    // The hooks: the views of the kept games are reached by these names.
    assert_eq!(en.label(Label::Statistics), "Statistics");
    assert_eq!(en.label(Label::Replay), "Replay");
}

#[test]
fn the_rule_book_terms() {
    let ko = Language::Ko;
    assert_eq!(ko.label(Label::NewGame), "새 게임");
    assert_eq!(ko.label(Label::KeepGoing), "계속하기");
    assert_eq!(ko.label(Label::Hint), "힌트");
    assert_eq!(ko.label(Label::Autoplay), "자동 플레이");
    let zh = Language::ZhHant;
    assert_eq!(zh.label(Label::NewGame), "新遊戲");
    assert_eq!(zh.label(Label::KeepGoing), "繼續玩");
    assert_eq!(zh.label(Label::Hint), "提示");
    assert_eq!(zh.label(Label::Autoplay), "自動玩");
}

/// The notices about the solver call it, and Hint and Autoplay, what the buttons and the
/// rule book call them, so a player can tell which buttons they are about.
#[test]
fn the_solver_notices_use_the_page_terms() {
    for (language, solver) in
        [(Language::En, "solver"), (Language::Ko, "솔버"), (Language::ZhHant, "解題程式")]
    {
        let autoplay = language.label(Label::Autoplay);
        for message in [Message::SolverUnavailable, Message::SolverSlow, Message::SolverCrashed] {
            let text = language.message(&message);
            assert!(text.contains(solver) && text.contains(autoplay), "{language:?} {message:?}: {text}");
        }
        let unavailable = language.message(&Message::SolverUnavailable);
        assert!(unavailable.contains(language.label(Label::Hint)), "{language:?}: {unavailable}");
    }
}

#[test]
fn what_players_read_has_no_words_of_the_search() {
    // Only the search's own figures, behind Hint's "How it was worked out", may say them.
    let jargon = ["Spec", "position", "cutoff", "node"];
    let said = every_message().into_iter().filter(|m| !matches!(m, Message::Searched { .. }));
    let texts =
        said.map(|m| Language::En.message(&m)).chain(Label::ALL.map(|l| Language::En.label(l).to_owned()));
    for text in texts {
        for word in jargon {
            assert!(!text.contains(word), "{word:?} in {text:?}");
        }
    }
}

#[test]
fn the_strengths_are_named_in_every_language() {
    let names = |l: Language| {
        (
            l.label(Label::Strength),
            l.label(Label::StrengthSpec),
            l.label(Label::StrengthStrong),
            l.label(Label::StrengthMax),
        )
    };
    assert_eq!(names(Language::En), ("Solver strength", "Standard", "Strong", "Max"));
    assert_eq!(names(Language::Ko), ("솔버 강도", "기본", "강함", "최강"));
    assert_eq!(names(Language::ZhHant), ("解題程式強度", "標準", "強", "最強"));
    for language in Language::ALL {
        let choices =
            [Label::StrengthSpec, Label::StrengthStrong, Label::StrengthMax].map(|l| language.label(l));
        assert!(choices[0] != choices[1] && choices[1] != choices[2] && choices[0] != choices[2]);
        // The help names every choice as the selector does.
        let help = language.label(Label::Help);
        for choice in choices {
            assert!(help.contains(choice), "{language:?}: {help}");
        }
    }
}

#[test]
fn cells_read_row_column_and_value() {
    let en = Language::En;
    assert_eq!(en.message(&Message::Cell { row: 1, col: 2, value: Some(8) }), "row 1, column 2: 8");
    assert_eq!(en.message(&Message::Cell { row: 4, col: 4, value: None }), "row 4, column 4: empty");
    assert_eq!(Language::Ko.message(&Message::Cell { row: 1, col: 2, value: Some(8) }), "1행 2열: 8");
    assert_eq!(
        Language::ZhHant.message(&Message::Cell { row: 4, col: 4, value: None }),
        "第 4 列第 4 行：空格"
    );
}

#[test]
fn speed_words_name_the_ends() {
    let en = Language::En;
    assert_eq!(en.message(&Message::Speed { value: 0, max: 10 }), "slowest");
    assert_eq!(en.message(&Message::Speed { value: 10, max: 10 }), "fastest");
    assert_eq!(en.message(&Message::Speed { value: 4, max: 10 }), "4 of 10");
}

#[test]
fn numbers_are_grouped_and_times_read_in_milliseconds() {
    assert_eq!(grouped(0, ","), "0");
    assert_eq!(grouped(999, ","), "999");
    assert_eq!(grouped(1000, ","), "1,000");
    assert_eq!(grouped(1_234_567, ","), "1,234,567");
    assert_eq!(millis(860), "0.9");
    assert_eq!(millis(12_345), "12");
    // A chance short of certain is never said to be certain.
    assert_eq!(
        [0.0, 0.5, 0.7349, 0.9999, 1.0].map(|c| percent(tenths(c))),
        ["0", "50", "73.4", "99.9", "100"]
    );
    for language in Language::ALL {
        let said = language.message(&Message::Searched {
            strength: Strength::Strong,
            depth: 5,
            nodes: 45_817,
            micros: 2_400,
        });
        assert!(said.contains("45,817") && said.contains('5') && said.contains("2.4"), "{said}");
        assert!(said.contains(language.label(Label::StrengthStrong)), "{said}");
        let solved = language.message(&Message::Solved { strength: Strength::Max, tenths: tenths(0.7349) });
        assert!(solved.contains("73.4") && solved.contains("32768"), "{solved}");
        assert!(solved.contains(language.label(Label::StrengthMax)), "{solved}");
        let agreed = language.message(&Message::Agreement { agreed: 7, moves: 9 });
        assert!(agreed.contains('7') && agreed.contains('9'), "{agreed}");
    }
}

#[test]
fn the_words_differ_and_the_coach_names_both_moves() {
    for language in Language::ALL {
        let mut words: Vec<String> = Quality::ALL
            .map(|quality| language.message(&Message::Rated { direction: Direction::Up, quality }))
            .to_vec();
        words.sort();
        words.dedup();
        assert_eq!(words.len(), Quality::ALL.len(), "{language:?}");
        let disagreed =
            Feedback { played: Direction::Left, best: Direction::Up, quality: Quality::MuchWorse };
        let said = language.message(&Message::Coached(disagreed));
        let (up, left) = (
            language.message(&Message::Hint(Direction::Up)),
            language.message(&Message::Hint(Direction::Left)),
        );
        assert_ne!(
            said,
            language.message(&Message::Coached(Feedback { quality: Quality::Worse, ..disagreed }))
        );
        assert!(!said.is_empty() && up != left);
    }
}

#[test]
fn a_download_status_names_the_strength_chosen_and_what_answers_for_it_in_every_language() {
    for language in Language::ALL {
        for (chosen, label) in
            [(Strength::Strong, Label::StrengthStrong), (Strength::Max, Label::StrengthMax)]
        {
            let failed = Message::DownloadFailed(chosen, NetworkProblem::Status(404));
            for message in [Message::Downloading(chosen), failed.clone()] {
                let said = language.message(&message);
                assert!(said.contains(language.label(label)), "{said}");
                assert!(said.contains(language.label(Label::StrengthSpec)), "{said}");
            }
            assert!(language.message(&failed).contains("404"));
            assert!(
                language.message(&Message::Downloading(chosen)).contains('8'),
                "the most it downloads, 8 MB"
            );
        }
    }
}

/// A mistake in the list and under review says the word the ranking and the coach say for it
/// (worse or much worse), the review its place too, and the two words read differently.
#[test]
fn a_mistake_says_its_own_word_in_every_language() {
    for language in Language::ALL {
        let mut said = Vec::new();
        for quality in [Quality::Worse, Quality::MuchWorse] {
            let feedback = Feedback { played: Direction::Left, best: Direction::Up, quality };
            let coached = language.message(&Message::Coached(feedback));
            let listed =
                language.message(&Message::Mistake { played: Direction::Left, best: Direction::Up, quality });
            let mistake =
                Mistake { board: Board::EMPTY, played: Direction::Left, best: Direction::Up, quality };
            let reviewed = language.message(&Message::Reviewing(Review { index: 1, count: 4, mistake }));
            let word = quality.word().unwrap();
            let word = match language {
                Language::En => word.english(),
                Language::Ko => word.korean(),
                Language::ZhHant => word.chinese(),
            };
            for text in [&coached, &listed, &reviewed] {
                assert!(text.to_lowercase().contains(word), "{language:?} {quality:?}: {text}");
            }
            assert!(reviewed.contains('2') && reviewed.contains('4'), "{reviewed}");
            said.push((listed, reviewed));
        }
        assert_ne!(said[0], said[1], "{language:?}");
    }
}
