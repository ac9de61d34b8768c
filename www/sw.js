// The service worker: keeps every file of one build in one cache and serves the site from it,
// with or without a network. crates/precache writes this file into the build (dist/sw.js) with
// the line below filled in: the build's version (a hash of every file's name and contents) and
// the list of its files, read from the built folder itself.
//
// A new build's worker installs beside the old one (a new cache, named for its version) and
// waits: the page says a new version is ready, and it takes over when the player asks or at the
// next load with no other tab of the game open (www/update.js asks, below). The old cache is
// removed only when the new worker takes over, so a page gets every file from its own build.
const BUILD = { version: 'unbuilt', files: [] };

const PREFIX = '2048-';
const CACHE = `${PREFIX}${BUILD.version}`;

self.addEventListener('install', (event) => {
  // From the network, never the browser's HTTP cache: a file left there by an older build
  // must not end up in this build's cache.
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(BUILD.files.map((file) => new Request(file, { cache: 'reload' })))),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith(PREFIX) && key !== CACHE).map((key) => caches.delete(key)))),
  );
});

self.addEventListener('message', (event) => {
  const kind = event.data && event.data.kind;
  if (kind === 'activate') {
    // The player asked for the new version: the page reloads once this worker controls it.
    self.skipWaiting();
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
    caches.open(CACHE).then(async (cache) => {
      // A page's address may carry a query (never a fragment: the browser keeps that).
      const cached = await cache.match(request, { ignoreSearch: request.mode === 'navigate' });
      // Not part of the build (or the cache was cleared by the browser): the network.
      return cached || fetch(request);
    }),
  );
});
