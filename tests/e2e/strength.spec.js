// The solver strength: a "Solver strength" radio group (Spec, Strong, Max) in the settings (opened
// by their one control at the end of the buttons' row, tests/support/game.js's openSettings).
// Each asks the worker for the strength chosen, a change reaches a running Autoplay at its next
// move, the choice is kept in localStorage ('2048.strength') and anything unreadable there is
// Spec. Strong and Max search with a network the page downloads when one of them is chosen:
// until the worker has read it, Standard answers for them (the download itself:
// tests/e2e/max-network.spec.js). Keys: while a radio has the focus the arrow keys choose the strength and play no move;
// a choice made with the pointer hands the focus back, so that the arrows play again. On a touch
// screen a tap chooses, and swipes still play. The worker's messages are read through
// tests/support/solver.js.
'use strict';
const { expectNoSeriousViolations } = require('../support/axe');
const { watchSolver, solverRequests, solverReplies, networkRead, holdNetwork } = require('../support/solver');
const {
  test,
  expect,
  KEYS_STORAGE,
  MID_GAME: midGame,
  slide,
  readBoard,
  movesPlayed,
  hintShown,
  openGame,
  reloadGame,
  pressMove,
  playMove,
  swipe,
  expectNoMove,
  seedStorage,
  storedItem,
  savedGame,
  setSpeed,
  openSettings,
  closeSettings,
  openOnEveryMoveLegal,
  takeControlWithArrow,
  breakStorage,
} = require('../support/game');

const KEY = KEYS_STORAGE.strength;
const group = (page) => page.getByRole('radiogroup', { name: 'Solver strength', exact: true });
const radio = (page, name) => group(page).getByRole('radio', { name, exact: true });
const hintButton = (page) => page.getByRole('button', { name: 'Hint', exact: true });
const autoplay = (page) => page.getByRole('button', { name: 'Autoplay', exact: true });
const strengthStatus = (page) => page.locator('#strength-status');
const DOWNLOADING = 'Strong is downloading what it needs (up to 8 MB)… Standard answers until then.';

async function expectChosen(page, name) {
  const other = name === 'Standard' ? 'Strong' : 'Standard';
  await expect(radio(page, name)).toBeChecked();
  await expect(radio(page, other)).not.toBeChecked();
}

/** Clicks Hint and checks what happened: one request of `strength` for the board on screen,
 *  answered by a decision whose move is the arrow shown, a move that changes the board. */
async function hintAt(page, strength) {
  const board = await readBoard(page);
  const before = (await solverRequests(page)).length;
  await expect(page.locator('[data-hint]'), 'no arrow before the click').toHaveCount(0);
  await hintButton(page).click();
  await expect(page.locator('[data-hint]')).toHaveCount(1, { timeout: 15_000 });
  const direction = await hintShown(page);
  const requests = (await solverRequests(page)).slice(before);
  expect(requests, 'one request for the hint').toHaveLength(1);
  const [request] = requests;
  expect(request.strength).toBe(strength);
  expect(request.board).toEqual(board);
  const reply = (await solverReplies(page)).find((r) => r.kind === 'decision' && r.id === request.id);
  expect(reply, `the worker's answer to request ${request.id}`).toBeTruthy();
  expect(reply.best).toBe(direction);
  expect(slide(board, direction).moved, `hint ${direction} changes ${JSON.stringify(board)}`).toBe(true);
  return { direction, reply };
}

test('the selector is a labelled radio group of Spec, Strong and Max, Spec by default', async ({ page }) => {
  await openGame(page);
  // It waits behind the settings' control until they are opened.
  await expect(group(page)).toHaveCount(0);
  await openSettings(page);
  await expect(group(page)).toBeVisible();
  await expect(group(page).getByRole('radio')).toHaveCount(3);
  await expectChosen(page, 'Standard');
  for (const name of ['Standard', 'Strong', 'Max']) await expect(radio(page, name)).toBeVisible();
  // Nothing is stored until the player chooses.
  expect(await storedItem(page, KEY)).toBeNull();
  // It sits in the settings' panel, under the buttons' row and above the speed slider, inside the
  // game's column, and the three buttons keep their single row.
  const box = async (locator) => locator.boundingBox();
  const [game, strength, speed] = await Promise.all([box(page.locator('#game')), box(group(page)), box(page.locator('#speed'))]);
  const buttons = await Promise.all(['New game', 'Hint', 'Autoplay'].map((name) => box(page.getByRole('button', { name, exact: true }))));
  expect(new Set(buttons.map((b) => Math.round(b.y))).size, 'the buttons share one row').toBe(1);
  expect(strength.y).toBeGreaterThanOrEqual(buttons[0].y + buttons[0].height);
  expect(speed.y).toBeGreaterThanOrEqual(strength.y + strength.height);
  expect(strength.x).toBeGreaterThanOrEqual(game.x - 1);
  expect(strength.x + strength.width).toBeLessThanOrEqual(game.x + game.width + 1);
});

test('Hint asks for the strength chosen: Strong (Spec until its network is read), then Spec again', async ({ page }) => {
  await watchSolver(page);
  const download = await holdNetwork(page);
  await seedStorage(page, { '2048.game': savedGame(midGame, 60) });
  await openGame(page, { seeded: midGame });
  await openSettings(page);
  await radio(page, 'Strong').check();
  await expectChosen(page, 'Strong');
  await expect.poll(() => storedItem(page, KEY), { message: 'the choice is saved' }).toBe('strong');
  // Its network on the way: Hint is asked of Spec, and answers.
  await download.requested;
  await expect(strengthStatus(page)).toHaveText(DOWNLOADING);
  const first = await hintAt(page, 'spec');
  await pressMove(page, first.direction);
  await expect(page.locator('[data-hint]'), 'the arrow goes with the move').toHaveCount(0);
  // Read: Hint is asked of Strong.
  download.release();
  await networkRead(page);
  await expect(strengthStatus(page)).toBeHidden();
  const { direction, reply } = await hintAt(page, 'strong');
  expect(reply.depth, 'a search that looked ahead').toBeGreaterThanOrEqual(1);
  await pressMove(page, direction);
  await expect(page.locator('[data-hint]'), 'the arrow goes with the move').toHaveCount(0);

  await radio(page, 'Standard').check();
  await expect.poll(() => storedItem(page, KEY)).toBe('spec');
  await hintAt(page, 'spec');
});

test('Max answers Hint in the worker with a deeper search, and is remembered', async ({ page }) => {
  await watchSolver(page);
  await seedStorage(page, { '2048.game': savedGame(midGame, 60) });
  await openGame(page, { seeded: midGame });
  await openSettings(page);
  await radio(page, 'Max').check();
  await expect.poll(() => storedItem(page, KEY)).toBe('max');
  // Max answers once its download is in the worker (tests/e2e/max-network.spec.js).
  await networkRead(page);
  await expect(page.locator('#strength-status')).toBeHidden();
  const { reply } = await hintAt(page, 'max');
  // Max's depth rule never looks fewer than three moves beyond the root.
  expect(reply.depth).toBeGreaterThanOrEqual(4);
  await reloadGame(page);
  await openSettings(page);
  await expectChosen(page, 'Max');
});

test('the choice is remembered across a reload', async ({ page }) => {
  await watchSolver(page);
  await openGame(page);
  await openSettings(page);
  await radio(page, 'Strong').check();
  await expect.poll(() => storedItem(page, KEY)).toBe('strong');
  await reloadGame(page);
  await openSettings(page);
  await expectChosen(page, 'Strong');
  // Remembered, Strong has its network handed to the new worker (from the copy kept).
  await networkRead(page);
  await hintAt(page, 'strong');
  await radio(page, 'Standard').check();
  await expect.poll(() => storedItem(page, KEY)).toBe('spec');
  await reloadGame(page);
  await openSettings(page);
  await expectChosen(page, 'Standard');
});

test('an unreadable stored strength is Spec, says nothing, and costs nothing else', async ({ page }) => {
  await watchSolver(page);
  await seedStorage(page, { '2048.game': savedGame(midGame, 60), '2048.best': 900, [KEY]: 'strongest' });
  await openGame(page, { seeded: midGame });
  await openSettings(page);
  await expectChosen(page, 'Standard');
  await expect(page.locator('#notice'), 'no notice for it').toBeHidden();
  await expect(page.locator('#best')).toHaveText('900');
  await hintAt(page, 'spec');
  for (const bad of ['"strong"', 'STRONG', ' strong', '', '{}']) {
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [KEY, bad]);
    await reloadGame(page);
    await openSettings(page);
    await expectChosen(page, 'Standard');
    expect(await readBoard(page), `the game survives ${JSON.stringify(bad)}`).toEqual(midGame);
  }
});

test('with storage that throws, the choice works for the visit', async ({ page }) => {
  await breakStorage(page);
  await watchSolver(page);
  await openGame(page);
  await openSettings(page);
  await expectChosen(page, 'Standard');
  await radio(page, 'Strong').check();
  await expectChosen(page, 'Strong');
  await networkRead(page);
  await hintAt(page, 'strong');
  await reloadGame(page);
  await openSettings(page);
  await expectChosen(page, 'Standard');
});

test('keys: arrows on a focused radio choose the strength and play no move; after a click they play', async ({ page }) => {
  await openOnEveryMoveLegal(page);
  await openSettings(page);

  // Tab from the settings' control reaches (through the language selector) the group, on its
  // checked radio.
  await page.locator('#settings > summary').focus();
  await page.keyboard.press('Tab');
  await expect(page.locator('#language')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(radio(page, 'Standard')).toBeFocused();
  await expectNoMove(page, () => page.keyboard.press('ArrowRight'), 'ArrowRight on the Spec radio');
  await expectChosen(page, 'Strong');
  await expect(radio(page, 'Strong')).toBeFocused();
  await expect.poll(() => storedItem(page, KEY)).toBe('strong');
  await expectNoMove(page, () => page.keyboard.press('ArrowUp'), 'ArrowUp on the Strong radio');
  await expectChosen(page, 'Standard');
  await expect.poll(() => storedItem(page, KEY)).toBe('spec');
  // Tab leaves the group (one stop for both radios) for the speed slider.
  await page.keyboard.press('Tab');
  await expect(page.locator('#speed')).toBeFocused();

  // A click chooses and lets go of the focus: the next arrow is a move again.
  await radio(page, 'Strong').click();
  await expectChosen(page, 'Strong');
  await expect(radio(page, 'Strong')).not.toBeFocused();
  await pressMove(page, 'up');
  await expectChosen(page, 'Strong');
});

test('Autoplay in Strong asks for spec until the network is read, then strong, follows a change at its next move, and an arrow key takes over', async ({ page }) => {
  await watchSolver(page);
  const download = await holdNetwork(page);
  await openGame(page);
  await setSpeed(page, 'max');
  await openSettings(page);
  await radio(page, 'Strong').check();
  await download.requested;
  await expect(strengthStatus(page)).toHaveText(DOWNLOADING);
  await autoplay(page).click();
  await expect(autoplay(page)).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => movesPlayed(page), { message: 'Autoplay plays while the network loads', timeout: 20_000 }).toBeGreaterThanOrEqual(5);
  const meanwhile = await solverRequests(page);
  expect(meanwhile.length).toBeGreaterThanOrEqual(5);
  expect(new Set(meanwhile.map((r) => r.strength)), 'asked of Spec meanwhile').toEqual(new Set(['spec']));
  // The network arrives and is read: from its next move on, Autoplay asks for strong.
  download.release();
  await networkRead(page);
  await expect(strengthStatus(page)).toBeHidden();
  const movesAtReady = await movesPlayed(page);
  await expect.poll(() => movesPlayed(page), { message: 'Autoplay plays in Strong', timeout: 20_000 }).toBeGreaterThanOrEqual(movesAtReady + 5);
  const strengths = (await solverRequests(page)).map((r) => r.strength);
  const switched = strengths.indexOf('strong');
  expect(switched, 'Spec first, while the network loaded').toBeGreaterThanOrEqual(meanwhile.length);
  expect(strengths.slice(0, switched).every((s) => s === 'spec'), strengths.join()).toBe(true);
  expect(strengths.slice(switched).every((s) => s === 'strong'), `strong from then on: ${strengths.join()}`).toBe(true);
  expect(strengths.length - switched).toBeGreaterThanOrEqual(5);
  // Every answer Autoplay got was a decision (Strong was never asked before the worker could
  // answer it), and every move it played counted (checked by data-moves counting only moves
  // that changed the board).
  const replies = (await solverReplies(page)).filter((r) => r.kind !== 'network-ready');
  expect(replies.every((r) => r.kind === 'decision'), JSON.stringify(replies.filter((r) => r.kind !== 'decision'))).toBe(true);

  // Switch to Spec while it plays: every request sent after the change asks for spec. The
  // request count is taken by a capturing listener, before the app hears of the change.
  await page.evaluate(() =>
    window.addEventListener('change', () => (window.__sentAtChange = window.__solver.sent.length), { capture: true, once: true }),
  );
  await radio(page, 'Standard').click();
  const atChange = await page.evaluate(() => window.__sentAtChange);
  expect(atChange).toBeGreaterThan(0);
  const movesAtChange = await movesPlayed(page);
  await expect.poll(() => movesPlayed(page), { message: 'Autoplay goes on in Spec' }).toBeGreaterThanOrEqual(movesAtChange + 3);
  const after = (await solverRequests(page)).slice(atChange);
  expect(after.length).toBeGreaterThanOrEqual(2);
  expect(new Set(after.map((r) => r.strength)), 'requests after the change').toEqual(new Set(['spec']));
  await expect(autoplay(page), 'a change of strength does not stop Autoplay').toHaveAttribute('aria-pressed', 'true');

  // Back to Strong, then an arrow key: the click let go of the focus, so the key takes over.
  await radio(page, 'Strong').click();
  await expect.poll(() => movesPlayed(page)).toBeGreaterThanOrEqual(movesAtChange + 5);
  await takeControlWithArrow(page);
  await expectChosen(page, 'Strong');
});

for (const [name, viewport] of [
  ['phone (360x740)', { width: 360, height: 740 }],
  ['desktop (1280x800)', { width: 1280, height: 800 }],
]) {
  test.describe(`on a ${name}`, () => {
    test.use({ viewport });

    test('the selector fits and axe finds nothing serious, either choice, the status under it too', async ({ page }) => {
      // Held, the download leaves the status saying so while Strong is chosen.
      await holdNetwork(page);
      await openGame(page);
      await openSettings(page);
      for (const choice of ['Standard', 'Strong']) {
        await radio(page, choice).check();
        await expectChosen(page, choice);
        if (choice === 'Strong') await expect(strengthStatus(page)).toHaveText(DOWNLOADING);
        else await expect(strengthStatus(page)).toBeHidden();
        const problems = await page.evaluate(() => {
          const found = [];
          const width = window.innerWidth;
          if (document.documentElement.scrollWidth > width) found.push(`the page scrolls sideways`);
          for (const el of document.querySelectorAll('#strength, #strength label, #strength-label, #strength-status:not([hidden])')) {
            const box = el.getBoundingClientRect();
            if (box.left < 0 || box.right > width) found.push(`${el.id || el.textContent} is off the window`);
            if (el.scrollWidth > el.clientWidth + 1) found.push(`${el.id || el.textContent} overflows`);
          }
          // Each segment is one line, and big enough to tap (WCAG 2.5.8: 24 px at least).
          for (const label of document.querySelectorAll('#strength label')) {
            const box = label.getBoundingClientRect();
            if (box.height > 48 || box.height < 24 || box.width < 24) found.push(`"${label.textContent}" is ${box.width}x${box.height}`);
          }
          return found;
        });
        expect(problems).toEqual([]);
        await expectNoSeriousViolations(page, `with ${choice} chosen`);
      }
    });
  });
}

test.describe('on a touch phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test('a tap chooses the strength, and swipes still play', async ({ page }) => {
    await watchSolver(page);
    await seedStorage(page, { '2048.game': savedGame(midGame, 60) });
    await openGame(page, { seeded: midGame });
    await openSettings(page, { tap: true });
    await radio(page, 'Strong').tap();
    await expectChosen(page, 'Strong');
    await expect.poll(() => storedItem(page, KEY)).toBe('strong');
    await networkRead(page);
    const { direction } = await hintAt(page, 'strong');
    // The settings closed again by a tap, the swipe starts at the board's centre (open, their
    // panel lies over the top of the board, its speed slider where the centre is on this phone).
    await closeSettings(page, { tap: true });
    const box = await page.locator('#board').boundingBox();
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const step = { left: [-1, 0], right: [1, 0], up: [0, -1], down: [0, 1] }[direction];
    await playMove(page, direction, () => swipe(page, centre, { x: centre.x + step[0] * 100, y: centre.y + step[1] * 100 }));
  });
});
