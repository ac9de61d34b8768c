// Accessibility checks shared by the specs: axe-core on the page at rest, and the positions the
// a11y and language specs both put on screen.
'use strict';
const AxeBuilder = require('@axe-core/playwright').default;
const { expect, settle } = require('./game');

/** A board where left makes 2048 and the new tile fills the last empty cell: the win, then game over. */
const LAST_MOVE_WIN = [
  [1024, 1024, 8, 16],
  [32, 64, 128, 256],
  [512, 32, 8, 64],
  [4, 2, 4, 2],
];

/** Runs axe on the page at rest; fails on any serious or critical violation, listing them. */
async function expectNoSeriousViolations(page, when) {
  await settle(page); // colours mid-animation are not what the player reads
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${[...n.any, ...n.all, ...n.none].map((c) => c.message).join('; ')}`),
    }));
  expect(serious, `axe violations ${when}`).toEqual([]);
}

module.exports = { LAST_MOVE_WIN, expectNoSeriousViolations };
