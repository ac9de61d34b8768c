// Touch play on a phone: a swipe on the board or anywhere else on the game area plays the move of
// its dominant axis; a short flick (over 10 px, as in the original game) plays too, while a touch
// that travels less, or a tap, plays nothing.
'use strict';
const {
  test,
  expect,
  legalMoves,
  readBoard,
  openGame,
  playMove,
  expectNoMove,
  seedStorage,
  savedGame,
  swipe,
} = require('../support/game');

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

/** A swipe of `length` px in `direction` from `from`, with a smaller drift on the other axis. */
function gesture(from, direction, length, drift = 0.35) {
  const along = { left: [-1, 0], right: [1, 0], up: [0, -1], down: [0, 1] }[direction];
  const across = [along[1], along[0]]; // perpendicular drift, which must not change the move
  return {
    from,
    to: {
      x: from.x + along[0] * length + across[0] * length * drift,
      y: from.y + along[1] * length + across[1] * length * drift,
    },
  };
}

/** The centre of the board. */
async function boardCentre(page) {
  const box = await page.locator('#board').boundingBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** A point on the game area (the page's <main>) outside the board, on no control, with room
 *  around it for a swipe in any direction. */
async function pointOffBoard(page) {
  const point = await page.evaluate(() => {
    const board = document.querySelector('#board').getBoundingClientRect();
    const area = document.querySelector('main').getBoundingClientRect();
    const interactive = 'button, input, select, textarea, a, label, [role="dialog"], #board';
    const candidates = [];
    for (let y = area.top + 8; y < area.bottom - 8; y += 8) {
      for (let x = area.left + 60; x < area.right - 60; x += 8) {
        if (x >= board.left - 4 && x <= board.right + 4 && y >= board.top - 4 && y <= board.bottom + 4) continue;
        const el = document.elementFromPoint(x, y);
        if (!el || !el.closest('main') || el.closest(interactive)) continue;
        candidates.push({ x, y, below: y > board.bottom });
      }
    }
    // Prefer the area right below the board, where a thumb sliding off the board would start.
    return candidates.find((c) => c.below) || candidates[0] || null;
  });
  expect(point, 'a point on the game area outside the board').not.toBeNull();
  return point;
}

const openBoard = [
  [0, 0, 0, 0],
  [0, 2, 4, 0],
  [0, 8, 2, 0],
  [0, 0, 0, 0],
];

test.beforeEach(async ({ page }) => {
  // Every direction is legal on the seeded board, so each swipe below must play.
  await seedStorage(page, { '2048.game': savedGame(openBoard, 16) });
  await openGame(page, { seeded: openBoard });
  expect(legalMoves(await readBoard(page))).toHaveLength(4);
});

test('a swipe on the board plays the move of its dominant axis', async ({ page }) => {
  const centre = await boardCentre(page);
  // Mostly left, with a third as much drift across: left.
  let g = gesture(centre, 'left', 90);
  await playMove(page, 'left', () => swipe(page, g.from, g.to));
  // Then a vertical one: whichever vertical direction is legal now.
  const vertical = legalMoves(await readBoard(page)).find((d) => d === 'up' || d === 'down');
  expect(vertical).toBeTruthy();
  g = gesture(await boardCentre(page), vertical, 90);
  await playMove(page, vertical, () => swipe(page, g.from, g.to));
});

test('a swipe on the game area outside the board plays too', async ({ page }) => {
  const start = await pointOffBoard(page);
  const g = gesture(start, 'right', 80, 0.2);
  await playMove(page, 'right', () => swipe(page, g.from, g.to));
  const vertical = legalMoves(await readBoard(page)).find((d) => d === 'up' || d === 'down');
  const again = await pointOffBoard(page);
  const v = gesture(again, vertical, 80, 0.2);
  await playMove(page, vertical, () => swipe(page, v.from, v.to));
});

test('a touch of 10 px or less, or a tap, plays nothing', async ({ page }) => {
  const centre = await boardCentre(page);
  await expectNoMove(
    page,
    async () => {
      for (const direction of ['left', 'up', 'right', 'down']) {
        const g = gesture(centre, direction, 8, 0.2);
        await swipe(page, g.from, g.to);
      }
      await swipe(page, centre, centre, 1);
    },
    '8 px touches in each direction, then a tap',
  );
  // A full swipe from the same spot does play: the checks above were not vacuous.
  const g = gesture(centre, 'up', 80);
  await playMove(page, 'up', () => swipe(page, g.from, g.to));
});

test('short flicks of 12, 16 and 20 px play their move', async ({ page }) => {
  for (const length of [12, 16, 20]) {
    const board = await readBoard(page);
    const direction = legalMoves(board)[0];
    const g = gesture(await boardCentre(page), direction, length, 0.2);
    await playMove(page, direction, () => swipe(page, g.from, g.to, 3));
  }
});
