// The kept games, as the README documents them: IndexedDB database "2048", object store "games"
// (one entry per finished game, key path "id"), and "set-aside" for entries that could not be
// read. Helpers to read and seed them from a test, and a board one move from game over.
'use strict';
const {
  expect,
  minimumScore,
  maxTile,
  KEYS_STORAGE,
  legalMoves,
  slide,
  readBoard,
  scoreShown,
  openGame,
  pressMove,
  waitForMoves,
  seedStorage,
  savedGame,
  MID_GAME,
} = require('./game');

const DB = { name: '2048', games: 'games', setAside: 'set-aside' };

/** Right leaves one empty cell, whose new tile (a 2 or a 4) merges with nothing: game over. */
const LAST_MOVE_OVER = [
  [2, 4, 2, 4],
  [4, 2, 4, 2],
  [8, 4, 2, 4],
  [32, 64, 32, 0],
];

/** Every value in `store` of the page's history database ([] when it has none yet). */
async function readKept(page, store = DB.games) {
  return page.evaluate(
    ({ name, store }) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(store)) {
            db.close();
            resolve([]);
            return;
          }
          const request = db.transaction(store).objectStore(store).getAll();
          request.onsuccess = () => {
            db.close();
            resolve(request.result);
          };
          request.onerror = () => reject(request.error);
        };
      }),
    { name: DB.name, store },
  );
}

/** Waits until the history holds `n` games, and returns them. */
async function waitForKept(page, n, expect) {
  await expect.poll(async () => (await readKept(page)).length, { message: `${n} kept games` }).toBe(n);
  return readKept(page);
}

/** Puts `entries` into the "games" store (creating the database as the page would if it has
 *  none), with the page open on the game's origin. The stores must be there: this never
 *  repairs a database (the page does). */
async function putKept(page, entries) {
  await page.evaluate(
    ({ db: names, entries }) =>
      new Promise((resolve, reject) => {
        // At the version the database has (the page may have repaired one past 1).
        const open = indexedDB.open(names.name);
        open.onupgradeneeded = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(names.games)) db.createObjectStore(names.games, { keyPath: 'id' });
          if (!db.objectStoreNames.contains(names.setAside)) db.createObjectStore(names.setAside);
        };
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(names.games, 'readwrite');
          for (const entry of entries) tx.objectStore(names.games).put(entry);
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { db: DB, entries },
  );
}


/** A kept game's document with no move in its record (the page only keeps games with a move,
 *  but reads any valid entry): a game kept at `id` (its end, in ms since 1970) on `board`, its
 *  score the least the board takes, with `help`. */
function keptEntry({ id, board, help = {}, score }) {
  const least = score ?? minimumScore(board);
  const start = { version: 1, board, score: least, won: maxTile(board) >= 2048, keep_going: maxTile(board) >= 2048 };
  return {
    version: 1,
    id,
    started: id - 60_000,
    ended: id,
    score: least,
    best_tile: maxTile(board),
    moves: 0,
    played_ms: 50_000,
    ending: 'over',
    help: { hint: false, autoplay: false, coach: false, undo: false, entered: false, ...help },
    record: { version: 1, start, steps: [], cursor: 0, keep_going: start.keep_going },
  };
}

const button = (page, name) => page.getByRole('button', { name, exact: true });

/** Plays `n` moves (the first legal one in a fixed order), then gives the game up for a new one:
 *  the board and score it ended on. */
async function playAndGiveUp(page, n) {
  for (let i = 0; i < n; i++) {
    const [direction] = legalMoves(await readBoard(page));
    await pressMove(page, direction);
    await waitForMoves(page, i + 1);
  }
  const final = { board: await readBoard(page), score: await scoreShown(page) };
  await button(page, 'New game').click();
  await button(page, 'Start new game').click();
  return final;
}

/** A game of `n` moves from the mid-game board played and kept, and the replay view open on it:
 *  the board and score it ended on. */
async function openReplayOnAGame(page, n = 12) {
  await seedStorage(page, { [KEYS_STORAGE.game]: savedGame(MID_GAME, 60) });
  await openGame(page, { seeded: MID_GAME });
  const final = await playAndGiveUp(page, n);
  await waitForKept(page, 1, expect);
  await button(page, 'Replay').click();
  await expect(page.locator('#replay-view')).toBeVisible();
  return final;
}

/** A kept game at `id` from `board`, of at most `moves` moves, each the first of `order` that
 *  moves the board, the new tile always a 2 in the first empty cell (played on past a 2048). */
function keptGameFrom(board, { id, moves, order }) {
  const entry = keptEntry({ id, board });
  let now = board.map((row) => row.slice());
  for (let i = 0; i < moves; i++) {
    const direction = order.find((d) => legalMoves(now).includes(d));
    if (!direction) break;
    const slid = slide(now, direction);
    now = slid.board;
    entry.score += slid.score;
    const cell = now.flat().indexOf(0);
    now[Math.floor(cell / 4)][cell % 4] = 2;
    entry.record.steps.push([direction, cell, 2]);
  }
  entry.record.cursor = entry.record.steps.length;
  entry.record.keep_going = Math.max(...now.flat()) >= 2048;
  entry.moves = entry.record.steps.length;
  entry.best_tile = Math.max(...now.flat());
  entry.ending = legalMoves(now).length ? 'new-game' : 'over';
  return entry;
}

/** A kept game from a board with a 1024 in its corner, played badly (up and right first: the
 *  1024 leaves its corner in 11 moves, to the game's end): its chance of 2048 falls. */
function badGame() {
  const board = [
    [0, 0, 2, 4],
    [0, 2, 8, 16],
    [4, 32, 64, 128],
    [1024, 512, 256, 8],
  ];
  return keptGameFrom(board, { id: 1_764_500_000_000, moves: 40, order: ['up', 'right', 'left', 'down'] });
}

module.exports = { DB, LAST_MOVE_OVER, readKept, waitForKept, putKept, keptEntry, openReplayOnAGame, badGame, keptGameFrom };
