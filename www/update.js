// The page's side of the service worker (www/sw.js, made dist/sw.js by crates/precache):
// registers it at the site's root, which makes the game and the site work with no network, and
// offers a new version when one has been fetched. Imported by boot.js.
//
// A new version never replaces the one running under a game: it waits (the browser's rule for
// service workers) until the player presses the page's "Update now" (the wasm dispatches
// `apply-update` on the document, having saved the game; the page reloads into the same game,
// which lives in localStorage), or until the game is loaded again with no other tab of it open:
// then, before the game starts (takeOverBeforeStart) or else before the first move, the new
// version takes over and the page reloads into it (takeOver).

/** How often an open page asks whether a new version has been published. */
const CHECK_EVERY_MS = 60 * 60 * 1000;
/** How long a page waits for the service worker's answer, then for the switch (a busy phone
 *  may first have to start the worker, and the switch waits for the old worker's fetches, the
 *  solver's files among them). The game plays meanwhile. */
const TAKEOVER_MS = 10_000;
/** How long the game waits for the switch before it starts (see takeOverBeforeStart). */
const EARLY_SWITCH_MS = 3_000;
/** How many times, and how far apart, a "waiting" answer is asked again at a load. */
const ASK_AGAIN = 5;
const ASK_AGAIN_MS = 300;
const supported = 'serviceWorker' in navigator;
/** This page asked for the switch to the new version (and reloads when it comes). */
let switching = false;

/** Called by boot.js once the game runs (its listener for `update-ready` is in place):
 *  registers the service worker, and tells the page whenever a new version is ready. */
export async function offerUpdates() {
  if (!supported) return;
  let registration;
  try {
    registration = await navigator.serviceWorker.register('./sw.js', { scope: './' });
  } catch (error) {
    // No offline copy (a private window, say): the game plays on as a plain page.
    console.warn('the offline copy could not be installed:', error);
    return;
  }
  if (!registration) return; // Registration turned off (a test harness may do so).
  // The page this one replaced is gone by now: builds that no open page uses can go (asked
  // again when the service worker says something was still settling).
  const tidy = () => navigator.serviceWorker.controller?.postMessage({ kind: 'tidy' });
  navigator.serviceWorker.addEventListener('message', (event) => {
    if (event.data?.kind === 'tidy-again') setTimeout(tidy, event.data.ms);
  });
  tidy();
  // A page with no controller is this browser's first visit: what installs is the first
  // version, nothing to offer.
  const offer = () => {
    if (navigator.serviceWorker.controller) document.dispatchEvent(new Event('update-ready'));
  };
  const watch = (worker) => {
    if (!worker) return;
    worker.addEventListener('statechange', () => {
      if (worker.state === 'installed') offer();
    });
  };
  if (registration.waiting && navigator.serviceWorker.controller) {
    if (await takeOver(registration.waiting)) return;
    offer();
  }
  watch(registration.installing);
  registration.addEventListener('updatefound', () => watch(registration.installing));

  document.addEventListener('apply-update', () => {
    const waiting = registration.waiting;
    // Taken already, by another tab: this page only has to load it.
    if (!waiting) return location.reload();
    switching = true;
    navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
    waiting.postMessage({ kind: 'activate' });
  });
  // Another tab took the new version: this one offers to load it too.
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!switching) offer();
  });

  // The browser looks for a new version at each load; a page left open looks now and then,
  // and when it is shown again.
  const check = () => registration.update().catch(() => {
    // Offline, or the server is away: the next check will do.
  });
  setInterval(check, CHECK_EVERY_MS);
  document.addEventListener('visibilitychange', () => {
    if (!document.hidden) check();
  });
}

/** Whether no move has been played on this page yet (`#board`'s data-moves, see view/mod.rs). */
const untouched = () => document.getElementById('board')?.dataset.moves === '0';

/** Called by boot.js before the game starts, on a page its service worker controls: if a new
 *  version is waiting and this is the only tab of the game, it takes over now and the page
 *  reloads into it (true). Now, because Chromium switches once the old service worker is idle,
 *  and a fetch through it just as it stops for the switch (the solver's files, which the game
 *  loads once its board is drawn) restarts it with the switch forgotten for half a minute.
 *  When another tab seems open, or the switch is slow, the game starts (false) and
 *  offerUpdates asks again. */
export function takeOverBeforeStart(waiting) {
  return takeOver(waiting, { early: true });
}

/** This load found a new version waiting (installed while an earlier page ran): if this is
 *  the only tab of the game and no move has been played here yet, lets it take over and
 *  reloads into it (true); else it is offered (false: still waiting, or taken while the player
 *  moved, when the offer's button only reloads). Every move is saved as it is played, so the
 *  reload finds the game where it is. Before the game starts (`early`), there is no move to
 *  wait for, a "waiting" is believed at once and the switch is given less time. */
async function takeOver(waiting, { early = false } = {}) {
  const unplayed = () => early || untouched();
  if (!unplayed()) return false;
  switching = true;
  // Listened for before asking: the switch can come before the answer does.
  const switched = new Promise((resolve) => {
    navigator.serviceWorker.addEventListener('controllerchange', () => resolve(true), { once: true });
    setTimeout(() => resolve(false), early ? EARLY_SWITCH_MS : TAKEOVER_MS);
  });
  const ask = () =>
    new Promise((resolve) => {
      const timer = setTimeout(() => resolve('no answer'), TAKEOVER_MS);
      navigator.serviceWorker.addEventListener('message', function heard(event) {
        if (event.source !== waiting || !event.data) return;
        navigator.serviceWorker.removeEventListener('message', heard);
        clearTimeout(timer);
        resolve(event.data.kind);
      });
      waiting.postMessage({ kind: 'activate-if-alone' });
    });
  // Just after a reload the page being left can still count as an open tab for a moment: a
  // "waiting" is asked again a few times before it is believed.
  let answer = await ask();
  for (let again = 0; answer === 'waiting' && !early && again < ASK_AGAIN && untouched(); again++) {
    await new Promise((resolve) => setTimeout(resolve, ASK_AGAIN_MS));
    answer = await ask();
  }
  if (answer !== 'activating' || !(await switched)) {
    switching = false;
    return false;
  }
  // A move played while this waited: the game is not interrupted, the page offers the reload.
  if (!unplayed()) return false;
  location.reload();
  return true;
}
