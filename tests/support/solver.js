// The messages between the page and its solver Web Worker, as the page sends and receives them
// (crates/wasm-ui/src/protocol.rs): which strength each request asked for, and what came back.
// Recorded from outside the app, by wrapping `Worker.prototype.postMessage` before the page's
// scripts run, so the app needs no test hook of its own. The message that hands a worker the
// learned network Strong and Max search with (`{network: ArrayBuffer}`) is recorded apart, as its
// size: it is no request. `holdNetwork` keeps the page's download of that network waiting, so
// that a test sees what the page does until the worker has read it.
'use strict';
const base = require('@playwright/test');

/** The network of Strong and Max as the build serves it, next to the page
 *  (`solver::max::NETWORK_FILE`, which Trunk copies into dist/ under its own name): the tests'
 *  and the benchmark's one copy of it. */
const NETWORK_FILE = 'max-network.nt';

/** Starts recording: call before the page is opened (it is an init script). */
async function watchSolver(page) {
  await page.addInitScript(() => {
    // Messages are objects (structured clone); kept as JSON text, so that each is a copy of
    // what was posted then. A string (never sent now) stays as it is, and reads as unreadable.
    const asText = (message) => (typeof message === 'string' ? message : JSON.stringify(message));
    const sent = [];
    const received = [];
    const networks = [];
    const seen = new WeakSet();
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (message, ...rest) {
      if (!seen.has(this)) {
        seen.add(this);
        // A listener of our own beside the app's onmessage: both hear every reply.
        this.addEventListener('message', (event) => received.push(asText(event.data)));
      }
      if (message && message.network instanceof ArrayBuffer) networks.push(message.network.byteLength);
      else sent.push(asText(message));
      return post.call(this, message, ...rest);
    };
    Object.defineProperty(window, '__solver', { value: { sent, received, networks } });
  });
}

const parseAll = (texts) =>
  texts.map((text) => {
    try {
      return JSON.parse(text);
    } catch {
      return { unreadable: text };
    }
  });

/** The requests the page has sent to its worker so far, parsed. */
async function solverRequests(page) {
  return parseAll(await page.evaluate(() => window.__solver.sent.slice()));
}

/** The worker's replies to the page's requests so far, parsed. */
async function solverReplies(page) {
  return parseAll(await page.evaluate(() => window.__solver.received.slice()));
}

/** The sizes of the networks the page has handed its workers so far, in bytes. */
async function solverNetworks(page) {
  return page.evaluate(() => window.__solver.networks.slice());
}

/** Waits until the page's worker has read the network (it said "network-ready"). */
async function networkRead(page, timeout = 30_000) {
  await base.expect
    .poll(async () => (await solverReplies(page)).some((reply) => reply.kind === 'network-ready'), {
      message: 'the worker reads the network of Strong and Max',
      timeout,
    })
    .toBe(true);
}

/**
 * Holds the page's download of the network (on its first visit, before a service worker
 * answers for it) until `release()`, when it goes on to the server. Call before the download is
 * asked for. `requested` settles when the page asks for the file.
 */
async function holdNetwork(page) {
  let release;
  const gate = new Promise((resolve) => (release = resolve));
  let asked;
  const requested = new Promise((resolve) => (asked = resolve));
  await page.route(`**/${NETWORK_FILE}`, async (route) => {
    asked();
    await gate;
    await route.fallback();
  });
  return { requested, release };
}

module.exports = { NETWORK_FILE, watchSolver, solverRequests, solverReplies, solverNetworks, networkRead, holdNetwork };
