// Where the end-to-end tests serve the release build: one port, set here (or by E2E_PORT, so a
// second run on the same machine can use another), read by the Playwright config and the specs.
'use strict';

const PORT = Number(process.env.E2E_PORT || 4173);
const ORIGIN = `http://127.0.0.1:${PORT}`;

module.exports = { PORT, ORIGIN };
