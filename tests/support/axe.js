// Accessibility checks shared by the specs: axe-core on the page at rest.
'use strict';
const AxeBuilder = require('@axe-core/playwright').default;
const { expect, settle } = require('./game');

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

module.exports = { expectNoSeriousViolations };
