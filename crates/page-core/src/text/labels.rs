//! The list of the page's fixed words ([`Label`]), each declared once, and the shape of a
//! language's table of them ([`Labels`]).
//!
//! The list is the single place a label is named: the macro makes from it the enum, its `ALL`,
//! its keys, and a struct with one field per label. A language's table is a value of that struct,
//! so a table that leaves a label out (or names one that does not exist) fails to compile.

/// Declares the labels: for each, its variant, the field that holds it in a [`Labels`] table,
/// and the key that `index.html` writes in `data-text` / `data-text-label`.
///
/// The field name is spelled out because `macro_rules!` cannot make `new_game` from `NewGame`;
/// both sit on the same line, so a label still has one declaration.
macro_rules! labels {
    ($($(#[$doc:meta])* $variant:ident: $field:ident = $key:literal,)+) => {
        /// The fixed words of the page, each with the key that `index.html` uses for it.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Label {
            $($(#[$doc])* $variant,)+
        }

        const COUNT: usize = [$(Label::$variant),+].len();

        impl Label {
            pub const ALL: [Label; COUNT] = [$(Label::$variant),+];

            /// The key written in `index.html`'s `data-text` / `data-text-label` attributes.
            pub const fn key(self) -> &'static str {
                match self {
                    $(Label::$variant => $key,)+
                }
            }

            pub fn from_key(key: &str) -> Option<Label> {
                Label::ALL.into_iter().find(|label| label.key() == key)
            }
        }

        /// One language's text for every label.
        pub(super) struct Labels {
            $($(#[$doc])* pub(super) $field: &'static str,)+
        }

        impl Labels {
            pub(super) const fn get(&self, label: Label) -> &'static str {
                match label {
                    $(Label::$variant => self.$field,)+
                }
            }
        }
    };
}

labels! {
    /// The page's `<title>`.
    Title: title = "title",
    Intro: intro = "intro",
    Score: score = "score",
    Best: best = "best",
    NewGame: new_game = "new-game",
    Hint: hint = "hint",
    Autoplay: autoplay = "autoplay",
    /// The Coach toggle: the player's moves compared with the solver's.
    Coach: coach = "coach",
    /// The heading of Hint's explanation of every move.
    Analysis: analysis = "analysis",
    Undo: undo = "undo",
    CopyLink: copy_link = "copy-link",
    /// Opens the board editor.
    EditBoard: edit_board = "edit-board",
    /// Under an entered board: what it is, and the two ways on.
    Entered: entered = "entered",
    PlayEntered: play_entered = "play-entered",
    LeaveEntered: leave_entered = "leave-entered",
    /// While a mistake is reviewed: the ones before and after it.
    PreviousMistake: previous_mistake = "previous-mistake",
    NextMistake: next_mistake = "next-mistake",
    /// The list of the game's mistakes (its worse and much worse moves).
    Mistakes: mistakes = "mistakes",
    /// A mistake's button: its board, for analysis.
    AnalyseMistake: analyse_mistake = "analyse-mistake",
    EditorTitle: editor_title = "editor-title",
    EditorHelp: editor_help = "editor-help",
    EditorText: editor_text = "editor-text",
    EditorScore: editor_score = "editor-score",
    EditorApply: editor_apply = "editor-apply",
    EditorCancel: editor_cancel = "editor-cancel",
    /// The name of the solver strength selector (a radio group).
    Strength: strength = "strength",
    /// Its choices: `solver::decide` (the standard solver), `solver::Strong` and `solver::max::Max`.
    StrengthSpec: strength_spec = "strength-spec",
    StrengthStrong: strength_strong = "strength-strong",
    StrengthMax: strength_max = "strength-max",
    /// The toggle under Hint's explanation that shows what the search did (its figures).
    SearchDetails: search_details = "search-details",
    Speed: speed = "speed",
    Slow: slow = "slow",
    Fast: fast = "fast",
    KeepGoing: keep_going = "keep-going",
    TryAgain: try_again = "try-again",
    Won: won = "won",
    Over: over = "over",
    ConfirmQuestion: confirm_question = "confirm-question",
    ConfirmYes: confirm_yes = "confirm-yes",
    ConfirmNo: confirm_no = "confirm-no",
    Help: help = "help",
    Board: board = "board",
    /// The language selector's label.
    Language: language = "language",
    /// The control that shows and hides the settings (language, solver strength, speed).
    Settings: settings = "settings",
    /// The name of the links to the site, for screen readers.
    SiteNav: site_nav = "site-nav",
    NavRules: nav_rules = "nav-rules",
    NavStrategy: nav_strategy = "nav-strategy",
    NavSolver: nav_solver = "nav-solver",
    NavResults: nav_results = "nav-results",
    /// The notice that a new version of the page has been fetched, and its button, which
    /// switches to it (the game in progress is kept).
    UpdateReady: update_ready = "update-ready",
    UpdateApply: update_apply = "update-apply",
    /// What `www/boot.js` shows when the wasm cannot load: the wasm never runs then, so
    /// `index.html` holds it in every language (`data-load-failed-<code>`, checked by a test).
    LoadFailed: load_failed = "load-failed",
    /// The finished games kept: their statistics and replays.
    YourGames: your_games = "your-games",
    Statistics: statistics = "statistics",
    Replay: replay = "replay",
    Close: close = "close",
    /// The statistics' three columns: every game, those played alone, those with help.
    StatsAll: stats_all = "stats-all",
    StatsAlone: stats_alone = "stats-alone",
    StatsHelped: stats_helped = "stats-helped",
    GamesPlayed: games_played = "games-played",
    BestScore: best_score = "best-score",
    BestTile: best_tile = "best-tile",
    ScoresChart: scores_chart = "scores-chart",
    /// The chart of each reviewed game's accuracy, over time.
    AccuracyChart: accuracy_chart = "accuracy-chart",
    ScoresTable: scores_table = "scores-table",
    ColumnGame: column_game = "column-game",
    ColumnDate: column_date = "column-date",
    ColumnMoves: column_moves = "column-moves",
    /// The games table's column of each reviewed game's accuracy.
    ColumnAccuracy: column_accuracy = "column-accuracy",
    /// Starts the game of the day, and copies its result once it ends.
    TodaysGame: todays_game = "todays-game",
    CopyResult: copy_result = "copy-result",
    /// The statistics' table of the days played, and its columns.
    DaysTitle: days_title = "days-title",
    ColumnYourScore: column_your_score = "column-your-score",
    ColumnTile: column_tile = "column-tile",
    ColumnSolverScore: column_solver_score = "column-solver-score",
    ColumnSolverTile: column_solver_tile = "column-solver-tile",
    /// A game that started from an entered board, in the list of help used.
    EnteredBoard: entered_board = "entered-board",
    NoGames: no_games = "no-games",
    LegendAlone: legend_alone = "legend-alone",
    LegendHelped: legend_helped = "legend-helped",
    /// The replay view: its picker of kept games, steps, play and pause, scrubber, the solver's
    /// view of the position, and the replay file.
    ReplayPick: replay_pick = "replay-pick",
    ReplayFirst: replay_first = "replay-first",
    ReplayPrevious: replay_previous = "replay-previous",
    ReplayNext: replay_next = "replay-next",
    ReplayLast: replay_last = "replay-last",
    ReplayPlay: replay_play = "replay-play",
    ReplayPause: replay_pause = "replay-pause",
    ReplayPosition: replay_position = "replay-position",
    ReplayAnalyse: replay_analyse = "replay-analyse",
    ReplayExport: replay_export = "replay-export",
    /// The replay's Review: the solver judges every move of the game.
    Review: review = "review",
    /// The heading of a game's review.
    ReviewTitle: review_title = "review-title",
    /// The heading of a review's turning points: the moves after which the chance fell most.
    ReviewTurns: review_turns = "review-turns",
    /// "Learn from your mistakes": a practice of the boards where the player went wrong.
    LearnFromMistakes: learn_from_mistakes = "learn-from-mistakes",
    /// The practice of the deck's due boards.
    Practice: practice = "practice",
    /// The practice's Next, and the name of its group of move buttons and of its board.
    DrillNext: drill_next = "drill-next",
    DrillMoves: drill_moves = "drill-moves",
    DrillBoard: drill_board = "drill-board",
    /// The name of a review's chart: the chance of the next tile before each move.
    ReviewChart: review_chart = "review-chart",
    /// The disclosure of the chart's table alternative, and its columns: the move (opens its
    /// board), the way it was played, the chance before it, and its word.
    ReviewChartTable: review_chart_table = "review-chart-table",
    ColumnMove: column_move = "column-move",
    ColumnPlayed: column_played = "column-played",
    ColumnChance: column_chance = "column-chance",
    ColumnRating: column_rating = "column-rating",
    ReplayImport: replay_import = "replay-import",
    ReplayImported: replay_imported = "replay-imported",
    ReplayBoard: replay_board = "replay-board",
}

impl Labels {
    /// A solver strength's name, as its radio says it.
    pub fn strength(&self, strength: crate::request::Strength) -> &'static str {
        match strength {
            crate::request::Strength::Spec => self.strength_spec,
            crate::request::Strength::Strong => self.strength_strong,
            crate::request::Strength::Max => self.strength_max,
        }
    }
}
