//! Carrying out the core's effects: the DOM, the worker, Max's download, storage, timers and
//! the console.

use wasm_bindgen::{JsCast, JsValue};

use super::{HINT_MARK, HINT_MEASURE, Shell, dispatcher, log};
use crate::solver_client::{SolverWorker, WORKER_URL};
use crate::timer;
use page_core::autoplay::MAX_SPEED;
use page_core::text;
use page_core::{Effect, Event, WorkerEvent};

impl Shell {
    /// Carries out `effect`; returns the event it led to at once, if any.
    pub(super) fn run(&mut self, effect: Effect) -> Option<Event> {
        let language = text::current();
        match effect {
            Effect::ShowBoard { rows, appear } => {
                let appear = appear && self.motion();
                log(self.view.show_board(rows, appear));
            }
            Effect::Animate { report, rows, jump } => {
                let motion = !jump && self.motion();
                log(self.view.animate(&report, rows, motion));
            }
            Effect::Announce(messages) => {
                let said: Vec<String> = messages.iter().map(|m| language.message(m)).collect();
                self.announcer.say(&said.join(" "));
            }
            Effect::Toast(message) => log(self.view.show_toast(&language.message(&message))),
            Effect::StartWorker { generation } => return self.start_worker(generation),
            Effect::StopWorker => self.worker = None,
            Effect::Ask(request) => {
                let (generation, worker) = self.worker.as_ref()?;
                if let Err(error) = worker.post(&request) {
                    web_sys::console::error_1(&error);
                    let failed = WorkerEvent::Failed("a request could not be sent".into());
                    return Some(Event::Worker { generation: *generation, event: failed });
                }
            }
            Effect::FetchNetwork => self.fetch_network(),
            Effect::SendNetwork { generation } => return self.send_network(generation),
            Effect::ForgetNetwork => {
                self.network = None;
                wasm_bindgen_futures::spawn_local(super::download::forget(self.window.clone()));
            }
            Effect::Save(saving) => {
                // In this order (see `Saving`); the game is written even if its tally cannot be.
                let tally = self.store.save_tally(&saving.tally);
                let game =
                    self.store.save_game(&saving.game).and_then(|()| self.store.save_best(saving.best));
                return tally.and(game).err().map(Event::SaveFailed);
            }
            Effect::SaveCoach(coach) => return self.store.save_coach(&coach).err().map(Event::SaveFailed),
            Effect::SaveSpeed(speed) => return self.store.save_speed(speed).err().map(Event::SaveFailed),
            // Not being able to remember these is no news worth a notice: they last the visit.
            Effect::SaveStrength(strength) => drop(self.store.save_strength(strength)),
            Effect::SaveLanguage(language) => drop(self.store.save_language(language)),
            Effect::Timer { ms, timer } => {
                let dispatch = dispatcher(&self.me);
                timer::after(ms, move || dispatch(Event::Timer(timer)));
            }
            Effect::AfterPaint(timer) => {
                let dispatch = dispatcher(&self.me);
                timer::next_frame(move || timer::after(0, move || dispatch(Event::Timer(timer))));
            }
            Effect::Frame => {
                let dispatch = dispatcher(&self.me);
                timer::next_frame(move || dispatch(Event::Frame));
            }
            Effect::OpenConfirm => log(self.view.open_confirm()),
            Effect::CloseConfirm => self.view.close_confirm(),
            Effect::ApplyLanguage { language, speed, toast } => {
                text::set_current(language);
                log(self.view.apply_labels(language));
                log(self.view.set_speed(speed, MAX_SPEED, language));
                if let Some(toast) = toast {
                    self.view.retext_toast(&language.message(&toast));
                }
            }
            Effect::ShowSpeed(speed) => log(self.view.set_speed(speed, MAX_SPEED, language)),
            Effect::ShowStrength(strength) => self.view.set_strength(strength),
            Effect::ReleasePointerFocus => self.view.release_pointer_focus(),
            Effect::MarkHintAsked => {
                if let Some(performance) = self.window.performance() {
                    let _ = performance.mark(HINT_MARK);
                }
            }
            Effect::MeasureHintShown(_) => {
                // The arrow on the page first, so that the measure ends when it is there.
                log(self.view.render(&self.model));
                if let Some(performance) = self.window.performance() {
                    let _ = performance.measure_with_start_mark(HINT_MEASURE, HINT_MARK);
                }
            }
            Effect::CopyLink(fragment) => self.copy_link(&fragment),
            Effect::CopyResult(text) => self.copy_text(&text, Event::ResultCopied),
            Effect::SaveDays(days) => return self.store.save_days(&days).err().map(Event::SaveFailed),
            Effect::PlayDay(day) => {
                let (generation, worker) = self.worker.as_ref()?;
                if let Err(error) = worker.post_day(day) {
                    web_sys::console::error_1(&error);
                    let failed = WorkerEvent::Failed("the day's game could not be sent".into());
                    return Some(Event::Worker { generation: *generation, event: failed });
                }
            }
            Effect::ClearAddress => self.clear_address(),
            Effect::OpenEditor(list) => log(self.view.open_editor(&list)),
            Effect::CloseEditor => self.view.close_editor(),
            Effect::ApplyUpdate => {
                let applied = web_sys::Event::new(super::listen::APPLY_UPDATE_EVENT)
                    .and_then(|event| self.window.document().ok_or("no document".into()).map(|d| (d, event)))
                    .and_then(|(document, event)| document.dispatch_event(&event).map(drop));
                log(applied);
            }
            Effect::Warn(text) => web_sys::console::warn_1(&JsValue::from_str(&text)),
            Effect::KeepGame(write) => self.history.keep(write, dispatcher(&self.me)),
            Effect::OpenPanel(panel) => log(self.view.panels.open(panel)),
            Effect::ClosePanel => self.view.panels.close(),
            Effect::LoadKept(id) => self.history.load(id, dispatcher(&self.me)),
            Effect::LoadReview(id) => self.history.load_review(id, dispatcher(&self.me)),
            Effect::SaveReview { game, document, accuracy } => {
                self.history.keep_review(game, document, accuracy)
            }
            Effect::SaveCards(cards) => self.history.keep_cards(cards),
            Effect::DeleteCards(keys) => self.history.delete_cards(keys),
            Effect::SetAsideCards(keys) => self.history.set_aside_cards(keys),
            Effect::Download { name, text } => {
                if let Some(document) = self.window.document() {
                    log(super::files::download(&document, &name, &text));
                }
            }
        }
        None
    }

    /// Ends the worker there is and starts one of `generation`; a worker the browser refuses
    /// to start is a failure at once.
    fn start_worker(&mut self, generation: u32) -> Option<Event> {
        self.worker = None;
        let dispatch = dispatcher(&self.me);
        match SolverWorker::spawn(WORKER_URL, move |event| dispatch(Event::Worker { generation, event })) {
            Ok(worker) => {
                self.worker = Some((generation, worker));
                None
            }
            Err(error) => {
                web_sys::console::error_2(&JsValue::from_str("the solver worker could not start:"), &error);
                Some(Event::Worker { generation, event: WorkerEvent::Failed("blocked".into()) })
            }
        }
    }

    /// Downloads the network of Strong and Max (or takes the kept copy); the core hears how it went, later.
    fn fetch_network(&self) {
        let shell = self.me.clone();
        let window = self.window.clone();
        let hear = shell.clone();
        let progress = move |received, total| {
            super::with_shell(&hear, |shell| shell.dispatch(Event::NetworkProgress { received, total }));
        };
        wasm_bindgen_futures::spawn_local(async move {
            let result = super::download::network(window, &progress).await;
            super::with_shell(&shell, |shell| {
                let event = match result {
                    Ok(bytes) => {
                        shell.network = Some(bytes);
                        Event::NetworkFetched(Ok(()))
                    }
                    Err((problem, why)) => {
                        web_sys::console::warn_1(&JsValue::from_str(&format!(
                            "the network of Strong and Max: {why}"
                        )));
                        Event::NetworkFetched(Err(problem))
                    }
                };
                shell.dispatch(event);
            });
        });
    }

    /// Hands the worker of `generation`, if it is the running one, the network; one that cannot
    /// be handed it is as if it refused it.
    fn send_network(&self, generation: u32) -> Option<Event> {
        let (running, worker) = self.worker.as_ref()?;
        if *running != generation {
            return None;
        }
        let sent = match &self.network {
            Some(bytes) => worker.post_network(bytes),
            None => Err(JsValue::from_str("no bytes")),
        };
        let error = sent.err()?;
        web_sys::console::error_1(&error);
        let refused = WorkerEvent::NetworkRefused("the network could not be sent".into());
        Some(Event::Worker { generation, event: refused })
    }

    /// The address without its fragment, in place of the current history entry (no reload, no
    /// `hashchange`, nothing for Back to return to).
    fn clear_address(&self) {
        let location = self.window.location();
        let path =
            format!("{}{}", location.pathname().unwrap_or_default(), location.search().unwrap_or_default());
        if let Ok(history) = self.window.history() {
            let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&path));
        }
    }

    /// Puts the page's address with `fragment` on the clipboard.
    fn copy_link(&self, fragment: &str) {
        let location = self.window.location();
        let link = format!(
            "{}{}{fragment}",
            location.origin().unwrap_or_default(),
            location.pathname().unwrap_or_default()
        );
        self.copy_text(&link, Event::LinkCopied);
    }

    /// Puts `text` on the clipboard (`navigator.clipboard.writeText`); `copied(true)` is
    /// dispatched once it is there, `copied(false)` when the browser refuses.
    fn copy_text(&self, text: &str, copied: fn(bool) -> Event) {
        let dispatch = dispatcher(&self.me);
        let written = self.window.navigator().clipboard().write_text(text);
        let done = wasm_bindgen::closure::Closure::once_into_js({
            let dispatch = dispatch.clone();
            move |_: JsValue| dispatch(copied(true))
        });
        let failed = wasm_bindgen::closure::Closure::once_into_js(move |_: JsValue| dispatch(copied(false)));
        // Through `then` as a plain function: `once_into_js` callbacks free themselves after
        // their call, where `Promise::then2` would want closures kept alive by hand.
        let then = js_sys::Reflect::get(&written, &JsValue::from_str("then"))
            .ok()
            .and_then(|then| then.dyn_into::<js_sys::Function>().ok());
        if let Some(then) = then {
            let _ = then.call2(&written, &done, &failed);
        }
    }
}
