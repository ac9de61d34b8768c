// The first screen of a small phone (320 x 568): the title and scores, the buttons and the whole
// board are on it without scrolling, with room under the board for one line of the coach's
// feedback (#coach-feedback), in English, Korean and Traditional Chinese. The language, the
// solver strength and the speed wait behind one control, the settings, which opens and shows
// the three.
'use strict';
const { test, expect, KEYS_STORAGE, openGame, openOnEveryMoveLegal, seedStorage, savedGame, openSettings, closeSettings } = require('../support/game');

const SCREEN = { width: 320, height: 568 };
// Kept under the board for one line of the coach's feedback.
const FEEDBACK_ROOM = 40;

const LOCALES = [
  ['en-US', 'en', 'Settings'],
  ['ko-KR', 'ko', '설정'],
  ['zh-TW', 'zh-Hant', '設定'],
];

/** Where the page's parts are, in CSS pixels of the window (the page not scrolled). */
const boxes = (page) =>
  page.evaluate(() => {
    const box = (selector) => {
      const r = document.querySelector(selector).getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    };
    return {
      board: box('#board'),
      header: box('.top'),
      buttons: ['#new-game', '#hint', '#autoplay', '#settings > summary'].map(box),
      scrollY: window.scrollY,
      scrollWidth: document.documentElement.scrollWidth,
    };
  });

/** Checks that the whole board, the header and the buttons are on the first screen, the board
 *  ending at least FEEDBACK_ROOM px above the window's bottom. */
async function expectBoardOnFirstScreen(page, when) {
  const { board, header, buttons, scrollY, scrollWidth } = await boxes(page);
  expect(scrollY, `${when}: the page is not scrolled`).toBe(0);
  expect(scrollWidth, `${when}: no sideways scrolling`).toBeLessThanOrEqual(SCREEN.width);
  expect(board.left, `${when}: the board's left edge`).toBeGreaterThanOrEqual(0);
  expect(board.right, `${when}: the board's right edge`).toBeLessThanOrEqual(SCREEN.width);
  expect(board.top, `${when}: the board's top`).toBeGreaterThanOrEqual(header.bottom);
  expect(board.bottom, `${when}: the board's bottom, with room for the feedback under it`).toBeLessThanOrEqual(
    SCREEN.height - FEEDBACK_ROOM,
  );
  for (const b of buttons) {
    expect(b.top, `${when}: a button under the header`).toBeGreaterThanOrEqual(header.bottom);
    expect(b.bottom, `${when}: a button above the board`).toBeLessThanOrEqual(board.top);
  }
}

test.describe('on a 320 x 568 phone', () => {
  test.use({ viewport: SCREEN });

  for (const [locale, code, settingsName] of LOCALES) {
    test.describe(locale, () => {
      test.use({ locale });

      test(`${code}: the whole board is on the first screen, with room for the feedback under it`, async ({ page }) => {
        await openGame(page);
        await expect(page.locator('html')).toHaveAttribute('lang', code);
        await expectBoardOnFirstScreen(page, 'a fresh game');

        // One line of feedback, put where the coach will, fits right under the board, on screen.
        const feedback = await page.evaluate(() => {
          const line = document.querySelector('#coach-feedback');
          line.textContent = 'A good move: the corner is kept.';
          line.hidden = false;
          const board = document.querySelector('#board-wrap').getBoundingClientRect();
          const box = line.getBoundingClientRect();
          return { top: box.top, bottom: box.bottom, boardBottom: board.bottom };
        });
        expect(feedback.top, 'the feedback comes right under the board').toBeGreaterThanOrEqual(feedback.boardBottom);
        expect(feedback.top - feedback.boardBottom, 'the feedback comes right under the board').toBeLessThanOrEqual(12);
        expect(feedback.bottom, 'one line of feedback on the first screen').toBeLessThanOrEqual(SCREEN.height);
      });

      test(`${code}: the settings open from one control and show the language, the strength and the speed`, async ({ page }) => {
        await openGame(page);
        const closed = await boxes(page);
        const summary = page.locator('#settings > summary');
        await expect(summary).toHaveText(settingsName);
        await expect(summary).toBeVisible();
        // Closed at first: the three settings wait behind the control.
        for (const id of ['#language', '#strength', '#speed']) await expect(page.locator(id)).toBeHidden();

        await openSettings(page);
        for (const id of ['#language', '#strength', '#speed']) {
          const setting = page.locator(id);
          await expect(setting).toBeVisible();
          const box = await setting.boundingBox();
          expect(box.x, `${id} inside the window`).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width, `${id} inside the window`).toBeLessThanOrEqual(SCREEN.width);
          expect(box.y + box.height, `${id} on the first screen`).toBeLessThanOrEqual(SCREEN.height);
        }
        await expect(page.locator('#strength').getByRole('radio')).toHaveCount(3);
        // Opening the settings moves nothing: the buttons and the board stay where they were.
        await expectBoardOnFirstScreen(page, 'with the settings open');
        const open = await boxes(page);
        expect(open.board, 'the board does not move').toEqual(closed.board);
        expect(open.buttons, 'the buttons do not move').toEqual(closed.buttons);

        await closeSettings(page);
        for (const id of ['#language', '#strength', '#speed']) await expect(page.locator(id)).toBeHidden();
      });
    });
  }

  test('a seven-digit best score still leaves the whole board on the first screen', async ({ page }) => {
    await seedStorage(page, { [KEYS_STORAGE.best]: 8765432 });
    await openGame(page);
    await expect(page.locator('#best')).toHaveText('8765432');
    await expectBoardOnFirstScreen(page, 'with a seven-digit best');
  });
});

// The board holds still from the first move to a score of millions, and when the win banner
// offers its own New game; on a desktop every control shares one row.
for (const viewport of [
  { width: 320, height: 568 },
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width} x ${viewport.height}`, () => {
    test.use({ viewport });

    test('the board is where it was, whatever the scores and the banner', async ({ page }) => {
      const mid = [
        [2, 4, 8, 16],
        [0, 0, 4, 2],
        [0, 2, 0, 2],
        [0, 0, 0, 0],
      ];
      // Tiles that a score in the millions fits (65536 … 8192 in the top row).
      const late = [
        [65536, 32768, 16384, 8192],
        [2, 4, 8, 16],
        [0, 0, 4, 2],
        [0, 2, 0, 2],
      ];
      const nearWin = [
        [1024, 1024, 0, 0],
        [0, 0, 0, 0],
        [0, 0, 0, 0],
        [2, 0, 0, 0],
      ];
      const places = [];
      await page.goto('/');
      for (const [board, score, best] of [
        [mid, 60, 60],
        [mid, 60, 1_630_208],
        [late, 1_750_000, 3_932_100],
        [nearWin, 18_000, 18_000],
      ]) {
        await page.evaluate(
          ([game, b]) => {
            localStorage.setItem('2048.game', game);
            localStorage.setItem('2048.best', String(b));
          },
          [JSON.stringify(savedGame(board, score)), best],
        );
        await page.reload();
        await page.locator('#board[data-ready]').waitFor({ state: 'attached' });
        if (board === nearWin) {
          await page.keyboard.press('ArrowLeft');
          await expect(page.locator('#message')).toHaveAttribute('data-status', 'won');
          await expect(page.getByRole('button', { name: 'New game', exact: true }), 'one New game, the banner\'s').toHaveCount(1);
        }
        places.push(await boxes(page));
      }
      for (const place of places.slice(1)) {
        expect(place.board, 'the board has not moved').toEqual(places[0].board);
        expect(place.buttons, 'nor have the buttons').toEqual(places[0].buttons);
      }
      if (viewport.width >= 1280) {
        const rows = new Set(places[0].buttons.map((b) => b.top));
        expect(rows.size, 'every control on one row').toBe(1);
      }
    });

    test("the coach's Undo appears under the board and moves neither it nor a button", async ({ page }) => {
      // A game with no move yet: nothing to take back until the first.
      await openOnEveryMoveLegal(page);
      const before = await boxes(page);
      await page.getByRole('button', { name: 'Coach', exact: true }).click();
      const undo = page.getByRole('button', { name: 'Undo', exact: true });
      await expect(undo, 'shown with the coach, nothing to take back yet').toBeDisabled();
      await page.keyboard.press('ArrowLeft');
      await expect(undo).toBeEnabled();
      const after = await boxes(page);
      expect(after.board, 'the board has not moved').toEqual(before.board);
      expect(after.buttons, 'nor have the buttons').toEqual(before.buttons);
      const undoBox = await undo.boundingBox();
      expect(undoBox.y, 'Undo is under the board').toBeGreaterThanOrEqual(after.board.bottom);
      if (viewport.width >= 1280) {
        const rows = new Set(after.buttons.map((b) => b.top));
        expect(rows.size, 'every control still on one row').toBe(1);
      }
      // It takes the move back; the board stays where it was.
      await undo.click();
      await expect(undo).toBeDisabled();
      expect((await boxes(page)).board).toEqual(before.board);
    });
  });
}
