// The game page in English, Korean and Traditional Chinese: the browser's languages choose on a
// first visit, the selector switches every word at once (game, hint and Autoplay untouched), the
// choice survives a reload, storage that throws only stops it being remembered, the links go to
// the site's pages in the page's language, and long Korean and Chinese words fit a phone. The
// selector is in the settings, opened by their one control (tests/support/game.js's openSettings).
'use strict';
const { expectNoSeriousViolations: expectAccessible } = require('../support/axe');
const {
  test,
  expect,
  KEYS_STORAGE,
  legalMoves,
  readBoard,
  scoreShown,
  movesPlayed,
  openGame,
  reloadGame,
  pressMove,
  expectNoMove,
  seedStorage,
  storedItem,
  savedGame,
  setSpeed,
  openSettings,
  settle,
  MID_GAME: midGame,
  LAST_MOVE_WIN: lastMoveWin,
  breakStorage,
} = require('../support/game');

const LANGUAGE_KEY = '2048.language';

/** What each language calls a few things; the Korean and Chinese follow the site's rule book. */
const WORDS = {
  en: { newGame: 'New game', hint: 'Hint', autoplay: 'Autoplay', keepGoing: 'Keep going', title: '2048: play the game', board: 'Game board', rules: 'Rules' },
  ko: { newGame: '새 게임', hint: '힌트', autoplay: '자동 플레이', keepGoing: '계속하기', title: '2048 게임하기', board: '게임 판', rules: '규칙' },
  'zh-Hant': { newGame: '新遊戲', hint: '提示', autoplay: '自動玩', keepGoing: '繼續玩', title: '開始玩 2048', board: '棋盤', rules: '規則' },
};

/** Where the links under the game go in each language: every page of the site is in all three. */
const LINKS = {
  en: { rules: 'site/rules.html', strategy: 'site/strategy.html', solver: 'site/solver.html', results: 'site/results.html' },
  ko: { rules: 'site/rules.ko.html', strategy: 'site/strategy.ko.html', solver: 'site/solver.ko.html', results: 'site/results.ko.html' },
  'zh-Hant': { rules: 'site/rules.zh-Hant.html', strategy: 'site/strategy.zh-Hant.html', solver: 'site/solver.zh-Hant.html', results: 'site/results.zh-Hant.html' },
};

const button = (page, name) => page.getByRole('button', { name, exact: true });
const selector = (page) => page.locator('select#language');

/** Checks that the page speaks `code` throughout: `<html lang>`, the selector, the title, the
 *  buttons, the grid's name and the links. */
async function expectLanguage(page, code) {
  const words = WORDS[code];
  await expect(page.locator('html')).toHaveAttribute('lang', code);
  await expect(selector(page)).toHaveValue(code);
  await expect(page).toHaveTitle(words.title);
  await expect(button(page, words.newGame)).toBeVisible();
  await expect(button(page, words.hint)).toBeVisible();
  await expect(button(page, words.autoplay)).toBeVisible();
  await expect(page.getByRole('grid')).toHaveAccessibleName(words.board);
  const nav = page.locator('footer nav');
  for (const [key, href] of Object.entries(LINKS[code])) {
    await expect(nav.locator(`a[data-page="${key}"]`), `the ${key} link in ${code}`).toHaveAttribute('href', href);
  }
  await expect(nav.getByRole('link', { name: words.rules, exact: true })).toBeVisible();
  for (const other of Object.keys(WORDS).filter((c) => c !== code)) {
    await expect(button(page, WORDS[other].newGame), `no ${other} button left`).toHaveCount(0);
  }
}

/** Chooses a language in the page's selector, as a player would: in the settings, opened first. */
async function choose(page, code) {
  await openSettings(page);
  await selector(page).selectOption(code);
  await expect(page.locator('html')).toHaveAttribute('lang', code);
}

test.describe('a first visit speaks the browser’s language', () => {
  const cases = [
    ['en-US', 'en'],
    ['ko-KR', 'ko'],
    ['zh-TW', 'zh-Hant'],
    ['zh-HK', 'zh-Hant'],
    // Simplified Chinese is not what the page writes: English, not Traditional.
    ['zh-CN', 'en'],
    ['fr-FR', 'en'],
  ];
  for (const [locale, code] of cases) {
    test.describe(locale, () => {
      test.use({ locale });
      test(`${locale}: the page speaks ${code}`, async ({ page }) => {
        await openGame(page);
        expect(await page.evaluate(() => navigator.languages), 'the browser’s languages').toContain(locale);
        await expectLanguage(page, code);
        // Nothing is remembered until the player chooses.
        expect(await storedItem(page, LANGUAGE_KEY)).toBeNull();
      });
    });
  }

  test.describe('a choice already made', () => {
    test.use({ locale: 'ko-KR' });
    test('beats the browser’s languages', async ({ page }) => {
      await seedStorage(page, { [LANGUAGE_KEY]: 'zh-Hant' });
      await openGame(page);
      await expectLanguage(page, 'zh-Hant');
    });
  });
});

test('switching changes every word at once, keeps the game, and survives a reload', async ({ page }) => {
  await seedStorage(page, { [KEYS_STORAGE.game]: savedGame(midGame, 60) });
  await openGame(page, { seeded: midGame });
  await expectLanguage(page, 'en');
  const board = await pressMove(page, 'down');
  const score = await scoreShown(page);
  const moves = await movesPlayed(page);
  await expect(page.getByLabel('Language', { exact: true })).toHaveValue('en');

  await choose(page, 'ko');
  await expectLanguage(page, 'ko');
  // The selector's label is in Korean too, and nothing English is left on screen, the open
  // settings included.
  await expect(page.getByLabel('언어', { exact: true })).toHaveValue('ko');
  const shown = await page.locator('body').innerText();
  for (const english of ['New game', 'Hint', 'Autoplay', 'Settings', 'Score', 'Best', 'Language', 'Solver strength', 'Speed', 'slow', 'fast', 'Join the tiles', 'Rules', 'Strategy', 'Results']) {
    expect(shown, `"${english}" on the Korean page`).not.toContain(english);
  }
  await expect(page.locator('#speed')).toHaveAttribute('aria-valuetext', /단계/);
  await expect(page.getByRole('grid').getByRole('gridcell').first()).toHaveAccessibleName(/^1행 1열: /);
  await expect(page.locator('#announcer')).toContainText('한국어');
  // Only the words changed.
  expect(await readBoard(page)).toEqual(board);
  expect(await scoreShown(page)).toBe(score);
  expect(await movesPlayed(page)).toBe(moves);
  expect(await storedItem(page, LANGUAGE_KEY)).toBe('ko');
  // Moves are announced in Korean now.
  await pressMove(page, legalMoves(await readBoard(page))[0]);
  await expect(page.locator('#announcer')).toContainText('밀었습니다');

  const played = await readBoard(page);
  await reloadGame(page);
  await expectLanguage(page, 'ko');
  expect(await readBoard(page), 'the game is back too').toEqual(played);

  await choose(page, 'zh-Hant');
  await expectLanguage(page, 'zh-Hant');
  // The site's pages in Chinese are linked as they are, the results page too; none says it is
  // in another language.
  await expect(page.locator('footer a[data-page="solver"]')).toHaveAttribute('href', 'site/solver.zh-Hant.html');
  await expect(page.locator('footer a[data-page="solver"]')).not.toHaveAttribute('hreflang', /./);
  await expect(page.locator('footer a[data-page="rules"]')).not.toHaveAttribute('hreflang', /./);
  await expect(page.locator('footer a[data-page="results"]')).toHaveAttribute('href', 'site/results.zh-Hant.html');
  await expect(page.locator('footer a[data-page="results"]')).not.toHaveAttribute('hreflang', /./);
  expect(await storedItem(page, LANGUAGE_KEY)).toBe('zh-Hant');

  await choose(page, 'en');
  await expectLanguage(page, 'en');
  await reloadGame(page);
  await expectLanguage(page, 'en');
});

test('switching leaves a hint on the board and Autoplay playing', async ({ page }) => {
  await openGame(page);
  await button(page, 'Hint').click();
  await expect(page.locator('[data-hint]')).toHaveCount(1, { timeout: 15_000 });
  const hint = await page.locator('[data-hint]').getAttribute('data-hint');
  await choose(page, 'zh-Hant');
  await expect(page.locator(`[data-hint="${hint}"]`), 'the arrow stays').toHaveCount(1);

  await setSpeed(page, 'max');
  const autoplay = button(page, WORDS['zh-Hant'].autoplay);
  await autoplay.click();
  await expect(autoplay).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => movesPlayed(page)).toBeGreaterThanOrEqual(2);
  await choose(page, 'ko');
  const korean = button(page, WORDS.ko.autoplay);
  await expect(korean, 'Autoplay is still on').toHaveAttribute('aria-pressed', 'true');
  const before = await movesPlayed(page);
  await expect.poll(() => movesPlayed(page), { message: 'and still playing' }).toBeGreaterThanOrEqual(before + 3);
  await korean.click();
  await expect(korean).toHaveAttribute('aria-pressed', 'false');
});

test('the selector works from the keyboard and its keys never play a move', async ({ page }) => {
  await openGame(page);
  await openSettings(page);
  await selector(page).focus();
  // On a closed <select>, the arrow keys pick the next option (Chromium on Linux and Windows).
  await expectNoMove(page, () => page.keyboard.press('ArrowDown'), 'an arrow key in the language selector');
  await expect(selector(page)).toHaveValue('ko');
  await expectLanguage(page, 'ko');
  await expectNoMove(
    page,
    async () => {
      for (const key of ['ArrowUp', 'ArrowLeft', 'ArrowRight', 'h', 'j', 'k', 'l', 'w', 'a', 's', 'd']) await page.keyboard.press(key);
    },
    'more keys typed in the language selector',
  );
  // Whatever the keys selected is the page's language now.
  await expect(page.locator('html')).toHaveAttribute('lang', await selector(page).inputValue());
  await selector(page).selectOption('ko');
  await expect(selector(page)).toBeFocused();
  await expectLanguage(page, 'ko');
  // Shift+Tab from the selector reaches the settings' control (the selector is the first of the
  // settings), out of the fields: the keys play again.
  await page.keyboard.press('Shift+Tab');
  await expect(page.locator('#settings > summary')).toBeFocused();
  await pressMove(page, legalMoves(await readBoard(page))[0]);
});

test.describe('storage that throws', () => {
  test('switching still works for the visit, and is forgotten on reload', async ({ page }) => {
    await breakStorage(page);
    await openGame(page);
    await expectLanguage(page, 'en');
    const notice = await page.locator('#notice').innerText();
    expect(notice, 'the storage notice').not.toBe('');
    await choose(page, 'ko');
    await expectLanguage(page, 'ko');
    // The notice is said again in Korean.
    await expect(page.locator('#notice')).not.toHaveText(notice);
    await expect(page.locator('#notice')).toContainText('저장');
    await pressMove(page, legalMoves(await readBoard(page))[0]);
    await reloadGame(page);
    await expectLanguage(page, 'en');
  });
});

test('the links under the game lead to the site’s pages, in each language', async ({ page, request }) => {
  await openGame(page);
  for (const code of Object.keys(LINKS)) {
    await choose(page, code);
    const hrefs = await page.locator('footer nav a').evaluateAll((links) => links.map((a) => a.href));
    expect(hrefs).toHaveLength(4);
    for (const href of hrefs) {
      const response = await request.get(href);
      expect(response.status(), href).toBe(200);
    }
  }
});

/** Everything visible fits the window: no sideways scrolling, no control cut off or wrapped
 *  inside, the banner's words inside the board. */
async function expectFits(page, when) {
  await settle(page);
  const problems = await page.evaluate(() => {
    const found = [];
    const width = window.innerWidth;
    if (document.documentElement.scrollWidth > width) found.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    // checkVisibility: the contents of the closed settings (a <details>) keep boxes, unrendered.
    const visible = (el) => el.checkVisibility({ visibilityProperty: true });
    for (const el of document.querySelectorAll('button, summary, select, label, .score-box, .links a')) {
      if (!visible(el)) continue;
      const box = el.getBoundingClientRect();
      const name = `${el.tagName.toLowerCase()}#${el.id} "${el.textContent.trim().slice(0, 20)}"`;
      if (box.left < 0 || box.right > width) found.push(`${name} is off the window`);
      if (el.scrollWidth > el.clientWidth + 1) found.push(`${name} overflows`);
      // A button's words stay on one line (its min-height is 40 px), the settings' control's too.
      if (['BUTTON', 'SUMMARY'].includes(el.tagName) && box.height > 48) found.push(`${name} wraps (${box.height} px)`);
    }
    const message = document.querySelector('#message');
    if (message && visible(message)) {
      const board = document.querySelector('#board-wrap').getBoundingClientRect();
      for (const el of message.querySelectorAll('p, button')) {
        if (!visible(el)) continue;
        const box = el.getBoundingClientRect();
        if (box.left < board.left || box.right > board.right) found.push(`banner ${el.id || el.tagName} sticks out of the board`);
      }
    }
    return found;
  });
  expect(problems, when).toEqual([]);
}

for (const code of ['ko', 'zh-Hant']) {
  test.describe(`${code} on a phone`, () => {
    test.use({ viewport: { width: 360, height: 740 } });

    test(`${code}: the start page and the New game dialog fit at 360 px, and axe finds nothing serious`, async ({ page }) => {
      await seedStorage(page, { [LANGUAGE_KEY]: code });
      await openGame(page);
      await expectLanguage(page, code);
      await expectFits(page, 'the start page');
      await expectAccessible(page, 'on the start page');
      await openSettings(page);
      await expectFits(page, 'with the settings open');
      await expectAccessible(page, 'with the settings open');

      await pressMove(page, legalMoves(await readBoard(page))[0]);
      await button(page, WORDS[code].newGame).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectFits(page, 'with the New game dialog');
      await expectAccessible(page, 'with the New game dialog');
    });

    test(`${code}: the win and game-over banners fit at 360 px, and axe finds nothing serious`, async ({ page }) => {
      await seedStorage(page, { [LANGUAGE_KEY]: code, [KEYS_STORAGE.game]: savedGame(lastMoveWin, 25000) });
      await openGame(page, { seeded: lastMoveWin });
      await pressMove(page, 'left');
      await expect(page.locator('#message[data-status="won"]')).toBeVisible();
      await expect(button(page, WORDS[code].keepGoing)).toBeFocused();
      await expectFits(page, 'with the win banner');
      await expectAccessible(page, 'with the win banner');

      await button(page, WORDS[code].keepGoing).click();
      await expect(page.locator('#message[data-status="over"]')).toBeVisible();
      await expectFits(page, 'with the game-over banner');
      await expectAccessible(page, 'with the game-over banner');
    });
  });
}
