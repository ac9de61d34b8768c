//! The lab: the experiments, apart from what ships. The network's making, reshaping and
//! writing ([`ntuple`]), its trainer ([`learn`]) and its late-game correction ([`correct`]);
//! Strong with the experiments once threaded through its search ([`search`]: iterative
//! deepening, second looks, tight boards, rollouts), built on the solver's public hooks; the settings the lab's runner plays and their names ([`setting`]);
//! the heuristic's weights and their tuner ([`weights`], [`cma`], [`tuning`], scored against
//! [`reference`](mod@reference)); and one game walked state by state ([`walk`]). The runner
//! (`main.rs`) and the studies (`src/bin/`) play through the arena's library, which plays only
//! what the page ships. docs/lab/ is their record.

pub mod chance;
pub mod cma;
pub mod correct;
pub mod learn;
pub mod ntuple;
pub mod reference;
pub mod search;
pub mod setting;
pub mod tuning;
pub mod walk;
pub mod weights;
