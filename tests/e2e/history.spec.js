// Your games: every finished game is kept in IndexedDB with its numbers and a record that replays
// it; storage that is missing, throws or is full keeps the game playable and says so; a kept game
// that cannot be read is set aside with a notice, never touching the game in progress.
'use strict';
const {
  test,
  expect,
  KEYS_STORAGE,
  legalMoves,
  readBoard,
  scoreShown,
  openGame,
  reloadGame,
  pressMove,
  waitForMoves,
  movesPlayed,
  seedStorage,
  savedGame,
  minimumScore,
  slide,
  MID_GAME: midGame,
} = require('../support/game');
const { DB, LAST_MOVE_OVER, readKept, waitForKept, putKept, keptEntry } = require('../support/history');

const button = (page, name) => page.getByRole('button', { name, exact: true });

/** Replays a kept record's steps from its start with the rules' reference: its final board and
 *  score. */
function replay(record) {
  let board = record.start.board.map((row) => row.slice());
  let score = record.start.score;
  for (const [direction, cell, value] of record.steps.slice(0, record.cursor)) {
    const slid = slide(board, direction);
    expect(slid.moved, `step ${direction} moves`).toBe(true);
    board = slid.board;
    score += slid.score;
    const [row, col] = [Math.floor(cell / 4), cell % 4];
    expect(board[row][col], 'the new tile lands on an empty cell').toBe(0);
    board[row][col] = value;
  }
  return { board, score };
}

test('a game over is kept once, with its score, tile, moves and a record that replays it', async ({ page }) => {
  const score = minimumScore(LAST_MOVE_OVER);
  await seedStorage(page, { [KEYS_STORAGE.game]: savedGame(LAST_MOVE_OVER, score) });
  await openGame(page, { seeded: LAST_MOVE_OVER });
  await pressMove(page, 'right');
  await expect(page.locator('#message')).toHaveAttribute('data-status', 'over');
  const [entry] = await waitForKept(page, 1, expect);
  const final = { board: await readBoard(page), score: await scoreShown(page) };
  expect(entry.score).toBe(final.score);
  expect(typeof entry.score).toBe('number');
  expect(entry.best_tile).toBe(64);
  expect(entry.moves).toBe(1);
  expect(entry.ending).toBe('over');
  expect(entry.help).toEqual({ hint: false, autoplay: false, coach: false, undo: false, entered: false });
  expect(entry.ended).toBeGreaterThanOrEqual(entry.started);
  expect(Math.abs(entry.ended - Date.now())).toBeLessThan(60_000);
  expect(replay(entry.record)).toEqual(final);

  // A reload and Try again keep it once.
  await reloadGame(page);
  await button(page, 'Try again').click();
  await expect(page.locator('#message')).toHaveAttribute('data-status', 'playing');
  await page.waitForTimeout(300);
  expect(await readKept(page)).toHaveLength(1);
});

test('New game after moves keeps the game, the moves before a reload included; Hint is noted', async ({ page }) => {
  await seedStorage(page, { [KEYS_STORAGE.game]: savedGame(midGame, 60) });
  await openGame(page, { seeded: midGame });
  await button(page, 'Hint').click();
  await expect(page.locator('[data-hint]')).toHaveCount(1);
  for (let i = 0; i < 3; i++) {
    const [direction] = legalMoves(await readBoard(page));
    await pressMove(page, direction);
    await waitForMoves(page, i + 1);
  }
  await reloadGame(page);
  const [direction] = legalMoves(await readBoard(page));
  await pressMove(page, direction);
  await waitForMoves(page, 1);
  const final = { board: await readBoard(page), score: await scoreShown(page) };
  await button(page, 'New game').click();
  await button(page, 'Start new game').click();
  const [entry] = await waitForKept(page, 1, expect);
  expect(entry.ending).toBe('new-game');
  expect(entry.moves).toBe(4);
  expect(entry.help.hint).toBe(true);
  expect(entry.record.start.board).toEqual(midGame);
  expect(replay(entry.record)).toEqual(final);
});

test('no IndexedDB: the page says games are not kept, and plays on', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'indexedDB', {
      get() {
        throw new DOMException('refused', 'SecurityError');
      },
    });
  });
  await seedStorage(page, { [KEYS_STORAGE.game]: savedGame(LAST_MOVE_OVER, minimumScore(LAST_MOVE_OVER)) });
  await openGame(page);
  await expect(page.locator('#notice')).toContainText('not letting the page keep your finished games');
  await pressMove(page, 'right');
  await expect(page.locator('#message')).toHaveAttribute('data-status', 'over');
  await button(page, 'Try again').click();
  const [direction] = legalMoves(await readBoard(page));
  await pressMove(page, direction);
  await waitForMoves(page, 2);
});

test('storage that is full when a game is kept says so, and the game plays on', async ({ page }) => {
  await page.addInitScript(() => {
    IDBObjectStore.prototype.put = function () {
      throw new DOMException('full', 'QuotaExceededError');
    };
  });
  await seedStorage(page, { [KEYS_STORAGE.game]: savedGame(LAST_MOVE_OVER, minimumScore(LAST_MOVE_OVER)) });
  await openGame(page);
  await pressMove(page, 'right');
  await expect(page.locator('#notice')).toContainText('could not be added to your games');
  await button(page, 'Try again').click();
  const [direction] = legalMoves(await readBoard(page));
  await pressMove(page, direction);
  await waitForMoves(page, 2);
});

test('a kept game that cannot be read is set aside with a notice; the game in progress stays', async ({ page }) => {
  await seedStorage(page, { [KEYS_STORAGE.game]: savedGame(midGame, 60) });
  await openGame(page, { seeded: midGame });
  const forged = { version: 1, id: 12345, score: 99999999, note: 'not an entry' };
  const huge = { version: 1, id: 888, pad: 'x'.repeat(5_000_000) };
  await putKept(page, [forged, { id: 777, version: 9 }, huge]);
  await reloadGame(page);
  await expect(page.locator('#notice')).toContainText('3 of your kept games could not be read; nothing was deleted');
  expect(await readBoard(page)).toEqual(midGame);
  await expect(page.locator('#score')).toHaveText('60');
  await expect.poll(async () => (await readKept(page, 'set-aside')).length).toBe(3);
  expect(await readKept(page)).toEqual([]);
  expect((await readKept(page, 'set-aside')).find((e) => e.id === 12345)).toEqual(forged);
});

test('a long history is read in full, its one bad entry set aside, and the game plays meanwhile', async ({ page }) => {
  await openGame(page);
  const T0 = Date.UTC(2026, 0, 1);
  const entries = Array.from({ length: 65 }, (_, i) => keptEntry({ id: T0 + i * 1000, board: midGame }));
  entries[30] = { ...entries[30], best_tile: 4096 };
  await putKept(page, entries);
  await reloadGame(page);
  const [direction] = legalMoves(await readBoard(page));
  await pressMove(page, direction);
  await waitForMoves(page, 1);
  await expect(page.locator('#notice')).toContainText('One of your kept games could not be read');
  await button(page, 'Statistics').click();
  await expect(page.locator('#stats tr[data-row="played"] td[data-part="all"]')).toHaveText('64');
  expect((await readKept(page, 'set-aside')).map((e) => e.id)).toEqual([entries[30].id]);
});

/** Plays a move and gives the game up for a new one, `n` times: `n` games kept. */
async function keepGames(page, n) {
  for (let i = 0; i < n; i++) {
    const moves = await movesPlayed(page);
    const [direction] = legalMoves(await readBoard(page));
    await pressMove(page, direction);
    await waitForMoves(page, moves + 1);
    await button(page, 'New game').click();
    await button(page, 'Start new game').click();
    await expect(button(page, 'Start new game')).toBeHidden();
  }
}

const played = (page) => page.locator('#stats tr[data-row="played"] td[data-part="all"]');

test('games kept after an entry whose id no JS number holds exactly never overwrite each other', async ({ page }) => {
  await openGame(page);
  const T0 = Date.UTC(2026, 0, 1);
  // An id of 2^53: the next ids, 2^53 + 1 and on, would round onto keys that are taken.
  const beyond = { ...keptEntry({ id: 2 ** 53, board: midGame }), started: T0, ended: T0 + 1000 };
  await putKept(page, [keptEntry({ id: T0, board: midGame }), beyond]);
  await reloadGame(page);
  await keepGames(page, 3);
  await button(page, 'Statistics').click();
  await expect(played(page)).toHaveAttribute('data-value', '4');
  // Every game the statistics count is in the database.
  await expect.poll(async () => (await readKept(page)).length).toBe(4);
  const ids = (await readKept(page)).map((e) => e.id);
  expect(ids.every((id) => Number.isSafeInteger(id)), `exact ids ${ids}`).toBe(true);
  expect((await readKept(page, 'set-aside')).map((e) => e.id)).toEqual([2 ** 53]);
});

for (const how of ['refuses the write', 'aborts the transaction']) {
  test(`a full disk that ${how} setting an unreadable entry aside still shows every readable game`, async ({
    page,
    context,
  }) => {
    await openGame(page);
    const T0 = Date.UTC(2026, 0, 1);
    const good = Array.from({ length: 5 }, (_, i) => keptEntry({ id: T0 + i * 1000, board: midGame }));
    const future = { ...keptEntry({ id: T0 + 10_000, board: midGame }), version: 2, later: 'a field of version 2' };
    await putKept(page, [...good, future]);
    // The set-aside store is full: its writes fail, at once or when the transaction commits.
    await page.addInitScript((how) => {
      const put = IDBObjectStore.prototype.put;
      IDBObjectStore.prototype.put = function (...args) {
        if (this.name !== 'set-aside') return put.apply(this, args);
        if (how === 'refuses the write') throw new DOMException('full', 'QuotaExceededError');
        const request = put.apply(this, args);
        const transaction = this.transaction;
        request.addEventListener('success', () => transaction.abort());
        return request;
      };
    }, how);
    await reloadGame(page);
    await expect(page.locator('#notice')).toContainText('One of your kept games could not be read');
    await button(page, 'Statistics').click();
    await expect(played(page)).toHaveAttribute('data-value', '5');
    // Nothing moved, nothing lost: the unreadable entry is where it was, as it was.
    const kept = await readKept(page);
    expect(kept).toHaveLength(6);
    expect(kept.find((e) => e.id === future.id)).toEqual(future);
    expect(await readKept(page, 'set-aside')).toEqual([]);

    // With room again (a page without the full disk), the next visit sets it aside.
    await page.close();
    const later = await context.newPage();
    await openGame(later);
    await expect.poll(() => readKept(later, 'set-aside')).toEqual([future]);
    expect((await readKept(later)).map((e) => e.id)).toEqual(good.map((e) => e.id));
  });
}

for (const room of [true, false]) {
  test(`a game whose id is the key of an unreadable entry left in place never overwrites it (${
    room ? 'room again' : 'still full'
  })`, async ({ page }) => {
    await openGame(page);
    // Ids ahead of the clock: the next game's id is one past the largest readable one, the key
    // of the unreadable entry.
    const R = Date.UTC(2100, 0, 1);
    const future = { ...keptEntry({ id: R + 1, board: midGame }), version: 2 };
    await putKept(page, [keptEntry({ id: R, board: midGame }), future]);
    // The set-aside store refuses its first write (the one on load), or every write.
    await page.addInitScript((room) => {
      const put = IDBObjectStore.prototype.put;
      let refused = 0;
      IDBObjectStore.prototype.put = function (...args) {
        if (this.name === 'set-aside' && (!room || refused++ === 0)) {
          throw new DOMException('full', 'QuotaExceededError');
        }
        return put.apply(this, args);
      };
    }, room);
    await reloadGame(page);
    await expect(page.locator('#notice')).toContainText('One of your kept games could not be read');
    await keepGames(page, 1);
    const untouched = async (store) => (await readKept(page, store)).find((e) => e.id === R + 1);
    if (room) {
      // Set aside as the game is kept under its key.
      await expect.poll(() => readKept(page, 'set-aside')).toEqual([future]);
      const kept = await untouched('games');
      expect(kept.version).toBe(1);
      expect(kept.moves).toBe(1);
    } else {
      // No room to set it aside: the game is not kept (and the page says so); the entry stays.
      const state = async () => {
        if ((await untouched('games'))?.version !== 2) return 'overwritten';
        const notice = await page.locator('#notice').textContent();
        return notice.includes('could not be added to your games') ? 'refused' : 'pending';
      };
      await expect.poll(state).toBe('refused');
      expect(await untouched('games')).toEqual(future);
    }
  });
}

test('a database another script made without the stores is repaired, what it held kept, and games are kept', async ({
  page,
}) => {
  // Another script on the origin opens the database first, at version 1, with a store of its own.
  await page.goto('/no-such-page');
  await page.evaluate(
    (name) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open(name, 1);
        open.onupgradeneeded = () => open.result.createObjectStore('notes').put('kept by another script', 'note');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          open.result.close();
          resolve();
        };
      }),
    DB.name,
  );
  await seedStorage(page, { [KEYS_STORAGE.game]: savedGame(LAST_MOVE_OVER, minimumScore(LAST_MOVE_OVER)) });
  await openGame(page, { seeded: LAST_MOVE_OVER });
  await pressMove(page, 'right');
  await expect(page.locator('#message')).toHaveAttribute('data-status', 'over');
  const [entry] = await waitForKept(page, 1, expect);
  expect(entry.moves).toBe(1);
  await expect(page.locator('#notice')).not.toContainText('not letting the page keep');
  const note = await page.evaluate(
    (name) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('notes').objectStore('notes').get('note');
          request.onsuccess = () => {
            open.result.close();
            resolve(request.result);
          };
          request.onerror = () => reject(request.error);
        };
      }),
    DB.name,
  );
  expect(note).toBe('kept by another script');
});
