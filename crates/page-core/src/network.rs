//! The learned network Strong and Max search with, as the page sees it, and the model's part in
//! getting it: not wanted yet, downloading, downloaded (and handed to each worker as it becomes
//! ready), in the current worker, or failed. Downloaded only once a strength that needs it is
//! chosen (at start, once the solver starts; or when the player picks it), at most once a visit
//! unless it failed and such a strength is picked again. Until the current worker has read it,
//! their requests are asked of Spec ([`STAND_IN`]), so Hint and Autoplay play on; the status
//! under the strength selector says so.
//!
//! The bytes stay in the shell (they are megabytes); the core only knows where they are.

use super::effect::Effect;
use crate::request::Strength;
use crate::text::Message;

/// What answers a Strong or Max request while the network is not in the worker: the strongest
/// strength that needs no download.
pub const STAND_IN: Strength = Strength::Spec;

/// The most the page downloads for a strength, in bytes (8 MB).
pub const MAX_DOWNLOAD_BYTES: u32 = 8_000_000;

/// Why the network could not be had, in the terms the player is told.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NetworkProblem {
    /// The download failed: no connection, or it broke off.
    Unreachable,
    /// The server answered with this HTTP status instead of the file.
    Status(u16),
    /// The file is larger than [`MAX_DOWNLOAD_BYTES`].
    TooLarge,
    /// What arrived is not a network the solver can read (corrupt, cut or another file).
    Damaged,
    /// The worker stopped while it read the network (out of memory, say): not sent again, so
    /// that a fresh worker answers Spec.
    Unusable,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Download {
    /// No strength that needs the network has been wanted this visit.
    #[default]
    NotAsked,
    Fetching,
    /// The shell holds the bytes.
    Fetched,
    Failed(NetworkProblem),
}

#[derive(Debug, Default)]
pub(super) struct NetworkState {
    download: Download,
    /// How much of the download has arrived, in percent, while it runs.
    percent: Option<u8>,
    /// The worker generation the bytes were last sent to, and whether it said it read them.
    sent_to: Option<u32>,
    ready_in: Option<u32>,
}

impl NetworkState {
    /// The network is wanted: downloaded unless it is (being) downloaded already. A failed
    /// download is tried again only here, that is when Strong or Max is chosen again.
    pub fn want(&mut self, fx: &mut Vec<Effect>) {
        if matches!(self.download, Download::NotAsked | Download::Failed(_)) {
            self.download = Download::Fetching;
            self.percent = None;
            fx.push(Effect::FetchNetwork);
        }
    }

    /// `received` bytes of the download have arrived, of `total` (as the server announced it,
    /// or the most the page downloads).
    pub fn progress(&mut self, received: u64, total: u64) {
        if self.download == Download::Fetching && total > 0 {
            self.percent = Some((received.min(total) * 100 / total) as u8);
        }
    }

    /// The download ended; `ready_worker` is the generation of the worker ready for requests,
    /// if any, which is sent the bytes at once.
    pub fn fetched(
        &mut self,
        result: Result<(), NetworkProblem>,
        ready_worker: Option<u32>,
        fx: &mut Vec<Effect>,
    ) {
        if self.download != Download::Fetching {
            return;
        }
        match result {
            Ok(()) => {
                self.download = Download::Fetched;
                if let Some(generation) = ready_worker {
                    self.send(generation, fx);
                }
            }
            Err(problem) => self.download = Download::Failed(problem),
        }
    }

    /// Worker `generation` is ready for requests: it is sent the bytes, if they are here.
    pub fn worker_ready(&mut self, generation: u32, fx: &mut Vec<Effect>) {
        if self.download == Download::Fetched && self.sent_to != Some(generation) {
            self.send(generation, fx);
        }
    }

    fn send(&mut self, generation: u32, fx: &mut Vec<Effect>) {
        self.sent_to = Some(generation);
        fx.push(Effect::SendNetwork { generation });
    }

    /// Worker `generation` read the network: Strong and Max are asked of it from now on.
    pub fn read(&mut self, generation: u32) {
        if self.sent_to == Some(generation) && self.download == Download::Fetched {
            self.ready_in = Some(generation);
        }
    }

    /// Worker `generation` could not read the bytes: they are damaged, and dropped (with any
    /// copy kept for offline use), so that choosing Strong or Max again downloads them afresh.
    pub fn refused(&mut self, generation: u32, fx: &mut Vec<Effect>) {
        if self.sent_to == Some(generation) && self.download == Download::Fetched {
            self.download = Download::Failed(NetworkProblem::Damaged);
            self.sent_to = None;
            self.ready_in = None;
            fx.push(Effect::ForgetNetwork);
        }
    }

    /// Worker `generation` stopped. If it stopped while reading the network, the network is
    /// given up on for the visit (until Strong or Max is chosen again): handing it to the next
    /// worker would stop that one too, and with it Spec.
    pub fn worker_lost(&mut self, generation: u32) {
        if self.sent_to == Some(generation) && self.ready_in != Some(generation) {
            self.download = Download::Failed(NetworkProblem::Unusable);
            self.sent_to = None;
        }
    }

    /// Whether worker `generation` has the network.
    pub fn is_ready_in(&self, generation: u32) -> bool {
        self.ready_in == Some(generation)
    }

    /// Where getting `strength` ready stands while worker `generation` is the current one:
    /// `None` once it answers (or if it needs nothing, or the download failed: the status says
    /// why); else how much of the download has arrived, in percent (100 while the worker reads
    /// it; `None` inside while nothing is known yet).
    pub fn getting_ready(&self, strength: Strength, generation: u32) -> Option<Option<u8>> {
        if !strength.strategy().needs_network() || self.is_ready_in(generation) {
            return None;
        }
        match self.download {
            Download::Failed(_) => None,
            Download::NotAsked => Some(None),
            Download::Fetching => Some(self.percent),
            Download::Fetched => Some(Some(100)),
        }
    }

    /// What the status under the strength selector says while `strength` is chosen and worker
    /// `generation` is the current one: nothing, unless a strength that needs the network is
    /// chosen and cannot answer yet.
    pub fn status(&self, strength: Strength, generation: u32) -> Option<Message> {
        if !strength.strategy().needs_network() || self.is_ready_in(generation) {
            return None;
        }
        Some(match self.download {
            Download::Failed(problem) => Message::DownloadFailed(strength, problem),
            Download::NotAsked | Download::Fetching | Download::Fetched => Message::Downloading(strength),
        })
    }
}
