// The service worker: keeps every file of one build in one cache and serves the site from it,
// with or without a network. crates/precache writes this file into the build (dist/sw.js) with
// the line below filled in: the build's version (a hash of every file's name and contents) and
// the list of its files, read from the built folder itself.
//
// A new build's worker installs beside the old one (a new cache, named for its version) and
// waits: the page says a new version is ready, and it takes over when the player asks or at the
// next load with no other tab of the game open (www/update.js asks, below). A page gets every
// file from the build it was loaded with, also after a newer build took over in another tab:
// each page (and each Web Worker it starts) is noted with its build's version as it loads, a
// build's cache is kept while a page of it is open, and its files are served to that page from
// it. So a page of one build never starts a solver worker of another. A build's cache that
// lost files (Cache Storage cleared while this worker stays registered) is refilled at the
// next visit online (refill, below).
const BUILD = { version: 'unbuilt', files: [] };

// Only this worker's caches are named with PREFIX. What the page downloads for a strength (Max's
// network) is not part of a build: the page fetches it (through this worker, which passes it on
// to the network) and keeps it in a cache of its own, `2048.downloads` (crates/wasm-ui,
// shell/download.rs), which tidying never touches.
const PREFIX = '2048-';
/** The cache of the build of `version`. */
const cacheOf = (version) => `${PREFIX}${version}`;
const CACHE = cacheOf(BUILD.version);

self.addEventListener('install', (event) => {
  // From the network, never the browser's HTTP cache: a file left there by an older build
  // must not end up in this build's cache.
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(BUILD.files.map((file) => new Request(file, { cache: 'reload' })))),
  );
});

/** The cache noting which build each open page or worker was loaded with: one entry a client,
 *  its address `clients/ID`, its body `{ id, version, at }`. One entry each, so that two versions
 *  of this worker writing at once never undo each other's notes. */
const CLIENTS = `${PREFIX}clients`;
/** How long a client noted but not listed among the open clients may still be loading (a page
 *  is listed only once it runs): its note, and its build's cache, are kept that long. */
const LOADING_MS = 10_000;
const clientKey = (id) => new Request(`${self.registration.scope}clients/${encodeURIComponent(id)}`);

async function note(id, version) {
  if (!id) return;
  const notes = await caches.open(CLIENTS);
  await notes.put(clientKey(id), new Response(JSON.stringify({ id, version, at: Date.now() })));
}

/** The version the client `id` was loaded with, if noted. */
async function versionOf(id) {
  if (!id) return null;
  const noted = await (await caches.open(CLIENTS)).match(clientKey(id));
  return noted ? (await noted.json()).version : null;
}

/** Forgets the clients that are gone and removes the build caches that no client uses, never
 *  this build's: at the switch to this build (`all`) every other one; otherwise only those of
 *  builds whose pages were noted and are all closed now, so that a newer build, installed and
 *  waiting (no page of it yet), keeps its cache. Says whether a client not open, but noted
 *  within LOADING_MS, kept its build. */
async function tidy(all) {
  const open = new Set((await self.clients.matchAll({ type: 'all', includeUncontrolled: true })).map((c) => c.id));
  const notes = await caches.open(CLIENTS);
  const used = new Set([CACHE]);
  const noted = new Set();
  let loading = false;
  for (const key of await notes.keys()) {
    const entry = await notes.match(key);
    const note = entry && (await entry.json().catch(() => null));
    if (!note) {
      await notes.delete(key);
      continue;
    }
    const build = cacheOf(note.version);
    noted.add(build);
    if (open.has(note.id)) used.add(build);
    else if (Date.now() - note.at < LOADING_MS) {
      used.add(build);
      loading = true;
    } else await notes.delete(key);
  }
  const builds = (await caches.keys()).filter((key) => key.startsWith(PREFIX) && key !== CLIENTS);
  const gone = builds.filter((key) => !used.has(key) && (all || noted.has(key)));
  await Promise.all(gone.map((key) => caches.delete(key)));
  return loading;
}

self.addEventListener('activate', (event) => event.waitUntil(tidy(true)));

/** Puts back into this build's cache the files missing from it. Cache Storage cleared (by the
 *  player, the browser or a script) while this worker stays registered leaves no install to
 *  fill it again: without this, no offline copy until a new build is published. Only while the
 *  server still serves this build (its worker script names this version): else a newer build's
 *  worker is on its way, with a cache of its own, and its files must not land in this one. A
 *  file that cannot be had (offline) leaves the refill to the next visit. */
async function refill() {
  // Opening a cache makes it: a build's cache removed at the switch to a newer one (`tidy`) must
  // not come back empty, so a missing cache is only made once the server is known to serve this
  // build.
  let missing = BUILD.files;
  if (await caches.has(CACHE)) {
    const kept = new Set((await (await caches.open(CACHE)).keys()).map((request) => request.url));
    missing = BUILD.files.filter((file) => !kept.has(new URL(file, self.location.href).href));
    if (missing.length === 0) return;
  }
  const served = await fetch(self.location.href, { cache: 'no-store' });
  if (!served.ok || !(await served.text()).includes(BUILD.version)) return;
  // All or nothing, from the network as at install.
  const cache = await caches.open(CACHE);
  await cache.addAll(missing.map((file) => new Request(file, { cache: 'reload' })));
}

self.addEventListener('message', (event) => {
  const kind = event.data && event.data.kind;
  if (kind === 'activate') {
    // The player asked for the new version: the page reloads once this worker controls it.
    self.skipWaiting();
  } else if (kind === 'tidy') {
    // A page has loaded (the one it replaced is gone by now): the builds no page uses go. Not
    // while a newer version is on its way (its switch tidies, and the page may be about to ask
    // for it), and not held by waitUntil, nor by a timer here: either would hold up the switch,
    // which waits for this worker to be idle. When a client that may still be loading kept a
    // build, the page is told to ask again once that is settled.
    if (self.registration.waiting || self.registration.installing) return;
    const page = event.source;
    tidy(false)
      .then((loading) => loading && page.postMessage({ kind: 'tidy-again', ms: LOADING_MS + 1000 }))
      .catch((error) => console.warn('tidying the caches:', error));
  } else if (kind === 'activate-if-alone') {
    // A page has just loaded with this new version waiting: if it is the only tab of the game,
    // no game of the old version is running and this one takes over (the page reloads into it);
    // else it waits for the player.
    event.waitUntil(
      self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
        const alone = windows.length <= 1;
        if (alone) self.skipWaiting();
        event.source.postMessage({ kind: alone ? 'activating' : 'waiting' });
      }),
    );
  }
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  event.respondWith(
    (async () => {
      let version = BUILD.version;
      if (request.mode === 'navigate') {
        // A page loading: it is this build's, and from now on its files come from this build.
        event.waitUntil(note(event.resultingClientId, version));
        // Each visit makes sure the build is whole, unless a newer version is on its way (it
        // fills its own cache, and its switch waits for this worker to be idle).
        if (!self.registration.waiting && !self.registration.installing) {
          event.waitUntil(refill().catch((error) => console.warn('refilling the offline copy:', error)));
        }
      } else {
        // A page's file, or a worker's: from the build the page (or worker) was loaded with,
        // while that build's cache is there. A worker is of its page's build.
        const noted = await versionOf(event.clientId);
        if (noted && (await caches.has(cacheOf(noted)))) version = noted;
        if (request.destination === 'worker') event.waitUntil(note(event.resultingClientId, version));
      }
      const cache = await caches.open(cacheOf(version));
      // A page's address may carry a query (never a fragment: the browser keeps that).
      const cached = await cache.match(request, { ignoreSearch: request.mode === 'navigate' });
      // Not part of the build (or the cache was cleared by the browser): the network.
      return cached || fetch(request);
    })(),
  );
});
